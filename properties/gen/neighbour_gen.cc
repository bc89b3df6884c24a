#include "properties/gen/neighbour_gen.h"

#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <vector>

#include "oracles/naive_calendar.h"
#include "oracles/naive_casefold.h"
#include "oracles/naive_decimal.h"
#include "properties/gen/draws.h"
#include "sortkey/epoch.h"
#include "sortkey/ksuid.h"
#include "sortkey/timestamp.h"
#include "sortkey/ulid.h"

namespace sortkey::props {
namespace {

using nlohmann::json;

// One of `values`, the first the simplest.
template <class T>
T pick(Draws& d, const std::vector<T>& values) {
  return values[static_cast<std::size_t>(d.below(static_cast<int>(values.size())))];
}

// An integer in [lo, hi], uniformly whatever the case's size.
std::int64_t uniform(Draws& d, std::int64_t lo, std::int64_t hi) {
  return lo + static_cast<std::int64_t>(d.below(static_cast<std::uint64_t>(hi - lo + 1)));
}

// ---- padded, inverse, epoch: decimal counts --------------------------------

// 0, 10^k - 1 or 10^k for k up to `width`, 10^width - 1, or random digits.
std::string read_digit_boundary(Draws& d, int width) {
  const int k = static_cast<int>(uniform(d, 0, width));
  switch (d.weighted({2, 2, 1, 1, 1})) {
    case 0:
      return k == 0 ? "0" : std::string(static_cast<std::size_t>(k), '9');
    case 1:
      return k == width ? std::string(static_cast<std::size_t>(width), '9')
                        : "1" + std::string(static_cast<std::size_t>(k), '0');
    case 2:
      return "0";
    case 3:
      return std::string(static_cast<std::size_t>(width), '9');
    default: {
      std::string out = std::to_string(1 + d.below(9));
      for (int i = 1; i < k; ++i) out += static_cast<char>('0' + d.below(10));
      return out;
    }
  }
}

// ---- instants -------------------------------------------------------------

// The first instant of a year, month, day, hour, minute or second, from the
// years where calendars break; or the epoch, or the first and last second.
oracle::NaiveDateTime read_civil_boundary(Draws& d) {
  oracle::NaiveDateTime t;
  const int kind = d.weighted({1, 1, 6});
  if (kind == 0) return t;  // 1970-01-01T00:00:00Z
  if (kind == 1) {
    t.year = d.coin() ? 1 : 10000;  // 0001-01-01, and 10000-01-01 whose neighbour below is the last
    return t;
  }
  t.year = pick<long long>(d, {2000, 1970, 1969, 1999, 1900, 2024, 2038, 2100, 2400, 1, 9999});
  if (d.coin()) t.year = uniform(d, 1, 9999);
  t.month = static_cast<int>(pick<long long>(d, {1, 3, 2, 12, 7}));
  if (t.month == 2 && oracle::is_leap_year(t.year) && d.coin()) t.day = 29;
  if (d.coin()) t.day = static_cast<int>(uniform(d, 1, oracle::days_in_month(t.year, t.month)));
  // Which field the boundary is of: the finer ones random, the coarser ones at their start.
  const int finest = static_cast<int>(d.below(4));  // 0: day .. 3: second
  if (finest >= 1) t.hour = static_cast<int>(uniform(d, 0, 23));
  if (finest >= 2) t.minute = static_cast<int>(uniform(d, 0, 59));
  if (finest >= 3) t.second = static_cast<int>(uniform(d, 0, 59));
  return t;
}

json read_instant_boundary(Draws& d, std::uint32_t unit) {
  std::int64_t seconds = oracle::to_unix(read_civil_boundary(d));
  std::int64_t nanos = 0;
  if (d.coin() || seconds > kMaxTimestampSeconds) {  // one unit before the boundary
    --seconds;
    nanos = 1000000000 - unit;
  }
  if (seconds < kMinTimestampSeconds) seconds = kMinTimestampSeconds;
  return {{"seconds", seconds}, {"nanos", nanos}};
}

json read_timestamp(Draws& d, json& params) {
  const int precision = static_cast<int>(pick<long long>(d, {3, 0, 9, 6, 1, 2, 4, 5, 7, 8}));
  params = {{"precision", precision}};
  std::uint32_t unit = 1;
  for (int k = precision; k < 9; ++k) unit *= 10;
  return read_instant_boundary(d, unit);
}

json read_epoch(Draws& d, json& params) {
  const char* unit = pick<const char*>(d, {"ms", "s", "us", "ns"});
  const int digits = epoch_unit_digits(*parse_epoch_unit(unit));
  const int usual = 10 + digits;
  const int width = static_cast<int>(pick<long long>(d, {usual, usual + 1, 38, usual - 1}));
  params = {{"unit", unit}, {"width", width}};
  if (d.coin()) return read_digit_boundary(d, width);
  const json instant = read_instant_boundary(d, 1);
  const std::int64_t seconds = instant.at("seconds").get<std::int64_t>();
  if (seconds < 0) return "0";  // counts start at the epoch
  std::string count =
      oracle::epoch_count_digits(seconds, instant.at("nanos").get<std::uint32_t>(), digits);
  if (count.size() > static_cast<std::size_t>(width)) {
    count = std::string(static_cast<std::size_t>(width), '9');
  }
  return count;
}

// ---- Numbers --------------------------------------------------------------

std::string read_mantissa(Draws& d) {
  switch (d.weighted({3, 3, 1, 1, 2})) {
    case 0:
      return "1";
    case 1:
      return std::string(38, '9');
    case 2:
      return "1" + std::string(36, '0') + "1";
    case 3: {
      std::string m = std::to_string(1 + d.below(9));
      for (int i = 1; i < 38; ++i) m += static_cast<char>('0' + d.below(10));
      m.erase(m.find_last_not_of('0') + 1);
      return m;
    }
    default:
      return std::to_string(1 + d.below(9)) + (d.coin() ? "5" : "");
  }
}

json read_number(Draws& d) {
  if (d.weighted({9, 1}) == 1) return "0";
  oracle::NaiveNumber n;
  n.digits = read_mantissa(d);
  n.sci = pick<long long>(d, {0, -1, 1, 5, -130, 125, 124, -129, 37, 38, -38});
  if (d.coin()) n.sci = uniform(d, -130, 125);
  n.negative = d.coin();
  return oracle::show_number(n);
}

// ---- names ------------------------------------------------------------------

json read_name(Draws& d, json& params) {
  params = {{"case", pick<const char*>(d, {"upper", "lower", "fold"})}};
  const std::vector<char32_t> boundaries = {
      0x41,   0x5A,   0x7E,   0xA0,    0x5B,    0x40,    0x60,     0x61,  0x7A,  0x7B,
      0x7FF,  0x800,  0xFFFF, 0x10000, 0xD7FF,  0xE000,  0x10FFFF, 0xBF,  0xC0,  0xDE,
      0xDF,   0xE0,   0xFF,   0x100,   0x130,   0x131,   0x17F,    0x3A3, 0x3C2, 0x1E9E,
      0x2126, 0x212A, 0xFB00, 0xFFFD,  0x10400, 0x1E900, 0x20};
  char32_t c = pick(d, boundaries);
  if (d.weighted({4, 1}) == 1) {  // any scalar value that is no control
    c = static_cast<char32_t>(uniform(d, 0xA0, 0x10FFFF - 0x800));
    if (c >= 0xD800) c += 0x800;
  }
  const std::string prefix = pick<std::string>(d, {"", "a", "Z", "\xC3\x9F", "\xC4\xB0", "Ab"});
  return prefix + oracle::utf8_of(c);
}

// ---- composite ----------------------------------------------------------------

json read_composite(Draws& d, json& params) {
  const char delimiter = d.weighted({3, 1}) == 0 ? '#' : static_cast<char>('!' + d.below(15));
  params = {{"delimiter", std::string(1, delimiter)}};
  const auto byte = static_cast<char>(pick<int>(
      d, {delimiter, delimiter + 1, delimiter - 1, delimiter + 2, 'A', 0x01, 0x00, 0x7E, 0x7F}));
  json path = json::array();
  for (int i = 0, n = d.weighted({2, 2, 1}); i < n; ++i)
    path.push_back(pick<std::string>(d, {"A", "ORG", "x"}));
  const std::string stem = pick<std::string>(d, {"", "a", "Ab"});
  if (d.coin()) {
    path.push_back(stem + byte);
  } else {  // the boundary as a child: (..., s, t + byte)
    path.push_back(stem.empty() ? "s" : stem);
    path.push_back(pick<std::string>(d, {"", "t", "zz"}) + byte);
  }
  return path;
}

// ---- IDs ----------------------------------------------------------------------

std::string read_random_field(Draws& d, std::size_t bytes) {
  std::vector<std::uint8_t> b(bytes, 0);
  const int kind = d.weighted({2, 2, 3, 3, 1});
  for (std::size_t i = 0; i < bytes; ++i) {
    if (kind == 1) b[i] = 0xFF;
    if (kind >= 2) b[i] = static_cast<std::uint8_t>(d.below(256));
  }
  if (kind == 2 || kind == 3) {  // a run of 0xFF (a carry above) or 0x00 (a borrow below)
    const auto run = static_cast<std::size_t>(uniform(d, 1, static_cast<std::int64_t>(bytes) - 1));
    for (std::size_t i = bytes - run; i < bytes; ++i) b[i] = kind == 2 ? 0xFF : 0x00;
  }
  std::string hex;
  for (std::uint8_t x : b) hex += fmt::format("{:02x}", x);
  return hex;
}

json read_id(Draws& d, const char* time_field, const char* bytes_field, std::int64_t lo,
             std::int64_t hi, std::size_t bytes) {
  std::int64_t t = pick<std::int64_t>(d, {lo, hi, lo + 1, hi - 1});
  if (d.weighted({1, 1}) == 1) t = uniform(d, lo, hi);
  return {{time_field, t}, {bytes_field, read_random_field(d, bytes)}};
}

NeighbourCase read_case(Draws& d, const std::string& codec) {
  NeighbourCase c;
  c.params = json::object();
  if (codec == "padded" || codec == "inverse") {
    const int width = static_cast<int>(pick<long long>(d, {5, 1, 2, 10, 19, 20, 38, 3}));
    c.params = {{"width", width}};
    c.value = read_digit_boundary(d, width);
  } else if (codec == "epoch") {
    c.value = read_epoch(d, c.params);
  } else if (codec == "timestamp") {
    c.value = read_timestamp(d, c.params);
  } else if (codec == "number") {
    c.value = read_number(d);
  } else if (codec == "name") {
    c.value = read_name(d, c.params);
  } else if (codec == "composite") {
    c.value = read_composite(d, c.params);
  } else if (codec == "ksuid") {
    c.value = read_id(d, "timestamp", "payload", kKsuidMinUnix, kKsuidMaxUnix, 16);
  } else {
    c.value = read_id(d, "time", "random", 0, kUlidMaxTime, 10);
  }
  return c;
}

}  // namespace

std::ostream& operator<<(std::ostream& os, const NeighbourCase& c) {
  return os << "params " << c.params.dump() << " value " << c.value.dump();
}

rc::Gen<NeighbourCase> gen_neighbour_case(const std::string& codec) {
  return gen_drawn<NeighbourCase>([codec](Draws& d) { return read_case(d, codec); });
}

}  // namespace sortkey::props
