// File: properties/props/update_props.h
//
// UpdateItem and conditional DeleteItem, the engine (sortkey/update.h)
// against the naive oracle (oracles/naive_update.h): the oracle's update
// tree rendered to UpdateExpression text with placeholders (clause order,
// keyword case, spacing and parentheses varied by a style seed), the
// condition rendered as render_filter does, and the answers compared:
//   * the same verdict (accepted, ValidationException,
//     ConditionalCheckFailedException), messages not compared;
//   * the same ReturnValues (or the failed condition's item), by value;
//   * the same item under the key afterwards.
// The index invariants after each write are check_counts' and the Query
// commands' (query_page_props.h).

#ifndef SORTKEY_PROPERTIES_PROPS_UPDATE_PROPS_H_
#define SORTKEY_PROPERTIES_PROPS_UPDATE_PROPS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "oracles/naive_update.h"
#include "properties/props/outcome.h"
#include "sortkey/table.h"
#include "sortkey/update.h"

namespace sortkey::props {

// The update as text, its placeholders added to `attributes`.
std::string render_update(const oracle::NUpdate& u, std::uint64_t style,
                          ExpressionAttributes& attributes);
UpdateItemRequest render_update_request(const oracle::NUpdateRequest& r, std::uint64_t style);

// The oracle's answer on a copy of `model` against the engine's on `table`
// (which the engine's write changes), as the file comment says.
Outcome check_update_item(const oracle::NaiveTable& model, Table& table,
                          const oracle::NUpdateRequest& r, std::uint64_t style);

struct DeleteSpec {
  oracle::NItem key;
  std::optional<oracle::NCond> condition;
  bool all_old = false;         // ReturnValues ALL_OLD
  bool old_on_failure = false;  // ReturnValuesOnConditionCheckFailure ALL_OLD
  std::uint64_t style = 0;
};
Outcome check_delete_item(const oracle::NaiveTable& model, Table& table, const DeleteSpec& d);

// PutItem with an optional ConditionExpression and ReturnValues
// (sortkey/update.h put_item).
struct PutSpec {
  oracle::NItem item;
  std::optional<oracle::NCond> condition;
  bool all_old = false;         // ReturnValues ALL_OLD
  bool old_on_failure = false;  // ReturnValuesOnConditionCheckFailure ALL_OLD
  std::uint64_t style = 0;
};
// The oracle's PutItem (oracles/naive_update.h naive_put_item). `model` is
// written when the verdict is kOk.
oracle::NWriteAnswer oracle_put_item(oracle::NaiveTable& model, const PutSpec& p);
// The engine's PutItem against oracle_put_item on a copy of `model`: the
// same verdict, the same attributes returned (ALL_OLD, or the held item on
// a failed condition) and the same item under the key afterwards.
// REQUIRES: the item holds a valid table key (its other attributes may be
// refused).
Outcome check_put_item(const oracle::NaiveTable& model, Table& table, const PutSpec& p);
// GetItem: the engine's item under `key` (a valid table key) is the
// oracle's, or both hold none.
Outcome check_get_item(const oracle::NaiveTable& model, const Table& table,
                       const oracle::NItem& key);

// The update_expression_fuzzer's property: parse_update is total (a tree,
// or an error "Invalid UpdateExpression: ..." at an offset inside the
// text); every placeholder it records is defined; and a parsed tree,
// converted to the oracle's, gives the oracle's verdict and item through
// update_item, on each of `items` held under its key (those with an S
// attribute "k"; a table keyed on k (S) with a sparse index on g (S)) and on
// a missing item {k: "a"}, with only the placeholders the text uses.
Outcome update_expression_matches_oracle(const std::string& text,
                                         const ExpressionAttributes& attributes,
                                         const std::vector<Item>& items);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_PROPS_UPDATE_PROPS_H_
