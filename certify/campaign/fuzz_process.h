// File: certify/campaign/fuzz_process.h
//
// How the fuzz campaign runs libFuzzer: one child process with its output in
// a log file and a wall-clock guard, so that no run can hang the campaign.
// The child leads a process group of its own; at the deadline (or when this
// process gets SIGINT or SIGTERM) the whole group gets SIGTERM and, 5 s later,
// SIGKILL, which also ends the workers of libFuzzer's -fork mode.
//
// Example:
//   auto run = run_logged({"build/fuzz/fuzz/padded_order_fuzzer", "-help=1"}, "help.log",
//                         std::chrono::seconds(20));
//   if (!run.started) fmt::print(stderr, "{}\n", run.problem);

#ifndef SORTKEY_CERTIFY_CAMPAIGN_PROCESS_H_
#define SORTKEY_CERTIFY_CAMPAIGN_PROCESS_H_

#include <chrono>
#include <string>
#include <vector>

namespace sortkey::certify::campaign::internal {

struct LoggedRun {
  bool started = false;      // false: the program could not be run (see `problem`)
  bool timed_out = false;    // ended by the wall-clock guard
  bool interrupted = false;  // ended because this process got SIGINT or SIGTERM
  int exit_code = -1;        // valid when it exited normally
  int signal = 0;            // the signal that ended it, if one did
  double seconds = 0;        // wall time from start to exit
  std::string problem;       // why it could not run, or how it ended badly
};

// Runs argv[0] (a path; PATH is not searched) with argv, standard input from
// /dev/null and standard output and error written to `log_path` (truncated),
// the environment of this process plus `extra_env` ("NAME=value", later
// entries win). Never uses a shell, so no argument needs quoting.
// REQUIRES: !argv.empty().
LoggedRun run_logged(const std::vector<std::string>& argv, const std::string& log_path,
                     std::chrono::milliseconds timeout,
                     const std::vector<std::string>& extra_env = {});

// While an InterruptGuard lives, SIGINT and SIGTERM no longer end this process:
// they stop the running child (run_logged returns with `interrupted`) and
// interrupted() turns true, so the campaign can still write its summary.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
};

bool interrupted();

}  // namespace sortkey::certify::campaign::internal

#endif  // SORTKEY_CERTIFY_CAMPAIGN_PROCESS_H_
