// File: gen/built_once.h
//
// A generator that takes arguments, built once per thread for each of them
// and then shared. A RapidCheck generator draws everything from the Random it
// is given, so one built once draws what a fresh one would (the same seed
// gives the same cases), without allocating its tree of alternatives again
// for every value drawn.
//
// Example:
//   rc::Gen<int> uniform_below(int n) {
//     return built_once(n, [n] { return rc::Gen<int>(...); });
//   }

#ifndef SORTKEY_PROPERTIES_GEN_BUILT_ONCE_H_
#define SORTKEY_PROPERTIES_GEN_BUILT_ONCE_H_

#include <map>
#include <utility>

namespace sortkey::props {

// What `make()` returns for `key`: made the first time this thread asks at
// this call site (each lambda type has its own cache), copied after that.
template <class Key, class Make>
auto built_once(Key key, Make make) {
  thread_local std::map<Key, decltype(make())> built;
  auto at = built.find(key);
  if (at == built.end()) at = built.emplace(std::move(key), make()).first;
  return at->second;
}

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_GEN_BUILT_ONCE_H_
