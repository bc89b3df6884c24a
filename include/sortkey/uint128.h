// File: sortkey/uint128.h
//
// The unsigned integer type of the integer codecs. A padded key may be up to
// 38 digits wide, and 10^38 - 1 needs 127 bits, so the codecs take a 128-bit
// unsigned integer. GCC and Clang provide `unsigned __int128`; this header
// names it and gives it decimal text conversions, which the standard library
// does not provide for it.
//
// Example:
//
//   sortkey::UInt128 n = *sortkey::parse_decimal("340282366920938463463374607431768211455");
//   std::string s = sortkey::to_decimal(n);   // the same digits back

#ifndef SORTKEY_UINT128_H_
#define SORTKEY_UINT128_H_

#include <string>
#include <string_view>

#include "sortkey/error.h"

namespace sortkey {

__extension__ typedef unsigned __int128 UInt128;

// The largest number of decimal digits any integer codec accepts (DynamoDB's
// Number precision, and the width at which 10^width - 1 still fits in UInt128).
inline constexpr int kMaxDigits = 38;

// 10^exponent. REQUIRES: 0 <= exponent <= 38.
UInt128 pow10(int exponent);

// The number of decimal digits of `value` (1 for 0).
int decimal_digits(UInt128 value);

// Plain decimal text: no sign, no leading zeros ("0" for zero).
std::string to_decimal(UInt128 value);

// Parses plain decimal text: one or more ASCII digits, no sign, no spaces.
// Leading zeros are accepted ("007" is 7): this parses user input, it is not a
// key decoder. Errors: kEmpty, kBadCharacter, kOutOfRange (above 2^128 - 1).
Result<UInt128> parse_decimal(std::string_view text);

}  // namespace sortkey

#endif  // SORTKEY_UINT128_H_
