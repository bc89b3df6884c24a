#include "certify/fuzz/fuzz_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>

extern char** environ;

namespace sortkey::certify::fuzz::internal {
namespace {

volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void on_interrupt(int) { g_interrupted = 1; }

struct sigaction g_old_int {};
struct sigaction g_old_term {};

std::string name_of(const std::string& entry) { return entry.substr(0, entry.find('=')); }

// The environment of this process with `extra` laid over it.
std::vector<std::string> environment_with(const std::vector<std::string>& extra) {
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry(*e);
    bool replaced = false;
    for (const std::string& x : extra) replaced = replaced || name_of(x) == name_of(entry);
    if (!replaced) env.push_back(entry);
  }
  env.insert(env.end(), extra.begin(), extra.end());
  return env;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> p;
  for (std::string& s : strings) p.push_back(s.data());
  p.push_back(nullptr);
  return p;
}

void sleep_ms(long ms) {
  timespec ts{ms / 1000, (ms % 1000) * 1000000L};
  while (::nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// SIGTERM to the group, then SIGKILL if anything is left after 5 s; reaps pid.
int stop_group(pid_t pid) {
  ::kill(-pid, SIGTERM);
  int status = 0;
  for (int i = 0; i < 250; ++i) {
    const pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid) {
      ::kill(-pid, SIGKILL);  // workers that outlived their parent
      return status;
    }
    sleep_ms(20);
  }
  ::kill(-pid, SIGKILL);
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

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
  std::vector<std::string> args = argv;
  std::vector<std::string> env = environment_with(extra_env);
  std::vector<char*> arg_ptrs = pointers(args);
  std::vector<char*> env_ptrs = pointers(env);

  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_init(&attr);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  // A group of its own, so the guard can end libFuzzer's workers too; default
  // handlers and an empty mask, whatever this process has set up.
  sigset_t defaults, empty;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  sigaddset(&defaults, SIGPIPE);
  sigemptyset(&empty);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setsigmask(&attr, &empty);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  const auto t0 = std::chrono::steady_clock::now();
  pid_t pid = -1;
  const int err =
      ::posix_spawn(&pid, args[0].c_str(), &actions, &attr, arg_ptrs.data(), env_ptrs.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (err != 0) {  // glibc reports a failed exec or open of the log here
    run.problem = "cannot run " + argv[0] + " (log " + log_path + "): " + std::strerror(err);
    return run;
  }
  run.started = true;

  const auto deadline = t0 + timeout;
  int status = 0;
  while (true) {
    const pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid) break;
    if (r < 0 && errno != EINTR) {
      run.problem = std::string("waitpid failed: ") + std::strerror(errno);
      status = stop_group(pid);
      break;
    }
    if (g_interrupted != 0) {
      run.interrupted = true;
      status = stop_group(pid);
      break;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      run.timed_out = true;
      status = stop_group(pid);
      break;
    }
    sleep_ms(20);
  }
  run.seconds = seconds_since(t0);
  if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
  if (run.timed_out) {
    run.problem =
        "stopped by the wall-clock guard after " + std::to_string(timeout.count() / 1000) + " s";
  } else if (run.interrupted) {
    run.problem = "interrupted";
  }
  return run;
}

}  // namespace sortkey::certify::fuzz::internal
