// Reference implementation tests of the oracle's local secondary indexes,
// against the facts it encodes (dynamodb-write-semantics.md, section 6),
// never against the code under test.
#include <gtest/gtest.h>

#include "oracles/naive_query.h"

namespace sortkey::oracle {
namespace {

NValue S(std::string s) { return naive_scalar(NValue::T::S, std::move(s)); }

NSchema lsi_schema(NIndex::Projection projection, std::vector<std::string> include = {}) {
  NSchema s;
  s.pk = {"a", NValue::T::S};
  s.sk = NKey{"b", NValue::T::S};
  NIndex lsi{"hello", {s.pk}, {{"c", NValue::T::S}}, projection, std::move(include)};
  lsi.local = true;
  s.indexes.push_back(std::move(lsi));
  return s;
}

TEST(NaiveLocalIndex, CreateTableRefusals) {
  EXPECT_EQ(naive_local_index_refusal(lsi_schema(NIndex::Projection::kAll)), "");
  NSchema no_sort = lsi_schema(NIndex::Projection::kAll);
  no_sort.sk.reset();
  EXPECT_NE(naive_local_index_refusal(no_sort), "");
  NSchema six = lsi_schema(NIndex::Projection::kAll);
  for (int i = 1; i < 6; ++i) {
    six.indexes.push_back(six.indexes.front());
    six.indexes.back().name += std::to_string(i);
  }
  EXPECT_NE(naive_local_index_refusal(six), "");
  six.indexes.pop_back();
  EXPECT_EQ(naive_local_index_refusal(six), "");
  NSchema named_twice = lsi_schema(NIndex::Projection::kAll);
  named_twice.indexes.push_back(NIndex{"hello", {{"x", NValue::T::S}}, {}, {}, {}});
  EXPECT_NE(naive_local_index_refusal(named_twice), "");
  NSchema other_hash = lsi_schema(NIndex::Projection::kAll);
  other_hash.indexes.front().pk = {{"x", NValue::T::S}};
  EXPECT_NE(naive_local_index_refusal(other_hash), "");
  NSchema hash_as_range = lsi_schema(NIndex::Projection::kAll);
  hash_as_range.indexes.front().sk = {{"a", NValue::T::S}};
  EXPECT_NE(naive_local_index_refusal(hash_as_range), "");
  NSchema identical = lsi_schema(NIndex::Projection::kAll);  // ALT test_lsi_identical
  identical.indexes.front().sk = {*identical.sk};
  EXPECT_EQ(naive_local_index_refusal(identical), "");
}

// ALT test_lsi.py::test_lsi_missing_attribute, test_lsi_get_not_projected_attribute.
TEST(NaiveLocalIndex, SparseProjectedAndFetched) {
  NaiveTable t(lsi_schema(NIndex::Projection::kInclude, {"d"}));
  ASSERT_TRUE(t.put({{"a", S("p")}, {"b", S("1")}, {"c", S("z")}, {"d", S("d")}, {"e", S("e")}}));
  ASSERT_TRUE(t.put({{"a", S("p")}, {"b", S("2")}, {"e", S("e")}}));
  EXPECT_FALSE(t.put({{"a", S("p")}, {"b", S("3")}, {"c", S("")}}));  // empty index key
  EXPECT_EQ(t.entry_count("hello"), 1u);
  const std::vector<NItem> entries = t.entries("hello");
  EXPECT_EQ(naive_get(entries[0], "e"), nullptr);
  EXPECT_NE(naive_get(entries[0], "d"), nullptr);
  EXPECT_NE(naive_get(t.fetch(entries[0]), "e"), nullptr);
  EXPECT_EQ(t.key_of("hello", entries[0]).size(), 3u);  // a, c, b

  const NIndex& lsi = *t.index_named("hello");
  EXPECT_TRUE(naive_fetches(t.schema(), lsi, true, {}));
  EXPECT_TRUE(naive_fetches(t.schema(), lsi, false, {"b", "e"}));
  EXPECT_FALSE(naive_fetches(t.schema(), lsi, false, {"a", "b", "c", "d"}));
  NIndex global = lsi;
  global.local = false;
  EXPECT_FALSE(naive_fetches(t.schema(), global, true, {"e"}));
  NIndex all = lsi;
  all.projection = NIndex::Projection::kAll;
  EXPECT_FALSE(naive_fetches(t.schema(), all, true, {"e"}));
}

TEST(NaiveLocalIndex, FetchCapacityRoundsEachItemUp) {
  const NItem small = {{"a", S("p")}};
  const NItem big = {{"a", S(std::string(5000, 'x'))}};
  EXPECT_EQ(naive_fetch_capacity({small, big}, true), 1.0 + 2.0);
  EXPECT_EQ(naive_fetch_capacity({small, big}, false), 0.5 + 1.0);
  EXPECT_EQ(naive_fetch_capacity({}, true), 0.0);
}

}  // namespace
}  // namespace sortkey::oracle
