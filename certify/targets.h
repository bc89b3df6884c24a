// File: certify/targets.h
//
// Which targets (target.h) one `sortkey certify` run certifies, from its
// options: the built-in codecs by default, or an external codec behind an
// adapter command, or a DynamoDB-compatible endpoint; and a libFuzzer
// campaign after the built-in codecs' properties. This is the one place that
// knows the kinds of target; the run loop (run.h) does not.
//
// Errors (the run cannot start: exit 2): options that do not go together, an
// endpoint without a URL, a target that cannot be opened; each message names
// the option or the target.

#ifndef SORTKEY_CERTIFY_TARGETS_H_
#define SORTKEY_CERTIFY_TARGETS_H_

#include <cstdio>
#include <string>

#include "certify/target.h"
#include "sortkey/error.h"

namespace sortkey::certify {

struct TargetOptions {
  // A DynamoDB-compatible endpoint: --endpoint URL, or --endpoint alone for
  // the URL the AWS environment and config file give
  // (dynamodb/aws_config.h).
  bool endpoint_given = false;
  std::string endpoint;
  std::string known_divergences;   // --known-divergences FILE: divergences accepted for it
  std::string record_divergences;  // --record-divergences FILE: entries added for what it met
  double budget_seconds = 50;      // --budget SECONDS: the endpoint run's bound
  bool budget_given = false;
  std::string region;  // --region: overrides AWS_REGION / AWS_DEFAULT_REGION / the profile
  double request_timeout_seconds = 0;  // --request-timeout; 0: 30 s
  bool keep_tables = false;            // --keep-tables
  int connections = 0;                 // --connections; 0: the endpoint's default
  std::string replay;                  // --replay FILE#ID: send one divergence's reproduction
  std::string json_report;  // --json FILE: the report the replay lines of divergences name
  // An external codec behind a protocol v1 adapter (adapters/PROTOCOL.md).
  std::string codec_cmd;  // --codec-cmd: the adapter, run with sh -c
  int timeout_ms = 5000;  // --timeout-ms: how long each adapter answer may take
  std::string
      snapshot_path;  // --snapshot FILE: record the adapter's keys, or fail where they changed
  // A libFuzzer campaign over the built-in codecs' fuzz targets.
  double fuzz_seconds = 0;  // --fuzz SECONDS; 0: none
  std::string fuzzers_dir;  // --fuzzers DIR; "": found next to the binary (fuzz/campaign.h)
};

// `sortkey certify --endpoint URL --replay FILE#ID`: sends exactly the
// reproduction of divergence ID of FILE (a --record-divergences or --json
// file) to the endpoint and says on `out` whether it still diverges.
// Returns the exit status: 0 it no longer diverges, 1 it still does, 2 it
// could not be sent (a bad FILE#ID, the endpoint unreachable or giving no
// answer), with a one-line message on `err`.
int replay_divergence(const TargetOptions& options, std::FILE* out, std::FILE* err);

// The targets to certify, the first one naming the certificate. Warnings
// that do not stop the run (an adapter's codec that protocol 1 does not
// know) go to `warnings`.
Result<TargetList> open_targets(const TargetOptions& options, std::FILE* warnings);

}  // namespace sortkey::certify

#endif  // SORTKEY_CERTIFY_TARGETS_H_
