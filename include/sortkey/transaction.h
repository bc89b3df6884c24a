// File: sortkey/transaction.h
//
// DynamoDB's multi-item requests on the in-memory tables (sortkey/table.h):
// TransactWriteItems (all or nothing over one or more tables),
// TransactGetItems and BatchGetItem. Each action means what the single-item
// request means (sortkey/update.h, put_if in sortkey/table.h); this header
// adds what the request as a whole decides. Sources are the reference on
// writes (dynamodb-write-semantics.md, §4 and §5), the AWS API reference
// (TransactWriteItems, TransactGetItems, TransactionCanceledException,
// BatchGetItem) and ScyllaDB Alternator's test_transact.py and
// test_batch.py ("ALT"); the suite has no test_transactions.py.
//
// Tables are named: a request names each action's table, and `TableSet`
// maps the names to the tables. A transaction may span tables, never
// indexes (reference §4 rule 11).
//
// TransactWriteItems, in the order DynamoDB decides (reference §4):
//   1. 1 to 100 actions (rule 1; the limit was 25 before September 2022):
//      ValidationException otherwise.
//   2. Each action, in request order, as a whole request would be refused
//      (ValidationException, nothing evaluated, rule 8): a table not in the
//      set ("Requested resource not found", DynamoDB's
//      ResourceNotFoundException); an Update without UpdateExpression or a
//      ConditionCheck without ConditionExpression (rule 5); an
//      UpdateExpression on another kind of action; a syntax or
//      other expression error; names or values no expression of the action
//      uses; ReturnValuesOnConditionCheckFailure other than NONE or ALL_OLD;
//      an Update of a table key attribute (the sources do not say whether a
//      transaction reports this one as a cancellation: UNSETTLED, read as
//      the expression error it is in UpdateItem).
//   3. Two actions on one item (same table, same key by value),
//      ConditionCheck included: ValidationException "Transaction request
//      cannot include multiple operations on one item" (rule 4; ALT
//      test_transact_write_items_multi_action_conflict). The API reference
//      lists this case under TransactionCanceledException instead: UNSETTLED
//      in the wording, the test wins.
//   4. Item-level errors: a key the table refuses (wrong type, missing,
//      empty, too long), a Put item the table refuses, an Update whose
//      evaluation fails or makes an item the table refuses. The transaction
//      is cancelled: the first such action's reason is ValidationError with
//      the message the single-item request gives, every other action's is
//      None, even one whose condition is false (rule 8; ALT
//      test_transact_write_cancellation_reasons_validationerror). An
//      action's key and Put item are checked before its condition, its
//      update evaluated after it, as in the single-item requests.
//   5. Conditions, each on the item as the transaction found it (a missing
//      item reads as an empty one): if any is false the transaction is
//      cancelled, every reason in request order, ConditionalCheckFailed
//      ("The conditional request failed") for a false one, None for the
//      others; evaluation does not stop at the first failure (rule 6). With
//      ReturnValuesOnConditionCheckFailure ALL_OLD a failed action's reason
//      carries the item it found, if any (rule 9).
//   6. Otherwise every action is applied (rule 3): Put replaces the item
//      whole, Update merges, Delete deletes, ConditionCheck writes nothing.
// A cancelled or refused transaction changes no table.
//
// Not simulated: ClientRequestToken idempotency (rule 10: a repeat within
// ten minutes is not re-applied; the model has no clock and no token, so a
// repeated call applies again, as DynamoDB does without a token); the 4 MB
// request limit (rule 2: DynamoDB measures the request payload, which the
// model never sees); the reason codes of contention and capacity
// (TransactionConflict, ProvisionedThroughputExceeded, ThrottlingError) and
// ItemCollectionSizeLimitExceeded (rule 7), which the model cannot reach.
//
// TransactGetItems (reference §4 rules 1, 12): 1 to 100 Gets, each with an
// optional ProjectionExpression and its ExpressionAttributeNames; the
// answers in request order, nullopt for an item absent. Errors, whole
// request (ValidationException): the count, a table not in the set, the
// projection's errors and names it does not use, a key the table refuses,
// two Gets of one item ("Transaction request cannot include multiple
// operations on one item"). The last two are UNSETTLED (§9 item 8: no
// source on duplicate keys, none on how a bad key is reported); the model
// reads them as TransactWriteItems' whole-request refusals.
//
// BatchGetItem (reference §5 rules 4-9): per table a list of keys, an
// optional ProjectionExpression with its names, and ConsistentRead. Errors
// (ValidationException), in this order: no table; a table not in the set;
// a table with no key or more than 100 ("... Member must have length less
// than or equal to 100"); more than 100 keys in all ("Too many items
// requested for the BatchGetItem call"); the projection's errors and unused
// names; a key the table refuses; a key twice in one table ("Provided list
// of item keys contains duplicates"). Keys are compared by value: DynamoDB
// itself treats 1000 and 1e3 as distinct keys there and returns the item
// once (ALT test_batch_get_item_duplicate_number_key, a dynamodb_bug); the
// model's Numbers are normalized when parsed and cannot tell the two
// spellings apart. Missing items are left out; every table asked appears
// in Responses, [] when none was found. DynamoDB's order of Responses is
// unspecified (rule 6); the model returns each table's items in the order
// of its keys, which callers must not rely on. UnprocessedKeys is never
// produced: the model answers every key (DynamoDB may leave any part
// unprocessed, rule 7). ConsistentRead changes nothing in the model: a
// table on one node reads its own writes in either mode.
//
// Example:
//
//   sortkey::TableSet tables = {{"Orders", &orders}, {"Stock", &stock}};
//   sortkey::TransactWriteAction put;
//   put.kind = sortkey::TransactWriteAction::Kind::kPut;
//   put.table = "Orders";
//   put.item = *sortkey::parse_item(R"({"PK": {"S": "O#1"}, "sku": {"S": "X"}})");
//   put.condition = "attribute_not_exists(PK)";
//   sortkey::TransactWriteAction take;
//   take.kind = sortkey::TransactWriteAction::Kind::kUpdate;
//   take.table = "Stock";
//   take.item = *sortkey::parse_item(R"({"PK": {"S": "X"}})");
//   take.update_expression = "SET n = n - :one";
//   take.condition = "n >= :one";
//   take.attributes.values[":one"] = *sortkey::AttributeValue::N("1");
//   auto out = sortkey::transact_write(tables, {put, take});
//   // out->cancelled: a reason per action when the order exists or stock is 0

