// FilterExpression target: arbitrary text with names and values from the
// input, parsed as a filter, evaluated on items and run as a Scan.
// Input (expression_input.h): line 1 the expression; then "#n=name",
// ":v=T:payload" or ":v={json}" definitions; "+{item json}" items to
// evaluate on besides the fixed ones; option "@limit=N" (1..9, default 3).
//
// The fixed table has the partition key k (S) and eight items holding every
// type: strings with NUL, emoji and U+FF5E, empty S and B, numbers at the
// ends of the range, sets, lists and maps nested three deep, the reserved
// words Size and Status and the name "x y" as attribute names.
//
// Checks:
//   * parse_condition is total: a Condition or an error naming
//     FilterExpression, with a message and an offset inside the text; used
//     placeholders are defined and written; the kind decides nothing but the
//     message (the same text parsed as a KeyConditionExpression);
//   * a parsed tree printed back and parsed again is the same tree;
//   * evaluate() agrees with the naive oracle's naive_eval on every item
//     (comparisons across types false, <> true for a missing attribute,
//     size() of S in bytes and of N, BOOL, NULL without a value, contains on
//     strings, sets and lists, ...);
//   * Scan with the filter fails with the parse error or the
//     unused-placeholder error when those fail, and otherwise returns
//     exactly the items the oracle's filter keeps, the same with Limit, and
//     counts every item read in ScannedCount.

#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/expression_input.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/show_input.h"
#include "oracles/naive_query.h"
#include "properties/props/query_props.h"
#include "sortkey/attribute.h"
#include "sortkey/expression.h"
#include "sortkey/table.h"

namespace {

using namespace sortkey;
using oracle::NItem;
using props::Outcome;

// The fixed items, as DynamoDB JSON.
constexpr const char* kItems[] = {
    R"({"k":{"S":"0"},"s":{"S":"abc"},"n":{"N":"1"},"b":{"B":"AP8="},"bo":{"BOOL":true},"nu":{"NULL":true},
        "ss":{"SS":["a","b"]},"ns":{"NS":["1","2"]},"bs":{"BS":["AA==","/w=="]},
        "l":{"L":[{"S":"a"},{"N":"1"},{"L":[]}]},"m":{"M":{"a":{"S":"x"},"b":{"N":"2"},"Size":{"N":"3"}}}})",
    R"({"k":{"S":"1"},"s":{"S":""},"n":{"N":"-1e-130"},"b":{"B":""},"l":{"L":[]},"m":{"M":{}}})",
    R"({"k":{"S":"2"},"s":{"S":"ab\u0000c"},"n":{"N":"1e125"},"t":{"S":"😀"},"bo":{"BOOL":false}})",
    R"({"k":{"S":"3"},"n":{"N":"3"},"s":{"S":"3"},"ss":{"SS":["3"]},"l":{"L":[{"N":"3"},{"S":"3"}]}})",
    R"({"k":{"S":"4"},"l":{"L":[{"M":{"a":{"L":[{"N":"1"}]}}}]},"m":{"M":{"a":{"M":{"b":{"M":{"c":{"S":"deep"}}}}}}}})",
    R"({"k":{"S":"5"}})",
    R"({"k":{"S":"6"},"x y":{"S":"space"},"Size":{"N":"10"},"Status":{"S":"OPEN"},"n":{"N":"0.5"}})",
    R"({"k":{"S":"7"},"s":{"S":"～"},"n":{"N":"-9.9999999999999999999999999999999999999E+125"},"ss":{"SS":["😀","～"]},
        "b":{"B":"gA=="},"bs":{"BS":["gA=="]},"ns":{"NS":["0.5","-1"]}})",
};

struct World {
  std::vector<Item> items;
  std::vector<NItem> naive;
  Table table;
};

const World& world() {
  static const World* w = [] {
    TableSchema schema;
    schema.partition_key = {"k", AttributeType::kS};
    auto* out = new World{{}, {}, std::move(*Table::create(schema))};
    for (const char* json : kItems) {
      Item item = *parse_item(json);
      (void)out->table.put(item);
      out->naive.push_back(props::to_naive(item));
      out->items.push_back(std::move(item));
    }
    return out;
  }();
  return *w;
}

Outcome evaluate_matches_oracle(const Condition& c, const std::vector<Item>& extra) {
  const oracle::NCond tree = fuzz::to_naive(c);
  auto one = [&](const Item& item) -> Outcome {
    const bool got = evaluate(c, item);
    const bool want = oracle::naive_eval(tree, props::to_naive(item));
    if (got == want) return Outcome::holds();
    return Outcome::fails(fmt::format("evaluate() says {} on {}, the oracle ({}) says {}", got,
                                      to_json(item), oracle::naive_show(tree), want));
  };
  for (const Item& item : world().items) {
    if (auto o = one(item); !o.ok()) return o;
  }
  for (const Item& item : extra) {
    if (auto o = one(item); !o.ok()) return o;
  }
  return Outcome::holds();
}

