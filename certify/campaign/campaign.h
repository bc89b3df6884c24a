// File: certify/campaign/campaign.h
//
// The fuzz campaign behind `sortkey fuzz` and `sortkey certify --fuzz`: every
// libFuzzer binary in a directory (every `*_fuzzer` the fuzz preset built;
// nothing is listed by hand) fuzzes for an equal share of what is left of a
// wall-clock budget, then
//   - new coverage is merged back into corpus/<target>/ with -merge=1, so the
//     checked-in seeds grow only by inputs that add features;
//   - the crash it stopped on is minimized (-minimize_crash=1), run once more
//     to prove it reproduces and to capture the decoded values the target
//     prints, and copied into corpus/regressions/<target>/<kind>-<sha1>, where
//     every later ctest run replays it; the summary gives both reproduce
//     commands (the g++ replay build and the libFuzzer build);
//   - executions, exec/s, new units, coverage (cov/ft) and the crash are
//     summarized per target as a terminal table, JSON and Markdown, and as
//     props::RunReports that `sortkey certify` prints with its own results.
//
// Parallelism is libFuzzer's -fork=N (N = jobs; jobs = 1 runs one plain
// process): one parent owns the time budget, prints one aggregated status
// line, keeps only units that add features to the first corpus directory (our
// working corpus) and stops at the first crash, timeout or out-of-memory, all
// of which count (-ignore_timeouts=0 -ignore_ooms=0: a decoder that hangs on
// some input is a bug here). The restart cost that makes -fork scale worse
// than -jobs on large targets is a corpus reload; our codec targets start in
// milliseconds. A crash file in the run's artifact directory counts even when
// the -fork parent exits 0: a worker that crashes while the parent wraps up
// at the end of its budget is not reported by the parent.
//
// Example:
//   CampaignOptions o;
//   o.budget_seconds = 120;
//   CampaignReport r = run_campaign(o, stderr);
//   if (!r.problem.empty()) { ... exit 2 ... }
//   std::fputs(summary_table(r).c_str(), stdout);
//   return r.exit_code();  // 0 clean, 1 a crash, 2 a target could not run

#ifndef SORTKEY_CERTIFY_CAMPAIGN_CAMPAIGN_H_
#define SORTKEY_CERTIFY_CAMPAIGN_CAMPAIGN_H_

#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "certify/campaign/libfuzzer_log.h"
#include "properties/runner.h"

