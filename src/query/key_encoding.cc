#include "src/query/key_encoding.h"

namespace sortkey::internal {

void append_escaped(std::string& out, std::string_view bytes) {
  for (char c : bytes) {
    out += c;
    if (c == '\0') out += '\xFF';
  }
}

void append_key_component(std::string& out, const AttributeValue& v) {
  if (v.type() == AttributeType::kN) {
    append_number(out, v.as_number());
  } else {
    append_escaped(out, v.as_string());
  }
  out += '\0';
  out += '\0';
}

std::optional<std::string> prefix_successor(std::string_view prefix) {
  std::string s(prefix);
  while (!s.empty() && static_cast<unsigned char>(s.back()) == 0xFF) s.pop_back();
  if (s.empty()) return std::nullopt;
  s.back() = static_cast<char>(static_cast<unsigned char>(s.back()) + 1);
  return s;
}

}  // namespace sortkey::internal
