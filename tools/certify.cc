#include "certify.h"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>

#include "catalog.h"
#include "runner.h"

namespace sortkey::cli {
namespace {

using props::PropertyEntry;
using props::RunReport;
using props::Verdict;

bool selected(const PropertyEntry& entry, const std::vector<std::string>& filters) {
  if (filters.empty()) return true;
  const std::string id = entry.id();
  for (const std::string& f : filters) {
    if (id == f || entry.codec == f || (!f.empty() && f.back() == '/' && id.rfind(f, 0) == 0)) return true;
  }
  return false;
}

nlohmann::json to_json(const RunReport& r, const PropertyEntry& entry) {
  nlohmann::json j = {
      {"id", r.id},
      {"codec", entry.codec},
      {"statement", entry.statement},
      {"result", props::to_string(r.verdict)},
      {"cases", r.cases},
      {"seed", r.settings.seed},
      {"seconds", r.seconds},
      {"replay", props::replay_command(r)},
  };
  if (r.verdict != Verdict::kPassed) {
    j["message"] = r.message;
    nlohmann::json ce = nlohmann::json::array();
    for (const auto& [type, value] : r.counterexample) ce.push_back({{"type", type}, {"value", value}});
    j["counterexample"] = ce;
    j["shrinks"] = r.shrinks;
    j["rc_params"] = r.reproduce;
  }
  nlohmann::json dist = nlohmann::json::object();
  for (const auto& [tags, count] : r.distribution) dist[tags] = count;
  j["distribution"] = dist;
  return j;
}

}  // namespace

void add_certify_command(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<CertifyOptions>();
  CLI::App* sub = app.add_subcommand("certify", "run every property of every built-in codec and print a verdict");
  sub->add_option("--cases", options->cases, "successful cases per property")
      ->check(CLI::Range(1, 10000000))
      ->capture_default_str();
  sub->add_option("--seed", options->seed, "RapidCheck seed (default: the fixed seed of CI runs)");
  sub->add_flag("--fresh-seed", options->fresh_seed, "draw a random seed; it is printed for replay");
  sub->add_option("--property", options->properties,
                  "run only these properties: an id (padded/order), a codec (padded) or a prefix ending in /");
  sub->add_option("--json", options->json_path, "write the JSON report to this file");
  sub->add_flag("--list", options->list, "list the properties and exit");
  sub->add_flag("--no-progress", options->no_progress, "never show the progress line");
  sub->callback([options, exit_code] { *exit_code = run_certify(*options); });
}

int run_certify(const CertifyOptions& options) {
  const auto& entries = props::builtin_catalog().entries();
  std::vector<const PropertyEntry*> chosen;
  for (const auto& e : entries) {
    if (selected(e, options.properties)) chosen.push_back(&e);
  }
  if (chosen.empty()) {
    fmt::print(stderr, "sortkey certify: no property matches the selection; `sortkey certify --list` shows them\n");
    return 2;
  }
  if (options.list) {
    for (const auto* e : chosen) fmt::print("{:<34} {}\n", e->id(), e->statement);
    return 0;
  }

  props::RunSettings settings;
  settings.cases = options.cases;
  if (options.seed != 0) settings.seed = options.seed;
  if (options.fresh_seed) {
    std::random_device rd;
    settings.seed = (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  }
  props::pin_rapidcheck_seed(settings.seed);
  const bool progress = !options.no_progress && isatty(STDERR_FILENO);

  fmt::print("sortkey certify: {} properties, {} cases each, seed {}\n\n", chosen.size(), settings.cases,
             settings.seed);
  std::vector<RunReport> reports;
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    if (progress) {
      fmt::print(stderr, "\r\033[K[{}/{}] {} ...", i + 1, chosen.size(), chosen[i]->id());
      std::fflush(stderr);
    }
    reports.push_back(props::run_property(*chosen[i], settings));
  }
  if (progress) fmt::print(stderr, "\r\033[K");
  const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::size_t failed = 0;
  fmt::print("{:<34} {:>9}  {:<8} {:>8}\n", "property", "cases", "result", "time");
  fmt::print("{:-<34} {:->9}  {:-<8} {:->8}\n", "", "", "", "");
  for (const RunReport& r : reports) {
    fmt::print("{:<34} {:>9}  {:<8} {:>7.2f}s\n", r.id, r.cases, props::to_string(r.verdict), r.seconds);
    if (r.verdict != Verdict::kPassed) ++failed;
  }
  fmt::print("\n");
  for (const RunReport& r : reports) {
    if (r.verdict != Verdict::kPassed) fmt::print("{}\n", props::describe_failure(r));
  }
  const bool certified = failed == 0;
  if (certified) {
    fmt::print("CERTIFIED: {} of {} properties passed in {:.1f}s (seed {})\n", reports.size(), reports.size(),
               total, settings.seed);
  } else {
    fmt::print("NOT CERTIFIED: {} of {} properties failed (seed {})\n", failed, reports.size(), settings.seed);
  }

  if (!options.json_path.empty()) {
    nlohmann::json j = {{"tool", "sortkey certify"},
                        {"seed", settings.seed},
                        {"cases", settings.cases},
                        {"certified", certified},
                        {"seconds", total},
                        {"properties", nlohmann::json::array()}};
    for (std::size_t i = 0; i < reports.size(); ++i) j["properties"].push_back(to_json(reports[i], *chosen[i]));
    std::ofstream out(options.json_path);
    out << j.dump(2) << "\n";
    if (!out) {
      fmt::print(stderr, "sortkey certify: cannot write the JSON report to {}\n", options.json_path);
      return 2;
    }
  }
  return certified ? 0 : 1;
}

}  // namespace sortkey::cli
