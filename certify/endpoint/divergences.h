// File: certify/endpoint/divergences.h
//
// What the endpoint certifier reports when an endpoint answers differently
// from the oracle: a Divergence, classified by its root-cause Signature, with
// a reproduction; and the known-divergences file a project keeps for an
// endpoint it uses anyway.
//
// A signature names one cause, so that a run counts every occurrence of one
// bug under one signature and two bugs never share one:
//
//   operation  the request that diverged: PutItem, Query, Scan
//   outcome    rejected (a valid request refused), accepted (an invalid one
//              taken), result (other items, order, Count or ScannedCount),
//              paging (LastEvaluatedKey), number_text, malformed (an item,
//              a key or the whole answer not DynamoDB's JSON), server_error
//              (a 5xx through the client's attempts), no_answer
//   error      the endpoint's error type ("" when it did not refuse); "HTTP
//              500" for a server error and for an answer that is not
//              DynamoDB's JSON, "no answer: timeout" or "no answer:
//              connection lost"
//   message    the endpoint's message with its values masked
//              (mask_message): quoted text, {...} values, numbers, the
//              table's attribute and index names, a value after ": "
//   feature    what in the request is involved, found by replaying parts of
//              it against the endpoint (attribution.h): the smallest filter
//              subtree that still diverges ("filter size(path) = N"), the key
//              condition ("key BETWEEN on S"), a start key, the attribute of
//              a write ("attribute N")
//   values     the classes of the values involved that trigger it, joined by
//              '+': empty, plus (a Number written with a leading '+'),
//              multibyte (non-ASCII text), high-bytes (binary 0x80-0xFF),
//              false (BOOL false), size-limit (1024 bytes or more); "" for
//              none
//
// A known-divergences file (JSON):
//
//   {
//     "endpoint": "dynalite 4.0.0",
//     "signatures": 2,                // kSignatureVersion
//     "divergences": [
//       {
//         "id": "dynalite-filter-not-not",
//         "reason": "DynamoDB's grammar lets NOT apply to any condition ...",
//         "signature": {"operation": "Query", "outcome": "rejected",
//                       "error": "ValidationException",
//                       "message": "Syntax error; Expected \"…\" but \"…\" found",
//                       "feature": "filter NOT(NOT(…))", "values": ""},
//         "reproduction": { ... }   // table, items, request, expected (actual)
//       }
//     ]
//   }
//
// An entry matches a divergence when every one of the six signature fields
// is equal (a field may also list several values, any of which matches), so
// an entry recorded for one divergence never hides another. A run passes
// while every divergence it meets matches an entry and every entry's
// reproduction still diverges when replayed; it fails on a divergence no
// entry matches, and on an entry whose reproduction now gets the expected
// answer (the endpoint was fixed: delete the entry). An entry without a
// reproduction must instead be met at least once during the run.
//
// Every entry needs a "reason": one sentence on what DynamoDB does
// differently. Earlier files called it "why", which is still read. `sortkey
// certify --record-divergences FILE` writes entries whose reason is
// kReasonToWrite: they match, and the run says which still need a reason.
// Files of the earlier form that matched on "match" (property, kind, shape,
// detail) are refused with a message saying to record them again.

#ifndef SORTKEY_CERTIFY_ENDPOINT_DIVERGENCES_H_
#define SORTKEY_CERTIFY_ENDPOINT_DIVERGENCES_H_

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "sortkey/error.h"

namespace sortkey::certify::endpoint {

struct Signature {
  std::string operation;
  std::string outcome;
  std::string error;
  std::string message;
  std::string feature;
  std::string values;

