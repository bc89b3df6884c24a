// File: tools/option_checks.h
//
// What every option of the `sortkey` command means by what was typed:
// integers are decimal ("010" is 10; "0x10", "1e3", "" and out-of-range
// values are errors, never octal, never clamped), and an option that takes
// a value refuses an empty one. CLI11 reports a refusal as a usage error
// naming the option (exit 2).
//
// Example:
//   sub->add_option("--width", width, "key width")->transform(decimal<int>());
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

namespace sortkey::cli {

// An integer of type T written in decimal: an optional '-' (for signed T)
// and digits; leading zeros are dropped before CLI11 converts it.
template <class T>
CLI::Validator decimal() {
  static_assert(std::is_integral_v<T>);
  return CLI::Validator(
      [](std::string& text) -> std::string {
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
        if (ec != std::errc() || end != digits.data() + digits.size()) {
          return "must be between " + std::to_string(std::numeric_limits<T>::min()) + " and " +
                 std::to_string(std::numeric_limits<T>::max()) + ", got " + text;
        }
        text = digits;
        return {};
      },
      "DECIMAL", "decimal");
}

// A decimal integer (after decimal<T>()) between `lo` and `hi`; the message
// names the bounds and, after them, `unit` (" fraction digits").
inline CLI::Validator within(long long lo, long long hi, std::string unit = "") {
  return CLI::Validator(
      [lo, hi, unit](std::string& text) -> std::string {
        long long v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec == std::errc() && end == text.data() + text.size() && v >= lo && v <= hi) return {};
        return "must be between " + std::to_string(lo) + " and " + std::to_string(hi) + unit +
               ", got " + text;
      },
      "", "within");
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
        return "must be " + list + ", got \"" + printable(text) + "\"";
      },
      "", "one of");
}

// A finite number: CLI11's Range lets "nan" through (no comparison with NaN
// is false), and a budget of NaN seconds would never be spent. Goes before
// the Range: `->check(finite() & CLI::Range(1.0, 60.0))`.
inline CLI::Validator finite() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec == std::errc() && end == text.data() + text.size() && std::isfinite(v)) return {};
        return "must be a finite number, got \"" + printable(text) + "\"";
      },
      "", "finite");
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
