// File: tools/design_command.h
//
// `sortkey design check FILE`: the options and the call into design/
// (design/check.h), which reads the design file and proves it.
//
// Exit status: 0 every property of the design holds, 1 one failed, 2 the
// check could not run (bad arguments, a design file that cannot be read or
// is not a valid design, a report that cannot be written).

#ifndef SORTKEY_TOOLS_DESIGN_COMMAND_H_
#define SORTKEY_TOOLS_DESIGN_COMMAND_H_

#include <CLI/CLI.hpp>

namespace sortkey::cli {

// Adds `design` and its `check` subcommand; on run, stores the exit status
// in *exit_code.
void add_design_command(CLI::App& app, int* exit_code);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_DESIGN_COMMAND_H_
