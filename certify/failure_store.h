// File: certify/failure_store.h
//
// The failure store of `sortkey certify --failures DIR`: every property
// failure a run finds is kept as one JSON file in DIR, replayed before
// anything new on the next run (certify/failure_replay.h), and removed once
// its replay has passed a number of runs in a row. This file is the entry's
// format and the store's reading, which must survive any file: the store is
// a directory anyone can write to, and RapidCheck decodes a reproduce string
// without bounds (properties/reproduce_string.h says what is accepted).
//
// One entry, "<kind>-<property>-<hash>.json", the hash over the property
// and its reproduce string (the same failure found again is the same file):
//
//   {"format": "sortkey-failure/1",
//    "target_kind": "adapter",              // the target it failed on: built-in, adapter, design
//    "target": "broken adapter (python3 broken.py)",   // what it was; a design's key (below)
//    "property": "name/neighbours",         // the catalog id
//    "seed": 20260623, "cases": 1000,       // the run that found it
//    "reproduce": "reproduce=...",          // RapidCheck's minimal case, replayed first
//    "message": "...",                      // why it failed
//    "counterexample": [["type", "value"], ...],   // the minimal case, shrunk
//    "replay": "sortkey certify ... --property name/neighbours",
//    "found_at": "2026-12-03T16:00:00Z",
//    "passes": 0}                           // replays passed in a row since
//
// An entry of `sortkey design check --failures` (target_kind "design") keeps
// its failing case as data instead of a reproduce string, so that the case
// replays against the design as it is now, whatever its templates became:
// "target" is the design's key, "design <name> (<path>)", which a fixed
// design file keeps; "reproduce" is ""; and "case" holds the population
// (entities by type, values by attribute, as the design file writes
// literals), the pattern's parameters and page Limit, the index, the update
// or the width's value (design/failure_case.h reads it against a design):
//
//    "case": {"population": [{"entity": "Person", "values": {"last": "X"}}],
//             "params": {"city": "A"}, "page_limit": 1}
//
// The hash of a design entry's name is over its kind, key, property and case.
// Example:
//   auto entries = read_failure_store("build/failures");
//   if (!entries) return entries.error();   // "the failure store ...: <file>: <why>"
//   for (const StoredFailure& f : *entries) ... f.property, f.reproduce ...

#ifndef SORTKEY_CERTIFY_FAILURE_STORE_H_
#define SORTKEY_CERTIFY_FAILURE_STORE_H_

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sortkey/error.h"

namespace sortkey::certify {

inline constexpr std::string_view kFailureFormat = "sortkey-failure/1";
inline constexpr std::size_t kMaxFailureFileBytes = std::size_t{4} << 20;
inline constexpr std::size_t kMaxStoredFailures = 10000;
inline constexpr int kMaxFailurePasses = 1000000;
// A design entry's case: at most this many entities, parameters, values.
inline constexpr std::size_t kMaxStoredCaseItems = 10000;

struct StoredFailure {
  std::string target_kind;
  std::string target;
  std::string property;
  std::uint64_t seed = 0;
  int cases = 0;
  std::string reproduce;
  std::string message;
  std::vector<std::pair<std::string, std::string>> counterexample;
  std::string replay;
  std::string found_at;
  int passes = 0;
  // target_kind "design": the failing case as data (the form above); null
  // for the other kinds.
  nlohmann::json failing_case;

  bool operator==(const StoredFailure&) const = default;
};

// `text` read as an entry of the form above; `what` names it in errors.
// Errors (kBadFormat): "<what>: <why>" (not JSON, a member missing or of
// another type, an unknown format, a target kind other than built-in,
// adapter and design, a reproduce string refused or for another property,
// cases or passes out of range, a design entry without a case of the form
// above).
Result<StoredFailure> parse_stored_failure(std::string_view text, std::string_view what);

// The entry's file text, which parse_stored_failure reads back as `f`.
std::string stored_failure_text(const StoredFailure& f);

// The entry's file name in the store: "<kind>-<property>-<16 hex>.json",
// the property's '/' and anything but [a-z0-9_] as '-'; the hash over the
// kind, property and reproduce string, and for a design entry also its
// target and case.
std::string stored_failure_file(const StoredFailure& f);

// Every entry of the store `dir` (its *.json files), by file name. A
// missing directory is an empty store. Errors (kBadParameter): "the failure
// store <dir>: <why>" (not a directory, more than kMaxStoredFailures
// entries, an entry unreadable or refused by parse_stored_failure, or
// stored under another name than stored_failure_file gives it).
Result<std::vector<StoredFailure>> read_failure_store(const std::string& dir);

}  // namespace sortkey::certify

#endif  // SORTKEY_CERTIFY_FAILURE_STORE_H_
