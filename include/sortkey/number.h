// File: sortkey/number.h
//
// DynamoDB Numbers as order-preserving String keys. Any value a DynamoDB
// Number holds (sign, up to 38 significant digits, magnitude from 1E-130 to
// 9.9999999999999999999999999999999999999E+125, or zero) becomes a short
// printable key whose UTF-8 byte order is numeric order, so a number can sit
// inside a composite String sort key ("ORDER#<n>#...") and still sort by value.
// Every spelling of one value ("1e2", "100", "100.0", "+100", "0100") gives
// the same key, and decode returns the canonical plain-decimal text DynamoDB
// itself returns ("100").
//
// Format (DO NOT CHANGE: stored keys depend on it). Write a non-zero value as
// +-0.d1 d2 ... dn x 10^E with 1 <= n <= 38, d1 != 0 and dn != 0; DynamoDB's
// range is exactly E in [-129, 126], so e' = E + 129 is in [0, 255]:
//
//   zero       "2"
//   positive   "3" + e' as 3 digits + d1 ... dn
//   negative   "1" + (255 - e') as 3 digits + (9-d1) ... (9-dn) + ":"
//
// Every byte is in [0-9:]; a key is 1 to 43 bytes long.
//
// Ordering theorem: for numbers a and b,
//   a < b  iff  encode_number(a) < encode_number(b)   (bytewise)
// and equal values give identical keys. The first byte orders the signs.
// Between positives, a larger e' is a larger value (d1 != 0 puts the value in
// [10^(E-1), 10^E)); with equal e', the digit strings compare as the decimal
// fractions 0.d1...dn do, a proper prefix being the smaller because dn != 0.
// Negatives take the nines' complement of e' and of every digit, which
// reverses both comparisons; the terminator ':' (0x3A, above '9') makes a
// complemented proper prefix, the smaller magnitude and so the larger value,
// sort after its extensions.
//
// Composite keys: the theorem extends to enc(a) + "#" + x versus
// enc(b) + "#" + y, which compare as the tuples (a, x) and (b, y). A negative
// key ends at its ':' and zero is one byte; a positive key is a proper prefix
// of the larger positives' keys, so what follows it must sort below every
// digit: '#' (0x23) does, any byte below '0' does. A key followed directly by
// a digit or by ':' ... '~' breaks both the order and consume_number.
//
// Example:
//
//   number                       key
//   -9.99...9E+125 (38 nines)    1000 + 38 x "0" + ":"
//   -100                         11238:
//   -1.5                         112584:
//   -1                           11258:
//   -0.5                         11264:
//   -1E-130                      12558:
//   0, -0, 0.0, 0e5, 0.0e126     2
//   0e126                        error: out of range (Number overflow ...)
//   1E-130                       30001
//   0.5, .5, 5e-1                31295
//   1, 1.0, +1, 001, 1e0         31301
//   1.5                          313015
//   10                           31311
//   12345.678                    313412345678
//   9.99...9E+125 (38 nines)     3255 + 38 x "9"
//   1e126                        error: out of range (Number overflow ...)
//
// Usage:
//
//   sortkey::Result<sortkey::Number> n = sortkey::parse_number("1e2");
//   std::string key = "ORDER#" + sortkey::encode_number(*n) + "#A17";  // ORDER#31321#A17
//   std::string_view rest = "31321#A17";
//   auto back = sortkey::consume_number(rest);  // 100, rest == "#A17"
//   sortkey::to_string(*back);                  // "100"

#ifndef SORTKEY_NUMBER_H_
#define SORTKEY_NUMBER_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "sortkey/error.h"

namespace sortkey {
namespace internal {
class NumberBuilder;
}  // namespace internal

// DynamoDB's limits on a Number (AWS, "Supported data types and naming rules
// in Amazon DynamoDB"): 38 significant digits; in the form 0.d1... x 10^E,
// E from -129 (1E-130) to 126 (9.99...E+125).
inline constexpr int kNumberMaxDigits = 38;
inline constexpr int kNumberMinExponent = -129;
inline constexpr int kNumberMaxExponent = 126;
// The longest key: "1" + 3 exponent digits + 38 digits + ":".
inline constexpr std::size_t kNumberMaxKeySize = 43;

// A DynamoDB Number, normalized. Invariant (only parse_number and the
// decoders make a non-zero Number): either zero, or 1..38 digits with the
// first and last not '0' and kNumberMinExponent <= exponent() <=
// kNumberMaxExponent. So every Number is in DynamoDB's range, and two Numbers
// are equal iff their values are.
class Number {
 public:
  // Zero.
  Number() = default;