#ifndef SORTKEY_TRANSACTION_H_
#define SORTKEY_TRANSACTION_H_

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sortkey/attribute.h"
#include "sortkey/error.h"
#include "sortkey/expression.h"
#include "sortkey/table.h"
#include "sortkey/update.h"

namespace sortkey {

inline constexpr std::size_t kMaxTransactItems = 100;
inline constexpr std::size_t kMaxBatchGetKeys = 100;

// The tables a request may name. Reads do not change them.
using TableSet = std::map<std::string, Table*, std::less<>>;

struct TransactWriteAction {
  enum class Kind { kPut, kUpdate, kDelete, kConditionCheck };
  Kind kind = Kind::kPut;
  std::string table;
  Item item;                                     // kPut: the item; otherwise the key
  std::optional<std::string> update_expression;  // kUpdate: required
  std::optional<std::string> condition;          // kConditionCheck: required
  ExpressionAttributes attributes;
  ReturnValues return_values_on_condition_check_failure = ReturnValues::kNone;
};

struct CancellationReason {
  enum class Code { kNone, kConditionalCheckFailed, kValidationError };
  Code code = Code::kNone;
  std::string message;       // "" for kNone
  std::optional<Item> item;  // kConditionalCheckFailed with ALL_OLD, when an item was found
};

// The Code DynamoDB's JSON gives a reason: "None", "ConditionalCheckFailed",
// "ValidationError".
std::string_view cancellation_code_name(CancellationReason::Code code);

struct TransactWriteOutcome {
  // TransactionCanceledException: no table changed.
  bool cancelled = false;
  std::vector<CancellationReason> reasons;  // when cancelled: one per action, in request order
};

// TransactWriteItems. Errors: the ValidationExceptions of steps 1-3 of the
// file comment (kBadParameter, kOutOfRange for the count), no table changed.
Result<TransactWriteOutcome> transact_write(const TableSet& tables,
                                            const std::vector<TransactWriteAction>& actions);

struct TransactGetAction {
  std::string table;
  Item key;
  std::optional<std::string> projection;
  ExpressionAttributes attributes;  // names only: a value is unused
};

// TransactGetItems: an entry per Get, in order. Errors: the file comment's.
Result<std::vector<std::optional<Item>>> transact_get(const TableSet& tables,
                                                      const std::vector<TransactGetAction>& gets);

struct BatchGetTableRequest {
  std::vector<Item> keys;
  std::optional<std::string> projection;
  ExpressionAttributes attributes;  // names only
  bool consistent_read = false;
};
using BatchGetRequest = std::map<std::string, BatchGetTableRequest, std::less<>>;
// Responses: per table asked, the items found (projected), in key order.
using BatchGetResponses = std::map<std::string, std::vector<Item>, std::less<>>;

// BatchGetItem. Errors: the file comment's.
Result<BatchGetResponses> batch_get(const TableSet& tables, const BatchGetRequest& request);

}  // namespace sortkey

#endif  // SORTKEY_TRANSACTION_H_
