// File: certify/endpoint/expression_write.h
//
// The writes with expressions the endpoint's properties send one at a time
// (endpoint/updates, endpoint/conditional_writes): UpdateItem with the full
// UpdateExpression grammar (oracles/naive_update.h), PutItem and DeleteItem
// with a ConditionExpression, each with ReturnValues and
// ReturnValuesOnConditionCheckFailure. What DynamoDB answers is the naive
// oracle's (naive_update_item, naive_delete_item, and for PutItem: refused
// when the item is not one DynamoDB stores, else the condition on the item
// held, else written; AWS API reference "PutItem"; reference on writes,
// sections 2 and 3).
//
// The request's text is rendered from the oracle's trees
// (props::render_update, props::render_filter) with placeholders, so that
// the endpoint's parser reads the same request the oracle judges.
//
// Example:
//   ExpressionWrite w;
//   w.kind = ExpressionWrite::Kind::kDelete;
//   w.key = key;  w.condition = cond;  w.return_values = oracle::NReturn::kAllOld;
//   oracle::NaiveTable after = model;
//   oracle::NWriteAnswer want = expect_write(after, w);
//   nlohmann::json params = write_params("sortkey-cert-...", w);  // DeleteItem's

#ifndef SORTKEY_CERTIFY_ENDPOINT_EXPRESSION_WRITE_H_
#define SORTKEY_CERTIFY_ENDPOINT_EXPRESSION_WRITE_H_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>

#include "oracles/naive_update.h"

namespace sortkey::certify::endpoint {

struct ExpressionWrite {
  enum class Kind { kUpdate, kPut, kDelete };
  Kind kind = Kind::kUpdate;
  oracle::NItem key;                       // kUpdate, kDelete: the table key
  oracle::NItem item;                      // kPut: the item
  std::optional<oracle::NUpdate> update;   // kUpdate: nullopt sends no UpdateExpression
  std::optional<oracle::NCond> condition;  // ConditionExpression
  oracle::NReturn return_values = oracle::NReturn::kNone;  // kPut, kDelete: kNone or kAllOld
  bool old_on_failure = false;  // ReturnValuesOnConditionCheckFailure ALL_OLD
  std::uint64_t style = 0;      // rendering choices of the expressions
  // Set on a divergence's write when its cause is not its clauses (an item
  // DynamoDB refuses: "of an invalid item: index_key_type"); names it in
  // the signature instead of them.
  std::string cause;
};
std::ostream& operator<<(std::ostream& os, const ExpressionWrite& w);

// "UpdateItem", "PutItem", "DeleteItem".
const char* write_operation(const ExpressionWrite& w);

// The causes of a write's divergence that lie in its condition alone (its
// truth, or its text the endpoint refuses): the actions, and which write
// carries the condition, do not matter, so that one cause is one
// signature, of the operation kConditionWrites.
inline constexpr const char* kConditionFalse = "with a condition the endpoint finds false";
inline constexpr const char* kConditionTrue = "with a condition the endpoint finds true";
inline constexpr const char* kConditionRefused = "with a condition the endpoint refuses";
inline constexpr const char* kConditionWrites = "PutItem/UpdateItem/DeleteItem";
// Whether `cause` is one of those.
bool condition_cause(const std::string& cause);
// "ALL_OLD", ...: ReturnValues as DynamoDB names it.
const char* return_values_name(oracle::NReturn r);

// The table key the write touches.
oracle::NItem write_key(const oracle::NSchema& schema, const ExpressionWrite& w);

// The oracle's answer; `model` changes when the verdict is kOk.
oracle::NWriteAnswer expect_write(oracle::NaiveTable& model, const ExpressionWrite& w);

// The request's parameters, aimed at `table`.
nlohmann::json write_params(const std::string& table, const ExpressionWrite& w);

// What a divergence of the write is about, for its signature (attribution.h):
// the operation's clauses and functions, without values or paths, e.g.
// "UpdateItem SET attribute = path + value N; a condition; ReturnValues
// UPDATED_NEW", or the write's `cause` when set ("a write with a condition
// the endpoint finds false" for a cause in the condition). With `returns` (a
// divergence of the attributes returned), the ReturnValues asked are named,
// or with `failed` (of a failed condition's item)
// ReturnValuesOnConditionCheckFailure.
std::string write_feature(const ExpressionWrite& w, bool returns, bool failed);

// The same write with its one action (an UpdateItem of several actions):
// the candidates by which a divergence is narrowed to one action.
std::optional<ExpressionWrite> with_action(const ExpressionWrite& w, std::size_t action);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_EXPRESSION_WRITE_H_
