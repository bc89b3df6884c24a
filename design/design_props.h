// File: design/design_props.h
//
// The properties of a key design, as plain functions over a design and a
// population (framework-free: design_catalog.cc drives them with RapidCheck,
// and a later endpoint check can drive the same ones over a live table).
// Each returns props::Outcome: it holds, or it fails with a message that
// says what the design does wrong with the request as sent, the items as
// stored, and the expected and the actual answer.
//
//   items_build         every entity's item builds and the table accepts it
//   keys_unique         distinct entities never share a primary key
//   keys_immutable      no mutable attribute feeds the table's key
//   index_follows       an update of a mutable attribute moves the item in
//                       the index (and in or out of a sparse one)
//   index_holds         the index holds exactly the entities it declares
//   width_holds         a padded, inverse or epoch width holds the declared range
//   pattern_returns     an access pattern returns exactly the declared entities,
//                       in the declared order, page by page

#ifndef SORTKEY_DESIGN_DESIGN_PROPS_H_
#define SORTKEY_DESIGN_DESIGN_PROPS_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "design/design.h"
#include "design/population.h"
#include "design/store.h"
#include "properties/props/outcome.h"

namespace sortkey::design {

using props::Outcome;

// How the message of a property that fails only because its population holds
// an entity without a key it reads begins: items/build is its root.
inline constexpr std::string_view kUnbuiltKey = "a key it reads cannot be built: ";

// `stores` opens the store of each call (design/store.h).
Outcome items_build(StoreSource& stores, const Design& design, const Population& population);
Outcome keys_unique(const Design& design, const Population& population);

// An update of one entity's attribute: population[entity].values[attribute] = value.
struct AttributeUpdate {
  std::size_t entity = 0;
  std::size_t attribute = 0;
  Value value;
  std::string label;  // for a counterexample: "entity 2, User.admin = true"
};

// The update of population[entity]'s attribute to `value`, with its label.
AttributeUpdate attribute_update(const Population& population, std::size_t entity,
                                 std::size_t attribute, Value value);

// REQUIRES: the update names an entity of the population and one of its
// mutable attributes.
Outcome keys_immutable(StoreSource& stores, const Design& design, const Population& population,
                       const AttributeUpdate& update);
Outcome index_follows(StoreSource& stores, const Design& design, const IndexDesign& index,
                      const Population& population, const AttributeUpdate& update);

// REQUIRES: index.holds.
Outcome index_holds(StoreSource& stores, const Design& design, const IndexDesign& index,
                    const Population& population);

// A codec of fixed width over an attribute in a key template.
struct WidthUse {
  const EntityType* entity = nullptr;
  const AttributeSpec* attribute = nullptr;
  std::string key;  // the key attribute whose template holds it
  Codec codec;
};
std::vector<WidthUse> width_uses(const Design& design);
// REQUIRES: `v` is in the attribute's declared range.
Outcome width_holds(const WidthUse& use, const Value& v);
// The capacity alert of the sorting guide for a width, or "" when the range stays
// below the design's alert share of it.
std::string capacity_alert(const Design& design, const WidthUse& use);

// What a pattern's requests read and returned, summed over the cases.
struct ReadCost {
  long populations = 0;
  long requests = 0;
  long read = 0;        // items read (ScannedCount)
  long returned = 0;    // items returned (Count)
  double capacity = 0;  // read capacity units, eventually consistent
};

// What share of the items read were returned, in percent (100 when none was read).
double hit_rate_percent(const ReadCost& cost);

// Whether the pattern's measured hit rate reaches its min_hit_rate: holds
// without one, or when no request was sent; else fails saying by how much.
Outcome hit_rate_holds(const Pattern& pattern, const ReadCost& cost);

// `page_limit` is the Limit of every page for a pattern without a Limit of
// its own. `cost`, when given, is added to.
Outcome pattern_returns(StoreSource& stores, const Design& design, const Pattern& pattern,
                        const Population& population, const Params& params, int page_limit,
                        ReadCost* cost);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_DESIGN_PROPS_H_
