// File: sortkey/table.h
//
// An in-memory DynamoDB table: a partition key and an optional sort key (S, N
// or B), global secondary indexes with their own key schemas and projections,
// local secondary indexes (another sort key on the table's partitions), Put / Update / Delete /
// Get, and Query and Scan (sortkey/query.h) on the table or an index. It exists to check key
// designs against DynamoDB's rules before they meet data: the order items come back in, what an
// index holds, what a page costs.
//
// Indexes (AWS, "Using Global Secondary Indexes in DynamoDB"; "Take advantage
// of sparse indexes"):
//   * Up to four partition-key and four sort-key attributes per index
//     (multi-attribute keys, November 2025); the table key has one of each.
//   * Sparse: an item is in an index iff it has every key attribute of the
//     index. An update that adds or removes one moves it in or out.
//   * Projection: kAll (the whole item), kKeysOnly (table and index keys),
//     kInclude (those plus the listed attributes).
//
// Local secondary indexes (AWS, "Local secondary indexes"; the reference on
// writes, section 6; ALT test_lsi.py):
//   * An LSI keeps the table's partition key and orders each partition by
//     another sort key: one S, N or B attribute, which may even be the
//     table's own sort key. Only a table with a sort key has LSIs, at most
//     five, created with the table; names are unique across GSIs and LSIs.
//   * Sparse and kept in step with writes as a GSI is, with the same checks
//     of its key on every write (type, NULL, empty, 1024 bytes).
//   * Query and Scan read it by name. Unlike a GSI, ConsistentRead is
//     allowed, and attributes it does not project are fetched from the
//     table: Select ALL_ATTRIBUTES returns whole items, a
//     ProjectionExpression may name any attribute. A fetching Query pays, on
//     top of the index entries read, a table read per item it fetches: the
//     item's size rounded up to 4 KB, one unit per 4 KB, halved when
//     eventually consistent (AWS, "Local secondary indexes", "Read capacity
//     units": "you are charged for read capacity units for every base table
//     item fetched"). It fetches the items the filter passes: the filter
//     reads the index entry, as on a GSI (a filter on an attribute the index
//     does not project is an unsettled rule, oracles/naive_unsettled.h).
//   * Items with equal LSI sort keys in one partition come back in no
//     particular order (AWS, "Local secondary indexes"); the model orders
//     them by the table's sort key, which the properties do not rely on.
//   * The 10 GB item-collection limit (all items and LSI entries under one
//     partition-key value, ItemCollectionSizeLimitExceededException) and
//     the 400 KB limit of an item with its LSI entries are not simulated.
//
// Writes are all-or-nothing. Rejected, with DynamoDB's messages:
//   * a table key attribute missing, of the wrong type, or an empty string or
//     binary; a partition key over 2048 bytes or a sort key over 1024;
//   * an index key attribute of the wrong type (NULL included), empty, or over
//     those limits (each attribute of a multi-attribute key on its own);
//   * an item over 400 KB (attribute names plus values, sortkey/attribute.h);
//   * an Update of a table key attribute.
//
// Cost: every partition and every index partition is an ordered set keyed by
// an order-preserving encoding of the key (src/query/key_encoding.h), so a
// Query page costs O(log n + page) and a write O(log n) per index. Items are
// kept as StoredItems (sortkey/stored_item.h): one block per item, shared by
// the table, the kAll indexes and the pages that return it (a KEYS_ONLY or
// INCLUDE index holds a block of its projection), with the entry keys in the
// block, so an entry is one pointer. With one kAll index, an item of 81
// DynamoDB bytes takes about 290 bytes of heap (bench/query_bench.cc,
// BM_QueryMemory).
//
// Example (examples/sparse.yaml, the sparse Admins index):
//
//   sortkey::TableSchema schema;
//   schema.partition_key = {"PK", sortkey::AttributeType::kS};
//   schema.sort_key = sortkey::KeyAttribute{"SK", sortkey::AttributeType::kS};
//   schema.indexes.push_back({"AdminIndex", {{"PK", sortkey::AttributeType::kS}},
//                             {{"GSI1SK", sortkey::AttributeType::kS}}, {}});
//   auto table = sortkey::Table::create(schema);
//   table->put(*sortkey::parse_item(
//       R"({"PK":{"S":"ORG#X"},"SK":{"S":"USER#ann"},"GSI1SK":{"S":"Admin"}})"));

#ifndef SORTKEY_TABLE_H_
#define SORTKEY_TABLE_H_

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sortkey/attribute.h"
#include "sortkey/error.h"
#include "sortkey/query.h"

