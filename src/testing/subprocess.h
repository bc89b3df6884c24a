// File: src/testing/subprocess.h (test-only)
//
// Runs a helper program (the Node.js peer of the differential tests) with
// bytes on its standard input, collects its standard output and error, and
// never hangs: writing and reading are interleaved with poll(2), so neither
// side can block on a full pipe, and the process group is killed at the
// deadline.

#ifndef SORTKEY_TESTING_SUBPROCESS_H_
#define SORTKEY_TESTING_SUBPROCESS_H_

#include <chrono>
#include <string>
#include <vector>

namespace sortkey::testing {

struct ProcessResult {
  bool started = false;     // false: the program could not be run (see `problem`)
  bool timed_out = false;   // killed at the deadline
  int exit_code = -1;       // valid when it exited normally
  int signal = 0;           // the signal that ended it, if any
  std::string out;          // its standard output
  std::string err;          // its standard error
  std::string problem;      // why it could not run, or how it ended badly
};

// Runs argv[0] (looked up on PATH) with `input` on stdin, and `extra_env`
// ("NAME=value") added to the environment. REQUIRES: !argv.empty().
// Ignores SIGPIPE in this process, so a peer that exits early is a result,
// not a crash.
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& input,
                          std::chrono::milliseconds timeout,
                          const std::vector<std::string>& extra_env = {});

}  // namespace sortkey::testing

#endif  // SORTKEY_TESTING_SUBPROCESS_H_
