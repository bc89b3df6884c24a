// File: design/failure_case.h
//
// A failing case of `sortkey design check` (design/observations.h) as data
// for the failure store (certify/failure_store.h, target_kind "design"), and
// read back against the design as it is now: the stored population replays
// against a fixed design file whatever its templates became, for the
// entities, attributes, patterns and indexes it still has.
//
// The form, each value as the design file writes a literal (a string, an
// integer, true or false, a timestamp as RFC 3339 with nine fraction digits):
//
//   {"population": [{"entity": "Person", "values": {"last": "X", "first": "A"}}],
//    "params": {"city": "A"},            // pattern/<name>: its parameters by name
//    "page_limit": 1,                    //                 the Limit of every page
//    "index": "GSI1",                    // index/<name>/...
//    "update": {"entity": 0, "attribute": "status", "value": "OPEN"},  // an update
//    "value": 999}                       // width/...: the value
//
// The stored text comes from a directory anyone can write to: reading it
// against a design is total (a case, or an error saying what no longer fits).
//
// Example:
//   nlohmann::json stored = failing_case_json(*seen.failure("pattern/people"));
//   auto again = failing_case_from_json(design, "pattern/people", stored);
//   if (!again) ... again.error().message: "Person has no stored value for middle"

#ifndef SORTKEY_DESIGN_FAILURE_CASE_H_
#define SORTKEY_DESIGN_FAILURE_CASE_H_

#include <nlohmann/json.hpp>
#include <string>

#include "design/design.h"
#include "design/observations.h"
#include "sortkey/error.h"

namespace sortkey::design {

// `c` in the form above.
nlohmann::json failing_case_json(const FailingCase& c);

// The case `stored` of `property` read against `design`, its message empty;
// an update's label is left empty (design_props.h attribute_update makes it).
// Errors (kBadParameter), the first thing that no longer fits: a pattern,
// index, entity type or attribute the design does not have, a value of
// another type than the attribute's, a parameter or attribute without a
// value, an update of an entity outside the population or of an attribute
// that is not mutable, a case not of the form above.
// REQUIRES: `design` outlives the case.
Result<FailingCase> failing_case_from_json(const Design& design, const std::string& property,
                                           const nlohmann::json& stored);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_FAILURE_CASE_H_
