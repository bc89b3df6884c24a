// File: oracles/naive_integer.h
//
// Reference implementation for tests; never link into the library.
//
// Long-hand decimal arithmetic on digit strings, as taught in school. Slow and
// obvious on purpose: it decides what the integer codecs must do.

#ifndef SORTKEY_ORACLES_NAIVE_INTEGER_H_
#define SORTKEY_ORACLES_NAIVE_INTEGER_H_

#include <string>
#include <string_view>

namespace sortkey::oracle {

__extension__ typedef unsigned __int128 NaiveU128;

// Decimal digits of n without leading zeros, by repeated division.
std::string decimal(NaiveU128 n);

// Strips leading zeros ("" and "000" become "0").
std::string strip_zeros(std::string_view digits);

// -1, 0 or 1 as the integers written by the digit strings compare
// (leading zeros allowed).
int compare_digits(std::string_view a, std::string_view b);

// digits * k, long-hand. REQUIRES: digits are ASCII '0'..'9', k >= 0.
std::string multiply_digits(std::string_view digits, unsigned k);

// "9" repeated width times: the largest value of a width.
std::string all_nines(int width);

// width - |digits| zeros followed by the digits. REQUIRES: |digits| <= width.
std::string left_pad(std::string_view digits, int width);

// Each digit d replaced by 9 - d (the nines' complement, digit by digit).
std::string nines_complement(std::string_view digits);

}  // namespace sortkey::oracle

#endif  // SORTKEY_ORACLES_NAIVE_INTEGER_H_
