#include "certify/progress.h"

#include <fmt/format.h>
#include <pthread.h>
#include <signal.h>

#include <cstdio>

#include "support/text.h"

namespace sortkey::certify {

using support::emit;

Progress::Progress(Mode mode, std::size_t total, std::chrono::seconds quiet)
    : mode_(mode),
      total_(total),
      quiet_(quiet),
      start_(std::chrono::steady_clock::now()),
      last_line_(start_) {}

Progress::~Progress() {
  if (mode_ == Mode::kTerminal) emit(stderr, "\r\033[K");
}

double Progress::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Progress::starting(const std::string& id) { running({id}); }

void Progress::finished(const props::RunReport& run) {
  const std::lock_guard<std::mutex> lock(mu_);
  ++done_;
  if (mode_ != Mode::kLog) return;
  emit(stderr, fmt::format("[{}/{}] {} {} ({}, {:.2f}s; {:.0f}s elapsed)\n", done_, total_, run.id,
                           props::to_string(run.verdict),
                           support::quantity(static_cast<std::size_t>(run.cases), "case"),
                           run.seconds, elapsed()));
  std::fflush(stderr);
  last_line_ = std::chrono::steady_clock::now();
}

void Progress::running(const std::vector<std::string>& ids) {
  const std::lock_guard<std::mutex> lock(mu_);
  if (ids.empty()) return;  // the last report is in; its worker is ending
  const std::string what = fmt::format("{}", fmt::join(ids, ", "));
  if (mode_ == Mode::kTerminal) {
    emit(stderr, fmt::format("\r\033[K[{}/{}] {} ... {:.0f}s", done_ + 1, total_, what, elapsed()));
    std::fflush(stderr);
    return;
  }
  const auto now = std::chrono::steady_clock::now();
  if (mode_ != Mode::kLog || now - last_line_ < quiet_) return;
  emit(stderr,
       fmt::format("[{}/{}] running {} ({:.0f}s elapsed)\n", done_, total_, what, elapsed()));
  std::fflush(stderr);
  last_line_ = now;
}

// The thread starts with every signal blocked, so that a signal (Ctrl-C)
// goes to the thread that runs the property, as without a ticker.
Ticker::Ticker(Progress::Mode mode, std::function<void()> tick) {
  if (mode == Progress::Mode::kNone) return;
  sigset_t all, before;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &before);
  thread_ = std::thread([this, tick = std::move(tick)] {
    std::unique_lock<std::mutex> lock(mu_);
    while (!wake_.wait_for(lock, std::chrono::seconds(1), [this] { return stop_; })) {
      lock.unlock();
      tick();
      lock.lock();
    }
  });
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
}

Ticker::~Ticker() {
  if (!thread_.joinable()) return;
  {
    const std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

}  // namespace sortkey::certify
