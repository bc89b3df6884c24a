// File: certify/run.h
//
// The run loop of `sortkey certify`: the chosen properties of every target
// (target.h) under one seed and one number of cases, with a progress line on
// a terminal, then the targets' further results, the table, the closing
// notes, and the targets closed. Whatever the targets are, the loop is the
// same.
//
// Example:
//
//   TargetList targets;
//   targets.push_back(builtin_target());
//   RunOptions options;
//   options.cases = 1000;
//   auto cert = run_certification(targets, options);
//   if (!cert) { fmt::print(stderr, "sortkey certify: {}\n", cert.error().message); return 2; }
//   return cert->certified() ? 0 : 1;

#ifndef SORTKEY_CERTIFY_RUN_H_
#define SORTKEY_CERTIFY_RUN_H_

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "certify/record.h"
#include "certify/target.h"
#include "sortkey/error.h"

namespace sortkey::certify {

struct ChosenProperty;

// What a batch runner says while it runs, for the progress on stderr.
struct BatchProgress {
  // A property's report, as soon as it has ended (in the order they end).
  std::function<void(const props::RunReport&)> finished;
  // Now and then (about once a second): the ids of the properties running.
  std::function<void(const std::vector<std::string>&)> running;
};

// Runs chosen catalog properties and returns their reports in the order
// given; after the first that does not pass it may stop (with fail_fast).
// `sortkey certify --jobs` runs them in worker processes (certify/jobs.h).
using BatchRunner = std::function<Result<std::vector<props::RunReport>>(
    const std::vector<ChosenProperty>&, const props::RunSettings&, const BatchProgress&)>;

struct RunOptions {
  int cases = 1000;
  std::optional<std::uint64_t> seed;    // none: props::kDefaultSeed
  bool fresh_seed = false;              // draw a random seed (printed)
  std::vector<std::string> properties;  // ids, codecs or prefixes ending in '/'; empty: all
  std::string corpus_dir;               // hashed into the certificate; "": none
  // The failure store (failure_replay.h): its failures replayed before
  // anything new, every new failure kept in it; "": none.
  std::string failures_dir;
  int retire_after = 3;  // passing replays in a row that remove a stored failure
  // Progress on stderr: on a terminal one line rewritten in place, else (a CI
  // log) one line per property as it ends, and a line naming what still runs
  // when a property takes long; none with no_progress or quiet.
  bool no_progress = false;
  std::chrono::seconds progress_quiet{30};  // in a log: a line naming what runs after this silence
  bool quiet = false;                       // stdout: only the failures and the verdict line
  bool fail_fast = false;                   // stop at the first property that does not pass
  std::string suite_version;                // recorded in the certificate
  std::string source_commit;                // the commit the suite was built from, "" if unknown
  std::string command = "sortkey certify";  // what the header and the replay commands name
  BatchRunner run_batch;                    // unset: each property here, one after another
  // Told of each catalog property as soon as it is judged (a --jobs worker
  // passes it on to the process that runs it).
  std::function<void(const CertifiedProperty&)> on_property;
  // Asked before each property runs here: false leaves it to another process
  // (a --jobs worker runs the properties it claims). Unset: all run here.
  std::function<bool(const std::string& id)> claim;
};

// An entry of a target's catalog, chosen by the selection.
struct ChosenProperty {
  Target* target;
  const props::PropertyEntry* entry;
};

// The entries of every target that `filters` selects (all when empty): an
// id, a codec, or a prefix ending in '/'. Error: none matches.
Result<std::vector<ChosenProperty>> choose_properties(const TargetList& targets,
                                                      const std::vector<std::string>& filters);

// Runs the certification and prints its header, table and closing notes on
// standard output. A run that could not go on (nothing selected, an
// unreadable corpus, a target that broke) still returns its record, with
// `stopped` saying why and the results until then, so that the reports can
// say it too.
Certification run_certification(TargetList& targets, const RunOptions& options);

}  // namespace sortkey::certify

#endif  // SORTKEY_CERTIFY_RUN_H_
