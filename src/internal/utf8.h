// Private UTF-8 helpers shared by the codecs that carry text (names,
// composite keys). Validation is ICU's (U8_NEXT, strict since ICU 60: no
// overlong forms, no surrogates, nothing above U+10FFFF).

#ifndef SORTKEY_INTERNAL_UTF8_H_
#define SORTKEY_INTERNAL_UTF8_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "sortkey/error.h"

namespace sortkey::internal {

inline constexpr std::size_t kValidUtf8 = std::string_view::npos;

// The offset of the first byte of the first ill-formed sequence in `text`,
// or kValidUtf8 if `text` is well-formed UTF-8.
std::size_t find_invalid_utf8(std::string_view text);

// The ill-formed sequence that starts at some offset, held by value (for a
// deferred message, internal/deferred_error.h): its maximal ill-formed
// subpart and, unless the text ends inside it, the byte that broke it.
struct Utf8Fault {
  unsigned char bytes[4];
  unsigned char size;  // bytes used
  bool truncated;      // the text ends inside the sequence
};

// REQUIRES: offset < text.size() and an ill-formed sequence starts there.
Utf8Fault utf8_fault_at(std::string_view text, std::size_t offset);

// "invalid UTF-8: 0xC3 0x28 is not a well-formed sequence".
std::string describe(const Utf8Fault& fault);

// The kBadCharacter error at `offset` naming the ill-formed sequence that
// starts there, its message deferred (internal/deferred_error.h).
// REQUIRES: as utf8_fault_at.
DeferredError invalid_utf8_error(std::string_view text, std::size_t offset);

// A sentence naming the ill-formed sequence that starts at `offset`:
// describe(utf8_fault_at(text, offset)).
// REQUIRES: offset < text.size().
std::string describe_invalid_utf8(std::string_view text, std::size_t offset);

// The start of the code point that holds byte `offset` of well-formed `text`.
std::size_t code_point_start(std::string_view text, std::size_t offset);

}  // namespace sortkey::internal

#endif  // SORTKEY_INTERNAL_UTF8_H_