  // The six fields, in this order, as names for files and messages.
  static const std::vector<std::string>& fields();
  const std::string& field(std::string_view name) const;
  std::string& field(std::string_view name);
  nlohmann::json to_json() const;
  // A short stable name: the first 10 hex digits of the SHA-256 of to_json().
  std::string id() const;
  // "Query rejected ValidationException \"...\"; filter NOT(NOT(…)); values: -".
  std::string describe() const;
  auto operator<=>(const Signature&) const = default;
};

// The outcome family of a divergence kind (Divergence::kind).
std::string outcome_of(std::string_view kind);

// `message` with what varies between occurrences of one cause masked: text
// in double quotes ("…"), balanced {...} and [...] groups ({…}, […]), numbers (#), any of
// `names` as a whole word (<name>), and a single token after ": " that ends
// the message or a clause (…). At most 300 bytes are kept.
std::string mask_message(std::string_view message, const std::set<std::string>& names);

struct Divergence {
  std::string property;  // "endpoint/query"
  // What differs: "rejected" (a valid request or write refused), "accepted"
  // (an invalid one taken), "items", "order", "count", "scanned_count",
  // "lek_missing", "lek_unexpected", "lek_value", "number_text", "malformed",
  // "server_error", "no_answer".
  std::string kind;
  std::string detail;  // one sentence a person reads
  // {"table": schema, "items": [...], "request": {"action": ..., "params": {...}},
  //  "expected": page, "actual": page}; see workload.h for the page form.
  nlohmann::json reproduction;
  Signature signature;  // filled in by attribution (attribution.h)
  // The ids of the rules the sources leave unsettled
  // (oracles/naive_unsettled.h) by whose other reading the endpoint's
  // answer is right; empty when no reading explains it. Such a divergence
  // is reported as unsettled, never as a failure.
  std::vector<std::string> unsettled;

  // The endpoint's error type and message in the actual answer, or "".
  std::string error_type() const;
  std::string error_message() const;
  // Whether the request got no answer DynamoDB gives: none at all
  // ("no_answer"), a server error, or a body that is not DynamoDB's JSON
  // (an actual answer with a "status"). Nothing of it is replayed.
  bool unanswered() const;
  // The divergence as a person reads it: signature, detail, reproduction.
  std::string describe() const;
};

// The reproduction as lines for a person (table, items, request, expected,
// actual), each line prefixed with `indent`.
std::string describe_reproduction(const nlohmann::json& reproduction, std::string_view indent);

// The reason --record-divergences writes, for a person to replace.
inline constexpr std::string_view kReasonToWrite =
    "TO WRITE: one sentence on what DynamoDB does differently";

struct KnownDivergence {
  std::string id;
  std::string reason;
  // Field name -> the values it may take (one for a recorded entry).
  std::map<std::string, std::vector<std::string>> signature;
  nlohmann::json reproduction;  // null when absent

  bool matches(const Signature& s) const;
  bool reason_to_write() const { return reason == kReasonToWrite; }
};

struct KnownDivergences {
  std::string endpoint;  // what the file says it describes
  std::vector<KnownDivergence> entries;

  // The first entry matching `s`, or nullptr.
  const KnownDivergence* match(const Signature& s) const;
};

// Errors (kBadFormat, naming the source and the entry): not JSON, a missing
// or empty id or reason, a duplicate id, a signature missing a field or
// holding a non-string, the earlier "match" form, a reproduction without
// table, items, request or expected.
Result<KnownDivergences> parse_known_divergences(std::string_view json_text,
                                                 std::string_view source_name);
Result<KnownDivergences> load_known_divergences(const std::string& path);

// The version of signatures a known-divergences file holds: its top-level
// "signatures". Files of another version (or none: before root causes were
// found by replaying variants) are refused with a message saying to record
// them again; their signatures named one cause many times.
inline constexpr int kSignatureVersion = 2;

// A divergence's reproduction found by its id (`sortkey certify --replay
// FILE#ID`): in a known-divergences file, the entry whose id is ID or ends
// with "-ID"; in a --json report, the divergence whose id (or known entry)
// is ID. `numbers`: the divergence is about the text of Numbers.
struct Reproduction {
  std::string id;
  nlohmann::json reproduction;
  bool numbers = false;
};
// Errors (kBadFormat, naming the source): not JSON, no such divergence, a
// reproduction without table, items, request or expected.
Result<Reproduction> find_reproduction(std::string_view json_text, std::string_view source_name,
                                       std::string_view id);

// The entry --record-divergences writes for a divergence.
nlohmann::json recorded_entry(const Divergence& d, std::string_view id);

// Adds `entries` to the known-divergences file at `path` (created when
// missing), leaving the entries it holds as they are and skipping each
// entry whose signature an entry already matches. Returns how many were
// added. Errors: the file exists but is not a known-divergences file, or
// cannot be written.
Result<std::size_t> record_divergences(const std::string& path,
                                       const std::vector<nlohmann::json>& entries,
                                       std::string_view endpoint);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_DIVERGENCES_H_
