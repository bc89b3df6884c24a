// Reference implementation for tests; never link into the library.
#include "oracles/naive_integer.h"

#include <algorithm>
#include <cstdint>

namespace sortkey::oracle {

std::string decimal(NaiveU128 n) {
  std::string digits;
  digits.reserve(39);  // 2^128 - 1 has 39 digits
  // The same division by 10 in 64 bits once the value fits them: a 128-bit
  // division is a library call many times slower, and the fuzz targets ask
  // for thousands of numbers a second.
  while (n > ~std::uint64_t{0}) {
    digits.push_back(static_cast<char>('0' + static_cast<int>(n % 10)));
    n /= 10;
  }
  auto small = static_cast<std::uint64_t>(n);
  do {
    digits.push_back(static_cast<char>('0' + static_cast<int>(small % 10)));
    small /= 10;
  } while (small > 0);
  std::reverse(digits.begin(), digits.end());
  return digits;
}

std::string strip_zeros(std::string_view digits) {
  std::size_t i = 0;
  while (i < digits.size() && digits[i] == '0') ++i;
  if (i == digits.size()) return "0";
  return std::string(digits.substr(i));
}

int compare_digits(std::string_view a, std::string_view b) {
  const std::string x = strip_zeros(a);
  const std::string y = strip_zeros(b);
  if (x.size() != y.size()) return x.size() < y.size() ? -1 : 1;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
  }
  return 0;
}

std::string multiply_digits(std::string_view digits, unsigned k) {
  std::string out;
  unsigned carry = 0;
  for (std::size_t i = digits.size(); i > 0; --i) {
    const unsigned product = static_cast<unsigned>(digits[i - 1] - '0') * k + carry;
    out.push_back(static_cast<char>('0' + product % 10));
    carry = product / 10;
  }
  while (carry > 0) {
    out.push_back(static_cast<char>('0' + carry % 10));
    carry /= 10;
  }
  std::reverse(out.begin(), out.end());
  return strip_zeros(out);
}

std::string all_nines(int width) { return std::string(static_cast<std::size_t>(width), '9'); }

std::string left_pad(std::string_view digits, int width) {
  return std::string(static_cast<std::size_t>(width) - digits.size(), '0') + std::string(digits);
}

std::string nines_complement(std::string_view digits) {
  std::string out(digits);
  for (char& c : out) c = static_cast<char>('9' - (c - '0'));
  return out;
}

}  // namespace sortkey::oracle
