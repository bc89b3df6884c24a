// File: tools/certify_command.h
//
// `sortkey certify` and `sortkey verify-certificate`: the options and the
// calls into the certifier (certify/): which targets (certify/targets.h),
// the run loop (certify/run.h), the reports (certify/report.h).
//
// Exit status: 0 certified, 1 not certified (a property failed), 2 could not
// run (bad arguments, a target that cannot be opened or broke, a report that
// cannot be written, nothing selected).

#ifndef SORTKEY_TOOLS_CERTIFY_COMMAND_H_
#define SORTKEY_TOOLS_CERTIFY_COMMAND_H_

#include <CLI/CLI.hpp>

namespace sortkey::cli {

// Adds the `certify` and `verify-certificate` subcommands; on run, stores
// the exit status in *exit_code.
void add_certify_command(CLI::App& app, int* exit_code);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_CERTIFY_COMMAND_H_
