#include "design/html_page.h"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

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
  EXPECT_EQ(html.find("<h2>Writes</h2>"), std::string::npos);  // the design declares none
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

std::vector<std::pair<std::size_t, bool>> edges_of(const Read& read) {
  std::vector<std::pair<std::size_t, bool>> out;
  for (const Read::Edge& e : read.edges) out.emplace_back(e.before, e.lower);
  return out;
}

TEST(DrawPattern, AWindowsEdgesAreDrawnWhereItsBoundsCutTheCollection) {
  const Design d = page_design();
  const Population pop = page_population(d, {3, 5, 8});
  const Params window{
      {"device", text_value("A")}, {"from", number_value(4)}, {"to", number_value(7)}};
  auto pd = draw_pattern(d, d.patterns[1], pop, window, 5);
  ASSERT_TRUE(pd) << pd.error().message;
  // Ascending R#03 | R#05 | R#08: the lower bound above R#05, the upper under it.
  using Edges = std::vector<std::pair<std::size_t, bool>>;
  EXPECT_EQ(edges_of(pd->reads[0]), (Edges{{1, true}, {2, false}}));
  EXPECT_EQ(pd->reads[0].edges[0].text, R"(lower bound: SK >= "R#04")");
  EXPECT_EQ(pd->reads[0].edges[1].text, R"(upper bound: SK <= "R#07")");
  // Descending R#08 | R#05 | R#03: the upper bound first.
  EXPECT_EQ(edges_of(pd->reads[1]), (Edges{{1, false}, {2, true}}));
  // A window between two items holds none: both edges where it would be.
  auto empty = draw_pattern(
      d, d.patterns[1], pop,
      {{"device", text_value("A")}, {"from", number_value(6)}, {"to", number_value(7)}}, 5);
  ASSERT_TRUE(empty) << empty.error().message;
  EXPECT_EQ(edges_of(empty->reads[0]), (Edges{{2, true}, {2, false}}));
  EXPECT_EQ(edges_of(empty->reads[1]), (Edges{{1, false}, {1, true}}));

  const std::string html = page_of(d, pop, 1, window);
  const auto lower = html.find(R"(<tr class="edge" data-edge="lower">)");
  ASSERT_NE(lower, std::string::npos);
  EXPECT_LT(html.find(R"(data-sk="R#03")", html.find(R"(<table class="read")")), lower);
  EXPECT_EQ(html.find("<tr ", lower + 1), html.find(R"(<tr class="item t0 returned)", lower));
}

TEST(RenderPage, EveryPanelOfAFailingPatternIsMarkedWithTheExpectedPlaces) {
  // Unpadded: R#10 sorts before R#3 and R#9, oldest first returns 10, 3, 9.
  std::string text = kPageDesign;
  text.replace(text.find("R#{n:padded(2)}"), 15, "R#{n}");
  auto d = load_design_text(text, "unpadded.yaml");
  ASSERT_TRUE(d) << d.error().message;
  const Population pop = page_population(*d, {9, 10, 3});
  const Params device{{"device", text_value("A")}};
  auto failing = draw_pattern(*d, d->patterns[0], pop, device, 5, true);
  ASSERT_TRUE(failing) << failing.error().message;
  ASSERT_EQ(failing->reads.size(), 2u);
  for (const Read& read : failing->reads) {
    std::vector<std::tuple<std::string, int, int, Mark>> rows;  // sk, actual, expected, mark
    for (const Read::Row& r : read.rows) {
      rows.emplace_back(failing->collection.items[r.item].sort, r.position, r.expected_first,
                        r.mark);
    }
    using Rows = std::vector<std::tuple<std::string, int, int, Mark>>;
    if (read.forward) {  // as declared
      EXPECT_EQ(rows, (Rows{{"R#10", 1, 3, Mark::kOutOfOrder},
                            {"R#3", 2, 1, Mark::kNone},
                            {"R#9", 3, 2, Mark::kNone}}));
    } else {  // the other way, marked too: its answer 9, 3, 10 is not the declared one either
      EXPECT_EQ(rows, (Rows{{"R#9", 1, 2, Mark::kNone},
                            {"R#3", 2, 1, Mark::kOutOfOrder},
                            {"R#10", 3, 3, Mark::kNone}}));
    }
  }
  // Not failing: the other way is not marked.
  auto passing = draw_pattern(*d, d->patterns[0], pop, device, 5);
  ASSERT_TRUE(passing);
  for (const Read::Row& r : passing->reads[1].rows) EXPECT_EQ(r.mark, Mark::kNone);

  DesignPage page;
  page.design = &*d;
  page.population = pop;
  page.failures.push_back(PageFailure{"pattern/oldest", "wrong order", pop, {}, {}, *failing});
  page.patterns.push_back(*failing);  // the sample's panel of the failing pattern
  const std::string html = render_page(page);
  EXPECT_EQ(count_of(html, R"(<section class="panel failing" data-pattern="oldest")"), 2u);
  EXPECT_EQ(count_of(html, R"(data-verdict="wrong">wrong: 1 row marked</span>)"), 2u);
  EXPECT_EQ(count_of(html, R"(data-verdict="other-wrong">)"), 2u);
  EXPECT_EQ(count_of(html, R"(<p class="failnote" data-failed="pattern/oldest">)"), 1u);
  EXPECT_NE(html.find(R"(data-sk="R#10" data-key=)"), std::string::npos);
  EXPECT_NE(
      html.find(
          R"(data-position="1" data-expected="3" data-mark="out of order"><td class="pos">1</td><td class="pos expected">3</td>)"),
      std::string::npos);
}

// A sparse index: only flagged readings carry its keys.
constexpr const char* kSparseDesign = R"(
table:
  partition_key: PK
  sort_key: SK
  indexes:
    - {name: Flagged, partition_key: FPK, sort_key: FSK}
entities:
  Reading:
    attributes:
      device: {type: string, alphabet: upper}
      n: {type: integer, range: [0, 99]}
      flagged: {type: boolean}
    keys:
      PK: "D#{device}"
      SK: "R#{n:padded(2)}"
      FPK: {value: "FLAGGED", when: {flagged: true}}
      FSK: {value: "{device}#{n:padded(2)}", when: {flagged: true}}
patterns:
  flagged:
    query: {index: Flagged, partition: {FPK: "FLAGGED"}}
    returns: [{entity: Reading, where: {flagged: true}}]
    order: [{attribute: device}, {attribute: n}]
)";

TEST(RenderPage, AnIndexIsDrawnAsItsOwnCollectionsAndMarksTheItemsItHasNot) {
  auto d = load_design_text(kSparseDesign, "sparse.yaml");
  ASSERT_TRUE(d) << d.error().message;
  Population pop;
  for (auto [device, n, flagged] : std::vector<std::tuple<const char*, int, bool>>{
           {"B", 2, true}, {"A", 7, true}, {"A", 1, false}}) {
    Value f;
    f.type = AttrType::kBoolean;
    f.flag = flagged;
    pop.push_back(Entity{&d->entities[0], {text_value(device), number_value(n), f}});
  }
  auto indexes = draw_indexes(*d, pop);
  ASSERT_TRUE(indexes) << indexes.error().message;
  ASSERT_EQ(indexes->size(), 1u);
  const IndexDrawing& ix = (*indexes)[0];
  ASSERT_EQ(ix.collections.size(), 1u);
  EXPECT_EQ(ix.collections[0].partition, "FLAGGED");
  std::vector<std::string> sks;
  for (const DrawnItem& item : ix.collections[0].items) sks.push_back(item.sort);
  EXPECT_EQ(sks, (std::vector<std::string>{"A#07", "B#02"}));  // the index's order
  ASSERT_EQ(ix.absent.size(), 1u);
  EXPECT_EQ(ix.absent[0].item.sort, "R#01");
  EXPECT_EQ(ix.absent[0].lacks, (std::vector<std::string>{"FPK", "FSK"}));

  DesignPage page;
  page.design = &*d;
  page.population = pop;
  page.table = *draw_table(*d, pop);
  page.indexes = *indexes;
  const std::string html = render_page(page);
  EXPECT_NE(
      html.find(R"(<table class="collection" data-partition="FLAGGED" data-index="Flagged">)"),
      std::string::npos);
  EXPECT_NE(html.find(R"(data-state="absent" data-lacks="FPK · FSK">)"), std::string::npos);
  EXPECT_NE(html.find(R"(<span class="mark absent">absent: no FPK · FSK</span>)"),
            std::string::npos);
}

}  // namespace
}  // namespace sortkey::design
