// File: sortkey/epoch.h
//
// Epoch counts: an instant as the number of seconds, milliseconds,
// microseconds or nanoseconds since 1970-01-01T00:00:00Z, zero-padded to a
// fixed width ("EVT#1782172800000"), so that text order is chronological
// order.
//
// Format (DO NOT CHANGE): encode_padded(count, width) (sortkey/padded.h):
// exactly `width` ASCII digits, 1 <= width <= 38, where
//   count = seconds * 10^k + (nanos truncated to k digits),
//   k = 0 (s), 3 (ms), 6 (us), 9 (ns).
//
// Ordering theorem: for instants a, b at or after 1970-01-01T00:00:00Z whose
// counts are below 10^width,
//   count(a) < count(b)   iff  encode_epoch(a) < encode_epoch(b)   (bytewise)
//   count(a) == count(b)  iff  encode_epoch(a) == encode_epoch(b)
// and count is truncate_instant(t, k) measured in the unit, so a <= b implies
// key(a) <= key(b). The padded codec's theorem does the rest.
//
// Instants before 1970 have negative counts, which no run of digits holds in
// order ("-5" sorts after "-1" though -5 < -1): they are out of range, never
// a key. A count wider than the
// width is an error, never a wider key ("10000000000" sorts before
// "9999999999"). The width is the date until which keys stay in order:
//
//   unit   width   last instant that fits
//   s      10      2286-11-20T17:46:39Z
//   s      11      5138-11-16T09:46:39Z
//   s      12      beyond 9999-12-31 (and every width above)
//   ms     13      2286-11-20T17:46:39.999Z
//   us     16      2286-11-20T17:46:39.999999Z
//   ns     19      2286-11-20T17:46:39.999999999Z
//
// Example:
//
//   instant                     unit  width  key
//   1970-01-01T00:00:00Z        s     10     0000000000
//   2026-06-23T00:00:00Z        s     10     1782172800
//   2026-06-23T00:00:00.123Z    ms    13     1782172800123
//   2026-06-23T00:00:00.1239Z   ms    13     1782172800123   (truncated)
//   2286-11-20T17:46:40Z        s     10     error: out of range (11 digits)
//   1969-12-31T23:59:59Z        s     10     error: out of range (before 1970)

#ifndef SORTKEY_EPOCH_H_
#define SORTKEY_EPOCH_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "sortkey/error.h"
#include "sortkey/timestamp.h"
#include "sortkey/uint128.h"

namespace sortkey {

enum class EpochUnit : std::uint8_t { kSeconds, kMilliseconds, kMicroseconds, kNanoseconds };

// "s", "ms", "us", "ns".
std::string_view to_string(EpochUnit unit);

// Reads "s", "ms", "us" or "ns". Errors: kBadParameter.
Result<EpochUnit> parse_epoch_unit(std::string_view text);

// The fraction digits the unit keeps: 0, 3, 6 or 9 (a precision of
// truncate_instant).
int epoch_unit_digits(EpochUnit unit);

// The count of units since 1970-01-01T00:00:00Z, truncated.
// Errors: kOutOfRange (t before 1970, or nanos above 999999999).
Result<UInt128> epoch_count(Instant t, EpochUnit unit);

// The instant `count` units after 1970-01-01T00:00:00Z.
// Errors: kOutOfRange (the seconds do not fit a signed 64-bit integer).
Result<Instant> epoch_instant(UInt128 count, EpochUnit unit);

// Errors: kBadParameter (width outside 1..38), kOutOfRange (t before 1970,
// nanos above 999999999, or a count of more than `width` digits).
Result<std::string> encode_epoch(Instant t, EpochUnit unit, int width);
Result<void> append_epoch(std::string& out, Instant t, EpochUnit unit, int width);

// A count given directly (the line-JSON adapter's value): encode_padded.
Result<std::string> encode_epoch_count(UInt128 count, int width);

// Accepts exactly the keys encode_epoch produces: `width` digits.
// Errors: those of decode_padded; decode_epoch also kOutOfRange (see
// epoch_instant).
Result<UInt128> decode_epoch_count(std::string_view key, int width);
Result<Instant> decode_epoch(std::string_view key, EpochUnit unit, int width);

}  // namespace sortkey

#endif  // SORTKEY_EPOCH_H_
