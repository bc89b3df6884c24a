#include "certify/adapter/adapter_process.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <thread>

namespace sortkey::certify::adapter {
namespace {

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return fmt::format("exited with status {}", WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    return fmt::format("was killed by signal {} ({})", WTERMSIG(status),
                       ::strsignal(WTERMSIG(status)));
  }
  return "stopped";
}

std::string system_error(const char* what) {
  return fmt::format("{} failed: {}", what, std::strerror(errno));
}

// The process groups of the live adapters, for the signal handler: a
// certifier stopped by Ctrl-C or `kill` takes its adapters with it (their own
// groups do not get the terminal's SIGINT).
constexpr int kMaxGroups = 16;
std::atomic<pid_t> g_groups[kMaxGroups];
int g_live = 0;
struct sigaction g_old_int {};
struct sigaction g_old_term {};
struct sigaction g_old_hup {};

void on_signal(int sig) {
  for (auto& g : g_groups) {
    const pid_t p = g.load();
    if (p > 0) ::kill(-p, SIGKILL);
  }
  // Then whatever was there before (the default: terminate), for this signal.
  ::sigaction(sig, sig == SIGINT ? &g_old_int : (sig == SIGTERM ? &g_old_term : &g_old_hup), nullptr);
  ::raise(sig);
}

void watch_group(pid_t pgid) {
  bool watched = false;
  for (auto& g : g_groups) {
    pid_t empty = 0;
    if (g.compare_exchange_strong(empty, pgid)) {
      watched = true;
      break;
    }
  }
  if (watched && g_live++ == 0) {
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGINT, &sa, &g_old_int);
    ::sigaction(SIGTERM, &sa, &g_old_term);
    ::sigaction(SIGHUP, &sa, &g_old_hup);
  }
}

void unwatch_group(pid_t pgid) {
  for (auto& g : g_groups) {
    pid_t mine = pgid;
    if (g.compare_exchange_strong(mine, 0)) {
      if (--g_live == 0) {
        ::sigaction(SIGINT, &g_old_int, nullptr);
        ::sigaction(SIGTERM, &g_old_term, nullptr);
        ::sigaction(SIGHUP, &g_old_hup, nullptr);
      }
      return;
    }
  }
}

}  // namespace

std::unique_ptr<AdapterProcess> AdapterProcess::start(const std::string& command,
                                                      std::string* problem) {
  ::signal(SIGPIPE, SIG_IGN);
  int in[2] = {-1, -1}, out[2] = {-1, -1}, exec_pipe[2] = {-1, -1};
  if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 ||
      ::pipe2(exec_pipe, O_CLOEXEC) != 0) {
    *problem = system_error("pipe2");
    for (int* fd : {&in[0], &in[1], &out[0], &out[1], &exec_pipe[0], &exec_pipe[1]}) close_fd(*fd);
    return nullptr;
  }
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    *problem = system_error("fork");
    for (int* fd : {&in[0], &in[1], &out[0], &out[1], &exec_pipe[0], &exec_pipe[1]}) close_fd(*fd);
    return nullptr;
  }
  if (pid == 0) {
    // The child: only async-signal-safe calls until exec.
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(126);
    ::signal(SIGPIPE, SIG_DFL);
    ::dup2(in[0], STDIN_FILENO);
    ::dup2(out[1], STDOUT_FILENO);
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    const int e = errno;
    (void)!::write(exec_pipe[1], &e, sizeof e);
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also here, so that a kill of the group never races the child's own call
  watch_group(pid);
  close_fd(in[0]);
  close_fd(out[1]);
  close_fd(exec_pipe[1]);
  int exec_errno = 0;
  const bool exec_failed =
      ::read(exec_pipe[0], &exec_errno, sizeof exec_errno) == sizeof exec_errno;
  close_fd(exec_pipe[0]);
  std::unique_ptr<AdapterProcess> p(new AdapterProcess());
  p->pid_ = pid;
  p->to_child_ = in[1];
  p->from_child_ = out[0];
  if (exec_failed) {
    *problem = fmt::format("cannot run /bin/sh: {}", std::strerror(exec_errno));
    p->stop(std::chrono::milliseconds(0));
    return nullptr;
  }
  ::fcntl(p->to_child_, F_SETFL, ::fcntl(p->to_child_, F_GETFL) | O_NONBLOCK);
  ::fcntl(p->from_child_, F_SETFL, ::fcntl(p->from_child_, F_GETFL) | O_NONBLOCK);
  return p;
}

AdapterProcess::~AdapterProcess() { stop(std::chrono::milliseconds(500)); }

