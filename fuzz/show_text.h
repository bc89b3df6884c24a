// File: fuzz/show_text.h
//
// Text as a failure report shows it: quoted with show_key's escapes, and,
// when it is non-ASCII UTF-8, followed by its code points, so that a name or
// a segment reads as characters, not bytes: "\xC3\xA9a" [U+00E9 U+0061].

#ifndef SORTKEY_FUZZ_SHOW_TEXT_H_
#define SORTKEY_FUZZ_SHOW_TEXT_H_

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <vector>

#include "oracles/naive_casefold.h"
#include "properties/props/common.h"

namespace sortkey::fuzz {

inline std::string show_text(std::string_view text) {
  std::string out = props::show_key(text);
  bool ascii = true;
  for (char c : text) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
  if (ascii || !oracle::is_valid_utf8(text)) return out;
  out += " [";
  for (char32_t c : oracle::code_points(text)) {
    out += fmt::format("{}U+{:04X}", out.back() == '[' ? "" : " ", static_cast<unsigned>(c));
  }
  return out + "]";
}

// A path: its segments as show_text shows them.
inline std::string show_segments(const std::vector<std::string>& path) {
  std::string out = "(";
  for (std::size_t i = 0; i < path.size(); ++i) out += (i ? ", " : "") + show_text(path[i]);
  return out + ")";
}

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_SHOW_TEXT_H_
