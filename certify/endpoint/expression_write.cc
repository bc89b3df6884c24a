// The writes with expressions (expression_write.h): the oracle's answer,
// the request's parameters and the words of a divergence's signature.

#include "certify/endpoint/expression_write.h"

#include <fmt/format.h>

#include <set>

#include "certify/endpoint/workload.h"
#include "dynamodb/client.h"
#include "properties/props/query_spec.h"
#include "properties/props/update_props.h"

namespace sortkey::certify::endpoint {

using oracle::NItem;
using oracle::NReturn;
using oracle::NUpdAction;
using oracle::NUpdOperand;
using oracle::NWriteAnswer;

const char* write_operation(const ExpressionWrite& w) {
  switch (w.kind) {
    case ExpressionWrite::Kind::kUpdate:
      return "UpdateItem";
    case ExpressionWrite::Kind::kPut:
      return "PutItem";
    case ExpressionWrite::Kind::kDelete:
      return "DeleteItem";
  }
  return "UpdateItem";
}

const char* return_values_name(NReturn r) {
  switch (r) {
    case NReturn::kNone:
      return "NONE";
    case NReturn::kAllOld:
      return "ALL_OLD";
    case NReturn::kUpdatedOld:
      return "UPDATED_OLD";
    case NReturn::kAllNew:
      return "ALL_NEW";
    case NReturn::kUpdatedNew:
      return "UPDATED_NEW";
  }
  return "NONE";
}

std::ostream& operator<<(std::ostream& os, const ExpressionWrite& w) {
  os << write_operation(w) << " "
     << oracle::naive_show(w.kind == ExpressionWrite::Kind::kPut ? w.item : w.key);
  if (w.update) os << " " << oracle::naive_show(*w.update);
  if (w.condition) os << " if " << oracle::naive_show(*w.condition);
  if (w.return_values != NReturn::kNone)
    os << ", ReturnValues " << return_values_name(w.return_values);
  if (w.old_on_failure) os << ", ReturnValuesOnConditionCheckFailure ALL_OLD";
  return os;
}

NItem write_key(const oracle::NSchema& schema, const ExpressionWrite& w) {
  return w.kind == ExpressionWrite::Kind::kPut ? oracle::naive_table_key(schema, w.item) : w.key;
}

// PutItem: a refused item before its condition (validation comes first, AWS
// API reference "PutItem", Errors), then the condition on the item held (on
// none: an empty item), then the write.
NWriteAnswer expect_write(oracle::NaiveTable& model, const ExpressionWrite& w) {
  switch (w.kind) {
    case ExpressionWrite::Kind::kUpdate: {
      oracle::NUpdateRequest r;
      r.key = w.key;
      r.update = w.update;
      r.condition = w.condition;
      r.return_values = w.return_values;
      r.old_on_failure = w.old_on_failure;
      return oracle::naive_update_item(model, r);
    }
    case ExpressionWrite::Kind::kDelete:
      return oracle::naive_delete_item(model, w.key, w.condition, w.return_values,
                                       w.old_on_failure);
    case ExpressionWrite::Kind::kPut:
      break;
  }
  NWriteAnswer out;
  if (w.condition) {
    if (std::string why = oracle::naive_refusal(*w.condition); !why.empty()) {
      out.verdict = NWriteAnswer::Verdict::kRefused;
      out.why = why;
      return out;
    }
  }
  if (w.return_values != NReturn::kNone && w.return_values != NReturn::kAllOld) {
    out.verdict = NWriteAnswer::Verdict::kRefused;
    out.why = "PutItem returns ALL_OLD or NONE only";
    return out;
  }
  if (!model.can_put(w.item)) {
    out.verdict = NWriteAnswer::Verdict::kRefused;
    out.why = "the item is not one DynamoDB stores";
    return out;
  }
  const std::optional<NItem> old = model.get(oracle::naive_table_key(model.schema(), w.item));
  if (w.condition && !oracle::naive_eval(*w.condition, old.value_or(NItem{}))) {
    out.verdict = NWriteAnswer::Verdict::kConditionFailed;
    if (w.old_on_failure) out.attributes = old;
    return out;
  }
  model.put(w.item);
  if (w.return_values == NReturn::kAllOld) out.attributes = old;
  return out;
}

nlohmann::json write_params(const std::string& table, const ExpressionWrite& w) {
  nlohmann::json j = {{"TableName", table}};
  ExpressionAttributes attributes;
  if (w.kind == ExpressionWrite::Kind::kUpdate) {
    oracle::NUpdateRequest r;
    r.key = w.key;
    r.update = w.update;
    r.condition = w.condition;
    const UpdateItemRequest u = props::render_update_request(r, w.style);
    attributes = u.attributes;
    j["Key"] = naive_to_json(w.key);
    if (u.update_expression) j["UpdateExpression"] = *u.update_expression;
    if (u.condition) j["ConditionExpression"] = *u.condition;
  } else {
    j[w.kind == ExpressionWrite::Kind::kPut ? "Item" : "Key"] =
        naive_to_json(w.kind == ExpressionWrite::Kind::kPut ? w.item : w.key);
    if (w.condition)
      j["ConditionExpression"] = props::render_filter(*w.condition, w.style, attributes);
  }
  if (!attributes.names.empty()) j["ExpressionAttributeNames"] = attributes.names;
  if (!attributes.values.empty()) {
    nlohmann::json values = nlohmann::json::object();
    for (const auto& [k, v] : attributes.values) values[k] = dynamodb::to_json_value(v);
    j["ExpressionAttributeValues"] = values;
  }
  if (w.return_values != NReturn::kNone) j["ReturnValues"] = return_values_name(w.return_values);
  if (w.old_on_failure) j["ReturnValuesOnConditionCheckFailure"] = "ALL_OLD";
  return j;
}

namespace {

// "attribute", "nested attribute" or "list element": where a path ends.
std::string path_form(const oracle::NPath& p) {
  if (p.size() == 1) return "attribute";
  return p.back().is_index ? "list element" : "nested attribute";
}

std::string operand_form(const NUpdOperand& o) {
  switch (o.kind) {
    case NUpdOperand::Kind::kPath:
      return "path";
    case NUpdOperand::Kind::kValue:
      return std::string("value ") + oracle::naive_type_name(o.value.t);
    case NUpdOperand::Kind::kIfNotExists:
      return "if_not_exists(path, " + operand_form(o.args.at(0)) + ")";
    case NUpdOperand::Kind::kListAppend:
      return "list_append(" + operand_form(o.args.at(0)) + ", " + operand_form(o.args.at(1)) + ")";
  }
  return "value";
}

std::string action_form(const NUpdAction& a) {
  switch (a.kind) {
    case NUpdAction::Kind::kSet: {
      std::string s = "SET " + path_form(a.path) + " = " + operand_form(a.operands.at(0));
      if (a.op != 0) s += fmt::format(" {} {}", a.op, operand_form(a.operands.at(1)));
      return s;
    }
    case NUpdAction::Kind::kRemove:
      return "REMOVE " + path_form(a.path);
    case NUpdAction::Kind::kAdd:
      return fmt::format("ADD {} {}", path_form(a.path), oracle::naive_type_name(a.constant.t));
    case NUpdAction::Kind::kDelete:
      return fmt::format("DELETE {} {}", path_form(a.path), oracle::naive_type_name(a.constant.t));
  }
  return "";
}

}  // namespace

bool condition_cause(const std::string& cause) {
  return cause == kConditionFalse || cause == kConditionTrue || cause == kConditionRefused;
}

std::string write_feature(const ExpressionWrite& w, bool returns, bool failed) {
  if (condition_cause(w.cause)) return "a write " + w.cause;
  std::string out = write_operation(w);
  if (!w.cause.empty()) return out + " " + w.cause;
  if (w.update) {
    std::set<std::string> forms;
    for (const NUpdAction& a : w.update->actions) forms.insert(action_form(a));
    const char* separator = " ";
    for (const std::string& f : forms) {
      out += separator;
      out += f;
      separator = ", ";
    }
  }
  if (w.condition) out += "; a condition";
  if (returns && failed) out += "; ReturnValuesOnConditionCheckFailure ALL_OLD";
  if (returns && !failed)
    out += fmt::format("; ReturnValues {}", return_values_name(w.return_values));
  return out;
}

std::optional<ExpressionWrite> with_action(const ExpressionWrite& w, std::size_t action) {
  if (!w.update || w.update->actions.size() < 2 || action >= w.update->actions.size())
    return std::nullopt;
  ExpressionWrite one = w;
  one.update->actions = {w.update->actions[action]};
  return one;
}

}  // namespace sortkey::certify::endpoint
