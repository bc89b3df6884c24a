// File: support/subprocess.h (not installed: what several rooms share)
//
// The one way sortkey runs a child process (an adapter, a libFuzzer run, the
// Node.js peer of the differential tests). A Child leads a process group of
// its own, so that stopping it ends whatever it started too; its standard
// streams are pipes, /dev/null, a file or ours; its environment is ours with
// extras laid over it. No wait is open-ended (stop() reaps only after
// SIGKILL), and every call survives EINTR.
//
// Example:
//
//   Result<std::unique_ptr<Child>> child = Child::spawn(
//       {.program = "/bin/sh", .argv = {"sh", "-c", "cat"}, .in = Stdio::kPipe,
//        .out = Stdio::kPipe});
//   if (!child) return child.error().message;  // "fork failed: ..."
//   (*child)->send("request\n", /*then_close=*/true);
//   while ((*child)->out_open() && (*child)->pump(std::chrono::seconds(5)).empty()) {
//   }
//   // (*child)->out() == "request\n"
//   const Ended ended = (*child)->stop(SIGTERM, std::chrono::seconds(5));
//   // ended.describe() == "exited with status 0"

#ifndef SORTKEY_SUPPORT_SUBPROCESS_H_
#define SORTKEY_SUPPORT_SUBPROCESS_H_

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sortkey/error.h"

namespace sortkey::support {

// Where one of the child's standard streams goes.
enum class Stdio {
  kInherit,   // ours
  kNull,      // /dev/null
  kPipe,      // a pipe to this process, moved by Child::pump()
  kFile,      // Spawn::file: read (stdin), or created or truncated with mode 0644
  kAsStdout,  // standard error only: wherever standard output goes (2>&1)
};

struct Spawn {
  std::string program{};            // the file to run: a path, or a name (with search_path)
  std::vector<std::string> argv{};  // its arguments, argv[0] included
  bool search_path = false;         // look a program without '/' up on PATH
  Stdio in = Stdio::kInherit;
  Stdio out = Stdio::kInherit;
  Stdio err = Stdio::kInherit;
  std::string file{};  // for the streams that are Stdio::kFile (at most one of them)
  std::vector<std::string> extra_env{};  // "NAME=value", over this process's; later entries win
  bool die_with_parent = false;          // PR_SET_PDEATHSIG: SIGKILL if this process dies first
  std::string label{};                   // how errors name the program; "" names `program`
};

// How a child ended.
struct Ended {
  int exit_code = -1;   // its exit status, when it exited
  int signal = 0;       // the signal that killed it, when one did
  std::string failure;  // a wait that failed ("waitid failed: ..."); then the rest means nothing

  // "exited with status 3", "was killed by signal 9 (Killed)", or the failure.
  std::string describe() const;
};

class Child {
 public:
  // Starts the child and returns once it runs the program. Errors (kUnavailable): "pipe2
  // failed: ...", "fork failed: ...", "cannot run <label>: <why>" (exec, or opening a file or
  // /dev/null, failed; the child is reaped). The child starts with SIGINT, SIGTERM and SIGPIPE
  // at their defaults and no signal blocked. When its standard input is a pipe, this process
  // ignores SIGPIPE from then on: a child that stops reading is a result, not a crash.
  static Result<std::unique_ptr<Child>> spawn(const Spawn& how);

  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  // stop(0, 0 ms) unless stopped already.
  ~Child();

  pid_t pid() const { return pid_; }

  // Queues `bytes` for its standard input in place of what is queued and not yet written. With
  // `then_close`, its standard input is closed once they are written (at once if empty).
  // REQUIRES: in == Stdio::kPipe.
  void send(std::string bytes, bool then_close);
  // Closes its standard input: the child reads end of file.
  void close_input();
  // The bytes read from its standard output and error and not yet taken by the caller, who
  // may erase from them.
  std::string& out() { return read_[1]; }
  std::string& err() { return read_[2]; }
  // Whether its standard output (error) is a pipe not yet at end of file.
  bool out_open() const { return fd_[1] >= 0; }
  bool err_open() const { return fd_[2] >= 0; }

  // Waits up to `wait` until the queued input can be written or output has come, then writes
  // and reads once. Returns "" (also after EINTR: call again), or "poll failed: ..." or "read
  // failed: ...". End of file closes that output; a write that fails (EPIPE: the child stopped
  // reading) closes its standard input, and what it already wrote may still come.
  std::string pump(std::chrono::milliseconds wait);

  // Waits up to `wait`, or until `give_up()` turns true (checked every few milliseconds), for
  // the child to end. Returns how it ended, or nullopt while it runs. Does not reap it: its
  // pid, and so its group id, cannot be reused before stop().
  std::optional<Ended> wait_for(std::chrono::milliseconds wait,
                                const std::function<bool()>& give_up = {});

  // Sends `signal` (0: none) to the group, waits up to `grace` for the child to end, then
  // sends SIGKILL to the group and the child (stragglers too: a shell's children, libFuzzer's
  // workers) and reaps it. Returns how it ended; closes every pipe. Idempotent.
  Ended stop(int signal, std::chrono::milliseconds grace);

 private:
  Child() = default;

  pid_t pid_ = -1;
  bool reaped_ = false;
  std::optional<Ended> ended_;
  int fd_[3] = {-1, -1, -1};  // our ends of the pipes to its stdin, stdout and stderr
  std::string input_;         // queued for its standard input
  std::size_t written_ = 0;   // of input_
  bool close_when_written_ = false;
  std::string read_[3];  // [1], [2]: read from its stdout and stderr
};

// Kills the process group of every child alive (SIGKILL), as a program that
// must end now does first: async-signal-safe, for signal handlers.
void kill_child_groups();

// Makes SIGINT, SIGTERM and SIGHUP end this process as they would, but
// after kill_child_groups(): no adapter, fuzzer or credential_process is left
// running after the command is interrupted or its terminal closed. A
// command that must clean up remote state installs its own handlers over
// these while it holds that state (dynamodb/interrupts.h), and they call
// kill_child_groups() too.
void install_exit_handlers();

// What run_process() saw.
struct ProcessResult {
  bool started = false;    // false: the program could not be run (see `problem`)
  bool timed_out = false;  // killed at the deadline
  int exit_code = -1;      // valid when it exited normally
  int signal = 0;          // the signal that ended it, if any
  std::string out;         // its standard output
  std::string err;         // its standard error
  std::string problem;     // why it could not run, or how it ended badly
};

// Runs argv[0] (looked up on PATH) with `input` on its standard input and `extra_env` over
// this environment, collects its standard output and error, and kills its process group at
// the deadline (`timeout` after the start), or once it has written more than `max_output`
// bytes (then `problem` says so). The child dies with this process (die_with_parent).
// REQUIRES: !argv.empty().
ProcessResult run_process(const std::vector<std::string>& argv, const std::string& input,
                          std::chrono::milliseconds timeout,
                          const std::vector<std::string>& extra_env = {},
                          std::size_t max_output = static_cast<std::size_t>(-1));

}  // namespace sortkey::support

#endif  // SORTKEY_SUPPORT_SUBPROCESS_H_
