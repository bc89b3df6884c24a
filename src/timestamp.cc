#include "sortkey/timestamp.h"

#include <fmt/format.h>

#include <array>
#include <optional>
#include <vector>

#include "src/internal/civil_time.h"
#include "src/internal/deferred_error.h"
#include "src/internal/text.h"

namespace sortkey {
namespace {

constexpr std::array<std::uint32_t, 10> kPow10 = {1,      10,      100,      1000,      10000,
                                                  100000, 1000000, 10000000, 100000000, 1000000000};

using internal::civil_from_days;
using internal::CivilDate;
using internal::days_from_civil;
using internal::days_in_month;
using internal::DaySecond;
using internal::defer;
using internal::defer_text;
using internal::kSecondsPerDay;
using internal::split_seconds;
using internal::StaticText;

static_assert(days_from_civil(1, 1, 1) * kSecondsPerDay == kMinTimestampSeconds);
static_assert(days_from_civil(9999, 12, 31) * kSecondsPerDay + kSecondsPerDay - 1 ==
              kMaxTimestampSeconds);

constexpr std::array<const char*, 13> kMonthNames = {
    "",     "January", "February",  "March",   "April",    "May",     "June",
    "July", "August",  "September", "October", "November", "December"};

Result<void> check_precision(int precision) {
  if (precision < kMinPrecision || precision > kMaxPrecision) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("precision must be between {} and {} fraction digits, got {}",
                                  kMinPrecision, kMaxPrecision, precision));
  }
  return {};
}

Result<void> check_instant(Instant t) {
  if (t.nanos > kMaxNanos) {
    return make_error(ErrorCode::kOutOfRange, 0,
                      fmt::format("nanos must be at most 999999999, got {}", t.nanos));
  }
  if (t.seconds < kMinTimestampSeconds || t.seconds > kMaxTimestampSeconds) {
    const std::int64_t year = civil_from_days(split_seconds(t.seconds).day).year;
    return make_error(
        ErrorCode::kOutOfRange, 0,
        fmt::format(
            "Unix second {} falls in year {} ({} {}): timestamp keys hold years 0001 to 9999",
            t.seconds, year, t.seconds < kMinTimestampSeconds ? "before" : "after",
            t.seconds < kMinTimestampSeconds ? "0001-01-01T00:00:00Z"
                                             : "9999-12-31T23:59:59.999999999Z"));
  }
  return {};
}

char* put2(char* p, unsigned v) {
  p[0] = static_cast<char>('0' + v / 10);
  p[1] = static_cast<char>('0' + v % 10);
  return p + 2;
}

// ---------------------------------------------------------------------------
// Reading text. Both the key decoder and the RFC 3339 parser read the fixed
// 19-byte date-time prefix "YYYY-MM-DDTHH:MM:SS" the same way; they differ in
// what they accept after it and in how strict they are about 't'.

struct Fields {
  unsigned year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
};

enum class Mode { kKey, kRfc3339 };

constexpr std::size_t kDateTimeLength = 19;

Error truncated(std::size_t at, std::string_view what) {
  return make_error(ErrorCode::kTruncated, at,
                    fmt::format("the text ends after {} bytes, {}", at, what));
}

// The errors of the date-time prefix and of the key decoder are deferred
// (internal/deferred_error.h): the key decoder refuses every proper prefix
// of a key in the rejection properties, and those refusals are never read.

// Reads `n` digits at `at`. `field` and `shape` (literals) name them in messages.
Result<unsigned> read_digits(std::string_view in, std::size_t at, std::size_t n, const char* field,
                             const char* shape) {
  unsigned v = 0;
  for (std::size_t i = at; i < at + n; ++i) {
    if (i >= in.size()) {
      return defer<[](std::size_t ends, StaticText f, StaticText sh) {
        return fmt::format("the text ends after {} bytes, in the {} ({})", ends, f.text, sh.text);
      }>(ErrorCode::kTruncated, i, i, StaticText{field}, StaticText{shape});
    }
    if (!internal::is_digit(in[i])) {
      return defer<[](StaticText f, StaticText sh, char c) {
        return fmt::format("expected a digit of the {} ({}), found {}", f.text, sh.text,
                           internal::quote_byte(c));
      }>(ErrorCode::kBadCharacter, i, StaticText{field}, StaticText{shape}, in[i]);
    }
    v = v * 10 + static_cast<unsigned>(in[i] - '0');
  }
  return v;
}

