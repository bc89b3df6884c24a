#include "sortkey/expression_builder.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <set>

namespace sortkey {
namespace {

using json = nlohmann::json;

Error bad(std::string message) {
  return make_error(ErrorCode::kBadParameter, 0, std::move(message));
}

Result<void> check_key_value(std::string_view name, const AttributeValue& v) {
  if (!is_scalar_key_type(v.type())) {
    return bad(fmt::format("the value for key attribute {} has type {}; key values are S, N or B",
                           name, type_name(v.type())));
  }
  if ((v.type() == AttributeType::kS || v.type() == AttributeType::kB) && v.as_string().empty()) {
    return make_error(
        ErrorCode::kEmpty, 0,
        fmt::format("the value for key attribute {} is empty; DynamoDB rejects empty key values",
                    name));
  }
  return {};
}

// Placeholder names: #pk, #sk for the common one-attribute keys, numbered
// when there are more.
std::string numbered(std::string_view stem, std::size_t i, std::size_t n) {
  return n == 1 ? std::string(stem) : fmt::format("{}{}", stem, i);
}

}  // namespace

Result<BuiltQuery> build_key_condition(const KeyQuery& q) {
  if (q.partition.empty() || q.partition.size() > 4) {
    return bad(
        fmt::format("a Query needs 1 to 4 partition key attributes, got {}", q.partition.size()));
  }
  const std::size_t sort_attrs =
      q.sort_prefix.size() + (q.sort.op == SortCondition::Op::kNone ? 0 : 1);
  if (sort_attrs > 4)
    return bad(fmt::format("a sort key has at most 4 attributes, got {}", sort_attrs));
  if (q.limit && *q.limit < 1)
    return bad(fmt::format("Limit must be at least 1, got {}", *q.limit));
  std::set<std::string, std::less<>> seen;
  auto check_name = [&](std::string_view name) -> Result<void> {
    if (name.empty()) return bad("an attribute name must not be empty");
    if (!seen.emplace(name).second)
      return bad(fmt::format("attribute {} has more than one condition", name));
    return {};
  };

  BuiltQuery out;
  out.table_name = q.table_name;
  out.index_name = q.index_name;
  out.scan_index_forward = q.scan_index_forward;
  out.limit = q.limit;
  std::vector<std::string> clauses;
  for (std::size_t i = 0; i < q.partition.size(); ++i) {
    const auto& [name, value] = q.partition[i];
    if (auto ok = check_name(name); !ok) return ok.error();
    if (auto ok = check_key_value(name, value); !ok) return ok.error();
    const std::string n = fmt::format("#{}", numbered("pk", i, q.partition.size()));
    const std::string v = fmt::format(":{}", numbered("pk", i, q.partition.size()));
    out.attributes.names[n] = name;
    out.attributes.values[v] = value;
    clauses.push_back(fmt::format("{} = {}", n, v));
  }
  for (std::size_t i = 0; i < q.sort_prefix.size(); ++i) {
    const auto& [name, value] = q.sort_prefix[i];
    if (auto ok = check_name(name); !ok) return ok.error();
    if (auto ok = check_key_value(name, value); !ok) return ok.error();
    const std::string n = fmt::format("#{}", numbered("sk", i, sort_attrs));
    const std::string v = fmt::format(":{}", numbered("sk", i, sort_attrs));
    out.attributes.names[n] = name;
    out.attributes.values[v] = value;
    clauses.push_back(fmt::format("{} = {}", n, v));
  }
  if (q.sort.op != SortCondition::Op::kNone) {
    if (q.sort_attribute.empty())
      return bad("a sort-key condition needs the sort key attribute's name");
    if (auto ok = check_name(q.sort_attribute); !ok) return ok.error();
    const std::size_t i = q.sort_prefix.size();
    const std::string n = fmt::format("#{}", numbered("sk", i, sort_attrs));
    out.attributes.names[n] = q.sort_attribute;
    if (auto ok = check_key_value(q.sort_attribute, q.sort.value); !ok) return ok.error();
    switch (q.sort.op) {
      case SortCondition::Op::kBetween: {
        if (auto ok = check_key_value(q.sort_attribute, q.sort.upper); !ok) return ok.error();
        if (q.sort.value.type() != q.sort.upper.type()) {
          return bad(fmt::format("BETWEEN bounds must have one type, got {} and {}",
                                 type_name(q.sort.value.type()), type_name(q.sort.upper.type())));
        }
        if (compare_scalars(q.sort.value, q.sort.upper) > 0) {
          return make_error(
              ErrorCode::kOutOfRange, 0,
              fmt::format("BETWEEN needs lower <= upper, but {} > {} in DynamoDB's order",
                          to_json(q.sort.value), to_json(q.sort.upper)));
        }
        const std::string lo = sort_attrs == 1 ? ":lo" : fmt::format(":lo{}", i);
        const std::string hi = sort_attrs == 1 ? ":hi" : fmt::format(":hi{}", i);
        out.attributes.values[lo] = q.sort.value;
        out.attributes.values[hi] = q.sort.upper;
        clauses.push_back(fmt::format("{} BETWEEN {} AND {}", n, lo, hi));
        break;
      }
      case SortCondition::Op::kBeginsWith: {
        if (q.sort.value.type() == AttributeType::kN) {
          return bad("begins_with works on S and B sort keys, not on N");
        }
        const std::string v = fmt::format(":{}", numbered("sk", i, sort_attrs));
        out.attributes.values[v] = q.sort.value;
        clauses.push_back(fmt::format("begins_with({}, {})", n, v));
        break;
      }
      default: {
        const std::string v = fmt::format(":{}", numbered("sk", i, sort_attrs));
        out.attributes.values[v] = q.sort.value;
        clauses.push_back(fmt::format("{} {} {}", n, sort_op_text(q.sort.op), v));
      }
    }
  }
  for (const std::string& c : clauses)
    out.expression += (out.expression.empty() ? "" : " AND ") + c;
  return out;
}

std::string to_request_json(const BuiltQuery& b, int indent) {
  json j = json::object();
  if (!b.table_name.empty()) j["TableName"] = b.table_name;
  if (!b.index_name.empty()) j["IndexName"] = b.index_name;
  j["KeyConditionExpression"] = b.expression;
  json names = json::object();
  for (const auto& [k, v] : b.attributes.names) names[k] = v;
  j["ExpressionAttributeNames"] = names;
  json values = json::object();
  for (const auto& [k, v] : b.attributes.values) values[k] = json::parse(to_json(v));
  j["ExpressionAttributeValues"] = values;
  if (!b.scan_index_forward) j["ScanIndexForward"] = false;
  if (b.limit) j["Limit"] = *b.limit;
  return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

QueryRequest to_query_request(const BuiltQuery& b) {
  QueryRequest r;
  r.index_name = b.index_name;
  r.key_condition = b.expression;
  r.attributes = b.attributes;
  r.scan_index_forward = b.scan_index_forward;
  r.limit = b.limit;
  return r;
}

std::string_view sort_op_text(SortCondition::Op op) {
  switch (op) {
    case SortCondition::Op::kEq:
      return "=";
    case SortCondition::Op::kLt:
      return "<";
    case SortCondition::Op::kLe:
      return "<=";
    case SortCondition::Op::kGt:
      return ">";
    case SortCondition::Op::kGe:
      return ">=";
    case SortCondition::Op::kBetween:
      return "BETWEEN";
    case SortCondition::Op::kBeginsWith:
      return "begins_with";
    case SortCondition::Op::kNone:
      break;
  }
  return "";
}

}  // namespace sortkey
