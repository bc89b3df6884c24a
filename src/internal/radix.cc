#include "src/internal/radix.h"

#include <bit>
#include <cstring>

#include "sortkey/uint128.h"
#include "src/internal/big_endian.h"

// The kernels are written for short dependency chains and few
// multiplications: an ID is converted in a few wide steps whose parts the
// CPU computes side by side (not one long chain of digit steps), text goes
// out two characters at a time from tables of digit pairs, and bytes go in
// and out as whole big-endian words.

namespace sortkey::internal {
namespace {

// ---- Tables ----

// A copy of the digit table of radix.h with internal linkage, which
// position-independent code reads directly rather than through the GOT.
constexpr std::array<std::uint8_t, 256> kBase62Digit = kBase62Value;

// Every two-digit string of an alphabet of `Radix` digits, in order: the
// characters of pair p < Radix^2 are at 2p and 2p + 1.
template <std::size_t Radix>
constexpr std::array<char, 2 * Radix * Radix> digit_pairs(const char* alphabet) {
  std::array<char, 2 * Radix * Radix> t{};
  for (std::size_t p = 0; p < Radix * Radix; ++p) {
    t[2 * p] = alphabet[p / Radix];
    t[2 * p + 1] = alphabet[p % Radix];
  }
  return t;
}
constexpr auto kBase62Pairs = digit_pairs<62>(kBase62Alphabet);        // 7688 bytes
constexpr auto kCrockfordPairs = digit_pairs<32>(kCrockfordAlphabet);  // 2048 bytes

void write_base62_pair(std::uint64_t p /* < 62^2 */, char* out) {
  std::memcpy(out, &kBase62Pairs[2 * p], 2);
}

void write_crockford_pair(std::uint64_t p /* < 32^2 */, char* out) {
  std::memcpy(out, &kCrockfordPairs[2 * p], 2);
}

// A run of base-62 digits read: its value, and the OR of the digits' table
// entries, which has its top bit set iff a byte is not a digit.
struct Digits {
  std::uint64_t value;
  std::uint8_t seen;
};

// ---- Base 62 ----

constexpr std::uint64_t kPow62_2 = 62 * 62;
constexpr std::uint64_t kPow62_4 = kPow62_2 * kPow62_2;  // 14776336 < 2^24

// 62^k for k = 0..10.
constexpr std::array<std::uint64_t, 11> kPow62 = [] {
  std::array<std::uint64_t, 11> p{};
  p[0] = 1;
  for (std::size_t k = 1; k < p.size(); ++k) p[k] = p[k - 1] * 62;
  return p;
}();
constexpr std::uint64_t kPow62_10 = kPow62[10];  // 839299365868340224 < 2^60

struct Division {
  std::uint64_t quotient;
  std::uint64_t remainder;
};

// 62^10 shifted so that its top bit is set, and its reciprocal
// floor((2^128 - 1) / d) - 2^64: the divisor of divide_by_pow62_10.
constexpr int kNormShift = std::countl_zero(kPow62_10);  // 4
constexpr std::uint64_t kNormDivisor = kPow62_10 << kNormShift;
constexpr auto kNormReciprocal = static_cast<std::uint64_t>(~UInt128{0} / kNormDivisor);
static_assert(kNormShift > 0 && (kNormDivisor >> 63) == 1);

// (hi * 2^64 + lo) / 62^10 and its remainder. REQUIRES: hi < 62^10, so that
// the quotient fits 64 bits.
// The 2-by-1 division of Moller and Granlund ("Improved division by invariant
// integers", IEEE Trans. Computers 60(2), 2011, Algorithm 4) by the
// normalized divisor: two multiplications and two corrections instead of a
// divide instruction or a chain of 32-bit steps.
Division divide_by_pow62_10(std::uint64_t hi, std::uint64_t lo) {
  // Normalize: (u1, u0) = (hi, lo) << kNormShift; u1 < kNormDivisor since hi < 62^10.
  const std::uint64_t u1 = hi << kNormShift | lo >> (64 - kNormShift);
  const std::uint64_t u0 = lo << kNormShift;
  const UInt128 q =
      static_cast<UInt128>(kNormReciprocal) * u1 + (static_cast<UInt128>(u1) << 64 | u0);
  std::uint64_t quotient = static_cast<std::uint64_t>(q >> 64) + 1;
  std::uint64_t r = u0 - quotient * kNormDivisor;
  // The first correction is taken about half the time: masks, not a branch.
  const std::uint64_t too_big = 0 - static_cast<std::uint64_t>(r > static_cast<std::uint64_t>(q));
  quotient += too_big;  // - 1 when too_big
  r += too_big & kNormDivisor;
  if (r >= kNormDivisor) [[unlikely]] {
    ++quotient;
    r -= kNormDivisor;
  }
  return {quotient, r >> kNormShift};
}

// The 4 base-62 digits of x < 62^4 as two pairs, with one multiplication per
// pair: t = x * ceil(2^36 / 62^2) is x / 62^2 in fixed point with 36
// fractional bits; its integer part is the first pair, and its fraction times
// 62^2 the second. Exact: write x = 62^2 p + q and t = x * 2^36 / 62^2 + x e
// (0 <= e < 1); since x * 62^2 < 62^6 < 2^36, the error x e stays below the
// gap 2^36 / 62^2 that the fraction q * 2^36 / 62^2 leaves under 2^36, and
// times 62^2 below 2^36, so the integer part is p and the second product's q.
void write_base62_4(std::uint64_t x, char* out) {
  constexpr int kBits = 36;
  constexpr std::uint64_t kScale = ((std::uint64_t{1} << kBits) + kPow62_2 - 1) / kPow62_2;
  constexpr std::uint64_t kFraction = (std::uint64_t{1} << kBits) - 1;
  static_assert(kPow62_4 * kPow62_2 < (std::uint64_t{1} << kBits));
  const std::uint64_t t = x * kScale;
  write_base62_pair(t >> kBits, out);
  write_base62_pair(((t & kFraction) * kPow62_2) >> kBits, out + 2);
}

// The 10 base-62 digits of v < 62^10: a pair and two groups of 4.
void write_base62_10(std::uint64_t v, char* out) {
  const std::uint64_t high6 = v / kPow62_4;  // < 62^6
  write_base62_pair(high6 / kPow62_4, out);
  write_base62_4(high6 % kPow62_4, out + 2);
  write_base62_4(v % kPow62_4, out + 6);
}

// The 7 base-62 digits of v < 62^7: a digit, a pair and a group of 4.
void write_base62_7(std::uint64_t v, char* out) {
  const std::uint64_t high3 = v / kPow62_4;           // < 62^3
  out[0] = kBase62Pairs[2 * (high3 / kPow62_2) + 1];  // the pair "0d" ends with digit d
  write_base62_pair(high3 % kPow62_2, out + 1);
  write_base62_4(v % kPow62_4, out + 3);
}

// The N base-62 digits at `in` (N <= 10): each pair is 62 a + b, with shifts
// for the 62 (a << 6 - a << 1), and the value the sum of pair * 62^(2k),
// whose few products are independent, instead of Horner's chain of one
// multiply-add per digit.
template <int N>
Digits read_base62_digits(const char* in) {
  static_assert(N >= 1 && N <= 10);
  std::uint64_t value = 0;
  std::uint8_t seen = 0;
  int i = 0;
  if constexpr (N % 2 == 1) {
    seen = kBase62Digit[static_cast<unsigned char>(in[0])];
    value = seen * kPow62[N - 1];
    i = 1;
  }
  for (; i < N; i += 2) {
    const std::uint8_t a = kBase62Digit[static_cast<unsigned char>(in[i])];
    const std::uint8_t b = kBase62Digit[static_cast<unsigned char>(in[i + 1])];
    seen |= static_cast<std::uint8_t>(a | b);
    const std::uint64_t pair = (std::uint64_t{a} << 6) - (std::uint64_t{a} << 1) + b;
    value += pair * kPow62[static_cast<std::size_t>(N - 2 - i)];
  }
  return {value, seen};
}

// ---- Crockford base 32 ----

// A byte's Crockford digit as a word for decode_crockford_128: the digit's
// value, or, for a byte that is not a digit (strict: also a lower-case
// letter), kPoison, whose top bits survive the shifts of a run of up to six
// digits: a run of n <= 6 digits is below 2^(5n) iff every byte of it is a
// digit. The check then costs no instruction per digit.
constexpr std::uint64_t kPoison = ~std::uint64_t{0} << 32;
template <bool kStrict>
constexpr std::array<std::uint64_t, 256> kCrockfordWords = [] {
  std::array<std::uint64_t, 256> t{};
  for (std::size_t c = 0; c < t.size(); ++c) {
    const std::uint8_t v = kCrockfordValue[c];
    const bool digit = v != kNotADigit && (!kStrict || (v & kLowerCaseFlag) == 0);
    t[c] = digit ? (v & 31) : kPoison;
  }
  return t;
}();

// The N <= 6 Crockford digits at `in` as a 5N-bit value, or a value of 2^(5N)
// or more if a byte is refused.
template <int N, bool kStrict>
std::uint64_t read_crockford_digits(const char* in) {
  static_assert(N >= 1 && N <= 6 && (kPoison << (5 * (N - 1))) >> (5 * N) != 0);
  std::uint64_t value = 0;
  for (int i = 0; i < N; ++i) {
    value = value << 5 | kCrockfordWords<kStrict>[static_cast<unsigned char>(in[i])];
  }
  return value;
}

// Digit i holds bits 129 - 5i .. 125 - 5i of the value (see
// crockford_encode_128), read in runs that do not wait for one another: hi =
// a (digits 0..5), b (digits 6..11), digit 12 and the top bit of digit 13;
// lo = the low 4 bits of digit 13, c (digits 14..19) and d (digits 20..25).
template <bool kStrict>
bool decode_crockford_128(const char* in, std::uint8_t* out) {
  const std::uint64_t a = read_crockford_digits<6, kStrict>(in);
  const std::uint64_t b = read_crockford_digits<6, kStrict>(in + 6);
  const std::uint64_t d12 = read_crockford_digits<1, kStrict>(in + 12);
  const std::uint64_t d13 = read_crockford_digits<1, kStrict>(in + 13);
  const std::uint64_t c = read_crockford_digits<6, kStrict>(in + 14);
  const std::uint64_t d = read_crockford_digits<6, kStrict>(in + 20);
  // Stored before the check, so that no arithmetic waits behind the branch.
  store_big_endian_64(out, a << 36 | b << 6 | d12 << 1 | d13 >> 4);
  store_big_endian_64(out + 8, (d13 & 15) << 60 | c << 30 | d);
  return ((a | b | c | d) >> 30 | (d12 | d13) >> 5) == 0;
}

}  // namespace

// value = (q1 * 2^64 + q0) * 62^10 + r0 and q1 * 2^64 + q0 = q * 62^10 + r1:
// three 2-by-1 divisions give the value as q (the top 7 digits, since
// 2^160 / 62^20 < 62^7), r1 and r0 (10 digits each), which are then written
// independently of one another.
void base62_encode_160(const std::uint8_t* in, char* out) {
  const std::uint64_t top = load_big_endian_32(in);  // < 2^32 < 62^10
  const std::uint64_t mid = load_big_endian_64(in + 4);
  const std::uint64_t low = load_big_endian_64(in + 12);
  const Division d1 = divide_by_pow62_10(top, mid);
  const Division d0 = divide_by_pow62_10(d1.remainder, low);
  // q1 < 2^96 / 62^10 < 62^10.
  const Division d2 = divide_by_pow62_10(d1.quotient, d0.quotient);
  write_base62_7(d2.quotient, out);
  write_base62_10(d2.remainder, out + 7);
  write_base62_10(d0.remainder, out + 17);
}

// value = (c0 * 62^10 + c1) * 62^10 + c2 for the chunks of 7, 10 and 10
// digits (62^10 < 2^60, so a chunk fits a uint64_t), with 64 x 64 -> 128-bit
// products: hi * 2^64 + lo, hi < 62^27 / 2^64 < 2^97.
bool base62_decode_160(const char* in, std::uint8_t* out) {
  const Digits c0 = read_base62_digits<7>(in);
  const Digits c1 = read_base62_digits<10>(in + 7);
  const Digits c2 = read_base62_digits<10>(in + 17);
  const UInt128 t = static_cast<UInt128>(c0.value) * kPow62_10 + c1.value;  // < 62^17 < 2^102
  const UInt128 lo = static_cast<UInt128>(static_cast<std::uint64_t>(t)) * kPow62_10 + c2.value;
  const UInt128 hi =
      static_cast<UInt128>(static_cast<std::uint64_t>(t >> 64)) * kPow62_10 + (lo >> 64);
  // Stored before the checks, so that no arithmetic waits behind the branch.
  store_big_endian_32(out, static_cast<std::uint32_t>(hi >> 64));
  store_big_endian_64(out + 4, static_cast<std::uint64_t>(hi));
  store_big_endian_64(out + 12, static_cast<std::uint64_t>(lo));
  return ((c0.seen | c1.seen | c2.seen) & 0x80) == 0 && (hi >> 96) == 0;
}

// 128 bits as 26 five-bit digits: the first holds the top 3 bits (a 130-bit
// field whose top 2 bits are zero), each next one the following 5 bits.
// Digit i holds bits 129 - 5i .. 125 - 5i of the value: digits 0..12 lie in
// hi, digit 13 straddles (bit 64 and bits 63..60), digits 14..25 lie in lo.
// They are written in 13 pairs of 10 bits: pair j is digits 2j and 2j + 1,
// bits 129 - 10j .. 120 - 10j; pairs 0..5 lie in hi, pair 6 straddles.
void crockford_encode_128(const std::uint8_t* in, char* out) {
  const std::uint64_t hi = load_big_endian_64(in);
  const std::uint64_t lo = load_big_endian_64(in + 8);
  for (int j = 0; j < 6; ++j) write_crockford_pair((hi >> (56 - 10 * j)) & 1023, out + 2 * j);
  write_crockford_pair(((hi & 63) << 4) | (lo >> 60), out + 12);
  for (int j = 7; j < 13; ++j) write_crockford_pair((lo >> (120 - 10 * j)) & 1023, out + 2 * j);
}

bool crockford_decode_128(const char* in, std::uint8_t* out, bool reject_lower_case) {
  return reject_lower_case ? decode_crockford_128<true>(in, out)
                           : decode_crockford_128<false>(in, out);
}

}  // namespace sortkey::internal
