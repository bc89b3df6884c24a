#include "certify/adapter/adapter_process.h"

#include <fmt/format.h>
#include <signal.h>

#include <algorithm>
#include <atomic>

namespace sortkey::certify::adapter {
namespace {

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
  ::sigaction(sig, sig == SIGINT ? &g_old_int : (sig == SIGTERM ? &g_old_term : &g_old_hup),
              nullptr);
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

Result<std::optional<std::string>> take_line(std::string& buffer, std::size_t max_line) {
  const std::size_t nl = buffer.find('\n');
  if (nl == std::string::npos) {
    if (buffer.size() <= max_line) return std::optional<std::string>();
    return make_error(
        ErrorCode::kBadLength, max_line,
        fmt::format("sent more than {} bytes without a newline (the line limit)", max_line));
  }
  if (nl > max_line) {
    return make_error(
        ErrorCode::kBadLength, max_line,
        fmt::format("sent a line of {} bytes, longer than the limit of {} bytes", nl, max_line));
  }
  std::string line = buffer.substr(0, nl);
  buffer.erase(0, nl + 1);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return std::optional<std::string>(std::move(line));
}

std::unique_ptr<AdapterProcess> AdapterProcess::start(const std::string& command,
                                                      std::string* problem) {
  using support::Stdio;
  Result<std::unique_ptr<support::Child>> child =
      support::Child::spawn({.program = "/bin/sh",
                             .argv = {"sh", "-c", command},
                             .in = Stdio::kPipe,
                             .out = Stdio::kPipe,
                             .die_with_parent = true});
  if (!child) {
    *problem = child.error().message;
    return nullptr;
  }
  std::unique_ptr<AdapterProcess> p(new AdapterProcess());
  p->child_ = std::move(*child);
  p->pid_ = p->child_->pid();
  watch_group(p->pid_);
  return p;
}

AdapterProcess::~AdapterProcess() { stop(std::chrono::milliseconds(500)); }

std::string AdapterProcess::reap(std::chrono::milliseconds wait) {
  const std::optional<support::Ended> ended = child_->wait_for(wait);
  return ended ? ended->describe() : "";
}

std::string AdapterProcess::stop(std::chrono::milliseconds grace) {
  if (pid_ < 0) return child_->stop(0, grace).describe();  // how it ended, known already
  child_->close_input();
  const std::string how = child_->stop(0, grace).describe();
  unwatch_group(pid_);
  pid_ = -1;
  return how;
}

ExchangeResult AdapterProcess::exchange(const std::vector<std::string>& requests,
                                        std::chrono::milliseconds timeout, std::size_t max_line) {
  ExchangeResult result;
  std::string out;
  for (const std::string& r : requests) {
    out += r;
    out += '\n';
  }
  child_->send(std::move(out), /*then_close=*/false);
  std::string& buffer = child_->out();  // bytes read, not yet returned as a line
  auto deadline = std::chrono::steady_clock::now() + timeout;
  const auto fail = [&](ProcessFailure f, std::string problem) {
    result.failure = f;
    result.problem = std::move(problem);
    return result;
  };
  while (result.lines.size() < requests.size()) {
    // Complete lines first: they may have arrived with an earlier read.
    Result<std::optional<std::string>> line = take_line(buffer, max_line);
    if (!line) return fail(ProcessFailure::kLineTooLong, line.error().message);
    if (*line) {
      result.lines.push_back(std::move(**line));
      deadline = std::chrono::steady_clock::now() + timeout;
      continue;
    }
    if (!child_->out_open()) {
      const std::string how = reap(std::chrono::milliseconds(1000));
      std::string problem =
          how.empty() ? "closed its standard output (the process is still running)" : how;
      if (!buffer.empty())
        problem += fmt::format(" after an unterminated line of {} bytes", buffer.size());
      return fail(ProcessFailure::kExited, problem);
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      return fail(ProcessFailure::kTimeout,
                  fmt::format("sent no complete answer line within {} ms", timeout.count()));
    }
    // In slices: an adapter that exited while a process it started still
    // holds its standard output open has exited, not timed out.
    const auto slice =
        std::min(left + std::chrono::milliseconds(1), std::chrono::milliseconds(200));
    std::string failure = child_->pump(slice);
    if (!failure.empty()) return fail(ProcessFailure::kSystem, std::move(failure));
    if (buffer.find('\n') == std::string::npos && child_->out_open()) {
      if (const auto ended = child_->wait_for(std::chrono::milliseconds(0))) {
        // What it wrote before it ended is read first.
        for (std::size_t before = buffer.size() + 1;
             child_->out_open() && buffer.size() != before;) {
          before = buffer.size();
          if (std::string e = child_->pump(std::chrono::milliseconds(10)); !e.empty()) {
            return fail(ProcessFailure::kSystem, std::move(e));
          }
        }
        if (buffer.find('\n') == std::string::npos && child_->out_open()) {
          return fail(
              ProcessFailure::kExited,
              ended->describe() + " (a process it started still holds its standard output)");
        }
      }
    }
  }
  return result;
}

}  // namespace sortkey::certify::adapter