namespace sortkey::certify::campaign {

struct CampaignOptions {
  std::string fuzzers_dir;                      // the libFuzzer binaries; "": default_fuzzers_dir()
  std::string corpus_dir = "corpus";            // seeds in <t>/, crashers kept in regressions/<t>/
  std::string source_dir = "fuzz";              // <t>.dict dictionaries and the <t>.cc sources
  std::string out_dir = "build/fuzz-campaign";  // working corpora, logs, artifacts, summaries
  std::string replay_dir = "build/ci/fuzz";     // the g++ replay build, for the reproduce command
  double budget_seconds = 300;                  // wall clock of the whole campaign
  int jobs = 0;                                 // 0: one per processor
  std::vector<std::string> targets;             // run only these; empty: every target found
  bool merge = true;                            // merge new coverage into corpus/<t>/
  bool seeds = true;                            // false: start from an empty corpus (the self-test)
  bool capture = true;                          // copy minimized crashers into corpus/regressions/
  std::optional<std::uint64_t> seed;            // libFuzzer -seed; default: libFuzzer draws one
  double minimize_seconds = 60;                 // guard of the minimization of one crash
};

// The crash a target stopped on, minimized and captured.
struct Finding {
  std::string kind;      // crash, timeout, oom, leak
  std::string headline;  // failure_headline() of the minimized input's run
  std::string property, values,
      why;                 // from the minimized input's run, when the target printed them
  std::string detail;      // the sanitizer's ERROR/runtime error line, if any
  std::string input;       // the minimized input, escaped (escape_bytes)
  std::string input_file;  // the file that holds it: the kept regression, else the campaign's copy
  std::size_t input_size = 0;
  bool minimized = false;         // -minimize_crash made it smaller
  bool reproduced = false;        // running it again failed again
  int artifacts = 0;              // crash files this run wrote
  std::string artifact;           // libFuzzer's file, in the campaign's directory
  std::string regression;         // corpus/regressions/<t>/<kind>-<sha1>, when captured
  std::string replay_command;     // the g++ replay build on the kept file
  std::string libfuzzer_command;  // the libFuzzer build on the kept file
  std::int64_t executions = -1;   // executions until the failure
  double seconds = 0;             // wall seconds of the run that failed
};

enum class TargetStatus { kClean, kCrashed, kError };
const char* to_string(TargetStatus s);

struct TargetResult {
  std::string target;
  TargetStatus status = TargetStatus::kError;
  double budget = 0;   // seconds of fuzzing given
  double seconds = 0;  // wall seconds of the fuzzing run
  LogStats stats;
  std::int64_t merged = -1;  // units merged into corpus/<t>/; -1: no merge
  std::string dictionary;    // the -dict used, or ""
  std::optional<Finding> finding;
  std::string problem;  // kError: why it could not run; else a warning or ""
  std::string log;      // the fuzzing run's full output
};

struct CampaignReport {
  std::string problem;     // non-empty: the campaign could not run at all
  std::string started_at;  // UTC, RFC 3339
  std::string fuzzers_dir, corpus_dir;
  double budget_seconds = 0;
  int jobs = 0;
  double seconds = 0;
  std::vector<TargetResult> targets;

  std::size_t crashed() const;
  std::size_t errors() const;
  // 0 every target ran clean; 1 a crash was found; 2 the campaign or a target could not run.
  int exit_code() const;
};

// Where the libFuzzer binaries are when no folder is given, found next to
// the running `sortkey`: the first folder of <bindir>/fuzzers,
// <bindir>/../libexec/sortkey/fuzzers and, in a build tree, the fuzz
// preset's <bindir>/../../fuzz/fuzz that exists; else <bindir>/fuzzers.
std::string default_fuzzers_dir();

// Runs the campaign; progress lines go to `progress` (may be null).
CampaignReport run_campaign(const CampaignOptions& options, std::FILE* progress);

// The libFuzzer targets in `dir`: executable regular files named *_fuzzer, sorted.
std::vector<std::string> discover_targets(const std::string& dir);

// The summaries. The table is for a terminal; the Markdown for a CI job summary.
std::string summary_table(const CampaignReport& r);
nlohmann::json summary_json(const CampaignReport& r);
std::string summary_markdown(const CampaignReport& r);

// Writes the JSON and Markdown summaries to summary.json and summary.md in
// `out_dir` (created), to `json_path` and `markdown_path` when given ("-":
// standard output), and appends the Markdown to $GITHUB_STEP_SUMMARY when
// that is set. Returns one sentence per file that could not be written.
std::vector<std::string> write_summaries(const CampaignReport& r, const std::string& out_dir,
                                         const std::string& json_path,
                                         const std::string& markdown_path);

// One RunReport per target, id "fuzz/<target>": kPassed iff it ran without a
// crash; kFailed with the crash, its input and reproduce commands as the
// message; kError when it could not run.
std::vector<props::RunReport> to_run_reports(const CampaignReport& r);

// "1.2M executions (92k/s), cov 417, ft 905, 3 new units": for a statement column.
std::string describe_stats(const TargetResult& t);

namespace internal {

// Bytes as a C-like literal body: printable ASCII stays, \\ \" \n \r \t, else \xNN.
std::string escape_bytes(std::string_view bytes);

// Lowercase hex SHA-1, libFuzzer's name for an input.
std::string sha1_hex(std::string_view bytes);

}  // namespace internal
}  // namespace sortkey::certify::campaign

#endif  // SORTKEY_CERTIFY_CAMPAIGN_CAMPAIGN_H_