// `between` is a literal.
Result<void> read_delimiter(std::string_view in, std::size_t at, char want, const char* between) {
  if (at >= in.size()) {
    return defer<[](std::size_t ends, char w, StaticText b) {
      return fmt::format("the text ends after {} bytes, expected '{}' {}", ends, w, b.text);
    }>(ErrorCode::kTruncated, at, at, want, StaticText{between});
  }
  if (in[at] != want) {
    return defer<[](char w, StaticText b, char c) {
      return fmt::format("expected '{}' {}, found {}", w, b.text, internal::quote_byte(c));
    }>(ErrorCode::kBadDelimiter, at, want, StaticText{between}, in[at]);
  }
  return {};
}

// A field's value `v` above its range: "<name> <v:02> does not exist: <range>".
template <std::size_t N>
DeferredError no_such(std::size_t at, const char (&name)[N], unsigned v, const char* range) {
  return defer<[](StaticText n, unsigned value, StaticText r) {
    return fmt::format("{} {:02} does not exist: {}", n.text, value, r.text);
  }>(ErrorCode::kOutOfRange, at, StaticText{name}, v, StaticText{range});
}

std::string no_such_day(unsigned day, unsigned month, unsigned year) {
  const unsigned last = days_in_month(year, month);
  std::string why = day == 0 ? std::string("days start at 01")
                             : fmt::format("{} {:04} has {} days", kMonthNames[month], year, last);
  if (month == 2 && day == 29) why += fmt::format(" ({:04} is not a leap year)", year);
  return fmt::format("day {:02} of {} {:04} does not exist: {}", day, kMonthNames[month], year,
                     why);
}

// The message of a key whose 'Z' at byte `at` is `found` instead.
std::string not_z(std::size_t at, char found, std::string_view why) {
  return fmt::format("expected 'Z' at byte {}, found {}: {}", at, internal::quote_byte(found), why);
}

Error out_of_range(std::size_t at, std::string message) {
  return make_error(ErrorCode::kOutOfRange, at, std::move(message));
}

