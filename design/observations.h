// File: design/observations.h
//
// What a design check's properties saw while RapidCheck ran them, which the
// run loop's record does not keep: the read cost of each access pattern, and
// the last failing case of each property as data (its population, the
// pattern's parameters and page Limit, the update). RapidCheck's last failing
// run of a property is its minimal case (it shrinks from failing case to
// failing case, and runs the minimal one once more to describe it), so after
// the run `failures` holds the shrunk counterexample that `design show` and
// `design check --html` draw.
//
// Example:
//
//   auto seen = std::make_shared<Observations>(design->patterns.size());
//   auto catalog = design_catalog(design, seen);
//   ... the run ...
//   if (const FailingCase* f = seen->failure("pattern/org_and_teams")) draw(f->population);

#ifndef SORTKEY_DESIGN_OBSERVATIONS_H_
#define SORTKEY_DESIGN_OBSERVATIONS_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "design/design.h"
#include "design/design_props.h"
#include "design/population.h"

namespace sortkey::design {

// One failing case of a property that draws a population.
struct FailingCase {
  std::string property;  // "pattern/org_and_teams"
  std::string message;   // the Outcome's
  Population population;
  const Pattern* pattern = nullptr;  // pattern/<name>: the pattern, its parameters, its Limit
  Params params;                     //
  int page_limit = 0;                // the Limit of every page (the pattern's own when it has one)
  const IndexDesign* index = nullptr;     // index/<name>/...
  std::optional<AttributeUpdate> update;  // keys/immutable, index/<name>/follows_updates
};

struct Observations {
  explicit Observations(std::size_t patterns) : costs(patterns) {}

  std::vector<ReadCost> costs;                  // one per pattern, in the design's order
  std::map<std::string, FailingCase> failures;  // by property id, the last failing case

  // The last failing case of `property`, or nullptr.
  const FailingCase* failure(const std::string& property) const {
    const auto it = failures.find(property);
    return it == failures.end() ? nullptr : &it->second;
  }
};

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_OBSERVATIONS_H_
