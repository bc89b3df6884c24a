// File: sortkey/stored_item.h
//
// An item as the in-memory table (sortkey/table.h) keeps it and returns it in
// a page: immutable, encoded in one heap block, and shared. The table, every
// index that projects the whole item, and every page that returns it hold
// the same block, so a page of 20 items copies 20 pointers, not 20 maps.
// Copying a StoredItem copies a pointer and counts a reference (atomically:
// copies may live on other threads).
//
// What it holds is exactly the Item it was made from: to_item() gives it
// back, equal attribute by attribute (numbers by value, sets as sets), and
// item_size() is sortkey::item_size of that Item. Reading one attribute
// (find) decodes only that attribute.
//
// The block (private; the layout may change): a header with the reference
// count, the DynamoDB size and the attribute count, then each attribute in
// name order as name length, name, type, payload length, payload (S and B:
// the bytes; N: encode_number's key; BOOL: one byte; NULL: nothing; L: the
// elements, each type, length, payload; M: the fields, each as a top-level
// attribute; SS, BS, NS: each element as length, bytes), lengths as LEB128.
// The table appends the ordered keys it files the item under.
//
// Example:
//
//   sortkey::StoredItem s(*sortkey::parse_item(R"({"PK": {"S": "A"}, "n": {"N": "1e3"}})"));
//   s.find("n")->as_number();   // 1000
//   s.contains("x");            // false
//   s.item_size();              // 2 + 1 + 1 + 2 = 6
//   sortkey::Item back = s.to_item();

#ifndef SORTKEY_STORED_ITEM_H_
#define SORTKEY_STORED_ITEM_H_

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "sortkey/attribute.h"

namespace sortkey {

namespace internal {
struct ItemBlock;
struct StoredItemAccess;
}  // namespace internal

class StoredItem {
 public:
  // Encodes `item`. Throws std::length_error for an item whose encoding
  // passes 4 GiB (the table stores at most 400 KB).
  explicit StoredItem(const Item& item);

  // A moved-from StoredItem may only be assigned to or destroyed.
  StoredItem(const StoredItem& other) noexcept;
  StoredItem(StoredItem&& other) noexcept;
  StoredItem& operator=(const StoredItem& other) noexcept;
  StoredItem& operator=(StoredItem&& other) noexcept;
  ~StoredItem();

  // The item it was made from.
  Item to_item() const;
  // Only the attributes named that the item has.
  Item select(const std::set<std::string, std::less<>>& names) const;
  // The attribute's value, or nullopt when the item has none by that name.
  std::optional<AttributeValue> find(std::string_view name) const;
  bool contains(std::string_view name) const;
  // find(name), or std::out_of_range when there is none (as Item::at).
  AttributeValue at(std::string_view name) const;

  std::size_t attribute_count() const;
  // sortkey::item_size(to_item()), kept in the block.
  std::size_t item_size() const;

  // Equal iff to_item() == item.
  friend bool operator==(const StoredItem& stored, const Item& item);

 private:
  friend struct internal::StoredItemAccess;
  explicit StoredItem(internal::ItemBlock* block) noexcept : block_(block) {}
  internal::ItemBlock* block_;
};

}  // namespace sortkey

#endif  // SORTKEY_STORED_ITEM_H_
