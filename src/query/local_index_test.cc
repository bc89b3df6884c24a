// Local secondary indexes of sortkey/table.h: CreateTable's refusals, the
// sparse index kept in step with writes, and the reads a GSI refuses and an
// LSI allows (ConsistentRead, attributes fetched from the table).

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "sortkey/table.h"

namespace sortkey {
namespace {

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
AttributeValue N(std::string_view s) { return *AttributeValue::N(s); }

// The table of ALT test_lsi.py and DYN: a (S) and b (S), an LSI on c.
TableSchema lsi_table(ProjectionType projection = ProjectionType::kAll,
                      std::vector<std::string> include = {}) {
  TableSchema schema;
  schema.partition_key = {"a", AttributeType::kS};
  schema.sort_key = KeyAttribute{"b", AttributeType::kS};
  schema.local_indexes.push_back(
      LocalIndexSchema{"hello", {"c", AttributeType::kS}, {projection, std::move(include)}});
  return schema;
}

std::string create_error(const TableSchema& schema) {
  auto t = Table::create(schema);
  return t ? std::string("accepted") : t.error().message;
}

QueryRequest on_index(std::string a, std::string condition = "a = :a") {
  QueryRequest q;
  q.index_name = "hello";
  q.key_condition = std::move(condition);
  q.attributes.values[":a"] = S(std::move(a));
  return q;
}

std::vector<std::string> values_of(const Page& page, std::string_view attr) {
  std::vector<std::string> out;
  for (const StoredItem& i : page.items) {
    const auto v = i.find(attr);
    out.push_back(v ? v->as_string() : "-");
  }
  return out;
}

TEST(LocalIndex, CreateTableRefusals) {
  TableSchema no_sort = lsi_table();
  no_sort.sort_key.reset();
  EXPECT_EQ(create_error(no_sort),
            "One or more parameter values were invalid: Table KeySchema does not have a range "
            "key, which is required when specifying a LocalSecondaryIndex");

  TableSchema six = lsi_table();
  for (int i = 1; i < 6; ++i) {
    six.local_indexes.push_back(
        LocalIndexSchema{"lsi" + std::to_string(i), {"c", AttributeType::kS}, {}});
  }
  EXPECT_EQ(create_error(six),
            "One or more parameter values were invalid: Number of LocalSecondaryIndexes exceeds "
            "per-table limit of 5");
  six.local_indexes.pop_back();
  EXPECT_EQ(create_error(six), "accepted");  // five, all on one attribute

  TableSchema same_name = lsi_table();
  same_name.indexes.push_back(IndexSchema{"hello", {{"x", AttributeType::kS}}, {}, {}});
  EXPECT_EQ(create_error(same_name),
            "One or more parameter values were invalid: Duplicate index name: hello");
  TableSchema twice = lsi_table();
  twice.local_indexes.push_back(twice.local_indexes.front());
  EXPECT_EQ(create_error(twice),
            "One or more parameter values were invalid: Duplicate index name: hello");

  TableSchema hash_as_range = lsi_table();
  hash_as_range.local_indexes.front().sort_key.name = "a";
  EXPECT_EQ(create_error(hash_as_range),
            "Both the Hash Key and the Range Key element in the KeySchema have the same name");

  TableSchema two_types = lsi_table();
  two_types.local_indexes.front().sort_key = {"b", AttributeType::kN};
  EXPECT_EQ(create_error(two_types),
            "One or more parameter values were invalid: attribute b is defined as both S and N");

  TableSchema not_scalar = lsi_table();
  not_scalar.local_indexes.front().sort_key.type = AttributeType::kBool;
  EXPECT_NE(create_error(not_scalar).find("Member must satisfy enum value set"), std::string::npos);

  TableSchema include_on_all = lsi_table(ProjectionType::kAll, {"x"});
  EXPECT_EQ(create_error(include_on_all),
            "One or more parameter values were invalid: ProjectionType is ALL but "
            "NonKeyAttributes is specified in index hello");

  // ALT test_lsi.py::test_lsi_identical: an LSI on the table's own sort key.
  TableSchema identical = lsi_table();
  identical.local_indexes.front().sort_key = {"b", AttributeType::kS};
  EXPECT_EQ(create_error(identical), "accepted");
}

TEST(LocalIndex, SparseAndKeptInStepWithWrites) {
  auto t = Table::create(lsi_table());
  ASSERT_TRUE(t);
  ASSERT_TRUE(t->put(Item{{"a", S("p")}, {"b", S("1")}, {"c", S("z")}}));
  ASSERT_TRUE(t->put(Item{{"a", S("p")}, {"b", S("2")}}));  // no c: not in the index
  EXPECT_EQ(*t->index_item_count("hello"), 1u);
  ASSERT_TRUE(t->update(Item{{"a", S("p")}, {"b", S("2")}}, ItemUpdate{{{"c", S("y")}}, {}}));
  EXPECT_EQ(*t->index_item_count("hello"), 2u);
  auto page = t->query(on_index("p"));
  ASSERT_TRUE(page);
  EXPECT_EQ(values_of(*page, "b"), (std::vector<std::string>{"2", "1"}));  // by c: y < z
  ASSERT_TRUE(t->update(Item{{"a", S("p")}, {"b", S("1")}}, ItemUpdate{{}, {"c"}}));
  ASSERT_TRUE(t->delete_item(Item{{"a", S("p")}, {"b", S("2")}}));
  EXPECT_EQ(*t->index_item_count("hello"), 0u);

  // ALT test_lsi.py::test_lsi_wrong_type_attribute_put: refused whole.
  auto wrong = t->put(Item{{"a", S("p")}, {"b", S("3")}, {"c", N("1")}});
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().message,
            "One or more parameter values were invalid: Type mismatch for Index Key c "
            "Expected: S Actual: N IndexName: hello");
  EXPECT_EQ(t->item_count(), 1u);
  EXPECT_FALSE(t->put(Item{{"a", S("p")}, {"b", S("3")}, {"c", S("")}}));
}

TEST(LocalIndex, ConsistentReadAllowedOnALocalIndexOnly) {
  TableSchema schema = lsi_table();
  schema.indexes.push_back(IndexSchema{"global", {{"c", AttributeType::kS}}, {}, {}});
  auto t = Table::create(schema);
  ASSERT_TRUE(t);
  ASSERT_TRUE(t->put(Item{{"a", S("p")}, {"b", S("1")}, {"c", S("z")}}));
  QueryRequest q = on_index("p");
  q.consistent_read = true;
  auto page = t->query(q);
  ASSERT_TRUE(page) << describe(page.error());
  EXPECT_EQ(page->count, 1);
  EXPECT_EQ(page->consumed_capacity, 1.0);  // strongly consistent: a whole unit
  ScanRequest s;
  s.index_name = "hello";
  s.consistent_read = true;
  EXPECT_TRUE(t->scan(s));
  QueryRequest g;
  g.index_name = "global";
  g.key_condition = "c = :c";
  g.attributes.values[":c"] = S("z");
  g.consistent_read = true;
  auto refused = t->query(g);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message,
            "Consistent reads are not supported on global secondary indexes");
}

