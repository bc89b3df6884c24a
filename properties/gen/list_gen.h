// File: properties/gen/list_gen.h
//
// A list generator whose length follows a chosen distribution and which
// shrinks like a RapidCheck container: by removing chunks of elements (never
// below a minimum length) and by shrinking each element in place, the others
// kept as they are. `rc::gen::mapcat(length, container(n, element))` cannot
// do that: shrinking its length draws every element afresh, so the shrink
// rarely still fails and counterexamples keep the length they were drawn
// with; a fixed-length container never drops an element.
//
// Example: one to eight segments, one of them most often:
//   gen_list(rc::gen::weightedOneOf<std::size_t>({{3, rc::gen::just<std::size_t>(1)},
//                                                {1, rc::gen::inRange<std::size_t>(2, 9)}}),
//            gen_segment('#'), 1)

#ifndef SORTKEY_PROPERTIES_GEN_LIST_GEN_H_
#define SORTKEY_PROPERTIES_GEN_LIST_GEN_H_

#include <rapidcheck.h>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace sortkey::props {

// max(min, a drawn length) elements of `element`; shrinks never go below `min`.
template <class T>
rc::Gen<std::vector<T>> gen_list(rc::Gen<std::size_t> length, rc::Gen<T> element,
                                 std::size_t min = 0) {
  using Items = std::vector<rc::Shrinkable<T>>;
  return rc::Gen<std::vector<T>>([length, element, min](const rc::Random& random, int size) {
    rc::Random r = random;
    const std::size_t n = std::max(min, length(r.split(), size).value());
    Items items;
    items.reserve(n);
    for (std::size_t i = 0; i < n; ++i) items.push_back(element(r.split(), size));
    auto shrinks = [min](const Items& xs) {
      return rc::seq::concat(
          rc::seq::filter(rc::shrink::removeChunks(xs),
                          [min](const Items& ys) { return ys.size() >= min; }),
          rc::shrink::eachElement(xs, [](const rc::Shrinkable<T>& x) { return x.shrinks(); }));
    };
    return rc::shrinkable::map(rc::shrinkable::shrinkRecur(std::move(items), shrinks),
                               [](const Items& xs) {
                                 std::vector<T> out;
                                 out.reserve(xs.size());
                                 for (const auto& x : xs) out.push_back(x.value());
                                 return out;
                               });
  });
}

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_GEN_LIST_GEN_H_
