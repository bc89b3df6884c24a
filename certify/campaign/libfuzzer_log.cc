#include "certify/campaign/libfuzzer_log.h"

#include <algorithm>
#include <charconv>
#include <filesystem>

namespace sortkey::certify::campaign {
namespace internal {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

std::string trim(std::string_view s) {
  while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t')) {
    s.remove_suffix(1);
  }
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  return std::string(s);
}

std::string kind_of_artifact(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  for (const char* k : {"crash", "timeout", "oom", "leak"}) {
    if (starts_with(name, std::string(k) + "-")) return k;
  }
  return "";
}

}  // namespace internal

namespace {

using internal::kind_of_artifact;
using internal::starts_with;
using internal::trim;

// The unsigned number right after `key` in `line` (spaces skipped); -1 if none.
std::int64_t number_after(std::string_view line, std::string_view key) {
  const std::size_t at = line.find(key);
  if (at == std::string_view::npos) return -1;
  std::size_t i = at + key.size();
  while (i < line.size() && line[i] == ' ') ++i;
  std::int64_t v = -1;
  const auto [end, ec] = std::from_chars(line.data() + i, line.data() + line.size(), v);
  (void)end;
  return ec == std::errc() ? v : -1;
}

// Reads one log line after another into a LogStats.
class LogReader {
 public:
  void line(std::string_view line) {
    progress(line);
    property(line);
    failure(line);
  }
  LogStats finish();

 private:
  void progress(std::string_view line);
  void status_line(std::string_view line);
  void fork_counters(std::string_view line);
  void stat_line(std::string_view line);
  void property(std::string_view line);
  void failure(std::string_view line);
  void exception(std::string_view line);

