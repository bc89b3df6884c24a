// Reference implementation tests: the unsettled rules' readings
// (naive_unsettled.h), each against the cases of the reference that leave
// it open, never against the code under test.
#include "oracles/naive_unsettled.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace sortkey::oracle {
namespace {

NOperand size_of(const std::string& name) {
  NOperand o;
  o.kind = NOperand::Kind::kSize;
  o.path = {NStep{false, name, 0}};
  return o;
}

NOperand named_path(const std::string& name) {
  NOperand o;
  o.kind = NOperand::Kind::kPath;
  o.path = {NStep{false, name, 0}};
  return o;
}

NOperand number(const std::string& text) {
  NOperand o;
  o.value = naive_scalar(NValue::T::N, text);
  return o;
}

NCond compare(NCond::Op op, NOperand a, NOperand b) {
  NCond c;
  c.op = op;
  c.args = {std::move(a), std::move(b)};
  return c;
}

NReading with_size(NReading::Size size) {
  NReading r;
  r.size = size;
  return r;
}

// The reference's section 8(f) case: "é𝄞" is 6 UTF-8 bytes, 3 UTF-16 code
// units (the live check's answer) and 2 code points.
TEST(NaiveUnsettled, SizeOfAStringByEachReading) {
  const NItem item = {{"s", naive_scalar(NValue::T::S, "\xC3\xA9\xF0\x9D\x84\x9E")}};
  const auto size_is = [&](const std::string& n, const NReading& r) {
    return naive_eval(compare(NCond::Op::kEq, size_of("s"), number(n)), item, r);
  };
  EXPECT_TRUE(size_is("6", NReading{}));
  EXPECT_TRUE(naive_eval(compare(NCond::Op::kEq, size_of("s"), number("6")), item));
  EXPECT_TRUE(size_is("3", with_size(NReading::Size::kUtf16CodeUnits)));
  EXPECT_TRUE(size_is("2", with_size(NReading::Size::kCodePoints)));
  // ASCII and Binary are the same by every reading.
  const NItem ascii = {{"s", naive_scalar(NValue::T::S, "hello")},
                       {"b", naive_scalar(NValue::T::B, "\xC3\xA9")}};
  for (const NReading::Size size :
       {NReading::Size::kUtf8Bytes, NReading::Size::kUtf16CodeUnits, NReading::Size::kCodePoints}) {
    EXPECT_TRUE(
        naive_eval(compare(NCond::Op::kEq, size_of("s"), number("5")), ascii, with_size(size)));
    EXPECT_TRUE(
        naive_eval(compare(NCond::Op::kEq, size_of("b"), number("2")), ascii, with_size(size)));
  }
}

TEST(NaiveUnsettled, OtherReadingsAreThoseTheFilterCanTellApart) {
  const NCond plain = compare(NCond::Op::kEq, named_path("a"), number("1"));
  const NCond sized = compare(NCond::Op::kEq, size_of("a"), number("1"));
  EXPECT_TRUE(naive_other_readings(plain, false).empty());
  EXPECT_EQ(naive_other_readings(sized, false).size(), 2u);
  ASSERT_EQ(naive_other_readings(plain, true).size(), 1u);
  EXPECT_TRUE(naive_other_readings(plain, true)[0].filter_reads_table_item);
  // Both sizes other than bytes, each with and without the table's items,
  // and bytes with the table's items.
  EXPECT_EQ(naive_other_readings(sized, true).size(), 5u);
  for (const NReading& r : naive_other_readings(sized, true))
    EXPECT_FALSE(naive_departures(r).empty());
  EXPECT_TRUE(naive_departures(NReading{}).empty());
}

TEST(NaiveUnsettled, UnprojectedNamesAreThoseTheIndexLeavesOut) {
  NSchema schema;
  schema.pk = {"pk", NValue::T::S};
  schema.sk = NKey{"sk", NValue::T::S};
  NIndex keys_only{
      "gsi", {{"g", NValue::T::S}}, {{"h", NValue::T::N}}, NIndex::Projection::kKeysOnly, {}};
  NIndex include{"inc", {{"g", NValue::T::S}}, {}, NIndex::Projection::kInclude, {"x"}};
  NIndex all{"all", {{"g", NValue::T::S}}, {}, NIndex::Projection::kAll, {}};
  schema.indexes = {keys_only, include, all};
  NCond filter;
  filter.op = NCond::Op::kAnd;
  filter.kids = {compare(NCond::Op::kEq, named_path("x"), named_path("pk")),
                 compare(NCond::Op::kLt, size_of("y"), named_path("sk"))};
  EXPECT_EQ(naive_unprojected_names(schema, "gsi", filter), (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(naive_unprojected_names(schema, "inc", filter), (std::vector<std::string>{"y"}));
  EXPECT_TRUE(naive_unprojected_names(schema, "all", filter).empty());
  EXPECT_TRUE(naive_unprojected_names(schema, "", filter).empty());
}

// The filter of an index read by the table's items: what DynamoDB Local's
// Scan does, one of the readings of filter-on-unprojected-attribute.
TEST(NaiveUnsettled, APageWhoseFilterReadsTheTableItems) {
  const NItem entry = {{"pk", naive_scalar(NValue::T::S, "a")}};
  const NItem item = {{"pk", naive_scalar(NValue::T::S, "a")},
                      {"y", naive_scalar(NValue::T::N, "2.5")}};
  const NCond filter = compare(NCond::Op::kEq, named_path("y"), number("2.50"));
  const std::vector<NItem> sequence = {entry};
  const std::vector<NItem> table_items = {item};
  EXPECT_TRUE(page_at(sequence, 0, std::nullopt, &filter).items.empty());
  NReading table;
  table.filter_reads_table_item = true;
  const NPage p = page_at(sequence, 0, std::nullopt, &filter, table, &table_items);
  ASSERT_EQ(p.items.size(), 1u);
  EXPECT_TRUE(naive_items_equal(p.items[0], entry));  // the entry as projected is returned
  EXPECT_EQ(p.scanned, 1u);
}

TEST(NaiveUnsettled, StartKeyAtAnInclusiveBound) {
  const std::vector<NKey> sort = {{"sk", NValue::T::N}};
  const auto at = [&](NKeyCond::Op op, const std::string& a, const std::string& b,
                      const std::string& start) {
    NKeyCond c;
    c.op = op;
    c.a = naive_scalar(NValue::T::N, a);
    c.b = naive_scalar(NValue::T::N, b);
    return naive_start_key_at_inclusive_bound(c, sort, {{"sk", naive_scalar(NValue::T::N, start)}});
  };
  EXPECT_TRUE(at(NKeyCond::Op::kGe, "1", "", "1.0"));  // equal by value
  EXPECT_TRUE(at(NKeyCond::Op::kLe, "1e2", "", "100"));
  EXPECT_TRUE(at(NKeyCond::Op::kBetween, "1", "5", "1"));
  EXPECT_TRUE(at(NKeyCond::Op::kBetween, "1", "5", "5"));
  EXPECT_FALSE(at(NKeyCond::Op::kBetween, "1", "5", "3"));
  EXPECT_FALSE(at(NKeyCond::Op::kGt, "1", "", "1"));  // a strict bound is settled: refused
  EXPECT_FALSE(at(NKeyCond::Op::kEq, "1", "", "1"));  // = is settled: accepted
  EXPECT_FALSE(at(NKeyCond::Op::kGe, "1", "", "2"));
}

TEST(NaiveUnsettled, EveryRuleHasItsIdReadingsAndSources) {
  std::set<std::string> ids;
  for (const NUnsettledRule& r : naive_unsettled_rules()) {
    EXPECT_TRUE(ids.insert(r.id).second) << r.id;
    EXPECT_NE(std::string(r.model), "");
    EXPECT_NE(std::string(r.others), "");
    EXPECT_NE(std::string(r.sources).find("reference section"), std::string::npos) << r.id;
    EXPECT_EQ(naive_unsettled_rule(r.id), &r);
    EXPECT_EQ(&naive_unsettled_rule(r.rule), &r);
  }
  EXPECT_EQ(ids.size(), 9u);
  EXPECT_EQ(naive_unsettled_rule("no-such-rule"), nullptr);
}

}  // namespace
}  // namespace sortkey::oracle
