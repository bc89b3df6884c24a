#include "properties/props/common.h"

namespace sortkey::props {

std::string show_key(std::string_view key) {
  std::string out = "\"";
  for (char c : key) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '"' && c != '\\') {
      out += c;
    } else {
      out += fmt::format("\\x{:02X}", u);
    }
  }
  return out + "\"";
}

}  // namespace sortkey::props
