// File: sortkey/timestamp.h
//
// Timestamps: an instant written as RFC 3339 text in UTC with a fixed number
// of fraction digits chosen by the user, so that text order is chronological
// order ("EVT#2026-06-23T00:00:00.000Z"), and the parser that turns RFC 3339
// text with any offset into an instant.
//
// Format (DO NOT CHANGE: stored keys depend on it), for a precision p, 0..9:
//
//   YYYY-MM-DDTHH:MM:SSZ              p = 0, 20 bytes
//   YYYY-MM-DDTHH:MM:SS.F...FZ        p > 0, 21 + p bytes, exactly p digits F
//
//   year 0001..9999 (proleptic Gregorian), month 01..12, day 01..28/29/30/31
//   as the month and leap year allow, hour 00..23, minute 00..59, second
//   00..59, every field zero-padded, an uppercase 'T' and 'Z'. The fraction
//   is the first p digits of the nanoseconds: truncated, never rounded.
//
// Ordering theorem: for instants a, b in 0001-01-01T00:00:00Z ..
// 9999-12-31T23:59:59.999999999Z and one precision p,
//   trunc_p(a) < trunc_p(b)   iff  encode_timestamp(a, p) < encode_timestamp(b, p)
//   trunc_p(a) == trunc_p(b)  iff  encode_timestamp(a, p) == encode_timestamp(b, p)
// (bytewise), where trunc_p drops every digit of the nanoseconds after the
// p-th. Every key of a precision has the same length and the same delimiter
// bytes at the same positions, so two keys compare as their first differing
// digit, which lies in the most significant differing field of (year, month,
// day, hour, minute, second, fraction): that is chronological order. In
// general a <= b implies key(a) <= key(b): truncation never reverses order.
//
// Why the format is this rigid (each relaxation below breaks the theorem):
//   - Variable-length fractions. '.' (0x2E) sorts before 'Z' (0x5A) and before
//     every digit, so 00:00:00Z sorts AFTER the later 00:00:00.5Z, and
//     00:00:00.1Z sorts after the later 00:00:00.10001Z ('Z' > '0'). The same
//     instant spelled .5Z and .50Z gives two keys. Fixed p digits remove all
//     three problems.
//   - Offsets. 2026-06-23T01:30:00+02:00 is 2026-06-22T23:30:00Z, earlier than
//     2026-06-23T00:00:00Z, yet its text sorts after it: the local fields are
//     compared, not the instant. Keys are normalized to UTC with one spelling,
//     'Z' (never +00:00, -00:00 or 'z').
//   - Years outside 0001..9999. Year 10000 needs a fifth digit and sorts
//     before 9999 ('1' < '9'); years before 0001 need a sign. Year 0000 is
//     excluded too: ISO 8601 allows it only by agreement and most date
//     libraries (and DynamoDB-facing SDKs) cannot represent it.
//   - Rounding. Rounding 2026-12-31T23:59:59.9996Z to 3 digits gives
//     2027-01-01T00:00:00.000Z: a different second, day and year, so
//     begins_with(key, "2026-12-31") misses it and a range that ends at
//     2026-12-31T23:59:59.999Z excludes it; 9999-12-31T23:59:59.9999Z would
//     round out of range. Truncation keeps every field of the instant's real
//     calendar position, and keys written at the same precision by different
//     writers agree only if they all truncate.
//   - Leap seconds. Unix time has no 23:59:60; keys never contain second 60,
//     and parse_rfc3339 rejects it rather than guess.
//
// Example (precision 3):
//
//   instant (unix seconds, nanos)        key
//   -62135596800, 0                      0001-01-01T00:00:00.000Z
//   0, 0                                 1970-01-01T00:00:00.000Z
//   580608000, 0                         1988-05-26T00:00:00.000Z
//   1782172800, 999999999                2026-06-23T00:00:00.999Z
//   1782178200, 500000000                2026-06-23T01:30:00.500Z
//   253402300799, 999999999              9999-12-31T23:59:59.999Z
//   253402300800, 0                      error: out of range (year 10000)
//
// Example:
//
//   sortkey::Result<sortkey::Instant> t = sortkey::parse_rfc3339("2026-06-23T01:30:00+02:00");
//   std::string key = *sortkey::encode_timestamp(*t, 3);  // "2026-06-22T23:30:00.000Z"
//   sortkey::parse_rfc3339("May 26, 1988");   // error: display format, with the fix

#ifndef SORTKEY_TIMESTAMP_H_
#define SORTKEY_TIMESTAMP_H_

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

#include "sortkey/error.h"

namespace sortkey {

// An instant on the UTC time line: whole seconds since 1970-01-01T00:00:00Z
// (negative before it, no leap seconds, as in Unix time) plus nanoseconds.
// Invariant of a valid instant: nanos <= 999999999. The comparison is
// chronological for valid instants.
struct Instant {
  std::int64_t seconds = 0;
  std::uint32_t nanos = 0;

