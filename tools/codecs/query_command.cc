// sortkey query build: the expression builder on the command line. Prints the
// Query parameters (KeyConditionExpression, ExpressionAttributeNames,
// ExpressionAttributeValues, ...) as JSON ready for an SDK call.
//
//   sortkey query build --table AuditLog --partition 'PK=ACTOR#u_8814' --sort SK
//       --between 'EVT#2026-06-23T00:00:00Z' 'EVT#2026-06-23T23:59:59Z' --backward
//
// An attribute is NAME or NAME:TYPE with TYPE one of S (the default), N, B;
// B values are base64. `--partition` may be repeated (multi-attribute index
// keys), and `--sort-equal NAME=VALUE` fixes leading sort attributes.

#include <fmt/format.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "codec_commands.h"
#include "option_checks.h"
#include "sortkey/expression_builder.h"

namespace sortkey::cli {
namespace {

struct QueryArgs {
  std::string table, index;
  std::vector<std::string> partition, sort_equal;
  std::string sort;
  std::optional<std::string> eq, lt, le, gt, ge, begins_with;
  std::vector<std::string> between;
  bool backward = false;
  bool compact = false;
  std::optional<int> limit;
};

struct Named {
  std::string name;
  AttributeType type = AttributeType::kS;
};

Result<Named> parse_name(std::string_view spec) {
  Named n;
  n.name = std::string(spec);
  if (spec.size() > 2 && spec[spec.size() - 2] == ':') {
    const char t = spec.back();
    if (t == 'S' || t == 'N' || t == 'B') {
      n.type = t == 'S' ? AttributeType::kS : (t == 'N' ? AttributeType::kN : AttributeType::kB);
      n.name = std::string(spec.substr(0, spec.size() - 2));
    }
  }
  if (n.name.empty())
    return make_error(ErrorCode::kEmpty, 0, "an attribute name must not be empty");
  return n;
}

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
  auto name = parse_name(spec.substr(0, eq));
  if (!name) return name.error();
  auto value = parse_value(name->type, spec.substr(eq + 1));
  if (!value) {
    return make_error(value.error().code, eq + 1 + value.error().offset,
                      fmt::format("the value of {}: {}", name->name, value.error().message));
  }
  return std::make_pair(name->name, std::move(*value));
}

Result<std::string> build(const QueryArgs& a) {
  KeyQuery q;
  q.table_name = a.table;
  q.index_name = a.index;
  q.scan_index_forward = !a.backward;
  q.limit = a.limit;
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
  const int conditions = a.eq.has_value() + a.lt.has_value() + a.le.has_value() + a.gt.has_value() +
                         a.ge.has_value() + a.begins_with.has_value() + !a.between.empty();
  if (conditions > 1) {
    return make_error(ErrorCode::kBadParameter, 0,
                      "give at most one of --eq --lt --le --gt --ge --between --begins-with");
  }
  if (conditions == 1 || !a.sort.empty()) {
    if (a.sort.empty())
      return make_error(ErrorCode::kBadParameter, 0, "a sort-key condition needs --sort NAME");
    if (conditions == 0)
      return make_error(ErrorCode::kBadParameter, 0,
                        "--sort needs a condition (--eq, --between, ...)");
    auto name = parse_name(a.sort);
    if (!name) return name.error();
    q.sort_attribute = name->name;
    auto value = [&](const std::string& text) { return parse_value(name->type, text); };
    const std::optional<std::string>* single[] = {&a.eq, &a.lt, &a.le,
                                                  &a.gt, &a.ge, &a.begins_with};
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
  }
  auto built = build_key_condition(q);
  if (!built) return built.error();
  return to_request_json(*built, a.compact ? -1 : 2);
}

}  // namespace

void add_query_command(CLI::App& app, Context& ctx) {
  CLI::App* query = app.add_subcommand("query", "build DynamoDB Query parameters");
  query->require_subcommand(1);
  CLI::App* b = query->add_subcommand("build",
                                      "print KeyConditionExpression, ExpressionAttributeNames and "
                                      "ExpressionAttributeValues as JSON");
  auto a = std::make_shared<QueryArgs>();
  b->add_option("--partition", a->partition, "NAME[:S|N|B]=VALUE, one per partition key attribute")
      ->required();
  b->add_option("--sort-equal", a->sort_equal,
                "NAME[:S|N|B]=VALUE: equality on a leading sort attribute");
  b->add_option("--sort", a->sort, "NAME[:S|N|B]: the sort attribute the condition is on");
  b->add_option("--eq", a->eq, "sort = VALUE");
  b->add_option("--lt", a->lt, "sort < VALUE");
  b->add_option("--le", a->le, "sort <= VALUE");
  b->add_option("--gt", a->gt, "sort > VALUE");
  b->add_option("--ge", a->ge, "sort >= VALUE");
  b->add_option("--between", a->between, "sort BETWEEN LOW AND HIGH (inclusive)")->expected(2);
  b->add_option("--begins-with", a->begins_with, "begins_with(sort, PREFIX)");
  b->add_option("--table", a->table, "TableName to print");
  b->add_option("--index", a->index, "IndexName to print");
  b->add_flag("--backward", a->backward, "ScanIndexForward = false (newest first)");
  b->add_option("--limit", a->limit, "Limit")
      ->transform(decimal<int>())
      ->check(CLI::PositiveNumber);
  b->add_flag("--compact", a->compact, "one line of JSON");
  b->callback([a, &ctx] {
    auto json = build(*a);
    if (!json) {
      ctx.exit_code = 1;
      fmt::print(stderr, "sortkey: cannot build the key condition: {}\n", describe(json.error()));
      return;
    }
    fmt::print("{}\n", *json);
  });
}

}  // namespace sortkey::cli
