#include "tools/codecs/query_request.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <utility>

#include "sortkey/expression_builder.h"
#include "sortkey/items_file.h"
#include "tools/option_checks.h"

namespace sortkey::cli {
namespace {

using nlohmann::json;

Result<AttributeValue> parse_value(AttributeType type, std::string_view text) {
  switch (type) {
    case AttributeType::kN:
      return AttributeValue::N(text);
    case AttributeType::kB: {
      auto bytes = decode_base64(text);
      if (!bytes) return bytes.error();
      return AttributeValue::B(std::move(*bytes));
    }
    default:
      return AttributeValue::S(std::string(text));
  }
}

// NAME[:TYPE]=VALUE
Result<std::pair<std::string, AttributeValue>> parse_pair(std::string_view spec) {
  const auto eq = spec.find('=');
  if (eq == std::string_view::npos) {
    return make_error(ErrorCode::kBadFormat, spec.size(),
                      fmt::format("expected NAME=VALUE or NAME:TYPE=VALUE, got \"{}\"", spec));
  }
  auto name = parse_named_attribute(spec.substr(0, eq));
  if (!name) return name.error();
  auto value = parse_value(name->type, spec.substr(eq + 1));
  if (!value) {
    return make_error(value.error().code, eq + 1 + value.error().offset,
                      fmt::format("the value of {}: {}", name->name, value.error().message));
  }
  return std::make_pair(name->name, std::move(*value));
}

Error bad(std::string message) { return Error{ErrorCode::kBadParameter, 0, std::move(message)}; }

// The sort-key condition of the typed parts, into `q`.
Result<void> add_sort_condition(const QueryOptions& a, KeyQuery& q) {
  const int conditions = a.eq.has_value() + a.lt.has_value() + a.le.has_value() + a.gt.has_value() +
                         a.ge.has_value() + a.begins_with.has_value() + !a.between.empty();
  if (conditions > 1)
    return bad("give at most one of --eq --lt --le --gt --ge --between --begins-with");
  if (conditions == 0 && a.sort.empty()) return {};
  if (a.sort.empty()) return bad("a sort-key condition needs --sort NAME");
  if (conditions == 0) return bad("--sort needs a condition (--eq, --between, ...)");
  auto name = parse_named_attribute(a.sort);
  if (!name) return name.error();
  q.sort_attribute = name->name;
  auto value = [&](const std::string& text) { return parse_value(name->type, text); };
  const std::optional<std::string>* single[] = {&a.eq, &a.lt, &a.le, &a.gt, &a.ge, &a.begins_with};
  const SortCondition::Op ops[] = {SortCondition::Op::kEq, SortCondition::Op::kLt,
                                   SortCondition::Op::kLe, SortCondition::Op::kGt,
                                   SortCondition::Op::kGe, SortCondition::Op::kBeginsWith};
  for (std::size_t i = 0; i < 6; ++i) {
    if (!single[i]->has_value()) continue;
    auto v = value(**single[i]);
    if (!v) return v.error();
    q.sort.op = ops[i];
    q.sort.value = std::move(*v);
  }
  if (!a.between.empty()) {
    auto lo = value(a.between[0]);
    if (!lo) return lo.error();
    auto hi = value(a.between[1]);
    if (!hi) return hi.error();
    q.sort = SortCondition::between(std::move(*lo), std::move(*hi));
  }
  return {};
}

// The key condition the builder makes of the typed parts; nullopt without --partition.
Result<std::optional<BuiltQuery>> built_condition(const QueryOptions& a) {
  const bool typed = !a.sort_equal.empty() || !a.sort.empty() || !a.between.empty() || a.eq ||
                     a.lt || a.le || a.gt || a.ge || a.begins_with;
  if (a.partition.empty()) {
    if (typed) return bad("a sort-key condition needs --partition");
    return std::optional<BuiltQuery>();
  }
  if (a.key_condition) {
    return bad(
        "give --key-condition-expression or the parts it is built of (--partition ...), "
        "not both");
  }
  KeyQuery q;
  for (const std::string& p : a.partition) {
    auto pair = parse_pair(p);
    if (!pair) return pair.error();
    q.partition.push_back(std::move(*pair));
  }
  for (const std::string& p : a.sort_equal) {
    auto pair = parse_pair(p);
    if (!pair) return pair.error();
    q.sort_prefix.push_back(std::move(*pair));
  }
  if (auto ok = add_sort_condition(a, q); !ok) return ok.error();
  auto built = build_key_condition(q);
  if (!built) return built.error();
  return std::optional<BuiltQuery>(std::move(*built));
}

// --expression-attribute-names: {"#n": "name", ...}.
Result<std::map<std::string, std::string, std::less<>>> parse_names(const std::string& text) {
  if (auto checked = check_json_within(text, "--expression-attribute-names"); !checked) {
    return checked.error();
  }
  const nlohmann::json parsed = nlohmann::json::parse(text);
  std::map<std::string, std::string, std::less<>> names;
  if (!parsed.is_object()) return bad("--expression-attribute-names: expected a JSON object");
  for (const auto& [k, v] : parsed.items()) {
    if (!v.is_string()) {
      return bad(fmt::format("--expression-attribute-names: the name of {} is not a string", k));
    }
    names.emplace(k, v.get<std::string>());
  }
  return names;
}

// The placeholders given beside the built ones; one given twice is an error.
template <class Map>
Result<void> merge(Map& into, const Map& given, std::string_view option) {
  for (const auto& [k, v] : given) {
    if (!into.emplace(k, v).second) {
      return bad(
          fmt::format("{}: the placeholder {} is one the key condition was built with", option, k));
    }
  }
  return {};
}

Result<ExpressionAttributes> attributes_of(const QueryOptions& o,
                                           const std::optional<BuiltQuery>& built) {
  ExpressionAttributes a;
  if (built) a = built->attributes;
  if (o.names_json) {
    auto names = parse_names(*o.names_json);
    if (!names) return names.error();
    if (auto ok = merge(a.names, *names, "--expression-attribute-names"); !ok) return ok.error();
  }
  if (o.values_json) {
    auto values = parse_item_within(*o.values_json, "--expression-attribute-values");
    if (!values) return values.error();
    if (auto ok = merge(a.values, *values, "--expression-attribute-values"); !ok) return ok.error();
  }
  return a;
}

Result<void> parse_expression(const std::string& text, ExpressionKind kind,
                              const ExpressionAttributes& a, ExpressionUses* uses) {
  auto parsed = parse_condition(text, kind, a, uses);
  if (!parsed) {
    return make_error(parsed.error().code, parsed.error().offset,
                      fmt::format("{}: {}", expression_parameter(kind), parsed.error().message));
  }
  return {};
}

Result<Select> select_of(const QueryOptions& o) {
  const std::string s = o.select.value_or(o.projection ? "SPECIFIC_ATTRIBUTES" : "");
  if (o.projection && s != "SPECIFIC_ATTRIBUTES") {
    return bad(
        fmt::format("--select {} returns no projection: with --projection-expression, "
                    "Select is SPECIFIC_ATTRIBUTES (or not given)",
                    s));
  }
  if (s == "SPECIFIC_ATTRIBUTES" && !o.projection) {
    return bad("--select SPECIFIC_ATTRIBUTES needs --projection-expression");
  }
  if (s == "ALL_ATTRIBUTES") return Select::kAllAttributes;
  if (s == "ALL_PROJECTED_ATTRIBUTES") return Select::kAllProjectedAttributes;
  if (s == "COUNT") return Select::kCount;
  return Select::kDefault;
}

json parameters_of(const QueryOptions& o, const QueryRequest& q, const ExpressionAttributes& a) {
  json j = json::object();
  if (!o.table_name.empty()) j["TableName"] = o.table_name;
  if (!q.index_name.empty()) j["IndexName"] = q.index_name;
  j["KeyConditionExpression"] = q.key_condition;
  if (q.filter) j["FilterExpression"] = *q.filter;
  if (o.projection) j["ProjectionExpression"] = *o.projection;
  if (!a.names.empty()) j["ExpressionAttributeNames"] = a.names;
  if (!a.values.empty()) j["ExpressionAttributeValues"] = json::parse(to_json(a.values));
  if (q.exclusive_start_key) j["ExclusiveStartKey"] = json::parse(to_json(*q.exclusive_start_key));
  if (!q.scan_index_forward) j["ScanIndexForward"] = false;
  if (q.limit) j["Limit"] = *q.limit;
  if (o.select) j["Select"] = *o.select;
  if (q.consistent_read) j["ConsistentRead"] = true;
  return j;
}

}  // namespace

Result<NamedAttribute> parse_named_attribute(std::string_view spec) {
  NamedAttribute n;
  n.name = std::string(spec);
  if (spec.size() > 2 && spec[spec.size() - 2] == ':') {
    const char t = spec.back();
    if (t == 'S' || t == 'N' || t == 'B') {
      n.type = t == 'S' ? AttributeType::kS : (t == 'N' ? AttributeType::kN : AttributeType::kB);
      n.name = std::string(spec.substr(0, spec.size() - 2));
    } else if ((t >= 'A' && t <= 'Z') || (t >= 'a' && t <= 'z')) {
      // A one-letter type that is none of the three is a typo far more often
      // than a name ending in ":X"; such a name is written with its type.
      return make_error(ErrorCode::kBadFormat, spec.size() - 1,
                        fmt::format("the type after ':' in \"{}\" must be S, N or B, got {} (an "
                                    "attribute whose name ends in \":{}\" is written {}:S)",
                                    printable(spec), t, t, printable(spec)));
    }
  }
  if (n.name.empty())
    return make_error(ErrorCode::kEmpty, 0, "an attribute name must not be empty");
  return n;
}

Result<Request> make_request(const QueryOptions& o) {
  auto built = built_condition(o);
  if (!built) return built.error();
  if (!*built && !o.key_condition) {
    return bad("a Query needs a key condition: --key-condition-expression, or --partition");
  }
  auto attributes = attributes_of(o, *built);
  if (!attributes) return attributes.error();
  Request r;
  QueryRequest& q = r.query;
  q.index_name = o.index_name;
  q.key_condition = *built ? (*built)->expression : *o.key_condition;
  q.filter = o.filter;
  q.scan_index_forward = o.scan_index_forward;
  q.limit = o.limit;
  q.consistent_read = o.consistent_read;
  auto select = select_of(o);
  if (!select) return select.error();
  q.select = *select;
  if (o.start_key_json) {
    auto key = parse_item_within(*o.start_key_json, "--exclusive-start-key");
    if (!key) return key.error();
    q.exclusive_start_key = std::move(*key);
  }
  // Every placeholder is checked over all the expressions; the table is given
  // the names of the two it evaluates only.
  ExpressionUses read, all;
  if (auto ok =
          parse_expression(q.key_condition, ExpressionKind::kKeyCondition, *attributes, &read);
      !ok)
    return ok.error();
  if (q.filter) {
    if (auto ok = parse_expression(*q.filter, ExpressionKind::kFilter, *attributes, &read); !ok)
      return ok.error();
  }
  all = read;
  if (o.projection) {
    // The library's reader: DynamoDB's syntax, overlap and conflict checks,
    // its 4 KB and 32-level limits, its messages.
    auto paths = sortkey::parse_projection(*o.projection, *attributes, &all);
    if (!paths) return paths.error();
    r.projection = std::move(*paths);
  }
  if (auto ok = check_all_used(*attributes, all); !ok) return ok.error();
  q.attributes.values = attributes->values;
  for (const auto& [k, v] : attributes->names) {
    if (read.names.count(k) > 0) q.attributes.names.emplace(k, v);
  }
  r.parameters = parameters_of(o, q, *attributes);
  return r;
}

void add_query_options(CLI::App* sub, QueryOptions* o) {
  sub->add_option("--table-name", o->table_name, "TableName")->check(non_empty());
  sub->add_option("--index-name", o->index_name, "IndexName: query a global secondary index")
      ->check(non_empty());
  sub->add_option("--key-condition-expression", o->key_condition,
                  "KeyConditionExpression as text (or build it with --partition and --sort)");
  sub->add_option("--filter-expression", o->filter, "FilterExpression");
  sub->add_option("--projection-expression", o->projection,
                  "ProjectionExpression: the attributes to return, separated by commas");
  sub->add_option("--expression-attribute-names", o->names_json,
                  "ExpressionAttributeNames as JSON: {\"#n\": \"name\"}");
  sub->add_option("--expression-attribute-values", o->values_json,
                  "ExpressionAttributeValues as DynamoDB JSON: {\":v\": {\"S\": \"x\"}}");
  sub->add_option("--exclusive-start-key", o->start_key_json,
                  "ExclusiveStartKey as DynamoDB JSON: a page's LastEvaluatedKey");
  sub->add_flag("--scan-index-forward,!--no-scan-index-forward", o->scan_index_forward,
                "ScanIndexForward: ascending (the default) or, with --no-scan-index-forward, "
                "descending");
  sub->add_flag("--consistent-read,!--no-consistent-read", o->consistent_read,
                "ConsistentRead (not on an index)");
  sub->add_option("--limit", o->limit, "Limit: items read per page, before the filter")
      ->transform(decimal<int>(1, std::numeric_limits<int>::max()));
  sub->add_option("--select", o->select, "Select")
      ->check(
          one_of({"ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES", "SPECIFIC_ATTRIBUTES", "COUNT"}));
  sub->add_option("--partition", o->partition,
                  "build the key condition: NAME[:S|N|B]=VALUE, one per partition key attribute");
  sub->add_option("--sort-equal", o->sort_equal,
                  "NAME[:S|N|B]=VALUE: equality on a leading sort attribute");
  sub->add_option("--sort", o->sort, "NAME[:S|N|B]: the sort attribute the condition is on");
  sub->add_option("--eq", o->eq, "sort = VALUE");
  sub->add_option("--lt", o->lt, "sort < VALUE");
  sub->add_option("--le", o->le, "sort <= VALUE");
  sub->add_option("--gt", o->gt, "sort > VALUE");
  sub->add_option("--ge", o->ge, "sort >= VALUE");
  sub->add_option("--between", o->between, "sort BETWEEN LOW AND HIGH (inclusive)")->expected(2);
  sub->add_option("--begins-with", o->begins_with, "begins_with(sort, PREFIX)");
}

}  // namespace sortkey::cli
