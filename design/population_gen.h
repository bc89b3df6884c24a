// File: design/population_gen.h
//
// RapidCheck generators of populations for a design, biased to where key
// designs break:
//   * strings: names that are prefixes of each other, names holding '#' or a
//     character below it (space, '!', '"') when the alphabet has them, case
//     variants of one name, non-ASCII characters of the alphabet, the
//     shortest and the longest length;
//   * integers: the ends of the declared range, 10^k - 1 and 10^k inside it
//     (where an unpadded or too narrow number breaks), neighbours;
//   * timestamps: the ends of the range, equal instants, one unit of the
//     precision apart, the first and last instant of a day;
//   * every attribute: values shared between entities (one pool per
//     attribute name), so that entities meet in one partition and tie in one
//     sort position.
// Entities that repeat an earlier one's identity are dropped: a population
// holds distinct entities only. Shrinking removes entities and simplifies
// values, down to the few a failure needs.

#ifndef SORTKEY_DESIGN_POPULATION_GEN_H_
#define SORTKEY_DESIGN_POPULATION_GEN_H_

#include <rapidcheck.h>

#include "design/design.h"
#include "design/design_props.h"
#include "design/population.h"

namespace sortkey::design {

// One value of the attribute, within its declared domain.
rc::Gen<Value> gen_value(const AttributeSpec& spec);

// Up to design.max_entities distinct entities (fewer in the first cases).
// REQUIRES: `design` outlives the generator and what it generates.
rc::Gen<Population> gen_population(const Design& design);

// The population a pattern's property draws: gen_population's, and for a
// pattern with a Limit, two times in three a crowd beside it: 2L+1 to 3L+1
// entities (L the Limit) of one entity's type (an entity of the population,
// or a fresh one of a type the pattern returns) that share its values of
// the attributes the pattern's parameters name (its partition), the other
// attributes drawn. A filter under the Limit, or a key order that differs
// from the declared one, then shows on the pages a Limit cuts.
rc::Gen<Population> gen_population_for(const Design& design, const Pattern& pattern);

// The pattern's parameters: mostly values the population holds (so that the
// pattern reads a partition that has items), sometimes fresh ones.
rc::Gen<Params> gen_params(const Design& design, const Pattern& pattern,
                           const Population& population);

// A page's Limit, shown as such in a counterexample.
struct PageLimit {
  int value = 1;
};
// A Limit from 1 to one more than the population: pages of one item, and
// one page of all.
rc::Gen<PageLimit> gen_page_limit(std::size_t entities);
void showValue(const PageLimit& limit, std::ostream& os);
// A parameter's value in a counterexample.
void showValue(const Value& value, std::ostream& os);
// An update in a counterexample: its label.
void showValue(const AttributeUpdate& update, std::ostream& os);

}  // namespace sortkey::design

// The names a counterexample gives the drawn values.
template <>
struct rc::ShowType<sortkey::design::Population> {
  static void showType(std::ostream& os) { os << "population"; }
};
template <>
struct rc::ShowType<sortkey::design::Params> {
  static void showType(std::ostream& os) { os << "parameters"; }
};
template <>
struct rc::ShowType<sortkey::design::PageLimit> {
  static void showType(std::ostream& os) { os << "Limit"; }
};
template <>
struct rc::ShowType<sortkey::design::AttributeUpdate> {
  static void showType(std::ostream& os) { os << "update"; }
};

#endif  // SORTKEY_DESIGN_POPULATION_GEN_H_