std::string AdapterProcess::reap(std::chrono::milliseconds wait) {
  if (exited_) return ended_;
  if (pid_ < 0) return "";
  const auto deadline = std::chrono::steady_clock::now() + wait;
  for (;;) {
    // WNOWAIT: the zombie keeps its pid, and so its process group id, until
    // stop() has killed the group; a reused id never receives that signal.
    siginfo_t info{};
    const int r = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
    if (r == 0 && info.si_pid == pid_) {
      exited_ = true;
      ended_ = info.si_code == CLD_EXITED
                   ? fmt::format("exited with status {}", info.si_status)
                   : fmt::format("was killed by signal {} ({})", info.si_status,
                                 ::strsignal(info.si_status));
      return ended_;
    }
    if (r < 0 && errno != EINTR) {
      exited_ = true;
      ended_ = system_error("waitid");
      return ended_;
    }
    if (std::chrono::steady_clock::now() >= deadline) return "";
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

std::string AdapterProcess::stop(std::chrono::milliseconds grace) {
  if (pid_ < 0) return ended_;
  close_fd(to_child_);
  reap(grace);
  // The whole group: a shell's children and whatever they started; and the
  // child itself, should it have left the group.
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  if (!exited_) {
    exited_ = true;
    ended_ = describe_status(status);
  }
  close_fd(from_child_);
  unwatch_group(pid_);
  pid_ = -1;
  return ended_;
}

ExchangeResult AdapterProcess::exchange(const std::vector<std::string>& requests,
                                        std::chrono::milliseconds timeout, std::size_t max_line) {
  ExchangeResult result;
  std::string out;
  for (const std::string& r : requests) {
    out += r;
    out += '\n';
  }
  std::size_t written = 0;
  auto deadline = std::chrono::steady_clock::now() + timeout;
  char chunk[65536];
  const auto fail = [&](ProcessFailure f, std::string problem) {
    result.failure = f;
    result.problem = std::move(problem);
    return result;
  };
  while (result.lines.size() < requests.size()) {
    // Complete lines first: they may have arrived with an earlier read.
    const std::size_t nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      if (nl > max_line) {
        return fail(ProcessFailure::kLineTooLong,
                    fmt::format("sent a line of {} bytes, longer than the limit of {} bytes", nl,
                                max_line));
      }
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      result.lines.push_back(std::move(line));
      deadline = std::chrono::steady_clock::now() + timeout;
      continue;
    }
    if (buffer_.size() > max_line) {
      return fail(
          ProcessFailure::kLineTooLong,
          fmt::format("sent more than {} bytes without a newline (the line limit)", max_line));
    }
    if (eof_ || from_child_ < 0) {
      const std::string how = reap(std::chrono::milliseconds(1000));
      std::string problem =
          how.empty() ? "closed its standard output (the process is still running)" : how;
      if (!buffer_.empty())
        problem += fmt::format(" after an unterminated line of {} bytes", buffer_.size());
      return fail(ProcessFailure::kExited, problem);
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      return fail(ProcessFailure::kTimeout,
                  fmt::format("sent no complete answer line within {} ms", timeout.count()));
    }
    pollfd fds[2];
    nfds_t n = 0;
    const bool writing = to_child_ >= 0 && written < out.size();
    fds[n++] = {from_child_, POLLIN, 0};
    if (writing) fds[n++] = {to_child_, POLLOUT, 0};
    const int ready = ::poll(fds, n, static_cast<int>(left.count()) + 1);
    if (ready < 0) {
      if (errno == EINTR) continue;
      return fail(ProcessFailure::kSystem, system_error("poll"));
    }
    if (writing && (fds[1].revents & (POLLOUT | POLLERR | POLLHUP)) != 0) {
      const ssize_t w = ::write(to_child_, out.data() + written, out.size() - written);
      if (w > 0) {
        written += static_cast<std::size_t>(w);
      } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
        // EPIPE: it stopped reading. Its answers so far may still come.
        close_fd(to_child_);
      }
    }
    if ((fds[0].revents & (POLLIN | POLLERR | POLLHUP)) != 0) {
      const ssize_t r = ::read(from_child_, chunk, sizeof chunk);
      if (r > 0) {
        buffer_.append(chunk, static_cast<std::size_t>(r));
      } else if (r == 0) {
        eof_ = true;
      } else if (errno != EAGAIN && errno != EINTR) {
        return fail(ProcessFailure::kSystem, system_error("read"));
      }
    }
  }
  return result;
}

}  // namespace sortkey::certify::adapter