// DYN query.js "should return all attributes when specified for secondary
// indexes"; ALT test_lsi.py::test_lsi_query_select,
// test_lsi_get_not_projected_attribute.
TEST(LocalIndex, FetchesWhatItDoesNotProjectFromTheTable) {
  auto t = Table::create(lsi_table(ProjectionType::kInclude, {"d"}));
  ASSERT_TRUE(t);
  const std::string big(5000, 'x');  // two units a fetch, strongly consistent
  ASSERT_TRUE(
      t->put(Item{{"a", S("p")}, {"b", S("1")}, {"c", S("z")}, {"d", S("d1")}, {"e", S(big)}}));
  ASSERT_TRUE(t->put(Item{{"a", S("p")}, {"b", S("2")}, {"c", S("y")}, {"e", S("e2")}}));

  // By default, the projection: a, b, c and d.
  QueryRequest q = on_index("p");
  q.consistent_read = true;
  auto page = t->query(q);
  ASSERT_TRUE(page);
  EXPECT_EQ(values_of(*page, "e"), (std::vector<std::string>{"-", "-"}));
  EXPECT_EQ(values_of(*page, "d"), (std::vector<std::string>{"-", "d1"}));
  EXPECT_EQ(page->consumed_capacity, 1.0);

  // ALL_ATTRIBUTES: whole items, each fetch charged on its own.
  q.select = Select::kAllAttributes;
  page = t->query(q);
  ASSERT_TRUE(page) << describe(page.error());
  EXPECT_EQ(values_of(*page, "e"), (std::vector<std::string>{"e2", big}));
  EXPECT_EQ(page->consumed_capacity, 1.0 + 1.0 + 2.0);
  EXPECT_EQ(page->bytes_read, 15u);  // the entries read (6 and 9 bytes), not the items
  q.consistent_read = false;
  page = t->query(q);
  ASSERT_TRUE(page);
  EXPECT_EQ(page->consumed_capacity, 0.5 + 0.5 + 1.0);

  // A projection of an attribute it does not project fetches; one it
  // projects does not.
  QueryRequest p = on_index("p");
  p.projection = "e, b";
  page = t->query(p);
  ASSERT_TRUE(page) << describe(page.error());
  EXPECT_EQ(values_of(*page, "e"), (std::vector<std::string>{"e2", big}));
  EXPECT_EQ(page->items.front().to_item().size(), 2u);
  EXPECT_EQ(page->consumed_capacity, 0.5 + 0.5 + 1.0);
  p.projection = "d, c";
  page = t->query(p);
  ASSERT_TRUE(page);
  EXPECT_EQ(page->consumed_capacity, 0.5);

  // The filter reads the entry; only the items it passes are fetched.
  q.filter = "d = :d";
  q.attributes.values[":d"] = S("d1");
  page = t->query(q);
  ASSERT_TRUE(page) << describe(page.error());
  EXPECT_EQ(values_of(*page, "e"), (std::vector<std::string>{big}));
  EXPECT_EQ(page->consumed_capacity, 0.5 + 1.0);

  // A GSI with the same projection refuses ALL_ATTRIBUTES.
  TableSchema global = lsi_table(ProjectionType::kInclude, {"d"});
  global.local_indexes.clear();
  global.indexes.push_back(IndexSchema{"hello",
                                       {{"a", AttributeType::kS}},
                                       {{"c", AttributeType::kS}},
                                       {ProjectionType::kInclude, {"d"}}});
  auto g = Table::create(global);
  ASSERT_TRUE(g);
  QueryRequest gq = on_index("p");
  gq.select = Select::kAllAttributes;
  EXPECT_FALSE(g->query(gq));
}

