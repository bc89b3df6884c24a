// Private helpers for building error messages and scanning ASCII text.

#ifndef SORTKEY_INTERNAL_TEXT_H_
#define SORTKEY_INTERNAL_TEXT_H_

#include <string>
#include <string_view>

namespace sortkey::internal {

// A byte as a person should see it in a message: 'x' for printable ASCII,
// otherwise 0xNN.
std::string quote_byte(char c);

// The input shortened to at most 60 bytes for a message, with non-printable
// bytes escaped as \xNN.
std::string quote_text(std::string_view text);

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace sortkey::internal

#endif  // SORTKEY_INTERNAL_TEXT_H_
