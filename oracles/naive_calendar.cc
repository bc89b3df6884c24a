// Reference implementation for tests; never link into the library.
#include "oracles/naive_calendar.h"

#include <algorithm>
#include <vector>

#include "oracles/naive_integer.h"

namespace sortkey::oracle {
namespace {

long long days_in_year(long long year) { return is_leap_year(year) ? 366 : 365; }

// n in decimal, zero-padded on the left to `width` digits. REQUIRES: n >= 0.
std::string pad(long long n, int width) {
  std::string digits = decimal(static_cast<NaiveU128>(n));
  if (static_cast<int>(digits.size()) < width)
    digits.insert(0, static_cast<std::size_t>(width) - digits.size(), '0');
  return digits;
}

std::string nine_digits(std::uint32_t nanos) { return pad(nanos, 9); }

std::string fields_text(const NaiveDateTime& t, int digits, char tee) {
  std::string out = pad(t.year, 4) + "-" + pad(t.month, 2) + "-" + pad(t.day, 2) + tee +
                    pad(t.hour, 2) + ":" + pad(t.minute, 2) + ":" + pad(t.second, 2);
  if (digits > 0) {
    out += '.';
    out += nine_digits(t.nanos).substr(0, static_cast<std::size_t>(digits));
  }
  return out;
}

}  // namespace

bool is_leap_year(long long year) {
  if (year % 400 == 0) return true;
  if (year % 100 == 0) return false;
  return year % 4 == 0;
}

int days_in_month(long long year, int month) {
  switch (month) {
    case 1:
      return 31;
    case 2:
      return is_leap_year(year) ? 29 : 28;
    case 3:
      return 31;
    case 4:
      return 30;
    case 5:
      return 31;
    case 6:
      return 30;
    case 7:
      return 31;
    case 8:
      return 31;
    case 9:
      return 30;
    case 10:
      return 31;
    case 11:
      return 30;
    case 12:
      return 31;
  }
  return 0;
}

namespace {

// Days from 1970-01-01 to January 1 of `year`, by walking whole years.
long long walk_to_year(long long year) {
  long long days = 0;
  for (long long y = 1970; y < year; ++y) days += days_in_year(y);
  for (long long y = year; y < 1970; ++y) days -= days_in_year(y);
  return days;
}

// The same walk, done once for every year of the documented range and kept:
// callers ask for years up to 9999 thousands of times a second (the fuzz
// targets), and each walk re-counts thousands of years. The answers are the
// walk's; only the repetition is saved.
constexpr long long kFirstTableYear = -1000;
constexpr long long kLastTableYear = 11000;
const std::vector<long long>& year_starts() {
  static const std::vector<long long> table = [] {
    std::vector<long long> t;
    t.reserve(static_cast<std::size_t>(kLastTableYear - kFirstTableYear + 1));
    long long days = walk_to_year(kFirstTableYear);
    for (long long y = kFirstTableYear; y <= kLastTableYear; ++y) {
      t.push_back(days);
      days += days_in_year(y);
    }
    return t;
  }();
  return table;
}

long long year_start(long long year) {
  if (year < kFirstTableYear || year > kLastTableYear) return walk_to_year(year);
  return year_starts()[static_cast<std::size_t>(year - kFirstTableYear)];
}

}  // namespace

long long days_from_civil(long long year, int month, int day) {
  long long days = year_start(year);
  for (int m = 1; m < month; ++m) days += days_in_month(year, m);
  return days + (day - 1);
}

long long to_unix(const NaiveDateTime& t) {
  return days_from_civil(t.year, t.month, t.day) * 86400 + t.hour * 3600 + t.minute * 60 + t.second;
}

NaiveDateTime from_unix(long long seconds, std::uint32_t nanos) {
  long long days = seconds / 86400;
  long long rest = seconds % 86400;
  if (rest < 0) {  // C++ division truncates toward zero; a day starts at its midnight
    rest += 86400;
    days -= 1;
  }
  NaiveDateTime t;
  t.nanos = nanos;
  t.hour = static_cast<int>(rest / 3600);
  t.minute = static_cast<int>(rest / 60 % 60);
  t.second = static_cast<int>(rest % 60);
  long long year = 1970;
  const std::vector<long long>& starts = year_starts();
  if (days >= starts.front() && days < starts.back()) {
    // The last year of the table whose January 1 is on or before the day.
    const auto after = std::upper_bound(starts.begin(), starts.end(), days);
    year = kFirstTableYear + (after - starts.begin()) - 1;
    days -= *(after - 1);
  }
  while (days < 0) {
    year -= 1;
    days += days_in_year(year);
  }
  while (days >= days_in_year(year)) {
    days -= days_in_year(year);
    year += 1;
  }
  int month = 1;
  while (days >= days_in_month(year, month)) {
    days -= days_in_month(year, month);
    month += 1;
  }
  t.year = year;
  t.month = month;
  t.day = static_cast<int>(days) + 1;
  return t;
}

int compare_fields(const NaiveDateTime& a, const NaiveDateTime& b) {
  const long long x[] = {a.year, a.month, a.day, a.hour, a.minute, a.second, a.nanos};
  const long long y[] = {b.year, b.month, b.day, b.hour, b.minute, b.second, b.nanos};
  for (int i = 0; i < 7; ++i) {
    if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
  }
  return 0;
}

NaiveDateTime truncate_nanos(NaiveDateTime t, int digits) {
  std::string kept = nine_digits(t.nanos).substr(0, static_cast<std::size_t>(digits));
  while (kept.size() < 9) kept += "0";
  std::uint32_t n = 0;
  for (char c : kept) n = n * 10 + static_cast<std::uint32_t>(c - '0');
  t.nanos = n;
  return t;
}

std::string render_utc(const NaiveDateTime& t, int digits) {
  return fields_text(t, digits, 'T') + "Z";
}

std::string render_with_offset(long long seconds, std::uint32_t nanos, int offset_minutes,
                               int digits, bool zero_as_z, bool lower) {
  const NaiveDateTime local = from_unix(seconds + offset_minutes * 60LL, nanos);
  std::string out = fields_text(local, digits, lower ? 't' : 'T');
  if (offset_minutes == 0 && zero_as_z) return out + (lower ? "z" : "Z");
  const int magnitude = offset_minutes < 0 ? -offset_minutes : offset_minutes;
  return out + (offset_minutes < 0 ? "-" : "+") + pad(magnitude / 60, 2) + ":" +
         pad(magnitude % 60, 2);
}

int weekday(long long days_since_1970) {
  long long w = (days_since_1970 + 3) % 7;  // 1970-01-01 was a Thursday (3 when Monday is 0)
  if (w < 0) w += 7;
  return static_cast<int>(w);
}

std::string epoch_count_digits(long long seconds, std::uint32_t nanos, int digits) {
  return strip_zeros(decimal(static_cast<NaiveU128>(seconds)) +
                     nine_digits(nanos).substr(0, static_cast<std::size_t>(digits)));
}

}  // namespace sortkey::oracle
