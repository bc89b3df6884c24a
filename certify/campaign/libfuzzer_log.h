// File: certify/campaign/libfuzzer_log.h
//
// What a libFuzzer run's log says, read line by line: the seed, executions,
// exec/s, coverage, corpus size, a -fork parent's counters, and the failure
// it stopped on (a sanitizer's ERROR and SUMMARY, UBSan's runtime error, an
// uncaught exception, the property a sortkey fuzz target reports as
// violated, the artifact written). The log is outside input: any bytes give
// a LogStats, with -1 for what the log does not say.
//
// Example:
//   LogStats s = parse_libfuzzer_log(log_text);
//   if (!s.kind.empty()) fmt::print("{}\n", failure_headline(s));

#ifndef SORTKEY_CERTIFY_CAMPAIGN_LIBFUZZER_LOG_H_
#define SORTKEY_CERTIFY_CAMPAIGN_LIBFUZZER_LOG_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace sortkey::certify::campaign {

// What one libFuzzer log says. -1: the log does not say.
struct LogStats {
  std::int64_t seed = -1;          // "INFO: Seed: N"
  bool fork = false;               // a -fork parent's log
  std::int64_t executions = -1;    // stat::number_of_executed_units; -fork: the last "#N:"
  std::int64_t exec_per_sec = -1;  // stat::average_exec_per_sec; -fork: the last "exec/s"
  std::int64_t new_units = -1;     // stat::new_units_added; -fork: corpus at the end - seed inputs
  std::int64_t cov = -1;           // the last cov: (covered PCs); the campaign takes -fork's
  std::int64_t ft = -1;            // cov and ft (features) from the merge's pass over the corpus
  std::int64_t corpus = -1;        // units in the corpus at the last status line
  std::int64_t seed_units = -1;    // -fork: "N seed inputs"; else the corpus at INITED
  std::int64_t peak_rss_mb = -1;
  std::int64_t crashes = 0, timeouts = 0, ooms = 0;  // -fork's oom/timeout/crash counters

  // The failure the run stopped on; empty kind: none.
  std::string kind;     // "crash", "timeout", "oom", "leak"
  std::string error;    // the first ERROR line, e.g. "AddressSanitizer: heap-buffer-overflow ..."
  std::string summary;  // the most specific SUMMARY line (a sanitizer's over libFuzzer's)
  std::string runtime_error;          // UBSan's "file:line:col: runtime error: ..."
  std::string exception;              // "uncaught <type>: <what()>" from std::terminate's message
  std::string property, values, why;  // what the sortkey adapter printed (fuzz/fuzz_adapter.h)
  std::string artifact;               // "Test unit written to <path>"
  std::int64_t failure_executions = -1;  // executions when it failed
};

// One line that says what failed, e.g. "padded/order: ..." or the SUMMARY.
std::string failure_headline(const LogStats& s);

namespace internal {

// Text helpers the log reader and the campaign share.
bool starts_with(std::string_view s, std::string_view p);
std::string trim(std::string_view s);  // without leading and trailing blanks (and a '\r')
// "crash-<sha1>" -> "crash"; "" when the file name says no kind.
std::string kind_of_artifact(const std::string& path);

LogStats parse_libfuzzer_log(std::string_view log);

// "MERGE-OUTER: N new files ..." -> N; -1 when absent.
std::int64_t parse_merge_added(std::string_view log);

}  // namespace internal
}  // namespace sortkey::certify::campaign

#endif  // SORTKEY_CERTIFY_CAMPAIGN_LIBFUZZER_LOG_H_
