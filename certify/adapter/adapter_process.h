// File: certify/adapter/adapter_process.h
//
// An external codec adapter as a child process: `sh -c <command>` in a
// process group of its own, requests on its standard input and answers on
// its standard output, one line each; its standard error is inherited, so
// what it logs passes through to ours.
//
// The adapter is untrusted. Nothing here blocks without a deadline: writes
// and reads are interleaved with poll(2) (a pipelined batch never deadlocks
// on full pipes), every answer must arrive within the timeout of the one
// before it, a line longer than the limit ends the exchange, and the whole
// process group is killed when the object goes away. The child is also told
// (PR_SET_PDEATHSIG) to die with this process, so a killed certifier leaves
// no adapter behind.
//
// Example:
//
//   std::string problem;
//   auto p = AdapterProcess::start("python3 adapters/python/sortkey_adapter.py", &problem);
//   ExchangeResult r = p->exchange({R"({"id":0,"op":"hello"})"}, std::chrono::seconds(5), 1 << 20);
//   // r.lines[0] is the hello answer, or r.failure says why there is none.

#ifndef SORTKEY_CERTIFY_ADAPTER_ADAPTER_PROCESS_H_
#define SORTKEY_CERTIFY_ADAPTER_ADAPTER_PROCESS_H_

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sortkey/error.h"
#include "support/subprocess.h"

namespace sortkey::certify::adapter {

enum class ProcessFailure {
  kNone,
  kTimeout,      // no complete line within the timeout
  kExited,       // the adapter closed its standard output (exited, crashed)
  kLineTooLong,  // a line longer than the limit, or no newline within it
  kSystem,       // a system call failed
};

struct ExchangeResult {
  std::vector<std::string> lines;  // the answer lines read, without their newline
  ProcessFailure failure = ProcessFailure::kNone;
  std::string problem;  // a sentence about the failure: how the process ended, what it sent
};

// The next answer line at the front of `buffer`, taken out of it without its
// '\n' and a trailing '\r'; nullopt while no complete line is there. Errors
// (kBadLength, the sentence after "the adapter"): a line longer than
// `max_line`, or more than `max_line` bytes without a newline.
Result<std::optional<std::string>> take_line(std::string& buffer, std::size_t max_line);

class AdapterProcess {
 public:
  // Starts `sh -c command`. Returns nullptr and sets *problem when it cannot.
  // Ignores SIGPIPE in this process: an adapter that stops reading is an
  // error to report, not a reason to die.
  static std::unique_ptr<AdapterProcess> start(const std::string& command, std::string* problem);

  AdapterProcess(const AdapterProcess&) = delete;
  AdapterProcess& operator=(const AdapterProcess&) = delete;
  // stop(), with a short grace period.
  ~AdapterProcess();

  // Writes each request followed by '\n' and reads requests.size() lines,
  // interleaved. Waits at most `timeout` for each next line (the clock
  // restarts at every complete line). A trailing '\r' is dropped. Lines read
  // beyond the count stay buffered for the next exchange.
  ExchangeResult exchange(const std::vector<std::string>& requests,
                          std::chrono::milliseconds timeout, std::size_t max_line);

  // Closes the adapter's standard input, gives it `grace` to exit, then kills
  // its process group. Returns how it ended ("exited with status 0", "was
  // killed by signal 9 (Killed)"). Idempotent.
  std::string stop(std::chrono::milliseconds grace);

  pid_t pid() const { return pid_; }

 private:
  AdapterProcess() = default;
  // How the process ended, after waiting up to `wait` for it; "" if it is alive.
  std::string reap(std::chrono::milliseconds wait);

  std::unique_ptr<support::Child> child_;
  pid_t pid_ = -1;  // -1 once stopped
};

}  // namespace sortkey::certify::adapter

#endif  // SORTKEY_CERTIFY_ADAPTER_ADAPTER_PROCESS_H_
