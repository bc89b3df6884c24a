#include "src/internal/civil_time.h"

#include <fmt/format.h>

#include <chrono>

namespace sortkey::internal {
namespace {

// The era arithmetic agrees with std::chrono wherever std::chrono::year reaches.
constexpr bool agrees_with_chrono(int y, unsigned m, unsigned d) {
  using namespace std::chrono;
  const year_month_day ymd{year{y}, month{m}, day{d}};
  const std::int64_t days = sys_days{ymd}.time_since_epoch().count();
  const CivilDate back = civil_from_days(days);
  return days_from_civil(y, m, d) == days && back.year == y && back.month == m && back.day == d;
}

static_assert(days_from_civil(1970, 1, 1) == 0);
static_assert(agrees_with_chrono(1, 1, 1) && agrees_with_chrono(1969, 12, 31) &&
              agrees_with_chrono(2000, 2, 29) && agrees_with_chrono(2100, 3, 1) &&
              agrees_with_chrono(9999, 12, 31) && agrees_with_chrono(10889, 8, 2) &&
              agrees_with_chrono(-32767, 1, 1) && agrees_with_chrono(32767, 12, 31));
static_assert(civil_from_days(-1).year == 1969 && civil_from_days(-1).day == 31);
static_assert(split_seconds(-1).day == -1 && split_seconds(-1).second == kSecondsPerDay - 1);

}  // namespace

std::string format_utc(std::int64_t unix_seconds, int millis) {
  const DaySecond t = split_seconds(unix_seconds);
  const CivilDate date = civil_from_days(t.day);
  const std::int64_t y = date.year;
  std::string out = y <= 9999 ? fmt::format("{:04}", y) : fmt::format("+{:06}", y);
  out += fmt::format("-{:02}-{:02}T{:02}:{:02}:{:02}", date.month, date.day, t.second / 3600,
                     t.second / 60 % 60, t.second % 60);
  if (millis >= 0) out += fmt::format(".{:03}", millis);
  out += 'Z';
  return out;
}

}  // namespace sortkey::internal
