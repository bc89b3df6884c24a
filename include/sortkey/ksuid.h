// File: sortkey/ksuid.h
//
// KSUIDs: K-sortable unique IDs in the format of segmentio/ksuid, the
// reference implementation. A KSUID is a sort key that is also a unique ID:
// it starts with the second it was made, so IDs read back in time order, and
// 128 random bits make two equal IDs as unlikely as two equal UUIDv4s.
//
// Format (DO NOT CHANGE: stored keys depend on it):
//   binary: 20 bytes. Bytes 0..3 are a big-endian uint32 timestamp, seconds
//           since the KSUID epoch 1400000000 (2014-05-13T16:53:20Z); bytes
//           4..19 are the 16-byte payload.
//   text:   exactly 27 characters: the 160-bit big-endian value in base 62
//           with the alphabet 0-9A-Za-z, most significant digit first,
//           left-padded with '0'. The alphabet is case-sensitive.
//
// Ordering theorem: for KSUIDs a and b,
//   (a.timestamp, a.payload) < (b.timestamp, b.payload)
//   iff a.bytes < b.bytes  iff  encode_ksuid(a) < encode_ksuid(b)   (bytewise)
// The bytes are the big-endian value, so their order is numeric order. The
// text is that value in fixed-width base 62 whose alphabet is in ASCII order
// ('0' < '9' < 'A' < 'Z' < 'a' < 'z'), so text order is numeric order too.
// A key that case-folds the text breaks the theorem: never fold a KSUID.
//
// Time range: unix seconds 1400000000 .. 5694967295 (2150-06-19T23:21:35Z).
// A time outside it is an error here; the reference wraps it silently.
//
// Canonical: 62^27 > 2^160, so every value has exactly one 27-character
// spelling, and a 27-character string over the alphabet is a KSUID iff it is
// at most Max. decode_ksuid accepts exactly those strings; unlike the
// reference's Parse, it rejects every character outside the alphabet.
//
// Example:
//
//   unix time    payload (hex)                      key
//   1400000000   00000000000000000000000000000000   000000000000000000000000000  (nil)
//   1507608047   B5A1CD34B5F99D1154FB6853345C9735   0ujtsYcgvSTl8PAuAdqWYSMnLOv
//   1583586150   5D6068ACBE766CF717E210D69C94D115   1YnlHOfSSk3DhX4BR6lMAceAo1V
//   5694967295   FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF   aWgEPTl1tmebfsQzFP4bxwgy80V  (max)
//   5694967296   any                                error: out of range
//
//   sortkey::KsuidGenerator::Options options;
//   options.monotonic = true;
//   sortkey::KsuidGenerator ids(options);
//   sortkey::Result<sortkey::Ksuid> id = ids.next();
//   if (id) key = "ORDER#" + sortkey::encode_ksuid(*id);

#ifndef SORTKEY_KSUID_H_
#define SORTKEY_KSUID_H_

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

inline constexpr std::int64_t kKsuidEpoch = 1400000000;                    // unix seconds
inline constexpr std::int64_t kKsuidMinUnix = kKsuidEpoch;                 // timestamp 0
inline constexpr std::int64_t kKsuidMaxUnix = kKsuidEpoch + 0xFFFFFFFFLL;  // 5694967295
inline constexpr std::size_t kKsuidSize = 20;
inline constexpr std::size_t kKsuidPayloadSize = 16;
inline constexpr std::size_t kKsuidTextSize = 27;
inline constexpr std::string_view kKsuidNilText = "000000000000000000000000000";
inline constexpr std::string_view kKsuidMaxText = "aWgEPTl1tmebfsQzFP4bxwgy80V";

// A KSUID: 20 bytes, compared as unsigned bytes. Every 20-byte value is a
// KSUID, so the type has no invalid state.
class Ksuid {
 public:
  using Bytes = std::array<std::uint8_t, kKsuidSize>;
  using Payload = std::array<std::uint8_t, kKsuidPayloadSize>;

  constexpr Ksuid() = default;  // the nil KSUID: twenty zero bytes
  constexpr explicit Ksuid(const Bytes& bytes) : bytes_(bytes) {}
  // From the raw timestamp (seconds since the KSUID epoch) and the payload.
  Ksuid(std::uint32_t timestamp, const Payload& payload);

  static constexpr Ksuid nil() { return Ksuid(); }
  static Ksuid max();

