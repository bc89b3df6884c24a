// File: tools/option_checks.h
//
// What every option of the `sortkey` command means by what was typed:
// integers are decimal ("010" is 10; "0x10", "1e3", "" and out-of-range
// values are errors, never octal, never clamped), and an option that takes
// a value refuses an empty one. CLI11 reports a refusal as a usage error
// naming the option (exit 2).
//
// Example:
//   sub->add_option("--width", width, "key width")->transform(decimal<int>(1, 38));
//   sub->add_option("--json", path, "write the certificate")->check(non_empty());

#ifndef SORTKEY_TOOLS_OPTION_CHECKS_H_
#define SORTKEY_TOOLS_OPTION_CHECKS_H_

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "sortkey/error.h"
#include "support/suggest.h"

namespace sortkey::cli {

// An integer of type T written in decimal: an optional '-' (for signed T)
// and digits; leading zeros are dropped before CLI11 converts it. One that is
// not between `lo` and `hi` (by default T's range) is refused with the real
// bounds and, after them, `unit` (" fraction digits"), whether or not it
// also overflows T: "--width: must be between 1 and 38, got 99999999999".
template <class T>
CLI::Validator decimal(T lo = std::numeric_limits<T>::min(), T hi = std::numeric_limits<T>::max(),
                       std::string unit = "") {
  static_assert(std::is_integral_v<T>);
  return CLI::Validator(
      [lo, hi, unit](std::string& text) -> std::string {
        const bool minus = std::is_signed_v<T> && !text.empty() && text[0] == '-';
        std::size_t first = minus ? 1 : 0;
        if (first == text.size() ||
            text.find_first_not_of("0123456789", first) != std::string::npos) {
          return "must be a decimal integer, got \"" + printable(text) + "\"";
        }
        while (first + 1 < text.size() && text[first] == '0') ++first;
        const std::string digits = (minus ? "-" : "") + text.substr(first);
        T value{};
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (ec != std::errc() || end != digits.data() + digits.size() || value < lo || value > hi) {
          return "must be between " + std::to_string(lo) + " and " + std::to_string(hi) + unit +
                 ", got " + text;
        }
        text = digits;
        return {};
      },
      "DECIMAL", "decimal");
}

// A number of seconds written in decimal ("1", "2.5", ".5"; not "1e3",
// "inf" or "nan") between `lo` and `hi`, refused with those bounds as they
// are written: "--budget: must be between 1 and 604800 seconds, got 0".
inline CLI::Validator seconds_within(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& text) -> std::string {
        const auto shown = [](double v) {
          std::string s = std::to_string(v);
          s.erase(s.find_last_not_of('0') + 1);
          if (!s.empty() && s.back() == '.') s.pop_back();
          return s;
        };
        const bool decimal_text = !text.empty() &&
                                  text.find_first_not_of("0123456789.") == std::string::npos &&
                                  text.find_first_of("0123456789") != std::string::npos &&
                                  text.find('.') == text.rfind('.');
        double v = 0;
        if (decimal_text) {
          const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
          if (ec == std::errc() && end == text.data() + text.size() && v >= lo && v <= hi) {
            return {};
          }
        }
        return "must be between " + shown(lo) + " and " + shown(hi) + " seconds, got " +
               printable(text);
      },
      "SECONDS", "seconds");
}

// One of `names`, spelled exactly.
inline CLI::Validator one_of(std::vector<std::string> names) {
  return CLI::Validator(
      [names](std::string& text) -> std::string {
        for (const std::string& n : names) {
          if (n == text) return {};
        }
        std::string list;
        for (std::size_t i = 0; i < names.size(); ++i) {
          list += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
        }
        const std::string hint = support::did_you_mean(text, names);
        return "must be " + list + ", got \"" + printable(text) + "\"" +
               (hint.empty() ? "" : "; " + hint);
      },
      // As CLI::IsMember shows them: "{s,ms,us,ns}" in --help, and the
      // values the shell completions offer (tools/shell_help.cc).
      "{" +
          [&names] {
            std::string list;
            for (const std::string& n : names) list += (list.empty() ? "" : ",") + n;
            return list;
          }() +
          "}",
      "one of");
}

// A value that is not empty.
inline CLI::Validator non_empty() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        return text.empty() ? std::string("must not be empty") : std::string();
      },
      "", "non-empty");
}

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_OPTION_CHECKS_H_
