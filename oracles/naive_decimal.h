// File: oracles/naive_decimal.h
//
// Reference implementation for tests; never link into the library.
//
// DynamoDB Number text read by hand: the text is cut at its 'e', the mantissa
// at its '.', zeros are counted off both ends, and the number is kept as its
// significant digits and the power of ten of the leading digit (scientific
// notation, d1.d2d3... x 10^sci, as dynalite's big.js keeps it). The range
// and precision rules are dynalite's checkNum, in its order: overflow if
// sci > 125, underflow if sci < -130, then too precise if more than 38
// digits. Two numbers are compared long-hand: both are written as integers
// at the power of ten of the lower of their last digits, and the digit
// strings compared. Slow and obvious on purpose: it decides what the Number
// codec must do.

#ifndef SORTKEY_ORACLES_NAIVE_DECIMAL_H_
#define SORTKEY_ORACLES_NAIVE_DECIMAL_H_

#include <string>
#include <string_view>

namespace sortkey::oracle {

struct NaiveNumber {
  bool negative = false;  // never true for zero
  std::string digits;     // significant digits, first and last not '0'; "" for zero
  long long sci = 0;      // value = d1.d2d3... x 10^sci; 0 for zero
};

enum class NaiveVerdict {
  kNumber,      // a DynamoDB Number
  kNotANumber,  // "cannot be converted to a numeric value"
  kOverflow,    // "Number overflow. ..."
  kUnderflow,   // "Number underflow. ..."
  kTooPrecise,  // "Attempting to store more than 38 significant digits in a Number"
};

// "number", "not a number", "overflow", "underflow", "too precise".
const char* verdict_name(NaiveVerdict v);

// The start of DynamoDB's message for a verdict ("" for kNumber).
const char* dynamodb_message(NaiveVerdict v);

struct NaiveReading {
  NaiveVerdict verdict = NaiveVerdict::kNotANumber;
  NaiveNumber value;  // meaningful when the text is a number, even an out-of-range one
};

// What DynamoDB makes of `text` given as {"N": text}: optional sign, digits
// with at most one '.', at least one digit, then optionally 'e' or 'E', an
// optional sign and at least one digit. Nothing else, not even a space.
//
// Zero is zero whatever its sign and spelling, but DynamoDB judges its range
// by the power of ten of its last written digit, the exponent written minus
// the digits after the point: it refuses 0e126 (overflow) and 0e-131
// (underflow) and accepts 0.0e126 and 0e125 (ALT test_number.py::
// test_number_magnitude_not_allowed_zero, marked dynamodb_bug). That is the
// exponent Java's BigDecimal gives the text ("0e126" is 0 at scale -126),
// the one rule found that fits all four; so 00e126 is refused, 0.00e127 and
// 0.0e-129 accepted, 0.0e-130 refused.
NaiveReading read_number(std::string_view text);

// -1, 0 or 1 as a < b by value. REQUIRES: sci of both within [-200, 200]
// (the integers written out get that long).
int compare_numbers_longhand(const NaiveNumber& a, const NaiveNumber& b);

// DynamoDB's output text: plain decimal, no exponent, no '+', no leading or
// trailing zeros, "0" for zero and "0." before a pure fraction.
std::string canonical_text(const NaiveNumber& n);

// A short scientific spelling for messages: "-1.5e+2", "0".
std::string show_number(const NaiveNumber& n);

}  // namespace sortkey::oracle

#endif  // SORTKEY_ORACLES_NAIVE_DECIMAL_H_