// "YYYY-MM-DDTHH:MM:SS", every field checked against its range.
Result<Fields> read_date_time(std::string_view in, Mode mode) {
  Fields f;
  auto year = read_digits(in, 0, 4, "year", "4 digits, YYYY");
  if (!year) return year.error_as<Fields>();
  f.year = *year;
  if (mode == Mode::kKey && f.year == 0) {
    return defer_text(ErrorCode::kOutOfRange, 0,
                      "year 0000 is outside 0001..9999, the years a timestamp key holds");
  }
  if (auto ok = read_delimiter(in, 4, '-', "between the year and the month"); !ok)
    return ok.error_as<Fields>();
  auto month = read_digits(in, 5, 2, "month", "2 digits, 01 to 12");
  if (!month) return month.error_as<Fields>();
  f.month = *month;
  if (f.month < 1 || f.month > 12) return no_such(5, "month", f.month, "months run from 01 to 12");
  if (auto ok = read_delimiter(in, 7, '-', "between the month and the day"); !ok)
    return ok.error_as<Fields>();
  auto day = read_digits(in, 8, 2, "day", "2 digits");
  if (!day) return day.error_as<Fields>();
  f.day = *day;
  if (f.day < 1 || f.day > days_in_month(f.year, f.month)) {
    return defer<no_such_day>(ErrorCode::kOutOfRange, 8, f.day, f.month, f.year);
  }
  if (10 >= in.size()) {
    return defer_text(ErrorCode::kTruncated, 10,
                      "the text ends after 10 bytes, expected 'T' and the time HH:MM:SS after "
                      "the date");
  }
  if (in[10] != 'T' && !(mode == Mode::kRfc3339 && in[10] == 't')) {
    if (in[10] == 't') {
      return defer_text(ErrorCode::kNonCanonical, 10,
                        "expected an uppercase 'T' between the date and the time, found 't'");
    }
    return defer<[](char c) {
      return fmt::format("expected 'T' between the date and the time, found {}",
                         internal::quote_byte(c));
    }>(ErrorCode::kBadDelimiter, 10, in[10]);
  }
  auto hour = read_digits(in, 11, 2, "hour", "2 digits, 00 to 23");
  if (!hour) return hour.error_as<Fields>();
  f.hour = *hour;
  if (f.hour > 23) return no_such(11, "hour", f.hour, "hours run from 00 to 23");
  if (auto ok = read_delimiter(in, 13, ':', "between the hour and the minute"); !ok)
    return ok.error_as<Fields>();
  auto minute = read_digits(in, 14, 2, "minute", "2 digits, 00 to 59");
  if (!minute) return minute.error_as<Fields>();
  f.minute = *minute;
  if (f.minute > 59) return no_such(14, "minute", f.minute, "minutes run from 00 to 59");
  if (auto ok = read_delimiter(in, 16, ':', "between the minute and the second"); !ok)
    return ok.error_as<Fields>();
  auto second = read_digits(in, 17, 2, "second", "2 digits, 00 to 59");
  if (!second) return second.error_as<Fields>();
  f.second = *second;
  if (f.second == 60) {
    return defer_text(ErrorCode::kOutOfRange, 17,
                      "second 60 is a leap second, which Unix time (and so sortkey) cannot "
                      "represent; use 59.999999999 or the next minute's 00");
  }
  if (f.second > 59) return no_such(17, "second", f.second, "seconds run from 00 to 59");
  return f;
}

std::int64_t unix_seconds(const Fields& f) {
  return days_from_civil(f.year, f.month, f.day) * kSecondsPerDay + f.hour * 3600 + f.minute * 60 +
         f.second;
}

bool is_offset_sign(char c) { return c == '+' || c == '-'; }

// ---------------------------------------------------------------------------
// Display formats: what parse_rfc3339 says when strict parsing failed and the
// text looks like a date written for people. Only runs on failure.

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

constexpr std::string_view kExample = "2026-06-23T00:00:00Z";

struct Token {
  std::string_view text;
  std::size_t at;
  bool digits;
};

