#include "design/import/attributes.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <regex>
#include <set>

#include "design/import/model.h"

namespace sortkey::design_import {

namespace {

constexpr std::int64_t kGuessMaxInteger = 999999999999999;  // 15 digits: exact in a double
constexpr std::size_t kGuessMaxLength = 64;                 // the design format's longest string

bool guess_integer(const std::string& text, std::int64_t& out) {
  static const std::regex integer(R"(-?(0|[1-9][0-9]{0,14}))");
  if (!std::regex_match(text, integer)) return false;
  out = std::stoll(text);
  return out >= -kGuessMaxInteger && out <= kGuessMaxInteger;
}

std::int64_t guess_ceiling(std::int64_t v) {
  std::int64_t c = 9;
  while (c < v && c < kGuessMaxInteger) c = c * 10 + 9;
  return c;
}

AttributeGuess guess_number(const std::vector<SampleValue>& values) {
  AttributeGuess g;
  std::int64_t lo = 0;
  std::int64_t hi = 0;
  for (const SampleValue& v : values) {
    std::int64_t n = 0;
    if (!guess_integer(v.text, n)) {
      g.comments.push_back(fmt::format(
          "left out: the number {} is not an integer of at most 15 digits, and the design "
          "format has integers only",
          yaml_quoted(v.text)));
      return g;
    }
    lo = std::min(lo, n);
    hi = std::max(hi, n);
  }
  const std::int64_t lowest = lo < 0 ? -guess_ceiling(-lo) : 0;
  const std::int64_t highest = guess_ceiling(std::max<std::int64_t>(hi, -lo));
  g.usable = true;
  g.type = SampleType::kInteger;
  g.settings = fmt::format("{{type: integer, range: [{}, {}]}}", lowest, highest);
  g.comments.push_back(fmt::format(
      "range: the samples' {} to {}, widened to their digits; declare the real domain", lo, hi));
  return g;
}

// RFC 3339 in UTC as the design format writes a timestamp: the fraction's
// digits are the precision.
bool guess_timestamp(const std::vector<SampleValue>& values, int& precision, std::string& lo,
                     std::string& hi) {
  static const std::regex instant(
      R"(([0-9]{4})-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.([0-9]{1,9}))?Z)");
  precision = -1;
  for (const SampleValue& v : values) {
    std::smatch m;
    if (!std::regex_match(v.text, m, instant)) return false;
    const int p = static_cast<int>(m[3].length());
    if (precision >= 0 && p != precision) return false;
    precision = p;
    const std::string year = m[1];
    if (lo.empty() || year < lo) lo = year;
    if (hi.empty() || year > hi) hi = year;
  }
  return !values.empty();
}

std::string guess_id_format(const std::vector<SampleValue>& values) {
  static const std::regex uuid(R"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})");
  static const std::regex ulid(R"([0-7][0-9A-HJKMNP-TV-Z]{25})");
  const auto all = [&](const std::regex& r) {
    return std::all_of(values.begin(), values.end(),
                       [&](const SampleValue& v) { return std::regex_match(v.text, r); });
  };
  if (all(uuid)) return "uuid";
  if (all(ulid)) return "ulid";
  return "";
}

AttributeGuess guess_string(const std::vector<SampleValue>& values, bool discriminator) {
  AttributeGuess g;
  g.usable = true;
  int precision = 0;
  std::string lo;
  std::string hi;
  if (guess_timestamp(values, precision, lo, hi)) {
    g.settings = fmt::format(
        "{{type: timestamp, range: [\"{}-01-01T00:00:00Z\", \"{}-12-31T23:59:59Z\"], precision: "
        "{}}}",
        lo, hi, precision);
    g.comments.push_back("range: the years of the samples; declare the real domain");
    return g;
  }
  if (const std::string id = guess_id_format(values); !id.empty()) {
    g.settings = fmt::format("{{type: id, format: {}}}", id);
    return g;
  }
  std::set<std::string> seen;
  std::size_t longest = 0;
  bool digits = true;
  for (const SampleValue& v : values) {
    seen.insert(v.text);
    longest = std::max(longest, v.text.size());
    digits = digits && !v.text.empty() &&
             std::all_of(v.text.begin(), v.text.end(), [](char c) { return c >= '0' && c <= '9'; });
  }
  if (discriminator) {
    std::string list;
    for (const std::string& s : seen) list += (list.empty() ? "" : ", ") + yaml_quoted(s);
    g.settings = fmt::format("{{type: enum, values: [{}]}}", list);
    return g;
  }
  if (longest > kGuessMaxLength) {
    g.comments.push_back(fmt::format("a sample holds {} bytes: cut to the design format's {}",
                                     longest, kGuessMaxLength));
  }
  const std::size_t max_length = std::clamp<std::size_t>(longest, 8, kGuessMaxLength);
  g.settings = fmt::format("{{type: string, alphabet: {}, length: [1, {}]}}",
                           digits ? "digits" : "text", max_length);
  g.comments.push_back(
      digits ? "alphabet: digits, as every sample; widen it if the application accepts more"
             : "alphabet: any text, # and $ included, as an application may accept; narrow it "
               "to what it really accepts");
  return g;
}

}  // namespace

AttributeGuess guess_attribute(const std::vector<SampleValue>& values, bool discriminator) {
  const char type = values.front().type;
  for (const SampleValue& v : values) {
    if (v.type != type) {
      AttributeGuess g;
      g.comments.push_back("left out: its samples are of several types");
      return g;
    }
  }
  if (type == 'N') return guess_number(values);
  if (type == 'S') return guess_string(values, discriminator);
  AttributeGuess g;
  if (type == 'B') {
    g.usable = true;
    g.settings = "{type: boolean}";
    return g;
  }
  g.comments.push_back(
      "left out: a map, list, set or binary value, which no key of the design format holds");
  return g;
}

}  // namespace sortkey::design_import
