#include "certify/campaign/campaign.h"

#include <fmt/format.h>
#include <openssl/evp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <climits>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <thread>

#include "certify/campaign/fuzz_process.h"
#include "certify/report.h"
#include "sortkey/error.h"
#include "support/text.h"

namespace sortkey::certify::campaign {
namespace {

using support::command_line;
using support::emit;
using support::md_cell;
using support::md_code;
using support::shell_quote;
using support::utc_now;

namespace fs = std::filesystem;
using internal::kind_of_artifact;
using internal::LoggedRun;
using internal::run_logged;
using internal::starts_with;
using internal::trim;

// libFuzzer's per-input limits, as ClusterFuzzLite sets them: an input that
// runs 25 s or takes 2.5 GB is a finding, not a slow machine.
constexpr const char* kTimeoutFlag = "-timeout=25";
constexpr const char* kRssFlag = "-rss_limit_mb=2560";
// Each step of -minimize_crash fuzzes for at most this long.
constexpr const char* kMinimizeStepFlag = "-max_total_time=10";

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec)) files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string last_line(const std::string& log) {
  std::string_view v(log);
  while (!v.empty() && (v.back() == '\n' || v.back() == '\r')) v.remove_suffix(1);
  const std::size_t nl = v.rfind('\n');
  return trim(nl == std::string_view::npos ? v : v.substr(nl + 1));
}

