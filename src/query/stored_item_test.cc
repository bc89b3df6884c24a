#include "sortkey/stored_item.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "sortkey/table.h"
#include "src/query/stored_item_internal.h"

namespace sortkey {
namespace {

using internal::StoredItemAccess;

Item parse(std::string_view json) {
  auto item = parse_item(json);
  EXPECT_TRUE(item) << describe(item.error());
  return item ? *item : Item();
}

// Every type, nested, with NUL bytes, an empty string, long strings (past
// one LEB128 byte of length) and numbers of every sign and size.
const char kEveryType[] =
    R"({"b":{"B":"AP8A"},"bs":{"BS":["AQ==","AA==",""]},"e":{"S":""},)"
    R"("l":{"L":[{"N":"-1e-130"},{"NULL":true},{"L":[]},{"M":{"k":{"SS":["z"]}}}]},)"
    R"("m":{"M":{"x":{"BOOL":false},"y":{"BOOL":true},"":{"N":"0"}}},"n":{"N":"-007.50"},)"
    R"("ns":{"NS":["2","1.0","-99999999999999999999999999999999999999e88"]},)"
    R"("s":{"S":"h\u00e9\u0000"},"ss":{"SS":["b","a"]},"t":{"BOOL":true},"z":{"NULL":true}})";

TEST(StoredItem, GivesBackTheItemOfEveryType) {
  Item item = parse(kEveryType);
  item["long"] = AttributeValue::S(std::string(70000, 'q'));
  const StoredItem stored(item);
  EXPECT_EQ(stored.to_item(), item);
  EXPECT_EQ(to_json(stored.to_item()), to_json(item));
  EXPECT_TRUE(stored == item);
  EXPECT_EQ(stored.attribute_count(), item.size());
  EXPECT_EQ(stored.item_size(), item_size(item));
  const Item empty;
  EXPECT_EQ(StoredItem(empty).to_item(), empty);
  EXPECT_EQ(StoredItem(empty).item_size(), 0u);
}

TEST(StoredItem, FindsOneAttribute) {
  const Item item = parse(kEveryType);
  const StoredItem stored(item);
  for (const auto& [name, value] : item) {
    ASSERT_TRUE(stored.contains(name)) << name;
    EXPECT_EQ(*stored.find(name), value) << name;
    EXPECT_EQ(stored.at(name), value) << name;
  }
  EXPECT_FALSE(stored.contains("a"));   // before every name
  EXPECT_FALSE(stored.contains("ba"));  // between two
  EXPECT_FALSE(stored.contains("zz"));  // after every name
  EXPECT_FALSE(stored.find("").has_value());
  EXPECT_THROW((void)stored.at("q"), std::out_of_range);
  EXPECT_EQ(stored.select({"n", "s", "nope"}), (Item{{"n", item.at("n")}, {"s", item.at("s")}}));
}

TEST(StoredItem, CopiesShareOneBlockThatOutlivesTheOriginal) {
  const Item item = parse(kEveryType);
  auto first = std::make_unique<StoredItem>(item);
  StoredItem copy = *first;
  EXPECT_TRUE(StoredItemAccess::same_block(copy, *first));
  StoredItem assigned(Item{});
  assigned = copy;
  EXPECT_TRUE(StoredItemAccess::same_block(assigned, *first));
  first.reset();
  EXPECT_EQ(copy.to_item(), item);
  StoredItem moved = std::move(copy);
  EXPECT_EQ(moved.to_item(), item);
  EXPECT_TRUE(StoredItemAccess::same_block(moved, assigned));
}

TEST(StoredItem, KeysFollowTheAttributes) {
  const Item item = parse(R"({"a":{"S":"x"}})");
  const std::string long_key(300, '\x01');
  const StoredItem stored = StoredItemAccess::make(item, {"k0", "", long_key});
  EXPECT_EQ(StoredItemAccess::key(stored, 0), "k0");
  EXPECT_EQ(StoredItemAccess::key(stored, 1), "");
  EXPECT_EQ(StoredItemAccess::key(stored, 2), long_key);
  EXPECT_EQ(stored.to_item(), item);
  EXPECT_EQ(stored.attribute_count(), 1u);
}

// A page holds the table's own items: the table, a kAll index and every page
// share one block per item; a KEYS_ONLY index holds its projection.
TEST(StoredItem, PagesShareTheTablesItems) {
  TableSchema schema;
  schema.partition_key = {"PK", AttributeType::kS};
  schema.sort_key = KeyAttribute{"SK", AttributeType::kS};
  schema.indexes.push_back({"All", {{"G", AttributeType::kS}}, {}, {}});
  schema.indexes.push_back(
      {"Keys", {{"G", AttributeType::kS}}, {}, {ProjectionType::kKeysOnly, {}}});
  auto table = Table::create(schema);
  ASSERT_TRUE(table);
  ASSERT_TRUE(table->put(parse(R"({"PK":{"S":"p"},"SK":{"S":"1"},"G":{"S":"g"},"x":{"N":"5"}})")));
  QueryRequest base;
  base.key_condition = "PK = :p";
  base.attributes.values[":p"] = AttributeValue::S("p");
  QueryRequest all;
  all.index_name = "All";
  all.key_condition = "G = :g";
  all.attributes.values[":g"] = AttributeValue::S("g");
  QueryRequest keys = all;
  keys.index_name = "Keys";
  auto a = table->query(base);
  auto b = table->query(base);
  auto c = table->query(all);
  auto d = table->query(keys);
  ASSERT_TRUE(a && b && c && d);
  ASSERT_EQ(a->items.size(), 1u);
  ASSERT_EQ(c->items.size(), 1u);
  ASSERT_EQ(d->items.size(), 1u);
  EXPECT_TRUE(StoredItemAccess::same_block(a->items[0], b->items[0]));
  EXPECT_TRUE(StoredItemAccess::same_block(a->items[0], c->items[0]));
  EXPECT_FALSE(StoredItemAccess::same_block(a->items[0], d->items[0]));
  EXPECT_TRUE(a->items[0].contains("x"));
  EXPECT_FALSE(d->items[0].contains("x"));
  // The page keeps its item after the table replaces it.
  ASSERT_TRUE(table->put(parse(R"({"PK":{"S":"p"},"SK":{"S":"1"},"x":{"N":"6"}})")));
  EXPECT_EQ(a->items[0].at("x"), *AttributeValue::N("5"));
  EXPECT_EQ(*table->index_item_count("All"), 0u);
}

}  // namespace
}  // namespace sortkey
