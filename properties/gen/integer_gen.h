// File: properties/gen/integer_gen.h
//
// RapidCheck generators for the integer codecs, biased to where fixed widths
// break: 9 -> 10 digits, powers of ten and their neighbours, the width limit
// (10^width - 1 and 10^width), widths 1 and 38, and 2^128 - 1.

#ifndef SORTKEY_PROPERTIES_GEN_INTEGER_GEN_H_
#define SORTKEY_PROPERTIES_GEN_INTEGER_GEN_H_

#include <rapidcheck.h>

#include <ostream>

#include "sortkey/uint128.h"

namespace sortkey::props {

// A 128-bit value wrapped so that RapidCheck can print it in counterexamples.
struct Big {
  UInt128 value;
};
std::ostream& operator<<(std::ostream& os, Big b);
inline void showValue(Big b, std::ostream& os) { os << b; }

// A width from 1 to 38, with 1, 2, 5, 10, 19, 20 and 38 more likely.
rc::Gen<int> gen_width();

// A value with at most `digits` digits: boundary values (0, 10^k - 1, 10^k,
// 10^k + 1 for k <= digits), or uniformly chosen digits.
rc::Gen<Big> gen_value_up_to_digits(int digits);

// A value that fits `width` most of the time, and sometimes one digit more
// (the overflow boundary).
rc::Gen<Big> gen_value_near_width(int width);

// Any value up to 2^128 - 1, biased to boundaries.
rc::Gen<Big> gen_any_value();

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_GEN_INTEGER_GEN_H_
