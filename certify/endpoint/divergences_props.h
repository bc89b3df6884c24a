// File: certify/endpoint/divergences_props.h
//
// What the reader of known-divergences files and mask_message
// (divergences.h) promise of any text, as framework-free property
// functions. They live beside the reader, not in properties/props/,
// because certify/ builds on properties/; the fuzz builds link them from
// sortkey_certify_formats.
//
// Example (a driver over any text):
//   check(known_divergences_file_holds(text, "known.json"));
//   check(masked_message_bounded(text));

#ifndef SORTKEY_CERTIFY_ENDPOINT_DIVERGENCES_PROPS_H_
#define SORTKEY_CERTIFY_ENDPOINT_DIVERGENCES_PROPS_H_

#include <string_view>

#include "properties/props/outcome.h"

namespace sortkey::certify::endpoint {

// parse_known_divergences of `text`, named `name`, is total: entries, or an
// error whose message starts with `name`. Every accepted entry has a
// non-empty id and reason, ids are unique, and its signature lists at least
// one value for each of the six fields; the signature an entry describes
// (the first value of each field) matches it, and the file finds an entry
// for it; the same signature with one field set to a value the entry does
// not list never matches it; the file read back from its own JSON text
// holds the same entries.
props::Outcome known_divergences_file_holds(std::string_view text, std::string_view name);

// mask_message of any text (with the names "pk", "sk" and "g 5") never
// throws and keeps at most 300 bytes.
props::Outcome masked_message_bounded(std::string_view text);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_DIVERGENCES_PROPS_H_
