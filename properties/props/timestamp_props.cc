#include "properties/props/timestamp_props.h"

#include <fmt/format.h>

#include <array>
#include <string>
#include <vector>

#include "oracles/naive_calendar.h"
#include "oracles/naive_integer.h"
#include "properties/props/common.h"

namespace sortkey::props {
namespace {

using oracle::NaiveDateTime;

// The oracle's bounds of the codec: 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z.
long long first_second() {
  static const long long s = oracle::to_unix(NaiveDateTime{1, 1, 1, 0, 0, 0, 0});
  return s;
}
long long last_second() {
  static const long long s = oracle::to_unix(NaiveDateTime{9999, 12, 31, 23, 59, 59, 0});
  return s;
}

bool in_range(Instant t) {
  return t.nanos <= 999999999 && t.seconds >= first_second() && t.seconds <= last_second();
}

// The oracle walks year by year: beyond years -1000..11000 (only a broken
// codec returns such an instant) it answers with a far-off marker year that
// compares unequal to every real date, instead of walking for hours.
NaiveDateTime fields(Instant t) {
  constexpr long long kFarPast = -90000000000LL,
                      kFarFuture = 280000000000LL;  // about years -882 and 10842
  if (t.seconds < kFarPast || t.seconds > kFarFuture) {
    NaiveDateTime far;
    far.year = t.seconds < 0 ? -1000000 : 1000000;
    far.nanos = t.nanos;
    return far;
  }
  return oracle::from_unix(t.seconds, t.nanos);
}

// An instant as a person reads it: the oracle's RFC 3339 text with all nine
// digits, and the numbers.
std::string show(Instant t) {
  if (t.nanos <= 999999999 && fields(t).year >= 0 && fields(t).year <= 9999) {
    return fmt::format("{} ({} s + {} ns)", oracle::render_utc(fields(t), 9), t.seconds, t.nanos);
  }
  return fmt::format("({} s + {} ns)", t.seconds, t.nanos);
}

Outcome encode_or_fail(Instant t, int precision, std::string& key) {
  auto k = encode_timestamp(t, precision);
  if (!k) {
    return Outcome::fails(fmt::format("encode({}, precision {}) failed: {}", show(t), precision,
                                      describe(k.error())));
  }
  key = *k;
  return Outcome::holds();
}

std::string pad(long long n, int width) {
  std::string d = oracle::decimal(static_cast<oracle::NaiveU128>(n));
  if (static_cast<int>(d.size()) < width)
    d.insert(0, static_cast<std::size_t>(width) - d.size(), '0');
  return d;
}

std::string iso_date(long long y, int m, int d) {
  return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2);
}

constexpr std::array<const char*, 13> kMonths = {
    "",     "January", "February",  "March",   "April",    "May",     "June",
    "July", "August",  "September", "October", "November", "December"};
constexpr std::array<const char*, 7> kWeekdays = {"Monday", "Tuesday",  "Wednesday", "Thursday",
                                                  "Friday", "Saturday", "Sunday"};

std::string abbrev(const char* name) { return std::string(name).substr(0, 3); }

bool contains(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

// Decode must fail on `bad`, a variant of `key`.
Outcome must_reject(std::string_view bad, std::string_view key, int precision,
                    std::string_view what) {
  auto t = decode_timestamp(bad, precision);
  if (t) {
    return Outcome::fails(fmt::format("{} ({} made from the key {}) decoded at precision {} to {}",
                                      show_key(bad), what, show_key(key), precision, show(*t)));
  }
  return Outcome::holds();
}

// The local fields as key-shaped text with chosen pieces swapped in.
struct Parts {
  std::string year, month, day, hour, minute, second, fraction, tee = "T", zed = "Z", dash = "-";
  std::string text() const {
    return year + dash + month + dash + day + tee + hour + ":" + minute + ":" + second +
           (fraction.empty() ? "" : "." + fraction) + zed;
  }
};

Parts parts_of(const NaiveDateTime& f, int precision) {
  Parts p;
  p.year = pad(f.year, 4);
  p.month = pad(f.month, 2);
  p.day = pad(f.day, 2);
  p.hour = pad(f.hour, 2);
  p.minute = pad(f.minute, 2);
  p.second = pad(f.second, 2);
  p.fraction = pad(f.nanos, 9).substr(0, static_cast<std::size_t>(precision));
  return p;
}

using EpochDecode = Result<Instant> (*)(std::string_view, EpochUnit, int);

std::string epoch_digits(Instant t, EpochUnit unit) {
  return oracle::epoch_count_digits(t.seconds, t.nanos, epoch_unit_digits(unit));
}

bool epoch_fits(Instant t, EpochUnit unit, int width) {
  return t.seconds >= 0 && t.nanos <= 999999999 &&
         epoch_digits(t, unit).size() <= static_cast<std::size_t>(width);
}

}  // namespace

// ---- timestamp/ -------------------------------------------------------------

Outcome timestamp_round_trip(Instant t, int precision) {
  if (!in_range(t)) return Outcome::discard("instant outside 0001..9999");
  std::string key;
  if (Outcome o = encode_or_fail(t, precision, key); !o.ok()) return o;
  auto back = decode_timestamp(key, precision);
  if (!back)
    return Outcome::fails(fmt::format("key {} of {} does not decode: {}", show_key(key), show(t),
                                      describe(back.error())));
  const NaiveDateTime want = oracle::truncate_nanos(fields(t), precision);
  if (oracle::compare_fields(fields(*back), want) != 0) {
    return Outcome::fails(fmt::format("{} -> {} -> {}, expected {} at precision {}", show(t),
                                      show_key(key), show(*back), oracle::render_utc(want, 9),
                                      precision));
  }
  return Outcome::holds();
}

Outcome timestamp_order(Instant a, Instant b, int precision) {
  if (!in_range(a) || !in_range(b)) return Outcome::discard("instant outside 0001..9999");
  std::string ka, kb;
  if (Outcome o = encode_or_fail(a, precision, ka); !o.ok()) return o;
  if (Outcome o = encode_or_fail(b, precision, kb); !o.ok()) return o;
  const int want = oracle::compare_fields(oracle::truncate_nanos(fields(a), precision),
                                          oracle::truncate_nanos(fields(b), precision));
  const int got = key_order(ka, kb);
  if (want != got) {
    return Outcome::fails(fmt::format("at precision {}, {} {} {} but keys {} {} {}", precision,
                                      show(a), order_word(want), show(b), show_key(ka),
                                      order_word(got), show_key(kb)));
  }
  const int exact = oracle::compare_fields(fields(a), fields(b));
  if (exact != 0 && got == -exact) {
    return Outcome::fails(fmt::format("{} {} {} but keys {} {} {}: truncation reversed the order",
                                      show(a), order_word(exact), show(b), show_key(ka),
                                      order_word(got), show_key(kb)));
  }
  return Outcome::holds();
}

Outcome timestamp_fixed_length(Instant t, int precision) {
  if (!in_range(t)) return Outcome::discard("instant outside 0001..9999");
  std::string key;
  if (Outcome o = encode_or_fail(t, precision, key); !o.ok()) return o;
  const std::size_t want = 20 + (precision > 0 ? static_cast<std::size_t>(precision) + 1 : 0);
  if (key.size() != want || timestamp_key_length(precision) != want) {
    return Outcome::fails(fmt::format(
        "key {} of {} has {} bytes; precision {} keys have {} (timestamp_key_length says {})",
        show_key(key), show(t), key.size(), precision, want, timestamp_key_length(precision)));
  }
  std::string shape = "dddd-dd-ddTdd:dd:dd";
  if (precision > 0) shape += "." + std::string(static_cast<std::size_t>(precision), 'd');
  shape += "Z";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    const bool ok = shape[i] == 'd' ? key[i] >= '0' && key[i] <= '9' : key[i] == shape[i];
    if (!ok) {
      return Outcome::fails(fmt::format("key {} of {} has {} at byte {} where the shape {} has {}",
                                        show_key(key), show(t), show_key(key.substr(i, 1)), i,
                                        shape, shape[i]));
    }
  }
  return Outcome::holds();
}

