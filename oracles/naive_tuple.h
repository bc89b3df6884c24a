// File: oracles/naive_tuple.h
//
// Reference implementation for tests; never link into the library.
//
// What the composite codec (sortkey/composite.h) must do, decided on the
// tuples themselves: segment-by-segment comparison with plain std::string
// comparison, subtree membership by tuple prefix, window membership by the
// child segment's position between two bounds. Nothing here knows about
// delimiters or escapes.

#ifndef SORTKEY_ORACLES_NAIVE_TUPLE_H_
#define SORTKEY_ORACLES_NAIVE_TUPLE_H_

#include <string>
#include <vector>

namespace sortkey::oracle {

using NaiveTuple = std::vector<std::string>;

// -1, 0 or 1: the first differing segment decides by std::string order; a
// proper prefix sorts first.
int compare_tuples(const NaiveTuple& a, const NaiveTuple& b);

// a is a proper prefix of x: x is a strict descendant of a.
bool is_strict_prefix(const NaiveTuple& a, const NaiveTuple& x);

// x is a itself or a strict descendant of a.
bool in_subtree(const NaiveTuple& x, const NaiveTuple& a);

// x = parent + [s] + rest with first <= s <= last (std::string order).
bool in_window(const NaiveTuple& x, const NaiveTuple& parent, const std::string& first,
               const std::string& last);

}  // namespace sortkey::oracle

#endif  // SORTKEY_ORACLES_NAIVE_TUPLE_H_
