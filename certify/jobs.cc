#include "certify/jobs.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <stdlib.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "support/json_input.h"
#include "support/subprocess.h"

namespace sortkey::certify {
namespace {

using nlohmann::json;
using support::Child;
using support::Spawn;
using support::Stdio;
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

// How long one look at a running worker waits for it to end.
constexpr std::chrono::milliseconds kLook(100);

struct Worker {
  int number = 0;               // 1, 2, ...
  std::string results, errors;  // its files
  std::unique_ptr<Child> child;
  WorkerResults seen;        // the lines of its results file read so far
  std::size_t consumed = 0;  // bytes of its results file read
  bool ended = false;
};

std::vector<std::string> worker_argv(const WorkerPlan& plan, const props::RunSettings& settings,
                                     const Worker& w, const std::vector<std::string>& ids,
                                     const std::string& claims) {
  std::vector<std::string> argv = {"sortkey", "certify"};
  argv.insert(argv.end(), plan.target_args.begin(), plan.target_args.end());
  for (const std::string& option :
       {std::string("--seed"), std::to_string(settings.seed), std::string("--cases"),
        std::to_string(settings.cases), std::string("--jobs"), std::string("1"),
        std::string("--no-progress"), std::string("--worker-results"), w.results,
        std::string("--worker-claims"), claims}) {
    argv.push_back(option);
  }
  if (plan.fail_fast) argv.push_back("--fail-fast");
  for (const std::string& id : ids) {
    argv.push_back("--property");
    argv.push_back(id);
  }
  return argv;
}

// The last line of a worker's standard error, without the program's name.
std::string last_error_line(const std::string& path) {
  auto text = support::read_file_within(path, 1 << 20);
  if (!text) return "(its standard error cannot be read)";
  std::string s = *text;
  while (!s.empty() && s.back() == '\n') s.pop_back();
  s = s.substr(s.rfind('\n') == std::string::npos ? 0 : s.rfind('\n') + 1);
  const std::string name = "sortkey certify: ";
  return s.rfind(name, 0) == 0 ? s.substr(name.size()) : s;
}

std::string running_text(const Worker& w) {
  if (w.seen.taken.empty()) return fmt::format("worker process {}", w.number);
  return fmt::format("worker process {} (it took {})", w.number, fmt::join(w.seen.taken, ", "));
}

// Reads the lines the worker added to its results file since the last look.
// A file not there yet is a worker still starting.
Result<void> read_new_lines(Worker& w) {
  auto text = support::read_file_within(w.results, support::kMaxJsonFileBytes);
  if (!text) return {};
  const std::size_t end = text->rfind('\n');
  if (end == std::string::npos || end + 1 <= w.consumed) return {};
  auto added =
      parse_worker_lines(std::string_view(*text).substr(w.consumed, end + 1 - w.consumed), w.seen);
  if (!added)
    return make_error(ErrorCode::kUnavailable, 0, running_text(w) + ": " + added.error().message);
  w.consumed = end + 1;
  return {};
}

// A worker that ended: its standard error passed on, its requests counted
// with the parent's targets of the same name. An error when it could not run.
Result<void> worker_ended(const Worker& w, const support::Ended& ended,
                          const std::vector<ChosenProperty>& chosen) {
  if (ended.exit_code != 0 && ended.exit_code != 1) {
    return make_error(
        ErrorCode::kUnavailable, 0,
        fmt::format("{} {}: {}", running_text(w), ended.describe(), last_error_line(w.errors)));
  }
  if (auto err = support::read_file_within(w.errors, 1 << 20); err && !err->empty()) {
    std::fputs(err->c_str(), stderr);
  }
  if (!w.seen.ended) {
    return make_error(
        ErrorCode::kUnavailable, 0,
        running_text(w) + " " + ended.describe() + " before its results were written");
  }
  std::set<Target*> targets;
  for (const ChosenProperty& c : chosen) targets.insert(c.target);
  for (Target* t : targets) {
    if (auto n = w.seen.requests.find(t->name()); n != w.seen.requests.end()) {
      t->add_worker_requests(n->second);
    }
  }
  return {};
}

// The property each running worker has taken and not yet reported.
std::vector<std::string> running_ids(const std::vector<Worker>& workers) {
  std::vector<std::string> ids;
  for (const Worker& w : workers) {
    if (!w.ended && w.seen.reports.size() < w.seen.taken.size()) ids.push_back(w.seen.taken.back());
  }
  return ids;
}

// Looks at each running worker in turn until all have ended, saying every
// report as it comes. The first worker that cannot run ends the others.
Result<void> watch_workers(std::vector<Worker>& workers, const std::vector<ChosenProperty>& chosen,
                           const certify::BatchProgress& progress) {
  for (bool running = true; running;) {
    running = false;
    for (Worker& w : workers) {
      if (w.ended) continue;
      std::optional<support::Ended> ended = w.child->wait_for(kLook);
      const std::size_t before = w.seen.reports.size();
      if (auto read = read_new_lines(w); !read) return read.error();
      for (std::size_t i = before; i < w.seen.reports.size(); ++i)
        progress.finished(w.seen.reports[i]);
      if (!ended) {
        running = true;
        continue;
      }
      w.child->stop(0, std::chrono::milliseconds(0));
      w.ended = true;
      if (auto ok = worker_ended(w, *ended, chosen); !ok) return ok.error();
    }
    if (running) progress.running(running_ids(workers));
  }
  return {};
}

Result<void> start_workers(std::vector<Worker>& workers, const ScratchDir& scratch,
                           const WorkerPlan& plan, const props::RunSettings& settings,
                           const std::vector<std::string>& ids) {
  std::error_code ec;
  const std::string self = fs::read_symlink("/proc/self/exe", ec).string();
  if (ec)
    return make_error(ErrorCode::kUnavailable, 0,
                      "cannot find this program to run workers: " + ec.message());
  const std::string claims = scratch.file("claims");
  if (!fs::create_directory(claims, ec) || ec)
    return make_error(ErrorCode::kUnavailable, 0,
                      "cannot make the directory the workers share the properties in");
  for (std::size_t k = 0; k < workers.size(); ++k) {
    Worker& w = workers[k];
    w.number = static_cast<int>(k + 1);
    w.results = scratch.file(fmt::format("results-{}.jsonl", k + 1));
    w.errors = scratch.file(fmt::format("stderr-{}.txt", k + 1));
    auto child = Child::spawn({.program = self,
                               .argv = worker_argv(plan, settings, w, ids, claims),
                               .in = Stdio::kNull,
                               .out = Stdio::kNull,
                               .err = Stdio::kFile,
                               .file = w.errors,
                               .die_with_parent = true,
                               .label = "a certify worker process"});
    if (!child) return child.error();
    w.child = std::move(*child);
  }
  return {};
}

Result<std::vector<props::RunReport>> run_workers(const WorkerPlan& plan,
                                                  const std::vector<ChosenProperty>& chosen,
                                                  const props::RunSettings& settings,
                                                  const certify::BatchProgress& progress) {
  auto scratch = ScratchDir::make();
  if (!scratch) return scratch.error();
  std::vector<Worker> workers(std::min<std::size_t>(plan.jobs, chosen.size()));
  std::vector<std::string> ids;
  for (const ChosenProperty& c : chosen) ids.push_back(c.entry->id());
  if (auto started = start_workers(workers, **scratch, plan, settings, ids); !started)
    return started.error();
  if (auto watched = watch_workers(workers, chosen, progress); !watched) return watched.error();
  std::map<std::string, props::RunReport> by_id;
  for (Worker& w : workers) {
    for (auto& r : w.seen.reports) by_id.insert_or_assign(r.id, std::move(r));
  }
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

BatchRunner worker_batch(WorkerPlan plan) {
  return [plan = std::move(plan)](const std::vector<ChosenProperty>& chosen,
                                  const props::RunSettings& settings,
                                  const certify::BatchProgress& progress) {
    return run_workers(plan, chosen, settings, progress);
  };
}

constexpr std::string_view kFormat = "sortkey-certify-worker/3";

// The claim file of `id`: its bytes, each outside [A-Za-z0-9_.-] as %XX.
std::string claim_name(const std::string& id) {
  std::string name;
  for (unsigned char c : id) {
    if (std::isalnum(c) || c == '_' || c == '.' || c == '-') {
      name += static_cast<char>(c);
    } else {
      name += fmt::format("%{:02X}", c);
    }
  }
  return name;
}

bool make_file_once(const std::string& path) {
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return false;
  close(fd);
  return true;
}

bool PropertyClaims::take(const std::string& id) const {
  std::error_code ec;
  if (fs::exists(fs::path(dir_) / "%stop", ec)) return false;
  return make_file_once((fs::path(dir_) / claim_name(id)).string());
}

void PropertyClaims::stop() const { make_file_once((fs::path(dir_) / "%stop").string()); }

Result<std::unique_ptr<WorkerResultsFile>> WorkerResultsFile::create(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) {
    return make_error(ErrorCode::kUnavailable, 0,
                      fmt::format("cannot write {}: {}", path, std::strerror(errno)));
  }
  std::unique_ptr<WorkerResultsFile> file(new WorkerResultsFile(path, f));
  file->line(json{{"format", kFormat}}.dump());
  return file;
}

WorkerResultsFile::~WorkerResultsFile() {
  if (file_ != nullptr) std::fclose(file_);
}

// One line, flushed at once: the parent reads it while this worker runs on.
void WorkerResultsFile::line(const std::string& text) {
  if (std::fputs((text + "\n").c_str(), file_) < 0 || std::fflush(file_) != 0) failed_ = true;
}

void WorkerResultsFile::started(const std::string& id) {
  line(json{{"started", id}}.dump(-1, ' ', false, json::error_handler_t::replace));
}

void WorkerResultsFile::property(const certify::CertifiedProperty& p) {
  line(json{{"report", report_json(p.run)}}.dump(-1, ' ', false, json::error_handler_t::replace));
}

Result<void> WorkerResultsFile::end(const certify::TargetList& targets) {
  json requests = json::object();
  for (const auto& t : targets) requests[t->name()] = t->requests();
  line(json{{"requests", requests}}.dump(-1, ' ', false, json::error_handler_t::replace));
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (failed_ || !closed) {
    return make_error(ErrorCode::kUnavailable, 0, fmt::format("cannot write {}", path_));
  }
  return {};
}

Result<void> parse_worker_lines(std::string_view lines, WorkerResults& into) {
  for (std::size_t at = 0; at < lines.size();) {
    const std::size_t end = lines.find('\n', at);
    const std::string_view line = lines.substr(at, end - at);
    at = end == std::string_view::npos ? lines.size() : end + 1;
    auto parsed = support::parse_json(line, "a line of the worker's results");
    if (!parsed) return parsed.error();
    try {
      if (!into.started) {
        if (parsed->at("format") != kFormat) throw std::invalid_argument("format");
        into.started = true;
      } else if (into.ended) {
        throw std::invalid_argument("a line after the last");
      } else if (parsed->contains("started")) {
        into.taken.push_back(parsed->at("started").get<std::string>());
      } else if (parsed->contains("report")) {
        into.reports.push_back(report_from(parsed->at("report")));
      } else {
        into.requests = parsed->at("requests").get<decltype(into.requests)>();
        into.ended = true;
      }
    } catch (const std::exception& e) {
      return make_error(
          ErrorCode::kBadFormat, 0,
          fmt::format("the worker's results are not what a worker writes ({})", e.what()));
    }
  }
  return {};
}

}  // namespace sortkey::certify
