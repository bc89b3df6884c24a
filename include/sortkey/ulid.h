// File: sortkey/ulid.h
//
// ULIDs: universally unique lexicographically sortable identifiers, in the
// format of the ULID specification (ulid/spec). Like a KSUID, a ULID is a
// unique ID that sorts by creation time, here to the millisecond, in 26
// characters that survive case-insensitive systems.
//
// Format (DO NOT CHANGE: stored keys depend on it):
//   binary: 16 bytes. Bytes 0..5 are a big-endian 48-bit count of
//           milliseconds since 1970-01-01T00:00:00Z; bytes 6..15 are 80
//           random bits (the entropy).
//   text:   exactly 26 characters of Crockford base 32, alphabet
//           0123456789ABCDEFGHJKMNPQRSTVWXYZ (no I, L, O, U): the 128-bit
//           big-endian value as 130 bits, most significant digit first. The
//           first character holds the top 3 bits, so it is '0'..'7'; the
//           first 10 characters are the time, the last 16 the entropy.
//
// Ordering theorem: for ULIDs a and b,
//   (a.unix_ms, a.entropy) < (b.unix_ms, b.entropy)
//   iff a.bytes < b.bytes  iff  encode_ulid(a) < encode_ulid(b)   (bytewise)
// because the alphabet is in ASCII order and the text is the fixed-width
// big-endian value. It holds for upper-case text only: 'a' > 'Z' in bytes, so
// a key mixing cases does not sort by value.
//
// Case (the spec's "case insensitive" against the house's "canonical or
// nothing"): decode_ulid follows the spec and accepts lower and mixed case,
// for IDs typed or pasted by people. decode_ulid_key is the sort-key decoder
// and accepts only the upper-case text encode_ulid produces; a lower-case
// letter is kNonCanonical there. Use decode_ulid_key on keys read back from
// a table, where a lower-case ULID would be an ordering bug.
// Neither accepts Crockford's aliases (I and L for 1, O for 0, hyphens): the
// ULID spec does not mention them and the reference implementations differ.
//
// Example:
//
//   unix ms           entropy (hex)           key
//   0                 00000000000000000000    00000000000000000000000000
//   1000000000        A5E515BC97E85CF69BC3    0000XSNJG0MQJHBF4QX1EFD6Y3
//   1469922850259     D6764C61EFB99302BD5B    01ARZ3NDEKTSV4RRFFQ69G5FAV
//   1469918176385     00000000000000000000    01ARYZ6S410000000000000000
//   281474976710655   FFFFFFFFFFFFFFFFFFFF    7ZZZZZZZZZZZZZZZZZZZZZZZZZ (max)
//   281474976710656   any                     error: out of range
//
//   sortkey::UlidGenerator::Options options;
//   options.monotonic = true;
//   sortkey::UlidGenerator ids(options);
//   sortkey::Result<sortkey::Ulid> id = ids.next();
//   if (id) key = "EVENT#" + sortkey::encode_ulid(*id);

#ifndef SORTKEY_ULID_H_
#define SORTKEY_ULID_H_

#include <array>
#include <compare>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>

#include "sortkey/error.h"
#include "sortkey/id_source.h"

namespace sortkey {

inline constexpr std::int64_t kUlidMaxTime = (std::int64_t{1} << 48) - 1;  // 281474976710655 ms
inline constexpr std::size_t kUlidSize = 16;
inline constexpr std::size_t kUlidEntropySize = 10;
inline constexpr std::size_t kUlidTextSize = 26;
inline constexpr std::string_view kUlidMaxText = "7ZZZZZZZZZZZZZZZZZZZZZZZZZ";

// A ULID: 16 bytes, compared as unsigned bytes. Every 16-byte value is a
// ULID, so the type has no invalid state.
class Ulid {
 public:
  using Bytes = std::array<std::uint8_t, kUlidSize>;
  using Entropy = std::array<std::uint8_t, kUlidEntropySize>;

  constexpr Ulid() = default;  // sixteen zero bytes
  constexpr explicit Ulid(const Bytes& bytes) : bytes_(bytes) {}

  static Ulid max();

  // Milliseconds since the unix epoch: 0 .. 2^48 - 1.
  std::int64_t unix_ms() const;
  Entropy entropy() const;
  const Bytes& bytes() const { return bytes_; }

