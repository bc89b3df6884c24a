// File: certify/adapter/snapshot_file.h
//
// The snapshot file (snapshot.h) read from its text: the format, the inputs
// version and every entry checked, so that comparing the keys it records
// with an adapter's answers cannot meet a value of the wrong type. An entry is
//   {"params": <json>, "value": <json>, "key": "<string>"}   or
//   {"params": <json>, "value": <json>, "refused": true}
// and one input (params and value) appears at most once per codec.
//
// Example:
//   auto file = parse_snapshot(text, "snap.json");
//   if (!file) return file.error();   // "the snapshot snap.json: codecs.padded[3] needs ..."
//   changed_keys(file->at("codecs").at("padded"), now);   // {"params {...} value ...: old -> new"}

#ifndef SORTKEY_CERTIFY_ADAPTER_SNAPSHOT_FILE_H_
#define SORTKEY_CERTIFY_ADAPTER_SNAPSHOT_FILE_H_

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "sortkey/error.h"

namespace sortkey::certify::adapter {

// DO NOT CHANGE the inputs of a version: recorded files depend on them. Add
// inputs under a new version.
inline constexpr int kSnapshotInputsVersion = 1;

// The snapshot in `text` (the file `path`). Errors (kBadFormat, naming the
// file): not JSON or nested too deep, another format, another inputs
// version, an entry that is not of the form above, an input recorded twice.
Result<nlohmann::json> parse_snapshot(std::string_view text, std::string_view path);

// "params {...} value ...: old -> new" for every input of `recorded` (the
// entries of one codec of a parsed snapshot) whose answer in `now` (entries
// of the same form) differs. Inputs of `now` that are not recorded are left out.
std::vector<std::string> changed_keys(const nlohmann::json& recorded, const nlohmann::json& now);

}  // namespace sortkey::certify::adapter

#endif  // SORTKEY_CERTIFY_ADAPTER_SNAPSHOT_FILE_H_
