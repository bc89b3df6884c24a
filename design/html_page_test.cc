#include "design/html_page.h"

#include <gtest/gtest.h>

#include <string>

#include "design/drawing.h"
#include "design/load.h"
#include "design/tests/test_values.h"

namespace sortkey::design {
namespace {

using testing::number_value;
using testing::text_value;

// A device's readings under a long or short sort key, read oldest first.
constexpr const char* kPageDesign = R"(
table: {partition_key: PK, sort_key: SK}
entities:
  Reading:
    attributes:
      device: {type: string, alphabet: upper}
      n: {type: integer, range: [0, 99]}
    keys: {PK: "D#{device}", SK: "R#{n:padded(2)}"}
patterns:
  oldest:
    query:
      partition: {PK: "D#{device}"}
      sort: {SK: {begins_with: "R#"}}
    parameters: {device: {like: Reading.device}}
    returns: [{entity: Reading, where: {device: $device}}]
    order: [{attribute: n}]
  window:
    query:
      partition: {PK: "D#{device}"}
      sort: {SK: {between: ["R#{from:padded(2)}", "R#{to:padded(2)}"]}}
    parameters:
      device: {like: Reading.device}
      from: {like: Reading.n}
      to: {like: Reading.n, at_least: from}
    returns: [{entity: Reading, where: {device: $device, n: {between: [$from, $to]}}}]
    order: [{attribute: n}]
)";

Design page_design() {
  auto d = load_design_text(kPageDesign, "page.yaml");
  EXPECT_TRUE(d) << (d ? "" : d.error().message);
  return *d;
}

Population page_population(const Design& d, std::vector<std::int64_t> ns) {
  Population p;
  for (std::int64_t n : ns) p.push_back(Entity{&d.entities[0], {text_value("A"), number_value(n)}});
  return p;
}

std::string page_of(const Design& d, const Population& pop, std::size_t pattern = 0,
                    Params params = {{"device", text_value("A")}}) {
  DesignPage page;
  page.design = &d;
  page.verdict = "CERTIFIED";
  page.certified = true;
  page.population = pop;
  auto table = draw_table(d, pop);
  EXPECT_TRUE(table);
  page.table = *table;
  auto pd = draw_pattern(d, d.patterns[pattern], pop, params, 2);
  EXPECT_TRUE(pd) << (pd ? "" : pd.error().message);
  page.patterns.push_back(*pd);
  return render_page(page);
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(RenderPage, RowsStayOnOneLineAndTheirTablesScroll) {
  const Design d = page_design();
  const std::string html = page_of(d, page_population(d, {3, 1, 2}));
  const std::size_t tables = count_of(html, "<table ");
  EXPECT_EQ(tables, 3u);  // one collection, two reads
  EXPECT_EQ(count_of(html, R"(<div class="scroll"><table )"), tables);
  EXPECT_NE(html.find("tr.item td { white-space: nowrap; }"), std::string::npos);
  EXPECT_EQ(html.find("break-all"), std::string::npos);
}

TEST(RenderPage, TheKeyConditionShowsTheBoundsItsReadsSent) {
  const Design d = page_design();
  const std::string html =
      page_of(d, page_population(d, {3, 5, 8}), 1,
              {{"device", text_value("A")}, {"from", number_value(4)}, {"to", number_value(7)}});
  EXPECT_NE(html.find(R"(<code class="condition">PK = &quot;D#A&quot; AND SK BETWEEN )"
                      R"(&quot;R#04&quot; AND &quot;R#07&quot;</code>)"),
            std::string::npos);
  // The template stays beside it, and the bounds are data for programs.
  EXPECT_NE(html.find("from <code>PK = D#{device} AND SK BETWEEN R#{from:padded(2)} AND "
                      "R#{to:padded(2)}</code>"),
            std::string::npos);
  EXPECT_NE(html.find(R"(data-sort-op="BETWEEN" data-sort-type="S" data-sort-value="R#04" )"
                      R"(data-sort-upper="R#07")"),
            std::string::npos);
}

}  // namespace
}  // namespace sortkey::design
