#include "design/drawing.h"

#include <gtest/gtest.h>

#include <string>

#include "design/html_page.h"
#include "design/load.h"
#include "design/tests/test_values.h"

namespace sortkey::design {
namespace {

using testing::number_value;
using testing::text_value;

// One device with its readings under SK_TEMPLATE, read newest first, two a page.
constexpr const char* kReadings = R"(
table: {partition_key: PK, sort_key: SK}
entities:
  Reading:
    attributes:
      device: {type: string, alphabet: upper}
      n: {type: integer, range: [0, 99]}
    keys: {PK: "D#{device}", SK: "SK_TEMPLATE"}
  Note:
    attributes: {device: {type: string, alphabet: upper}}
    keys: {PK: "D#{device}", SK: "NOTE"}
patterns:
  newest:
    query:
      partition: {PK: "D#{device}"}
      sort: {SK: {begins_with: "R#"}}
      forward: false
    parameters: {device: {like: Reading.device}}
    returns: [{entity: Reading, where: {device: $device}}]
    order: [{attribute: n, descending: true}]
)";

Design load_notes_design(const std::string& sk, const std::string& note_sk = "NOTE") {
  std::string text = kReadings;
  text.replace(text.find("SK_TEMPLATE"), 11, sk);
  text.replace(text.find("\"NOTE\""), 6, "\"" + note_sk + "\"");
  auto d = load_design_text(text, "readings.yaml");
  EXPECT_TRUE(d) << (d ? "" : d.error().message);
  return *d;
}

Population readings(const Design& d, std::vector<std::int64_t> ns) {
  Population p;
  for (std::int64_t n : ns) p.push_back(Entity{&d.entities[0], {text_value("A"), number_value(n)}});
  p.push_back(Entity{&d.entities[1], {text_value("A")}});
  return p;
}

PatternDrawing drawn(const Design& d, const Population& pop, int limit) {
  auto pd = draw_pattern(d, d.patterns[0], pop, {{"device", text_value("A")}}, limit);
  EXPECT_TRUE(pd) << (pd ? "" : pd.error().message);
  return *pd;
}

const Read& declared(const PatternDrawing& pd) {
  for (const Read& r : pd.reads) {
    if (r.declared) return r;
  }
  ADD_FAILURE() << "no declared read";
  return pd.reads.front();
}

TEST(DrawPattern, DrawsTheCollectionInKeyOrderAndBothDirections) {
  const Design d = load_notes_design("R#{n:padded(2)}");
  const PatternDrawing pd = drawn(d, readings(d, {9, 10, 3}), 2);
  ASSERT_EQ(pd.collection.items.size(), 4u);
  EXPECT_EQ(pd.collection.partition, "D#A");
  std::vector<std::string> sks;
  for (const DrawnItem& i : pd.collection.items) sks.push_back(i.sort);
  EXPECT_EQ(sks, (std::vector<std::string>{"NOTE", "R#03", "R#09", "R#10"}));
  ASSERT_EQ(pd.reads.size(), 2u);
  EXPECT_TRUE(pd.reads[0].forward);
  EXPECT_FALSE(pd.reads[0].declared);
  const Read& r = declared(pd);
  EXPECT_FALSE(r.forward);
  // Descending: R#10, R#09 on page 1 (ending at R#09), R#03 on page 2; NOTE is outside.
  ASSERT_EQ(r.rows.size(), 4u);
  EXPECT_EQ(pd.collection.items[r.rows[0].item].sort, "R#10");
  EXPECT_EQ(r.rows[0].page, 1);
  EXPECT_EQ(r.rows[0].position, 1);
  EXPECT_TRUE(r.rows[1].page_ends);
  EXPECT_EQ(r.rows[2].page, 2);
  EXPECT_EQ(r.rows[2].position, 3);
  EXPECT_FALSE(r.rows[3].in_range);
  EXPECT_EQ(r.pages, 2);
  EXPECT_FALSE(pd.wrong);
}

TEST(DrawPattern, MarksTheFewestRowsOutOfOrder) {
  // Unpadded: R#10 sorts before R#9, so newest first returns 9, 3, 10.
  const Design d = load_notes_design("R#{n}");
  const PatternDrawing pd = drawn(d, readings(d, {9, 10, 3}), 5);
  const Read& r = declared(pd);
  std::vector<std::pair<std::string, Mark>> got;
  for (const Read::Row& row : r.rows) {
    if (row.position > 0) got.emplace_back(pd.collection.items[row.item].sort, row.mark);
  }
  EXPECT_EQ(got, (std::vector<std::pair<std::string, Mark>>{
                     {"R#9", Mark::kNone}, {"R#3", Mark::kNone}, {"R#10", Mark::kOutOfOrder}}));
  EXPECT_TRUE(pd.wrong);
}

TEST(DrawPattern, MarksMissingAndExtraRows) {
  // A Reading's SK without the R#: outside begins_with, so missing; the
  // declared answer holds no Note, so a Note under R# would be extra.
  const Design d = load_notes_design("{n:padded(2)}", "R#NOTE");
  const PatternDrawing pd = drawn(d, readings(d, {7}), 5);
  const Read& r = declared(pd);
  std::vector<std::pair<std::string, Mark>> got;
  for (const Read::Row& row : r.rows)
    got.emplace_back(pd.collection.items[row.item].sort, row.mark);
  EXPECT_EQ(got, (std::vector<std::pair<std::string, Mark>>{{"R#NOTE", Mark::kExtra},
                                                            {"07", Mark::kMissing}}));
}

TEST(DrawTable, PartitionsInKeyOrderItemsInSortKeyOrder) {
  const Design d = load_notes_design("R#{n:padded(2)}");
  Population pop = readings(d, {42, 5});
  pop.push_back(Entity{&d.entities[1], {text_value("B")}});
  auto table = draw_table(d, pop);
  ASSERT_TRUE(table) << table.error().message;
  ASSERT_EQ(table->size(), 2u);
  EXPECT_EQ((*table)[0].partition, "D#A");
  ASSERT_EQ((*table)[0].items.size(), 3u);
  EXPECT_EQ((*table)[0].items[0].sort, "NOTE");
  EXPECT_EQ((*table)[0].items[1].sort, "R#05");
  EXPECT_EQ((*table)[1].partition, "D#B");
}

TEST(HtmlEscape, EscapesMarkupQuotesAndControlBytes) {
  EXPECT_EQ(html_escape("<script>\"a\"&'b'</script>"),
            "&lt;script&gt;&quot;a&quot;&amp;&#39;b&#39;&lt;/script&gt;");
  EXPECT_EQ(html_escape("a\x01"
                        "b\x7f"),
            "a\\x01b\\x7F");
  EXPECT_EQ(html_escape("\xc3\xa9\xff<"), "\xc3\xa9\\xFF&lt;");
  EXPECT_EQ(html_escape("\xe6\x97"), "\\xE6\\x97");
}

}  // namespace
}  // namespace sortkey::design
