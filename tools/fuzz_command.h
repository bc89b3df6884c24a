// File: tools/fuzz_command.h
//
// `sortkey fuzz`: runs the fuzz campaign (fuzz_campaign.h) over every
// libFuzzer binary the fuzz preset built, prints the summary table, and writes
// the JSON and Markdown summaries (Markdown also appended to
// $GITHUB_STEP_SUMMARY when that is set).
//
//   sortkey fuzz [--fuzzers DIR] [--seconds 300] [--jobs N] [--target T]...
//                [--json FILE] [--markdown FILE] [--no-merge]
//
// Exit status: 0 no crash; 1 a crash was found; 2 could not run (no binaries,
// a target that is not built or not a libFuzzer binary, a summary that cannot
// be written).

#ifndef SORTKEY_TOOLS_FUZZ_COMMAND_H_
#define SORTKEY_TOOLS_FUZZ_COMMAND_H_

#include <CLI/CLI.hpp>

#include "certify/campaign/campaign.h"

namespace sortkey::cli {

// Adds the `fuzz` subcommand; on run, stores its exit status in *exit_code.
void add_fuzz_command(CLI::App& app, int* exit_code);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_FUZZ_COMMAND_H_
