#include "certify_jobs.h"

#include <fmt/format.h>
#include <stdlib.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "certify/internal/json_input.h"
#include "certify/internal/subprocess.h"

namespace sortkey::cli {
namespace {

using certify::ChosenProperty;
using certify::internal::Child;
using certify::internal::Spawn;
using certify::internal::Stdio;
using nlohmann::json;
namespace fs = std::filesystem;

json report_json(const props::RunReport& r) {
  return {{"id", r.id},
          {"verdict", props::to_string(r.verdict)},
          {"settings",
           {{"seed", r.settings.seed},
            {"cases", r.settings.cases},
            {"max_size", r.settings.max_size},
            {"shrink", r.settings.shrink}}},
          {"cases", r.cases},
          {"seconds", r.seconds},
          {"seconds_to_failure", r.seconds_to_failure},
          {"message", r.message},
          {"counterexample", r.counterexample},
          {"shrinks", r.shrinks},
          {"reproduce", r.reproduce},
          {"distribution", r.distribution},
          {"replay", r.replay}};
}

props::Verdict verdict_of(const std::string& name) {
  for (auto v : {props::Verdict::kPassed, props::Verdict::kFailed, props::Verdict::kGaveUp}) {
    if (name == props::to_string(v)) return v;
  }
  if (name != props::to_string(props::Verdict::kError)) throw std::invalid_argument(name);
  return props::Verdict::kError;
}

props::RunReport report_from(const json& j) {
  props::RunReport r;
  r.id = j.at("id").get<std::string>();
  r.verdict = verdict_of(j.at("verdict").get<std::string>());
  const json& s = j.at("settings");
  r.settings.seed = s.at("seed").get<std::uint64_t>();
  r.settings.cases = s.at("cases").get<int>();
  r.settings.max_size = s.at("max_size").get<int>();
  r.settings.shrink = s.at("shrink").get<bool>();
  r.cases = j.at("cases").get<int>();
  r.seconds = j.at("seconds").get<double>();
  r.seconds_to_failure = j.at("seconds_to_failure").get<double>();
  r.message = j.at("message").get<std::string>();
  r.counterexample = j.at("counterexample").get<decltype(r.counterexample)>();
  r.shrinks = j.at("shrinks").get<int>();
  r.reproduce = j.at("reproduce").get<std::string>();
  r.distribution = j.at("distribution").get<decltype(r.distribution)>();
  r.replay = j.at("replay").get<std::string>();
  return r;
}

// A scratch directory, removed with everything in it when this goes.
class ScratchDir {
 public:
  static Result<std::unique_ptr<ScratchDir>> make() {
    std::error_code ec;
    std::string pattern = (fs::temp_directory_path(ec) / "sortkey-certify-jobs.XXXXXX").string();
    if (ec || mkdtemp(pattern.data()) == nullptr) {
      return make_error(ErrorCode::kUnavailable, 0,
                        "cannot make a scratch directory for the worker processes");
    }
    return std::unique_ptr<ScratchDir>(new ScratchDir(pattern));
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  explicit ScratchDir(fs::path path) : path_(std::move(path)) {}
  fs::path path_;
};

struct Worker {
  std::vector<std::string> ids;
  std::string results, errors;  // its files
  std::unique_ptr<Child> child;
};

std::vector<std::string> worker_argv(const WorkerPlan& plan, const props::RunSettings& settings,
                                     const Worker& w) {
  std::vector<std::string> argv = {"sortkey", "certify"};
  argv.insert(argv.end(), plan.target_args.begin(), plan.target_args.end());
  for (const std::string& option :
       {std::string("--seed"), std::to_string(settings.seed), std::string("--cases"),
        std::to_string(settings.cases), std::string("--no-progress"),
        std::string("--worker-results"), w.results}) {
    argv.push_back(option);
  }
  if (plan.fail_fast) argv.push_back("--fail-fast");
  for (const std::string& id : w.ids) {
    argv.push_back("--property");
    argv.push_back(id);
  }
  return argv;
}

// The last line of a worker's standard error, without the program's name.
std::string last_error_line(const std::string& path) {
  auto text = certify::internal::read_file_within(path, 1 << 20);
  if (!text) return "(its standard error cannot be read)";
  std::string s = *text;
  while (!s.empty() && s.back() == '\n') s.pop_back();
  s = s.substr(s.rfind('\n') == std::string::npos ? 0 : s.rfind('\n') + 1);
  const std::string name = "sortkey certify: ";
  return s.rfind(name, 0) == 0 ? s.substr(name.size()) : s;
}

// The reports of one worker that ended, or why it could not run.
Result<std::vector<props::RunReport>> results_of(Worker& w) {
  std::optional<certify::internal::Ended> ended;
  while (!ended) ended = w.child->wait_for(std::chrono::seconds(1));
  w.child->stop(0, std::chrono::milliseconds(0));
  const std::string running = fmt::format("the worker process of {}", fmt::join(w.ids, ", "));
  if (ended->exit_code != 0 && ended->exit_code != 1) {
    return make_error(
        ErrorCode::kUnavailable, 0,
        fmt::format("{} {}: {}", running, ended->describe(), last_error_line(w.errors)));
  }
  if (auto err = certify::internal::read_file_within(w.errors, 1 << 20); err && !err->empty()) {
    std::fputs(err->c_str(), stderr);
  }
  auto text = certify::internal::read_file_within(w.results, certify::internal::kMaxJsonFileBytes);
  if (!text)
    return make_error(ErrorCode::kUnavailable, 0,
                      running + " left no results: " + text.error().message);
  auto reports = parse_worker_results(*text);
  if (!reports)
    return make_error(ErrorCode::kUnavailable, 0, running + ": " + reports.error().message);
  return reports;
}

Result<std::vector<props::RunReport>> run_workers(const WorkerPlan& plan,
                                                  const std::vector<ChosenProperty>& chosen,
                                                  const props::RunSettings& settings) {
  auto scratch = ScratchDir::make();
  if (!scratch) return scratch.error();
  std::error_code ec;
  const std::string self = fs::read_symlink("/proc/self/exe", ec).string();
  if (ec)
    return make_error(ErrorCode::kUnavailable, 0,
                      "cannot find this program to run workers: " + ec.message());
  std::vector<Worker> workers(std::min<std::size_t>(plan.jobs, chosen.size()));
  for (std::size_t i = 0; i < chosen.size(); ++i)
    workers[i % workers.size()].ids.push_back(chosen[i].entry->id());
  for (std::size_t k = 0; k < workers.size(); ++k) {
    Worker& w = workers[k];
    w.results = (*scratch)->file(fmt::format("results-{}.json", k + 1));
    w.errors = (*scratch)->file(fmt::format("stderr-{}.txt", k + 1));
    auto child = Child::spawn({.program = self,
                               .argv = worker_argv(plan, settings, w),
                               .in = Stdio::kNull,
                               .out = Stdio::kNull,
                               .err = Stdio::kFile,
                               .file = w.errors,
                               .die_with_parent = true,
                               .label = "a certify worker process"});
    if (!child) return child.error();
    w.child = std::move(*child);
  }
  std::map<std::string, props::RunReport> by_id;
  std::optional<Error> failed;
  for (Worker& w : workers) {
    auto reports = results_of(w);
    if (!reports && !failed) failed = reports.error();
    if (!reports) continue;
    for (auto& r : *reports) by_id.insert_or_assign(r.id, std::move(r));
  }
  if (failed) return *failed;
  // In the serial order. With --fail-fast a worker stops at its first
  // failure, so the first report missing comes after a failure: the run loop
  // stops there, as a serial run would.
  std::vector<props::RunReport> out;
  for (const ChosenProperty& c : chosen) {
    auto at = by_id.find(c.entry->id());
    if (at == by_id.end()) {
      if (plan.fail_fast) break;
      return make_error(ErrorCode::kUnavailable, 0,
                        fmt::format("no worker process reported {}", c.entry->id()));
    }
    out.push_back(std::move(at->second));
  }
  return out;
}

}  // namespace

certify::BatchRunner worker_batch(WorkerPlan plan) {
  return [plan = std::move(plan)](const std::vector<ChosenProperty>& chosen,
                                  const props::RunSettings& settings) {
    return run_workers(plan, chosen, settings);
  };
}

std::string worker_results_json(const certify::Certification& cert) {
  json reports = json::array();
  for (const auto& p : cert.properties) {
    if (p.group.empty()) reports.push_back(report_json(p.run));
  }
  return json{{"format", "sortkey-certify-worker/1"}, {"reports", reports}}.dump(
             -1, ' ', false, json::error_handler_t::replace) +
         "\n";
}

Result<std::vector<props::RunReport>> parse_worker_results(std::string_view text) {
  auto parsed = certify::internal::parse_json(text, "the worker's results");
  if (!parsed) return parsed.error();
  try {
    if (parsed->at("format") != "sortkey-certify-worker/1") throw std::invalid_argument("format");
    std::vector<props::RunReport> out;
    for (const json& r : parsed->at("reports")) out.push_back(report_from(r));
    return out;
  } catch (const std::exception& e) {
    return make_error(
        ErrorCode::kBadFormat, 0,
        fmt::format("the worker's results are not what a worker writes ({})", e.what()));
  }
}

}  // namespace sortkey::cli
