#include "support/subprocess.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstring>
#include <string_view>
#include <thread>

extern char** environ;

namespace sortkey::support {
namespace {

// The process groups of the children alive now, for kill_child_groups(),
// which a signal handler calls: a fixed array of atomics, no allocation.
constexpr int kMaxGroups = 256;
std::atomic<pid_t> g_groups[kMaxGroups];

void register_group(pid_t group) {
  for (std::atomic<pid_t>& slot : g_groups) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, group)) return;
  }
}

void unregister_group(pid_t group) {
  for (std::atomic<pid_t>& slot : g_groups) {
    pid_t held = group;
    if (slot.compare_exchange_strong(held, 0)) return;
  }
}

constexpr int kExitSignals[3] = {SIGINT, SIGTERM, SIGHUP};

// Ends the children's groups, then dies of `sig` as it would have without
// this handler (its default action, so the parent sees the same status).
void on_exit_signal(int sig) {
  kill_child_groups();
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

using std::chrono::milliseconds;
using std::chrono::steady_clock;

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

std::string system_error(const char* what) {
  return fmt::format("{} failed: {}", what, std::strerror(errno));
}

std::string cannot_run(const Spawn& how, int error) {
  return fmt::format("cannot run {}: {}", how.label.empty() ? how.program : how.label,
                     std::strerror(error));
}

// This process's environment with `extra` laid over it.
std::vector<std::string> environment_with(const std::vector<std::string>& extra) {
  const auto name = [](std::string_view entry) { return entry.substr(0, entry.find('=')); };
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    if (std::none_of(extra.begin(), extra.end(), [&](auto& x) { return name(x) == name(*e); })) {
      env.emplace_back(*e);
    }
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

// Everything the child needs between fork and exec, made ready before the fork: from there on
// it makes only async-signal-safe calls.
struct ChildSide {
  const Spawn& how;
  std::vector<char*> argv, envp;
  int streams[3] = {-1, -1, -1};  // what becomes its stdin, stdout, stderr; -1: ours
  int report[2] = {-1, -1};       // a pipe for the errno of a failed exec
  pid_t parent = ::getpid();
};

// Opens the child's streams (close-on-exec) and our ends of its pipes into `ours`.
std::string open_streams(ChildSide& side, int ours[3]) {
  const Stdio kinds[3] = {side.how.in, side.how.out, side.how.err};
  for (int i = 0; i < 3; ++i) {
    int& fd = side.streams[i];
    if (kinds[i] == Stdio::kPipe) {
      int p[2];
      if (::pipe2(p, O_CLOEXEC) != 0) return system_error("pipe2");
      fd = p[i == 0 ? 0 : 1];
      ours[i] = p[i == 0 ? 1 : 0];
    } else if (kinds[i] == Stdio::kNull || kinds[i] == Stdio::kFile) {
      const char* path = kinds[i] == Stdio::kNull ? "/dev/null" : side.how.file.c_str();
      fd = ::open(path, (i == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC) | O_CLOEXEC, 0644);
      if (fd < 0) return cannot_run(side.how, errno);
    } else if (kinds[i] == Stdio::kAsStdout) {
      fd = ::fcntl(side.streams[1] >= 0 ? side.streams[1] : STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
      if (fd < 0) return system_error("fcntl");
    }
  }
  return ::pipe2(side.report, O_CLOEXEC) == 0 ? "" : system_error("pipe2");
}

[[noreturn]] void run_child(const ChildSide& side) {
  ::setpgid(0, 0);
  if (side.how.die_with_parent) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != side.parent) ::_exit(126);
  }
  for (int sig : {SIGINT, SIGTERM, SIGPIPE}) ::signal(sig, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  bool ready = true;
  for (int i = 0; i < 3; ++i) {
    const int fd = side.streams[i];  // dup2 clears close-on-exec; on itself it does not
    if (fd >= 0) ready = ready && (fd == i ? ::fcntl(fd, F_SETFD, 0) == 0 : ::dup2(fd, i) == i);
  }
  if (ready) {
    (side.how.search_path ? ::execvpe : ::execve)(side.how.program.c_str(), side.argv.data(),
                                                  side.envp.data());
  }
  const int e = errno;
  (void)!::write(side.report[1], &e, sizeof e);
  ::_exit(127);
}

Ended from_info(const siginfo_t& info) {
  Ended e;
  (info.si_code == CLD_EXITED ? e.exit_code : e.signal) = info.si_status;
  return e;
}

}  // namespace

std::string Ended::describe() const {
  if (!failure.empty()) return failure;
  if (signal != 0) return fmt::format("was killed by signal {} ({})", signal, ::strsignal(signal));
  return fmt::format("exited with status {}", exit_code);
}

Result<std::unique_ptr<Child>> Child::spawn(const Spawn& how) {
  std::vector<std::string> args = how.argv, env = environment_with(how.extra_env);
  ChildSide side{how, pointers(args), pointers(env)};
  std::unique_ptr<Child> child(new Child());
  std::string problem = open_streams(side, child->fd_);
  if (problem.empty() && (child->pid_ = ::fork()) == 0) run_child(side);
  if (problem.empty() && child->pid_ < 0) problem = system_error("fork");
  child->reaped_ = child->pid_ < 0;
  for (int& fd : side.streams) close_fd(fd);
  close_fd(side.report[1]);
  int exec_errno = 0;
  if (problem.empty()) {
    ::setpgid(child->pid_, child->pid_);  // also here: a kill of the group never races the child
    register_group(child->pid_);
    if (::read(side.report[0], &exec_errno, sizeof exec_errno) == sizeof exec_errno) {
      child->stop(0, milliseconds(0));
      problem = cannot_run(how, exec_errno);
    }
  }
  close_fd(side.report[0]);
  if (!problem.empty()) return make_error(ErrorCode::kUnavailable, 0, problem);
  for (int fd : child->fd_) {
    if (fd >= 0) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  }
  if (how.in == Stdio::kPipe) ::signal(SIGPIPE, SIG_IGN);
  return child;
}

Child::~Child() { stop(0, milliseconds(0)); }

void Child::send(std::string bytes, bool then_close) {
  input_ = std::move(bytes);
  written_ = 0;
  close_when_written_ = then_close;
  if (then_close && input_.empty()) close_input();
}

void Child::close_input() { close_fd(fd_[0]); }

std::string Child::pump(milliseconds wait) {
  // poll(2) passes over negative descriptors: the closed pipes, and stdin with nothing to write.
  pollfd fds[3] = {{written_ < input_.size() ? fd_[0] : -1, POLLOUT, 0},
                   {fd_[1], POLLIN, 0},
                   {fd_[2], POLLIN, 0}};
  if (::poll(fds, 3, static_cast<int>(std::min<long long>(wait.count(), INT_MAX))) < 0) {
    return errno == EINTR ? "" : system_error("poll");
  }
  if ((fds[0].revents & (POLLOUT | POLLERR | POLLHUP)) != 0) {
    const ssize_t w = ::write(fd_[0], input_.data() + written_, input_.size() - written_);
    if (w > 0) written_ += static_cast<std::size_t>(w);
    if ((w < 0 && errno != EAGAIN && errno != EINTR) ||
        (close_when_written_ && written_ == input_.size())) {
      close_input();
    }
  }
  char chunk[65536];
  for (int i : {1, 2}) {
    if ((fds[i].revents & (POLLIN | POLLERR | POLLHUP)) == 0) continue;
    const ssize_t r = ::read(fd_[i], chunk, sizeof chunk);
    if (r > 0) read_[i].append(chunk, static_cast<std::size_t>(r));
    if (r == 0) close_fd(fd_[i]);
    if (r < 0 && errno != EAGAIN && errno != EINTR) return system_error("read");
  }
  return "";
}

std::optional<Ended> Child::wait_for(milliseconds wait, const std::function<bool()>& give_up) {
  const auto deadline = steady_clock::now() + wait;
  while (!ended_ && !reaped_) {
    // WNOWAIT: the zombie keeps its pid, and so its process group id, until stop() has killed
    // the group; a reused id never receives that signal.
    siginfo_t info{};
    const int r = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
    if (r == 0 && info.si_pid == pid_) ended_ = from_info(info);
    if (r < 0 && errno != EINTR) ended_ = Ended{-1, 0, system_error("waitid")};
    if (ended_ || steady_clock::now() >= deadline || (give_up && give_up())) break;
    std::this_thread::sleep_for(milliseconds(5));
  }
  return ended_;
}

Ended Child::stop(int signal, milliseconds grace) {
  if (!reaped_) {
    if (signal != 0) ::kill(-pid_, signal);
    wait_for(grace);
    // The whole group, and the child itself should it have left the group.
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    siginfo_t info{};
    int r = 0;
    while ((r = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED)) < 0 && errno == EINTR) {
    }
    if (!ended_) ended_ = r == 0 ? from_info(info) : Ended{-1, 0, system_error("waitid")};
    unregister_group(pid_);
    reaped_ = true;
  }
  for (int& fd : fd_) close_fd(fd);
  return ended_.value_or(Ended{});
}

