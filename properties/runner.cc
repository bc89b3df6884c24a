#include "properties/runner.h"

#include <fmt/format.h>
#include <rapidcheck/detail/Configuration.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <random>
#include <string_view>

#include "sortkey/error.h"
#include "support/text.h"

namespace sortkey::props {
namespace {

bool env_number(const char* name, std::uint64_t& out) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return false;
  char* end = nullptr;
  const unsigned long long v = std::strtoull(text, &end, 10);
  if (*end != '\0') {
    std::cerr << "sortkey: ignoring " << name << "=" << text << ": not a non-negative integer\n";
    return false;
  }
  out = v;
  return true;
}

// RapidCheck shows a string tag as a C++ literal ("\"38 digits\""); the
// reports show the words.
std::string unquoted(const std::string& tag) {
  if (tag.size() < 2 || tag.front() != '"' || tag.back() != '"') return tag;
  std::string out;
  for (std::size_t i = 1; i + 1 < tag.size(); ++i) {
    if (tag[i] == '\\' && i + 2 < tag.size()) ++i;
    out += tag[i];
  }
  return out;
}

std::string join_tags(const std::vector<std::string>& tags) {
  if (tags.empty()) return "(untagged)";
  std::string out;
  for (const auto& t : tags) out += (out.empty() ? "" : ", ") + unquoted(t);
  return out;
}

// What the runner sees of the failing cases, which RapidCheck does not keep.
struct Failures {
  double first_seconds = -1;  // from the start to the first failing case; -1: none
  std::string last;           // the message of the last failing case
};

// `property`, noting its failing cases in `*seen`: RapidCheck times nothing
// (the run's time includes the shrinking), and describes a failure by running
// its minimal case once more, which a target that answers differently passes.
rc::detail::Property observing_failures(const rc::detail::Property& property,
                                        std::chrono::steady_clock::time_point start,
                                        std::shared_ptr<Failures> seen) {
  return rc::gen::map(property, [start, seen](rc::detail::CaseDescription c) {
    if (c.result.type != rc::detail::CaseResult::Type::Failure) return c;
    if (seen->first_seconds < 0)
      seen->first_seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    seen->last = c.result.description;
    return c;
  });
}

// The failure's description; when the minimal case passed on its last run,
// the message of the run that failed, and why the two differ.
std::string failure_message(const std::string& description, const Failures& seen) {
  constexpr std::string_view kReplayPassed = "no exceptions thrown";
  if (description != kReplayPassed || seen.last.empty()) return description;
  return seen.last +
         "\n  the minimal case passed when it was run again: the target answered differently to "
         "the same requests (is it nondeterministic?)";
}

}  // namespace

RunSettings settings_from_environment(int default_cases) {
  RunSettings s;
  s.cases = default_cases;
  std::uint64_t n = 0;
  if (env_number("SORTKEY_SEED", n)) s.seed = n;
  if (const char* fresh = std::getenv("SORTKEY_FRESH_SEEDS"); fresh && std::string(fresh) == "1") {
    s.seed = std::random_device{}() * 0x100000000ULL ^ std::random_device{}();
  }
  if (env_number("SORTKEY_CASES", n) && n > 0 && n < 100000000) s.cases = static_cast<int>(n);
  return s;
}

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::kPassed:
      return "passed";
    case Verdict::kFailed:
      return "FAILED";
    case Verdict::kGaveUp:
      return "gave up";
    case Verdict::kError:
      return "error";
  }
  return "?";
}

namespace {

// The report of `result`, a run of `entry` that began at `start`.
RunReport report_of(const rc::detail::TestResult& result, const RunReport& base,
                    std::chrono::steady_clock::time_point start, const Failures& failures) {
  RunReport report = base;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  rc::detail::SuccessResult success;
  rc::detail::FailureResult failure;
  rc::detail::GaveUpResult gave_up;
  rc::detail::Error error;
  if (result.match(success)) {
    report.verdict = Verdict::kPassed;
    report.cases = success.numSuccess;
    for (const auto& [tags, count] : success.distribution)
      report.distribution[join_tags(tags)] = count;
  } else if (result.match(failure)) {
    report.verdict = Verdict::kFailed;
    report.cases = failure.numSuccess + 1;
    report.seconds_to_failure =
        failures.first_seconds < 0 ? report.seconds : failures.first_seconds;
    report.message = failure_message(failure.description, failures);
    report.counterexample = failure.counterExample;
    report.shrinks = static_cast<int>(failure.reproduce.shrinkPath.size());
    rc::detail::Configuration config;
    config.reproduce[report.id] = failure.reproduce;
    // Only the reproduce=... key: with it RapidCheck replays just this case.
    const std::string all = rc::detail::configToString(config);
    const auto at = all.find("reproduce=");
    if (at != std::string::npos) report.reproduce = all.substr(at, all.find(' ', at) - at);
  } else if (result.match(gave_up)) {
    report.verdict = Verdict::kGaveUp;
    report.cases = gave_up.numSuccess;
    report.message = "too many discarded cases: " + gave_up.description;
  } else if (result.match(error)) {
    report.verdict = Verdict::kError;
    report.message = error.description;
  }
  return report;
}

// A replay says nothing while it runs: the report says it all.
class SilentListener final : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

rc::detail::TestParams params_of(const RunSettings& settings) {
  rc::detail::TestParams params;
  params.seed = settings.seed;
  params.maxSuccess = settings.cases;
  params.maxSize = settings.max_size > 100 ? 100 : settings.max_size;
  params.disableShrinking = !settings.shrink;
  return params;
}

}  // namespace

