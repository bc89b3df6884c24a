#include "tools/fuzz_command.h"

#include <fmt/format.h>

#include <filesystem>
#include <memory>

#include "tools/option_checks.h"

namespace sortkey::cli {
namespace {

using certify::campaign::CampaignOptions;
using certify::campaign::CampaignReport;

struct FuzzCommandOptions {
  CampaignOptions campaign;
  std::string json_path;
  std::string markdown_path;
  bool no_merge = false;
  bool no_capture = false;
  bool no_seeds = false;
  std::uint64_t seed = 0;
};

int run_fuzz_command(const FuzzCommandOptions& options) {
  CampaignOptions o = options.campaign;
  o.merge = !options.no_merge;
  o.capture = !options.no_capture;
  o.seeds = !options.no_seeds;
  if (options.seed != 0) o.seed = options.seed;

  const CampaignReport report = run_campaign(o, stderr);
  if (!report.problem.empty()) fmt::print(stderr, "sortkey fuzz: {}\n", report.problem);
  if (report.problem.empty()) {
    fmt::print("\n{}", summary_table(report));
    std::fflush(stdout);
  }

  const std::vector<std::string> problems =
      write_summaries(report, o.out_dir, options.json_path, options.markdown_path);
  for (const std::string& p : problems) fmt::print(stderr, "sortkey fuzz: {}\n", p);
  if (report.problem.empty()) {
    const std::filesystem::path out(o.out_dir);
    fmt::print(stderr, "summaries: {} {}\n", (out / "summary.json").string(),
               (out / "summary.md").string());
  }
  const bool written = problems.empty();
  const int code = report.exit_code();
  return code == 0 && !written ? 2 : code;
}

}  // namespace

void add_fuzz_command(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<FuzzCommandOptions>();
  CampaignOptions& c = options->campaign;
  CLI::App* sub = app.add_subcommand("fuzz",
                                     "run every libFuzzer target for a share of a time budget; "
                                     "keep new coverage and minimized crashers");
  sub->add_option("--fuzzers", c.fuzzers_dir,
                  "directory of the libFuzzer binaries (default: found next to sortkey)");
  sub->add_option("--seconds", c.budget_seconds,
                  "wall-clock budget of the whole campaign, shared by the targets")
      ->check(finite() & CLI::Range(1.0, 7.0 * 24 * 3600))
      ->capture_default_str();
  sub->add_option("--jobs", c.jobs,
                  "parallel libFuzzer workers per target (-fork=N; 1: one process); 0: one per CPU")
      ->transform(decimal<int>())
      ->check(CLI::Range(0, 1024))
      ->capture_default_str();
  sub->add_option("--target", c.targets,
                  "fuzz only this target (repeatable); default: every target found");
  sub->add_option("--corpus", c.corpus_dir,
                  "the corpus: seeds in <target>/, crashers kept in regressions/<target>/")
      ->capture_default_str();
  sub->add_option("--dicts", c.source_dir, "where <target>.dict and the <target>.cc sources are")
      ->capture_default_str();
  sub->add_option("--out", c.out_dir, "working corpora, logs, crash files and summary.{json,md}")
      ->capture_default_str();
  sub->add_option("--replay-dir", c.replay_dir,
                  "the g++ replay build of the targets, for reproduce commands")
      ->capture_default_str();
  sub->add_option("--seed", options->seed,
                  "libFuzzer -seed (default: libFuzzer draws one; it is recorded)")
      ->transform(decimal<std::uint64_t>());
  sub->add_option("--minimize-seconds", c.minimize_seconds, "time limit of minimizing one crash")
      ->check(finite() & CLI::Range(1.0, 3600.0))
      ->capture_default_str();
  sub->add_option("--json", options->json_path,
                  "also write the JSON summary here (\"-\": standard output)");
  sub->add_option("--markdown", options->markdown_path,
                  "also write the Markdown summary here (\"-\": standard output)");
  sub->add_flag("--no-merge", options->no_merge, "do not merge new coverage into corpus/<target>/");
  sub->add_flag("--no-capture", options->no_capture,
                "do not copy minimized crashers into corpus/regressions/");
  sub->add_flag("--no-seeds", options->no_seeds,
                "start from an empty corpus (proves the fuzzer, not a seed, finds it)");
  sub->callback([options, exit_code] { *exit_code = run_fuzz_command(*options); });
}

}  // namespace sortkey::cli
