// File: sortkey/padded.h
//
// Zero-padded integers: a non-negative integer written in decimal with leading
// zeros to a fixed width chosen by the user, so that text order is numeric
// order ("READING#00157").
//
// Format (DO NOT CHANGE: stored keys depend on it):
//   exactly `width` ASCII digits '0'..'9', most significant first,
//   1 <= width <= 38.
//
// Ordering theorem: for a, b < 10^width,
//   a < b  iff  encode_padded(a, width) < encode_padded(b, width)   (bytewise)
// and equal values give identical keys. Two keys of equal length compare as
// their first differing digit, which is the most significant differing digit
// of the values.
//
// The width is a promise about the largest value the data will ever hold. A
// value that needs more digits is an error, never a wider or truncated key:
// "100000" would sort before "99999". Pick the width for the largest count you
// can imagine plus two or three digits, and watch `check_capacity`.
//
// Example (width 5):
//
//   value    key
//   0        00000
//   2        00002
//   10       00010
//   157      00157
//   99999    99999
//   100000   error: out of range (needs 6 digits)

#ifndef SORTKEY_PADDED_H_
#define SORTKEY_PADDED_H_

#include <string>
#include <string_view>

#include "sortkey/error.h"
#include "sortkey/uint128.h"

namespace sortkey {

inline constexpr int kMinWidth = 1;
inline constexpr int kMaxWidth = kMaxDigits;  // 38

// The largest value a key of `width` digits holds: 10^width - 1.
// REQUIRES: kMinWidth <= width <= kMaxWidth.
UInt128 padded_max(int width);

// Errors: kBadParameter (width outside 1..38), kOutOfRange (value >= 10^width).
Result<std::string> encode_padded(UInt128 value, int width);

// Appends the key to `out`; on error `out` is unchanged.
Result<void> append_padded(std::string& out, UInt128 value, int width);

// Accepts exactly the keys encode_padded produces: `width` digits, nothing
// else. Errors: kBadParameter, kTruncated (too short), kTrailingBytes (too
// long), kBadCharacter (a non-digit).
Result<UInt128> decode_padded(std::string_view key, int width);

// Reads one padded integer from the front of `in` and advances `in` past it;
// on error `in` is unchanged. Bytes after the value are left for the caller.
Result<UInt128> consume_padded(std::string_view& in, int width);

// How much of a width a value uses: the sorting guide's "alert at X% of your maximum".
struct Capacity {
  int digits_needed = 0;     // decimal digits of the value
  int width = 0;             // the key width
  double fraction_used = 0;  // value / (10^width - 1), for display only
  bool fits = false;         // value <= 10^width - 1
  bool warn = false;         // value * 100 > warn_percent * (10^width - 1), exactly
};

// Errors: kBadParameter (width outside 1..38, warn_percent outside 0..100).
// `warn` is decided in exact integer arithmetic: it is true iff the value is
// strictly above warn_percent% of the largest value the width holds.
Result<Capacity> check_capacity(UInt128 value, int width, int warn_percent);

}  // namespace sortkey

#endif  // SORTKEY_PADDED_H_