// Runs of letters and runs of digits; everything else separates.
std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < text.size()) {
    const bool digit = internal::is_digit(text[i]);
    if (!digit && !is_alpha(text[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && (digit ? internal::is_digit(text[j]) : is_alpha(text[j]))) ++j;
    out.push_back(Token{text.substr(i, j - i), i, digit});
    i = j;
  }
  return out;
}

// 1..12 for a month name or its 3-letter abbreviation (any case, "Sept" too), else 0.
unsigned month_from_name(std::string_view word) {
  if (word.size() < 3) return 0;
  std::string w;
  for (char c : word) w += lower(c);
  for (unsigned m = 1; m <= 12; ++m) {
    std::string name;
    for (const char* p = kMonthNames[m]; *p != '\0'; ++p) name += lower(*p);
    if (w == name || w == name.substr(0, 3) || (m == 9 && w == "sept")) return m;
  }
  return 0;
}

unsigned to_number(std::string_view digits) {
  unsigned v = 0;
  for (char c : digits) v = v * 10 + static_cast<unsigned>(c - '0');
  return v;
}

bool valid_date(unsigned y, unsigned m, unsigned d) {
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= days_in_month(y, m);
}

std::string iso_date(unsigned y, unsigned m, unsigned d) {
  return fmt::format("{:04}-{:02}-{:02}", y, m, d);
}

std::string display_format_message(std::string_view text, std::optional<std::string> date) {
  if (date) {
    return fmt::format(
        "display format: {} does not sort as text; write RFC 3339 in UTC with a time and an "
        "offset, e.g. {}T00:00:00Z",
        internal::quote_text(text), *date);
  }
  return fmt::format("display format: {} is not RFC 3339 and does not sort as text; write e.g. {}",
                     internal::quote_text(text), kExample);
}

// "May 26, 1988", "26 May 1988", "Thu, 26 May 1988 00:00:00 GMT", "Thursday".
std::optional<Error> diagnose_words(std::string_view text, const std::vector<Token>& tokens) {
  std::size_t month_at = tokens.size();
  bool any_word = false;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].digits || tokens[i].text.size() < 2) continue;
    any_word = true;
    if (month_from_name(tokens[i].text) != 0) {
      month_at = i;
      break;
    }
  }
  if (!any_word) return std::nullopt;
  std::optional<std::string> date;
  if (month_at < tokens.size()) {
    const unsigned month = month_from_name(tokens[month_at].text);
    auto short_number = [&](std::size_t i) {
      return i < tokens.size() && tokens[i].digits && tokens[i].text.size() <= 2;
    };
    std::size_t day_at = tokens.size();
    if (short_number(month_at + 1)) {
      day_at = month_at + 1;
    } else if (month_at > 0 && short_number(month_at - 1)) {
      day_at = month_at - 1;
    }
    std::size_t year_at = tokens.size();
    for (std::size_t i = month_at + 1; i < tokens.size(); ++i) {
      if (tokens[i].digits && tokens[i].text.size() == 4) {
        year_at = i;
        break;
      }
    }
    if (day_at < tokens.size() && year_at < tokens.size()) {
      const unsigned year = to_number(tokens[year_at].text);
      const unsigned day = to_number(tokens[day_at].text);
      if (valid_date(year, month, day)) date = iso_date(year, month, day);
    }
  }
  return make_error(ErrorCode::kBadFormat, 0, display_format_message(text, date));
}

// "6/23/2026", "23.06.2026", "6/7/2026", "2026/06/23", "6/23/26", "2026-6-23".
std::optional<Error> diagnose_numeric_date(std::string_view text,
                                           const std::vector<Token>& tokens) {
  if (tokens.size() < 3 || !tokens[0].digits || !tokens[1].digits || !tokens[2].digits)
    return std::nullopt;
  if (tokens[0].at != 0) return std::nullopt;
  const std::size_t sep_at = tokens[0].at + tokens[0].text.size();
  const char sep = text[sep_at];
  if (sep != '/' && sep != '.' && sep != '-') return std::nullopt;
  // The same single separator between the three fields.
  if (tokens[1].at != sep_at + 1 || tokens[2].at != tokens[1].at + tokens[1].text.size() + 1 ||
      text[tokens[1].at + tokens[1].text.size()] != sep) {
    return std::nullopt;
  }
  const std::string_view a = tokens[0].text, b = tokens[1].text, c = tokens[2].text;
  if (a.size() > 4 || b.size() > 4 || c.size() > 4) return std::nullopt;
  const unsigned x = to_number(a), y = to_number(b), z = to_number(c);

  if (a.size() == 4) {  // year first
    std::optional<std::string> date;
    if (valid_date(x, y, z)) date = iso_date(x, y, z);
    if (sep == '-') {
      if (b.size() == 2 && c.size() == 2)
        return std::nullopt;  // ISO date: the strict error says the rest
      const std::size_t at = b.size() != 2 ? tokens[1].at : tokens[2].at;
      return make_error(
          ErrorCode::kBadFormat, at,
          fmt::format("the month and the day must have two digits each (YYYY-MM-DD){}",
                      date ? fmt::format(": write {}", *date) : std::string()));
    }
    return make_error(ErrorCode::kBadFormat, 0, display_format_message(text, date));
  }
  if (c.size() == 2 || c.size() == 1) {
    return make_error(
        ErrorCode::kAmbiguous, 0,
        fmt::format("ambiguous: {} has a two-digit year (19{:02}? 20{:02}?) and may be "
                    "month/day or day/month; write RFC 3339 with a four-digit year, e.g. {}",
                    internal::quote_text(text), z, z, kExample));
  }
  if (c.size() != 4) return std::nullopt;
  // Year last: month/day (US) or day/month (most of the world).
  const bool md = valid_date(z, x, y), dm = valid_date(z, y, x);
  if (md && dm && x != y) {
    return make_error(ErrorCode::kAmbiguous, 0,
                      fmt::format("ambiguous: {} could be {} {} or {} {}; write RFC 3339, e.g. "
                                  "{}T00:00:00Z or {}T00:00:00Z",
                                  internal::quote_text(text), kMonthNames[x], y, kMonthNames[y], x,
                                  iso_date(z, x, y), iso_date(z, y, x)));
  }
  std::optional<std::string> date;
  if (md) date = iso_date(z, x, y);
  if (dm) date = iso_date(z, y, x);
  return make_error(ErrorCode::kBadFormat, 0, display_format_message(text, date));
}

