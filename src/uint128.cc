#include "sortkey/uint128.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "src/internal/text.h"

namespace sortkey {

UInt128 pow10(int exponent) {
  UInt128 result = 1;
  for (int i = 0; i < exponent; ++i) result *= 10;
  return result;
}

int decimal_digits(UInt128 value) {
  int digits = 1;
  while (value >= 10) {
    value /= 10;
    ++digits;
  }
  return digits;
}

std::string to_decimal(UInt128 value) {
  std::array<char, 40> buffer;
  auto end = buffer.end();
  auto it = end;
  do {
    *--it = static_cast<char>('0' + static_cast<int>(value % 10));
    value /= 10;
  } while (value != 0);
  return std::string(it, end);
}

Result<UInt128> parse_decimal(std::string_view text) {
  if (text.empty())
    return make_error(ErrorCode::kEmpty, 0, "expected a decimal integer, got nothing");
  constexpr UInt128 kMax = ~UInt128{0};
  UInt128 value = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c < '0' || c > '9') {
      return make_error(ErrorCode::kBadCharacter, i,
                        fmt::format("expected a decimal digit, found {}", internal::quote_byte(c)));
    }
    const unsigned digit = static_cast<unsigned>(c - '0');
    if (value > (kMax - digit) / 10) {
      return make_error(ErrorCode::kOutOfRange, i, "the integer is larger than 2^128 - 1");
    }
    value = value * 10 + digit;
  }
  return value;
}

}  // namespace sortkey
