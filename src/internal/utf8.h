// Private UTF-8 helpers shared by the codecs that carry text (names,
// composite keys). Validation is ICU's (U8_NEXT, strict since ICU 60: no
// overlong forms, no surrogates, nothing above U+10FFFF).

#ifndef SORTKEY_INTERNAL_UTF8_H_
#define SORTKEY_INTERNAL_UTF8_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace sortkey::internal {

inline constexpr std::size_t kValidUtf8 = std::string_view::npos;

// The offset of the first byte of the first ill-formed sequence in `text`,
// or kValidUtf8 if `text` is well-formed UTF-8.
std::size_t find_invalid_utf8(std::string_view text);

// A sentence naming the ill-formed sequence that starts at `offset`, e.g.
// "invalid UTF-8: 0xC3 0x28 is not a well-formed sequence".
// REQUIRES: offset < text.size().
std::string describe_invalid_utf8(std::string_view text, std::size_t offset);

// The start of the code point that holds byte `offset` of well-formed `text`.
std::size_t code_point_start(std::string_view text, std::size_t offset);

}  // namespace sortkey::internal

#endif  // SORTKEY_INTERNAL_UTF8_H_