ProcessResult run_process(const std::vector<std::string>& argv, const std::string& input,
                          milliseconds timeout, const std::vector<std::string>& extra_env,
                          std::size_t max_output) {
  ProcessResult result;
  auto spawned = Child::spawn({.program = argv.at(0),
                               .argv = argv,
                               .search_path = true,
                               .in = Stdio::kPipe,
                               .out = Stdio::kPipe,
                               .err = Stdio::kPipe,
                               .extra_env = extra_env,
                               .die_with_parent = true});
  if (!spawned) {
    result.problem = spawned.error().message;
    return result;
  }
  Child& child = **spawned;
  result.started = true;
  child.send(input, /*then_close=*/true);
  const auto deadline = steady_clock::now() + timeout;
  const auto left = [&] {
    return std::chrono::duration_cast<milliseconds>(deadline - steady_clock::now());
  };
  while ((child.out_open() || child.err_open()) && result.problem.empty() && !result.timed_out) {
    result.timed_out = left().count() <= 0;
    if (!result.timed_out) result.problem = child.pump(left());
    if (child.out().size() + child.err().size() > max_output) {
      result.problem = "wrote more than " + std::to_string(max_output) + " bytes";
    }
  }
  // With its output closed, it still has until the deadline to exit.
  if (!result.timed_out && result.problem.empty()) result.timed_out = !child.wait_for(left());
  const Ended ended = child.stop(SIGKILL, milliseconds(0));
  result.exit_code = ended.exit_code;
  result.signal = ended.signal;
  result.out = std::move(child.out());
  result.err = std::move(child.err());
  if (result.timed_out) {
    result.problem = "killed after " + std::to_string(timeout.count()) + " ms without finishing";
  }
  return result;
}

void kill_child_groups() {
  for (std::atomic<pid_t>& slot : g_groups) {
    const pid_t group = slot.load();
    if (group > 0) ::kill(-group, SIGKILL);
  }
}

void install_exit_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_exit_signal;
  sigemptyset(&sa.sa_mask);
  for (int sig : kExitSignals) ::sigaction(sig, &sa, nullptr);
}

}  // namespace sortkey::support
