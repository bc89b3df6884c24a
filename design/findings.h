// File: design/findings.h
//
// What `sortkey design check` reports of a failing property, from the
// failing case the property noted (design/observations.h) rather than from
// RapidCheck's own words: the counterexample with every value shown as the
// design declares it (a timestamp at its attribute's precision, a string
// quoted, the parameters by name), never a C++ type name; a failure of the
// small scope (design/scope.h) in place of the sampled run, which skipped
// its cases; and the root of failures that only need a key items/build
// cannot build.
//
// Example:
//
//   // in the target, after a property ran:
//   if (const FailingCase* f = seen.failure(id)) report_failing_case(design, *f, result.run);

#ifndef SORTKEY_DESIGN_FINDINGS_H_
#define SORTKEY_DESIGN_FINDINGS_H_

#include <string>
#include <utility>
#include <vector>

#include "design/design.h"
#include "design/observations.h"
#include "properties/runner.h"

namespace sortkey::design {

// The counterexample of `c` as (name, value) lines: "population" ("1 entity"
// and one line per entity), "parameters" ("{org = \"A\"}"), "Limit",
// "update", "value".
std::vector<std::pair<std::string, std::string>> counterexample_of(const Design& design,
                                                                   const FailingCase& c);

// `run` says what `c` shows: its message (with the fix hint of
// design/hints.h when one fits) and counterexample; a case of the small
// scope also sets the verdict and the cases (the scope's, up to the
// failure), and says where it was found.
void report_failing_case(const Design& design, const FailingCase& c, const ScopeResult& scope,
                         props::RunReport& run);

// "root: items/build (a key cannot be built); pattern/x and index/y/holds
// fail only because they read that key", or "" when no failure is of that
// kind (design_props.h's kUnbuiltKey).
std::string unbuilt_key_root(const std::vector<const props::RunReport*>& failed);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_FINDINGS_H_
