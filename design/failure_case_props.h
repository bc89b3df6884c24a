// File: design/failure_case_props.h
//
// What the reader of a stored failing case (design/failure_case.h) promises
// of any case a store file may hold, as a framework-free property function;
// the failure store's fuzz target (fuzz/failure_store_fuzzer.cc) drives it
// on the case of every design entry it reads.
//
// Example (a driver over a parsed entry):
//   check(stored_case_holds(entry.property, entry.failing_case));

#ifndef SORTKEY_DESIGN_FAILURE_CASE_PROPS_H_
#define SORTKEY_DESIGN_FAILURE_CASE_PROPS_H_

#include <nlohmann/json.hpp>
#include <string>

#include "properties/props/outcome.h"

namespace sortkey::design {

// failing_case_from_json of `stored`, for `property`, against a fixed
// design of every attribute type (strings, integers, timestamps, enums,
// booleans, a mutable attribute, an index, a pattern with parameters) is
// total: a case, or an error with a message; an accepted case, written by
// failing_case_json, reads back as the same JSON.
props::Outcome stored_case_holds(const std::string& property, const nlohmann::json& stored);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_FAILURE_CASE_PROPS_H_
