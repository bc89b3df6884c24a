// Unit tests of the fuzz campaign's pieces that need no libFuzzer build: the
// libFuzzer log parser (on logs libFuzzer 14 printed), the summary writers,
// the RunReports for certify, and the wall-clock guard of the process runner.

#include "certify/campaign/campaign.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "certify/campaign/fuzz_process.h"

namespace sortkey::certify::campaign {
namespace {

using internal::parse_libfuzzer_log;

// One process, no crash (padded_order_fuzzer, -max_total_time=3).
constexpr const char* kSingleLog = R"(INFO: Running with entropic power schedule (0xFF, 100).
INFO: Seed: 2402391242
INFO: Loaded 1 modules   (1648 inline 8-bit counters): 1648 [0x55cca28c2a80, 0x55cca28c30f0), 
INFO:        0 files found in lfx/w
INFO:        5 files found in corpus/padded_order_fuzzer
INFO: seed corpus: files: 5 min: 8b max: 45b total: 89b rss: 32Mb
#6	INITED cov: 369 ft: 529 corp: 5/89b exec/s: 0 rss: 33Mb
#4162	NEW    cov: 401 ft: 610 corp: 17/301b lim: 8 exec/s: 0 rss: 40Mb L: 8/45 MS: 1 ChangeBit-
#65536	pulse  cov: 417 ft: 905 corp: 94/1685b lim: 393 exec/s: 32768 rss: 154Mb
#92471	DONE   cov: 417 ft: 905 corp: 94/1676b lim: 639 exec/s: 23117 rss: 201Mb
###### Recommended dictionary. ######
"\000\000\000\000\000\000\000(" # Uses: 355
###### End of recommended dictionary. ######
Done 92471 runs in 4 second(s)
stat::number_of_executed_units: 92471
stat::average_exec_per_sec:     23117
stat::new_units_added:          283
stat::slowest_unit_time_sec:    0
stat::peak_rss_mb:              201
)";

// -fork=2 stopping at a property violation in a worker.
constexpr const char* kForkCrashLog = R"(INFO: Running with entropic power schedule (0xFF, 100).
INFO: Seed: 3108441724
INFO: -fork=2: fuzzing in separate process(s)
INFO: -fork=2: 7 seed inputs, starting to fuzz in /tmp/libFuzzerTemp.FuzzWithFork20614.dir
#1200: cov: 40 ft: 52 corp: 9 exec/s 600 oom/timeout/crash: 0/0/0 time: 2s job: 1 dft_time: 0
#2488: cov: 44 ft: 60 corp: 12 exec/s 829 oom/timeout/crash: 0/0/1 time: 3s job: 2 dft_time: 0
INFO: log from the inner process:
INFO: Running with entropic power schedule (0xFF, 100).
INFO: Seed: 3149844901
#2	INITED cov: 2 ft: 2 corp: 1/1b exec/s: 0 rss: 30Mb
#21	NEW    cov: 4 ft: 4 corp: 2/5b lim: 4 exec/s: 0 rss: 30Mb L: 4/4 MS: 4 CopyPart-

== sortkey property violated: padded/order
   values: width 5, a 157, b 158, percent 3
   why: encode(157) = "157" sorts after encode(158) = "0158"
   replay: padded_order_fuzzer <the crash file libFuzzer writes below>
==20620== ERROR: libFuzzer: deadly signal
    #0 0x5633f642cc91 in __sanitizer_print_stack_trace (/tmp/lfx/toy+0xe9c91)
SUMMARY: libFuzzer: deadly signal
MS: 2 ShuffleBytes-CMP- DE: "KEY"-; base unit: 720ec484beacce6dba9f481c10b68bfe81906eb1
0x4b,0x45,0x59,0xf6,
KEY\366
artifact_prefix='fa/'; Test unit written to fa/crash-354c10bccac6da31346a6cbd37e2dc78bf7e85be
Base64: S0VZ9vf29w==
stat::number_of_executed_units: 488
stat::average_exec_per_sec:     0
stat::new_units_added:          1
stat::slowest_unit_time_sec:    0
stat::peak_rss_mb:              31
INFO: exiting: 77 time: 3s
)";

