// File: oracles/naive_calendar.h
//
// Reference implementation for tests; never link into the library.
//
// The proleptic Gregorian calendar and Unix time the slow, obvious way: the
// leap-year rule written out, days counted by walking year by year and month
// by month from 1970-01-01 (the walk to each year of -1000..11000 is counted
// once and kept), times compared field by field as tuples, text
// assembled from zero-padded fields. It decides what the timestamp and epoch
// codecs must do, and never calls them.

#ifndef SORTKEY_ORACLES_NAIVE_CALENDAR_H_
#define SORTKEY_ORACLES_NAIVE_CALENDAR_H_

#include <cstdint>
#include <string>

namespace sortkey::oracle {

// A UTC calendar time, field by field. nanos is 0..999999999.
struct NaiveDateTime {
  long long year = 1970;
  int month = 1;   // 1..12
  int day = 1;     // 1..days_in_month
  int hour = 0;    // 0..23
  int minute = 0;  // 0..59
  int second = 0;  // 0..59
  std::uint32_t nanos = 0;
};

// Divisible by 4, except centuries, except every fourth century.
bool is_leap_year(long long year);

// 28..31.
int days_in_month(long long year, int month);

// Days from 1970-01-01 to the date (negative before it), by walking whole
// years, then whole months, then days. REQUIRES: a real date, year -1000..11000.
long long days_from_civil(long long year, int month, int day);

// Unix seconds of the fields (nanos ignored). REQUIRES: as days_from_civil.
long long to_unix(const NaiveDateTime& t);

// The calendar fields of a Unix time, by walking years and months from 1970.
// REQUIRES: the year lands in -1000..11000.
NaiveDateTime from_unix(long long seconds, std::uint32_t nanos);

// -1, 0 or 1 as (year, month, day, hour, minute, second, nanos) compare as tuples.
int compare_fields(const NaiveDateTime& a, const NaiveDateTime& b);

// The fields with the nanoseconds cut to their first `digits` decimal digits
// (0..9), read off the 9-digit text of the nanoseconds.
NaiveDateTime truncate_nanos(NaiveDateTime t, int digits);

// "YYYY-MM-DDTHH:MM:SS" + ("." + the first `digits` digits of the 9-digit
// nanos, if digits > 0) + "Z". REQUIRES: 0 <= year <= 9999.
std::string render_utc(const NaiveDateTime& t, int digits);

// The Unix time written as RFC 3339 local time at an offset of
// `offset_minutes` (east of UTC positive): the fields of seconds + offset,
// `digits` fraction digits, then "+hh:mm"/"-hh:mm", or "Z" when the offset
// is 0 and `zero_as_z`. `lower` writes 't' and 'z'. REQUIRES: the local year
// is 0..9999, |offset_minutes| < 1440.
std::string render_with_offset(long long seconds, std::uint32_t nanos, int offset_minutes,
                               int digits, bool zero_as_z, bool lower);

// 0 = Monday .. 6 = Sunday, counting days from Thursday 1970-01-01.
int weekday(long long days_since_1970);

// The count of a Unix time in a unit of 10^-digits seconds, as decimal text
// without leading zeros: the digits of the seconds followed by the first
// `digits` digits of the 9-digit nanos. REQUIRES: seconds >= 0, 0 <= digits <= 9.
std::string epoch_count_digits(long long seconds, std::uint32_t nanos, int digits);

}  // namespace sortkey::oracle

#endif  // SORTKEY_ORACLES_NAIVE_CALENDAR_H_
