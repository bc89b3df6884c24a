// Private: the library's one calendar. Unix days <-> proleptic Gregorian
// dates for the timestamp codec, and the UTC text of the ID codecs' times.
//
// The arithmetic is that of "chrono-Compatible Low-Level Date Algorithms"
// (the algorithms std::chrono's year_month_day implements), written out in
// int64 because std::chrono::year stops at +-32767 and the timestamp codec's
// messages name the year of any int64 second. civil_time.cc checks it against
// std::chrono at compile time; the naive oracle checks it year by year.

#ifndef SORTKEY_INTERNAL_CIVIL_TIME_H_
#define SORTKEY_INTERNAL_CIVIL_TIME_H_

#include <array>
#include <cstdint>
#include <string>

namespace sortkey::internal {

inline constexpr std::int64_t kSecondsPerDay = 86400;

struct CivilDate {
  std::int64_t year;
  unsigned month;  // [1, 12]
  unsigned day;    // [1, 31]
};

// Days since 1970-01-01 of a proleptic Gregorian date. Years are grouped in
// 400-year eras of 146097 days, each year starting on March 1 so that the
// leap day is the last day of its year.
// REQUIRES: 1 <= m <= 12, 1 <= d <= 31. Exact for every year whose day count
// fits in an int64.
constexpr std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2 ? 1 : 0;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);                 // [0, 399]
  const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;  // [0, 365]
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;            // [0, 146096]
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

// The inverse of days_from_civil, for every day count an int64 second gives.
constexpr CivilDate civil_from_days(std::int64_t z) {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);                    // [0, 146096]
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;  // [0, 399]
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);                // [0, 365]
  const unsigned mp = (5 * doy + 2) / 153;                                     // [0, 11]
  const unsigned d = doy - (153 * mp + 2) / 5 + 1;                             // [1, 31]
  const unsigned m = mp < 10 ? mp + 3 : mp - 9;                                // [1, 12]
  return {static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2 ? 1 : 0), m, d};
}

constexpr bool is_leap_year(std::int64_t y) { return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0); }

// REQUIRES: 1 <= m <= 12.
constexpr unsigned days_in_month(std::int64_t y, unsigned m) {
  constexpr std::array<unsigned, 13> kDays = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && is_leap_year(y) ? 29 : kDays[m];
}

// Floor division of Unix seconds into days and the second of the day.
struct DaySecond {
  std::int64_t day;
  std::int64_t second;  // [0, 86399]
};

constexpr DaySecond split_seconds(std::int64_t seconds) {
  std::int64_t day = seconds / kSecondsPerDay;
  std::int64_t second = seconds % kSecondsPerDay;
  if (second < 0) {
    second += kSecondsPerDay;
    --day;
  }
  return {day, second};
}

// RFC 3339 in UTC: "2017-10-10T04:00:47Z", or with millis >= 0
// "2016-07-30T23:54:10.259Z". Years after 9999 get the expanded form of
// JavaScript's Date.prototype.toISOString: "+010889-08-02T05:31:50.655Z".
// REQUIRES: unix_seconds >= 0 (every KSUID and ULID time is), millis < 1000.
std::string format_utc(std::int64_t unix_seconds, int millis);

}  // namespace sortkey::internal

#endif  // SORTKEY_INTERNAL_CIVIL_TIME_H_
