// The query model's item generator (gen/query_gen.h, gen_item): each
// attribute beyond the table key is present as often as its share says, and
// a failure shrinks to an item that keeps only the attributes it needs.

#include "gen/query_gen.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "catalog.h"
#include "runner.h"

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

}  // namespace
}  // namespace sortkey::props
