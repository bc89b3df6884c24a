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
//   endpoint/key_strategies     the guides' key designs built by sortkey's
//                               codecs (padded and inverse numbers, ISO-8601
//                               timestamps, composite hierarchies, STATUS#DATE
//                               in a sparse index, KSUID, ULID, case-normalized
//                               names) queried with begins_with and BETWEEN;
//   endpoint/invalid_requests   Queries DynamoDB refuses with a
//                               ValidationException, from the model's
//                               generator (props::plant_invalid_request and
//                               the refused filters): reversed BETWEEN bounds
//                               (UTF-8 against UTF-16 order), every Select
//                               fault, bad ProjectionExpressions, malformed
//                               start keys, operands that are not distinct;
//   endpoint/limits             keys and items at the size limits, Numbers
//                               in every spelling accepted and refused, each
//                               read back; partitions over 1 MB paged by
//                               DynamoDB's 1 MB rule (workload.h,
//                               check_large_query);
//   endpoint/writes             the guides' writes as scripts
//                               (props/write_script.h): PutItem if absent,
//                               UpdateItem moving an item in an index,
//                               DeleteItem, BatchWriteItem, GetItem, strongly
//                               consistent reads;
//   endpoint/known_divergences  every entry of the known-divergences file still
//                               reproduces (else the endpoint was fixed and the
//                               entry must go); only with --known-divergences.
//
// A run keeps going past a divergence: every divergence a case meets is
// given its root-cause signature (attribution.h), counted, and the case goes
// on; each property explores its whole case budget (--cases, or until its
// share of --budget is spent) and is judged after its last case: FAILED when
// it met a divergence that no entry of the known-divergences file matches.
// Each distinct new divergence is then reduced to a minimal reproduction
// (minimize.h: the table definition, the fewest items with the fewest
// attributes, the request, the expected and the actual answer) and listed
// once, with its count, in the property's result and in every report.
// --record-divergences FILE adds an entry for each distinct divergence met to
// FILE (divergences.h), its reason left for a person to write.
//
// Connections: --connections N (default 4) runs N cases at once, each on a
// connection, tables and workload of its own (connections.h), while
// RapidCheck draws the next; what they meet is counted in the order the
// cases were drawn, so the results are one connection's for the same seed.
// Four: against dynalite (one Node.js thread) the throughput stops rising
// at about four (bench/endpoint_throughput.cc); DynamoDB takes more, and
// the adaptive retry mode's rate limiter, shared by the connections, paces
// them all when it throttles.
//
// Numbers: the workload writes them in every spelling DynamoDB accepts, but
// a leading '+' (which some emulators refuse) only in PutItems of their own,
// a few per hundred Query cases, so that refusing it masks nothing else.
//
// Budget: --budget SECONDS (default 50) bounds the run from the session's
// opening, minimizing left out (budget.h): the known divergences are
// replayed first, then each property chosen gets an equal share of what
// remains when it starts; a request still waiting (throttled, or on a slow
// endpoint) when its share ends is cut. Minimizing has a share of its own on
// top (40% of --budget). A property whose share ended before it ran a few
// cases (RunBudget::kFewestCases) and that met no new divergence was not
// explored: the run could not be completed (exit 2), and the closing note
// names what the endpoint did (its requests, pace and throttling).
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
//
// Where it is done: session.cc holds the session (its lanes, budget,
// judging, closing note, cleanup and signals; its state in
// session_internal.h), endpoint_catalog.cc the properties above, and
// generators.h what their cases draw.

#ifndef SORTKEY_CERTIFY_ENDPOINT_ENDPOINT_CATALOG_H_
#define SORTKEY_CERTIFY_ENDPOINT_ENDPOINT_CATALOG_H_

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "certify/record.h"
#include "dynamodb/credentials.h"
#include "properties/catalog.h"
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
  std::string record_divergences;   // --record-divergences FILE; empty: none written
  std::string json_report;          // --json FILE, which replay lines name when not recording
  double budget_seconds = 50;       // --budget: the whole run, from open()
  int minimize_candidates = 150;    // replays per distinct divergence, at most
  int connections = 4;              // --connections: cases run at once (connections.h)
};

class EndpointSession {
 public:
  // Resolves credentials and region, loads the known divergences, checks
  // that the endpoint speaks DynamoDB's protocol (DescribeTable of a
  // sortkey-cert- name that does not exist must say ResourceNotFound), and
  // installs the signal handlers. Errors (the run cannot start: exit 2):
  // each of those, with a message naming the endpoint and what failed.
  static Result<std::shared_ptr<EndpointSession>> open(const EndpointOptions& options,
                                                       const dynamodb::Getenv& env);
  ~EndpointSession();
  EndpointSession(const EndpointSession&) = delete;
  EndpointSession& operator=(const EndpointSession&) = delete;

  const props::Catalog& catalog() const;
  // The properties of catalog() that will run, in order: each gets its share
  // of the budget.
  void plan(const std::vector<std::string>& property_ids);
  // After a property's last case: minimizes the new divergences it found
  // first, and sets its verdict, its cases run, its note and its divergences.
  void judge(const std::string& property_id, CertifiedProperty& result);
  // "http://127.0.0.1:8000 (region us-east-1, access key ****MPLE from environment)"
  std::string describe() const;
  // The endpoint's URL, as given or as found in the environment.
  const std::string& url() const;
  // Sends exactly `reproduction` (a divergence's, as --record-divergences
  // and --json write it) on a fresh table: nullopt when the endpoint now
  // gives the expected answer, else what still differs. Errors: a malformed
  // reproduction, a request that got no answer, the endpoint gone.
  Result<std::optional<std::string>> replay(const nlohmann::json& reproduction, bool numbers);
  // The HTTP exchanges so far, on every connection (retries included);
  // waits for the cases still running.
  std::uint64_t requests();
  // Why the run could not go on, once it cannot: the property during which
  // it broke has no verdict.
  std::optional<std::string> fatal() const;
  // Why the endpoint stopped answering for good after a request it gave no
  // answer to (that request is a divergence): every property is judged on
  // the cases it ran before, and then the run could not be completed.
  std::optional<std::string> stopped() const;
  // The closing note: requests and throughput, the known divergences met,
  // the distinct divergences and the budget; writes --record-divergences.
  // Call before close().
  std::string summary(double seconds);
  // Deletes every table this run created (none with keep_tables) and
  // restores the signal handlers; idempotent. Returns the lines for stderr:
  // the tables kept, or each it could not delete (with why) and those that
  // remain (run_notes.h).
  std::vector<std::string> close();
  // After close(): why not every table could be deleted (a DeleteTable
  // refused or never answered), or nullopt. The results of the run stand;
  // the run did not complete its cleanup.
  std::optional<std::string> cleanup_failed() const;
  // After the last property: the properties the budget left unexplored
  // (too few cases, or the known divergences not all replayed), or nullopt.
  // The results stand; the run could not be completed (exit 2).
  std::optional<std::string> not_explored() const;
  // The certificate's account of the run (Certification::details): requests,
  // retries, throttling and the rate limiter, the budget, what was not
  // explored. REQUIRES: no case running (after summary()).
  nlohmann::json details() const;

  struct Impl;

 private:
  explicit EndpointSession(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_ENDPOINT_CATALOG_H_
