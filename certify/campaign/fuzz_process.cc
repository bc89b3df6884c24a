#include "certify/campaign/fuzz_process.h"

#include <signal.h>

#include <csignal>

#include "support/subprocess.h"

namespace sortkey::certify::campaign::internal {
namespace {

volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void on_interrupt(int) { g_interrupted = 1; }

struct sigaction g_old_int {};
struct sigaction g_old_term {};

}  // namespace

InterruptGuard::InterruptGuard() {
  g_interrupted = 0;
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  ::sigaction(SIGINT, &sa, &g_old_int);
  ::sigaction(SIGTERM, &sa, &g_old_term);
}

InterruptGuard::~InterruptGuard() {
  ::sigaction(SIGINT, &g_old_int, nullptr);
  ::sigaction(SIGTERM, &g_old_term, nullptr);
}

bool interrupted() { return g_interrupted != 0; }

LoggedRun run_logged(const std::vector<std::string>& argv, const std::string& log_path,
                     std::chrono::milliseconds timeout, const std::vector<std::string>& extra_env) {
  LoggedRun run;
  const auto t0 = std::chrono::steady_clock::now();
  Result<std::unique_ptr<support::Child>> child =
      support::Child::spawn({.program = argv.at(0),
                             .argv = argv,
                             .in = support::Stdio::kNull,
                             .out = support::Stdio::kFile,
                             .err = support::Stdio::kAsStdout,
                             .file = log_path,
                             .extra_env = extra_env,
                             .label = argv[0] + " (log " + log_path + ")"});
  if (!child) {
    run.problem = child.error().message;
    return run;
  }
  run.started = true;
  const std::optional<support::Ended> done =
      (*child)->wait_for(timeout, [] { return g_interrupted != 0; });
  if (!done) {
    run.interrupted = g_interrupted != 0;
    run.timed_out = !run.interrupted;
  } else if (!done->failure.empty()) {
    run.problem = done->failure;
  }
  // SIGTERM first, then SIGKILL 5 s later; also ends the workers that outlived their parent.
  const support::Ended ended = (*child)->stop(SIGTERM, std::chrono::seconds(5));
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  run.exit_code = ended.exit_code;
  run.signal = ended.signal;
  if (run.timed_out) {
    run.problem =
        "stopped by the wall-clock guard after " + std::to_string(timeout.count() / 1000) + " s";
  } else if (run.interrupted) {
    run.problem = "interrupted";
  }
  return run;
}

}  // namespace sortkey::certify::campaign::internal