  friend bool operator==(const Ulid&, const Ulid&) = default;
  friend std::strong_ordering operator<=>(const Ulid&, const Ulid&) = default;

 private:
  Bytes bytes_{};
};

// The ULID of a unix time in milliseconds and an entropy.
// Errors: kOutOfRange when unix_ms is negative or above 2^48 - 1.
Result<Ulid> make_ulid(std::int64_t unix_ms, const Ulid::Entropy& entropy);

// The binary form: exactly 16 bytes. Errors: kTruncated, kTrailingBytes.
Result<Ulid> ulid_from_bytes(std::string_view bytes);

// The 26-character upper-case text form.
std::string encode_ulid(const Ulid& id);
void append_ulid(std::string& out, const Ulid& id);

// The spec's decoder: case-insensitive. Checks, in this order, character by
// character: a character outside the alphabet (either case) is kBadCharacter
// at its offset, with a hint for I, L, O and U; a first character above '7'
// is kOutOfRange at offset 0 (the value would exceed 128 bits, so it never
// wraps); fewer than 26 characters is kTruncated (offset: the length); more
// than 26 is kTrailingBytes at offset 26.
Result<Ulid> decode_ulid(std::string_view text);

// The sort-key decoder: accepts exactly the strings encode_ulid produces.
// The checks of decode_ulid, and a lower-case letter is kNonCanonical at its
// offset (checked after the alphabet and the first character's range).
Result<Ulid> decode_ulid_key(std::string_view key);

// Reads one upper-case ULID from the front of `in` (as decode_ulid_key) and
// advances `in` past it; on error `in` is unchanged.
Result<Ulid> consume_ulid_key(std::string_view& in);

// The time of a ULID in RFC 3339, UTC, milliseconds:
// "2016-07-30T23:54:10.259Z". RFC 3339 ends at year 9999; later times (up
// to year 10889) are written with the expanded year JavaScript's
// Date.prototype.toISOString uses: "+010889-08-02T05:31:50.655Z".
std::string ulid_time_rfc3339(const Ulid& id);

// Generates ULIDs from a clock and a random source. Thread-safe: next()
// takes a std::mutex, so one generator may serve many threads.
//
// Random mode (the default): the clock's millisecond and 10 fresh random
// bytes, as the spec's plain ulid() does.
//
// Monotonic mode, per the spec: the first ID of a millisecond gets fresh
// random entropy; each further ID of that millisecond is the previous ID with
// its 80-bit entropy incremented by one. Every ID is strictly greater than
// the one before it from the same generator, across threads.
//   - Overflow: when the previous entropy of the millisecond is all 0xFF,
//     next() returns kOverflow and no ID, as the spec requires; never a wrap.
//     It succeeds again once the clock reaches a later millisecond.
//   - Clock going backwards (or standing still): while the clock reads a
//     millisecond at or before the previous ID's, the generator keeps the
//     previous ID's millisecond and increments, exactly as npm ulid's
//     monotonicFactory does (oklog/ulid would draw fresh entropy at the
//     older time, out of order). Fresh entropy resumes once the clock passes
//     that millisecond.
// In both modes a clock outside 0 .. 2^48 - 1 gives kOutOfRange, and a
// failing random source its error; the generator's state is then unchanged.
class UlidGenerator {
 public:
  struct Options {
    bool monotonic = false;
    UnixMillisClock clock;  // empty: system_clock_millis
    RandomBytes random;     // empty: os_random_bytes
    // Called under the generator's lock with each ID it returns, in the order
    // they were made: for tests and audit logs. Must not call next().
    std::function<void(const Ulid&)> observer;
  };

  UlidGenerator();
  explicit UlidGenerator(Options options);
  UlidGenerator(const UlidGenerator&) = delete;
  UlidGenerator& operator=(const UlidGenerator&) = delete;

  // Errors: kOutOfRange (clock outside the time range), kOverflow (monotonic
  // entropy of the millisecond exhausted), the random source's error.
  Result<Ulid> next();

 private:
  std::mutex mutex_;
  Options options_;
  bool has_last_ = false;
  Ulid last_;
};

// One ULID in random mode from the system clock and the OS CSPRNG.
Result<Ulid> new_ulid();

}  // namespace sortkey

#endif  // SORTKEY_ULID_H_
