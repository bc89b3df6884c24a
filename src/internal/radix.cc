#include "internal/radix.h"

#include "sortkey/uint128.h"

namespace sortkey::internal {
namespace {

// 62^5: the largest power of 62 below 2^32, so five digits come out of one
// pass of 32-bit-word long division done in 64-bit arithmetic.
constexpr std::uint32_t kBase62Pow5 = 916132832;

}  // namespace

// Long division of the value, held as five big-endian 32-bit words, by 62^5:
// each pass yields the next five digits from the right. Five passes give 25
// digits; what is left is below 2^160 / 62^25 < 2242 < 62^2, the top two.
void base62_encode_160(const std::uint8_t* in, char* out) {
  std::uint32_t w[5];
  for (int i = 0; i < 5; ++i) {
    w[i] = static_cast<std::uint32_t>(in[4 * i]) << 24 |
           static_cast<std::uint32_t>(in[4 * i + 1]) << 16 |
           static_cast<std::uint32_t>(in[4 * i + 2]) << 8 |
           static_cast<std::uint32_t>(in[4 * i + 3]);
  }
  int first = 0;  // words before it are zero
  char* p = out + 27;
  for (int pass = 0; pass < 5; ++pass) {
    while (first < 5 && w[first] == 0) ++first;
    std::uint64_t rem = 0;
    for (int i = first; i < 5; ++i) {
      const std::uint64_t cur = rem << 32 | w[i];
      w[i] = static_cast<std::uint32_t>(cur / kBase62Pow5);
      rem = cur % kBase62Pow5;
    }
    auto r = static_cast<std::uint32_t>(rem);
    for (int k = 0; k < 5; ++k) {
      *--p = kBase62Alphabet[r % 62];
      r /= 62;
    }
  }
  const std::uint32_t top = w[4];
  out[1] = kBase62Alphabet[top % 62];
  out[0] = kBase62Alphabet[top / 62];
}

// Horner's rule in three chunks of 7, 10 and 10 digits (62^10 < 2^60, so a
// chunk fits a uint64_t and three independent chunks overlap in the CPU):
// value = (c0 * 62^10 + c1) * 62^10 + c2, with 64 x 64 -> 128-bit products.
// The caller guarantees value < 2^160, so the top part fits 96 bits.
bool base62_decode_160(const char* in, std::uint8_t* out) {
  std::uint8_t seen = 0;  // the OR of every digit value: bit 7 set iff a byte is not a digit
  auto chunk = [in, &seen](int from, int count) {
    std::uint64_t c = 0;
    for (int i = from; i < from + count; ++i) {
      const std::uint8_t v = kBase62Value[static_cast<unsigned char>(in[i])];
      seen |= v;
      c = c * 62 + v;
    }
    return c;
  };
  constexpr std::uint64_t kPow10 = 839299365868340224ULL;  // 62^10
  const std::uint64_t c0 = chunk(0, 7), c1 = chunk(7, 10), c2 = chunk(17, 10);
  if ((seen & 0x80) != 0) return false;
  const UInt128 t = static_cast<UInt128>(c0) * kPow10 + c1;  // < 62^17 < 2^102
  const UInt128 lo = static_cast<UInt128>(static_cast<std::uint64_t>(t)) * kPow10 + c2;
  const UInt128 hi =
      static_cast<UInt128>(static_cast<std::uint64_t>(t >> 64)) * kPow10 + (lo >> 64);
  for (int i = 0; i < 12; ++i) out[i] = static_cast<std::uint8_t>(hi >> (88 - 8 * i));
  const auto low = static_cast<std::uint64_t>(lo);
  for (int i = 0; i < 8; ++i) out[12 + i] = static_cast<std::uint8_t>(low >> (56 - 8 * i));
  return true;
}

// 128 bits as 26 five-bit digits: the first holds the top 3 bits (a 130-bit
// field whose top 2 bits are zero), each next one the following 5 bits.
void crockford_encode_128(const std::uint8_t* in, char* out) {
  std::uint64_t hi = 0;
  std::uint64_t lo = 0;
  for (int i = 0; i < 8; ++i) hi = hi << 8 | in[i];
  for (int i = 8; i < 16; ++i) lo = lo << 8 | in[i];
  // Digit i holds bits 129 - 5i .. 125 - 5i of the value: digits 0..12 lie in
  // hi, digit 13 straddles (bit 64 and bits 63..60), digits 14..25 lie in lo.
  out[0] = kCrockfordAlphabet[hi >> 61];
  for (int i = 1; i < 13; ++i) out[i] = kCrockfordAlphabet[(hi >> (61 - 5 * i)) & 31];
  out[13] = kCrockfordAlphabet[((hi & 1) << 4) | (lo >> 60)];
  for (int i = 14; i < 26; ++i) out[i] = kCrockfordAlphabet[(lo >> (125 - 5 * i)) & 31];
}

// Two 64-bit halves: digits 0..12 are bits 127..65 (the top digit's two high
// bits are zero), digit 13 straddles (its top bit is bit 64), digits 14..25
// are bits 59..0.
bool crockford_decode_128(const char* in, std::uint8_t* out, bool reject_lower_case) {
  std::uint8_t seen = 0;  // the OR of every table entry: flags a bad byte or a lower-case letter
  auto digit = [in, &seen](int i) -> std::uint64_t {
    const std::uint8_t v = kCrockfordValue[static_cast<unsigned char>(in[i])];
    seen |= v;
    return v & 31;
  };
  std::uint64_t a = 0;
  for (int i = 0; i < 13; ++i) a = a << 5 | digit(i);
  std::uint64_t b = 0;
  for (int i = 14; i < 26; ++i) b = b << 5 | digit(i);
  const std::uint64_t d13 = digit(13);
  const std::uint8_t refused = reject_lower_case ? (0x80 | kLowerCaseFlag) : 0x80;
  if ((seen & refused) != 0) return false;
  const std::uint64_t hi = a << 1 | d13 >> 4;
  const std::uint64_t lo = (d13 & 15) << 60 | b;
  for (int i = 0; i < 8; ++i) out[i] = static_cast<std::uint8_t>(hi >> (56 - 8 * i));
  for (int i = 0; i < 8; ++i) out[8 + i] = static_cast<std::uint8_t>(lo >> (56 - 8 * i));
  return true;
}

}  // namespace sortkey::internal
