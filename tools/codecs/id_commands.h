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
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sortkey/error.h"
#include "tools/codec_commands.h"

namespace sortkey::cli {

// Adds `sortkey ksuid` and `sortkey ulid` to the top-level app.
void add_id_commands(CLI::App& app, Context& ctx);

// One per ID family (tools/codecs/ksuid_command.cc, ulid_command.cc).
void add_ksuid_tool(CLI::App& app, Context& ctx);
void add_ulid_tool(CLI::App& app, Context& ctx);

// The one JSON vocabulary of both ID families: `-o json` of `generate`,
// `inspect` and `decode ksuid|ulid`, the fields of `-f` and of `-t`'s
// {field} template. The same name means the same thing in both:
//   id            the canonical text (upper case for a ULID)
//   raw           the bytes, upper-case hex
//   time          the instant, RFC 3339 UTC at the ID's precision (a KSUID's
//                 second, a ULID's millisecond)
//   unix_seconds  that instant in whole seconds since 1970 (floored)
//   unix_ms       that instant in milliseconds since 1970
//   payload       the random part, upper-case hex (a ULID's "randomness")
// and each family's own: ksuid_epoch_seconds (the KSUID's timestamp field:
// seconds since 2014-05-13T16:53:20Z), canonical (a ULID input written as
// its `id`, upper case). No field is called "timestamp": the two formats
// mean different numbers by it.
inline constexpr const char* kIdVocabulary[] = {"id",           "raw",     "time",
                                                "unix_seconds", "unix_ms", "payload"};

// What `sortkey <command> generate|inspect|build` need of one ID family:
// the words of its help and messages, and three functions over its codec.
struct IdTool {
  std::string command;           // "ksuid"
  std::string name;              // "KSUID", in messages
  std::string summary;           // of the command
  std::string generate_help;     // of `generate`
  std::string monotonic_help;    // of `generate --monotonic`
  std::string inspect_help;      // of `inspect`
  std::string ids_help;          // of inspect's positional IDs
  std::string encode_help;       // of `build`
  std::string time_unit;         // of `--time` as an integer: "unix seconds"
  std::int64_t ms_per_unit = 1;  // milliseconds in one unit of the time field
  std::int64_t time_min = 0;     // the range of `--time`, in the unit
  std::int64_t time_max = 0;
  std::string time_range;     // the range as instants: " (2014-05-13T16:53:20Z to ...)"
  std::string random_option;  // build's option for the random part: "--payload"
  std::string random_name;    // its name in messages: "payload"
  std::string random_help;
  std::size_t random_size = 0;  // bytes
  // The family's fields after kIdVocabulary's, and the other names `-f` and
  // templates take for a field: {"timestamp", "ksuid_epoch_seconds"}.
  std::vector<std::string> own_fields;
  std::vector<std::pair<std::string, std::string>> field_aliases;
  // A fresh generator, as a function appending its next ID's text to `out`;
  // with `fixed_ms`, its clock stands at that unix millisecond.
  std::function<std::function<Result<void>(std::string& out)>(bool monotonic,
                                                              std::optional<std::int64_t> fixed_ms)>
      generator;
  // The parts of one ID's text in the vocabulary above, for `inspect`,
  // `generate -o json` and `decode -o json`.
  std::function<Result<nlohmann::json>(std::string_view text)> inspect;
  // The report of those parts (`-f inspect`, the default).
  std::function<std::string(const nlohmann::json& parts)> report;
  // The text of the ID of a time (in time_unit) and a random part of
  // random_size bytes.
  std::function<Result<std::string>(std::int64_t time, std::span<const std::uint8_t> random)>
      encode;
};

// A `{field}` template over the ID vocabulary: literal text with `{name}`
// replaced by the field's text ("{{" and "}}" are braces). Errors
// (kBadParameter): an unknown field, naming the known ones, or an unclosed
// brace.
struct TemplatePiece {
  std::string text;  // literal text, or the field's name
  bool field = false;
};
Result<std::vector<TemplatePiece>> parse_id_template(std::string_view text, const IdTool& tool);
std::string fill_id_template(const std::vector<TemplatePiece>& pieces, const nlohmann::json& parts);

// `--time` of one family: an integer in tool.time_unit, or RFC 3339 text
// (any offset, any fraction, floored to the unit). Errors (kBadParameter,
// kOutOfRange): a message naming the accepted forms or the range.
Result<std::int64_t> parse_id_time(std::string_view text, const IdTool& tool);

// Adds `sortkey <tool.command>` with its generate, inspect and build
// subcommands to the top-level app.
void add_id_tool(CLI::App& app, Context& ctx, IdTool tool);

// IdTool::generator of a generator class (KsuidGenerator, UlidGenerator) and
// its family's append function (append_ksuid, append_ulid).
template <class Generator, class Append>
decltype(IdTool::generator) generator_of(Append append) {
  return
      [append](bool monotonic,
               std::optional<std::int64_t> fixed_ms) -> std::function<Result<void>(std::string&)> {
        typename Generator::Options options;
        options.monotonic = monotonic;
        if (fixed_ms) options.clock = [ms = *fixed_ms] { return ms; };
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
