// File: properties/props/padded_props.h
//
// The specification of the zero-padded and inverse-difference integer codecs
// (sortkey/padded.h, sortkey/inverse.h), as framework-free property
// functions. The oracle (oracles/naive_integer.h) decides what is true: digit
// counts and comparisons by long-hand arithmetic on digit strings.

#ifndef SORTKEY_PROPERTIES_PADDED_PROPS_H_
#define SORTKEY_PROPERTIES_PADDED_PROPS_H_

#include <string_view>

#include "properties/props/outcome.h"
#include "sortkey/uint128.h"

namespace sortkey::props {

// decode(encode(v)) == v for every v that fits the width.
Outcome padded_round_trip(UInt128 v, int width);
// sign(key(a) <=> key(b)) == sign(a <=> b), equality included.
Outcome padded_order(UInt128 a, UInt128 b, int width);
// Every key is exactly `width` ASCII digits.
Outcome padded_fixed_width(UInt128 v, int width);
// encode fails with kOutOfRange iff v needs more than `width` digits.
Outcome padded_overflow(UInt128 v, int width);
// Every proper prefix, every extension by `extra`, and the key with `extra`
// in place of the byte at `position` (when `extra` is not a digit) is rejected.
Outcome padded_rejects_malformed(UInt128 v, int width, char extra, std::size_t position);
// decode on arbitrary bytes errs cleanly or returns the value whose key is
// exactly those bytes.
Outcome padded_total_decode(std::string_view bytes, int width);
// check_capacity(v).warn iff v * 100 > percent * (10^width - 1).
Outcome padded_capacity_warning(UInt128 v, int width, int percent);

// The inverse codec: round trip, order reversed exactly, fixed width,
// overflow, malformed keys rejected, total decode, and the key is the
// nines' complement of the padded key.
Outcome inverse_round_trip(UInt128 v, int width);
Outcome inverse_reverses_order(UInt128 a, UInt128 b, int width);
Outcome inverse_fixed_width(UInt128 v, int width);
Outcome inverse_overflow(UInt128 v, int width);
Outcome inverse_rejects_malformed(UInt128 v, int width, char extra, std::size_t position);
Outcome inverse_total_decode(std::string_view bytes, int width);
Outcome inverse_is_complement(UInt128 v, int width);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_PADDED_PROPS_H_
