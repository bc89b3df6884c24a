#include "testing/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

extern char** environ;

namespace sortkey::testing {
namespace {

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, const std::string& input,
                          std::chrono::milliseconds timeout,
                          const std::vector<std::string>& extra_env) {
  ProcessResult result;
  ::signal(SIGPIPE, SIG_IGN);
  int in_pipe[2], out_pipe[2], err_pipe[2], exec_pipe[2];
  if (::pipe2(in_pipe, O_CLOEXEC) != 0 || ::pipe2(out_pipe, O_CLOEXEC) != 0 ||
      ::pipe2(err_pipe, O_CLOEXEC) != 0 || ::pipe2(exec_pipe, O_CLOEXEC) != 0) {
    result.problem = std::string("pipe2 failed: ") + std::strerror(errno);
    return result;
  }
  std::vector<std::string> env_strings;
  for (char** e = environ; *e != nullptr; ++e) env_strings.emplace_back(*e);
  env_strings.insert(env_strings.end(), extra_env.begin(), extra_env.end());
  std::vector<char*> env;
  for (auto& s : env_strings) env.push_back(s.data());
  env.push_back(nullptr);
  std::vector<std::string> args_copy = argv;
  std::vector<char*> args;
  for (auto& a : args_copy) args.push_back(a.data());
  args.push_back(nullptr);

  const pid_t pid = ::fork();
  if (pid < 0) {
    result.problem = std::string("fork failed: ") + std::strerror(errno);
    return result;
  }
  if (pid == 0) {
    ::setpgid(0, 0);
    ::dup2(in_pipe[0], 0);
    ::dup2(out_pipe[1], 1);
    ::dup2(err_pipe[1], 2);
    ::execvpe(args[0], args.data(), env.data());
    const int e = errno;
    (void)!::write(exec_pipe[1], &e, sizeof e);
    ::_exit(127);
  }
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  ::close(exec_pipe[1]);
  int exec_errno = 0;
  if (::read(exec_pipe[0], &exec_errno, sizeof exec_errno) == sizeof exec_errno) {
    ::close(exec_pipe[0]);
    ::close(in_pipe[1]);
    ::close(out_pipe[0]);
    ::close(err_pipe[0]);
    ::waitpid(pid, nullptr, 0);
    result.problem = "cannot run " + argv[0] + ": " + std::strerror(exec_errno);
    return result;
  }
  ::close(exec_pipe[0]);
  result.started = true;

  int to_child = in_pipe[1], from_out = out_pipe[0], from_err = err_pipe[0];
  ::fcntl(to_child, F_SETFL, O_NONBLOCK);
  std::size_t written = 0;
  if (input.empty()) close_fd(to_child);
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  char buffer[65536];
  while (from_out >= 0 || from_err >= 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      result.timed_out = true;
      ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
      break;
    }
    pollfd fds[3];
    int n = 0;
    int i_in = -1, i_out = -1, i_err = -1;
    if (to_child >= 0) { fds[n] = {to_child, POLLOUT, 0}; i_in = n++; }
    if (from_out >= 0) { fds[n] = {from_out, POLLIN, 0}; i_out = n++; }
    if (from_err >= 0) { fds[n] = {from_err, POLLIN, 0}; i_err = n++; }
    const int ready = ::poll(fds, static_cast<nfds_t>(n), static_cast<int>(left.count()));
    if (ready < 0 && errno != EINTR) {
      result.problem = std::string("poll failed: ") + std::strerror(errno);
      ::kill(-pid, SIGKILL);
      break;
    }
    if (ready <= 0) continue;
    if (i_in >= 0 && (fds[i_in].revents & (POLLOUT | POLLERR | POLLHUP)) != 0) {
      const ssize_t w = ::write(to_child, input.data() + written, input.size() - written);
      if (w > 0) written += static_cast<std::size_t>(w);
      if ((w < 0 && errno != EAGAIN && errno != EINTR) || written == input.size()) close_fd(to_child);
    }
    auto drain = [&](int index, int& fd, std::string& sink) {
      if (index < 0 || (fds[index].revents & (POLLIN | POLLERR | POLLHUP)) == 0) return;
      const ssize_t r = ::read(fd, buffer, sizeof buffer);
      if (r > 0) {
        sink.append(buffer, static_cast<std::size_t>(r));
      } else if (r == 0 || (errno != EAGAIN && errno != EINTR)) {
        close_fd(fd);
      }
    };
    drain(i_out, from_out, result.out);
    drain(i_err, from_err, result.err);
  }
  close_fd(to_child);
  close_fd(from_out);
  close_fd(from_err);
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  if (result.timed_out) result.problem = "killed after " + std::to_string(timeout.count()) + " ms without finishing";
  return result;
}

}  // namespace sortkey::testing