// The reference on writes, section 6 rule 11: a start key on an LSI holds
// the table key and the LSI sort key.
TEST(LocalIndex, StartKeyHoldsTheTableKeyAndTheIndexSortKey) {
  auto t = Table::create(lsi_table());
  ASSERT_TRUE(t);
  for (const char* b : {"1", "2", "3"})
    ASSERT_TRUE(t->put(Item{{"a", S("p")}, {"b", S(b)}, {"c", S("same")}}));
  QueryRequest q = on_index("p");
  q.limit = 1;
  auto page = t->query(q);
  ASSERT_TRUE(page);
  ASSERT_TRUE(page->last_evaluated_key);
  EXPECT_EQ(page->last_evaluated_key->size(), 3u);
  EXPECT_TRUE(page->last_evaluated_key->contains("c"));
  std::set<std::string> seen = {values_of(*page, "b").front()};
  while (page->last_evaluated_key) {
    q.exclusive_start_key = page->last_evaluated_key;
    page = t->query(q);
    ASSERT_TRUE(page);
    for (const std::string& b : values_of(*page, "b")) EXPECT_TRUE(seen.insert(b).second);
  }
  EXPECT_EQ(seen.size(), 3u);  // ties (equal c) each read once
  q.exclusive_start_key = Item{{"a", S("p")}, {"b", S("1")}};
  EXPECT_FALSE(t->query(q));
}

}  // namespace
}  // namespace sortkey
