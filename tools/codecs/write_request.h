// File: tools/codecs/write_request.h
//
// The write requests of `sortkey query build` and `sortkey query run`
// (--operation UpdateItem, DeleteItem or PutItem): one shape whether the
// request comes from the command's options or from a file holding the
// request as the DynamoDB API takes it, so that what a program sends can be
// pasted and run as it is:
//
//   {"TableName": "Users", "Key": {"PK": {"S": "ORG#1"}, "SK": {"S": "USER#ann"}},
//    "UpdateExpression": "REMOVE GSI1SK", "ConditionExpression": "attribute_exists(PK)",
//    "ReturnValues": "ALL_NEW"}
//
// The file reader is strict: a field the operation does not have, a field
// of the wrong JSON type, text that is not JSON, nests deeper than
// kMaxDynamoDbJsonDepth or holds more than support::kMaxJsonValues values is
// refused with one line naming the field. What DynamoDB itself would refuse
// with a ValidationException (an expression's syntax, a ReturnValues value
// outside the enum) is not the reader's business: the reader keeps it, and
// check_write_request or the table answers it as DynamoDB does.
//
// Fields each operation takes (AWS API PutItem, UpdateItem, DeleteItem):
//   UpdateItem: TableName, Key, UpdateExpression, ConditionExpression,
//               ExpressionAttributeNames, ExpressionAttributeValues,
//               ReturnValues, ReturnValuesOnConditionCheckFailure
//   DeleteItem: the same without UpdateExpression
//   PutItem:    Item in place of Key, without UpdateExpression
// The legacy parameters (AttributeUpdates, Expected, ConditionalOperator)
// and the ones asking for what the table does not count
// (ReturnConsumedCapacity, ReturnItemCollectionMetrics) are refused by name.
//
// TransactWriteItems' TransactItems are Put / Update / Delete /
// ConditionCheck actions whose fields are those above without ReturnValues
// (ConditionCheck: DeleteItem's), read by read_transact_write_action for
// the multi-item reader (tools/codecs/multi_request.h), which reads
// TransactWriteItems, TransactGetItems and BatchGetItem.
//
// Example:
//   auto r = parse_write_request(text, WriteOperation::kUpdateItem);
//   if (!r) fmt::print(stderr, "{}\n", r.error().message);  // "Key: expected an object, got a
//   string" else fmt::print("{}\n", write_request_json(*r).dump());

#ifndef SORTKEY_TOOLS_CODECS_WRITE_REQUEST_H_
#define SORTKEY_TOOLS_CODECS_WRITE_REQUEST_H_

#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "sortkey/attribute.h"
#include "sortkey/error.h"

namespace sortkey::cli {

enum class WriteOperation {
  kUpdateItem,
  kDeleteItem,
  kPutItem,
  kTransactWriteItems,
  kTransactGetItems,
  kBatchGetItem
};

// "UpdateItem", "DeleteItem", "PutItem", "TransactWriteItems", ...
std::string_view write_operation_name(WriteOperation op);

// TransactWriteItems, TransactGetItems and BatchGetItem: the requests of
// tools/codecs/multi_request.h.
bool is_multi_item(WriteOperation op);

// The largest request file read. A TransactWriteItems payload is at most
// 4 MB (reference dynamodb-write-semantics.md §4 rule 2) and a single write
// carries one 400 KB item; 16 MiB leaves room for the JSON's spacing.
inline constexpr std::size_t kMaxRequestFileBytes = std::size_t{16} << 20;

struct WriteRequest {
  WriteOperation operation = WriteOperation::kUpdateItem;
  std::optional<std::string> table_name;
  Item key;   // UpdateItem, DeleteItem
  Item item;  // PutItem
  std::optional<std::string> update_expression, condition;
  // Absent when the request does not give them; given empty, DynamoDB
  // refuses them ("ExpressionAttributeNames must not be empty").
  std::optional<std::map<std::string, std::string, std::less<>>> names;
  std::optional<Item> values;
  // As written: a value outside the enum is DynamoDB's to refuse.
  std::optional<std::string> return_values, return_values_on_condition_check_failure;
};

// The request of `text`, the JSON of a request of `op`. Errors (kBadFormat
// or kBadParameter, one line): not JSON, too deep or too many values, not an
// object, a field the operation does not take (named), a field of the wrong
// JSON type or an attribute value DynamoDB JSON does not allow (named), Key
// or Item missing; a multi-item operation (is_multi_item: kBadParameter).
Result<WriteRequest> parse_write_request(std::string_view text, WriteOperation op);

// "an object", "an array", "a string", "a boolean", "null" or "a number".
std::string_view json_type_name(const nlohmann::json& j);
// kBadParameter, one line: "FIELD: expected WANT, got <json_type_name>".
Error wrong_type(std::string_view field, std::string_view want, const nlohmann::json& got);

// The JSON of a request file, within the bounds the file comment states.
// Errors (kBadFormat, one line): not JSON, too deep, too many values, an
// object naming a key twice.
Result<nlohmann::json> parse_request_json(std::string_view text);

// One action of TransactWriteItems' TransactItems, the object under its
// `kind` ("Put", "Update", "Delete", or any other: "ConditionCheck").
// Errors: as parse_write_request's, the action named by its kind.
Result<WriteRequest> read_transact_write_action(const nlohmann::json& j, std::string_view kind);

// The request as the DynamoDB API takes it, fields in name order; what
// parse_write_request reads back the same.
nlohmann::json write_request_json(const WriteRequest& r);

// DynamoDB's request-level checks of a write, before any expression is read
// (reference §1.1 rule 7, §2 rule 7, §3 rule 1): names or values without an
// expression, empty maps, a ReturnValues or
// ReturnValuesOnConditionCheckFailure outside its enum or not allowed for
// the operation. Errors: kBadParameter with DynamoDB's message.
Result<void> check_write_request(const WriteRequest& r);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_CODECS_WRITE_REQUEST_H_
