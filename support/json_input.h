// File: support/json_input.h (not installed: what several rooms share)
//
// JSON from outside (adapter lines, certificates, known-divergences files,
// snapshots, endpoint answers) read within limits. nlohmann::json parses
// deep nesting without recursion, but prints and compares it recursively:
// a 300 KB line of brackets would overflow the stack later, when a message
// or a digest prints it. So nesting beyond kMaxJsonDepth is refused before
// parsing, and a file is read only when it is a regular file of bounded size.
//
// Example:
//   auto text = read_file_within(path, kMaxJsonFileBytes);
//   if (!text) return text.error();        // "... is a directory"
//   auto json = parse_json(*text, path);
//   if (!json) return json.error();        // "... nests deeper than 256 levels"

#ifndef SORTKEY_SUPPORT_JSON_INPUT_H_
#define SORTKEY_SUPPORT_JSON_INPUT_H_

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "sortkey/error.h"

namespace sortkey::support {

// Far deeper than any DynamoDB item (32 levels of documents) or sortkey file
// needs, far shallower than what recursion over it can survive.
inline constexpr int kMaxJsonDepth = 256;
// The largest JSON file (certificate, divergences, snapshot) read.
inline constexpr std::size_t kMaxJsonFileBytes = std::size_t{64} << 20;
// The most values (numbers, strings, arrays, objects, ...) one text may hold:
// each takes 16 to 100 bytes parsed, so 32 MB of "0," would take over 800 MB.
// The largest file sortkey reads, corpus/divergences/dynalite.json, holds
// about 4,000.
inline constexpr std::size_t kMaxJsonValues = 1000000;

// The deepest nesting of arrays and objects in `text`, strings skipped, read
// in one pass without recursion; counting stops once past `limit`.
int json_depth(std::string_view text, int limit = kMaxJsonDepth);

// `text` parsed, when it nests at most kMaxJsonDepth deep, holds at most
// kMaxJsonValues values and no object names a key twice (one pass of
// scan_json_within, sortkey/items_file.h, before the one that parses). Errors: "<what>
// nests deeper than 256 levels", "<what> holds more than 1000000 values",
// "<what> is not JSON: <why>" (the why escaped: it quotes the text), "<what>:
// an object names the key \"k\" twice".
Result<nlohmann::json> parse_json(std::string_view text, std::string_view what);

// The bytes of `path`, when it is a regular file of at most `max_bytes`.
// Errors: "<path>: <why>" (missing, a directory, not a regular file, too
// large, or the system's reason), for the caller to put after "cannot read".
Result<std::string> read_file_within(const std::string& path, std::size_t max_bytes);

// The bytes of standard input, read to its end, when they are at most
// `max_bytes` (reading stops one byte past). Errors: "standard input: <why>"
// (too large, or the system's reason).
Result<std::string> read_stdin_within(std::size_t max_bytes);

// An input a person names: "-" is standard input (read_stdin_within), any
// other path a file (read_file_within).
Result<std::string> read_input_within(const std::string& path, std::size_t max_bytes);

}  // namespace sortkey::support

#endif  // SORTKEY_SUPPORT_JSON_INPUT_H_