// The text begins like RFC 3339 but breaks its shape in a way people often do.
std::optional<Error> diagnose_near_rfc3339(std::string_view text) {
  auto byte_at = [&](std::size_t at) { return at < text.size() ? text[at] : '\0'; };
  auto digits_at = [&](std::size_t at, std::size_t n) {
    if (at + n > text.size()) return false;
    for (std::size_t i = at; i < at + n; ++i) {
      if (!internal::is_digit(text[i])) return false;
    }
    return true;
  };
  // ISO 8601 basic format: 20260623 or 20260623T000000Z.
  if (digits_at(0, 8) && (text.size() == 8 || text[8] == 'T' || text[8] == 't')) {
    const unsigned y = to_number(text.substr(0, 4)), m = to_number(text.substr(4, 2)),
                   d = to_number(text.substr(6, 2));
    return make_error(
        ErrorCode::kBadFormat, 0,
        fmt::format("ISO 8601 basic format: write the extended format with '-' and ':', "
                    "e.g. {}T00:00:00Z",
                    valid_date(y, m, d) ? iso_date(y, m, d) : std::string("2026-06-23")));
  }
  bool all_digits = !text.empty();
  for (char c : text) all_digits = all_digits && internal::is_digit(c);
  if (all_digits) {
    return make_error(
        ErrorCode::kBadFormat, 0,
        fmt::format("a bare number is not RFC 3339 text; epoch counts belong to the epoch "
                    "codec. Write e.g. {}",
                    kExample));
  }
  const bool date = digits_at(0, 4) && byte_at(4) == '-' && digits_at(5, 2) && byte_at(7) == '-' &&
                    digits_at(8, 2);
  if (!date) return std::nullopt;
  const unsigned y = to_number(text.substr(0, 4)), m = to_number(text.substr(5, 2)),
                 d = to_number(text.substr(8, 2));
  if (!valid_date(y, m, d) &&
      !(y == 0 && m >= 1 && m <= 12 && d >= 1 && d <= days_in_month(0, m))) {
    return std::nullopt;  // the strict error names the field
  }
  const std::string iso = iso_date(y, m, d);
  if (text.size() == 10) {
    return make_error(
        ErrorCode::kBadFormat, 10,
        fmt::format("a date without a time: an instant needs a time and an offset, e.g. "
                    "{}T00:00:00Z",
                    iso));
  }
  if (text[10] == ' ' || text[10] == '_') {
    return make_error(
        ErrorCode::kBadFormat, 10,
        fmt::format("expected 'T' between the date and the time, found {}: write e.g. "
                    "{}T00:00:00Z",
                    internal::quote_byte(text[10]), iso));
  }
  if (text[10] != 'T' && text[10] != 't') return std::nullopt;
  // Time fields of one digit ("T9:05:00Z") or a time without seconds ("T10:30Z").
  std::size_t i = 11;
  std::vector<std::size_t> widths;
  while (widths.size() < 3) {
    std::size_t j = i;
    while (j < text.size() && internal::is_digit(text[j])) ++j;
    widths.push_back(j - i);
    if (j >= text.size() || text[j] != ':') break;
    i = j + 1;
  }
  for (std::size_t k = 0, at = 11; k < widths.size(); at += widths[k] + 1, ++k) {
    if (widths[k] == 1) {
      return make_error(
          ErrorCode::kBadFormat, at,
          fmt::format("the hour, minute and second must have two digits each (HH:MM:SS), e.g. "
                      "{}T09:05:00Z",
                      iso));
    }
  }
  if (widths.size() == 2 && widths[0] == 2 && widths[1] == 2) {
    return make_error(ErrorCode::kBadFormat, 16,
                      fmt::format("a time without seconds: RFC 3339 needs HH:MM:SS, e.g. {}T{}:00Z",
                                  iso, text.substr(11, 5)));
  }
  return std::nullopt;
}

