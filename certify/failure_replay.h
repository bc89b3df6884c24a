// File: certify/failure_replay.h
//
// The failure store at work in a run of `sortkey certify --failures DIR`
// (the entries' format: failure_store.h). Before anything new, every stored
// failure of a chosen property on a target of the same kind is replayed: its
// minimal case alone, by its reproduce string; when the property's
// generators changed since and RapidCheck cannot walk that case's shrink
// path, by the seed and cases of the run that found it. A failure that fails
// again is that property's result (no new cases are drawn for it); one that
// passes counts a pass. After the run every new failure is stored, a replay
// that failed starts its count again, and an entry whose replay has passed
// `retire_after` runs in a row is removed. A regression gate so never forgets
// a failure it has seen until it has seen it fixed.
//
// A target that keeps its failing cases as data (Target::store_key, a
// design of `sortkey design check --failures`) replays them itself
// (Target::replay_case) on the entries of its own key; there is no replay by
// seed, and a case it cannot run any more is "not replayed" and kept.
//
// Example:
//   auto store = FailureStore::open(".sortkey/failures", 3);
//   if (!store) return store.error();
//   std::map<std::string, props::RunReport> failed = store->replay(chosen, settings);
//   ... run the rest, fill `cert` ...
//   auto saved = store->update(cert, chosen);   // writes, removes; the lines to print

#ifndef SORTKEY_CERTIFY_FAILURE_REPLAY_H_
#define SORTKEY_CERTIFY_FAILURE_REPLAY_H_

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "certify/failure_store.h"
#include "certify/record.h"
#include "certify/run.h"
#include "properties/runner.h"
#include "sortkey/error.h"

namespace sortkey::certify {

// The default store of `--failures` given without a directory.
inline constexpr const char* kDefaultFailureStore = ".sortkey/failures";

class FailureStore {
 public:
  // The store `dir` read (failure_store.h's errors); `retire_after` >= 1.
  static Result<FailureStore> open(const std::string& dir, int retire_after);

  // Replays the stored failures of the chosen properties, each against the
  // target it is chosen on when that target is of the entry's kind; returns
  // the reports of the properties whose stored failure failed again, by id.
  std::map<std::string, props::RunReport> replay(const std::vector<ChosenProperty>& chosen,
                                                 const props::RunSettings& settings);
  // What replay() did, one line per entry replayed, after a header line; ""
  // when nothing was replayed.
  std::string replay_lines() const;
  // The note a property's result carries when its stored failure failed again.
  std::string note_for(const std::string& id) const;

  // Stores the failures of `cert` (catalog properties of the chosen
  // targets), counts or retires the replayed entries, and returns the lines
  // that say so. Errors: an entry that cannot be written or removed.
  Result<std::string> update(const Certification& cert, const std::vector<ChosenProperty>& chosen,
                             const std::string& command);

  // What the store did, for the reports (Certification::failure_store):
  // {"dir", "retire_after", "replayed": [{"property", "file", "found_at",
  // "how", "result": "failed again" | "passed" | "not replayed", "passes",
  // "message"}], "stored": [{"property", "file"}], "retired": [{"property",
  // "file", "passes"}], "counts": {"replayed", "failed_again", "passed",
  // "not_replayed", "retired", "stored"}}; "stored" and "retired" once
  // update() ran.
  nlohmann::json record() const;

 private:
  struct Replayed {
    StoredFailure entry;
    std::string file;
    props::Verdict verdict = props::Verdict::kError;
    bool by_seed = false;  // the reproduce string could not be walked: replayed by seed
    std::string message;
    props::RunReport report;  // the replay's report when it failed again
  };

  std::string dir_;
  int retire_after_ = 3;
  std::vector<StoredFailure> entries_;
  static std::string store_how(const Replayed& r);

  std::vector<Replayed> replayed_;
  nlohmann::json stored_ = nlohmann::json::array();
  nlohmann::json retired_ = nlohmann::json::array();
};

}  // namespace sortkey::certify

#endif  // SORTKEY_CERTIFY_FAILURE_REPLAY_H_
