#include "sortkey/number.h"

#include <fmt/format.h>

#include <cstdint>

#include "src/internal/deferred_error.h"
#include "src/internal/text.h"

namespace sortkey {
namespace internal {

// The one way to make a non-zero Number. REQUIRES: the invariant of Number
// (1..38 digits, first and last not '0', exponent in range) or digits empty.
class NumberBuilder {
 public:
  static Number make(bool negative, std::string_view digits, int exponent) {
    Number n;
    if (digits.empty()) return n;
    n.negative_ = negative;
    n.size_ = static_cast<std::uint8_t>(digits.size());
    for (std::size_t i = 0; i < digits.size(); ++i) n.digits_[i] = digits[i];
    n.exponent_ = static_cast<std::int16_t>(exponent);
    return n;
  }
};

}  // namespace internal

// Why the keys sort as the numbers do, with worked bytes.
//
// Signs: the first byte is '1' < '2' < '3' for negative < zero < positive.
//
// Positives, "3" + e' + digits. Different exponents: 10 = 0.1e2 -> "31311"
// and 9.5 = 0.95e1 -> "313095"; the fields "131" > "130" decide, and rightly,
// because d1 != 0 puts 0.d x 10^E in [10^(E-1), 10^E). Equal exponents: the
// digit strings compare as the fractions 0.d1...dn: 1.5 -> "313015" against
// 1.25 -> "3130125", '5' > '2'. A proper prefix is the smaller value, since
// the longer string adds digits after it and its last digit is not 0:
// 1 -> "31301" < 1.5 -> "313015".
//
// Negatives, "1" + (255 - e') + (9-d)... + ":". Complementing the field and
// every digit reverses both comparisons above: -10 -> "11248:" < -9.5 ->
// "112504:" ("124" < "125"), and -1.5 -> "112584:" < -1.25 -> "1125874:"
// ('4' < '7'). Without a terminator a complemented proper prefix would still
// sort first, i.e. -1 ("11258") before -1.5 ("112584"), which is wrong; ':'
// sorts above every digit, so "11258:" > "112584:" and -1 > -1.5.
//
// Suffixes: in enc(a) + "#" + x, a negative key ends at ':' and zero is one
// byte, so the keys differ before either suffix starts unless a == b; a
// positive key that is a proper prefix of another meets '#' (0x23) against a
// digit, and '#' < '0' keeps the shorter (the smaller value) first.

namespace {

using internal::is_digit;
using internal::quote_byte;

// Key bytes: the sign bytes order negative < zero < positive.
constexpr char kNegative = '1';
constexpr char kZero = '2';
constexpr char kPositive = '3';
constexpr char kTerminator = ':';                               // above '9': ends a negative key
constexpr int kExponentBias = -kNumberMinExponent;              // e' = E + 129
constexpr int kMaxBiased = kNumberMaxExponent + kExponentBias;  // 255

// An exponent written in the text is clamped to this: far beyond any text
// that fits in memory, so clamping never changes a verdict, and sums of it
// with text positions cannot overflow 64 bits.
constexpr std::int64_t kExponentClamp = 1'000'000'000'000'000;

constexpr std::string_view kNotNumeric = "cannot be converted to a numeric value: ";

Error not_numeric(ErrorCode code, std::size_t offset, std::string_view why) {
  return make_error(code, offset, fmt::format("{}{}", kNotNumeric, why));
}

Error unexpected_byte(std::string_view text, std::size_t i, std::string_view expected) {
  if (i == text.size()) {
    return not_numeric(ErrorCode::kBadFormat, i,
                       fmt::format("expected {}, the text ends", expected));
  }
  return not_numeric(ErrorCode::kBadCharacter, i,
                     fmt::format("expected {}, found {}", expected, quote_byte(text[i])));
}

// The range of E in 0.d x 10^E: overflow above, underflow below.
Result<void> check_range(std::int64_t exponent) {
  if (exponent > kNumberMaxExponent) {
    return make_error(
        ErrorCode::kOutOfRange, 0,
        "Number overflow. Attempting to store a number with magnitude larger than "
        "supported range (the largest is 9.9999999999999999999999999999999999999E+125)");
  }
  if (exponent < kNumberMinExponent) {
    return make_error(ErrorCode::kOutOfRange, 0,
                      "Number underflow. Attempting to store a number with magnitude smaller than "
                      "supported range (the smallest is 1E-130)");
  }
  return {};
}

}  // namespace

Result<Number> parse_number(std::string_view text) {
  const std::size_t n = text.size();
  if (n == 0) return not_numeric(ErrorCode::kEmpty, 0, "the text is empty");
  std::size_t i = 0;
  bool negative = false;
  if (text[0] == '+' || text[0] == '-') {
    negative = text[0] == '-';
    ++i;
  }
  const std::size_t int_begin = i;
  while (i < n && is_digit(text[i])) ++i;
  const std::size_t int_end = i;
  std::size_t frac_begin = i;
  std::size_t frac_end = i;
  if (i < n && text[i] == '.') {
    frac_begin = ++i;
    while (i < n && is_digit(text[i])) ++i;
    frac_end = i;
  }
  const std::size_t int_len = int_end - int_begin;
  const std::size_t frac_len = frac_end - frac_begin;
  if (int_len + frac_len == 0) {
    return unexpected_byte(text, i, i == int_begin ? "a digit or '.'" : "a digit");
  }
  std::int64_t written_exponent = 0;
  const bool has_exponent = i < n && (text[i] == 'e' || text[i] == 'E');
  if (has_exponent) {
    ++i;
    bool exponent_negative = false;
    if (i < n && (text[i] == '+' || text[i] == '-')) {
      exponent_negative = text[i] == '-';
      ++i;
    }
    if (i == n || !is_digit(text[i])) return unexpected_byte(text, i, "an exponent digit");
    while (i < n && is_digit(text[i])) {
      written_exponent = written_exponent * 10 + (text[i] - '0');
      if (written_exponent > kExponentClamp) written_exponent = kExponentClamp;
      ++i;
    }
    if (exponent_negative) written_exponent = -written_exponent;
  }
  if (i != n) {
    const char* expected = has_exponent            ? "an exponent digit or the end"
                           : frac_begin == int_end ? "a digit, '.', 'e' or the end"
                                                   : "a digit, 'e' or the end";
    return unexpected_byte(text, i, expected);
  }

  // The mantissa digits D = integer part + fraction part, value 0.D x 10^int_len.
  const std::size_t total = int_len + frac_len;
  auto digit_at = [&](std::size_t k) {
    return k < int_len ? int_begin + k : frac_begin + (k - int_len);
  };
  std::size_t first = 0;
  while (first < total && text[digit_at(first)] == '0') ++first;
  if (first == total) {
    // Zero, whatever its sign; DynamoDB judges its range by its last written
    // digit, which stands at 10^(written - frac_len): 0e126 overflows,
    // 0.0e126 does not (see "Zero" in sortkey/number.h).
    const std::int64_t exponent = written_exponent - static_cast<std::int64_t>(frac_len) + 1;
    if (auto range = check_range(exponent); !range) return range.error();
    return Number();
  }
  std::size_t last = total - 1;
  while (text[digit_at(last)] == '0') --last;

  const std::int64_t exponent =
      static_cast<std::int64_t>(int_len) - static_cast<std::int64_t>(first) + written_exponent;
  if (auto range = check_range(exponent); !range) return range.error();
  const std::size_t count = last - first + 1;
  if (count > static_cast<std::size_t>(kNumberMaxDigits)) {
    return make_error(ErrorCode::kOutOfRange, digit_at(first + kNumberMaxDigits),
                      fmt::format("Attempting to store more than 38 significant digits in a Number "
                                  "(this one has {})",
                                  count));
  }
  char digits[kNumberMaxDigits];
  for (std::size_t k = 0; k < count; ++k) digits[k] = text[digit_at(first + k)];
  return internal::NumberBuilder::make(negative, std::string_view(digits, count),
                                       static_cast<int>(exponent));
}

std::string to_string(const Number& n) {
  if (n.is_zero()) return "0";
  std::string out;
  if (n.is_negative()) out += '-';
  const std::string_view d = n.digits();
  const int size = static_cast<int>(d.size());
  const int e = n.exponent();
  if (e <= 0) {  // 0.000ddd
    out += "0.";
    out.append(static_cast<std::size_t>(-e), '0');
    out += d;
  } else if (e >= size) {  // ddd000
    out += d;
    out.append(static_cast<std::size_t>(e - size), '0');
  } else {  // dd.d
    out += d.substr(0, static_cast<std::size_t>(e));
    out += '.';
    out += d.substr(static_cast<std::size_t>(e));
  }
  return out;
}

void append_number(std::string& out, const Number& n) {
  if (n.is_zero()) {
    out += kZero;
    return;
  }
  const std::string_view digits = n.digits();
  const bool negative = n.is_negative();
  const int biased = n.exponent() + kExponentBias;
  const int field = negative ? kMaxBiased - biased : biased;
  const std::size_t start = out.size();
  out.resize(start + 4 + digits.size() + (negative ? 1 : 0));
  char* p = out.data() + start;
  *p++ = negative ? kNegative : kPositive;
  *p++ = static_cast<char>('0' + field / 100);
  *p++ = static_cast<char>('0' + field / 10 % 10);
  *p++ = static_cast<char>('0' + field % 10);
  if (negative) {
    for (char c : digits) *p++ = static_cast<char>('9' - (c - '0'));
    *p = kTerminator;
  } else {
    digits.copy(p, digits.size());
  }
}

std::string encode_number(const Number& n) {
  std::string key;
  append_number(key, n);  // one resize to the exact length
  return key;
}

Result<std::string> encode_number(std::string_view text) {
  auto n = parse_number(text);
  if (!n) return n.error();
  return encode_number(*n);
}

Result<Number> consume_number(std::string_view& in) {
  const std::size_t n = in.size();
  if (n == 0)
    return internal::defer_text(ErrorCode::kEmpty, 0, "expected a number key, the key is empty");
  const char sign = in[0];
  if (sign == kZero) {
    in.remove_prefix(1);
    return Number();
  }
  if (sign != kNegative && sign != kPositive) {
    return internal::defer<[](char c) {
      return fmt::format("expected '1' (negative), '2' (zero) or '3' (positive), found {}",
                         quote_byte(c));
    }>(ErrorCode::kBadCharacter, 0, sign);
  }
  const bool negative = sign == kNegative;
  int field = 0;
  for (std::size_t i = 1; i <= 3; ++i) {
    if (i == n) {
      return internal::defer<[](std::size_t after) {
        return fmt::format("the key ends inside the 3-digit exponent, after {}", after);
      }>(ErrorCode::kTruncated, i, i - 1);
    }
    if (!is_digit(in[i])) {
      return internal::defer<[](char c) {
        return fmt::format("expected an exponent digit, found {}", quote_byte(c));
      }>(ErrorCode::kBadCharacter, i, in[i]);
    }
    field = field * 10 + (in[i] - '0');
  }
  if (field > kMaxBiased) {
    return internal::defer<[](int f) {
      return fmt::format("the exponent field {:03} is above {}", f, kMaxBiased);
    }>(ErrorCode::kOutOfRange, 1, field);
  }
  const int exponent = (negative ? kMaxBiased - field : field) - kExponentBias;

  // The mantissa: digits (complemented if negative) up to the first non-digit.
  const char zero_digit = negative ? '9' : '0';  // the byte of a digit 0
  char digits[kNumberMaxDigits];
  std::size_t count = 0;
  std::size_t i = 4;
  for (; i < n && is_digit(in[i]); ++i) {
    if (count == static_cast<std::size_t>(kNumberMaxDigits)) {
      return internal::defer<[] {
        return fmt::format("a number key holds at most {} digits", kNumberMaxDigits);
      }>(ErrorCode::kBadLength, i);
    }
    digits[count++] = negative ? static_cast<char>('9' - (in[i] - '0')) : in[i];
  }
  if (count == 0) {
    if (i == n) {
      return internal::defer_text(ErrorCode::kTruncated, i, "the key ends before the first digit");
    }
    if (negative && in[i] == kTerminator) {
      return internal::defer_text(ErrorCode::kBadFormat, i,
                                  "expected at least one digit before ':'");
    }
    return internal::defer<[](char c) {
      return fmt::format("expected a digit, found {}", quote_byte(c));
    }>(ErrorCode::kBadCharacter, i, in[i]);
  }
  if (in[4] == zero_digit) {
    return internal::defer<[](char c) {
      return fmt::format("the first digit {} stands for 0: the key has a leading zero",
                         quote_byte(c));
    }>(ErrorCode::kNonCanonical, 4, in[4]);
  }
  if (in[i - 1] == zero_digit) {
    return internal::defer<[](char c) {
      return fmt::format("the last digit {} stands for 0: the key has a trailing zero",
                         quote_byte(c));
    }>(ErrorCode::kNonCanonical, i - 1, in[i - 1]);
  }
  if (negative) {
    if (i == n) {
      return internal::defer_text(ErrorCode::kTruncated, i,
                                  "a negative number key ends with ':', this one ends before it");
    }
    if (in[i] != kTerminator) {
      return internal::defer<[](char c) {
        return fmt::format("expected ':' after the digits of a negative number, found {}",
                           quote_byte(c));
      }>(ErrorCode::kBadDelimiter, i, in[i]);
    }
    ++i;
  }
  in.remove_prefix(i);
  return internal::NumberBuilder::make(negative, std::string_view(digits, count), exponent);
}

Result<Number> decode_number(std::string_view key) {
  std::string_view rest = key;
  auto value = consume_number(rest);
  if (value && !rest.empty()) {
    const std::size_t at = key.size() - rest.size();
    return internal::defer<[](std::size_t ends, std::size_t more) {
      return fmt::format("the number key ends at byte {}, {} more bytes follow", ends, more);
    }>(ErrorCode::kTrailingBytes, at, at, rest.size());
  }
  return value;
}

int compare_numbers(const Number& a, const Number& b) {
  auto sign_of = [](const Number& x) { return x.is_zero() ? 0 : (x.is_negative() ? -1 : 1); };
  const int sa = sign_of(a);
  const int sb = sign_of(b);
  if (sa != sb) return sa < sb ? -1 : 1;
  if (sa == 0) return 0;
  int magnitude = 0;
  if (a.exponent() != b.exponent()) {
    magnitude = a.exponent() < b.exponent() ? -1 : 1;
  } else {
    const int c = a.digits().compare(b.digits());
    magnitude = (c > 0) - (c < 0);
  }
  return sa < 0 ? -magnitude : magnitude;
}

}  // namespace sortkey