constexpr const char* kAsanLog = R"(INFO: Seed: 185957390
INFO: seed corpus: files: 1 min: 4b max: 4b total: 4b rss: 29Mb
=================================================================
==1324==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000072 at pc 0x5630e6e68f8a bp 0x7ffe7fbed0f0 sp 0x7ffe7fbec8c0
WRITE of size 4 at 0x602000000072 thread T0
SUMMARY: AddressSanitizer: heap-buffer-overflow (/tmp/lfx/toy2+0xdef89) in __asan_memcpy
==1324==ABORTING
MS: 0 ; base unit: 0000000000000000000000000000000000000000
artifact_prefix='ar/'; Test unit written to ar/crash-e2512172abf8cc9f67fdd49eb6cacf2df71bbad3
stat::number_of_executed_units: 2
)";

constexpr const char* kUbsanLog = R"(INFO: Seed: 372639762
t2.cc:8:55: runtime error: signed integer overflow: 2147483646 + 255 cannot be represented in type 'int'
SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior t2.cc:8:55 in 
MS: 0 ; base unit: 0000000000000000000000000000000000000000
artifact_prefix='ar/'; Test unit written to ar/crash-d9185f1ec02d397fece0802ba5b0b2cb48b880e2
stat::number_of_executed_units: 2
)";

constexpr const char* kTimeoutLog = R"(INFO: Seed: 416314907
ALARM: working on the last Unit for 1 seconds
       and the timeout value is 1 (use -timeout=N to change)
artifact_prefix='ar/'; Test unit written to ar/timeout-8c2408452ca428cdc3ee78c1b09ab347350250a8
==1330== ERROR: libFuzzer: timeout after 1 seconds

SUMMARY: libFuzzer: timeout
stat::number_of_executed_units: 2
)";

TEST(FuzzLogParser, SingleProcessStats) {
  const LogStats s = parse_libfuzzer_log(kSingleLog);
  EXPECT_FALSE(s.fork);
  EXPECT_EQ(s.seed, 2402391242);
  EXPECT_EQ(s.executions, 92471);
  EXPECT_EQ(s.exec_per_sec, 23117);
  EXPECT_EQ(s.new_units, 283);
  EXPECT_EQ(s.cov, 417);
  EXPECT_EQ(s.ft, 905);
  EXPECT_EQ(s.corpus, 94);
  EXPECT_EQ(s.seed_units, 5);
  EXPECT_EQ(s.peak_rss_mb, 201);
  EXPECT_EQ(s.kind, "");
  EXPECT_EQ(s.failure_executions, -1);
}

TEST(FuzzLogParser, ForkStatsAndWorkerCrash) {
  const LogStats s = parse_libfuzzer_log(kForkCrashLog);
  EXPECT_TRUE(s.fork);
  EXPECT_EQ(s.seed, 3108441724);  // the parent's, not the worker's
  EXPECT_EQ(s.seed_units, 7);
  // The parent's aggregated line, not the worker's "#21 NEW cov: 4".
  EXPECT_EQ(s.executions, 2488);
  EXPECT_EQ(s.cov, 44);
  EXPECT_EQ(s.ft, 60);
  EXPECT_EQ(s.corpus, 12);
  EXPECT_EQ(s.exec_per_sec, 829);
  EXPECT_EQ(s.new_units, 5);
  EXPECT_EQ(s.crashes, 1);
  EXPECT_EQ(s.ooms, 0);
  EXPECT_EQ(s.timeouts, 0);
  EXPECT_EQ(s.kind, "crash");
  EXPECT_EQ(s.property, "padded/order");
  EXPECT_EQ(s.values, "width 5, a 157, b 158, percent 3");
  EXPECT_EQ(s.why, "encode(157) = \"157\" sorts after encode(158) = \"0158\"");
  EXPECT_EQ(s.artifact, "fa/crash-354c10bccac6da31346a6cbd37e2dc78bf7e85be");
  EXPECT_EQ(s.summary, "libFuzzer: deadly signal");
  EXPECT_EQ(s.failure_executions, 2488 + 488);
  EXPECT_EQ(failure_headline(s),
            "padded/order: encode(157) = \"157\" sorts after encode(158) = \"0158\"");
}

