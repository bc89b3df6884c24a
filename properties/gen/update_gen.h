// File: properties/gen/update_gen.h
//
// RapidCheck generators of UpdateItem and conditional DeleteItem requests in
// the oracle's terms (oracles/naive_update.h), over the items the stateful
// test's table holds:
//   * targets drawn from the held item's own paths (nested map keys, list
//     elements, one or three past a list's end), index key attributes (so
//     items enter and leave sparse indexes), other attributes, a path
//     through a missing or scalar parent now and then, and a table key
//     attribute one time in twenty-five;
//   * SET of constants, copies, `+` and `-` with Numbers at the ends of the
//     range, if_not_exists and list_append; ADD of Numbers and of sets of
//     the held set's type (sometimes another); DELETE of some or all of a
//     held set's elements;
//   * paths that overlap one time in ten, and constants of the wrong type
//     for ADD, DELETE, + and list_append now and then (refused requests);
//   * a condition on the item (gen_filter's) one time in three, every
//     ReturnValues, and ReturnValuesOnConditionCheckFailure ALL_OLD or NONE.

#ifndef SORTKEY_PROPERTIES_GEN_UPDATE_GEN_H_
#define SORTKEY_PROPERTIES_GEN_UPDATE_GEN_H_

#include <rapidcheck.h>

#include <memory>
#include <optional>

#include "oracles/naive_update.h"
#include "properties/props/update_props.h"

namespace sortkey::props {

// An update tree for the table's schema and the item held under the key (if any).
rc::Gen<oracle::NUpdate> gen_update(const oracle::NSchema& schema,
                                    const std::optional<oracle::NItem>& held);
rc::Gen<oracle::NUpdateRequest> gen_update_request(std::shared_ptr<const oracle::NaiveTable> table);
rc::Gen<DeleteSpec> gen_delete_spec(std::shared_ptr<const oracle::NaiveTable> table);
// PutItem: a valid table key (often one the table holds) with gen_item's
// other attributes (now and then ones the table refuses), a condition 70%
// of the time, each ReturnValues ALL_OLD half the time.
rc::Gen<PutSpec> gen_put_spec(std::shared_ptr<const oracle::NaiveTable> table);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_GEN_UPDATE_GEN_H_
