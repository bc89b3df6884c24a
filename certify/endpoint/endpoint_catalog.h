// File: certify/endpoint/endpoint_catalog.h
//
// `sortkey certify --endpoint URL`: the certification of a DynamoDB-
// compatible endpoint as a props::Catalog built at run time, so that
// RapidCheck generates and shrinks its cases and the same runner and
// reports print its results. The properties:
//
//   endpoint/query              generated items (full Unicode, binary with
//                               high bytes, every spelling of numbers, keys of
//                               the wrong type) on tables with sparse GSIs,
//                               then generated Queries (every key-condition
//                               operator, both directions, Limit including the
//                               exact size of the range, filters, Select COUNT,
//                               empty results, resumption) held page by page to
//                               the oracle (endpoint/workload.h);
//   endpoint/scan               the same for Scans of tables and indexes;
//   endpoint/key_strategies     the seeds' key designs built by sortkey's
//                               codecs (padded and inverse numbers, ISO-8601
//                               timestamps, composite hierarchies, STATUS#DATE
//                               in a sparse index, KSUID, ULID, case-normalized
//                               names) queried with begins_with and BETWEEN;
//   endpoint/known_divergences  every entry of the known-divergences file still
//                               reproduces (else the endpoint was fixed and the
//                               entry must go).
//
// A case that meets a divergence matching a known entry passes (tagged with
// the entry's id); any other divergence fails the property, and RapidCheck
// shrinks it to a minimal one whose message holds the reproduction: the table
// definition, the items, the request, the expected and the actual answer.
// At the end (summary) each new divergence is replayed on a fresh table to
// confirm it needs nothing but that reproduction, and printed as an entry
// ready for the known-divergences file.
//
// Safety: tables are named sortkey-cert-<random run id>-<n>; only those are
// written, read or deleted; they are deleted at close(), which the
// destructor calls, also after a failure or a first SIGINT/SIGTERM (which
// stops the workload); a second signal aborts at once. Credentials are
// never printed (credentials.h).
//
// Exit status, with certify: the session's fatal() (unreachable endpoint,
// timeout, endless throttling, interruption, a table the endpoint refuses)
// means the run could not be done: exit 2.

#ifndef SORTKEY_CERTIFY_ENDPOINT_ENDPOINT_CATALOG_H_
#define SORTKEY_CERTIFY_ENDPOINT_ENDPOINT_CATALOG_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catalog.h"
#include "certify/endpoint/credentials.h"
#include "sortkey/error.h"

namespace sortkey::certify::endpoint {

struct EndpointOptions {
  std::string url;                // --endpoint; empty: from the environment (aws_config.h)
  std::string region;             // --region; empty: from the environment (credentials.h)
  std::string known_divergences;  // --known-divergences FILE; empty: none accepted
  int index_wait_ms =
      -1;  // how long an index may lag behind its table; -1: 5 s, 250 ms on loopback
  long connect_timeout_ms = 3000;
  long request_timeout_ms = 30000;  // --request-timeout
  bool keep_tables = false;         // --keep-tables: never delete the run's tables
  // Shrinking budget per failing property: candidates tried, and seconds.
  int shrink_candidates = 400;
  int shrink_seconds = 60;
};

class EndpointSession {
 public:
  // Resolves credentials and region, loads the known divergences, checks
  // that the endpoint speaks DynamoDB's protocol (DescribeTable of a
  // sortkey-cert- name that does not exist must say ResourceNotFound), and
  // installs the signal handlers. Errors (the run cannot start: exit 2):
  // each of those, with a message naming the endpoint and what failed.
  static Result<std::shared_ptr<EndpointSession>> open(const EndpointOptions& options,
                                                       const Getenv& env);
  ~EndpointSession();
  EndpointSession(const EndpointSession&) = delete;
  EndpointSession& operator=(const EndpointSession&) = delete;

  const props::Catalog& catalog() const;
  // "http://127.0.0.1:8000 (region us-east-1, access key ****MPLE from environment)"
  std::string describe() const;
  // The endpoint's URL, as given or as found in the environment.
  const std::string& url() const;
  // Why the run could not be completed, once it cannot.
  std::optional<std::string> fatal() const;
  // The closing note: requests and throughput, the known divergences met,
  // each new divergence confirmed on a fresh table with an entry to paste.
  // Call before close().
  std::string summary(double seconds);
  // Deletes every table this run created (none with keep_tables) and
  // restores the signal handlers; idempotent. Returns the lines for stderr:
  // the tables kept, or each it could not delete (with why) and those that
  // remain (run_notes.h).
  std::vector<std::string> close();

  struct Impl;

 private:
  explicit EndpointSession(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_ENDPOINT_CATALOG_H_