// "12345" -> "12,345"; -1 -> "-".
std::string count(std::int64_t v) {
  if (v < 0) return "-";
  std::string digits = std::to_string(v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// "1.2M", "92k", "417"; -1 -> "?".
std::string compact(std::int64_t v) {
  if (v < 0) return "?";
  if (v >= 10'000'000) return fmt::format("{}M", v / 1'000'000);
  if (v >= 1'000'000) return fmt::format("{:.1f}M", static_cast<double>(v) / 1e6);
  if (v >= 10'000) return fmt::format("{}k", v / 1000);
  return std::to_string(v);
}

std::string bytes_count(std::size_t n) { return fmt::format("{} byte{}", n, n == 1 ? "" : "s"); }

nlohmann::json number_or_null(std::int64_t v) {
  return v < 0 ? nlohmann::json(nullptr) : nlohmann::json(v);
}

// The sanitizer's own words, when there are more than libFuzzer's "deadly signal".
std::string detail_of(const LogStats& s) {
  if (!s.runtime_error.empty()) return s.runtime_error;
  if (!s.summary.empty() && !starts_with(s.summary, "libFuzzer: deadly signal")) return s.summary;
  return s.error == "libFuzzer: deadly signal" ? std::string() : s.error;
}

struct Paths {
  fs::path bin, dir, work, artifacts, tmp;
};

LoggedRun run_in(const Paths& p, const std::vector<std::string>& argv, const std::string& log_name,
                 double seconds) {
  const auto ms = std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
  return run_logged(argv, (p.dir / log_name).string(), ms, {"TMPDIR=" + p.tmp.string()});
}

// Minimizes the crash, proves it reproduces, keeps it in corpus/regressions/.
Finding capture(const CampaignOptions& o, const std::string& target, const Paths& p,
                const LogStats& stats, const LoggedRun& run) {
  Finding f;
  const std::vector<fs::path> artifacts = files_in(p.artifacts);
  f.artifacts = static_cast<int>(artifacts.size());
  f.executions = stats.failure_executions;
  f.seconds = run.seconds;
  fs::path artifact;
  std::error_code ec;
  if (!stats.artifact.empty() && fs::is_regular_file(stats.artifact, ec)) {
    artifact = stats.artifact;
  } else if (!artifacts.empty()) {
    artifact = artifacts.front();
  }
  f.kind = !stats.kind.empty() ? stats.kind : kind_of_artifact(artifact.string());
  if (f.kind.empty()) f.kind = "crash";
  f.headline = failure_headline(stats);
  f.property = stats.property;
  f.values = stats.values;
  f.why = stats.why;
  f.detail = detail_of(stats);
  if (artifact.empty()) return f;  // the log says it failed, but libFuzzer wrote no input
  f.artifact = artifact.string();

  fs::path kept = artifact;
  if (f.kind == "crash" || f.kind == "leak") {
    const fs::path minimized = p.dir / "minimized";
    fs::remove(minimized, ec);
    std::vector<std::string> argv = {
        p.bin.string(),    "-minimize_crash=1",
        kMinimizeStepFlag, kTimeoutFlag,
        kRssFlag,          "-exact_artifact_path=" + minimized.string(),
        artifact.string()};
    run_in(p, argv, "minimize.log", o.minimize_seconds);
    if (fs::is_regular_file(minimized, ec) &&
        fs::file_size(minimized, ec) < fs::file_size(artifact, ec)) {
      kept = minimized;
      f.minimized = true;
    }
  }
  // Running it once more proves it reproduces, and records what the target
  // prints about the kept (smallest) input rather than the first one found.
  auto reproduce = [&](const fs::path& input) {
    const LoggedRun r =
        run_in(p, {p.bin.string(), kTimeoutFlag, kRssFlag, input.string()}, "reproduce.log", 60);
    LogStats rs = internal::parse_libfuzzer_log(read_file(p.dir / "reproduce.log"));
    const bool failed =
        r.started && !r.timed_out && !r.interrupted && (r.exit_code != 0 || r.signal != 0);
    return std::make_pair(failed, rs);
  };
  auto [again, rs] = reproduce(kept);
  if (!again && kept != artifact) {
    kept = artifact;
    f.minimized = false;
    std::tie(again, rs) = reproduce(kept);
  }
  f.reproduced = again;
  if (again) {
    f.headline = failure_headline(rs);
    if (!rs.property.empty()) {
      f.property = rs.property;
      f.values = rs.values;
      f.why = rs.why;
    }
    f.detail = detail_of(rs);
  }

  const std::string bytes = read_file(kept);
  f.input = internal::escape_bytes(bytes);
  f.input_size = bytes.size();
  fs::path keep = kept;
  if (o.capture && f.reproduced) {
    const fs::path dir = fs::path(o.corpus_dir) / "regressions" / target;
    const fs::path file = dir / (f.kind + "-" + internal::sha1_hex(bytes));
    fs::create_directories(dir, ec);
    if (!fs::exists(file, ec)) fs::copy_file(kept, file, ec);
    if (!ec) {
      keep = file;
      f.regression = file.string();
    }
  }
  f.input_file = keep.string();
  f.replay_command = command_line({(fs::path(o.replay_dir) / target).string(), keep.string()});
  f.libfuzzer_command = command_line({p.bin.string(), keep.string()});
  return f;
}

void merge_back(const CampaignOptions& o, const std::string& target, const Paths& p, double slice,
                TargetResult& t) {
  std::error_code ec;
  if (files_in(p.work).empty()) {
    t.merged = 0;
    return;
  }
  const fs::path seeds = fs::path(o.corpus_dir) / target;
  fs::create_directories(seeds, ec);
  const std::vector<std::string> argv = {p.bin.string(), "-merge=1",     kTimeoutFlag,
                                         kRssFlag,       seeds.string(), p.work.string()};
  const LoggedRun m = run_in(p, argv, "merge.log", std::max(120.0, slice));
  const std::string log = read_file(p.dir / "merge.log");
  t.merged = internal::parse_merge_added(log);
  // libFuzzer 14's -fork parent prints the same number as cov and ft; the
  // merge's pass over seeds plus this run's units measures both.
  const LogStats pass = internal::parse_libfuzzer_log(log);
  if (t.stats.fork && pass.cov >= 0 && pass.ft >= 0) {
    t.stats.cov = pass.cov;
    t.stats.ft = pass.ft;
  }
  if (!m.started || m.timed_out || m.exit_code != 0 || t.merged < 0) {
    t.problem += fmt::format("{}merging into {} failed ({}); see {}", t.problem.empty() ? "" : "; ",
                             seeds.string(), !m.problem.empty() ? m.problem : last_line(log),
                             (p.dir / "merge.log").string());
  }
}

// The folders of one target's run, made anew (a crash of an earlier
// campaign is not this one's finding). Error: one cannot be created.
Result<Paths> prepare_paths(const CampaignOptions& o, const std::string& target) {
  Paths p;
  p.bin = fs::path(o.fuzzers_dir) / target;
  p.dir = fs::path(o.out_dir) / target;
  p.work = p.dir / "corpus";
  p.artifacts = p.dir / "artifacts";
  p.tmp = p.dir / "tmp";
  std::error_code ec;
  fs::remove_all(p.artifacts, ec);
  if (!o.seeds) fs::remove_all(p.work, ec);
  for (const fs::path& d : {p.work, p.artifacts, p.tmp}) {
    fs::create_directories(d, ec);
    if (ec) {
      return make_error(ErrorCode::kUnavailable, 0,
                        fmt::format("cannot create {}: {}", d.string(), ec.message()));
    }
  }
  return p;
}

// The g++ build links a replay main that takes every argument as a file:
// libFuzzer alone answers -help=1 with its usage and status 0.
Result<void> check_is_libfuzzer(const Paths& p) {
  const LoggedRun help = run_in(p, {p.bin.string(), "-help=1"}, "help.log", 30);
  if (!help.started) return make_error(ErrorCode::kUnavailable, 0, help.problem);
  if (help.exit_code != 0) {
    return make_error(
        ErrorCode::kBadParameter, 0,
        fmt::format(
            "{} is not a libFuzzer binary (`-help=1` exited with status {}; the g++ replay build "
            "cannot fuzz): "
            "build the fuzz preset (cmake --preset fuzz && cmake --build --preset fuzz) and pass "
            "its fuzz/ directory",
            p.bin.string(), help.exit_code));
  }
  return {};
}

// libFuzzer's command line for one target's share of the budget.
std::vector<std::string> fuzz_argv(const CampaignOptions& o, const std::string& target,
                                   const Paths& p, int jobs, double slice, TargetResult& t) {
  std::vector<std::string> argv = {p.bin.string(),
                                   "-print_final_stats=1",
                                   fmt::format("-max_total_time={}", static_cast<long>(slice)),
                                   kTimeoutFlag,
                                   kRssFlag,
                                   "-artifact_prefix=" + p.artifacts.string() + "/"};
  if (jobs > 1) {
    argv.push_back(fmt::format("-fork={}", jobs));
    for (const char* f : {"-ignore_crashes=0", "-ignore_timeouts=0", "-ignore_ooms=0"}) {
      argv.push_back(f);
    }
  }
  if (o.seed) argv.push_back(fmt::format("-seed={}", *o.seed));
  std::error_code ec;
  const fs::path dict = fs::path(o.source_dir) / (target + ".dict");
  if (fs::is_regular_file(dict, ec)) {
    t.dictionary = dict.string();
    argv.push_back("-dict=" + t.dictionary);
  }
  argv.push_back(p.work.string());  // first: libFuzzer adds new units here
  if (o.seeds) {
    for (const fs::path& d :
         {fs::path(o.corpus_dir) / target, fs::path(o.corpus_dir) / "regressions" / target}) {
      if (fs::is_directory(d, ec)) argv.push_back(d.string());
    }
  }
  return argv;
}

// The -fork parent reports runs and corpus as of its last finished job, and
// exec/s in whole seconds since start: the working corpus and the wall clock
// say what this run really did.
void correct_fork_stats(const Paths& p, std::size_t units_before, const LoggedRun& run,
                        LogStats& stats) {
  if (!stats.fork) return;
  const std::size_t units_after = files_in(p.work).size();
  stats.new_units =
      units_after > units_before ? static_cast<std::int64_t>(units_after - units_before) : 0;
  if (stats.executions >= 0 && run.seconds > 0) {
    stats.exec_per_sec = std::llround(static_cast<double>(stats.executions) / run.seconds);
  }
}

// What the fuzzing run's end says: a finding, clean, or a problem. False: stop here.
bool judge_run(const CampaignOptions& o, const std::string& target, const Paths& p,
               const LoggedRun& run, double slice, TargetResult& t) {
  const bool failed = !t.stats.kind.empty() || !files_in(p.artifacts).empty();
  if (failed) {
    t.status = TargetStatus::kCrashed;
    t.finding = capture(o, target, p, t.stats, run);
    return true;
  }
  if (run.timed_out) {
    t.problem = fmt::format("libFuzzer overran its {} s budget and was {}; see {}",
                            static_cast<long>(slice), run.problem, t.log);
    return false;
  }
  if (run.exit_code != 0 || run.signal != 0) {
    t.problem = fmt::format("libFuzzer ended with {} {} without a crash report: {} (see {})",
                            run.signal != 0 ? "signal" : "status",
                            run.signal != 0 ? run.signal : run.exit_code,
                            last_line(read_file(t.log)), t.log);
    return false;
  }
  t.status = TargetStatus::kClean;
  return true;
}

TargetResult run_target(const CampaignOptions& o, const std::string& target, int jobs,
                        double slice) {
  TargetResult t;
  t.target = target;
  t.budget = slice;
  auto paths = prepare_paths(o, target);
  if (!paths) {
    t.problem = paths.error().message;
    return t;
  }
  const Paths& p = *paths;
  if (auto ok = check_is_libfuzzer(p); !ok) {
    t.problem = ok.error().message;
    return t;
  }
  const std::vector<std::string> argv = fuzz_argv(o, target, p, jobs, slice, t);
  // -fork waits for running jobs after the budget ends, each job at most a
  // few seconds at these budgets: the guard leaves room for that and for
  // loading the corpus, and still ends a wedged run.
  const std::size_t units_before = files_in(p.work).size();
  const LoggedRun run = run_in(p, argv, "fuzz.log", slice * 1.5 + 60);
  t.seconds = run.seconds;
  t.log = (p.dir / "fuzz.log").string();
  if (!run.started) {
    t.problem = run.problem;
    return t;
  }
  t.stats = internal::parse_libfuzzer_log(read_file(t.log));
  correct_fork_stats(p, units_before, run, t.stats);
  if (run.interrupted) {
    t.problem = "interrupted";
    return t;
  }
  if (!judge_run(o, target, p, run, slice, t)) return t;
  if (o.merge && !internal::interrupted()) merge_back(o, target, p, slice, t);
  return t;
}

std::string result_word(const TargetResult& t) {
  if (t.status == TargetStatus::kCrashed && t.finding)
    return t.finding->kind == "crash" ? "CRASH" : "CRASH (" + t.finding->kind + ")";
  return to_string(t.status);
}

std::int64_t crash_count(const TargetResult& t) {
  if (t.status == TargetStatus::kError && t.stats.executions < 0) return -1;
  if (!t.finding) return 0;
  return std::max<std::int64_t>(1, t.finding->artifacts);
}

}  // namespace

const char* to_string(TargetStatus s) {
  switch (s) {
    case TargetStatus::kClean:
      return "clean";
    case TargetStatus::kCrashed:
      return "crashed";
    case TargetStatus::kError:
      return "error";
  }
  return "error";
}

std::size_t CampaignReport::crashed() const {
  return static_cast<std::size_t>(
      std::count_if(targets.begin(), targets.end(),
                    [](const TargetResult& t) { return t.status == TargetStatus::kCrashed; }));
}

std::size_t CampaignReport::errors() const {
  return static_cast<std::size_t>(
      std::count_if(targets.begin(), targets.end(),
                    [](const TargetResult& t) { return t.status == TargetStatus::kError; }));
}

int CampaignReport::exit_code() const {
  if (!problem.empty()) return 2;
  if (crashed() > 0) return 1;
  return errors() > 0 || targets.empty() ? 2 : 0;
}

std::vector<std::string> discover_targets(const std::string& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.size() > 7 && name.compare(name.size() - 7, 7, "_fuzzer") == 0 &&
        it->is_regular_file(ec) && ::access(it->path().c_str(), X_OK) == 0) {
      names.push_back(name);
    }
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string default_fuzzers_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  const fs::path bin = ec ? fs::path(".") : exe.parent_path();
  for (const fs::path& dir : {bin / "fuzzers", bin / ".." / "libexec" / "sortkey" / "fuzzers",
                              bin / ".." / ".." / "fuzz" / "fuzz"}) {
    if (fs::is_directory(dir, ec)) return dir.lexically_normal().string();
  }
  return (bin / "fuzzers").string();
}

namespace {

Error campaign_error(std::string message) {
  return make_error(ErrorCode::kBadParameter, 0, std::move(message));
}

// The binaries in the fuzzers folder. Errors: a budget under a second, no
// folder, no binary in it, no corpus folder.
Result<std::vector<std::string>> built_targets(const CampaignOptions& o) {
  std::error_code ec;
  if (!(o.budget_seconds >= 1)) {
    return campaign_error(
        fmt::format("the time budget must be at least 1 second, got {}", o.budget_seconds));
  }
  if (!fs::is_directory(o.fuzzers_dir, ec)) {
    return campaign_error(fmt::format(
        "no directory {} with libFuzzer binaries: build them with `cmake --preset fuzz && cmake "
        "--build --preset "
        "fuzz` (or run ci/fuzz.sh), or pass --fuzzers DIR",
        o.fuzzers_dir));
  }
  std::vector<std::string> built = discover_targets(o.fuzzers_dir);
  if (built.empty()) {
    return campaign_error(
        fmt::format("no libFuzzer targets (executables named *_fuzzer) in {}", o.fuzzers_dir));
  }
  if (!fs::is_directory(o.corpus_dir, ec)) {
    return campaign_error(fmt::format(
        "no corpus directory {}: run from the repository root or pass --corpus DIR", o.corpus_dir));
  }
  return built;
}

// The targets to run: those asked for, or every one built or with a source.
// A target with a source but no binary is a stale build, not a target to
// skip quietly. Error: an asked-for target that is neither.
Result<std::vector<std::string>> chosen_targets(const CampaignOptions& o,
                                                const std::vector<std::string>& built) {
  std::set<std::string> known(built.begin(), built.end());
  for (const fs::path& f : files_in(o.source_dir)) {
    const std::string name = f.filename().string();
    if (name.size() > 10 && name.compare(name.size() - 10, 10, "_fuzzer.cc") == 0) {
      known.insert(name.substr(0, name.size() - 3));
    }
  }
  if (o.targets.empty()) return std::vector<std::string>(known.begin(), known.end());
  std::vector<std::string> chosen;
  for (const std::string& name : o.targets) {
    if (known.count(name) == 0) {
      std::string all;
      for (const std::string& k : known) all += (all.empty() ? "" : ", ") + k;
      return campaign_error(
          fmt::format("no fuzz target {} in {} (targets: {})", name, o.fuzzers_dir, all));
    }
    if (std::find(chosen.begin(), chosen.end(), name) == chosen.end()) chosen.push_back(name);
  }
  return chosen;
}

// Each target's share of what is left of the budget. What a target costs
// beyond its slice (worker restarts, merge, minimization), averaged over the
// targets run so far, comes off the next slices, so that the campaign ends
// near its budget.
class Slicer {
 public:
  Slicer(double budget_seconds, std::size_t runnable)
      : start_(std::chrono::steady_clock::now()),
        deadline_(start_ +
                  std::chrono::milliseconds(static_cast<std::int64_t>(budget_seconds * 1000))),
        runnable_(runnable) {}

  double next() {
    const auto now = std::chrono::steady_clock::now();
    const double left = std::chrono::duration<double>(deadline_ - now).count();
    const double spent = std::chrono::duration<double>(now - start_).count();
    const double overhead =
        ran_ == 0 ? 0.0 : std::max(0.0, (spent - given_) / static_cast<double>(ran_));
    const double slice =
        std::max(1.0, std::floor(left / static_cast<double>(runnable_) - overhead));
    --runnable_;
    given_ += slice;
    ++ran_;
    return slice;
  }
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_, deadline_;
  std::size_t runnable_;
  double given_ = 0;
  std::size_t ran_ = 0;
};

// "clean | <stats>", "CRASH: <headline> | <stats>", or "ERROR: <problem>".
std::string progress_line(const TargetResult& t) {
  if (t.status == TargetStatus::kError) return "ERROR: " + t.problem;
  std::string line =
      fmt::format("{} | {}",
                  t.status == TargetStatus::kCrashed ? result_word(t) + ": " + t.finding->headline
                                                     : std::string("clean"),
                  describe_stats(t));
  if (!t.problem.empty()) line += " | warning: " + t.problem;
  return line;
}

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

CampaignReport run_campaign(const CampaignOptions& options, std::FILE* progress) {
  CampaignOptions o = options;
  if (o.fuzzers_dir.empty()) o.fuzzers_dir = default_fuzzers_dir();
  CampaignReport r;
  r.started_at = utc_now();
  r.fuzzers_dir = o.fuzzers_dir;
  r.corpus_dir = o.corpus_dir;
  r.budget_seconds = o.budget_seconds;
  r.jobs =
      o.jobs > 0 ? o.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  auto built = built_targets(o);
  if (!built) {
    r.problem = built.error().message;
    return r;
  }
  auto chosen = chosen_targets(o, *built);
  if (!chosen) {
    r.problem = chosen.error().message;
    return r;
  }
  std::error_code ec;
  fs::create_directories(o.out_dir, ec);
  if (ec) {
    r.problem = fmt::format("cannot create {}: {}", o.out_dir, ec.message());
    return r;
  }

  const internal::InterruptGuard guard;
  if (progress != nullptr) {
    emit(progress,
         fmt::format("sortkey fuzz: {} targets, {} s, {}\n", chosen->size(), o.budget_seconds,
                     r.jobs > 1 ? fmt::format("-fork={}", r.jobs) : std::string("one process")));
  }
  Slicer slicer(o.budget_seconds, static_cast<std::size_t>(std::count_if(
                                      chosen->begin(), chosen->end(),
                                      [&](const std::string& n) { return contains(*built, n); })));
  for (std::size_t i = 0; i < chosen->size(); ++i) {
    const std::string& name = (*chosen)[i];
    TargetResult t;
    t.target = name;
    if (!contains(*built, name)) {
      t.problem = fmt::format("not built: {}/{}.cc has no binary in {}; rebuild the fuzz preset",
                              o.source_dir, name, o.fuzzers_dir);
    } else if (internal::interrupted()) {
      t.problem = "interrupted before it ran";
    } else {
      const double slice = slicer.next();
      if (progress != nullptr) {
        emit(progress, fmt::format("[{}/{}] {}: {} s ...\n", i + 1, chosen->size(), name, slice));
        std::fflush(progress);
      }
      t = run_target(o, name, r.jobs, slice);
    }
    if (progress != nullptr) {
      emit(progress,
           fmt::format("[{}/{}] {}: {}\n", i + 1, chosen->size(), name, progress_line(t)));
      std::fflush(progress);
    }
    r.targets.push_back(std::move(t));
  }
  r.seconds = slicer.elapsed();
  return r;
}

std::string describe_stats(const TargetResult& t) {
  const LogStats& s = t.stats;
  std::string out = fmt::format("{} executions ({}/s), cov {}, ft {}", compact(s.executions),
                                compact(s.exec_per_sec), compact(s.cov), compact(s.ft));
  if (s.new_units >= 0) out += fmt::format(", {} new units", s.new_units);
  if (t.merged >= 0) out += fmt::format(", {} merged", t.merged);
  return out;
}

std::string summary_table(const CampaignReport& r) {
  std::string out;
  if (!r.problem.empty()) return "sortkey fuzz: " + r.problem + "\n";
  std::size_t w = 6;
  for (const TargetResult& t : r.targets) w = std::max(w, t.target.size());
  out += fmt::format("{:<{}}  {:<8} {:>13} {:>8} {:>5} {:>6} {:>6} {:>7} {:>7} {:>7}\n", "target",
                     w, "result", "executions", "exec/s", "new", "merged", "cov", "ft", "crashes",
                     "time");
  out += fmt::format("{:-<{}}  {:-<8} {:->13} {:->8} {:->5} {:->6} {:->6} {:->7} {:->7} {:->7}\n",
                     "", w, "", "", "", "", "", "", "", "", "");
  for (const TargetResult& t : r.targets) {
    const LogStats& s = t.stats;
    out +=
        fmt::format("{:<{}}  {:<8} {:>13} {:>8} {:>5} {:>6} {:>6} {:>7} {:>7} {:>6.1f}s\n",
                    t.target, w, t.status == TargetStatus::kCrashed ? "CRASH" : to_string(t.status),
                    count(s.executions), count(s.exec_per_sec), count(s.new_units), count(t.merged),
                    count(s.cov), count(s.ft), count(crash_count(t)), t.seconds);
  }
  for (const TargetResult& t : r.targets) {
    if (t.status == TargetStatus::kError) {
      out += fmt::format("\nERROR {}: {}\n", t.target, t.problem);
    } else if (t.finding) {
      const Finding& f = *t.finding;
      out += fmt::format("\n{} {}: {}\n", result_word(t), t.target, f.headline);
      if (!f.values.empty()) out += fmt::format("  values: {}\n", f.values);
      if (!f.detail.empty() && f.detail != f.headline)
        out += fmt::format("  detail: {}\n", f.detail);
      if (!f.artifact.empty()) {
        out += fmt::format("  input ({}{}): \"{}\"\n", bytes_count(f.input_size),
                           f.minimized ? ", minimized" : "", f.input);
      }
      out += fmt::format("  after {} executions, {:.1f} s{}\n", count(f.executions), f.seconds,
                         f.reproduced ? "" : "; it did NOT reproduce when run again");
      if (!f.regression.empty()) out += fmt::format("  kept in {}\n", f.regression);
      if (!f.replay_command.empty()) {
        out += fmt::format("  reproduce (g++ replay build): {}\n", f.replay_command);
        out += fmt::format("  reproduce (libFuzzer build):  {}\n", f.libfuzzer_command);
      }
    } else if (!t.problem.empty()) {
      out += fmt::format("\nwarning {}: {}\n", t.target, t.problem);
    }
  }
  const std::size_t crashed = r.crashed(), errors = r.errors();
  out += fmt::format("\nsortkey fuzz: {} in {:.0f} s (budget {} s, {}): {}{}\n",
                     support::quantity(r.targets.size(), "target"), r.seconds, r.budget_seconds,
                     support::quantity(static_cast<std::size_t>(r.jobs), "job"),
                     crashed == 0 ? std::string("no crash") : fmt::format("{} CRASHED", crashed),
                     errors == 0 ? std::string() : fmt::format(", {} could not run", errors));
  return out;
}

nlohmann::json summary_json(const CampaignReport& r) {
  nlohmann::json j = {{"tool", "sortkey fuzz"},
                      {"started_at", r.started_at},
                      {"fuzzers", r.fuzzers_dir},
                      {"corpus", r.corpus_dir},
                      {"budget_seconds", r.budget_seconds},
                      {"jobs", r.jobs},
                      {"mode", r.jobs > 1 ? fmt::format("fork={}", r.jobs) : std::string("single")},
                      {"seconds", r.seconds},
                      {"crashed", r.crashed()},
                      {"errors", r.errors()},
                      {"exit_code", r.exit_code()},
                      {"targets", nlohmann::json::array()}};
  if (!r.problem.empty()) j["problem"] = r.problem;
  for (const TargetResult& t : r.targets) {
    const LogStats& s = t.stats;
    nlohmann::json tj = {{"target", t.target},
                         {"result", to_string(t.status)},
                         {"budget_seconds", t.budget},
                         {"seconds", t.seconds},
                         {"executions", number_or_null(s.executions)},
                         {"exec_per_sec", number_or_null(s.exec_per_sec)},
                         {"new_units", number_or_null(s.new_units)},
                         {"merged", number_or_null(t.merged)},
                         {"cov", number_or_null(s.cov)},
                         {"ft", number_or_null(s.ft)},
                         {"corpus_units", number_or_null(s.corpus)},
                         {"seed_units", number_or_null(s.seed_units)},
                         {"peak_rss_mb", number_or_null(s.peak_rss_mb)},
                         {"seed", number_or_null(s.seed)},
                         {"crashes", number_or_null(crash_count(t))},
                         {"dictionary", t.dictionary},
                         {"log", t.log}};
    if (!t.problem.empty()) tj["problem"] = t.problem;
    if (t.finding) {
      const Finding& f = *t.finding;
      tj["failure"] = {
          {"kind", f.kind},
          {"headline", f.headline},
          {"property", f.property},
          {"values", f.values},
          {"why", f.why},
          {"detail", f.detail},
          {"input", f.input},
          {"input_size", f.input_size},
          {"input_file", f.input_file},
          {"minimized", f.minimized},
          {"reproduced", f.reproduced},
          {"artifacts", f.artifacts},
          {"artifact", f.artifact},
          {"regression", f.regression},
          {"executions", number_or_null(f.executions)},
          {"seconds", f.seconds},
          {"reproduce", {{"replay", f.replay_command}, {"libfuzzer", f.libfuzzer_command}}}};
    }
    j["targets"].push_back(std::move(tj));
  }
  return j;
}

std::string summary_markdown(const CampaignReport& r) {
  std::string out;
  if (!r.problem.empty()) return "## Fuzz campaign could not run\n\n" + md_cell(r.problem) + "\n";
  const std::size_t crashed = r.crashed(), errors = r.errors();
  out += fmt::format(
      "## Fuzz campaign: {}{}\n\n",
      crashed == 0 ? std::string("no crash") : fmt::format("{} target(s) crashed", crashed),
      errors == 0 ? std::string() : fmt::format(", {} could not run", errors));
  out += fmt::format("{} targets in {:.0f} s (budget {} s), libFuzzer {} on {}, started {}.\n\n",
                     r.targets.size(), r.seconds, r.budget_seconds,
                     r.jobs > 1 ? fmt::format("-fork={}", r.jobs) : "in one process",
                     md_code(r.fuzzers_dir), r.started_at);
  out +=
      "| target | result | executions | exec/s | new units | merged | cov | ft | crashes | time "
      "|\n";
  out += "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|\n";
  for (const TargetResult& t : r.targets) {
    const LogStats& s = t.stats;
    out += fmt::format(
        "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1f} s |\n", md_code(t.target),
        t.status == TargetStatus::kCrashed ? "**" + result_word(t) + "**" : to_string(t.status),
        count(s.executions), count(s.exec_per_sec), count(s.new_units), count(t.merged),
        count(s.cov), count(s.ft), count(crash_count(t)), t.seconds);
  }
  for (const TargetResult& t : r.targets) {
    if (t.status == TargetStatus::kError) {
      out += fmt::format("\n**{} could not run:** {}\n", md_code(t.target), md_cell(t.problem));
      continue;
    }
    if (!t.finding) continue;
    const Finding& f = *t.finding;
    out += fmt::format("\n### {} {}\n\n{}\n\n", md_code(t.target), result_word(t),
                       md_code(f.headline));
    if (!f.values.empty()) out += fmt::format("- values: {}\n", md_code(f.values));
    if (!f.detail.empty() && f.detail != f.headline)
      out += fmt::format("- detail: {}\n", md_code(f.detail));
    if (!f.artifact.empty()) {
      out += fmt::format("- input ({}{}): {}\n", bytes_count(f.input_size),
                         f.minimized ? ", minimized" : "", md_code("\"" + f.input + "\""));
    }
    out += fmt::format("- found after {} executions, {:.1f} s{}\n", count(f.executions), f.seconds,
                       f.reproduced ? "" : "; **it did not reproduce when run again**");
    if (!f.regression.empty()) out += fmt::format("- kept in {}\n", md_code(f.regression));
    if (!f.replay_command.empty()) {
      out += fmt::format("\n```sh\n{}   # g++ replay build\n{}   # libFuzzer build\n```\n",
                         f.replay_command, f.libfuzzer_command);
    }
  }
  return out;
}

std::vector<std::string> write_summaries(const CampaignReport& r, const std::string& out_dir,
                                         const std::string& json_path,
                                         const std::string& markdown_path) {
  const std::string json = summary_json(r).dump(2) + "\n";
  const std::string markdown = summary_markdown(r);
  std::error_code ec;
  fs::create_directories(out_dir, ec);
  std::vector<std::pair<std::string, const std::string*>> files = {
      {(fs::path(out_dir) / "summary.json").string(), &json},
      {(fs::path(out_dir) / "summary.md").string(), &markdown}};
  if (!json_path.empty()) files.emplace_back(json_path, &json);
  if (!markdown_path.empty()) files.emplace_back(markdown_path, &markdown);
  std::vector<std::string> problems;
  for (const auto& [path, text] : files) {
    if (path == "-") {
      emit(stdout, *text);
    } else if (auto written = write_file(path, *text); !written) {
      problems.push_back(written.error().message);
    }
  }
  if (auto appended = append_step_summary(markdown + "\n"); !appended) {
    problems.push_back(appended.error().message);
  }
  return problems;
}

std::vector<props::RunReport> to_run_reports(const CampaignReport& r) {
  std::vector<props::RunReport> reports;
  for (const TargetResult& t : r.targets) {
    props::RunReport rep;
    rep.id = "fuzz/" + t.target;
    rep.seconds = t.seconds;
    rep.cases = static_cast<int>(std::clamp<std::int64_t>(t.stats.executions, 0, INT_MAX));
    if (t.stats.seed >= 0) rep.settings.seed = static_cast<std::uint64_t>(t.stats.seed);
    rep.replay =
        command_line({"sortkey", "fuzz", "--fuzzers", r.fuzzers_dir, "--target", t.target,
                      "--seconds", fmt::format("{}", std::max<long>(1, std::lround(t.budget)))});
    switch (t.status) {
      case TargetStatus::kClean:
        rep.verdict = props::Verdict::kPassed;
        break;
      case TargetStatus::kError:
        rep.verdict = props::Verdict::kError;
        rep.message = t.problem;
        break;
      case TargetStatus::kCrashed: {
        rep.verdict = props::Verdict::kFailed;
        const Finding& f = *t.finding;
        rep.message = fmt::format("{} {}", f.kind, f.headline);
        if (!f.replay_command.empty()) {
          rep.message += fmt::format("; reproduce: {} (g++ replay build) or {} (libFuzzer)",
                                     f.replay_command, f.libfuzzer_command);
          rep.replay = f.replay_command;
        }
        if (!f.artifact.empty()) {
          rep.counterexample.emplace_back(
              "input", fmt::format("\"{}\" ({})", f.input, bytes_count(f.input_size)));
        }
        if (!f.values.empty()) rep.counterexample.emplace_back("values", f.values);
        break;
      }
    }
    reports.push_back(std::move(rep));
  }
  return reports;
}

namespace internal {

std::string escape_bytes(std::string_view bytes) {
  std::string out;
  for (const char ch : bytes) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '"':
        out += "\\\"";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        // '`' too, so that the text sits in Markdown code unchanged.
        if (c >= 0x20 && c < 0x7f && c != '`') {
          out += ch;
        } else {
          out += fmt::format("\\x{:02x}", c);
        }
    }
  }
  return out;
}

std::string sha1_hex(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_sha1(), nullptr);
  std::string hex;
  for (unsigned int i = 0; i < size; ++i) hex += fmt::format("{:02x}", digest[i]);
  return hex;
}

}  // namespace internal
}  // namespace sortkey::certify::campaign
