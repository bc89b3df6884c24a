// File: support/color.h (not installed: what several rooms share)
//
// Colour on a terminal, for the verdict words only (CERTIFIED, NOT
// CERTIFIED, passed, FAILED): never in a file, a pipe or a CI log unless
// asked for, never when NO_COLOR is set (https://no-color.org), and always
// or never as `--color` says.
//
// Example:
//   set_color_mode(ColorMode::kAuto);
//   emit(stdout, paint(stdout, Paint::kGood, "CERTIFIED"));  // green on a terminal

#ifndef SORTKEY_SUPPORT_COLOR_H_
#define SORTKEY_SUPPORT_COLOR_H_

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

namespace sortkey::support {

enum class ColorMode { kAuto, kAlways, kNever };

// "auto", "always" or "never"; none for anything else.
std::optional<ColorMode> parse_color_mode(std::string_view text);

// The mode of the whole process (`--color`); kAuto until set.
void set_color_mode(ColorMode mode);

// Whether text written to `out` is coloured: kAlways yes, kNever no, kAuto
// when `out` is a terminal, NO_COLOR is unset or empty and TERM is not "dumb".
bool colors(std::FILE* out);

enum class Paint { kGood, kBad, kWarn };

// `text` in bold green (kGood), red (kBad) or yellow (kWarn) when colors(out),
// else `text` as it is.
std::string paint(std::FILE* out, Paint paint, std::string_view text);

}  // namespace sortkey::support

#endif  // SORTKEY_SUPPORT_COLOR_H_