namespace {

// A report for `entry` under `settings`, before anything ran.
RunReport blank_report(const PropertyEntry& entry, const RunSettings& settings) {
  RunReport report;
  report.id = entry.id();
  report.settings = settings;
  return report;
}

}  // namespace

RunReport run_property(const PropertyEntry& entry, const RunSettings& settings) {
  RunReport report = blank_report(entry, settings);
  const rc::detail::TestMetadata metadata{report.id, entry.statement};
  const auto start = std::chrono::steady_clock::now();
  const auto failures = std::make_shared<Failures>();
  const rc::detail::TestResult result = rc::detail::checkProperty(
      observing_failures(entry.property, start, failures), metadata, params_of(settings));
  return report_of(result, report, start, *failures);
}

RunReport replay_property(const PropertyEntry& entry, const RunSettings& settings,
                          const std::string& reproduce) {
  RunReport report = blank_report(entry, settings);
  const rc::detail::TestMetadata metadata{report.id, entry.statement};
  const auto start = std::chrono::steady_clock::now();
  const auto failures = std::make_shared<Failures>();
  rc::detail::Configuration config;
  try {
    config = rc::detail::configFromString(reproduce);
  } catch (const rc::detail::ConfigurationException& e) {
    report.message = std::string("the reproduce string cannot be read: ") + e.what();
    return report;
  }
  SilentListener silent;
  const rc::detail::TestResult result =
      rc::detail::checkProperty(observing_failures(entry.property, start, failures), metadata,
                                params_of(settings), silent, config.reproduce);
  report = report_of(result, report, start, *failures);
  // RapidCheck says a replayed case that holds now as an error of these words.
  constexpr std::string_view kHoldsNow = "Reproduced result is not a failure";
  if (report.verdict == Verdict::kError && report.message == kHoldsNow) {
    report.verdict = Verdict::kPassed;
    report.cases = 1;
    report.message.clear();
  }
  return report;
}

std::string check_rc_params() {
  const char* params = std::getenv("RC_PARAMS");
  if (params == nullptr) return {};
  try {
    rc::detail::configFromString(params);
  } catch (const rc::detail::ConfigurationException& e) {
    return fmt::format("RC_PARAMS: {}", printable(e.what()));
  } catch (const std::exception& e) {  // a reproduce string RapidCheck cannot decode
    return fmt::format("RC_PARAMS: {}", printable(e.what()));
  }
  return {};
}

void pin_rapidcheck_seed(std::uint64_t seed) {
  if (std::getenv("RC_PARAMS") == nullptr) {
    ::setenv("RC_PARAMS", fmt::format("seed={}", seed).c_str(), 1);
  }
}

std::string replay_command(const RunReport& report) {
  if (!report.replay.empty()) return report.replay;
  return fmt::format("sortkey certify --seed {} --cases {} --property {}", report.settings.seed,
                     report.settings.cases, report.id);
}

std::string describe_failure(const RunReport& report) {
  std::string out = fmt::format(
      "{} {} after {} and {} (seed {})\n", report.id, to_string(report.verdict),
      support::quantity(static_cast<std::size_t>(report.cases), "case"),
      support::quantity(static_cast<std::size_t>(report.shrinks), "shrink"), report.settings.seed);
  out += fmt::format("  why: {}\n", report.message);
  for (const auto& [type, value] : report.counterexample) {
    out += fmt::format("  counterexample: {} = {}\n", type, value);
  }
  out += fmt::format("  replay: {}\n", replay_command(report));
  if (!report.reproduce.empty() && report.replay.empty()) {
    out += fmt::format(
        "  replay only the minimal case in the test suite: RC_PARAMS=\"{}\" "
        "sortkey_property_tests --gtest_filter='{}'\n",
        report.reproduce,
        report.id.substr(0, report.id.find('/')) + "." + report.id.substr(report.id.find('/') + 1));
  }
  return out;
}

}  // namespace sortkey::props