std::optional<Error> diagnose(std::string_view text) {
  if (read_date_time(text, Mode::kRfc3339)) {
    // The date and the time are right; what follows them is not.
    std::size_t i = kDateTimeLength;
    if (i < text.size() && text[i] == '.') {
      ++i;
      while (i < text.size() && internal::is_digit(text[i])) ++i;
    }
    if (i < text.size() && text[i] == ' ') {
      return make_error(
          ErrorCode::kBadFormat, i,
          "a space after the time: write 'Z' (UTC) or an offset such as +02:00 right after the "
          "seconds; zone names (UTC, GMT, CET) are not RFC 3339");
    }
    return std::nullopt;
  }
  const std::vector<Token> tokens = tokenize(text);
  if (auto e = diagnose_words(text, tokens)) return e;
  if (auto e = diagnose_numeric_date(text, tokens)) return e;
  return diagnose_near_rfc3339(text);
}

Result<Instant> parse_strict_rfc3339(std::string_view text) {
  if (text.empty())
    return make_error(ErrorCode::kEmpty, 0,
                      fmt::format("empty text; expected RFC 3339, e.g. {}", kExample));
  auto f = read_date_time(text, Mode::kRfc3339);
  if (!f) return f.error_as<Instant>();
  std::size_t i = kDateTimeLength;
  std::uint32_t nanos = 0;
  if (i < text.size() && text[i] == '.') {
    std::size_t n = 0;
    ++i;
    while (i + n < text.size() && internal::is_digit(text[i + n])) {
      if (n == 9) {
        return make_error(ErrorCode::kBadLength, i + n,
                          "more than 9 fraction digits: sortkey keeps nanoseconds and never rounds "
                          "silently; cut the fraction to at most 9 digits");
      }
      nanos = nanos * 10 + static_cast<std::uint32_t>(text[i + n] - '0');
      ++n;
    }
    if (n == 0) {
      if (i == text.size()) return truncated(i, "expected fraction digits after '.'");
      return make_error(ErrorCode::kBadCharacter, i,
                        fmt::format("expected a fraction digit after '.', found {}",
                                    internal::quote_byte(text[i])));
    }
    nanos *= kPow10[9 - n];
    i += n;
  }
  if (i == text.size()) {
    const std::string_view local = text.substr(0, i);
    return make_error(
        ErrorCode::kAmbiguous, i,
        fmt::format("no offset: {} is local time in an unknown zone; add 'Z' if it is UTC "
                    "({}Z) or its offset (e.g. +02:00)",
                    local, local));
  }
  std::int64_t offset_seconds = 0;
  const char c = text[i];
  if (c == 'Z' || c == 'z') {
    ++i;
  } else if (is_offset_sign(c)) {
    const std::size_t at = i;
    auto hours = read_digits(text, at + 1, 2, "offset hours", "2 digits, 00 to 23");
    if (!hours) return hours.error_as<Instant>();
    if (*hours > 23)
      return out_of_range(at + 1, fmt::format("offset hour {:02} is above 23", *hours));
    if (at + 3 < text.size() && internal::is_digit(text[at + 3])) {
      return make_error(
          ErrorCode::kBadFormat, at + 3,
          fmt::format("an offset without ':': write it as {}{}:{}", c, text.substr(at + 1, 2),
                      text.substr(at + 3, std::min<std::size_t>(2, text.size() - at - 3))));
    }
    if (auto ok = read_delimiter(text, at + 3, ':', "between the offset's hours and minutes"); !ok)
      return ok.error_as<Instant>();
    auto minutes = read_digits(text, at + 4, 2, "offset minutes", "2 digits, 00 to 59");
    if (!minutes) return minutes.error_as<Instant>();
    if (*minutes > 59)
      return out_of_range(at + 4, fmt::format("offset minute {:02} is above 59", *minutes));
    offset_seconds = (c == '+' ? 1 : -1) * static_cast<std::int64_t>(*hours * 3600 + *minutes * 60);
    i = at + 6;
  } else {
    return make_error(
        ErrorCode::kBadDelimiter, i,
        fmt::format("expected {}'Z' or an offset (+hh:mm or -hh:mm) after the seconds, found {}",
                    i == kDateTimeLength ? "'.' and a fraction, " : "", internal::quote_byte(c)));
  }
  if (i != text.size()) {
    return make_error(
        ErrorCode::kTrailingBytes, i,
        fmt::format("expected the end of the text after the offset, found {} more bytes",
                    text.size() - i));
  }
  // Local time minus its offset is UTC: 01:30+02:00 is 23:30Z of the day before.
  return Instant{unix_seconds(*f) - offset_seconds, nanos};
}

}  // namespace

