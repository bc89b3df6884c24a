// File: tools/certify_jobs.h
//
// `sortkey certify --jobs N`: the chosen catalog properties run in N worker
// processes at once. RapidCheck keeps its state per process, so each worker
// is this program again (`sortkey certify` with the same target, seed and
// cases, and a subset of the properties named one by one), which writes its
// results as JSON (--worker-results FILE); the parent reads them back and
// hands them to the run loop in the order a serial run has them, so the
// table, the certificate, the JUnit and the Markdown hold the same results
// as with --jobs 1, their timings apart. Properties are dealt to the workers
// in turn (the first to worker 1, the second to worker 2, ...). A worker
// that cannot run (exit 2) stops the certification with its reason.
//
// Example:
//   certify::RunOptions run;
//   run.run_batch = worker_batch({{"--codec-cmd", "python3 adapter.py"}, 4, false});

#ifndef SORTKEY_TOOLS_CERTIFY_JOBS_H_
#define SORTKEY_TOOLS_CERTIFY_JOBS_H_

#include <string>
#include <string_view>
#include <vector>

#include "certify/record.h"
#include "certify/run.h"
#include "sortkey/error.h"

namespace sortkey::cli {

struct WorkerPlan {
  std::vector<std::string> target_args;  // the options that open the same target in a worker
  int jobs = 1;                          // worker processes, at most one per property
  bool fail_fast = false;                // each worker stops at its first failure
};

// The run loop's batch runner (certify::RunOptions::run_batch) of the plan.
certify::BatchRunner worker_batch(WorkerPlan plan);

// A worker's results: the run reports of its catalog properties, in order.
std::string worker_results_json(const certify::Certification& cert);
// Errors (kBadFormat): not the JSON worker_results_json writes.
Result<std::vector<props::RunReport>> parse_worker_results(std::string_view text);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_CERTIFY_JOBS_H_