  LogStats s_;
  bool inner_ = false;  // inside -fork's copy of a worker's log
  std::int64_t inner_executions_ = -1;
  bool in_property_ = false;
};

void LogReader::progress(std::string_view line) {
  if (starts_with(line, "INFO: Seed: ") && s_.seed < 0) {
    s_.seed = number_after(line, "INFO: Seed: ");
  } else if (starts_with(line, "INFO: -fork=") &&
             line.find(" seed inputs") != std::string_view::npos) {
    s_.fork = true;
    const std::string_view head = line.substr(0, line.find(" seed inputs"));
    s_.seed_units = number_after(head.substr(head.rfind(' ')), " ");
  } else if (line == "INFO: log from the inner process:") {
    inner_ = true;
  } else if (starts_with(line, "INFO: exiting: ")) {
    inner_ = false;
  } else if (starts_with(line, "#") && line.find("cov: ") != std::string_view::npos) {
    status_line(line);
  } else if (starts_with(line, "stat::")) {
    stat_line(line);
  }
}

// "#N: cov: C ft: F corp: K exec/s E oom/timeout/crash: a/b/c time: Ts ..." (a -fork parent)
// or "#N\tNEW    cov: C ft: F corp: K/Bb ... exec/s: E" (one process).
void LogReader::status_line(std::string_view line) {
  std::int64_t n = -1;
  const auto [end, ec] = std::from_chars(line.data() + 1, line.data() + line.size(), n);
  const bool fork_line = ec == std::errc() && end < line.data() + line.size() && *end == ':';
  if (fork_line && !inner_) {
    s_.fork = true;
    s_.executions = n;
    s_.cov = number_after(line, "cov: ");
    s_.ft = number_after(line, "ft: ");
    s_.corpus = number_after(line, "corp: ");
    const std::int64_t eps = number_after(line, "exec/s");
    s_.exec_per_sec = eps >= 0 ? eps : number_after(line, "exec/s:");
    fork_counters(line);
  } else if (!fork_line && !s_.fork && ec == std::errc()) {
    s_.executions = n;
    s_.cov = number_after(line, "cov: ");
    s_.ft = number_after(line, "ft: ");
    if (line.find("corp: ") != std::string_view::npos) s_.corpus = number_after(line, "corp: ");
    if (line.find("exec/s: ") != std::string_view::npos) {
      s_.exec_per_sec = number_after(line, "exec/s: ");
    }
    if (line.find("INITED") != std::string_view::npos) s_.seed_units = s_.corpus;
  }
}

// "oom/timeout/crash: a/b/c".
void LogReader::fork_counters(std::string_view line) {
  const std::size_t counters = line.find("oom/timeout/crash: ");
  if (counters == std::string_view::npos) return;
  const char* q = line.data() + counters + 19;
  const char* const stop = line.data() + line.size();
  std::int64_t* fields[] = {&s_.ooms, &s_.timeouts, &s_.crashes};
  for (std::int64_t* field : fields) {
    const auto [next, e] = std::from_chars(q, stop, *field);
    if (e != std::errc() || next == stop || (*next != '/' && field != &s_.crashes)) break;
    q = next + 1;
  }
}

void LogReader::stat_line(std::string_view line) {
  const std::int64_t v = number_after(line.substr(line.rfind(':')), ":");
  if (inner_) {
    if (starts_with(line, "stat::number_of_executed_units:")) inner_executions_ = v;
  } else if (starts_with(line, "stat::number_of_executed_units:")) {
    s_.executions = v;
  } else if (starts_with(line, "stat::average_exec_per_sec:")) {
    s_.exec_per_sec = v;
  } else if (starts_with(line, "stat::new_units_added:")) {
    s_.new_units = v;
  } else if (starts_with(line, "stat::peak_rss_mb:")) {
    s_.peak_rss_mb = v;
  }
}

// What a sortkey fuzz target prints (fuzz/fuzz_adapter.h), in a worker's copy or not.
void LogReader::property(std::string_view line) {
  if (starts_with(line, "== sortkey property violated: ")) {
    if (s_.property.empty()) s_.property = trim(line.substr(30));
    in_property_ = s_.property == trim(line.substr(30));
  } else if (in_property_ && starts_with(line, "   values: ")) {
    if (s_.values.empty()) s_.values = trim(line.substr(11));
  } else if (in_property_ && starts_with(line, "   why: ")) {
    if (s_.why.empty()) s_.why = trim(line.substr(8));
    in_property_ = false;
  }
}

void LogReader::failure(std::string_view line) {
  const std::size_t err = line.find("ERROR: ");
  if (starts_with(line, "==") && err != std::string_view::npos && s_.error.empty()) {
    s_.error = trim(line.substr(err + 7));
    if (s_.error.find("libFuzzer: timeout") != std::string::npos) {
      s_.kind = "timeout";
    } else if (s_.error.find("out-of-memory") != std::string::npos) {
      s_.kind = "oom";
    } else if (s_.error.find("LeakSanitizer") != std::string::npos) {
      s_.kind = "leak";
    } else {
      s_.kind = "crash";
    }
  }
  exception(line);
  if (line.find(": runtime error: ") != std::string_view::npos && s_.runtime_error.empty()) {
    s_.runtime_error = trim(line);
    if (s_.kind.empty()) s_.kind = "crash";
  }
  if (starts_with(line, "SUMMARY: ")) {
    const std::string summary = trim(line.substr(9));
    if (s_.summary.empty() ||
        (starts_with(s_.summary, "libFuzzer: ") && !starts_with(summary, "libFuzzer: "))) {
      s_.summary = summary;
    }
    if (s_.kind.empty()) s_.kind = "crash";
  }
  const std::size_t written = line.find("Test unit written to ");
  if (written != std::string_view::npos && s_.artifact.empty()) {
    s_.artifact = trim(line.substr(written + 21));
    const std::string k = kind_of_artifact(s_.artifact);
    if (!k.empty()) s_.kind = k;
  }
}

// libstdc++'s words when an exception escapes the target.
void LogReader::exception(std::string_view line) {
  constexpr std::string_view kTerminate = "terminate called after throwing an instance of '";
  if (starts_with(line, kTerminate) && s_.exception.empty()) {
    std::string_view type = line.substr(kTerminate.size());
    if (!type.empty() && type.back() == '\'') type.remove_suffix(1);
    s_.exception = "uncaught " + std::string(type);
    if (s_.kind.empty()) s_.kind = "crash";
  } else if (starts_with(line, "  what():  ") && s_.exception.find(": ") == std::string::npos &&
             !s_.exception.empty()) {
    s_.exception += ": " + trim(line.substr(11));
  }
}

LogStats LogReader::finish() {
  if (s_.fork && s_.corpus >= 0 && s_.seed_units >= 0) {
    s_.new_units = std::max<std::int64_t>(0, s_.corpus - s_.seed_units);
  }
  if (!s_.kind.empty()) {
    s_.failure_executions = s_.fork ? std::max<std::int64_t>(0, s_.executions) +
                                          std::max<std::int64_t>(0, inner_executions_)
                                    : s_.executions;
  }
  return s_;
}

}  // namespace

std::string failure_headline(const LogStats& s) {
  if (!s.property.empty()) return s.why.empty() ? s.property : s.property + ": " + s.why;
  if (!s.runtime_error.empty()) return s.runtime_error;
  if (!s.exception.empty()) return s.exception;
  if (!s.summary.empty()) return s.summary;
  if (!s.error.empty()) return s.error;
  return s.kind;
}

namespace internal {

LogStats parse_libfuzzer_log(std::string_view log) {
  LogReader reader;
  std::size_t pos = 0;
  while (pos < log.size()) {
    std::size_t nl = log.find('\n', pos);
    if (nl == std::string_view::npos) nl = log.size();
    std::string_view line = log.substr(pos, nl - pos);
    pos = nl + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    reader.line(line);
  }
  return reader.finish();
}

std::int64_t parse_merge_added(std::string_view log) {
  std::int64_t added = -1;
  std::size_t at = 0;
  while ((at = log.find("MERGE-OUTER: ", at)) != std::string_view::npos) {
    std::string_view line = log.substr(at, log.find('\n', at) - at);
    at += 13;
    if (line.find(" new files with ") != std::string_view::npos) {
      added = number_after(line, "MERGE-OUTER: ");
    }
  }
  return added;
}

}  // namespace internal
}  // namespace sortkey::certify::campaign