Outcome timestamp_matches_oracle(Instant t, int precision) {
  if (!in_range(t)) return Outcome::discard("instant outside 0001..9999");
  std::string key;
  if (Outcome o = encode_or_fail(t, precision, key); !o.ok()) return o;
  const std::string want = oracle::render_utc(fields(t), precision);
  if (key != want) {
    return Outcome::fails(fmt::format("key of {} at precision {} is {}, the oracle writes {}",
                                      show(t), precision, show_key(key), show_key(want)));
  }
  return Outcome::holds();
}

Outcome timestamp_offsets_normalize(Instant t, int offset_minutes, int fraction_digits,
                                    bool zero_as_z, bool lower, int precision) {
  if (!in_range(t)) return Outcome::discard("instant outside 0001..9999");
  const NaiveDateTime local = oracle::from_unix(t.seconds + offset_minutes * 60LL, t.nanos);
  if (local.year < 0 || local.year > 9999)
    return Outcome::discard("local year has no 4-digit form");
  const std::string text = oracle::render_with_offset(t.seconds, t.nanos, offset_minutes,
                                                      fraction_digits, zero_as_z, lower);
  auto parsed = parse_rfc3339(text);
  if (!parsed)
    return Outcome::fails(fmt::format("parse_rfc3339({}) of {} failed: {}", show_key(text), show(t),
                                      describe(parsed.error())));
  const NaiveDateTime want = oracle::truncate_nanos(fields(t), fraction_digits);
  if (oracle::compare_fields(fields(*parsed), want) != 0) {
    return Outcome::fails(fmt::format("parse_rfc3339({}) is {}, expected {}", show_key(text),
                                      show(*parsed), oracle::render_utc(want, 9)));
  }
  std::string key;
  if (Outcome o = encode_or_fail(*parsed, precision, key); !o.ok()) return o;
  const std::string utc_key = oracle::render_utc(want, precision);
  if (key != utc_key) {
    return Outcome::fails(fmt::format("{} parses to the key {}, but the UTC instant's key is {}",
                                      show_key(text), show_key(key), show_key(utc_key)));
  }
  if (fraction_digits >= precision) {
    std::string direct;
    if (Outcome o = encode_or_fail(t, precision, direct); !o.ok()) return o;
    if (direct != key) {
      return Outcome::fails(fmt::format("{} parses to the key {}, but {} encodes to {}",
                                        show_key(text), show_key(key), show(t), show_key(direct)));
    }
  }
  return Outcome::holds();
}

