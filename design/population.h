// File: design/population.h
//
// A population: entities of a design's types with a value for every
// attribute, as the check generates them and as a failure shows the minimal
// one. The predicates and orders of a design (design/design.h) are decided
// here, on the entities' attributes alone; they never look at a key.
//
// Example:
//
//   Params params{{"org", org_value}};
//   bool in = matches(pattern.returns, entity, params);   // "the Org and its Users"
//   std::vector<std::vector<std::size_t>> groups = ordered_groups(...);

#ifndef SORTKEY_DESIGN_POPULATION_H_
#define SORTKEY_DESIGN_POPULATION_H_

#include <cstddef>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "design/design.h"

namespace sortkey::design {

struct Entity {
  const EntityType* type = nullptr;  // into the Design, which outlives it
  std::vector<Value> values;         // one per type->attributes, in that order

  // The value of `attribute`, nullptr when the type has none.
  const Value* value(std::string_view attribute) const;
};

using Population = std::vector<Entity>;

// The values of an access pattern's parameters.
using Params = std::map<std::string, Value, std::less<>>;

// "User{org_name="ACME", user_name="DeBrie", admin=true}"
std::string show_entity(const Entity& e);

// RapidCheck shows a population this way in a counterexample.
void showValue(const Population& population, std::ostream& os);

// Whether `p` holds for `e`. REQUIRES: every parameter it names is in `params`.
bool holds(const Predicate& p, const Entity& e, const Params& params);
// Whether some selector selects `e`.
bool selected(const std::vector<Selector>& selectors, const Entity& e, const Params& params);

// -1, 0 or 1 as `a` sorts before, with or after `b` by the order keys.
int compare_entities(const std::vector<OrderKey>& order, const Entity& a, const Entity& b);

// Whether `a` and `b` are one entity: the same type and equal identities.
bool same_entity(const Entity& a, const Entity& b);

// The population without the entities that repeat an earlier one's identity.
Population distinct_entities(Population population);

// The indexes of the selected entities in groups of ties, the groups sorted
// by the pattern's order (`order: any` has no order keys: one group of all).
std::vector<std::vector<std::size_t>> expected_groups(const Pattern& pattern,
                                                      const Population& population,
                                                      const Params& params);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_POPULATION_H_
