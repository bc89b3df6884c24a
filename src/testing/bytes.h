// File: src/testing/bytes.h (test-only)
//
// Fixed-size byte arrays (KSUID payloads, ULID entropy, raw IDs) written and
// read as upper-case hex digits, and filled with one byte.

#ifndef SORTKEY_TESTING_BYTES_H_
#define SORTKEY_TESTING_BYTES_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace sortkey::testing {

inline std::string hex(const std::uint8_t* data, std::size_t size) {
  static const char kDigits[] = "0123456789ABCDEF";
  std::string out;
  for (std::size_t i = 0; i < size; ++i) {
    out += kDigits[data[i] >> 4];
    out += kDigits[data[i] & 15];
  }
  return out;
}

template <std::size_t N>
std::string hex(const std::array<std::uint8_t, N>& bytes) {
  return hex(bytes.data(), N);
}

// The array of `hex_digits` (two digits a byte, as many as the array holds).
template <class Array>
Array bytes_of(std::string_view hex_digits) {
  Array bytes{};
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    bytes[i] =
        static_cast<std::uint8_t>(std::stoi(std::string(hex_digits.substr(2 * i, 2)), nullptr, 16));
  }
  return bytes;
}

template <class Array>
Array filled(std::uint8_t byte) {
  Array bytes;
  bytes.fill(byte);
  return bytes;
}

}  // namespace sortkey::testing

#endif  // SORTKEY_TESTING_BYTES_H_
