#include "tools/codecs/write_request.h"

#include <fmt/format.h>

#include <array>
#include <utility>

#include "sortkey/items_file.h"
#include "support/json_input.h"

namespace sortkey::cli {
namespace {

using nlohmann::json;

Error request_error(ErrorCode code, std::string message) {
  return Error{code, 0, std::move(message)};
}

Result<std::string> string_field(std::string_view field, const json& j) {
  if (!j.is_string()) return wrong_type(field, "a string", j);
  return j.get<std::string>();
}

// Key, Item and ExpressionAttributeValues: a map of DynamoDB JSON values.
Result<Item> item_field(std::string_view field, const json& j) {
  if (!j.is_object()) return wrong_type(field, "an object", j);
  auto item = parse_item(j.dump());
  if (!item) {
    return request_error(item.error().code,
                         fmt::format("{}: {}", field, printable(item.error().message)));
  }
  return std::move(*item);
}

Result<std::map<std::string, std::string, std::less<>>> names_field(const json& j) {
  if (!j.is_object()) return wrong_type("ExpressionAttributeNames", "an object", j);
  std::map<std::string, std::string, std::less<>> names;
  for (const auto& [k, v] : j.items()) {
    if (!v.is_string()) {
      return wrong_type(fmt::format("ExpressionAttributeNames: {}", printable(k)), "a string", v);
    }
    names.emplace(k, v.get<std::string>());
  }
  return names;
}

// The fields a write action takes; a TransactWriteItems action is read by
// the same table (without ReturnValues), so a transaction reader is the
// list of actions over read_action.
enum Field : unsigned {
  kTableName = 1u << 0,
  kKey = 1u << 1,
  kItem = 1u << 2,
  kUpdateExpression = 1u << 3,
  kConditionExpression = 1u << 4,
  kNames = 1u << 5,
  kValues = 1u << 6,
  kReturnValues = 1u << 7,
  kReturnValuesOnFailure = 1u << 8,
};

struct FieldName {
  Field field;
  std::string_view name;
};

constexpr std::array<FieldName, 9> kFieldNames = {{
    {kTableName, "TableName"},
    {kKey, "Key"},
    {kItem, "Item"},
    {kUpdateExpression, "UpdateExpression"},
    {kConditionExpression, "ConditionExpression"},
    {kNames, "ExpressionAttributeNames"},
    {kValues, "ExpressionAttributeValues"},
    {kReturnValues, "ReturnValues"},
    {kReturnValuesOnFailure, "ReturnValuesOnConditionCheckFailure"},
}};

unsigned fields_of(WriteOperation op) {
  constexpr unsigned common =
      kTableName | kConditionExpression | kNames | kValues | kReturnValues | kReturnValuesOnFailure;
  switch (op) {
    case WriteOperation::kUpdateItem:
      return common | kKey | kUpdateExpression;
    case WriteOperation::kDeleteItem:
      return common | kKey;
    case WriteOperation::kPutItem:
      return common | kItem;
    default:
      break;
  }
  return 0;
}

// Why a field DynamoDB knows is refused here; empty for one it does not know.
std::string_view known_but_refused(std::string_view name) {
  if (name == "AttributeUpdates" || name == "Expected" || name == "ConditionalOperator") {
    return "a legacy parameter, not run here: write it as an UpdateExpression or a "
           "ConditionExpression";
  }
  if (name == "ReturnConsumedCapacity" || name == "ReturnItemCollectionMetrics") {
    return "the in-memory table does not count the capacity or the item collections of writes; "
           "leave it out";
  }
  if (name == "TransactItems" || name == "ClientRequestToken" || name == "RequestItems") {
    return "a field of TransactWriteItems, TransactGetItems or BatchGetItem: give that --operation";
  }
  return {};
}

Result<void> read_field(const FieldName& f, const json& v, WriteRequest& r) {
  switch (f.field) {
    case kTableName: {
      auto s = string_field(f.name, v);
      if (!s) return s.error();
      r.table_name = std::move(*s);
      return {};
    }
    case kKey:
    case kItem:
    case kValues: {
      auto item = item_field(f.name, v);
      if (!item) return item.error();
      if (f.field == kKey) r.key = std::move(*item);
      if (f.field == kItem) r.item = std::move(*item);
      if (f.field == kValues) r.values = std::move(*item);
      return {};
    }
    case kNames: {
      auto names = names_field(v);
      if (!names) return names.error();
      r.names = std::move(*names);
      return {};
    }
    default:
      break;
  }
  auto s = string_field(f.name, v);
  if (!s) return s.error();
  if (f.field == kUpdateExpression) r.update_expression = std::move(*s);
  if (f.field == kConditionExpression) r.condition = std::move(*s);
  if (f.field == kReturnValues) r.return_values = std::move(*s);
  if (f.field == kReturnValuesOnFailure) r.return_values_on_condition_check_failure = std::move(*s);
  return {};
}

// One write action: the object `j`, of the fields `allowed`, named `what`
// in messages.
Result<WriteRequest> read_action(const json& j, WriteOperation op, unsigned allowed,
                                 std::string_view what) {
  if (!j.is_object()) return wrong_type("the request", "a JSON object", j);
  WriteRequest r;
  r.operation = op;
  unsigned seen = 0;
  for (const auto& [name, value] : j.items()) {
    const FieldName* known = nullptr;
    for (const FieldName& f : kFieldNames) {
      if (f.name == name && (allowed & f.field) != 0) known = &f;
    }
    if (known == nullptr) {
      const std::string_view why = known_but_refused(name);
      return request_error(ErrorCode::kBadParameter,
                           why.empty() ? fmt::format("{}: not a field of {}", printable(name), what)
                                       : fmt::format("{}: {}", printable(name), why));
    }
    if (auto ok = read_field(*known, value, r); !ok) return ok.error();
    seen |= known->field;
  }
  for (Field needed : {kKey, kItem}) {
    if ((allowed & needed) != 0 && (seen & needed) == 0) {
      return request_error(
          ErrorCode::kBadParameter,
          fmt::format("{}: missing; {} needs it", needed == kKey ? "Key" : "Item", what));
    }
  }
  return r;
}

Error invalid(std::string message) {
  return Error{ErrorCode::kBadParameter, 0, std::move(message)};
}

bool has_expression(const WriteRequest& r) { return r.update_expression || r.condition; }

}  // namespace

std::string_view json_type_name(const json& j) {
  switch (j.type()) {
    case json::value_t::object:
      return "an object";
    case json::value_t::array:
      return "an array";
    case json::value_t::string:
      return "a string";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::null:
      return "null";
    default:
      return "a number";
  }
}

Error wrong_type(std::string_view field, std::string_view want, const json& got) {
  return request_error(ErrorCode::kBadParameter,
                       fmt::format("{}: expected {}, got {}", field, want, json_type_name(got)));
}

std::string_view write_operation_name(WriteOperation op) {
  switch (op) {
    case WriteOperation::kUpdateItem:
      return "UpdateItem";
    case WriteOperation::kDeleteItem:
      return "DeleteItem";
    case WriteOperation::kPutItem:
      return "PutItem";
    case WriteOperation::kTransactWriteItems:
      return "TransactWriteItems";
    case WriteOperation::kTransactGetItems:
      return "TransactGetItems";
    case WriteOperation::kBatchGetItem:
      break;
  }
  return "BatchGetItem";
}

bool is_multi_item(WriteOperation op) {
  return op == WriteOperation::kTransactWriteItems || op == WriteOperation::kTransactGetItems ||
         op == WriteOperation::kBatchGetItem;
}

Result<nlohmann::json> parse_request_json(std::string_view text) {
  // One pass without recursion first: nesting, the count of values and
  // duplicate keys, so that nothing below recurses deeper than DynamoDB
  // JSON's own limit.
  const JsonScan scan = scan_json_within(text, kMaxDynamoDbJsonDepth, support::kMaxJsonValues);
  switch (scan.stop) {
    case JsonScan::Stop::kNone:
      break;
    case JsonScan::Stop::kTooDeep:
      return request_error(
          ErrorCode::kBadFormat,
          fmt::format("the request nests deeper than {} levels", kMaxDynamoDbJsonDepth));
    case JsonScan::Stop::kTooManyValues:
      return request_error(
          ErrorCode::kBadFormat,
          fmt::format("the request holds more than {} values", support::kMaxJsonValues));
    case JsonScan::Stop::kDuplicateKey:
      return request_error(
          ErrorCode::kBadFormat,
          fmt::format("the request names the key {} twice in one object", printable(scan.detail)));
    case JsonScan::Stop::kNotJson:
      return request_error(ErrorCode::kBadFormat,
                           fmt::format("the request is not JSON: {}", printable(scan.detail)));
  }
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return request_error(ErrorCode::kBadFormat, "the request is not JSON");
  return j;
}

Result<WriteRequest> parse_write_request(std::string_view text, WriteOperation op) {
  if (is_multi_item(op)) {
    return request_error(ErrorCode::kBadParameter,
                         fmt::format("{}: a multi-item request, read by parse_multi_request "
                                     "(tools/codecs/multi_request.h)",
                                     write_operation_name(op)));
  }
  auto j = parse_request_json(text);
  if (!j) return j.error();
  return read_action(*j, op, fields_of(op), write_operation_name(op));
}

Result<WriteRequest> read_transact_write_action(const nlohmann::json& j, std::string_view kind) {
  constexpr unsigned common =
      kTableName | kConditionExpression | kNames | kValues | kReturnValuesOnFailure;
  if (kind == "Put") return read_action(j, WriteOperation::kPutItem, common | kItem, kind);
  if (kind == "Update") {
    return read_action(j, WriteOperation::kUpdateItem, common | kKey | kUpdateExpression, kind);
  }
  if (kind == "Delete") return read_action(j, WriteOperation::kDeleteItem, common | kKey, kind);
  return read_action(j, WriteOperation::kDeleteItem, common | kKey, "ConditionCheck");
}

nlohmann::json write_request_json(const WriteRequest& r) {
  json j = json::object();
  if (r.table_name) j["TableName"] = *r.table_name;
  if (r.operation == WriteOperation::kPutItem) {
    j["Item"] = json::parse(to_json(r.item));
  } else {
    j["Key"] = json::parse(to_json(r.key));
  }
  if (r.update_expression) j["UpdateExpression"] = *r.update_expression;
  if (r.condition) j["ConditionExpression"] = *r.condition;
  if (r.names) j["ExpressionAttributeNames"] = *r.names;
  if (r.values) j["ExpressionAttributeValues"] = json::parse(to_json(*r.values));
  if (r.return_values) j["ReturnValues"] = *r.return_values;
  if (r.return_values_on_condition_check_failure) {
    j["ReturnValuesOnConditionCheckFailure"] = *r.return_values_on_condition_check_failure;
  }
  return j;
}

Result<void> check_write_request(const WriteRequest& r) {
  // The enums are read with the request, before anything else [DYN putItem.js].
  if (r.return_values) {
    const std::string& v = *r.return_values;
    if (v != "NONE" && v != "ALL_OLD" && v != "UPDATED_OLD" && v != "ALL_NEW" &&
        v != "UPDATED_NEW") {
      return invalid(fmt::format(
          "1 validation error detected: Value '{}' at 'returnValues' failed to satisfy "
          "constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, "
          "UPDATED_NEW]",
          printable(v)));
    }
    // PutItem and DeleteItem take NONE and ALL_OLD only [DYN putItem.js; ALT
    // test_returnvalues.py::test_delete_item_returnvalues].
    if (r.operation != WriteOperation::kUpdateItem && v != "NONE" && v != "ALL_OLD") {
      return invalid("ReturnValues can only be ALL_OLD or NONE");
    }
  }
  if (r.return_values_on_condition_check_failure) {
    const std::string& v = *r.return_values_on_condition_check_failure;
    // The text of the model's own check (src/query/update.cc) [ALT
    // test_returnvalues.py::test_validation_of_returnvalues_on_condition_check_failure].
    if (v != "NONE" && v != "ALL_OLD") {
      return invalid(
          "1 validation error detected: Value at 'returnValuesOnConditionCheckFailure' failed to "
          "satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]");
    }
  }
  // Reference §1.1 rule 7 [DYN updateItem.js, putItem.js, deleteItem.js].
  if (r.names && r.names->empty()) return invalid("ExpressionAttributeNames must not be empty");
  if (r.values && r.values->empty()) return invalid("ExpressionAttributeValues must not be empty");
  if (r.names && !has_expression(r)) {
    return invalid("ExpressionAttributeNames can only be specified when using expressions");
  }
  if (r.values && !has_expression(r)) {
    return invalid(r.operation == WriteOperation::kUpdateItem
                       ? "ExpressionAttributeValues can only be specified when using "
                         "expressions: UpdateExpression and ConditionExpression are null"
                       : "ExpressionAttributeValues can only be specified when using "
                         "expressions: ConditionExpression is null");
  }
  return {};
}

}  // namespace sortkey::cli
