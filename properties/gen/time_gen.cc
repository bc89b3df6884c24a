#include "properties/gen/time_gen.h"

#include <cstdint>
#include <limits>
#include <vector>

#include "oracles/naive_calendar.h"

namespace sortkey::props {
namespace {

using oracle::NaiveDateTime;

__extension__ typedef __int128 Int128;
constexpr Int128 kNanosPerSecond = 1000000000;

long long first_second() { return oracle::to_unix(NaiveDateTime{1, 1, 1, 0, 0, 0, 0}); }
long long last_second() { return oracle::to_unix(NaiveDateTime{9999, 12, 31, 23, 59, 59, 0}); }

bool in_range(const Instant& t) {
  return t.seconds >= kMinTimestampSeconds && t.seconds <= kMaxTimestampSeconds;
}

// [min, max) uniformly whatever RapidCheck's size: rc::gen::inRange scales
// the range down while the size is small, which would keep early cases near
// `min` (year 0001, offset -23:59). Boundaries are generated explicitly.
template <class T>
rc::Gen<T> uniform(T min, T max) {
  return rc::gen::resize(100, rc::gen::inRange<T>(min, max));
}

std::uint64_t pow10u(int k) {
  std::uint64_t p = 1;
  for (int i = 0; i < k; ++i) p *= 10;
  return p;
}

// Nanoseconds where fractions break: 0, 999999999, 10^k and 10^k - 1, the
// digit boundaries of every precision, or any.
rc::Gen<std::uint32_t> gen_nanos() {
  return rc::gen::weightedOneOf<std::uint32_t>({
      {2, rc::gen::element<std::uint32_t>(0, 999999999, 1, 500000000, 999999, 1000000, 999, 1000,
                                          100000000, 99999999, 900000000, 123456789)},
      {1, rc::gen::map(uniform(0, 10),
                       [](int k) { return static_cast<std::uint32_t>(pow10u(k) - 1); })},
      {1, rc::gen::map(uniform(0, 9), [](int k) { return static_cast<std::uint32_t>(pow10u(k)); })},
      {3, uniform<std::uint32_t>(0, 1000000000)},
  });
}

rc::Gen<long long> gen_year() {
  return rc::gen::weightedOneOf<long long>({
      {3, rc::gen::element<long long>(1, 2, 4, 99, 100, 400, 1582, 1899, 1900, 1901, 1969, 1970,
                                      1999, 2000, 2001, 2023, 2024, 2025, 2026, 2038, 2099, 2100,
                                      2400, 9998, 9999)},
      {2, uniform<long long>(1, 10000)},
  });
}

// A date and time assembled field by field, each field biased to its ends.
rc::Gen<Moment> gen_civil_moment() {
  return rc::gen::exec([] {
    NaiveDateTime f;
    f.year = *gen_year();
    f.month =
        *rc::gen::weightedOneOf<int>({{2, rc::gen::element(1, 2, 3, 12)}, {1, uniform(1, 13)}});
    const int last = oracle::days_in_month(f.year, f.month);
    f.day = *rc::gen::weightedOneOf<int>(
        {{2, rc::gen::element(1, last, last - 1, 28)}, {1, uniform(1, last + 1)}});
    f.hour = *rc::gen::weightedOneOf<int>({{1, rc::gen::element(0, 23)}, {1, uniform(0, 24)}});
    f.minute = *rc::gen::weightedOneOf<int>({{1, rc::gen::element(0, 59)}, {1, uniform(0, 60)}});
    f.second = *rc::gen::weightedOneOf<int>({{1, rc::gen::element(0, 59)}, {1, uniform(0, 60)}});
    const std::uint32_t nanos = *gen_nanos();
    return Moment{Instant{oracle::to_unix(f), nanos}};
  });
}

// `t` moved by `delta` nanoseconds, seconds floored.
Instant shifted(Instant t, Int128 delta) {
  Int128 total = static_cast<Int128>(t.seconds) * kNanosPerSecond + t.nanos + delta;
  Int128 seconds = total / kNanosPerSecond;
  Int128 nanos = total % kNanosPerSecond;
  if (nanos < 0) {
    nanos += kNanosPerSecond;
    seconds -= 1;
  }
  return Instant{static_cast<std::int64_t>(seconds), static_cast<std::uint32_t>(nanos)};
}

}  // namespace

std::ostream& operator<<(std::ostream& os, Moment m) {
  const Instant t = m.instant;
  if (t.nanos <= 999999999 && t.seconds >= first_second() - 400LL * 86400 &&
      t.seconds <= last_second() + 400LL * 86400) {
    const NaiveDateTime f = oracle::from_unix(t.seconds, t.nanos);
    if (f.year >= 0 && f.year <= 9999) os << oracle::render_utc(f, 9) << " ";
  }
  return os << "(" << t.seconds << " s + " << t.nanos << " ns)";
}

std::ostream& operator<<(std::ostream& os, Unit u) { return os << to_string(u.unit); }

rc::Gen<int> gen_choice(int min, int max) { return uniform(min, max); }

rc::Gen<int> gen_precision() {
  return rc::gen::weightedOneOf<int>({{1, rc::gen::element(0, 3, 6, 9)}, {2, gen_choice(0, 10)}});
}

rc::Gen<Moment> gen_moment() {
  return rc::gen::weightedOneOf<Moment>({
      {6, gen_civil_moment()},
      {2, rc::gen::map(
              rc::gen::pair(uniform<std::int64_t>(kMinTimestampSeconds, kMaxTimestampSeconds + 1),
                            gen_nanos()),
              [](const std::pair<std::int64_t, std::uint32_t>& p) {
                return Moment{Instant{p.first, p.second}};
              })},
      {1, rc::gen::element(Moment{Instant{kMinTimestampSeconds, 0}},
                           Moment{Instant{kMaxTimestampSeconds, kMaxNanos}}, Moment{Instant{0, 0}},
                           Moment{Instant{-1, kMaxNanos}})},
  });
}

rc::Gen<Moment> gen_moment_near(Moment m) {
  return rc::gen::exec([m] {
    const int kind = *gen_choice(0, 6);
    if (kind == 5) {  // the same second and leading fraction digits, other trailing digits
      const auto unit = static_cast<std::uint32_t>(pow10u(*gen_choice(1, 10)));
      const std::uint32_t nanos = m.instant.nanos / unit * unit + *uniform<std::uint32_t>(0, unit);
      return Moment{Instant{m.instant.seconds, nanos}};
    }
    const int sign = *rc::gen::element(-1, 1);
    Int128 delta = 0;
    switch (kind) {
      case 0:
        delta = 0;
        break;
      case 1:
        delta = static_cast<Int128>(pow10u(*gen_choice(0, 10)));
        break;  // 1 ns .. 1 s
      case 2:
        delta = *uniform<std::int64_t>(1, 1000000000);
        break;  // under a second
      case 3:
        delta =
            static_cast<Int128>(*rc::gen::element(60, 3600, 86400, 86400 * 365)) * kNanosPerSecond;
        break;
      default:
        delta = static_cast<Int128>(*uniform<std::int64_t>(1, 86400LL * 1000000000LL));
        break;
    }
    const Instant t = shifted(m.instant, sign * delta);
    return in_range(t) ? Moment{t} : m;
  });
}

rc::Gen<Moment> gen_moment_any() {
  return rc::gen::exec([] {
    const int kind = *gen_choice(0, 6);
    const std::uint32_t nanos = *gen_nanos();
    switch (kind) {
      case 0:
        return *gen_moment();
      case 1:  // the last nanosecond before 0001 or the first after 9999, and their neighbours
        return *rc::gen::element(Moment{Instant{kMinTimestampSeconds - 1, kMaxNanos}},
                                 Moment{Instant{kMaxTimestampSeconds + 1, 0}},
                                 Moment{Instant{kMinTimestampSeconds, 0}},
                                 Moment{Instant{kMaxTimestampSeconds, kMaxNanos}});
      case 2:  // somewhere in year 0000
        return Moment{
            Instant{kMinTimestampSeconds - *uniform<std::int64_t>(1, 366 * 86400 + 1), nanos}};
      case 3:  // somewhere in year 10000
        return Moment{
            Instant{kMaxTimestampSeconds + *uniform<std::int64_t>(1, 366 * 86400 + 1), nanos}};
      case 4:
        return *rc::gen::element(
            Moment{Instant{std::numeric_limits<std::int64_t>::min(), 0}},
            Moment{Instant{std::numeric_limits<std::int64_t>::max(), kMaxNanos}});
      default:
        return Moment{Instant{*rc::gen::arbitrary<std::int64_t>(), nanos}};
    }
  });
}

rc::Gen<int> gen_offset_minutes() {
  return rc::gen::weightedOneOf<int>({
      {2, rc::gen::element(0, 840, -840, 1439, -1439, 60, -60, 330, 345, -570, 1, -1, 720, -720)},
      {1, uniform(-1439, 1440)},
  });
}

rc::Gen<Unit> gen_unit() {
  return rc::gen::element(Unit{EpochUnit::kSeconds}, Unit{EpochUnit::kMilliseconds},
                          Unit{EpochUnit::kMicroseconds}, Unit{EpochUnit::kNanoseconds});
}

rc::Gen<int> gen_epoch_width(EpochUnit unit) {
  const int usual = 10 + epoch_unit_digits(unit);
  return rc::gen::weightedOneOf<int>(
      {{2, rc::gen::element(usual - 1, usual, usual + 1)}, {1, uniform(1, 39)}});
}

rc::Gen<Moment> gen_epoch_moment(EpochUnit unit, int width) {
  const int d = epoch_unit_digits(unit);
  // At most 18 digits of whole seconds, so that every count is an int64 instant.
  const int max_digits = std::min(width + 1, 18 + d);
  return rc::gen::exec([d, max_digits] {
    const int kind = *gen_choice(0, 4);
    UInt128 count = 0;
    if (kind == 0) {
      const int k = *gen_choice(0, max_digits + 1);
      UInt128 p = 1;
      for (int i = 0; i < k; ++i) p *= 10;
      count = *rc::gen::element<UInt128>(p - 1, p, p + 1);
      if (k == max_digits) count = p - 1;
    } else if (kind == 1) {
      for (int i = 0, n = *uniform(1, max_digits + 1); i < n; ++i) {
        count = count * 10 + static_cast<unsigned>(*uniform(0, 10));
      }
    } else if (kind == 2) {
      // A real date from 1970 to 9999, then whatever its count is.
      const std::int64_t s = *uniform<std::int64_t>(0, kMaxTimestampSeconds + 1);
      return Moment{Instant{s, *gen_nanos()}};
    } else {
      return Moment{Instant{0, *rc::gen::element<std::uint32_t>(0, 1, 999999999)}};
    }
    UInt128 unit_pow = 1;
    for (int i = 0; i < d; ++i) unit_pow *= 10;
    const auto seconds = static_cast<std::int64_t>(count / unit_pow);
    const auto sub_unit =
        static_cast<std::uint32_t>(pow10u(9 - d));  // nanos below the unit, truncated away
    const auto nanos = static_cast<std::uint32_t>(count % unit_pow) * sub_unit +
                       *rc::gen::element<std::uint32_t>(0, sub_unit - 1, sub_unit / 2);
    return Moment{Instant{seconds, nanos}};
  });
}

rc::Gen<Moment> gen_moment_before_1970() {
  return rc::gen::weightedOneOf<Moment>({
      {2, rc::gen::element(Moment{Instant{-1, kMaxNanos}}, Moment{Instant{-1, 0}},
                           Moment{Instant{kMinTimestampSeconds, 0}},
                           Moment{Instant{std::numeric_limits<std::int64_t>::min(), 0}})},
      {2, rc::gen::map(rc::gen::pair(uniform<std::int64_t>(kMinTimestampSeconds, 0), gen_nanos()),
                       [](const std::pair<std::int64_t, std::uint32_t>& p) {
                         return Moment{Instant{p.first, p.second}};
                       })},
      {1, rc::gen::map(rc::gen::arbitrary<std::int64_t>(),
                       [](std::int64_t s) {
                         return Moment{Instant{s < 0 ? s : -1 - s, 0}};
                       })},
  });
}

rc::Gen<std::string> gen_rfc3339_text() {
  return rc::gen::exec([] {
    const Moment m = *gen_moment();
    int offset = *gen_offset_minutes();
    const int digits = *gen_choice(0, 10);
    const bool zero_as_z = *rc::gen::arbitrary<bool>();
    const bool lower =
        *rc::gen::weightedOneOf<bool>({{4, rc::gen::just(false)}, {1, rc::gen::just(true)}});
    const NaiveDateTime local = oracle::from_unix(m.instant.seconds + offset * 60LL, 0);
    if (local.year < 0 || local.year > 9999) offset = 0;
    return oracle::render_with_offset(m.instant.seconds, m.instant.nanos, offset, digits, zero_as_z,
                                      lower);
  });
}

rc::Gen<std::string> gen_rfc3339_prefix() {
  return rc::gen::exec([] {
    const std::string text = *gen_rfc3339_text();
    return text.substr(0, static_cast<std::size_t>(*gen_choice(0, static_cast<int>(text.size()))));
  });
}

}  // namespace sortkey::props
