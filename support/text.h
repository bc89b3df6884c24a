// File: support/text.h (not installed: what several rooms share)
//
// The one way sortkey quotes for a shell, escapes for Markdown, and
// tells the time, so that every report and replay command reads alike.

#ifndef SORTKEY_SUPPORT_TEXT_H_
#define SORTKEY_SUPPORT_TEXT_H_

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

// Writes `text` to `out` and never throws: a closed pipe or a full disk must
// not stop a run before its report files are written. A failed write leaves
// the stream's error flag set (ferror), which the command checks at its end.
void emit(std::FILE* out, std::string_view text);

// The errno of emit()'s first failed write to stdout (EPIPE: the reader of
// the pipe went away), or 0: what the command says at its end.
int emit_stdout_errno();

// The current time in UTC as strftime(3) `format` writes it; the default is
// RFC 3339 ("2026-06-23T10:00:00Z").
std::string utc_now(const char* format = "%Y-%m-%dT%H:%M:%SZ");

}  // namespace sortkey::support

#endif  // SORTKEY_SUPPORT_TEXT_H_