const char* to_string(DisplayStyle style) {
  switch (style) {
    case DisplayStyle::kMonthDayYear:
      return "Month D, YYYY";
    case DisplayStyle::kDayMonthYear:
      return "D Month YYYY";
    case DisplayStyle::kRfc1123:
      return "RFC 1123";
    case DisplayStyle::kAmPm:
      return "with AM/PM";
    case DisplayStyle::kWeekdayLong:
      return "Weekday, Month D, YYYY";
    case DisplayStyle::kUsSlashes:
      return "M/D/YYYY";
    case DisplayStyle::kUsSlashesPadded:
      return "MM/DD/YYYY";
    case DisplayStyle::kDaySlashes:
      return "D/M/YYYY";
    case DisplayStyle::kDayDots:
      return "DD.MM.YYYY";
    case DisplayStyle::kYearSlashes:
      return "YYYY/MM/DD";
    case DisplayStyle::kUnpadded:
      return "unpadded fields";
    case DisplayStyle::kDateOnly:
      return "date only";
    case DisplayStyle::kBasic:
      return "ISO 8601 basic";
    case DisplayStyle::kTwoDigitYear:
      return "M/D/YY";
    case DisplayStyle::kNoOffset:
      return "no offset";
    case DisplayStyle::kSpace:
      return "space for T";
    case DisplayStyle::kNoSeconds:
      return "no seconds";
    case DisplayStyle::kCount:
      break;
  }
  return "?";
}