TEST(FuzzLogParser, AddressSanitizer) {
  const LogStats s = parse_libfuzzer_log(kAsanLog);
  EXPECT_EQ(s.kind, "crash");
  EXPECT_EQ(s.error.rfind("AddressSanitizer: heap-buffer-overflow on address", 0), 0u) << s.error;
  EXPECT_EQ(s.summary,
            "AddressSanitizer: heap-buffer-overflow (/tmp/lfx/toy2+0xdef89) in __asan_memcpy");
  EXPECT_EQ(s.artifact, "ar/crash-e2512172abf8cc9f67fdd49eb6cacf2df71bbad3");
  EXPECT_EQ(s.failure_executions, 2);
  EXPECT_EQ(failure_headline(s), s.summary);
}

TEST(FuzzLogParser, UndefinedBehaviorWithoutAnErrorLine) {
  const LogStats s = parse_libfuzzer_log(kUbsanLog);
  EXPECT_EQ(s.kind, "crash");
  EXPECT_EQ(s.runtime_error,
            "t2.cc:8:55: runtime error: signed integer overflow: 2147483646 + 255 cannot be "
            "represented in type 'int'");
  EXPECT_EQ(failure_headline(s), s.runtime_error);
  EXPECT_EQ(s.summary, "UndefinedBehaviorSanitizer: undefined-behavior t2.cc:8:55 in");
}

TEST(FuzzLogParser, TimeoutIsItsOwnKind) {
  const LogStats s = parse_libfuzzer_log(kTimeoutLog);
  EXPECT_EQ(s.kind, "timeout");
  EXPECT_EQ(s.error, "libFuzzer: timeout after 1 seconds");
  EXPECT_EQ(s.artifact, "ar/timeout-8c2408452ca428cdc3ee78c1b09ab347350250a8");
}

TEST(FuzzLogParser, UncaughtException) {
  // item_json_fuzzer on "9E999", replayed once by libFuzzer.
  const LogStats s = parse_libfuzzer_log(
      "Running: "
      "build/fuzz-campaign/item_json_fuzzer/artifacts/"
      "crash-de5b95c4b1281ce081228dc2fc55485e4300c751\n"
      "terminate called after throwing an instance of "
      "'nlohmann::json_abi_v3_11_2::detail::out_of_range'\n"
      "  what():  [json.exception.out_of_range.406] number overflow parsing '9E999'\n"
      "==12044== ERROR: libFuzzer: deadly signal\n"
      "SUMMARY: libFuzzer: deadly signal\n");
  EXPECT_EQ(s.kind, "crash");
  EXPECT_EQ(failure_headline(s),
            "uncaught nlohmann::json_abi_v3_11_2::detail::out_of_range: "
            "[json.exception.out_of_range.406] number "
            "overflow parsing '9E999'");
}

TEST(FuzzLogParser, OutOfMemoryAndLeak) {
  EXPECT_EQ(
      parse_libfuzzer_log("==9== ERROR: libFuzzer: out-of-memory (used: 2600Mb; exceeds: 2560Mb)\n")
          .kind,
      "oom");
  EXPECT_EQ(parse_libfuzzer_log("==9==ERROR: LeakSanitizer: detected memory leaks\n").kind, "leak");
  // Errors that are not a target's failure: a bad flag, a minimization that found nothing.
  EXPECT_EQ(parse_libfuzzer_log("ERROR: the input ok.bin did not crash\n").kind, "");
}

TEST(FuzzLogParser, MergeAdded) {
  EXPECT_EQ(internal::parse_merge_added(
                "MERGE-OUTER: 1 files, 0 in the initial corpus, 0 processed earlier\n"
                "MERGE-OUTER: attempt 1\n"
                "MERGE-OUTER: 3 new files with 7 new features added; 3 new coverage edges\n"),
            3);
  EXPECT_EQ(internal::parse_merge_added("MERGE-OUTER: attempt 1\n"), -1);
}

TEST(FuzzCampaign, EscapeBytes) {
  EXPECT_EQ(internal::escape_bytes(std::string("5:00\x01\xff\"\\\n`|", 11)),
            "5:00\\x01\\xff\\\"\\\\\\n\\x60|");
  EXPECT_EQ(internal::escape_bytes(""), "");
}

