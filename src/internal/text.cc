#include "src/internal/text.h"

#include <fmt/format.h>

namespace sortkey::internal {

std::string quote_byte(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return fmt::format("'{}'", c);
  return fmt::format("0x{:02X}", u);
}

std::string quote_text(std::string_view text) {
  constexpr std::size_t kLimit = 60;
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size() && i < kLimit; ++i) {
    const auto u = static_cast<unsigned char>(text[i]);
    if (u >= 0x20 && u < 0x7f && u != '"' && u != '\\') {
      out += text[i];
    } else {
      out += fmt::format("\\x{:02X}", u);
    }
  }
  out += text.size() > kLimit ? "\"..." : "\"";
  return out;
}

}  // namespace sortkey::internal