Result<std::vector<Item>> scan_all(ScanRequest r, int* scanned) {
  std::vector<Item> out;
  *scanned = 0;
  for (int pages = 0; pages < 64; ++pages) {
    auto page = world().table.scan(r);
    if (!page) return page.error();
    *scanned += page->scanned_count;
    for (const StoredItem& item : page->items) out.push_back(item.to_item());
    if (!page->last_evaluated_key) break;
    r.exclusive_start_key = page->last_evaluated_key;
  }
  return out;
}

Outcome check_scan(const fuzz::ExpressionInput& in, const Result<Condition>& parsed,
                   const ExpressionUses& uses) {
  ScanRequest r;
  r.filter = in.text;
  r.attributes = in.attributes;
  int scanned = 0;
  auto got = scan_all(r, &scanned);
  fuzz::show_input([&] {
    return in.show() + "\n  -> " +
           (got ? fmt::format("Scan returns {} of {} items", got->size(), scanned)
                : "Scan fails: " + describe(got.error()));
  });
  if (!parsed) {
    if (got) return Outcome::fails("the Scan succeeded although its filter does not parse");
    if (got.error() != parsed.error()) {
      return Outcome::fails(fmt::format("the Scan fails with {}, the parser with {}",
                                        describe(got.error()), describe(parsed.error())));
    }
    return Outcome::holds();
  }
  if (auto used = check_all_used(in.attributes, uses); !used) {
    if (got || got.error() != used.error()) {
      return Outcome::fails(
          fmt::format("a placeholder is unused ({}), yet the Scan {}", describe(used.error()),
                      got ? "succeeded" : "failed with " + describe(got.error())));
    }
    return Outcome::holds();
  }
  if (!got) return Outcome::fails("the Scan failed on a valid filter: " + describe(got.error()));
  const oracle::NCond tree = fuzz::to_naive(*parsed);
  std::vector<NItem> want;
  for (const NItem& item : world().naive) {
    if (oracle::naive_eval(tree, item)) want.push_back(item);
  }
  std::vector<NItem> have;
  for (const Item& item : *got) have.push_back(props::to_naive(item));
  std::string why;
  if (!oracle::accept_scan_order(want, have, {}, {}, &why)) {
    return Outcome::fails(fmt::format("the Scan returns {} items, the oracle's filter keeps {}",
                                      have.size(), want.size()));
  }
  if (static_cast<std::size_t>(scanned) != world().items.size()) {
    return Outcome::fails(
        fmt::format("the Scan read {} items of {}", scanned, world().items.size()));
  }
  const auto limit = in.options.find("limit");
  r.limit = limit == in.options.end() || limit->second.empty()
                ? 3
                : 1 + static_cast<unsigned char>(limit->second[0] - '1') % 9;
  auto paged = scan_all(r, &scanned);
  if (!paged) return Outcome::fails("the Scan with Limit failed: " + describe(paged.error()));
  bool same =
      paged->size() == got->size() && static_cast<std::size_t>(scanned) == world().items.size();
  for (std::size_t i = 0; same && i < paged->size(); ++i) same = (*paged)[i] == (*got)[i];
  if (!same) {
    return Outcome::fails(
        fmt::format("with Limit {} the pages read {} items and return {}, without Limit {}",
                    *r.limit, scanned, paged->size(), got->size()));
  }
  return Outcome::holds();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::set_target_name("filter_expression_fuzzer");
  const fuzz::ExpressionInput in = fuzz::parse_expression_input(data, size);
  auto show = [&] { return in.show(); };
  ExpressionUses uses;
  const auto parsed = parse_condition(in.text, ExpressionKind::kFilter, in.attributes, &uses);
  fuzz::check(fuzz::parse_is_total(in.text, ExpressionKind::kFilter, in.attributes, parsed, uses),
              "filter/parse_total", show);
  fuzz::check(fuzz::kind_decides_nothing(in.text, in.attributes, ExpressionKind::kFilter, parsed),
              "filter/kind_decides_nothing", show);
  if (parsed) {
    fuzz::check(fuzz::reparses_the_same(*parsed, ExpressionKind::kFilter), "filter/print_reparse",
                show);
    fuzz::check(evaluate_matches_oracle(*parsed, in.items), "filter/evaluate_matches_oracle", show);
  }
  fuzz::check(check_scan(in, parsed, uses), "filter/scan_matches_oracle", show);
  return 0;
}