TEST(FuzzCampaign, Sha1IsLibFuzzersName) {
  // libFuzzer named the input "KEY\xf6\xf7\xf6\xf7" crash-354c10bc...
  EXPECT_EQ(internal::sha1_hex("KEY\xf6\xf7\xf6\xf7"), "354c10bccac6da31346a6cbd37e2dc78bf7e85be");
}

CampaignReport sample_report() {
  CampaignReport r;
  r.started_at = "2026-06-23T00:00:00Z";
  r.fuzzers_dir = "build/fuzz/fuzz";
  r.corpus_dir = "corpus";
  r.budget_seconds = 120;
  r.jobs = 2;
  r.seconds = 121.5;
  TargetResult clean;
  clean.target = "padded_decode_fuzzer";
  clean.status = TargetStatus::kClean;
  clean.budget = 40;
  clean.seconds = 40.2;
  clean.stats = parse_libfuzzer_log(kSingleLog);
  clean.merged = 4;
  TargetResult crashed;
  crashed.target = "padded_order_fuzzer";
  crashed.status = TargetStatus::kCrashed;
  crashed.budget = 40;
  crashed.seconds = 3.1;
  crashed.stats = parse_libfuzzer_log(kForkCrashLog);
  Finding f;
  f.kind = "crash";
  f.headline = "padded/order: a | b";
  f.property = "padded/order";
  f.values = "width 5, a 157, b 158";
  f.input = "5:157 158";
  f.input_size = 9;
  f.minimized = true;
  f.reproduced = true;
  f.artifacts = 2;
  f.artifact = "build/fuzz-campaign/padded_order_fuzzer/artifacts/crash-1";
  f.regression = "corpus/regressions/padded_order_fuzzer/crash-abc";
  f.replay_command =
      "build/ci/fuzz/padded_order_fuzzer corpus/regressions/padded_order_fuzzer/crash-abc";
  f.libfuzzer_command =
      "build/fuzz/fuzz/padded_order_fuzzer corpus/regressions/padded_order_fuzzer/crash-abc";
  f.executions = 2976;
  f.seconds = 3.1;
  crashed.finding = f;
  TargetResult broken;
  broken.target = "ulid_order_fuzzer";
  broken.problem = "not built: fuzz/ulid_order_fuzzer.cc has no binary in build/fuzz/fuzz";
  r.targets = {clean, crashed, broken};
  return r;
}

TEST(FuzzSummary, ExitCode) {
  CampaignReport r = sample_report();
  EXPECT_EQ(r.crashed(), 1u);
  EXPECT_EQ(r.errors(), 1u);
  EXPECT_EQ(r.exit_code(), 1);  // a crash outranks a target that could not run
  r.targets.erase(r.targets.begin() + 1);
  EXPECT_EQ(r.exit_code(), 2);
  r.targets.pop_back();
  EXPECT_EQ(r.exit_code(), 0);
  r.problem = "no directory";
  EXPECT_EQ(r.exit_code(), 2);
}

TEST(FuzzSummary, Table) {
  const std::string t = summary_table(sample_report());
  EXPECT_NE(t.find("padded_decode_fuzzer  clean           92,471   23,117   283      4    417     "
                   "905       0   40.2s"),
            std::string::npos)
      << t;
  EXPECT_NE(t.find("padded_order_fuzzer   CRASH"), std::string::npos) << t;
  EXPECT_NE(t.find("  input (9 bytes, minimized): \"5:157 158\""), std::string::npos) << t;
  EXPECT_NE(
      t.find(
          "  reproduce (g++ replay build): build/ci/fuzz/padded_order_fuzzer corpus/regressions/"),
      std::string::npos)
      << t;
  EXPECT_NE(t.find("ERROR ulid_order_fuzzer: not built"), std::string::npos) << t;
  EXPECT_NE(t.find("3 targets in 122 s (budget 120 s, 2 jobs): 1 CRASHED, 1 could not run"),
            std::string::npos)
      << t;
}

