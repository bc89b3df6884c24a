// File: tools/codecs/id_commands.h
//
// The top-level `sortkey ksuid ...` and `sortkey ulid ...` commands:
// generate IDs, inspect them (like the reference ksuid tool's inspect mode),
// and build one from its parts. Their `sortkey encode|decode ksuid|ulid`
// pairs are registered with the other codecs (codec_commands.h).

#ifndef SORTKEY_TOOLS_CODECS_ID_COMMANDS_H_
#define SORTKEY_TOOLS_CODECS_ID_COMMANDS_H_

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "codec_commands.h"
#include "sortkey/error.h"

namespace sortkey::cli {

// Adds `sortkey ksuid` and `sortkey ulid` to the top-level app.
void add_id_commands(CLI::App& app, Context& ctx);

// One per ID family (tools/codecs/ksuid_command.cc, ulid_command.cc).
void add_ksuid_tool(CLI::App& app, Context& ctx);
void add_ulid_tool(CLI::App& app, Context& ctx);

// Exactly `size` bytes written as 2 * size hexadecimal digits, either case.
// Errors: kBadCharacter (a non-hex digit), kBadLength.
Result<std::vector<std::uint8_t>> parse_hex(std::string_view text, std::size_t size);

// Upper-case hexadecimal.
std::string to_hex(const std::uint8_t* data, std::size_t size);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_CODECS_ID_COMMANDS_H_