std::string render_display(Instant t, DisplayStyle style) {
  const NaiveDateTime f = fields(t);
  const std::string y = pad(f.year, 4), mm = pad(f.month, 2), dd = pad(f.day, 2);
  const std::string m = std::to_string(f.month), d = std::to_string(f.day);
  const std::string time = pad(f.hour, 2) + ":" + pad(f.minute, 2) + ":" + pad(f.second, 2);
  const long long days = oracle::days_from_civil(f.year, f.month, f.day);
  const char* month = kMonths[static_cast<std::size_t>(f.month)];
  const char* weekday = kWeekdays[static_cast<std::size_t>(oracle::weekday(days))];
  switch (style) {
    case DisplayStyle::kMonthDayYear:
      return std::string(month) + " " + d + ", " + y;
    case DisplayStyle::kDayMonthYear:
      return d + " " + month + " " + y;
    case DisplayStyle::kRfc1123:
      return abbrev(weekday) + ", " + dd + " " + abbrev(month) + " " + y + " " + time + " GMT";
    case DisplayStyle::kAmPm: {
      const int h12 = f.hour % 12 == 0 ? 12 : f.hour % 12;
      return abbrev(month) + " " + d + ", " + y + ", " + std::to_string(h12) + ":" +
             pad(f.minute, 2) + (f.hour < 12 ? " AM" : " PM");
    }
    case DisplayStyle::kWeekdayLong:
      return std::string(weekday) + ", " + month + " " + d + ", " + y;
    case DisplayStyle::kUsSlashes:
      return m + "/" + d + "/" + y;
    case DisplayStyle::kUsSlashesPadded:
      return mm + "/" + dd + "/" + y;
    case DisplayStyle::kDaySlashes:
      return d + "/" + m + "/" + y;
    case DisplayStyle::kDayDots:
      return dd + "." + mm + "." + y;
    case DisplayStyle::kYearSlashes:
      return y + "/" + mm + "/" + dd;
    case DisplayStyle::kUnpadded:
      if (f.month < 10 || f.day < 10) return y + "-" + m + "-" + d + "T" + time + "Z";
      return pad(f.year % 100, 2) + "-" + mm + "-" + dd + "T" + time +
             "Z";  // a two-digit year instead
    case DisplayStyle::kDateOnly:
      return y + "-" + mm + "-" + dd;
    case DisplayStyle::kBasic:
      return y + mm + dd + "T" + pad(f.hour, 2) + pad(f.minute, 2) + pad(f.second, 2) + "Z";
    case DisplayStyle::kTwoDigitYear:
      return m + "/" + d + "/" + pad(f.year % 100, 2);
    case DisplayStyle::kNoOffset:
      return y + "-" + mm + "-" + dd + "T" + time;
    case DisplayStyle::kSpace:
      return y + "-" + mm + "-" + dd + " " + time + "Z";
    case DisplayStyle::kNoSeconds:
      return y + "-" + mm + "-" + dd + "T" + pad(f.hour, 2) + ":" + pad(f.minute, 2) + "Z";
    case DisplayStyle::kCount:
      break;
  }
  return "";
}