TEST(FuzzSummary, Json) {
  const nlohmann::json j = summary_json(sample_report());
  EXPECT_EQ(j["exit_code"], 1);
  EXPECT_EQ(j["mode"], "fork=2");
  ASSERT_EQ(j["targets"].size(), 3u);
  EXPECT_EQ(j["targets"][0]["executions"], 92471);
  EXPECT_EQ(j["targets"][0]["cov"], 417);
  EXPECT_EQ(j["targets"][0]["merged"], 4);
  EXPECT_EQ(j["targets"][1]["result"], "crashed");
  EXPECT_EQ(j["targets"][1]["crashes"], 2);
  EXPECT_EQ(j["targets"][1]["failure"]["values"], "width 5, a 157, b 158");
  EXPECT_EQ(j["targets"][1]["failure"]["reproduce"]["libfuzzer"],
            "build/fuzz/fuzz/padded_order_fuzzer corpus/regressions/padded_order_fuzzer/crash-abc");
  EXPECT_TRUE(j["targets"][2]["executions"].is_null());
  EXPECT_EQ(j["targets"][2]["result"], "error");
}

TEST(FuzzSummary, Markdown) {
  const std::string md = summary_markdown(sample_report());
  EXPECT_EQ(md.rfind("## Fuzz campaign: 1 target(s) crashed, 1 could not run\n", 0), 0u) << md;
  EXPECT_NE(md.find("| `padded_decode_fuzzer` | clean | 92,471 | 23,117 | 283 | 4 | 417 | 905 | 0 "
                    "| 40.2 s |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| `padded_order_fuzzer` | **CRASH** |"), std::string::npos) << md;
  EXPECT_NE(md.find("`padded/order: a | b`"), std::string::npos) << md;  // code keeps the pipe
  EXPECT_NE(md.find("```sh\nbuild/ci/fuzz/padded_order_fuzzer "
                    "corpus/regressions/padded_order_fuzzer/crash-abc"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("**`ulid_order_fuzzer` could not run:**"), std::string::npos) << md;
}

TEST(FuzzSummary, RunReportsForCertify) {
  const std::vector<props::RunReport> reps = to_run_reports(sample_report());
  ASSERT_EQ(reps.size(), 3u);
  EXPECT_EQ(reps[0].id, "fuzz/padded_decode_fuzzer");
  EXPECT_EQ(reps[0].verdict, props::Verdict::kPassed);
  EXPECT_EQ(reps[0].cases, 92471);
  EXPECT_EQ(reps[0].settings.seed, 2402391242u);
  EXPECT_EQ(reps[1].verdict, props::Verdict::kFailed);
  EXPECT_NE(reps[1].message.find(
                "crash padded/order: a | b; reproduce: build/ci/fuzz/padded_order_fuzzer"),
            std::string::npos)
      << reps[1].message;
  EXPECT_EQ(reps[1].replay,
            "build/ci/fuzz/padded_order_fuzzer corpus/regressions/padded_order_fuzzer/crash-abc");
  ASSERT_EQ(reps[1].counterexample.size(), 2u);
  EXPECT_EQ(reps[1].counterexample[0].second, "\"5:157 158\" (9 bytes)");
  EXPECT_EQ(reps[2].verdict, props::Verdict::kError);
  EXPECT_NE(reps[2].message.find("not built"), std::string::npos);
}

std::string temp_dir(const std::string& name) {
  const std::filesystem::path d =
      std::filesystem::temp_directory_path() /
      ("sortkey_fuzz_campaign_test_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d.string();
}

TEST(FuzzSummary, WritesEveryFileAndNamesTheOnesItCannot) {
  CampaignReport r;
  r.problem = "no directory /nonexistent with libFuzzer binaries";
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("sortkey-summaries-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  const std::string json = (dir / "extra.json").string();
  const std::string blocked = (dir / "summary.json" / "inside").string();  // below a file
  unsetenv("GITHUB_STEP_SUMMARY");
  EXPECT_TRUE(write_summaries(r, dir.string(), json, "").empty());
  std::ifstream in(dir / "summary.md");
  const std::string md((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(md.find("could not run"), std::string::npos) << md;
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "summary.json"));
  EXPECT_TRUE(std::filesystem::is_regular_file(json));
  const std::vector<std::string> problems = write_summaries(r, dir.string(), "", blocked);
  ASSERT_EQ(problems.size(), 1u);
  // The reason is named too (it was not before).
  EXPECT_EQ(problems[0], "cannot write " + blocked + ": Not a directory");
  std::filesystem::remove_all(dir);
}

TEST(FuzzProcess, GuardEndsAHangingChildAndItsGroup) {
  const std::string dir = temp_dir("guard");
  const auto t0 = std::chrono::steady_clock::now();
  // The shell's own child (sleep) must die too: the guard ends the group.
  const internal::LoggedRun run = internal::run_logged(
      {"/bin/sh", "-c", "sleep 30 & echo $!; wait"}, dir + "/log", std::chrono::milliseconds(300));
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_TRUE(run.started);
  EXPECT_TRUE(run.timed_out);
  EXPECT_EQ(run.signal, SIGTERM);
  EXPECT_LT(took, 5.0);
  std::ifstream log(dir + "/log");
  pid_t sleeper = 0;
  ASSERT_TRUE(log >> sleeper);
  // Gone, or a zombie waiting for init to reap it (some containers' init never does).
  auto dead = [](pid_t pid) {
    if (::kill(pid, 0) != 0) return true;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string pid_field, comm, state;
    stat >> pid_field >> comm >> state;
    return state == "Z";
  };
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    gone = dead(sleeper);
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(gone) << "the grandchild " << sleeper << " outlived the guard";
  if (!gone) ::kill(sleeper, SIGKILL);
  std::filesystem::remove_all(dir);
}

TEST(FuzzProcess, ExitStatusEnvironmentAndMissingProgram) {
  const std::string dir = temp_dir("exit");
  const internal::LoggedRun run =
      internal::run_logged({"/bin/sh", "-c", "echo \"$SORTKEY_X\" >&2; exit 3"}, dir + "/log",
                           std::chrono::seconds(20), {"SORTKEY_X=hello"});
  EXPECT_TRUE(run.started);
  EXPECT_FALSE(run.timed_out);
  EXPECT_EQ(run.exit_code, 3);
  std::ifstream log(dir + "/log");
  std::string line;
  std::getline(log, line);
  EXPECT_EQ(line, "hello");  // standard error goes to the log too

  const internal::LoggedRun missing =
      internal::run_logged({dir + "/no_such_fuzzer"}, dir + "/log2", std::chrono::seconds(5));
  EXPECT_FALSE(missing.started);
  EXPECT_NE(missing.problem.find("no_such_fuzzer"), std::string::npos) << missing.problem;
  std::filesystem::remove_all(dir);
}

TEST(FuzzCampaign, DiscoverOnlyExecutableFuzzers) {
  const std::string dir = temp_dir("discover");
  for (const char* name : {"b_fuzzer", "a_fuzzer", "helper", "c_fuzzer.dict"}) {
    std::ofstream(dir + "/" + name) << "#!/bin/sh\n";
    std::filesystem::permissions(dir + "/" + name, std::filesystem::perms::owner_all);
  }
  std::ofstream(dir + "/d_fuzzer") << "not executable";
  std::filesystem::create_directories(dir + "/e_fuzzer");
  EXPECT_EQ(discover_targets(dir), (std::vector<std::string>{"a_fuzzer", "b_fuzzer"}));
  std::filesystem::remove_all(dir);
}

TEST(FuzzCampaign, CannotRunWithoutBinaries) {
  CampaignOptions o;
  o.fuzzers_dir = "/nonexistent/fuzz";
  CampaignReport r = run_campaign(o, nullptr);
  EXPECT_EQ(r.exit_code(), 2);
  EXPECT_NE(r.problem.find("no directory /nonexistent/fuzz with libFuzzer binaries"),
            std::string::npos)
      << r.problem;

  const std::string dir = temp_dir("empty");
  o.fuzzers_dir = dir;
  r = run_campaign(o, nullptr);
  EXPECT_EQ(r.exit_code(), 2);
  EXPECT_NE(r.problem.find("no libFuzzer targets"), std::string::npos) << r.problem;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace sortkey::certify::campaign
