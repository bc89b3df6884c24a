// The query model's item generator (gen/query_gen.h, gen_item): each
// attribute beyond the table key is present as often as its share says, and
// a failure shrinks to an item that keeps only the attributes it needs.

#include "properties/gen/query_gen.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "properties/catalog.h"
#include "properties/props/query_pools.h"
#include "properties/runner.h"

namespace sortkey::props {
namespace {

using oracle::NItem;
using oracle::NValue;

// A table keyed by pk (S) with one index keyed by g1 (S).
oracle::NSchema schema_with_g1() {
  oracle::NSchema s;
  s.pk = {"pk", NValue::T::S};
  oracle::NIndex i;
  i.name = "gsi1";
  i.pk = {{"g1", NValue::T::S}};
  s.indexes.push_back(i);
  return s;
}

// The share of `n` items drawn that carry `name`, in percent.
double percent_with(const std::string& name, int n) {
  const rc::Gen<NItem> gen = gen_item(schema_with_g1());
  int with = 0;
  for (int i = 0; i < n; ++i) {
    const NItem item = gen(rc::Random(static_cast<std::uint64_t>(i)), 50).value();
    with += oracle::naive_get(item, name) != nullptr ? 1 : 0;
  }
  return 100.0 * with / n;
}

TEST(QueryGen, IndexKeysOnTwoItemsInThreeValueAttributesOnOneInTwo) {
  EXPECT_NEAR(percent_with("g1", 4000), 67, 4);
  for (const std::string& name : value_attribute_names())
    EXPECT_NEAR(percent_with(name, 4000), 50, 4);
  EXPECT_EQ(percent_with("pk", 200), 100);
}

TEST(QueryGen, AFailureShrinksToAnItemOfTheAttributesItNeeds) {
  // Fails on any item with g1: the shrunk item is its key and g1, nothing else.
  Catalog c;
  c.add("planted", "has_g1", "false on purpose", [] {
    const NItem item = *gen_item(schema_with_g1());
    rc_require(oracle::naive_get(item, "g1") == nullptr ? Outcome::holds() : Outcome::fails("g1"));
  });
  const RunReport r = run_property(c.entries()[0], RunSettings{});
  ASSERT_EQ(r.verdict, Verdict::kFailed);
  ASSERT_EQ(r.counterexample.size(), 1u);
  const std::string& shown = r.counterexample[0].second;
  EXPECT_NE(shown.find("\"g1\""), std::string::npos) << shown;
  EXPECT_NE(shown.find("\"pk\""), std::string::npos) << shown;
  for (const std::string& name : value_attribute_names())
    EXPECT_EQ(shown.find("\"" + name + "\""), std::string::npos) << name << " in " << shown;
}

// The share of `n` values drawn at `size` for which `is` holds, in percent.
template <class Is>
double percent_values(int n, int size, Is is) {
  int with = 0;
  for (int i = 0; i < n; ++i)
    with += is(gen_attribute_value()(rc::Random(static_cast<std::uint64_t>(i)), size).value());
  return 100.0 * with / n;
}

TEST(QueryGen, AValueIsOfEachKindAsOftenAsItsWeightSays) {
  // Weights 8 scalar (3 S text, 2 S key, 3 N, 2 B), 1 each BOOL, NULL, SS, NS, BS, L, M.
  auto of = [](NValue::T t) { return [t](const NValue& v) { return v.t == t; }; };
  EXPECT_NEAR(percent_values(6000, 50, of(NValue::T::S)), 100.0 * 8 / 15 * 5 / 10, 2.5);
  EXPECT_NEAR(percent_values(6000, 50, of(NValue::T::N)), 100.0 * 8 / 15 * 3 / 10, 2.5);
  EXPECT_NEAR(percent_values(6000, 50, of(NValue::T::B)), 100.0 * 8 / 15 * 2 / 10, 2.5);
  for (NValue::T t : {NValue::T::BOOL, NValue::T::NUL, NValue::T::SS, NValue::T::NS, NValue::T::BS,
                      NValue::T::L, NValue::T::M})
    EXPECT_NEAR(percent_values(6000, 50, of(t)), 100.0 / 15, 1.5);
}

TEST(QueryGen, CountsScaleWithTheSizeAsInRangeDoes) {
  // At size 0 rc::gen::inRange draws its minimum: no text, one-element sets, empty lists.
  EXPECT_EQ(percent_values(2000, 0,
                           [](const NValue& v) {
                             return (v.t == NValue::T::L && !v.list.empty()) || v.set.size() > 1;
                           }),
            0);
  for (int i = 0; i < 500; ++i)
    EXPECT_EQ(gen_unicode(4)(rc::Random(static_cast<std::uint64_t>(i)), 0).value(), "");
  EXPECT_GT(percent_values(2000, 100, [](const NValue& v) { return v.list.size() == 3; }), 1);
}

TEST(QueryGen, AFailingValueShrinksToTheSimplestOfTheKindItNeeds) {
  // Fails on any value holding a number: the shrunk value is the first canonical number, spelled
  // plainly.
  Catalog c;
  c.add("planted", "no_numbers", "false on purpose", [] {
    const NValue v = *gen_attribute_value();
    const bool number = v.t == NValue::T::N || v.t == NValue::T::NS;
    rc_require(number ? Outcome::fails("a number") : Outcome::holds());
  });
  const RunReport r = run_property(c.entries()[0], RunSettings{});
  ASSERT_EQ(r.verdict, Verdict::kFailed);
  ASSERT_EQ(r.counterexample.size(), 1u);
  EXPECT_EQ(r.counterexample[0].second, "{N:" + query_canonical_numbers()[0] + "}");
}

}  // namespace
}  // namespace sortkey::props