Outcome timestamp_rejects_display_formats(Instant t, DisplayStyle style) {
  if (!in_range(t)) return Outcome::discard("instant outside 0001..9999");
  const NaiveDateTime f = fields(t);
  const std::string text = render_display(t, style);
  auto parsed = parse_rfc3339(text);
  if (parsed) {
    return Outcome::fails(fmt::format("the display format {} ({}) parsed to {}", show_key(text),
                                      to_string(style), show(*parsed)));
  }
  const Error& e = parsed.error();
  if (e.offset > text.size() || e.message.empty()) {
    return Outcome::fails(
        fmt::format("{} was rejected without a usable error: {}", show_key(text), describe(e)));
  }
  // What a person reading the message must be told.
  const std::string date = iso_date(f.year, f.month, f.day);
  bool ambiguous = false;
  std::vector<std::string> dates = {date};
  switch (style) {
    case DisplayStyle::kUsSlashes:
    case DisplayStyle::kUsSlashesPadded:
    case DisplayStyle::kDaySlashes:
    case DisplayStyle::kDayDots:
      if (f.month <= 12 && f.day <= 12 && f.month != f.day) {
        ambiguous = true;
        dates.push_back(iso_date(f.year, f.day, f.month));
      }
      break;
    case DisplayStyle::kTwoDigitYear:
      ambiguous = true;
      dates.clear();
      break;
    case DisplayStyle::kUnpadded:
      if (f.month >= 10 && f.day >= 10) {
        ambiguous = true;  // rendered with a two-digit year
        dates.clear();
      }
      break;
    case DisplayStyle::kNoOffset:
      ambiguous = true;
      break;
    default:
      break;
  }
  const ErrorCode want = ambiguous ? ErrorCode::kAmbiguous : ErrorCode::kBadFormat;
  if (e.code != want) {
    return Outcome::fails(fmt::format("{} ({}) was rejected as {}, expected {}: {}", show_key(text),
                                      to_string(style), sortkey::to_string(e.code),
                                      sortkey::to_string(want), describe(e)));
  }
  for (const std::string& dt : dates) {
    if (!contains(e.message, dt)) {
      return Outcome::fails(fmt::format("the error for {} ({}) does not name the date {}: {}",
                                        show_key(text), to_string(style), dt, describe(e)));
    }
  }
  return Outcome::holds();
}

namespace {

// The malformations that set one field of a valid key to a fixed text, by
// variant number: the field, its text, and what was planted.
struct FixedFieldFault {
  int variant;
  std::string Parts::*field;
  const char* text;
  const char* what;
};
const FixedFieldFault kFixedFieldFaults[] = {
    {2, &Parts::zed, "z", "lowercase 'z'"},   {3, &Parts::tee, "t", "lowercase 't'"},
    {4, &Parts::zed, "+00:00", "an offset"},  {5, &Parts::zed, "-00:00", "an offset"},
    {6, &Parts::tee, " ", "a space for 'T'"}, {7, &Parts::month, "13", "month 13"},
    {8, &Parts::month, "00", "month 00"},     {9, &Parts::day, "00", "day 00"},
    {13, &Parts::year, "0000", "year 0000"},  {14, &Parts::hour, "24", "hour 24"},
    {15, &Parts::minute, "60", "minute 60"},  {16, &Parts::second, "60", "second 60"},
    {17, &Parts::dash, "/", "'/' for '-'"},
};

// Plants malformation `variant` (0..17) in the fields of a valid key; what
// it planted, as a failure message says it ("" for another variant).
std::string plant_field_fault(Parts& p, const NaiveDateTime& f, int precision, int variant) {
  for (const FixedFieldFault& fixed : kFixedFieldFaults) {
    if (fixed.variant != variant) continue;
    p.*fixed.field = fixed.text;
    return fixed.what;
  }
  // The malformations whose text depends on the key.
  switch (variant) {
    case 0:
      p.fraction = precision < 9
                       ? pad(f.nanos, 9).substr(0, static_cast<std::size_t>(precision) + 1)
                       : p.fraction.substr(0, 8);
      return "a fraction of another length";
    case 1:
      p.fraction = precision > 0 ? p.fraction.substr(0, p.fraction.size() - 1) : "0";
      return "a fraction of another length";
    case 10:
      p.day = pad(oracle::days_in_month(f.year, f.month) + 1, 2);
      return "a day past the month's end";
    case 11:
      p.month = "02";
      p.day = "30";
      return "Feb 30";
    case 12: {
      const long long year =
          oracle::is_leap_year(f.year) ? f.year + 1 : f.year;  // never a leap year
      p.year = pad(year, 4);
      p.month = "02";
      p.day = "29";
      return "Feb 29 of a common year";
    }
    default:
      return "";
  }
}

}  // namespace