Instant truncate_instant(Instant t, int precision) {
  const std::uint32_t unit = kPow10[static_cast<std::size_t>(9 - precision)];
  return Instant{t.seconds, t.nanos / unit * unit};
}

Result<void> append_timestamp(std::string& out, Instant t, int precision) {
  if (auto ok = check_precision(precision); !ok) return ok.error();
  if (auto ok = check_instant(t); !ok) return ok.error();
  const DaySecond ds = split_seconds(t.seconds);
  const CivilDate date = civil_from_days(ds.day);
  const auto sec = static_cast<unsigned>(ds.second);
  const auto year = static_cast<unsigned>(date.year);

  std::array<char, timestamp_key_length(kMaxPrecision)> buf;
  char* p = buf.data();
  p = put2(p, year / 100);
  p = put2(p, year % 100);
  *p++ = '-';
  p = put2(p, date.month);
  *p++ = '-';
  p = put2(p, date.day);
  *p++ = 'T';
  p = put2(p, sec / 3600);
  *p++ = ':';
  p = put2(p, sec / 60 % 60);
  *p++ = ':';
  p = put2(p, sec % 60);
  if (precision > 0) {
    *p++ = '.';
    // The first `precision` of the nine digits: truncation, never rounding.
    std::uint32_t fraction = t.nanos / kPow10[static_cast<std::size_t>(9 - precision)];
    for (int i = precision - 1; i >= 0; --i) {
      p[i] = static_cast<char>('0' + fraction % 10);
      fraction /= 10;
    }
    p += precision;
  }
  *p++ = 'Z';
  out.append(buf.data(), static_cast<std::size_t>(p - buf.data()));
  return {};
}

Result<std::string> encode_timestamp(Instant t, int precision) {
  std::string key;
  if (auto ok = append_timestamp(key, t, precision); !ok) return ok.error();
  return key;
}

