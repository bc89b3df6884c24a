// File: sortkey/inverse.h
//
// Inverse-difference integers: the zero-padded difference from the largest
// value of the width, `10^width - 1 - n`, so that larger values sort first
// while an item collection is read forward (the guides' "faking ascending
// order": a Device item followed by its newest Readings).
//
// Format (DO NOT CHANGE): encode_padded(10^width - 1 - n, width).
//
// Ordering theorem: for a, b < 10^width,
//   a < b  iff  encode_inverse(a, width) > encode_inverse(b, width)
// because subtraction from a constant reverses integer order and padded keys
// preserve it. The trick holds only while n < 10^width; beyond that the
// difference would be negative, so such a value is an error, never a key.
//
// Example (width 5):
//
//   value    key
//   0        99999
//   157      99842
//   99998    00001
//   99999    00000
//   100000   error: out of range (needs 6 digits)

#ifndef SORTKEY_INVERSE_H_
#define SORTKEY_INVERSE_H_

#include <string>
#include <string_view>

#include "sortkey/error.h"
#include "sortkey/uint128.h"

namespace sortkey {

// Errors: kBadParameter (width outside 1..38), kOutOfRange (value >= 10^width).
Result<std::string> encode_inverse(UInt128 value, int width);
Result<void> append_inverse(std::string& out, UInt128 value, int width);

// Accepts exactly the keys encode_inverse produces; returns n.
Result<UInt128> decode_inverse(std::string_view key, int width);
Result<UInt128> consume_inverse(std::string_view& in, int width);

}  // namespace sortkey

#endif  // SORTKEY_INVERSE_H_
