// Reference implementation for tests; never link into the library.
#include "oracles/naive_base.h"

#include <cstdio>

namespace sortkey::oracle {

std::optional<std::string> to_base(const ByteVector& bytes, std::string_view alphabet,
                                   std::size_t width) {
  const unsigned base = static_cast<unsigned>(alphabet.size());
  ByteVector number = bytes;
  std::string reversed;
  auto is_zero = [&] {
    for (std::uint8_t b : number) {
      if (b != 0) return false;
    }
    return true;
  };
  while (!is_zero()) {
    // One long division of the whole number by the base, most significant
    // byte first; the remainder is the next digit from the right.
    unsigned remainder = 0;
    for (std::uint8_t& b : number) {
      const unsigned current = remainder * 256 + b;
      b = static_cast<std::uint8_t>(current / base);
      remainder = current % base;
    }
    reversed.push_back(alphabet[remainder]);
  }
  if (reversed.size() > width) return std::nullopt;
  while (reversed.size() < width) reversed.push_back(alphabet[0]);
  return std::string(reversed.rbegin(), reversed.rend());
}

std::optional<ByteVector> from_base(std::string_view text, std::string_view alphabet,
                                    std::size_t size) {
  const unsigned base = static_cast<unsigned>(alphabet.size());
  ByteVector number(size, 0);
  for (char c : text) {
    const std::size_t digit = alphabet.find(c);
    if (digit == std::string_view::npos) return std::nullopt;
    // number = number * base + digit, least significant byte first.
    unsigned carry = static_cast<unsigned>(digit);
    for (std::size_t i = size; i > 0; --i) {
      const unsigned current = number[i - 1] * base + carry;
      number[i - 1] = static_cast<std::uint8_t>(current % 256);
      carry = current / 256;
    }
    if (carry != 0) return std::nullopt;
  }
  return number;
}

int compare_bytes(const ByteVector& a, const ByteVector& b) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  }
  if (a.size() == b.size()) return 0;
  return a.size() < b.size() ? -1 : 1;
}

std::optional<ByteVector> increment(ByteVector bytes) {
  for (std::size_t i = bytes.size(); i > 0; --i) {
    if (bytes[i - 1] == 0xFF) {
      bytes[i - 1] = 0;
    } else {
      bytes[i - 1] = static_cast<std::uint8_t>(bytes[i - 1] + 1);
      return bytes;
    }
  }
  return std::nullopt;
}

std::uint64_t read_big_endian(const ByteVector& bytes, std::size_t from, std::size_t count) {
  std::uint64_t n = 0;
  for (std::size_t i = from; i < from + count; ++i) n = n * 256 + bytes[i];
  return n;
}

std::string hex(const ByteVector& bytes) {
  static const char kDigits[] = "0123456789ABCDEF";
  std::string out;
  for (std::uint8_t b : bytes) {
    out.push_back(kDigits[b / 16]);
    out.push_back(kDigits[b % 16]);
  }
  return out;
}

ByteVector unhex(std::string_view hex_digits) {
  auto value = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return c - 'A' + 10;
  };
  ByteVector out;
  for (std::size_t i = 0; i + 1 < hex_digits.size(); i += 2) {
    out.push_back(static_cast<std::uint8_t>(value(hex_digits[i]) * 16 + value(hex_digits[i + 1])));
  }
  return out;
}

std::string ascii_upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return out;
}

std::string utc_text(std::int64_t unix_seconds, int millis) {
  auto leap = [](std::int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; };
  std::int64_t days = unix_seconds / 86400;
  std::int64_t rest = unix_seconds % 86400;
  std::int64_t year = 1970;
  while (days >= (leap(year) ? 366 : 365)) {
    days -= leap(year) ? 366 : 365;
    ++year;
  }
  const int month_days[12] = {31, leap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int month = 0;
  while (days >= month_days[month]) {
    days -= month_days[month];
    ++month;
  }
  char buffer[64];
  if (year <= 9999) {
    std::snprintf(buffer, sizeof buffer, "%04lld", static_cast<long long>(year));
  } else {
    std::snprintf(buffer, sizeof buffer, "+%06lld", static_cast<long long>(year));
  }
  std::string out = buffer;
  std::snprintf(buffer, sizeof buffer, "-%02d-%02lldT%02lld:%02lld:%02lld", month + 1,
                static_cast<long long>(days + 1), static_cast<long long>(rest / 3600),
                static_cast<long long>(rest / 60 % 60), static_cast<long long>(rest % 60));
  out += buffer;
  if (millis >= 0) {
    std::snprintf(buffer, sizeof buffer, ".%03d", millis);
    out += buffer;
  }
  return out + "Z";
}

}  // namespace sortkey::oracle