Result<Instant> consume_timestamp(std::string_view& in, int precision) {
  if (auto ok = check_precision(precision); !ok) return ok.error();
  auto end_of_key = [precision](std::size_t at) {
    return defer<[](std::size_t ends, int p) {
      return fmt::format(
          "the key ends after {} bytes; a key of precision {} has {} bytes "
          "(YYYY-MM-DDTHH:MM:SS{}{}Z)",
          ends, p, timestamp_key_length(p), p > 0 ? "." : "",
          std::string(static_cast<std::size_t>(p), 'F'));
    }>(ErrorCode::kTruncated, at, at, precision);
  };
  auto f = read_date_time(in, Mode::kKey);
  if (!f) {
    if (f.error_code() == ErrorCode::kTruncated) return end_of_key(f.error_offset());
    return f.error_as<Instant>();
  }
  std::size_t i = kDateTimeLength;
  std::uint32_t nanos = 0;
  if (precision > 0) {
    if (i >= in.size()) return end_of_key(i);
    if (in[i] != '.') {
      if (in[i] == 'Z' || in[i] == 'z' || is_offset_sign(in[i])) {
        return defer<[](int p, char c) {
          return fmt::format(
              "expected '.' and {} fraction digits after the seconds, found {}: keys of "
              "precision {} always have {} fraction digits",
              p, internal::quote_byte(c), p, p);
        }>(ErrorCode::kNonCanonical, i, precision, in[i]);
      }
      return defer<[](int p, char c) {
        return fmt::format("expected '.' and {} fraction digits after the seconds, found {}", p,
                           internal::quote_byte(c));
      }>(ErrorCode::kBadDelimiter, i, precision, in[i]);
    }
    ++i;
    for (std::size_t n = 0; n < static_cast<std::size_t>(precision); ++n, ++i) {
      if (i >= in.size()) return end_of_key(i);
      if (!internal::is_digit(in[i])) {
        const bool early_end = in[i] == 'Z' || in[i] == 'z' || is_offset_sign(in[i]);
        return defer<[](std::size_t digit, int p, char c) {
          return fmt::format("expected fraction digit {} of {}, found {}", digit, p,
                             internal::quote_byte(c));
        }>(early_end ? ErrorCode::kNonCanonical : ErrorCode::kBadCharacter, i, n + 1, precision,
           in[i]);
      }
      nanos = nanos * 10 + static_cast<std::uint32_t>(in[i] - '0');
    }
    nanos *= kPow10[static_cast<std::size_t>(9 - precision)];
  }
  if (i >= in.size()) return end_of_key(i);
  if (in[i] != 'Z') {
    const char c = in[i];
    if (internal::is_digit(c)) {
      return defer<[](std::size_t at, char found, int p) {
        return not_z(at, found, fmt::format("the key has more than {} fraction digits", p));
      }>(ErrorCode::kNonCanonical, i, i, c, precision);
    }
    ErrorCode code = ErrorCode::kNonCanonical;
    const char* why = "every key ends in 'Z'";
    if (c == '.' && precision == 0) {
      why = "keys of precision 0 have no fraction";
    } else if (c == 'z') {
      why = "keys end in an uppercase 'Z'";
    } else if (is_offset_sign(c)) {
      why = "keys are in UTC and end in 'Z', never an offset; parse_rfc3339 reads offsets";
    } else {
      code = ErrorCode::kBadDelimiter;
    }
    return defer<[](std::size_t at, char found, StaticText w) { return not_z(at, found, w.text); }>(
        code, i, i, c, StaticText{why});
  }
  ++i;
  const Instant t{unix_seconds(*f), nanos};
  in.remove_prefix(i);
  return t;
}

Result<Instant> decode_timestamp(std::string_view key, int precision) {
  std::string_view rest = key;
  auto t = consume_timestamp(rest, precision);
  if (t && !rest.empty()) {
    return defer<[](int p, std::size_t more) {
      return fmt::format("a key of precision {} has exactly {} bytes; this one has {} more", p,
                         timestamp_key_length(p), more);
    }>(ErrorCode::kTrailingBytes, key.size() - rest.size(), precision, rest.size());
  }
  return t;
}

Result<Instant> parse_rfc3339(std::string_view text) {
  auto t = parse_strict_rfc3339(text);
  if (t || t.error_code() == ErrorCode::kAmbiguous || t.error_code() == ErrorCode::kBadLength)
    return t;
  if (auto better = diagnose(text)) return *better;
  return t;
}

}  // namespace sortkey
