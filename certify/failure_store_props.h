// File: certify/failure_store_props.h
//
// What the failure store's entry reader (failure_store.h) and the reproduce
// string reader under it (properties/reproduce_string.h) promise of any
// text, as a framework-free property function beside the reader; the fuzz
// builds link it from sortkey_certify_formats.
//
// Example (a driver over any text):
//   check(failure_entry_holds(text));

#ifndef SORTKEY_CERTIFY_FAILURE_STORE_PROPS_H_
#define SORTKEY_CERTIFY_FAILURE_STORE_PROPS_H_

#include <string_view>

#include "properties/props/outcome.h"

namespace sortkey::certify {

// parse_stored_failure and read_reproduce_string of `text` are total: a
// value, or an error whose message names what it read. An accepted entry has
// a target kind of built-in, adapter or design, cases and passes in range, and a
// reproduce string for its own property (a design entry: its case, and a
// reproduce string only when it has one); printed as the store writes it, it
// reads back as itself, and its file name is "<kind>-<property>-<16 hex>.json"
// of [a-z0-9_-] only. An accepted reproduce string names a property id of 1
// to 1024 bytes and a size of at most 100.
props::Outcome failure_entry_holds(std::string_view text);

}  // namespace sortkey::certify

#endif  // SORTKEY_CERTIFY_FAILURE_STORE_PROPS_H_
