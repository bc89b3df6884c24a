// File: certify/endpoint/divergences.h
//
// What the endpoint certifier reports when an endpoint answers differently
// from the oracle (a Divergence, with its minimal reproduction), and the
// known-divergences file a project keeps for an endpoint it uses anyway.
//
// A known-divergences file (JSON):
//
//   {
//     "endpoint": "dynalite 4.0.0",
//     "divergences": [
//       {
//         "id": "dynalite-string-order-utf16",
//         "why": "dynalite compares S keys as JavaScript strings (UTF-16 code units) ...",
//         "match": {
//           "property": "endpoint/query",          // exact id, or a prefix ending in '/'
//           "kind": "order",                       // Divergence::kind, or a list of kinds
//           "shape": {"operation": ["Query"]},  // each listed shape key: one of the values
//           "detail": "regex"                   // optional: a regex found in the detail
//         },
//         "reproduction": { ... }   // a Divergence's reproduction, replayed every run
//       }
//     ]
//   }
//
// A run passes while every divergence it meets matches an entry and every
// entry's reproduction still diverges when replayed; it fails on a
// divergence no entry matches, and on an entry whose reproduction now gets
// the expected answer (the endpoint was fixed: delete the entry). An entry
// without a reproduction must instead be met at least once during the run.
// Every entry needs a non-empty `why`: an accepted divergence is a decision
// a reviewer reads. The detail regex is ICU's (internal/bounded_regex.h:
// Perl's syntax, ECMAScript's for the usual constructs), searched within a
// bounded number of steps; one that needs more matches nothing, so the
// divergence is reported.

#ifndef SORTKEY_CERTIFY_ENDPOINT_DIVERGENCES_H_
#define SORTKEY_CERTIFY_ENDPOINT_DIVERGENCES_H_

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "certify/internal/bounded_regex.h"
#include "sortkey/error.h"

namespace sortkey::certify::endpoint {

struct Divergence {
  std::string property;  // "endpoint/query"
  // What differs: "rejected" (a valid request or write refused), "accepted"
  // (an invalid one taken), "items", "order", "count", "scanned_count",
  // "lek_missing", "lek_unexpected", "lek_value", "number_text", "malformed".
  std::string kind;
  // The request's shape, for matching: operation (Query, Scan, PutItem,
  // BatchWriteItem), target (table, index), sort_type (S, N, B, none),
  // sort_op (none, =, <, <=, >, >=, BETWEEN, begins_with), filter (yes, no),
  // direction (forward, backward), limit (yes, no), select (ALL, COUNT),
  // start_key (yes, no), error (the endpoint's error type, if any).
  std::map<std::string, std::string> shape;
  std::string detail;  // one sentence a person reads
  // {"table": schema, "items": [...], "request": {"action": ..., "params": {...}},
  //  "expected": page, "actual": page}; see workload.h for the page form.
  nlohmann::json reproduction;

  // The divergence as a person reads it: detail, shape, and the reproduction.
  std::string describe() const;
};

struct KnownDivergence {
  std::string id;
  std::string why;
  std::string property;            // exact, or a prefix ending in '/'; empty: any
  std::vector<std::string> kinds;  // "kind": one or a list; empty: any
  std::map<std::string, std::vector<std::string>> shape;
  std::string detail_pattern;
  std::optional<internal::BoundedRegex> detail;  // a search that reaches its bound: no match
  nlohmann::json reproduction;                   // null when absent

  bool matches(const Divergence& d) const;
};

struct KnownDivergences {
  std::string endpoint;  // what the file says it describes
  std::vector<KnownDivergence> entries;

  // The first entry matching `d`, or nullptr.
  const KnownDivergence* match(const Divergence& d) const;
};

// Errors (kBadFormat, naming the file and the entry): not JSON, a missing or
// empty id or why, a duplicate id, a bad regex, a match that names nothing,
// a reproduction without table, items, request or expected.
Result<KnownDivergences> parse_known_divergences(std::string_view json_text,
                                                 std::string_view source_name);
Result<KnownDivergences> load_known_divergences(const std::string& path);

// An entry ready to paste into a known-divergences file for `d` (its why
// still to be written).
nlohmann::json suggested_entry(const Divergence& d, std::string_view id);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_DIVERGENCES_H_
