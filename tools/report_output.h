// File: tools/report_output.h
//
// A report written to standard output (`--json -`, `--junit -`, `--markdown
// -` of certify and design check) is all that standard output holds, so that
// `sortkey certify --json - | jq .verdict` reads a document: the run's own
// output (its header, table, notes and verdict) goes to standard error
// instead.

#ifndef SORTKEY_TOOLS_REPORT_OUTPUT_H_
#define SORTKEY_TOOLS_REPORT_OUTPUT_H_

#include "certify/report.h"

namespace sortkey::cli {

// When a report of `paths` is on "-": points paths.standard_output at a
// stream on the standard output the process started with, and makes
// standard output (the descriptor and `stdout`) write to standard error.
// Nothing changes when no report is on "-" or the descriptors cannot be
// duplicated (the report then goes to stdout with the rest).
void move_run_output_for_report(certify::ReportPaths& paths);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_REPORT_OUTPUT_H_