  bool is_zero() const { return size_ == 0; }
  // False for zero: DynamoDB has no negative zero.
  bool is_negative() const { return negative_; }
  // The significant digits d1...dn as ASCII, "" for zero.
  std::string_view digits() const { return std::string_view(digits_.data(), size_); }
  // E in value = +-0.d1...dn x 10^E; 0 for zero.
  int exponent() const { return exponent_; }

  friend bool operator==(const Number&, const Number&) = default;

 private:
  friend class internal::NumberBuilder;
  std::array<char, kNumberMaxDigits> digits_{};  // unused tail stays '\0'
  std::uint8_t size_ = 0;
  bool negative_ = false;
  std::int16_t exponent_ = 0;
};

// Parses DynamoDB Number text, as DynamoDB accepts it in {"N": "..."}:
//   [+-]? ( digits [ "." digits? ] | "." digits ) ( [eE] [+-]? digits )?
// so "1e2", "+100", "100.0", "0100", ".5", "5.", "-0" and "1E+2" are numbers;
// " 1", "1 ", "NaN", "Infinity", "0x10", "1e", "." and "" are not. Leading and
// trailing zeros are not significant.
// Zero: every spelling of zero is the one zero, but DynamoDB judges its
// range by the power of ten of its last written digit, the exponent written
// minus the digits after the point (Java BigDecimal's exponent of the text):
// 0e125 and 0.0e126 are zero, 0e126 and 00e126 overflow, 0e-131 and
// 0.0e-130 underflow (ALT test_number.py::test_number_magnitude_not_allowed_zero,
// a DynamoDB quirk the Alternator suite records as dynamodb_bug).
// Errors:
//   kEmpty, kBadCharacter, kBadFormat: "cannot be converted to a numeric value";
//   kOutOfRange, checked in DynamoDB's order:
//     "Number overflow. Attempting to store a number with magnitude larger
//      than supported range" (|v| >= 1E126),
//     "Number underflow. Attempting to store a number with magnitude smaller
//      than supported range" (0 < |v| < 1E-130),
//     "Attempting to store more than 38 significant digits in a Number".
Result<Number> parse_number(std::string_view text);

// DynamoDB's canonical text of the value: plain decimal, never an exponent,
// no '+', no leading or trailing zeros, "0" for zero, "0." before a fraction
// ("1e2" -> "100", "-0" -> "0", ".5" -> "0.5", "1e-3" -> "0.001").
std::string to_string(const Number& n);

// The key of n. Infallible: every Number is in range.
std::string encode_number(const Number& n);
// Appends the key of n to `out`.
void append_number(std::string& out, const Number& n);
// parse_number then encode_number; the errors of parse_number.
Result<std::string> encode_number(std::string_view text);

// Accepts exactly the keys encode_number produces. Errors: kEmpty,
// kBadCharacter (first byte not 1/2/3, a non-digit in the exponent or
// mantissa), kTruncated (ends inside the exponent, before the first digit, or
// before a negative key's ':'), kOutOfRange (exponent field above 255),
// kNonCanonical (a mantissa with a leading or trailing zero digit),
// kBadLength (more than 38 digits), kBadFormat (no digit before ':'),
// kBadDelimiter (a negative key's digits end in a byte other than ':'),
// kTrailingBytes.
Result<Number> decode_number(std::string_view key);

// Reads one number key from the front of `in` and advances `in` past it; on
// error `in` is unchanged. Where a key ends: zero is the one byte "2"; a
// negative key ends at its ':'; a positive key ends at the first byte that is
// not a digit (or at the end of the input). So a positive key must not be
// followed directly by a digit: in '#'-joined keys it never is.
Result<Number> consume_number(std::string_view& in);

// -1, 0 or 1 as a < b, a == b, a > b by value: the logical order the keys
// preserve.
int compare_numbers(const Number& a, const Number& b);

}  // namespace sortkey

#endif  // SORTKEY_NUMBER_H_
