// File: tools/codecs/multi_request.h
//
// The multi-item requests of `sortkey query build` and `sortkey query run`
// (--operation TransactWriteItems, TransactGetItems or BatchGetItem), read
// from --request FILE in the shape the DynamoDB API takes (AWS API
// TransactWriteItems, TransactGetItems, BatchGetItem):
//
//   {"TransactItems": [
//      {"Put": {"TableName": "Users", "Item": {...}, "ConditionExpression": "..."}},
//      {"Update": {"Key": {...}, "UpdateExpression": "...", "ExpressionAttributeValues": {...}}},
//      {"Delete": {"Key": {...}}},
//      {"ConditionCheck": {"Key": {...}, "ConditionExpression": "...",
//                          "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}}]}
//   {"TransactItems": [{"Get": {"Key": {...}, "ProjectionExpression": "a, #b",
//                               "ExpressionAttributeNames": {"#b": "b"}}}]}
//   {"RequestItems": {"Users": {"Keys": [{...}, {...}], "ProjectionExpression": "...",
//                               "ExpressionAttributeNames": {...}, "ConsistentRead": true}}}
//
// Each write action takes the fields of its single-item request without
// ReturnValues (tools/codecs/write_request.h read_transact_write_action;
// ConditionCheck: DeleteItem's). The reader is strict as the single-item
// reader is, and also refuses what no DynamoDB request can be: an element
// of TransactItems that is not one object naming exactly one action, no
// action or more than kMaxTransactItems, RequestItems without a table, a
// table without Keys, more than kMaxBatchGetKeys keys in all. Fields the
// model cannot honour are refused by name: ClientRequestToken (the model
// keeps no tokens, sortkey/transaction.h), ReturnConsumedCapacity,
// ReturnItemCollectionMetrics and the legacy AttributesToGet.
//
// What depends on the table's key schema (two actions on one item) and
// what DynamoDB answers with a ValidationException (an expression's
// syntax, an unknown ReturnValuesOnConditionCheckFailure) is left to the
// run (tools/codecs/multi_run.h) and the model.
//
// Example:
//   auto r = parse_multi_request(text, WriteOperation::kTransactWriteItems);
//   if (!r) fmt::print(stderr, "{}\n", r.error().message);
//   // "TransactItems[1]: expected one of Put, Update, Delete, ConditionCheck, got Get"

#ifndef SORTKEY_TOOLS_CODECS_MULTI_REQUEST_H_
#define SORTKEY_TOOLS_CODECS_MULTI_REQUEST_H_

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sortkey/attribute.h"
#include "sortkey/error.h"
#include "sortkey/transaction.h"
#include "tools/codecs/write_request.h"

namespace sortkey::cli {

using AttributeNames = std::map<std::string, std::string, std::less<>>;

struct TransactWriteEntry {
  TransactWriteAction::Kind kind = TransactWriteAction::Kind::kPut;
  WriteRequest request;  // Put: item; the others: key
};

struct TransactGetEntry {
  std::optional<std::string> table_name;
  Item key;
  std::optional<std::string> projection;
  std::optional<AttributeNames> names;
};

struct BatchGetEntry {
  std::string table_name;
  std::vector<Item> keys;
  std::optional<std::string> projection;
  std::optional<AttributeNames> names;
  std::optional<bool> consistent_read;
};

struct MultiRequest {
  WriteOperation operation = WriteOperation::kTransactWriteItems;
  std::vector<TransactWriteEntry> writes;  // TransactWriteItems, in request order
  std::vector<TransactGetEntry> gets;      // TransactGetItems, in request order
  std::vector<BatchGetEntry> tables;       // BatchGetItem, in table name order
};

// The request of `text` for `op` (is_multi_item(op)). Errors (kBadFormat,
// kBadParameter or kOutOfRange for a count, one line naming the place, as
// TransactItems[2].Update.Key): those of parse_request_json, and the file
// comment's.
Result<MultiRequest> parse_multi_request(std::string_view text, WriteOperation op);

// The request as the DynamoDB API takes it, fields in name order; what
// parse_multi_request reads back the same.
nlohmann::json multi_request_json(const MultiRequest& r);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_CODECS_MULTI_REQUEST_H_
