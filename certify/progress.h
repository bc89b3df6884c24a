// File: certify/progress.h
//
// The progress of a `sortkey certify` run on standard error, so that a
// person at a terminal sees it move and a CI log is not silent: on a
// terminal one line rewritten in place ("[3/62] padded/order ... 4s"); in a
// log (stderr not a terminal) a line per property as soon as it ends, and a
// line naming what still runs when nothing was said for a while; or
// nothing. The run loop (run.h) tells it what starts, ends and runs, in
// this process or in worker processes (--jobs).
//
// Example:
//
//   Progress progress(Progress::Mode::kLog, 62, std::chrono::seconds(30));
//   progress.finished(report);  // "[1/62] padded/round_trip passed (1000 cases, 0.12s; 0s
//   elapsed)" progress.running({"number/order", "ksuid/order"});  // after 30 s without a line:
//                               // "[1/62] running number/order, ksuid/order (31s elapsed)"

#ifndef SORTKEY_CERTIFY_PROGRESS_H_
#define SORTKEY_CERTIFY_PROGRESS_H_

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "properties/runner.h"

namespace sortkey::certify {

class Progress {
 public:
  enum class Mode { kNone, kTerminal, kLog };
  // `total` properties; in a log, a line naming what runs once `quiet` passed without one.
  Progress(Mode mode, std::size_t total, std::chrono::seconds quiet);
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  // Clears the terminal's line.
  ~Progress();

  // A property starts in this process.
  void starting(const std::string& id);
  // A property ended (here or in a worker): in a log, its line.
  void finished(const props::RunReport& run);
  // Said now and then: the properties running. On a terminal the line, in a
  // log a line when nothing was said for `quiet`.
  void running(const std::vector<std::string>& ids);

 private:
  double elapsed() const;

  std::mutex mu_;  // running() may come from a Ticker's thread
  Mode mode_;
  std::size_t total_;
  std::size_t done_ = 0;
  std::chrono::seconds quiet_;
  std::chrono::steady_clock::time_point start_, last_line_;
};

// Calls `tick` once a second on a thread of its own until it is destroyed
// (not at all with Progress::Mode::kNone): the progress of a property that
// runs long in this process.
class Ticker {
 public:
  Ticker(Progress::Mode mode, std::function<void()> tick);
  Ticker(const Ticker&) = delete;
  Ticker& operator=(const Ticker&) = delete;
  ~Ticker();

 private:
  std::mutex mu_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace sortkey::certify

#endif  // SORTKEY_CERTIFY_PROGRESS_H_
