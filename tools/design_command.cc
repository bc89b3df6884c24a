#include "tools/design_command.h"

#include <memory>

#include "certify/failure_replay.h"
#include "certify/report.h"
#include "design/check.h"
#include "design/import/import.h"
#include "design/show.h"
#include "tools/option_checks.h"
#include "tools/report_output.h"
#include "tools/version.h"

namespace sortkey::cli {

namespace {

constexpr int kDefaultScopeOption = design::kDefaultScope;

void add_show_command(CLI::App& design, int* exit_code) {
  auto o = std::make_shared<design::ShowOptions>();
  auto seed = std::make_shared<std::uint64_t>(0);
  o->run.cases = 200;
  CLI::App* show = design.add_subcommand(
      "show",
      "draw a design as one HTML page: its item collections and each access pattern's "
      "reads, ascending and descending, or its check's failure");
  show->add_option("file", o->path,
                   "the design file (docs/design-format.md); - reads standard input")
      ->required()
      ->check(non_empty());
  show->add_option("--html", o->html, "the page to write (self-contained HTML)")
      ->required()
      ->check(non_empty());
  show->add_option("--cases", o->run.cases, "generated populations per property of the check")
      ->transform(decimal<int>(1, 1000000))
      ->capture_default_str();
  show->add_option("--seed", *seed, "RapidCheck seed of the check and of the drawn population")
      ->transform(decimal<std::uint64_t>());
  show->callback([o, seed, show, exit_code] {
    if (show->count("--seed") > 0) o->run.seed = *seed;
    o->run.suite_version = version();
    o->run.source_commit = commit();
    *exit_code = design::show_design_file(*o);
  });
}

void add_import_command(CLI::App& design, int* exit_code) {
  auto o = std::make_shared<design_import::ImportOptions>();
  CLI::App* import = design.add_subcommand(
      "import",
      "write a design file from a NoSQL Workbench data model (JSON) or ElectroDB, OneTable or "
      "dynamodb-toolbox definitions (a JS module): tables, indexes, entities, attributes and key "
      "templates "
      "inferred from sample items");
  import
      ->add_option("source", o->source,
                   "the model, or the module exporting the entities (- for standard input)")
      ->required()
      ->check(non_empty());
  import->add_option("-o,--output", o->output, "the design file to write (- for standard output)")
      ->capture_default_str()
      ->check(non_empty());
  import->add_option("--from", o->from, "the kind of source (default: detected)")
      ->check(CLI::IsMember({"workbench", "electrodb", "onetable", "dynamodb-toolbox"}));
  import->add_option("--table", o->table, "the model's table to import (default: its first)")
      ->check(non_empty());
  import->callback([o, exit_code] { *exit_code = design_import::import_design(*o);
});
}  // namespace

}  // namespace sortkey::cli

void add_design_command(CLI::App& app, int* exit_code) {
  CLI::App* design = app.add_subcommand(
      "design", "check a key design: your entities and access patterns, proven on generated data");
  design->require_subcommand(1);
  auto o = std::make_shared<design::CheckOptions>();
  auto seed = std::make_shared<std::uint64_t>(0);
  o->run.cases = 200;
  CLI::App* check = design->add_subcommand(
      "check", "prove every access pattern and key rule of a design file (YAML or JSON)");
  check
      ->add_option("file", o->path,
                   "the design file (docs/design-format.md); - reads standard input")
      ->required()
      ->check(non_empty());
  check->add_option("--cases", o->run.cases, "generated populations per property")
      ->transform(decimal<int>(1, 1000000))
      ->capture_default_str();
  check->add_option("--seed", *seed, "RapidCheck seed (default: the fixed seed of CI runs)")
      ->transform(decimal<std::uint64_t>());
  check->add_flag("--fresh-seed", o->run.fresh_seed, "draw a random seed; it is printed for replay")
      ->excludes("--seed");
  check
      ->add_option("--property", o->run.properties,
                   "run only these properties: an id (pattern/org_users), a group (pattern) or a "
                   "prefix ending in /")
      ->check(non_empty());
  auto scope = std::make_shared<int>(kDefaultScopeOption);
  check
      ->add_option("--scope", *scope,
                   "before sampling, check every population of up to K entities of the boundary "
                   "values (0: none; default: 2, and 3 while a budget lasts)")
      ->transform(decimal<int>(0, design::kMaxScope));
  check
      ->add_option("--failures", o->run.failures_dir,
                   "keep every failing case in the store DIR and replay them first on the next "
                   "run (alone: .sortkey/failures; none without it)")
      ->expected(0, 1)
      ->default_str(certify::kDefaultFailureStore)
      ->check(non_empty());
  check
      ->add_option("--retire-after", o->run.retire_after,
                   "with --failures: remove a stored failure once its replay has passed N runs "
                   "in a row")
      ->transform(decimal<int>(1, 1000))
      ->capture_default_str()
      ->needs("--failures");
  check->add_flag("--list", o->list, "list the design's properties and exit");
  check->add_flag("--no-progress", o->run.no_progress, "never show the progress line");
  check->add_flag("-q,--quiet", o->run.quiet, "print only the failures and the verdict line");
  check
      ->add_option("--json", o->reports.json,
                   "write the JSON record (with its digest) to this file (- for stdout)")
      ->check(non_empty());
  check
      ->add_option("--junit", o->reports.junit,
                   "write JUnit XML (one test case per property) to this file (- for stdout)")
      ->check(non_empty());
  check
      ->add_option("--markdown", o->reports.markdown,
                   "write a Markdown summary to this file (- for stdout; the run's own output "
                   "then goes to stderr)")
      ->check(non_empty());
  auto endpoint = std::make_shared<design::EndpointStoreOptions>();
  check
      ->add_option("--endpoint", endpoint->url,
                   "check on a live DynamoDB-compatible endpoint (DynamoDB Local, dynalite, AWS): "
                   "a table made from the design, deleted afterwards")
      ->check(non_empty());
  check->add_option("--region", endpoint->region, "the endpoint's region (with --endpoint)")
      ->needs("--endpoint")
      ->check(non_empty());
  check->add_flag("--keep-tables", endpoint->keep_tables, "keep the endpoint's table afterwards")
      ->needs("--endpoint");
  check
      ->add_option("--html", o->html,
                   "write the design's page: its failures drawn, or its access patterns' reads")
      ->check(non_empty());
  check->callback([o, seed, endpoint, scope, check, exit_code] {
    if (check->count("--seed") > 0) o->run.seed = *seed;
    if (check->count("--scope") > 0) o->scope = *scope;
    if (check->count("--endpoint") > 0) o->endpoint = *endpoint;
    if (check->count("--failures") > 0 && o->run.failures_dir.empty()) {
      o->run.failures_dir = certify::kDefaultFailureStore;
    }
    o->run.suite_version = version();
    o->run.source_commit = commit();
    // A report on "-" is all standard output holds; a bad path is left for
    // the check to report.
    if (!o->list && certify::check_report_paths(o->reports)) {
      move_run_output_for_report(o->reports);
    }
    *exit_code = design::check_design_file(*o);
  });
  add_show_command(*design, exit_code);
  add_import_command(*design, exit_code);
}

}  // namespace sortkey::cli
