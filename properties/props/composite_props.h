// File: properties/props/composite_props.h
//
// The specification of hierarchical composite keys (sortkey/composite.h), as
// framework-free property functions. The oracle (oracles/naive_tuple.h)
// decides what is true on the tuples themselves: segment-by-segment
// std::string comparison, subtree and window membership by tuple prefix.

#ifndef SORTKEY_PROPERTIES_COMPOSITE_PROPS_H_
#define SORTKEY_PROPERTIES_COMPOSITE_PROPS_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "properties/props/outcome.h"
#include "sortkey/composite.h"

namespace sortkey::props {

// decode(encode(p)) == p, and the key is valid UTF-8 without a raw byte <= X
// other than the delimiters.
Outcome composite_round_trip(const Path& path, char delimiter);
// sign(key(a) <=> key(b)) == sign of the oracle's tuple comparison.
Outcome composite_tuple_order(const Path& a, const Path& b, char delimiter);
// begins_with(key(x), subtree_prefix(a)) iff a is a proper prefix of x.
Outcome composite_subtree_exact(const Path& x, const Path& a, char delimiter);
// low <= key(x) <= high for subtree_bounds(a) iff x is a or below it.
Outcome composite_subtree_bounds_exact(const Path& x, const Path& a, char delimiter);
// low <= key(x) <= high for window_bounds(parent, first, last) iff x is
// parent + [s] + rest with first <= s <= last. REQUIRES: first <= last.
Outcome composite_window_exact(const Path& x, const Path& parent, const std::string& first,
                               const std::string& last, char delimiter);

// The malformations decode must reject, spliced into a valid key at a code
// word boundary (or, for kTruncatedEscape, at its end).
enum class Malformation {
  kRawLowByte,       // a byte <= X other than d, unescaped: bad character
  kNeedlessEscape,   // X followed by the hex of a byte > X: non-canonical
  kLowerCaseHex,     // X followed by lower-case hex: non-canonical
  kNotHex,           // X followed by a byte that is no hex digit: bad character
  kTruncatedEscape,  // X or X + one digit at the end: truncated
  kInvalidUtf8,      // an ill-formed UTF-8 sequence: bad character
};
const char* to_string(Malformation m);

// The key of `path` with the malformation (using `byte` where it needs one)
// spliced in at the `position`-th code word boundary is rejected with the
// right code at the splice's offset.
Outcome composite_rejects_malformed(const Path& path, char delimiter, Malformation m,
                                    std::size_t position, unsigned char byte);
// decode on any bytes errs cleanly or returns the path whose key is exactly
// those bytes.
Outcome composite_total_decode(std::string_view bytes, char delimiter);
// encode fails iff a segment is not valid UTF-8 (oracle: long-hand decoder),
// with kBadCharacter at the offset of the first ill-formed sequence of the
// first bad segment.
Outcome composite_rejects_invalid_text(const Path& path, char delimiter);
// Every delimiter in 0x21..0x2F works (round trip, tuple order against
// `other`, subtree prefix), every other byte is kBadParameter everywhere.
Outcome composite_delimiter_choice(const Path& path, const Path& other, char delimiter);

// Typed segments, for the typed layer (KeyBuilder).
enum class SegmentKind { kText, kPadded, kInverse, kNumber, kTimestamp, kName };
struct TypedSegment {
  SegmentKind kind = SegmentKind::kText;
  int width = 0;                  // padded and inverse: the width; timestamp: the precision
  std::string text;               // text; number: DynamoDB Number text; name: the name
  unsigned long long number = 0;  // padded and inverse, below 10^width
  long long seconds = 0;          // timestamp: Unix seconds, years 0001..9999
  unsigned nanos = 0;             // timestamp: below 10^9
};
using TypedPath = std::vector<TypedSegment>;
std::string show_typed(const TypedPath& path);

// For two typed paths over one schema (the same kind and width at each
// index; lengths may differ): the order of the logical values (text by
// bytes, padded numerically, inverse in reverse, numbers by value,
// timestamps chronologically at their precision, names by the code points of
// their fold form; a proper prefix first) is the byte order of the
// KeyBuilder keys.
Outcome composite_typed_order(const TypedPath& a, const TypedPath& b, char delimiter);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_COMPOSITE_PROPS_H_
