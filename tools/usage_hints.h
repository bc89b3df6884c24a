// File: tools/usage_hints.h
//
// What `sortkey` says when a command line is not one it knows, before or
// after CLI11 parses it: a command missing (the list of those there are, with
// what each does), a command, codec or option mistyped (the nearest
// spelling, support/suggest.h), and `sortkey help COMMAND [SUBCOMMAND]`,
// which prints what `COMMAND SUBCOMMAND --help` prints.

#ifndef SORTKEY_TOOLS_USAGE_HINTS_H_
#define SORTKEY_TOOLS_USAGE_HINTS_H_

#include <CLI/CLI.hpp>
#include <string>

#include "tools/codec_commands.h"

namespace sortkey::cli {

// The message for the command words of argv, or "" when they name a command
// that runs: for a word that names no command, the nearest names and the
// commands there are; for a command that needs a subcommand and has none
// (`sortkey`, `sortkey ksuid`, `sortkey ksuid -n 5`), the list of its
// subcommands, a line each. Stops at the first option other than the global
// ones (what follows may be an option's value).
std::string command_hint(const CLI::App& app, int argc, char** argv);

// For a command line CLI11 refused: "unknown option --widht; did you mean
// --width?" for the first long option that the chosen command and the
// commands above it do not have, or "" when every long option is theirs.
std::string option_hint(const CLI::App& app, int argc, char** argv);

// Adds `sortkey help [COMMAND...]`: the help of the command the words name
// (the list of commands without any); an unknown word is exit 2 with the
// nearest names.
void add_help_command(CLI::App& app, Context& ctx);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_USAGE_HINTS_H_
