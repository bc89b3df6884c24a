#include "certify/adapter/snapshot_file_props.h"

#include <nlohmann/json.hpp>
#include <string>

#include "certify/adapter/snapshot_file.h"

namespace sortkey::certify::adapter {
namespace {

using nlohmann::json;
using props::Outcome;

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
  if (!changed_keys(entries, entries).empty()) {
    return Outcome::fails("codecs." + codec + " compared with itself has changes");
  }
  for (std::size_t i = 0; i < entries.size() && i < 8; ++i) {
    json now = entries;
    now[i] = changed(now[i]);
    const auto changes = changed_keys(entries, now);
    const std::string input = "params " + entries[i].at("params").dump() + " value " +
                              entries[i].at("value").dump() + ": ";
    if (changes.size() != 1 || changes[0].rfind(input, 0) != 0) {
      return Outcome::fails("one changed answer of codecs." + codec + " gives " +
                            std::to_string(changes.size()) + " changes, not one naming " + input);
    }
  }
  return Outcome::holds();
}

}  // namespace

Outcome snapshot_file_holds(std::string_view text, std::string_view name) {
  auto file = parse_snapshot(text, name);
  if (!file) {
    if (file.error().message.find(name) == std::string::npos) {
      return Outcome::fails("an error not naming the file: " + file.error().message);
    }
    return Outcome::holds();
  }
  if (!file->is_object() || file->at("format") != "sortkey-adapter-snapshot" ||
      file->at("inputs_version") != kSnapshotInputsVersion) {
    return Outcome::fails("accepted another format or version");
  }
  for (const auto& [codec, entries] : file->at("codecs").items()) {
    if (Outcome o = codec_holds(codec, entries); !o.ok()) return o;
  }
  const std::string printed = file->dump(1) + "\n";
  auto again = parse_snapshot(printed, name);
  if (!again || *again != *file) {
    return Outcome::fails("the accepted file printed does not read back as itself");
  }
  return Outcome::holds();
}

}  // namespace sortkey::certify::adapter
