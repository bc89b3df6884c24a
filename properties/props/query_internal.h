// File: properties/props/query_internal.h
//
// Helpers the query property files share and nothing else needs: reading
// every page of a request, the request as a person reads it in a failure
// message, and the oracle's view of engine items. Not part of the property
// interface (that is props/query_props.h).

#ifndef SORTKEY_PROPERTIES_QUERY_INTERNAL_H_
#define SORTKEY_PROPERTIES_QUERY_INTERNAL_H_

#include <string>
#include <utility>
#include <vector>

#include "oracles/naive_query.h"
#include "properties/props/query_conversions.h"
#include "sortkey/attribute.h"
#include "sortkey/error.h"
#include "sortkey/query.h"

namespace sortkey::props::query_internal {

// Reads every page of a request; the items, or the engine's error.
template <class Request, class Read>
Result<std::vector<StoredItem>> read_all(Request r, Read read, int* pages = nullptr) {
  std::vector<StoredItem> out;
  for (int n = 0; n < 100000; ++n) {
    auto page = read(r);
    if (!page) return page.error();
    out.insert(out.end(), page->items.begin(), page->items.end());
    if (pages != nullptr) *pages = n + 1;
    if (!page->last_evaluated_key) return out;
    r.exclusive_start_key = page->last_evaluated_key;
  }
  return make_error(ErrorCode::kOverflow, 0, "more than 100000 pages");
}

// The request as a person reads it in a failure message.
std::string show_request(const QueryRequest& r);
std::string show_request(const ScanRequest& r);

inline std::vector<oracle::NItem> to_naive_all(const std::vector<StoredItem>& items) {
  std::vector<oracle::NItem> out;
  for (const StoredItem& i : items) out.push_back(to_naive(i));
  return out;
}

// A String value in the oracle's terms.
inline oracle::NValue str(std::string s) {
  oracle::NValue v;
  v.t = oracle::NValue::T::S;
  v.s = std::move(s);
  return v;
}

}  // namespace sortkey::props::query_internal

#endif  // SORTKEY_PROPERTIES_QUERY_INTERNAL_H_
