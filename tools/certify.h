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
// A target is what is certified: the built-in codecs (the default), an
// external codec behind an adapter command, or a DynamoDB-compatible endpoint.
// Each target supplies a props::Catalog; its results, and those of any other
// source (a fuzz campaign), are props::RunReports that report.h prints as a
// table, a JSON certificate, JUnit XML and Markdown.

#ifndef SORTKEY_TOOLS_CERTIFY_H_
#define SORTKEY_TOOLS_CERTIFY_H_

#include <CLI/CLI.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "catalog.h"

namespace sortkey::cli {

struct CertifyOptions {
  int cases = 1000;
  std::uint64_t seed = 0;     // 0: the default fixed seed
  bool fresh_seed = false;    // draw a random seed (printed)
  std::vector<std::string> properties;  // ids or prefixes ("padded/", "number/order"); empty: all
  std::string json_path;      // write the JSON certificate here
  std::string junit_path;     // write JUnit XML here
  std::string markdown_path;  // write Markdown here ("-": stdout); also appended to $GITHUB_STEP_SUMMARY if set
  std::string corpus_dir;     // hashed into the certificate; default: the source tree's corpus/ if present
  bool list = false;          // list the properties and exit
  bool no_progress = false;
  // A DynamoDB-compatible endpoint to certify instead of the codecs: --endpoint URL, or
  // --endpoint alone for $AWS_ENDPOINT_URL_DYNAMODB (tools/endpoint/endpoint_catalog.h).
  std::string endpoint;
  bool endpoint_given = false;
  std::string known_divergences;  // --known-divergences FILE: divergences accepted for that endpoint
  std::string region;             // --region: overrides AWS_REGION / AWS_DEFAULT_REGION / the profile
  // An external codec behind a protocol v1 adapter (adapters/PROTOCOL.md) to certify instead.
  std::string codec_cmd;      // --codec-cmd: the adapter, run with sh -c
  int timeout_ms = 5000;      // --timeout-ms: how long each adapter answer may take
  std::string snapshot_path;  // --snapshot FILE: record the adapter's keys, or fail where they changed
  // A libFuzzer campaign (fuzz_campaign.h) over the built-in codecs' targets: one result per target.
  double fuzz_seconds = 0;                      // --fuzz SECONDS: its wall-clock budget; 0: none
  std::string fuzzers_dir = "build/fuzz/fuzz";  // --fuzzers DIR: the libFuzzer binaries
};

// What certify runs: a catalog and the words that name it in the reports.
struct CertifyTarget {
  std::string kind;         // "built-in", "adapter", "endpoint"
  std::string name;         // printed and recorded, e.g. "sortkey built-in codecs"
  std::string replay_args;  // the certify arguments that select this target again, e.g. --codec-cmd '...'
  const props::Catalog* catalog = nullptr;
  std::shared_ptr<void> session;  // keeps the target's process or connection alive while it runs
};

// Adds the `certify` subcommand; on run, stores its exit status in *exit_code.
void add_certify_command(CLI::App& app, int* exit_code);

int run_certify(const CertifyOptions& options);

// `sortkey verify-certificate FILE`: 0 digest ok, 1 mismatch, 2 unreadable.
int run_verify_certificate(const std::string& path);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_CERTIFY_H_
