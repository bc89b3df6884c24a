#include "support/color.h"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>

namespace sortkey::support {
namespace {

std::atomic<ColorMode> g_color_mode{ColorMode::kAuto};

bool env_set(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0';
}

}  // namespace

std::optional<ColorMode> parse_color_mode(std::string_view text) {
  if (text == "auto") return ColorMode::kAuto;
  if (text == "always") return ColorMode::kAlways;
  if (text == "never") return ColorMode::kNever;
  return std::nullopt;
}

void set_color_mode(ColorMode mode) { g_color_mode = mode; }

bool colors(std::FILE* out) {
  switch (g_color_mode.load()) {
    case ColorMode::kAlways:
      return true;
    case ColorMode::kNever:
      return false;
    case ColorMode::kAuto:
      break;
  }
  if (out == nullptr || env_set("NO_COLOR")) return false;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::strcmp(term, "dumb") == 0) return false;
  return isatty(fileno(out)) == 1;
}

std::string paint(std::FILE* out, Paint paint, std::string_view text) {
  if (!colors(out)) return std::string(text);
  const char* start = paint == Paint::kGood  ? "\033[1;32m"
                      : paint == Paint::kBad ? "\033[1;31m"
                                             : "\033[1;33m";
  return start + std::string(text) + "\033[0m";
}

}  // namespace sortkey::support
