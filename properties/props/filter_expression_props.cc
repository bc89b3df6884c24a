#include "properties/props/filter_expression_props.h"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "oracles/naive_query.h"
#include "properties/props/query_conversions.h"
#include "sortkey/table.h"

namespace sortkey::props {
namespace {

using oracle::NItem;

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

struct FilterWorld {
  std::vector<Item> items;
  std::vector<NItem> naive;
  Table table;
};

// Built once, never freed: every call of the properties reads the same table.
const FilterWorld& filter_world() {
  static const FilterWorld* w = [] {
    TableSchema schema;
    schema.partition_key = {"k", AttributeType::kS};
    auto* out = new FilterWorld{{}, {}, std::move(*Table::create(schema))};
    for (const char* json : kItems) {
      Item item = *parse_item(json);
      (void)out->table.put(item);
      out->naive.push_back(to_naive(item));
      out->items.push_back(std::move(item));
    }
    return out;
  }();
  return *w;
}

Result<std::vector<Item>> scan_all(ScanRequest r, int* scanned) {
  std::vector<Item> out;
  *scanned = 0;
  for (int pages = 0; pages < 64; ++pages) {
    auto page = filter_world().table.scan(r);
    if (!page) return page.error();
    *scanned += page->scanned_count;
    for (const StoredItem& item : page->items) out.push_back(item.to_item());
    if (!page->last_evaluated_key) break;
    r.exclusive_start_key = page->last_evaluated_key;
  }
  return out;
}

// The accepted Scan's items (`got`, `scanned` read) against the oracle's
// filter, and the pages of the same Scan with Limit `limit`.
Outcome accepted_scan_holds(ScanRequest r, const Condition& parsed, const std::vector<Item>& got,
                            int scanned, int limit) {
  const oracle::NCond tree = to_naive(parsed);
  std::vector<NItem> want;
  for (const NItem& item : filter_world().naive) {
    if (oracle::naive_eval(tree, item)) want.push_back(item);
  }
  std::vector<NItem> have;
  for (const Item& item : got) have.push_back(to_naive(item));
  std::string why;
  if (!oracle::accept_scan_order(want, have, {}, {}, &why)) {
    return Outcome::fails(fmt::format("the Scan returns {} items, the oracle's filter keeps {}",
                                      have.size(), want.size()));
  }
  if (static_cast<std::size_t>(scanned) != filter_world().items.size()) {
    return Outcome::fails(
        fmt::format("the Scan read {} items of {}", scanned, filter_world().items.size()));
  }
  r.limit = limit;
  auto paged = scan_all(r, &scanned);
  if (!paged) return Outcome::fails("the Scan with Limit failed: " + describe(paged.error()));
  bool same = paged->size() == got.size() &&
              static_cast<std::size_t>(scanned) == filter_world().items.size();
  for (std::size_t i = 0; same && i < paged->size(); ++i) same = (*paged)[i] == got[i];
  if (!same) {
    return Outcome::fails(
        fmt::format("with Limit {} the pages read {} items and return {}, without Limit {}",
                    *r.limit, scanned, paged->size(), got.size()));
  }
  return Outcome::holds();
}

}  // namespace

Outcome filter_evaluate_matches_oracle(const Condition& c, const std::vector<Item>& extra) {
  const oracle::NCond tree = to_naive(c);
  auto one = [&](const Item& item) -> Outcome {
    const bool got = evaluate(c, item);
    const bool want = oracle::naive_eval(tree, to_naive(item));
    if (got == want) return Outcome::holds();
    return Outcome::fails(fmt::format("evaluate() says {} on {}, the oracle ({}) says {}", got,
                                      to_json(item), oracle::naive_show(tree), want));
  };
  for (const Item& item : filter_world().items) {
    if (auto o = one(item); !o.ok()) return o;
  }
  for (const Item& item : extra) {
    if (auto o = one(item); !o.ok()) return o;
  }
  return Outcome::holds();
}

Outcome filter_scan_matches_oracle(const FilterScan& s, const Result<Condition>& parsed,
                                   const ExpressionUses& uses, const AnswerNote& answered) {
  ScanRequest r;
  r.filter = s.text;
  r.attributes = s.attributes;
  int scanned = 0;
  auto got = scan_all(r, &scanned);
  if (answered) {
    answered(got ? fmt::format("Scan returns {} of {} items", got->size(), scanned)
                 : "Scan fails: " + describe(got.error()));
  }
  if (auto verdict = refused_as_parsed("Scan", "filter", parsed, s.attributes, uses,
                                       got ? nullptr : &got.error())) {
    return *verdict;
  }
  if (!got) return Outcome::fails("the Scan failed on a valid filter: " + describe(got.error()));
  return accepted_scan_holds(r, *parsed, *got, scanned, s.limit);
}

}  // namespace sortkey::props