Outcome timestamp_rejects_malformed(Instant t, int precision, int variant, char extra,
                                    std::size_t position) {
  if (!in_range(t)) return Outcome::discard("instant outside 0001..9999");
  std::string key;
  if (Outcome o = encode_or_fail(t, precision, key); !o.ok()) return o;
  auto dec = [precision](std::string_view k) { return decode_timestamp(k, precision); };
  if (Outcome o = rejects_truncated_and_extended(key, dec, std::string_view(&extra, 1)); !o.ok())
    return o;

  const NaiveDateTime f = fields(t);
  Parts p = parts_of(f, precision);
  const int variant_mod = variant % kMalformedVariants;
  if (variant_mod == 18) {
    if (extra == 'Z') return Outcome::holds();
    p.zed = std::string(1, extra);
    return must_reject(p.text(), key, precision, "another byte for 'Z'");
  }
  if (variant_mod >= 0 && variant_mod < 18) {
    const std::string what = plant_field_fault(p, f, precision, variant_mod);
    return must_reject(p.text(), key, precision, what);
  }
  if (extra >= '0' && extra <= '9') return Outcome::holds();
  std::string changed = key;
  std::vector<std::size_t> digits;
  for (std::size_t i = 0; i < key.size(); ++i) {
    if (key[i] >= '0' && key[i] <= '9') digits.push_back(i);
  }
  changed[digits[position % digits.size()]] = extra;
  return must_reject(changed, key, precision, "a non-digit in place of a digit");
}

Outcome timestamp_total_decode(std::string_view bytes, int precision) {
  return decode_is_total_and_canonical(
      bytes, [precision](std::string_view k) { return decode_timestamp(k, precision); },
      [precision](Instant t) { return encode_timestamp(t, precision); });
}

Outcome timestamp_year_range(Instant t, int precision) {
  auto key = encode_timestamp(t, precision);
  if (in_range(t)) {
    if (!key)
      return Outcome::fails(
          fmt::format("{} is in range but encode failed: {}", show(t), describe(key.error())));
    return Outcome::holds();
  }
  if (key)
    return Outcome::fails(
        fmt::format("{} is outside 0001..9999, yet it encoded to {}", show(t), show_key(*key)));
  if (key.error().code != ErrorCode::kOutOfRange) {
    return Outcome::fails(fmt::format("{} is outside 0001..9999: expected out of range, got {}",
                                      show(t), describe(key.error())));
  }
  return Outcome::holds();
}

