#include "sortkey/error.h"

#include <fmt/format.h>
#include <unicode/utf8.h>

#include <cstdint>

namespace sortkey {

std::string_view to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::kEmpty:
      return "empty";
    case ErrorCode::kBadLength:
      return "bad length";
    case ErrorCode::kBadCharacter:
      return "bad character";
    case ErrorCode::kOutOfRange:
      return "out of range";
    case ErrorCode::kNonCanonical:
      return "non-canonical";
    case ErrorCode::kBadDelimiter:
      return "bad delimiter";
    case ErrorCode::kTrailingBytes:
      return "trailing bytes";
    case ErrorCode::kTruncated:
      return "truncated";
    case ErrorCode::kBadParameter:
      return "bad parameter";
    case ErrorCode::kAmbiguous:
      return "ambiguous";
    case ErrorCode::kBadFormat:
      return "bad format";
    case ErrorCode::kOverflow:
      return "overflow";
    case ErrorCode::kUnavailable:
      return "unavailable";
  }
  return "unknown error";
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  const auto* s = reinterpret_cast<const std::uint8_t*>(text.data());
  const auto n = static_cast<std::int32_t>(text.size());
  for (std::int32_t i = 0; i < n;) {
    const std::int32_t start = i;
    UChar32 c = 0;
    U8_NEXT(s, i, n, c);
    if (c < 0) {  // not UTF-8: each byte of the ill-formed part
      for (std::int32_t k = start; k < i; ++k) out += fmt::format("\\x{:02X}", s[k]);
      continue;
    }
    const bool control = c < 0x20 || (c >= 0x7F && c <= 0x9F);
    const bool bidi =
        c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
    if (control && c < 0x80) {
      out += fmt::format("\\x{:02X}", c);
    } else if (control || bidi) {
      out += fmt::format("\\u{{{:04X}}}", c);
    } else if (c == '\\') {
      out += "\\\\";
    } else {
      out.append(text.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)));
    }
  }
  return out;
}

std::string describe(const Error& error) {
  return fmt::format("{} at byte {}: {}", to_string(error.code), error.offset, error.message);
}

}  // namespace sortkey
