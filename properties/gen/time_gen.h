// File: properties/gen/time_gen.h
//
// RapidCheck generators for the timestamp and epoch codecs, biased to where
// calendars and fixed widths break: the first and last second of a day,
// month and year (Dec 31 -> Jan 1), Feb 28/29 in leap and common years (1900,
// 2000, 2024, 2100), the years 0001 and 9999 and just outside them, every
// fraction length 0..9, nanos 0 and 999999999 and their powers-of-ten
// neighbours, offsets of +-14:00, +-00:00 and +-23:59 that carry the local
// date across midnight and New Year, and epoch counts at 10^width.

#ifndef SORTKEY_PROPERTIES_GEN_TIME_GEN_H_
#define SORTKEY_PROPERTIES_GEN_TIME_GEN_H_

#include <rapidcheck.h>

#include <ostream>

#include "sortkey/epoch.h"
#include "sortkey/timestamp.h"

namespace sortkey::props {

// An instant wrapped so that counterexamples print as RFC 3339 text with
// all nine digits and the Unix seconds and nanos.
struct Moment {
  Instant instant;
};
std::ostream& operator<<(std::ostream& os, Moment m);
inline void showValue(Moment m, std::ostream& os) { os << m; }

// An epoch unit that prints as "s", "ms", "us" or "ns".
struct Unit {
  EpochUnit unit;
};
std::ostream& operator<<(std::ostream& os, Unit u);
inline void showValue(Unit u, std::ostream& os) { os << u; }

// An int in [min, max), every value equally likely whatever RapidCheck's size
// (rc::gen::inRange favours small values while the size is small): for
// choices among cases, not for magnitudes.
rc::Gen<int> gen_choice(int min, int max);

// 0..9 fraction digits, 0, 3, 6 and 9 more often.
rc::Gen<int> gen_precision();

// An instant in 0001-01-01T00:00:00Z .. 9999-12-31T23:59:59.999999999Z:
// calendar boundaries (built field by field with the oracle) or uniform.
rc::Gen<Moment> gen_moment();

// An instant close to `m` (0, 1 ns, 10^k ns, 1 s, 1 day either way, or only
// the trailing fraction digits changed), so that truncations sometimes agree
// and sometimes differ; clamped to the range.
rc::Gen<Moment> gen_moment_near(Moment m);

// Any instant with valid nanos, in or out of the range: mostly just outside
// (year 0000 and 10000, one nanosecond off), sometimes the int64 extremes.
rc::Gen<Moment> gen_moment_any();

// An offset in minutes east of UTC, -1439..1439: 0, +-14:00, +-23:59, the
// odd real ones (+05:30, +05:45, -09:30), or any.
rc::Gen<int> gen_offset_minutes();

rc::Gen<Unit> gen_unit();

// A width for the unit: its usual width (10, 13, 16, 19) and one either
// side, or any width 1..38.
rc::Gen<int> gen_epoch_width(EpochUnit unit);

// An instant at or after 1970 whose count in `unit` has at most `width`
// digits most of the time, sometimes one more: counts of 0, 10^k - 1, 10^k,
// or any, and the epoch itself.
rc::Gen<Moment> gen_epoch_moment(EpochUnit unit, int width);

// An instant before 1970: one nanosecond, one second before, or far before.
rc::Gen<Moment> gen_moment_before_1970();

// RFC 3339 text of a generated instant at a generated offset, fraction
// length and letter case (the oracle renders it).
rc::Gen<std::string> gen_rfc3339_text();

// A proper prefix of such a text: input that ends inside a field.
rc::Gen<std::string> gen_rfc3339_prefix();

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_GEN_TIME_GEN_H_
