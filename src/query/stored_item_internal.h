// Private: what the table reads of a StoredItem beyond its public face, the
// ordered keys it files the item under (src/query/key_encoding.h), kept in
// the item's own block so that an index entry is one pointer.

#ifndef SORTKEY_SRC_QUERY_STORED_ITEM_INTERNAL_H_
#define SORTKEY_SRC_QUERY_STORED_ITEM_INTERNAL_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "sortkey/stored_item.h"

namespace sortkey::internal {

struct StoredItemAccess {
  // `item` with `keys` appended. Throws std::length_error as the public
  // constructor does.
  static StoredItem make(const Item& item, const std::vector<std::string>& keys);
  // Key `slot` of those given to make. REQUIRES: slot < keys.size().
  static std::string_view key(const StoredItem& stored, std::size_t slot);
  // Whether two StoredItems share one block.
  static bool same_block(const StoredItem& a, const StoredItem& b) { return a.block_ == b.block_; }
};

}  // namespace sortkey::internal

#endif  // SORTKEY_SRC_QUERY_STORED_ITEM_INTERNAL_H_
