// File: tools/codec_commands.h
//
// The `sortkey encode <codec>` and `sortkey decode <codec>` subcommands. Each
// codec family adds its pair in tools/codecs/<codec>_command.cc through an
// `add_<codec>_commands` function listed in add_codec_commands().

#ifndef SORTKEY_TOOLS_CODEC_COMMANDS_H_
#define SORTKEY_TOOLS_CODEC_COMMANDS_H_

#include <CLI/CLI.hpp>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "sortkey/error.h"

namespace sortkey::cli {

// What the subcommands report back to main: 0 if every input was converted,
// 1 if any was rejected, 2 if the inputs could not be read.
struct Context {
  int exit_code = 0;
};

using Convert = std::function<Result<std::string>(std::string_view)>;

// The inputs of a command, each handed to `each` in order: its arguments,
// where "-" (or no argument at all) stands for the lines of standard input,
// one input each (a final newline ends the last line; "\r\n" is one line
// end), read as they come: a line is handed on before the next is waited
// for, and what was printed is flushed before any wait, so a command in a
// pipe answers line by line in constant memory. Errors (after the inputs
// before them were handed on): a line longer than kMaxInputLine, or standard
// input cannot be read.
inline constexpr std::size_t kMaxInputLine = 1 << 20;
Result<void> for_each_input(const std::vector<std::string>& args,
                            const std::function<void(const std::string&)>& each);

// The errno of the first failed write of the results to standard output
// (EPIPE: its reader went away), or 0.
int stdout_errno();

// Flushes standard output; the first failure's errno is kept for
// stdout_errno() and the message main prints (a later flush of a failed
// stream says nothing).
void flush_stdout();

// How results are printed: "text" (one line each) or "json" (one JSON object
// per input: {"input": ..., "output": ...} or {"input": ..., "error": {code,
// offset, message}}), chosen with -o/--output.
void add_output_option(CLI::App& sub, std::string* output);

// One line of JSON output: {"input": ..., <the fields>} or, for an error,
// {"input": ..., "error": {"code", "offset", "message"}}.
std::string json_result(const std::string& input, const Result<nlohmann::json>& fields);

// Converts each input, one result per line on stdout. A rejected input is
// reported on stderr with the error, its offset and a caret under the byte
// (in JSON, as the input's "error"), the run goes on with the next input, and
// the exit code becomes 1. The inputs come from for_each_input, one at a time.
void convert_each(const std::vector<std::string>& inputs, std::string_view what,
                  const Convert& convert, Context& ctx, const std::string& output = "text");

// Adds a subcommand `name` to `parent` that takes VALUE/KEY arguments (or
// reads them from standard input) and runs `convert` on each. Returns the
// subcommand so the caller can add the codec's options to it. `*inputs` must
// outlive parsing.
CLI::App* add_converter(CLI::App& parent, const std::string& name, const std::string& summary,
                        const std::string& what, std::vector<std::string>* inputs, Convert convert,
                        Context& ctx);

// What a command that reports parts of each input computes: the parts as a
// JSON object, and their text form, one line.
using Describe = std::function<Result<nlohmann::json>(std::string_view)>;
using Render = std::function<std::string(const nlohmann::json& parts)>;

// Prints each input's parts as convert_each prints results: one line of text
// each (render), or with output "json" the parts inside the input's object.
void describe_each(const std::vector<std::string>& inputs, std::string_view what,
                   const Describe& parts, const Render& render, Context& ctx,
                   const std::string& output);

// A subcommand of `parent` that describes each input, with -o/--output.
struct Describer {
  std::string name;
  std::string summary;
  std::string inputs_help;  // what the positional arguments are: "parent ids"
  std::string what;         // in messages: "cannot <what> \"<input>\""
  Describe parts;
  Render render;
};
CLI::App* add_describer(CLI::App& parent, Describer describer, std::vector<std::string>* inputs,
                        Context& ctx);

// A `decode` subcommand: each key's decoded fields as a JSON object, printed
// as one line of text (render) or, with -o json, as the fields beside the
// input ({"input": KEY, "value": ...}), never the text line wrapped.
CLI::App* add_decoder(CLI::App& decode, const std::string& name, const std::string& summary,
                      std::vector<std::string>* inputs, Describe fields, Render render,
                      Context& ctx);

// Every codec's encode and decode subcommands.
void add_codec_commands(CLI::App& encode, CLI::App& decode, Context& ctx);

// One function per codec family.
void add_padded_commands(CLI::App& encode, CLI::App& decode, Context& ctx);
void add_name_commands(CLI::App& encode, CLI::App& decode, Context& ctx);
void add_composite_commands(CLI::App& encode, CLI::App& decode, Context& ctx);
void add_ksuid_commands(CLI::App& encode, CLI::App& decode, Context& ctx);
void add_ulid_commands(CLI::App& encode, CLI::App& decode, Context& ctx);
void add_timestamp_commands(CLI::App& encode, CLI::App& decode, Context& ctx);
void add_number_commands(CLI::App& encode, CLI::App& decode, Context& ctx);
// `sortkey query build|run`: Query requests, run on items (tools/codecs/query_command.cc).
void add_query_command(CLI::App& app, Context& ctx);
// `sortkey layout` and `sortkey unique`: the placement markers and the
// uniqueness suffixes (tools/codecs/layout_command.cc, unique_command.cc).
void add_layout_command(CLI::App& app, Context& ctx);
void add_unique_command(CLI::App& app, Context& ctx);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_CODEC_COMMANDS_H_
