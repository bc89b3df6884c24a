// File: tools/certify.h
//
// `sortkey certify`: the main job. Runs every property of every built-in
// codec with a chosen number of cases and seed, shows progress on a terminal,
// prints a table (property, cases, result, time) and a verdict, and writes a
// JSON report on request.
//
// Exit status: 0 certified, 1 not certified (a property failed), 2 could not
// run (bad arguments, a report that cannot be written, nothing selected).
//
// Targets are sources of property runs: today the built-in catalog; external
// codecs, endpoints and fuzz campaigns are further sources of RunReports that
// the same table and report print.

#ifndef SORTKEY_TOOLS_CERTIFY_H_
#define SORTKEY_TOOLS_CERTIFY_H_

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace sortkey::cli {

struct CertifyOptions {
  int cases = 1000;
  std::uint64_t seed = 0;     // 0: the default fixed seed
  bool fresh_seed = false;    // draw a random seed (printed)
  std::vector<std::string> properties;  // ids or prefixes ("padded/", "number/order"); empty: all
  std::string json_path;      // write the JSON report here
  bool list = false;          // list the properties and exit
  bool no_progress = false;
};

// Adds the `certify` subcommand; on run, stores its exit status in *exit_code.
void add_certify_command(CLI::App& app, int* exit_code);

int run_certify(const CertifyOptions& options);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_CERTIFY_H_