  friend bool operator==(const Instant&, const Instant&) = default;
  friend auto operator<=>(const Instant&, const Instant&) = default;
};

inline constexpr int kMinPrecision = 0;
inline constexpr int kMaxPrecision = 9;
inline constexpr std::uint32_t kMaxNanos = 999999999;

// The range of the timestamp codec, 0001-01-01T00:00:00Z and
// 9999-12-31T23:59:59.999999999Z, in Unix seconds.
inline constexpr std::int64_t kMinTimestampSeconds = -62135596800;
inline constexpr std::int64_t kMaxTimestampSeconds = 253402300799;

// The length of every key of a precision: 20 + (p > 0 ? p + 1 : 0).
// REQUIRES: kMinPrecision <= precision <= kMaxPrecision.
constexpr std::size_t timestamp_key_length(int precision) {
  return 20 + (precision > 0 ? static_cast<std::size_t>(precision) + 1 : 0);
}

// The instant with every nanosecond digit after the `precision`-th set to
// zero (toward the past, also before 1970: the fraction is never negative).
// REQUIRES: kMinPrecision <= precision <= kMaxPrecision, t.nanos <= kMaxNanos.
Instant truncate_instant(Instant t, int precision);

// Errors: kBadParameter (precision outside 0..9), kOutOfRange (nanos above
// 999999999, or the instant outside 0001-01-01T00:00:00Z ..
// 9999-12-31T23:59:59.999999999Z). The fraction is truncated to `precision`
// digits, never rounded (see above).
Result<std::string> encode_timestamp(Instant t, int precision);

// Appends the key to `out`; on error `out` is unchanged.
Result<void> append_timestamp(std::string& out, Instant t, int precision);

// Accepts exactly the keys encode_timestamp produces at `precision` and
// returns the (truncated) instant: the exact length, digits where digits
// belong, '-', 'T', ':', '.', 'Z' where they belong (uppercase only, no
// offset), a real calendar date (Feb 29 only in leap years), hour <= 23,
// minute and second <= 59, year 0001..9999. Errors: kBadParameter,
// kTruncated, kTrailingBytes, kBadCharacter (a non-digit where a digit
// belongs), kBadDelimiter (a wrong separator), kNonCanonical (valid RFC 3339
// but not the key's spelling: 'z', 't', an offset, another fraction length),
// kOutOfRange (a field outside its range, Feb 30, year 0000, second 60).
Result<Instant> decode_timestamp(std::string_view key, int precision);

// Reads one key from the front of `in` and advances `in` past it; on error
// `in` is unchanged. Bytes after the key are left for the caller.
Result<Instant> consume_timestamp(std::string_view& in, int precision);

// Parses RFC 3339 date-time text (section 5.6) into the instant it names:
//
//   YYYY-MM-DD('T'|'t')HH:MM:SS[.F{1,9}]('Z'|'z'|('+'|'-')HH:MM)
//
// The offset is applied (01:30:00+02:00 is 23:30:00Z of the day before);
// -00:00 ("UTC, local offset unknown") is UTC. Lowercase 't' and 'z' are
// accepted, as RFC 3339 allows. Years 0000..9999 are read, so that
// 0000-12-31T23:00:00-02:00 (which is 0001-01-01T01:00:00Z) parses; the
// codec's range is checked by encode_timestamp. Rejected, with a message that
// says what is wrong and how to write it instead:
//   - display formats: "May 26, 1988", "26 May 1988", "Thu, 26 May 1988
//     00:00:00 GMT", "6/23/2026", "23.06.2026", "2026/06/23" (kBadFormat; the
//     message proposes the RFC 3339 date when the text names one);
//   - day/month order that cannot be told, "6/7/2026" (June 7 or July 6?), and
//     two-digit years (kAmbiguous);
//   - a date-time without an offset: local time in an unknown zone
//     (kAmbiguous);
//   - a date without a time, a time without seconds, fields that are not
//     two digits ("2026-6-23"), ISO 8601 basic format ("20260623T000000Z"),
//     a space instead of 'T', an offset without ':' (kBadFormat);
//   - more than 9 fraction digits (kBadLength: sortkey keeps nanoseconds;
//     cut the text, it is never rounded silently);
//   - month 13, day 32, Feb 30, Feb 29 of a common year, hour 24, minute 60,
//     second 60 (a leap second has no Unix time), offset hour above 23
//     (kOutOfRange);
//   - anything else: kEmpty, kBadCharacter, kBadDelimiter, kTruncated,
//     kTrailingBytes (no surrounding spaces).
Result<Instant> parse_rfc3339(std::string_view text);

}  // namespace sortkey

#endif  // SORTKEY_TIMESTAMP_H_
