#include "codecs/id_commands.h"

#include <fmt/format.h>

namespace sortkey::cli {

void add_id_commands(CLI::App& app, Context& ctx) {
  add_ksuid_tool(app, ctx);
  add_ulid_tool(app, ctx);
}

Result<std::vector<std::uint8_t>> parse_hex(std::string_view text, std::size_t size) {
  auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (digit(text[i]) < 0) {
      return make_error(ErrorCode::kBadCharacter, i,
                        fmt::format("expected a hexadecimal digit, found '{}'", text[i]));
    }
  }
  if (text.size() != 2 * size) {
    return make_error(ErrorCode::kBadLength, std::min(text.size(), 2 * size),
                      fmt::format("expected {} hexadecimal digits ({} bytes), got {}", 2 * size,
                                  size, text.size()));
  }
  std::vector<std::uint8_t> out(size);
  for (std::size_t i = 0; i < size; ++i) {
    out[i] = static_cast<std::uint8_t>(digit(text[2 * i]) * 16 + digit(text[2 * i + 1]));
  }
  return out;
}

std::string to_hex(const std::uint8_t* data, std::size_t size) {
  std::string out;
  out.reserve(2 * size);
  for (std::size_t i = 0; i < size; ++i) out += fmt::format("{:02X}", data[i]);
  return out;
}

}  // namespace sortkey::cli
