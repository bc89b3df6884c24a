// Private: the base-62 and Crockford base-32 arithmetic of the ID codecs
// (sortkey/ksuid.h, sortkey/ulid.h), on fixed-size big-endian byte arrays.
// No validation here: the codecs check their input, then call these kernels.
// Kept apart so the benchmark can measure the bare arithmetic as the
// yardstick of the codecs' cost.

#ifndef SORTKEY_INTERNAL_RADIX_H_
#define SORTKEY_INTERNAL_RADIX_H_

#include <array>
#include <cstddef>
#include <cstdint>

namespace sortkey::internal {

// DO NOT CHANGE: both alphabets are in ASCII order, which is what makes text
// order equal numeric order.
inline constexpr char kBase62Alphabet[] =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
inline constexpr char kCrockfordAlphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

inline constexpr std::uint8_t kNotADigit = 0xFF;
// Crockford: a lower-case letter maps to its value plus this flag.
inline constexpr std::uint8_t kLowerCaseFlag = 0x40;

// Byte -> base-62 digit value, or kNotADigit.
inline constexpr std::array<std::uint8_t, 256> kBase62Value = [] {
  std::array<std::uint8_t, 256> t{};
  for (auto& v : t) v = kNotADigit;
  for (int i = 0; i < 62; ++i)
    t[static_cast<unsigned char>(kBase62Alphabet[i])] = static_cast<std::uint8_t>(i);
  return t;
}();

// Byte -> Crockford digit value (upper case and digits), value | kLowerCaseFlag
// (lower-case letters of the alphabet), or kNotADigit (I, L, O, U in either
// case and every other byte).
inline constexpr std::array<std::uint8_t, 256> kCrockfordValue = [] {
  std::array<std::uint8_t, 256> t{};
  for (auto& v : t) v = kNotADigit;
  for (int i = 0; i < 32; ++i) {
    const char c = kCrockfordAlphabet[i];
    t[static_cast<unsigned char>(c)] = static_cast<std::uint8_t>(i);
    if (c >= 'A' && c <= 'Z') {
      t[static_cast<unsigned char>(c - 'A' + 'a')] = static_cast<std::uint8_t>(i | kLowerCaseFlag);
    }
  }
  return t;
}();

// The 27 base-62 digits of the 160-bit big-endian value `in`.
void base62_encode_160(const std::uint8_t* in /* 20 bytes */, char* out /* 27 chars */);

// The 160-bit big-endian value of 27 base-62 digits. Returns false (and
// leaves `out` unspecified) if a byte is not a digit or the value is 2^160 or
// more (for 27 digits: iff the string compares above
// "aWgEPTl1tmebfsQzFP4bxwgy80V"); both checks ride along with the arithmetic.
bool base62_decode_160(const char* in /* 27 chars */, std::uint8_t* out /* 20 bytes */);

// The 26 Crockford digits of the 128-bit big-endian value `in`.
void crockford_encode_128(const std::uint8_t* in /* 16 bytes */, char* out /* 26 chars */);

// The 128-bit big-endian value of 26 Crockford digits. Returns false (and
// leaves `out` unspecified) if a byte is not a digit of the alphabet in
// either case, or if `reject_lower_case` and a letter is lower case.
// REQUIRES: in[0] is '0'..'7', so the value is below 2^128.
bool crockford_decode_128(const char* in /* 26 chars */, std::uint8_t* out /* 16 bytes */,
                          bool reject_lower_case);

}  // namespace sortkey::internal

#endif  // SORTKEY_INTERNAL_RADIX_H_
