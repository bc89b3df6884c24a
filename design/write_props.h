// File: design/write_props.h
//
// The properties of a design's writes, framework-free like design_props.h:
// the updates an entity type declares (`updates:`), sent as real UpdateItem
// requests, and the conditional writes of `writes:`.
//
//   update_keeps_indexes  after a declared update (SET, REMOVE, ADD and the
//                         keys it rewrites), every global and local index
//                         holds the item where its key templates put it, or
//                         not at all; a key derived from what the update
//                         changes but not rewritten by it is a stale key
//   unique_put            a put with attribute_not_exists(PK) is refused
//                         when the key is taken (the first item kept) and
//                         accepted for another key
//   exists_write          an update or delete with attribute_exists(PK)
//                         writes a stored item and is refused on an absent
//                         one (an UpdateItem would otherwise create it)
//
// Example:
//
//   DrawnUpdate u{0, &type.updates[0], {closed}, {}};
//   Outcome o = update_keeps_indexes(*in_memory_source(), design, population, u);

#ifndef SORTKEY_DESIGN_WRITE_PROPS_H_
#define SORTKEY_DESIGN_WRITE_PROPS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "design/design.h"
#include "design/population.h"
#include "design/store.h"
#include "properties/props/outcome.h"

namespace sortkey::design {

// A declared update of population[entity] with the values it writes.
struct DrawnUpdate {
  std::size_t entity = 0;
  const EntityUpdate* update = nullptr;
  std::vector<Value> set_values;     // one per update->set
  std::vector<std::int64_t> deltas;  // one per update->add
};

// The request the update sends for `before`, an entity stored as its item:
// SET of the attributes and of the rewritten keys that build, ADD, REMOVE of
// the attributes and of the rewritten keys that no longer build, on the
// condition attribute_exists of the table's partition key, ReturnValues
// ALL_NEW. `expected` (when given) receives the item the key templates make
// of the updated entity: what every index must agree with.
UpdateItemRequest declared_update_request(const Design& design, const Entity& before,
                                          const DrawnUpdate& u, Item* expected);

// REQUIRES: u.entity < population.size(), u.update among its type's updates,
// the value vectors of the update's sizes.
props::Outcome update_keeps_indexes(StoreSource& stores, const Design& design,
                                    const Population& population, const DrawnUpdate& u);

// REQUIRES: w.kind == kPut, w.condition == kUnique, both entities of w.entity.
props::Outcome unique_put(StoreSource& stores, const Design& design, const Write& w,
                          const Entity& first, const Entity& second);

// `stored` is put first; `absent` is not (its key differs from every stored
// one, else the property holds vacuously). `u`, for an update, names
// population entity 0 of `stored`. REQUIRES: w.condition == kExists.
props::Outcome exists_write(StoreSource& stores, const Design& design, const Write& w,
                            const Population& stored, const Entity& absent, const DrawnUpdate& u);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_WRITE_PROPS_H_
