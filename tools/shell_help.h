// File: tools/shell_help.h
//
// `sortkey completions bash|zsh` and `sortkey man`: the shell completions and
// the manual page, both generated from the command line's own definitions
// (the CLI11 tree of commands and options), so they can never list an option
// that does not exist or miss one that does.

#ifndef SORTKEY_TOOLS_SHELL_HELP_H_
#define SORTKEY_TOOLS_SHELL_HELP_H_

#include <CLI/CLI.hpp>
#include <string>

namespace sortkey::cli {

// The bash completion script of `app` (zsh loads it through bashcompinit).
std::string completion_script(const CLI::App& app, const std::string& shell);

// The manual page of `app`, in roff (man(7)).
std::string man_page(const CLI::App& app, const std::string& version);

// Adds `completions SHELL` and `man` to `app`; call it after every other
// command is added, since each walks the whole tree when it runs.
void add_shell_help_commands(CLI::App& app, const std::string& version);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_SHELL_HELP_H_