Outcome timestamp_parse_total(std::string_view text) {
  auto t = parse_rfc3339(text);
  if (!t) {
    if (t.error().offset > text.size() || t.error().message.empty()) {
      return Outcome::fails(fmt::format("parse_rfc3339({}) failed without a usable error: {}",
                                        show_key(text), describe(t.error())));
    }
    return Outcome::holds();
  }
  // Accepted: read the shape off the text, the obvious way, and render it back.
  auto fail = [&](std::string_view why) {
    return Outcome::fails(
        fmt::format("parse_rfc3339 accepted {} ({}) as {}", show_key(text), why, show(*t)));
  };
  if (t->nanos > 999999999) return fail("nanos above 999999999");
  if (text.size() < 20) return fail("too short for RFC 3339");
  std::size_t i = 19;
  int digits = 0;
  if (text[i] == '.') {
    ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      ++i;
      ++digits;
    }
  }
  const std::string_view suffix = text.substr(i);
  int offset = 0;
  bool zed = false;
  if (suffix == "Z" || suffix == "z") {
    zed = true;
  } else if (suffix.size() == 6 && (suffix[0] == '+' || suffix[0] == '-') && suffix[3] == ':') {
    const int hh = (suffix[1] - '0') * 10 + (suffix[2] - '0');
    const int mm = (suffix[4] - '0') * 10 + (suffix[5] - '0');
    offset = (suffix[0] == '-' ? -1 : 1) * (hh * 60 + mm);
  } else {
    return fail("no 'Z' or +hh:mm/-hh:mm offset at its end");
  }
  if (digits > 9 || offset <= -1440 || offset >= 1440) return fail("a shape outside RFC 3339");
  const NaiveDateTime local = fields(Instant{t->seconds + offset * 60LL, t->nanos});
  if (local.year < 0 || local.year > 9999) return fail("a local year without 4 digits");
  std::string want = oracle::render_with_offset(t->seconds, t->nanos, offset, digits, zed, false);
  std::string got(text);
  // RFC 3339 allows 't' and 'z', and -00:00 for an unknown local offset.
  if (got[10] == 't') got[10] = 'T';
  if (got.back() == 'z') got.back() = 'Z';
  if (offset == 0 && !zed) got[i] = '+';
  if (got != want) return fail(fmt::format("the oracle writes that instant as {}", show_key(want)));
  return Outcome::holds();
}

// ---- epoch/ -----------------------------------------------------------------

Outcome epoch_round_trip(Instant t, EpochUnit unit, int width) {
  if (!epoch_fits(t, unit, width)) return Outcome::discard("before 1970 or wider than the width");
  auto key = encode_epoch(t, unit, width);
  if (!key)
    return Outcome::fails(fmt::format("encode_epoch({}, {}, width {}) failed: {}", show(t),
                                      to_string(unit), width, describe(key.error())));
  auto back = decode_epoch(*key, unit, width);
  if (!back)
    return Outcome::fails(fmt::format("key {} of {} does not decode: {}", show_key(*key), show(t),
                                      describe(back.error())));
  NaiveDateTime n;
  n.nanos = t.nanos;
  const Instant want{t.seconds, oracle::truncate_nanos(n, epoch_unit_digits(unit)).nanos};
  if (back->seconds != want.seconds || back->nanos != want.nanos) {
    return Outcome::fails(fmt::format("{} -> {} -> {}, expected {} in {}", show(t), show_key(*key),
                                      show(*back), show(want), to_string(unit)));
  }
  auto count = decode_epoch_count(*key, width);
  if (!count || oracle::decimal(*count) != epoch_digits(t, unit)) {
    return Outcome::fails(fmt::format(
        "key {} of {} gives the count {}, expected {}", show_key(*key), show(t),
        count ? oracle::decimal(*count) : describe(count.error()), epoch_digits(t, unit)));
  }
  return Outcome::holds();
}

Outcome epoch_order(Instant a, Instant b, EpochUnit unit, int width) {
  if (!epoch_fits(a, unit, width) || !epoch_fits(b, unit, width))
    return Outcome::discard("before 1970 or wider than the width");
  auto ka = encode_epoch(a, unit, width);
  auto kb = encode_epoch(b, unit, width);
  if (!ka || !kb)
    return Outcome::fails(
        fmt::format("encode_epoch failed: {}", describe(ka ? kb.error() : ka.error())));
  const std::string ca = epoch_digits(a, unit), cb = epoch_digits(b, unit);
  const int want = oracle::compare_digits(ca, cb);
  const int got = key_order(*ka, *kb);
  if (want != got) {
    return Outcome::fails(fmt::format("{} is {} {} and {} is {} {} ({} {} {}), but keys {} {} {}",
                                      show(a), ca, to_string(unit), show(b), cb, to_string(unit),
                                      ca, order_word(want), cb, show_key(*ka), order_word(got),
                                      show_key(*kb)));
  }
  return Outcome::holds();
}

