#include "certify/adapter/snapshot_file.h"

#include <fmt/format.h>

#include <map>
#include <set>

#include "properties/props/common.h"
#include "support/json_input.h"
#include "support/text.h"

namespace sortkey::certify::adapter {
namespace {

using nlohmann::json;

Error snapshot_error(std::string message) {
  return make_error(ErrorCode::kBadFormat, 0, std::move(message));
}

std::string input_id(const json& entry) {
  return entry.at("params").dump() + " " + entry.at("value").dump();
}

bool refused(const json& entry) {
  const auto it = entry.find("refused");
  return it != entry.end() && *it == true;
}

std::string show_answer(const json& entry) {
  return refused(entry) ? "refused"
                        : props::show_key(entry.at("key").get_ref<const std::string&>());
}

// Every entry of `codec` is of the documented form, and no input is recorded twice.
Result<void> check_entries(std::string_view path, const std::string& codec, const json& entries) {
  const auto bad = [&](std::size_t i, std::string_view what) {
    return snapshot_error(fmt::format("the snapshot {}: codecs.{}[{}] {}", path,
                                      support::excerpt(codec, 100), i, what));
  };
  if (!entries.is_array()) {
    return snapshot_error(fmt::format("the snapshot {}: codecs.{} is a {}, not an array", path,
                                      support::excerpt(codec, 100), entries.type_name()));
  }
  std::set<std::string> seen;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const json& e = entries[i];
    if (!e.is_object() || !e.contains("params") || !e.contains("value")) {
      return bad(i, "needs \"params\" and \"value\"");
    }
    const auto key = e.find("key");
    const auto refusal = e.find("refused");
    if (key != e.end() && !key->is_string()) return bad(i, "has a \"key\" that is not a string");
    if (refusal != e.end() && !refusal->is_boolean()) {
      return bad(i, "has a \"refused\" that is not true or false");
    }
    if ((key != e.end()) == refused(e)) {
      return bad(i, "needs either \"key\" (a string) or \"refused\": true");
    }
    if (!seen.insert(input_id(e)).second) {
      return bad(i, fmt::format("records the input {} a second time", input_id(e)));
    }
  }
  return {};
}

}  // namespace

Result<json> parse_snapshot(std::string_view text, std::string_view path) {
  auto parsed = support::parse_json(text, fmt::format("the snapshot {}", path));
  if (!parsed) return snapshot_error(parsed.error().message);
  const json& file = *parsed;
  const auto format = file.is_object() ? file.find("format") : file.end();
  const auto codecs = file.is_object() ? file.find("codecs") : file.end();
  if (!file.is_object() || format == file.end() || *format != "sortkey-adapter-snapshot" ||
      codecs == file.end() || !codecs->is_object()) {
    return snapshot_error(fmt::format(
        "{} is not a sortkey adapter snapshot (\"format\": \"sortkey-adapter-snapshot\")", path));
  }
  const auto version = file.find("inputs_version");
  if (version == file.end() || *version != kSnapshotInputsVersion) {
    return snapshot_error(fmt::format(
        "the snapshot {} was recorded with inputs version {}; this certifier has version {}: "
        "record it again (remove the file) after checking the keys by hand",
        path, version == file.end() ? "0" : version->dump(), kSnapshotInputsVersion));
  }
  for (const auto& [codec, entries] : codecs->items()) {
    if (auto ok = check_entries(path, codec, entries); !ok) return ok.error();
  }
  return parsed;
}

std::vector<std::string> changed_keys(const json& recorded, const json& now) {
  std::map<std::string, const json*> old;
  for (const json& e : recorded) old[input_id(e)] = &e;
  std::vector<std::string> changes;
  for (const json& e : now) {
    const auto it = old.find(input_id(e));
    if (it == old.end()) continue;  // not recorded (cannot happen within one inputs version)
    const json& was = *it->second;
    const bool same = refused(was) == refused(e) && (refused(e) || was.at("key") == e.at("key"));
    if (!same) {
      changes.push_back(fmt::format("params {} value {}: {} -> {}", e.at("params").dump(),
                                    e.at("value").dump(), show_answer(was), show_answer(e)));
    }
  }
  return changes;
}

}  // namespace sortkey::certify::adapter
