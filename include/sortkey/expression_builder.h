// File: sortkey/expression_builder.h
//
// Builds a Query's KeyConditionExpression, ExpressionAttributeNames and
// ExpressionAttributeValues from a typed request, so that nobody writes
// them by hand (the sort-key guide: hand-written key conditions get BETWEEN bounds and
// reserved words wrong). Every attribute name goes through a placeholder
// (#pk, #sk, ...), so reserved words ("Status", "Date", "Year") and names
// that are not identifiers are always safe; every value through a value
// placeholder (:pk, :sk, :lo, :hi). The bounds are checked as DynamoDB
// checks them: same type, lower <= upper in the type's order (UTF-8 bytes,
// unsigned bytes, numeric), begins_with only on S and B, no empty S or B.
//
// The sort-key value is a key a codec built: a subtree prefix from the
// composite or timestamp codecs (begins_with "EVENT#2026-06#"), a window of
// two timestamps (BETWEEN), a comparison against a parent item (the guides'
// "SK <= ORG#MCDONALDS, backward").
//
// Example (examples/audit_log.yaml, the actor audit log between two deploys):
//
//   sortkey::KeyQuery q;
//   q.partition = {{"PK", sortkey::AttributeValue::S("ACTOR#u_8814")}};
//   q.sort_attribute = "SK";
//   q.sort = sortkey::SortCondition::between(
//       sortkey::AttributeValue::S("EVT#2026-06-23T00:00:00Z"),
//       sortkey::AttributeValue::S("EVT#2026-06-23T23:59:59Z"));
//   auto built = sortkey::build_key_condition(q);
//   built->expression;  // "#pk = :pk AND #sk BETWEEN :lo AND :hi"
//   sortkey::to_request_json(*built);
//   // {"ExpressionAttributeNames": {"#pk": "PK", "#sk": "SK"},
//   //  "ExpressionAttributeValues": {":hi": {"S": "EVT#2026-06-23T23:59:59Z"}, ...},
//   //  "KeyConditionExpression": "#pk = :pk AND #sk BETWEEN :lo AND :hi"}

#ifndef SORTKEY_EXPRESSION_BUILDER_H_
#define SORTKEY_EXPRESSION_BUILDER_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sortkey/attribute.h"
#include "sortkey/error.h"
#include "sortkey/expression.h"
#include "sortkey/query.h"

namespace sortkey {

// One condition on the (last) sort-key attribute.
struct SortCondition {
  enum class Op { kNone, kEq, kLt, kLe, kGt, kGe, kBetween, kBeginsWith };
  Op op = Op::kNone;
  AttributeValue value;  // the operand; the lower bound of kBetween
  AttributeValue upper;  // kBetween only

  static SortCondition none() { return {}; }
  static SortCondition eq(AttributeValue v) { return {Op::kEq, std::move(v), {}}; }
  static SortCondition lt(AttributeValue v) { return {Op::kLt, std::move(v), {}}; }
  static SortCondition le(AttributeValue v) { return {Op::kLe, std::move(v), {}}; }
  static SortCondition gt(AttributeValue v) { return {Op::kGt, std::move(v), {}}; }
  static SortCondition ge(AttributeValue v) { return {Op::kGe, std::move(v), {}}; }
  static SortCondition between(AttributeValue lo, AttributeValue hi) {
    return {Op::kBetween, std::move(lo), std::move(hi)};
  }
  static SortCondition begins_with(AttributeValue prefix) {
    return {Op::kBeginsWith, std::move(prefix), {}};
  }
};

// The operator as a KeyConditionExpression spells it: "=", "<", "<=", ">",
// ">=", "BETWEEN", "begins_with"; empty for kNone.
std::string_view sort_op_text(SortCondition::Op op);

struct KeyQuery {
  std::string table_name;  // optional: printed as TableName
  std::string index_name;  // optional: printed as IndexName
  // Equality on every partition-key attribute (one, or up to four for a
  // multi-attribute index key), in schema order.
  std::vector<std::pair<std::string, AttributeValue>> partition;
  // Multi-attribute sort keys: equalities on the leading sort attributes.
  std::vector<std::pair<std::string, AttributeValue>> sort_prefix;
  std::string sort_attribute;  // required unless sort.op is kNone
  SortCondition sort;
  bool scan_index_forward = true;
  std::optional<int> limit;
};

struct BuiltQuery {
  std::string table_name;
  std::string index_name;
  std::string expression;  // KeyConditionExpression
  ExpressionAttributes attributes;
  bool scan_index_forward = true;
  std::optional<int> limit;
};

// Errors (kBadParameter unless noted): no partition attribute or more than
// four, an empty or repeated attribute name, a sort condition without its
// attribute, a key value not of type S, N or B, bounds of different types,
// lower bound above upper bound (kOutOfRange), begins_with on N, an empty S
// or B value (kEmpty), limit < 1.
Result<BuiltQuery> build_key_condition(const KeyQuery& query);

// The request parameters as JSON, ready for an SDK call: TableName and
// IndexName when set, KeyConditionExpression, ExpressionAttributeNames,
// ExpressionAttributeValues (DynamoDB JSON), ScanIndexForward when false,
// Limit when set. Keys sorted; `indent` < 0 for one line.
std::string to_request_json(const BuiltQuery& built, int indent = 2);

// The same request for sortkey::Table::query.
QueryRequest to_query_request(const BuiltQuery& built);

}  // namespace sortkey

#endif  // SORTKEY_EXPRESSION_BUILDER_H_
