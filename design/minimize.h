// File: design/minimize.h
//
// The last step of a failure's way to its minimal form. RapidCheck shrinks
// what it drew one value at a time, and a pattern's parameters are drawn
// from the population, so removing one entity can change the parameters and
// lose the failure: a counterexample of six entities where one suffices.
// Here the failing case itself is shrunk, its parameters, Limit and update
// kept: entities are removed, first in large chunks and then one by one,
// for as long as the property still fails without them (the delta-debugging
// of Zeller and Hildebrandt, on the population).
//
// Example:
//
//   FailingCase small = minimize_case(design, *stores, *seen.failure("pattern/window"));
//   small.population.size();  // as few entities as the failure needs

#ifndef SORTKEY_DESIGN_MINIMIZE_H_
#define SORTKEY_DESIGN_MINIMIZE_H_

#include <optional>

#include "design/design.h"
#include "design/observations.h"
#include "design/store.h"
#include "properties/props/outcome.h"

namespace sortkey::design {

// The property of `c` run again on `c` (its population, parameters, Limit,
// update); nullopt for a case that holds no population (a width's value).
std::optional<props::Outcome> recheck(const Design& design, StoreSource& stores,
                                      const FailingCase& c);

// `c` with every entity removed that the failure does not need, and the
// message of its last failing run. A case recheck cannot run is returned as
// it is; so is one that passes when run again (a store that answers
// differently to the same requests).
FailingCase minimize_case(const Design& design, StoreSource& stores, FailingCase c);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_MINIMIZE_H_
