// File: certify/jobs.h
//
// `sortkey certify --jobs N`: the chosen catalog properties run in N worker
// processes at once. RapidCheck keeps its state per process, so each worker
// is this program again (`sortkey certify` with the same target, seed and
// cases, and a subset of the properties named one by one), which writes its
// results as JSON lines (--worker-results FILE) as it goes: a report as soon
// as a property is judged, and last the requests its targets sent. The
// parent reads them as they come, says each on the progress (run.h), counts
// the requests with its own targets' (Target::add_worker_requests), and
// hands the reports to the run loop in the order a serial run has them, so
// the table, the certificate, the JUnit and the Markdown hold the same
// results as with --jobs 1, their timings apart. The workers share the
// properties out as they go (PropertyClaims): each takes the next one in the
// serial order that no other has taken, so a long property does not hold up
// a fixed share of the others. A worker that cannot run (exit 2) stops the
// certification with its reason.
//
// Example:
//   RunOptions run;
//   run.run_batch = worker_batch({{"--codec-cmd", "python3 adapter.py"}, 4, false});

#ifndef SORTKEY_CERTIFY_JOBS_H_
#define SORTKEY_CERTIFY_JOBS_H_

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "certify/record.h"
#include "certify/run.h"
#include "sortkey/error.h"

namespace sortkey::certify {

struct WorkerPlan {
  std::vector<std::string> target_args;  // the options that open the same target in a worker
  int jobs = 1;                          // worker processes, at most one per property
  bool fail_fast = false;                // each worker stops at its first failure
};

// The run loop's batch runner (RunOptions::run_batch) of the plan.
BatchRunner worker_batch(WorkerPlan plan);

// The properties of one run, shared out among its workers: a worker takes a
// property by making a file named for it in the run's scratch directory
// (O_CREAT | O_EXCL: exactly one worker succeeds). Ids are taken in the serial
// order, so the taken ones are always a prefix of it. With --fail-fast the
// worker that meets a failure calls stop(), and no worker takes another.
class PropertyClaims {
 public:
  explicit PropertyClaims(std::string dir) : dir_(std::move(dir)) {}
  // Whether this worker now holds `id`: false when another took it first, the
  // run was stopped, or the file cannot be made (then no worker reports it,
  // and the parent says so).
  bool take(const std::string& id) const;
  void stop() const;

 private:
  std::string dir_;
};

// A worker's results file, written as the worker runs: a line naming the
// format, a line as each catalog property starts and one as soon as it is
// judged, and last a line with the requests each of its targets sent
// (Target::requests).
class WorkerResultsFile {
 public:
  // Errors (kUnavailable): the file cannot be created.
  static Result<std::unique_ptr<WorkerResultsFile>> create(const std::string& path);
  WorkerResultsFile(const WorkerResultsFile&) = delete;
  WorkerResultsFile& operator=(const WorkerResultsFile&) = delete;
  ~WorkerResultsFile();

  void started(const std::string& id);
  void property(const certify::CertifiedProperty& p);
  // Writes the last line and closes the file. Errors (kUnavailable): a line
  // could not be written.
  Result<void> end(const certify::TargetList& targets);

 private:
  WorkerResultsFile(std::string path, std::FILE* file) : path_(std::move(path)), file_(file) {}
  void line(const std::string& text);

  std::string path_;
  std::FILE* file_;
  bool failed_ = false;
};

// What the lines of a worker's results file read so far say.
struct WorkerResults {
  bool started = false;                          // the format line was read
  std::vector<std::string> taken;                // the ids it started, in the order it took them
  std::vector<props::RunReport> reports;         // in the order the worker ran them
  std::map<std::string, std::int64_t> requests;  // by target name, from the last line
  bool ended = false;                            // the last line was read
};
// Adds `lines`, complete lines of a worker's results file (each ending in
// '\n'), to `into`. Errors (kBadFormat): a line that the worker does not write.
Result<void> parse_worker_lines(std::string_view lines, WorkerResults& into);

}  // namespace sortkey::certify

#endif  // SORTKEY_CERTIFY_JOBS_H_
