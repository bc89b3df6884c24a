// File: properties/props/timestamp_props.h
//
// The specification of the timestamp and epoch codecs (sortkey/timestamp.h,
// sortkey/epoch.h), as framework-free property functions. The oracle
// (oracles/naive_calendar.h) decides what is true: calendar fields by walking
// years and months, order by comparing field tuples, key text by assembling
// zero-padded fields, epoch counts as digit strings.

#ifndef SORTKEY_PROPERTIES_TIMESTAMP_PROPS_H_
#define SORTKEY_PROPERTIES_TIMESTAMP_PROPS_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "properties/props/outcome.h"
#include "sortkey/epoch.h"
#include "sortkey/timestamp.h"

namespace sortkey::props {

// ---- timestamp/ -------------------------------------------------------------

// For t in 0001..9999: decode(encode(t, p), p) is t with its nanoseconds cut
// to p digits (by the oracle's fields).
Outcome timestamp_round_trip(Instant t, int precision);

// For a, b in range: sign(key(a) <=> key(b)) is the sign of the oracle's
// field-tuple comparison of a and b truncated to p digits (so keys are equal
// iff the truncations are), and a <= b implies key(a) <= key(b).
Outcome timestamp_order(Instant a, Instant b, int precision);

// Every key of precision p has 20 + (p > 0 ? p + 1 : 0) bytes, digits and
// delimiters at the fixed positions of YYYY-MM-DDTHH:MM:SS[.F...]Z.
Outcome timestamp_fixed_length(Instant t, int precision);

// The key is the oracle's text of t's fields, zero-padded, fraction cut to p.
Outcome timestamp_matches_oracle(Instant t, int precision);

// t rendered by the oracle as local time at `offset_minutes` with
// `fraction_digits` digits ('Z' for a zero offset if `zero_as_z`, lowercase
// 't'/'z' if `lower`) parses to t cut to fraction_digits, and its key at p is
// the key of that UTC instant (the key of t itself when fraction_digits >= p).
Outcome timestamp_offsets_normalize(Instant t, int offset_minutes, int fraction_digits,
                                    bool zero_as_z, bool lower, int precision);

// The ways people write dates for display; see render_display.
enum class DisplayStyle {
  kMonthDayYear,     // May 26, 1988
  kDayMonthYear,     // 26 May 1988
  kRfc1123,          // Thu, 26 May 1988 00:00:00 GMT
  kAmPm,             // May 26, 1988, 10:30 PM
  kWeekdayLong,      // Thursday, May 26, 1988
  kUsSlashes,        // 5/26/1988
  kUsSlashesPadded,  // 05/26/1988
  kDaySlashes,       // 26/5/1988
  kDayDots,          // 26.05.1988
  kYearSlashes,      // 1988/05/26
  kUnpadded,         // 1988-5-26T00:00:00Z
  kDateOnly,         // 1988-05-26
  kBasic,            // 19880526T000000Z
  kTwoDigitYear,     // 5/26/88
  kNoOffset,         // 1988-05-26T00:00:00
  kSpace,            // 1988-05-26 00:00:00Z
  kNoSeconds,        // 1988-05-26T00:00Z
  kCount
};
const char* to_string(DisplayStyle style);

// The instant's UTC date (and time) written in `style`, by the oracle.
// REQUIRES: t in 0001..9999.
std::string render_display(Instant t, DisplayStyle style);

// parse_rfc3339 rejects t rendered in `style` with kBadFormat, or kAmbiguous
// where the text could mean two dates (day and month both <= 12 and
// different, a two-digit year, no offset); the message names the date the
// text means in RFC 3339 form (both dates when ambiguous).
Outcome timestamp_rejects_display_formats(Instant t, DisplayStyle style);

// The key of t at p with any byte cut off or `extra` added at either end is
// rejected, and so is the non-canonical variant number `variant`: another
// fraction length, 'z', 't', an offset, a space for 'T', month 13 or 00, day
// 00, day past the month's end, Feb 30, Feb 29 of a common year, year 0000,
// hour 24, minute 60, second 60, '/' for '-', `extra` for the 'Z', `extra` for
// a digit at `position` (when `extra` is not a digit).
inline constexpr int kMalformedVariants = 20;
Outcome timestamp_rejects_malformed(Instant t, int precision, int variant, char extra,
                                    std::size_t position);

// decode at p on arbitrary bytes errs cleanly (offset within the input, a
// message) or returns the instant whose key is exactly those bytes.
Outcome timestamp_total_decode(std::string_view bytes, int precision);

// encode(t, p) succeeds iff the oracle puts t in 0001-01-01T00:00:00Z ..
// 9999-12-31T23:59:59.999999999Z; otherwise it fails with kOutOfRange.
Outcome timestamp_year_range(Instant t, int precision);

// parse_rfc3339 on any text errs cleanly or returns an instant that the
// oracle renders back to exactly that text (at the text's offset, fraction
// length and letter case): it accepts only RFC 3339 and reads it right.
Outcome timestamp_parse_total(std::string_view text);

// ---- epoch/ -----------------------------------------------------------------

// For t >= 1970 whose count fits the width: decode_epoch(encode_epoch(t)) is
// t cut to the unit, and decode_epoch_count gives the oracle's count.
Outcome epoch_round_trip(Instant t, EpochUnit unit, int width);

// sign(key(a) <=> key(b)) is the sign of the oracle's count comparison.
Outcome epoch_order(Instant a, Instant b, EpochUnit unit, int width);

// Every key is exactly `width` digits: the oracle's count, zero-padded.
Outcome epoch_fixed_width(Instant t, EpochUnit unit, int width);

// encode_epoch fails with kOutOfRange iff the count has more than `width`
// digits; encode_epoch_count agrees.
Outcome epoch_overflow(Instant t, EpochUnit unit, int width);

// Truncated or extended keys, and keys with a non-digit `extra` at
// `position`, are rejected.
Outcome epoch_rejects_malformed(Instant t, EpochUnit unit, int width, char extra,
                                std::size_t position);

// decode_epoch on arbitrary bytes errs cleanly or returns the instant whose
// key is exactly those bytes.
Outcome epoch_total_decode(std::string_view bytes, EpochUnit unit, int width);

// An instant before 1970 is never a key: kOutOfRange, whatever the width.
Outcome epoch_before_1970(Instant t, EpochUnit unit, int width);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_TIMESTAMP_PROPS_H_
