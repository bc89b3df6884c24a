// Snapshot files: parse_snapshot (certify/adapter/snapshot_file.h) on any
// text, and changed_keys on what it accepts.
// Input: the file's text (the seeds are snapshots as `certify --snapshot`
// records them, and near misses).
//
// Checks:
//   * the reader is total: a file, or an error naming it;
//   * an accepted file is one of the documented form (format, inputs
//     version, codecs of entries with params, value and a key or a refusal);
//   * comparing an accepted codec's entries with themselves finds no change,
//     and with one answer changed (a key refused, a refusal given a key, a
//     key altered) finds exactly that one, naming its input;
//   * the file printed (as the certifier writes it) reads back as itself.

#include <cstdint>
#include <string>
#include <string_view>

#include "certify/adapter/snapshot_file.h"
#include "fuzz/fuzz_adapter.h"
#include "properties/props/outcome.h"

namespace {

using namespace sortkey;
using nlohmann::json;
using props::Outcome;

constexpr std::string_view kName = "snap.json";

// `entry` with another answer than the one recorded.
json changed(json entry) {
  if (entry.contains("key")) {
    if (entry.at("key").get_ref<const std::string&>().empty()) {
      entry.erase("key");
      entry["refused"] = true;
    } else {
      entry["key"] = entry.at("key").get<std::string>() + "0";
    }
  } else {
    entry.erase("refused");
    entry["key"] = "";
  }
  return entry;
}

Outcome codec_holds(const std::string& codec, const json& entries) {
  if (!entries.is_array()) return Outcome::fails("accepted codecs." + codec + " of another type");
  for (const json& e : entries) {
    if (!e.is_object() || !e.contains("params") || !e.contains("value") ||
        e.contains("key") == (e.value("refused", false) == true) ||
        (e.contains("key") && !e.at("key").is_string())) {
      return Outcome::fails("accepted an entry of another form: " + e.dump());
    }
  }
  if (!certify::adapter::changed_keys(entries, entries).empty()) {
    return Outcome::fails("codecs." + codec + " compared with itself has changes");
  }
  for (std::size_t i = 0; i < entries.size() && i < 8; ++i) {
    json now = entries;
    now[i] = changed(now[i]);
    const auto changes = certify::adapter::changed_keys(entries, now);
    const std::string input = "params " + entries[i].at("params").dump() + " value " +
                              entries[i].at("value").dump() + ": ";
    if (changes.size() != 1 || changes[0].rfind(input, 0) != 0) {
      return Outcome::fails("one changed answer of codecs." + codec + " gives " +
                            std::to_string(changes.size()) + " changes, not one naming " + input);
    }
  }
  return Outcome::holds();
}

Outcome file_holds(std::string_view text) {
  auto file = certify::adapter::parse_snapshot(text, kName);
  if (!file) {
    if (file.error().message.find(kName) == std::string::npos) {
      return Outcome::fails("an error not naming the file: " + file.error().message);
    }
    return Outcome::holds();
  }
  if (!file->is_object() || file->at("format") != "sortkey-adapter-snapshot" ||
      file->at("inputs_version") != certify::adapter::kSnapshotInputsVersion) {
    return Outcome::fails("accepted another format or version");
  }
  for (const auto& [codec, entries] : file->at("codecs").items()) {
    if (Outcome o = codec_holds(codec, entries); !o.ok()) return o;
  }
  const std::string printed = file->dump(1) + "\n";
  auto again = certify::adapter::parse_snapshot(printed, kName);
  if (!again || *again != *file) {
    return Outcome::fails("the accepted file printed does not read back as itself");
  }
  return Outcome::holds();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sortkey::fuzz::set_target_name("snapshot_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  sortkey::fuzz::check(file_holds(text), "snapshot/file",
                       [&] { return std::string(text.substr(0, 2000)); });
  return 0;
}
