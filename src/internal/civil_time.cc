#include "internal/civil_time.h"

#include <fmt/format.h>

#include <chrono>

namespace sortkey::internal {

std::string format_utc(std::int64_t unix_seconds, int millis) {
  using namespace std::chrono;
  const sys_seconds t{seconds{unix_seconds}};
  const sys_days day = floor<days>(t);
  const year_month_day ymd{day};
  const hh_mm_ss<seconds> hms{t - day};
  const int y = static_cast<int>(ymd.year());
  std::string out = y <= 9999 ? fmt::format("{:04}", y) : fmt::format("+{:06}", y);
  out += fmt::format("-{:02}-{:02}T{:02}:{:02}:{:02}", static_cast<unsigned>(ymd.month()),
                     static_cast<unsigned>(ymd.day()), hms.hours().count(), hms.minutes().count(),
                     hms.seconds().count());
  if (millis >= 0) out += fmt::format(".{:03}", millis);
  out += 'Z';
  return out;
}

}  // namespace sortkey::internal