Outcome epoch_fixed_width(Instant t, EpochUnit unit, int width) {
  if (!epoch_fits(t, unit, width)) return Outcome::discard("before 1970 or wider than the width");
  auto key = encode_epoch(t, unit, width);
  if (!key)
    return Outcome::fails(fmt::format("encode_epoch({}, {}, width {}) failed: {}", show(t),
                                      to_string(unit), width, describe(key.error())));
  const std::string want = oracle::left_pad(epoch_digits(t, unit), width);
  if (*key != want) {
    return Outcome::fails(fmt::format("key of {} in {} at width {} is {}, expected {}", show(t),
                                      to_string(unit), width, show_key(*key), show_key(want)));
  }
  return Outcome::holds();
}

Outcome epoch_overflow(Instant t, EpochUnit unit, int width) {
  if (t.seconds < 0) return Outcome::discard("before 1970");
  const std::string digits = epoch_digits(t, unit);
  const bool fits = digits.size() <= static_cast<std::size_t>(width);
  auto key = encode_epoch(t, unit, width);
  if (fits && !key) {
    return Outcome::fails(fmt::format("{} ({} {}) fits width {} but encode failed: {}", show(t),
                                      digits, to_string(unit), width, describe(key.error())));
  }
  if (!fits && key) {
    return Outcome::fails(fmt::format("{} is {} {}, {} digits, yet width {} gave the key {}",
                                      show(t), digits, to_string(unit), digits.size(), width,
                                      show_key(*key)));
  }
  if (!fits && key.error().code != ErrorCode::kOutOfRange) {
    return Outcome::fails(fmt::format("{} at width {}: expected out of range, got {}", show(t),
                                      width, describe(key.error())));
  }
  auto by_count = encode_epoch_count(*epoch_count(t, unit), width);
  if (key.has_value() != by_count.has_value() || (key && *key != *by_count)) {
    return Outcome::fails(
        fmt::format("encode_epoch and encode_epoch_count disagree on {} in {} at width {}", show(t),
                    to_string(unit), width));
  }
  return Outcome::holds();
}

Outcome epoch_rejects_malformed(Instant t, EpochUnit unit, int width, char extra,
                                std::size_t position) {
  if (!epoch_fits(t, unit, width)) return Outcome::discard("before 1970 or wider than the width");
  const std::string key = *encode_epoch(t, unit, width);
  auto dec = [unit, width](std::string_view k) { return decode_epoch(k, unit, width); };
  if (Outcome o = rejects_truncated_and_extended(key, dec, std::string_view(&extra, 1)); !o.ok())
    return o;
  if (extra >= '0' && extra <= '9') return Outcome::holds();
  std::string changed = key;
  changed[position % changed.size()] = extra;
  if (auto v = dec(changed)) {
    return Outcome::fails(
        fmt::format("the key {} with a non-digit decoded to {}", show_key(changed), show(*v)));
  }
  return Outcome::holds();
}

Outcome epoch_total_decode(std::string_view bytes, EpochUnit unit, int width) {
  return decode_is_total_and_canonical(
      bytes, [unit, width](std::string_view k) { return decode_epoch(k, unit, width); },
      [unit, width](Instant t) { return encode_epoch(t, unit, width); });
}

Outcome epoch_before_1970(Instant t, EpochUnit unit, int width) {
  if (t.seconds >= 0) return Outcome::discard("not before 1970");
  auto key = encode_epoch(t, unit, width);
  if (key)
    return Outcome::fails(
        fmt::format("{} is before 1970, yet it encoded to {}", show(t), show_key(*key)));
  if (key.error().code != ErrorCode::kOutOfRange || !contains(key.error().message, "1970")) {
    return Outcome::fails(
        fmt::format("{} is before 1970: expected an out-of-range error that says so, got {}",
                    show(t), describe(key.error())));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
