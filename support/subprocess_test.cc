#include "support/subprocess.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

namespace sortkey::support {
namespace {

using std::chrono::milliseconds;

std::unique_ptr<Child> spawn_or_fail(const Spawn& how) {
  Result<std::unique_ptr<Child>> child = Child::spawn(how);
  EXPECT_TRUE(child) << child.error().message;
  return child ? std::move(*child) : nullptr;
}

// Gone, or a zombie waiting for a reaper that is not ours (in containers, pid 1 may never reap).
bool dead(pid_t pid) {
  if (::kill(pid, 0) != 0) return true;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string pid_text, comm, state;
  stat >> pid_text >> comm >> state;
  return state == "Z";
}

TEST(Subprocess, ExitStatusIsReported) {
  auto child = spawn_or_fail({.program = "/bin/sh", .argv = {"sh", "-c", "exit 3"}});
  ASSERT_TRUE(child);
  const std::optional<Ended> ended = child->wait_for(std::chrono::seconds(20));
  ASSERT_TRUE(ended);
  EXPECT_EQ(ended->exit_code, 3);
  EXPECT_EQ(ended->signal, 0);
  EXPECT_EQ(child->stop(SIGKILL, milliseconds(0)).describe(), "exited with status 3");
}

TEST(Subprocess, DeathBySignalIsReported) {
  auto child =
      spawn_or_fail({.program = "/bin/sh", .argv = {"sh", "-c", "kill -TERM $$; sleep 9"}});
  ASSERT_TRUE(child);
  const Ended ended = child->stop(0, std::chrono::seconds(20));
  EXPECT_EQ(ended.exit_code, -1);
  EXPECT_EQ(ended.signal, SIGTERM);
  EXPECT_EQ(ended.describe(), "was killed by signal 15 (Terminated)");
}

TEST(Subprocess, AChildThatOutlivesTheDeadlineIsKilledWithItsGroup) {
  // It ignores its input, and its own child keeps the output pipe open.
  const auto start = std::chrono::steady_clock::now();
  const ProcessResult run =
      run_process({"sh", "-c", "sleep 30 & echo $!; wait"}, "ignored\n", milliseconds(300));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5.0);
  EXPECT_TRUE(run.started);
  EXPECT_TRUE(run.timed_out);
  EXPECT_EQ(run.signal, SIGKILL);
  EXPECT_EQ(run.problem, "killed after 300 ms without finishing");
  const pid_t sleeper = static_cast<pid_t>(std::atol(run.out.c_str()));
  ASSERT_GT(sleeper, 0) << run.out;
  bool gone = false;
  for (int i = 0; i < 250 && !gone; ++i) {
    gone = dead(sleeper);
    if (!gone) std::this_thread::sleep_for(milliseconds(20));
  }
  EXPECT_TRUE(gone) << "the grandchild " << sleeper << " outlived the deadline";
  if (!gone) ::kill(sleeper, SIGKILL);
}

TEST(Subprocess, InputAndOutputPassThroughPipes) {
  const ProcessResult run =
      run_process({"sh", "-c", "cat; echo done >&2"}, "one\ntwo\n", std::chrono::seconds(20));
  EXPECT_TRUE(run.started);
  EXPECT_FALSE(run.timed_out);
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "one\ntwo\n");
  EXPECT_EQ(run.err, "done\n");
  EXPECT_EQ(run.problem, "");
}

TEST(Subprocess, EnvironmentExtrasAreLaidOverOurs) {
  ::setenv("SORTKEY_SUBPROCESS_TEST_OLD", "ours", 1);
  ::setenv("SORTKEY_SUBPROCESS_TEST_KEPT", "kept", 1);
  const ProcessResult run = run_process(
      {"sh", "-c", "echo \"$SORTKEY_SUBPROCESS_TEST_OLD $SORTKEY_SUBPROCESS_TEST_KEPT $NEW_ONE\""},
      "", std::chrono::seconds(20),
      {"SORTKEY_SUBPROCESS_TEST_OLD=first", "SORTKEY_SUBPROCESS_TEST_OLD=extra", "NEW_ONE=new"});
  ::unsetenv("SORTKEY_SUBPROCESS_TEST_OLD");
  ::unsetenv("SORTKEY_SUBPROCESS_TEST_KEPT");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "extra kept new\n");
}

TEST(Subprocess, OutputAndErrorToAFileInputFromDevNull) {
  const std::string log =
      ::testing::TempDir() + "sortkey_subprocess_test_" + std::to_string(::getpid()) + ".log";
  std::ofstream(log) << "old contents, to be truncated\n";
  auto child = spawn_or_fail({.program = "/bin/sh",
                              .argv = {"sh", "-c", "cat; echo out; echo err >&2"},
                              .in = Stdio::kNull,
                              .out = Stdio::kFile,
                              .err = Stdio::kAsStdout,
                              .file = log});
  ASSERT_TRUE(child);
  EXPECT_FALSE(child->out_open());
  EXPECT_EQ(child->stop(0, std::chrono::seconds(20)).describe(), "exited with status 0");
  std::stringstream text;
  text << std::ifstream(log).rdbuf();
  EXPECT_EQ(text.str(), "out\nerr\n");
  std::filesystem::remove(log);
}

TEST(Subprocess, AProgramThatCannotRunIsAnError) {
  Spawn how{.program = "/nonexistent/program", .argv = {"program", "-x"}};
  Result<std::unique_ptr<Child>> child = Child::spawn(how);
  ASSERT_FALSE(child);
  EXPECT_EQ(child.error().message, "cannot run /nonexistent/program: No such file or directory");

  how.label = "the program";
  how.out = Stdio::kFile;
  how.file = "/nonexistent/dir/log";
  child = Child::spawn(how);
  ASSERT_FALSE(child);
  EXPECT_EQ(child.error().message, "cannot run the program: No such file or directory");

  const ProcessResult run = run_process({"sortkey-no-such-program"}, "", std::chrono::seconds(5));
  EXPECT_FALSE(run.started);
  EXPECT_EQ(run.problem, "cannot run sortkey-no-such-program: No such file or directory");
}

}  // namespace
}  // namespace sortkey::support
