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
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sortkey/error.h"
#include "tools/codec_commands.h"

namespace sortkey::cli {

// Adds `sortkey ksuid` and `sortkey ulid` to the top-level app.
void add_id_commands(CLI::App& app, Context& ctx);

// One per ID family (tools/codecs/ksuid_command.cc, ulid_command.cc).
void add_ksuid_tool(CLI::App& app, Context& ctx);
void add_ulid_tool(CLI::App& app, Context& ctx);

// What `sortkey <command> generate|inspect|build` need of one ID family:
// the words of its help and messages, and three functions over its codec.
struct IdTool {
  std::string command;         // "ksuid"
  std::string name;            // "KSUID", in messages
  std::string summary;         // of the command
  std::string generate_help;   // of `generate`
  std::string monotonic_help;  // of `generate --monotonic`
  std::string inspect_help;    // of `inspect`
  std::string ids_help;        // of inspect's positional IDs
  std::string encode_help;     // of `build`
  std::string time_help;       // of `build --time`
  std::int64_t time_min = 0;   // the range of `build --time`
  std::int64_t time_max = 0;
  std::string time_range;     // the range as instants: " (2014-05-13T16:53:20Z to ...)"
  std::string random_option;  // build's option for the random part: "--payload"
  std::string random_name;    // its name in messages: "payload"
  std::string random_help;
  std::size_t random_size = 0;  // bytes
  // A fresh generator, as a function appending its next ID's text to `out`.
  std::function<std::function<Result<void>(std::string& out)>(bool monotonic)> generator;
  // The parts of one ID's text, for `inspect`: "string" (its canonical
  // text), "raw" (the bytes in hex), "time" (RFC 3339, UTC), "timestamp" (the
  // format's own number), "payload" (the random part in hex), and the
  // family's extras. `-f FIELD` prints one, `--output json` all of them.
  std::function<Result<nlohmann::json>(std::string_view text)> inspect;
  // The report of those parts (`-f inspect`, the default).
  std::function<std::string(const nlohmann::json& parts)> report;
  // The text of the ID of a time and a random part of random_size bytes.
  std::function<Result<std::string>(std::int64_t time, std::span<const std::uint8_t> random)>
      encode;
};

// Adds `sortkey <tool.command>` with its generate, inspect and build
// subcommands to the top-level app.
void add_id_tool(CLI::App& app, Context& ctx, IdTool tool);

// IdTool::generator of a generator class (KsuidGenerator, UlidGenerator) and
// its family's append function (append_ksuid, append_ulid).
template <class Generator, class Append>
decltype(IdTool::generator) generator_of(Append append) {
  return [append](bool monotonic) -> std::function<Result<void>(std::string&)> {
    typename Generator::Options options;
    options.monotonic = monotonic;
    auto generator = std::make_shared<Generator>(options);
    return [generator, append](std::string& out) -> Result<void> {
      auto id = generator->next();
      if (!id) return id.error();
      append(out, *id);
      return {};
    };
  };
}

// Exactly `size` bytes written as 2 * size hexadecimal digits, either case.
// Errors: kBadCharacter (a non-hex digit), kBadLength.
Result<std::vector<std::uint8_t>> parse_hex(std::string_view text, std::size_t size);

// Upper-case hexadecimal.
std::string to_hex(const std::uint8_t* data, std::size_t size);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_CODECS_ID_COMMANDS_H_