namespace sortkey {

struct KeyAttribute {
  std::string name;
  AttributeType type = AttributeType::kS;  // kS, kN or kB
};

enum class ProjectionType { kAll, kKeysOnly, kInclude };

struct Projection {
  ProjectionType type = ProjectionType::kAll;
  std::vector<std::string> non_key_attributes;  // kInclude only
};

struct IndexSchema {
  std::string name;
  std::vector<KeyAttribute> partition_key;  // 1 to 4 attributes
  std::vector<KeyAttribute> sort_key;       // 0 to 4 attributes
  Projection projection;
};

// A local secondary index: the table's partition key and `sort_key`.
struct LocalIndexSchema {
  std::string name;
  KeyAttribute sort_key;  // one attribute: kS, kN or kB
  Projection projection;
};

inline constexpr std::size_t kMaxIndexes = 20;
inline constexpr std::size_t kMaxLocalIndexes = 5;
inline constexpr std::size_t kMaxKeyAttributes = 4;
inline constexpr std::size_t kMaxPartitionKeyBytes = 2048;
inline constexpr std::size_t kMaxSortKeyBytes = 1024;

struct TableSchema {
  KeyAttribute partition_key;
  std::optional<KeyAttribute> sort_key;
  std::vector<IndexSchema> indexes;  // global secondary indexes
  std::vector<LocalIndexSchema> local_indexes;
};

// UpdateItem with SET name = value and REMOVE name, top-level attributes only.
struct ItemUpdate {
  std::vector<std::pair<std::string, AttributeValue>> set;
  std::vector<std::string> remove;
};

class Table {
 public:
  // Errors (kBadParameter): a key type other than S/N/B, an index without a
  // partition key or with more than four attributes on a side, duplicate
  // index names or key attributes, one attribute given two types, more than
  // 20 indexes, kInclude attributes on another projection type; local
  // indexes on a table without a sort key ("Table KeySchema does not have a
  // range key, which is required when specifying a LocalSecondaryIndex"),
  // more than five ("Number of LocalSecondaryIndexes exceeds per-table limit
  // of 5"), a name used twice among all indexes ("Duplicate index name:
  // <n>"), an LSI sort key named as the partition key ("Both the Hash Key
  // and the Range Key element in the KeySchema have the same name").
  static Result<Table> create(TableSchema schema);

  Table(Table&&) noexcept;
  Table& operator=(Table&&) noexcept;
  ~Table();

  const TableSchema& schema() const;

  // Creates or replaces the item with the same table key.
  Result<void> put(Item item);
  // Applies the update to the item with `key`, creating it when absent
  // (DynamoDB's UpdateItem). Errors: a bad key, a key attribute in the
  // update, a name both set and removed, and the write errors above.
  Result<void> update(const Item& key, const ItemUpdate& update);
  // Returns whether an item was deleted. Errors: a bad key.
  Result<bool> delete_item(const Item& key);
  // The item, or nullopt. Errors: a bad key.
  Result<std::optional<Item>> get(const Item& key) const;

  // Errors: the Validation errors DynamoDB gives for the request (unknown
  // index, bad key condition or filter, unused placeholders, filter on a key
  // attribute of the queried table or index, bad start key, Limit < 1,
  // ConsistentRead on a global index, Select not allowed).
  Result<Page> query(const QueryRequest& request) const;
  Result<Page> scan(const ScanRequest& request) const;

  std::size_t item_count() const;
  // Items in the index. Errors: unknown index.
  Result<std::size_t> index_item_count(std::string_view index) const;

 private:
  struct Impl;
  explicit Table(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// PutItem with a ConditionExpression (sortkey/expression.h), such as
// `attribute_not_exists(PK)` for uniqueness: the condition is evaluated on
// the item the table holds under the item's key (on an empty item when it
// holds none), and the item is written only when it holds. Returns whether
// it was written; false is DynamoDB's ConditionalCheckFailedException, and
// the table is left as it was. Errors, before the condition is evaluated,
// as DynamoDB orders them: the condition's ("Invalid ConditionExpression:
// ..."), placeholders it does not use, and the errors of Table::put.
Result<bool> put_if(Table& table, Item item, std::string_view condition,
                    const ExpressionAttributes& attributes);

// BatchWriteItem: the puts and the deletes (table keys) as one request, all
// or none: one item DynamoDB refuses refuses the batch (ALT test_gsi.py::
// test_gsi_wrong_type_attribute_batch). Errors: more than 25 requests, two
// for one key ("Provided list of item keys contains duplicates"), and the
// first error of Table::put or Table::delete_item; the table is then as it
// was.
Result<void> batch_write(Table& table, std::vector<Item> puts, std::vector<Item> deletes);

}  // namespace sortkey

#endif  // SORTKEY_TABLE_H_
