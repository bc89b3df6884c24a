// Reference implementation for tests; never link into the library.
#include "oracles/naive_collection.h"

#include <algorithm>

namespace sortkey::oracle {

std::vector<NaiveItem> naive_read(std::vector<NaiveItem> items, const std::string& op,
                                  const std::string& value, bool forward, int limit) {
  std::sort(items.begin(), items.end(),
            [](const NaiveItem& a, const NaiveItem& b) { return a.sort_key < b.sort_key; });
  std::vector<NaiveItem> out;
  for (const NaiveItem& item : items) {
    const std::string& k = item.sort_key;
    bool keep = false;
    if (op == "<")
      keep = k < value;
    else if (op == "<=")
      keep = k <= value;
    else if (op == ">")
      keep = k > value;
    else if (op == ">=")
      keep = k >= value;
    else if (op == "=")
      keep = k == value;
    else if (op == "begins_with")
      keep = k.compare(0, value.size(), value) == 0;
    if (keep) out.push_back(item);
  }
  if (!forward) std::reverse(out.begin(), out.end());
  if (limit > 0 && out.size() > static_cast<std::size_t>(limit))
    out.resize(static_cast<std::size_t>(limit));
  return out;
}

}  // namespace sortkey::oracle