  // Seconds since the KSUID epoch: what the reference's Timestamp() returns.
  std::uint32_t timestamp() const;
  // timestamp() + 1400000000.
  std::int64_t unix_seconds() const { return static_cast<std::int64_t>(timestamp()) + kKsuidEpoch; }
  Payload payload() const;
  const Bytes& bytes() const { return bytes_; }
  bool is_nil() const { return *this == Ksuid(); }

  friend bool operator==(const Ksuid&, const Ksuid&) = default;
  friend std::strong_ordering operator<=>(const Ksuid&, const Ksuid&) = default;

 private:
  Bytes bytes_{};
};

// The KSUID of a unix time in whole seconds and a payload.
// Errors: kOutOfRange when unix_seconds is outside 1400000000..5694967295.
Result<Ksuid> make_ksuid(std::int64_t unix_seconds, const Ksuid::Payload& payload);

// The binary form: exactly 20 bytes. Errors: kTruncated, kTrailingBytes.
Result<Ksuid> ksuid_from_bytes(std::string_view bytes);

// The 27-character text form.
std::string encode_ksuid(const Ksuid& id);
void append_ksuid(std::string& out, const Ksuid& id);

// Accepts exactly the strings encode_ksuid produces. Checks, in this order,
// byte by byte: a character outside 0-9A-Za-z is kBadCharacter at its
// offset; fewer than 27 characters is kTruncated (offset: the length); a
// value above Max is kOutOfRange at the first character that exceeds Max's
// (it never wraps); more than 27 characters is kTrailingBytes at offset 27.
Result<Ksuid> decode_ksuid(std::string_view text);

// Reads one KSUID from the front of `in` and advances `in` past it; on error
// `in` is unchanged. Bytes after the 27 characters are left for the caller.
Result<Ksuid> consume_ksuid(std::string_view& in);

// The time of a KSUID in RFC 3339, UTC, whole seconds:
// "2017-10-10T04:00:47Z".
std::string ksuid_time_rfc3339(const Ksuid& id);

// Generates KSUIDs from a clock and a random source. Thread-safe: next()
// takes a std::mutex, so one generator may serve many threads.
//
// Random mode (the default): the timestamp is the clock's second and the
// payload 16 fresh random bytes, as the reference's New() does. IDs of the
// same second are unordered among themselves ("k-sortable").
//
// Monotonic mode: every ID is strictly greater than the one before it from
// the same generator, across threads. The first ID of a second gets a random
// payload; each further ID of that second is the previous ID with its
// payload incremented by one (the reference's Next(), without its carry into
// the timestamp). Two edge cases are decided so that the generator never
// returns a duplicate or an out-of-order ID:
//   - Exhaustion: when the previous payload of the second is all 0xFF, next()
//     returns kOverflow and no ID; it succeeds again once the clock reaches a
//     later second. The payload is never wrapped and never carried into the
//     timestamp, so an ID never claims a second the clock has not reached.
//     With a random start this takes about 2^127 IDs in one second.
//   - Clock going backwards (or standing still): while the clock reads a
//     second at or before the previous ID's, the generator keeps the previous
//     ID's second and increments the payload, as npm ulid's monotonicFactory
//     does. The IDs stay in order and carry the latest second seen; fresh
//     random payloads resume when the clock passes that second.
// In both modes a clock outside the KSUID time range gives kOutOfRange, and a
// failing random source its error; the generator's state is then unchanged.
class KsuidGenerator {
 public:
  struct Options {
    bool monotonic = false;
    UnixMillisClock clock;  // empty: system_clock_millis
    RandomBytes random;     // empty: os_random_bytes
    // Called under the generator's lock with each ID it returns, in the order
    // they were made: for tests and audit logs. Must not call next().
    std::function<void(const Ksuid&)> observer;
  };

  KsuidGenerator();
  explicit KsuidGenerator(Options options);
  KsuidGenerator(const KsuidGenerator&) = delete;
  KsuidGenerator& operator=(const KsuidGenerator&) = delete;

  // Errors: kOutOfRange (clock outside the time range), kOverflow (monotonic
  // payload space of the second exhausted), the random source's error.
  Result<Ksuid> next();

 private:
  std::mutex mutex_;
  Options options_;
  bool has_last_ = false;
  Ksuid last_;
};

// One KSUID in random mode from the system clock and the OS CSPRNG.
Result<Ksuid> new_ksuid();

}  // namespace sortkey

#endif  // SORTKEY_KSUID_H_
