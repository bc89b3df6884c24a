// File: support/text.h (not installed: what several rooms share)
//
// The one way sortkey quotes for a shell, escapes for Markdown, cuts UTF-8
// text and quotes text from outside in a one-line message, and tells the
// time, so that every report and replay command reads alike.
//
// Example:
//   utf8_prefix("caf\xC3\xA9", 4)         // "caf": never half of the é
//   excerpt("<html>\n<body>", 80)        // "<html>\\n<body>": one line

#ifndef SORTKEY_SUPPORT_TEXT_H_
#define SORTKEY_SUPPORT_TEXT_H_

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace sortkey::support {

// An argument as a POSIX shell reads it back: bare when it holds only
// letters, digits and _-./=:,+@%, else single-quoted ('it'\''s').
std::string shell_quote(std::string_view arg);

// The arguments quoted and joined with spaces: a command to paste.
std::string command_line(const std::vector<std::string>& argv);

// A Markdown table cell: '|' escaped, newlines as spaces.
std::string md_cell(std::string_view text);

// Markdown inline code that survives any backticks inside.
std::string md_code(std::string_view text);

// The longest prefix of `text` of at most `max_bytes` that does not end
// inside a UTF-8 sequence: a cut of valid UTF-8 is valid UTF-8. It backs off
// over at most three continuation bytes (the longest sequence has four), so
// text that is not UTF-8 is cut at `max_bytes` or at most three bytes
// before it, never at 0 for that reason alone.
std::string_view utf8_prefix(std::string_view text, std::size_t max_bytes);

// Whether `text` is well-formed UTF-8 (Unicode Table 3-7: no overlong
// forms, no surrogates, nothing past U+10FFFF).
bool valid_utf8(std::string_view text);

// The offset of the first byte of `text` that does not start a well-formed
// UTF-8 sequence, or std::string_view::npos when `text` is UTF-8.
std::size_t first_invalid_utf8(std::string_view text);

// Text from outside (an endpoint's body, a message) as one line a person
// reads, never longer than `max_bytes` plus the "…" that marks a cut:
// well-formed UTF-8 stays as it is; a backslash is doubled; tab, newline
// and carriage return are written \t, \n, \r; every other control
// character (C0, DEL, C1) is \u00XX; a byte that is not part of well-formed
// UTF-8 is \xXX. The result is valid UTF-8 without control characters, and an escape
// or a character is never cut in two.
std::string excerpt(std::string_view text, std::size_t max_bytes);

// Writes `text` to `out` and never throws: a closed pipe or a full disk must
// not stop a run before its report files are written. A failed write leaves
// the stream's error flag set (ferror), which the command checks at its end.
void emit(std::FILE* out, std::string_view text);

// Flushes `out`; a failure of stdout is kept as emit()'s is.
void flush(std::FILE* out);

// The errno of emit()'s or flush()'s first failed write to stdout (EPIPE: the reader of
// the pipe went away), or 0: what the command says at its end.
int emit_stdout_errno();

// The count and the noun that agrees with it: "1 property", "2 properties",
// "0 properties". `many` defaults to `one` with an "s".
std::string quantity(std::size_t n, std::string_view one, std::string_view many = {});

// The noun alone, as quantity() chooses it: "property" for 1, else `many`.
std::string noun_for(std::size_t n, std::string_view one, std::string_view many = {});

// The current time in UTC as strftime(3) `format` writes it; the default is
// RFC 3339 ("2026-06-23T10:00:00Z").
std::string utc_now(const char* format = "%Y-%m-%dT%H:%M:%SZ");

}  // namespace sortkey::support

#endif  // SORTKEY_SUPPORT_TEXT_H_
