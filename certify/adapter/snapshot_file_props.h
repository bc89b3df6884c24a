// File: certify/adapter/snapshot_file_props.h
//
// What the reader of snapshot files and changed_keys (snapshot_file.h)
// promise of any text, as a framework-free property function. It lives
// beside the reader, not in properties/props/, because certify/ builds on
// properties/; the fuzz builds link it from sortkey_certify_formats.
//
// Example (a driver over any text):
//   check(snapshot_file_holds(text, "snap.json"));

#ifndef SORTKEY_CERTIFY_ADAPTER_SNAPSHOT_FILE_PROPS_H_
#define SORTKEY_CERTIFY_ADAPTER_SNAPSHOT_FILE_PROPS_H_

#include <string_view>

#include "properties/props/outcome.h"

namespace sortkey::certify::adapter {

// parse_snapshot of `text`, named `name`, is total: a file, or an error
// whose message names it. An accepted file is of the documented form
// (format, inputs version, codecs of entries with params, value and a key or
// a refusal); comparing a codec's entries with themselves finds no change,
// and with one answer changed (a key refused, a refusal given a key, a key
// altered; each of the first 8 entries in turn) finds exactly that one,
// naming its input; the file printed as the certifier writes it reads back
// as itself.
props::Outcome snapshot_file_holds(std::string_view text, std::string_view name);

}  // namespace sortkey::certify::adapter

#endif  // SORTKEY_CERTIFY_ADAPTER_SNAPSHOT_FILE_PROPS_H_
