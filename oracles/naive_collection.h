// File: oracles/naive_collection.h
//
// Reference implementation for tests; never link into the library.
//
// One DynamoDB item collection, read the slow and obvious way: keep the items
// in a plain vector, sort a copy by sort key (String keys compare as unsigned
// UTF-8 bytes, which std::string's operator< does), keep those the condition
// accepts, reverse for a backward read, cut at the limit.

#ifndef SORTKEY_ORACLES_NAIVE_COLLECTION_H_
#define SORTKEY_ORACLES_NAIVE_COLLECTION_H_

#include <string>
#include <vector>

namespace sortkey::oracle {

struct NaiveItem {
  std::string sort_key;
  std::string label;  // what the test calls the item ("parent", "team 3", ...)
};

// op is one of "<", "<=", ">", ">=", "=", "begins_with"; limit 0 means none.
std::vector<NaiveItem> naive_read(std::vector<NaiveItem> items, const std::string& op,
                                  const std::string& value, bool forward, int limit);

}  // namespace sortkey::oracle

#endif  // SORTKEY_ORACLES_NAIVE_COLLECTION_H_
