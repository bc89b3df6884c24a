// File: src/query/page_reader.h
//
// One page of a Query or Scan as the table reads it (sortkey/query.h): the
// entries read one by one, counted and charged before the filter, the read
// stopped at Limit or once the sizes read reach 1 MB.

#ifndef SORTKEY_SRC_QUERY_PAGE_READER_H_
#define SORTKEY_SRC_QUERY_PAGE_READER_H_

#include <limits>
#include <optional>
#include <set>
#include <string>

#include "sortkey/expression.h"
#include "sortkey/query.h"

namespace sortkey::internal {

struct PageReader {
  PageReader(const std::optional<Condition>& f, Select s, std::optional<int> l)
      : filter(f ? &*f : nullptr), select(s), limit(l.value_or(std::numeric_limits<int>::max())) {
    if (filter != nullptr) collect_attribute_names(*filter, &filter_names);
  }

  const Condition* filter;
  std::set<std::string, std::less<>> filter_names;  // what the filter reads of an item
  Select select;
  int limit;
  Page page;
  const StoredItem* last = nullptr;

  bool full() const { return page.scanned_count >= limit || page.bytes_read >= kMaxPageBytes; }

  // REQUIRES: !full().
  void read(const StoredItem& e) {
    ++page.scanned_count;
    page.bytes_read += e.item_size();
    last = &e;
    if (filter != nullptr && !evaluate(*filter, e.select(filter_names))) return;
    ++page.count;
    if (select != Select::kCount) page.items.push_back(e);
  }
};

}  // namespace sortkey::internal

#endif  // SORTKEY_SRC_QUERY_PAGE_READER_H_
