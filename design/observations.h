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
  const AttributeSpec* spec = nullptr;    // width/...: the attribute and its value
  std::optional<Value> value;             //
  bool from_scope = false;                // found by the small scope (design/scope.h)
};

// How far the small scope of one property went (design/scope.h).
struct ScopeResult {
  bool ran = false;                  // false: no scope (k = 0, or the property has none)
  std::string unit = "populations";  // what `checked` counts ("values" for a width)
  int k = 0;                         // every population of up to k entities was checked
  int target = 0;                    // the largest size it set out to check
  long checked = 0;                  // populations (or values) checked
  long total = 0;                    // populations (or values) of up to `target` entities
  long cases = 0;                    // cases run: a population with its parameters, Limit or update
  bool exhausted = false;            // every population of up to `target` entities was checked
  std::optional<FailingCase> failure;  // the first failing case: minimal
};

struct Observations {
  explicit Observations(std::size_t patterns)
      : costs(patterns), samples(patterns), case_notes(patterns) {}

  // One per pattern, in the design's order: the read cost of its generated
  // populations only (design_target.cc sums case_notes once the property ran).
  std::vector<ReadCost> costs;
  // One per pattern: what its generated populations held.
  struct Sampled {
    long cases = 0;            // generated populations
    long over_limit = 0;       // more entities to return than the pattern's Limit
    long over_two_limits = 0;  // more than twice its Limit
    long prefix_related = 0;   // two values of one string attribute, one a prefix of the other
  };
  std::vector<Sampled> samples;
  // One run of a pattern's property.
  struct CaseNote {
    ReadCost cost;
    bool over_limit = false;
    bool over_two_limits = false;
    bool prefix_related = false;
  };
  // One per pattern: a note of each run of its property, in the order
  // RapidCheck ran them. The first `cases` runs are the generated
  // populations; those after a failing case are the shrinker's, which try
  // smaller populations on purpose and would bend the hit rate.
  std::vector<std::vector<CaseNote>> case_notes;
  std::map<std::string, FailingCase> failures;  // by property id, the last failing case
  std::map<std::string, ScopeResult> scopes;    // by property id, once its scope ran

  // The last failing case of `property`, or nullptr.
  const FailingCase* failure(const std::string& property) const {
    const auto it = failures.find(property);
    return it == failures.end() ? nullptr : &it->second;
  }
};

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_OBSERVATIONS_H_
