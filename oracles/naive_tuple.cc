// Reference implementation for tests; never link into the library.
#include "oracles/naive_tuple.h"

namespace sortkey::oracle {

int compare_tuples(const NaiveTuple& a, const NaiveTuple& b) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (a[i] < b[i]) return -1;
    if (b[i] < a[i]) return 1;
  }
  if (a.size() == b.size()) return 0;
  return a.size() < b.size() ? -1 : 1;
}

bool is_strict_prefix(const NaiveTuple& a, const NaiveTuple& x) {
  if (a.size() >= x.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] != x[i]) return false;
  }
  return true;
}

bool in_subtree(const NaiveTuple& x, const NaiveTuple& a) {
  return x == a || is_strict_prefix(a, x);
}

bool in_window(const NaiveTuple& x, const NaiveTuple& parent, const std::string& first,
               const std::string& last) {
  if (!is_strict_prefix(parent, x)) return false;
  const std::string& s = x[parent.size()];
  return first <= s && s <= last;
}

}  // namespace sortkey::oracle
