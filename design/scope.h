// File: design/scope.h
//
// The small scope of `sortkey design check`: before any population is
// sampled, every population of up to k entities of the boundary universe
// (design/boundary.h: each entity type's base entity and the entities that
// differ from it in one attribute) is checked, for every property, with
// every parameter value of its pattern that the population holds (and the
// instants and integers one unit beside them), as the most pages a Limit of
// 1 gives (a pattern's own Limit when it has one). Most key-design bugs
// have a counterexample of two or three entities (the small-scope
// hypothesis): here they are found by enumeration, whatever the seed, and a
// failure found here is already minimal (the smallest populations come
// first).
//
// The scope is bounded: by default every population of up to 2 entities,
// then populations of 3 in their order while the budget of cases lasts;
// `--scope K` asks for every population of up to K entities, however many.
// The result says how far it went: `k` is the largest size checked in full,
// and `exhausted` whether every population asked for was checked.
//
// Example:
//
//   const Scope scope(design, ScopeSettings{}, in_memory_source());
//   ScopeResult r = scope.pattern(design->patterns[0]);
//   if (r.failure) { ... r.failure->population is minimal ... }

#ifndef SORTKEY_DESIGN_SCOPE_H_
#define SORTKEY_DESIGN_SCOPE_H_

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "design/boundary.h"
#include "design/design.h"
#include "design/design_props.h"
#include "design/observations.h"
#include "design/store.h"

namespace sortkey::design {

inline constexpr int kDefaultScope = 2;  // every population of up to 2 entities
inline constexpr int kMaxScope = 4;      // --scope K: K from 0 (no scope) to 4
// The cases a property's scope checks by default before it stops growing:
// the examples' scopes take well under a second each.
inline constexpr long kScopeBudget = 4000;

struct ScopeSettings {
  int k = kDefaultScope;       // every population of up to k entities; 0: no scope
  bool grow = true;            // then populations of k + 1 while the budget lasts
  long budget = kScopeBudget;  // cases, at most (0: no limit, for an explicit --scope)
};

// (entity type, attribute index): the mutable attributes an update may change.
using UpdateTargets = std::vector<std::pair<const EntityType*, std::size_t>>;

class Scope {
 public:
  // REQUIRES: `design` outlives the Scope and its results.
  Scope(const Design& design, ScopeSettings settings, std::shared_ptr<StoreSource> stores);

  ScopeResult items_build() const;
  ScopeResult keys_unique() const;
  ScopeResult keys_immutable(const UpdateTargets& targets) const;
  ScopeResult index_follows(const IndexDesign& index, const UpdateTargets& targets) const;
  ScopeResult index_holds(const IndexDesign& index) const;
  ScopeResult width(const WidthUse& use) const;
  ScopeResult pattern(const Pattern& pattern) const;

  // The parameters the scope checks `pattern` with over `population`.
  std::vector<Params> parameters(const Pattern& pattern, const Population& population) const;

  const Boundaries& boundaries() const { return boundaries_; }

 private:
  const Design& design_;
  ScopeSettings settings_;
  std::shared_ptr<StoreSource> stores_;
  Boundaries boundaries_;
};

// "pattern/org_and_teams: 1,234 of 1,234 populations of up to 2 entities
// (5,678 cases), exhausted": one line of the check's report.
std::string describe_scope(const std::string& property, const ScopeResult& r);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_SCOPE_H_
