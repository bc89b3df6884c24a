#include "tools/certify_command.h"

#include <fmt/format.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <thread>

#include "certify/failure_replay.h"
#include "certify/jobs.h"
#include "certify/report.h"
#include "certify/run.h"
#include "certify/targets.h"
#include "certify/verify.h"
#include "properties/runner.h"
#include "tools/option_checks.h"
#include "tools/report_output.h"
#include "tools/version.h"

namespace sortkey::cli {
namespace {

struct CertifyOptions {
  certify::RunOptions run;
  certify::TargetOptions targets;
  certify::ReportPaths reports;
  bool list = false;                 // list the properties and exit
  std::string list_output = "text";  // --list as text or JSON lines
  std::uint64_t seed = 0;            // --seed, when given (run.seed)
  int jobs = 0;                      // worker processes (certify/jobs.h); 0: default_jobs()
  int progress_interval = 30;        // --progress-interval SECONDS (run.progress_quiet)
  std::string worker_results;        // a worker's: where its results go
  std::string worker_claims;         // a worker's: where the workers share the properties out
};

// The options that open the same target in a worker process. Error: a
// target a worker cannot share (an endpoint's tables and request rate are one
// session's).
Result<std::vector<std::string>> worker_target_args(const certify::TargetOptions& t) {
  if (t.endpoint_given) {
    return make_error(ErrorCode::kBadParameter, 0,
                      "--jobs: an endpoint is certified by one process (its tables and its rate "
                      "of requests belong to one session); leave --jobs out");
  }
  if (t.codec_cmd.empty()) return std::vector<std::string>{};
  return std::vector<std::string>{"--codec-cmd", t.codec_cmd, "--timeout-ms",
                                  std::to_string(t.timeout_ms)};
}

// Without --jobs: a worker per core (at most 8) for the built-in codecs, whose
// properties only take this machine's time; one process for an adapter or an
// endpoint, whose capacity is their owner's to share (--jobs N asks for more),
// and for a worker itself.
int default_jobs(const CertifyOptions& o) {
  const bool builtin = o.targets.codec_cmd.empty() && !o.targets.endpoint_given;
  if (!builtin || !o.worker_results.empty()) return 1;
  return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1U, 8U));
}

int could_not_run(const Error& e) {
  fmt::print(stderr, "sortkey certify: {}\n", e.message);
  return 2;
}

// A --jobs worker: it runs the properties it claims, and its results go to
// its file as it goes.
void serve_as_worker(certify::RunOptions& run, certify::WorkerResultsFile& file,
                     const certify::PropertyClaims& claims) {
  run.claim = [&file, &claims](const std::string& id) {
    if (!claims.take(id)) return false;
    file.started(id);
    return true;
  };
  run.on_property = [&file, &claims,
                     fail_fast = run.fail_fast](const certify::CertifiedProperty& p) {
    file.property(p);
    if (fail_fast && p.run.verdict != props::Verdict::kPassed) claims.stop();
  };
}

// The query properties allocate and free pages of up to 1 MB and items of up
// to 400 KB by the thousand. glibc serves blocks that large from the kernel
// (mmap) and gives them back at once: in page_cut_1mb and size_limits that
// costs more system time than the properties' own work. Kept in the heap,
// they are reused.
void keep_large_blocks() {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

int run_certify(CertifyOptions options) {
  // RapidCheck speaks on std::cerr (its configuration line, and at exit a
  // reproduce hint with RC_PARAMS); the certifier says all of it in its own
  // words, on stderr through stdio, so std::cerr is silenced for good.
  std::cerr.rdbuf(nullptr);
  if (const std::string bad = props::check_rc_params(); !bad.empty()) {
    return could_not_run(make_error(ErrorCode::kBadParameter, 0, bad));
  }
  if (!options.targets.replay.empty())
    return certify::replay_divergence(options.targets, stdout, stderr);
  options.targets.json_report = options.reports.json;
  keep_large_blocks();
  const int jobs = options.jobs > 0 ? options.jobs : default_jobs(options);
  if (jobs > 1 && !options.list) {
    auto args = worker_target_args(options.targets);
    if (!args) return could_not_run(args.error());
    options.run.run_batch = certify::worker_batch({*args, jobs, options.run.fail_fast});
  }
  if (!options.list) {
    if (auto ok = certify::check_report_paths(options.reports); !ok)
      return could_not_run(ok.error());
    move_run_output_for_report(options.reports);
  }
  auto targets = certify::open_targets(options.targets, stderr);
  if (!targets) return could_not_run(targets.error());
  if (options.list) {
    auto chosen = certify::choose_properties(*targets, options.run.properties);
    if (!chosen) return could_not_run(chosen.error());
    for (const auto& c : *chosen) {
      if (options.list_output == "json") {
        fmt::print("{}\n", nlohmann::json{{"id", c.entry->id()},
                                          {"codec", c.entry->codec},
                                          {"statement", c.entry->statement}}
                               .dump());
      } else {
        fmt::print("{:<34} {}\n", c.entry->id(), c.entry->statement);
      }
    }
    return 0;
  }
  options.run.suite_version = version();
  options.run.source_commit = commit();
  std::unique_ptr<certify::WorkerResultsFile> worker_file;
  const certify::PropertyClaims claims(options.worker_claims);
  if (!options.worker_results.empty()) {
    auto file = certify::WorkerResultsFile::create(options.worker_results);
    if (!file) return could_not_run(file.error());
    worker_file = std::move(*file);
    serve_as_worker(options.run, *worker_file, claims);
  }
  const certify::Certification cert = certify::run_certification(*targets, options.run);
  if (!cert.stopped.empty()) fmt::print(stderr, "sortkey certify: {}\n", cert.stopped);
  if (worker_file) {
    if (auto written = worker_file->end(*targets); !written) return could_not_run(written.error());
  }
  // The reports are written also for a run that stopped: they say why.
  if (auto written = certify::write_reports(options.reports, cert); !written) {
    return could_not_run(written.error());
  }
  if (!cert.stopped.empty()) return 2;
  return cert.certified() ? 0 : 1;
}

// `sortkey verify-certificate`: 0 intact and CERTIFIED (or NOT CERTIFIED with
// --allow-failed), 1 not intact or NOT CERTIFIED, 2 the check cannot be made.
int run_verify_certificate(const std::string& path, bool allow_failed,
                           const std::string& public_key) {
  auto check = certify::check_certificate_file(path, public_key);
  if (!check) {
    fmt::print(stderr, "sortkey verify-certificate: {}\n", check.error().message);
    return check.error().code == ErrorCode::kBadParameter ? 2 : 1;
  }
  fmt::print("{}: digest ok{}; {}\n", path, public_key.empty() ? "" : ", signature ok",
             check->certified ? "CERTIFIED" : "NOT CERTIFIED");
  return check->certified || allow_failed ? 0 : 1;
}

// In the order `--help` has always listed them.
void add_run_options(CLI::App* sub, CertifyOptions& o) {
  sub->add_option("--cases", o.run.cases, "successful cases per property")
      ->transform(decimal<int>(1, 10000000))
      ->capture_default_str();
  sub->add_option("--seed", o.seed, "RapidCheck seed (default: the fixed seed of CI runs)")
      ->transform(decimal<std::uint64_t>());
  sub->add_flag("--fresh-seed", o.run.fresh_seed, "draw a random seed; it is printed for replay");
  sub->add_option("--property", o.run.properties,
                  "run only these properties: an id (padded/order), a codec (padded) or a prefix "
                  "ending in /")
      ->check(non_empty());
}

void add_selection_options(CLI::App* sub, CertifyOptions& o) {
  sub->add_option("--corpus", o.run.corpus_dir,
                  "corpus directory hashed into the certificate (default: none, and the "
                  "certificate says so)")
      ->check(non_empty());
  sub->add_option("--failures", o.run.failures_dir,
                  "keep every failure in the store DIR and replay its failures first on the next "
                  "run (alone: .sortkey/failures)")
      ->expected(0, 1)
      ->default_str(certify::kDefaultFailureStore)
      ->check(non_empty());
  sub->add_option("--retire-after", o.run.retire_after,
                  "with --failures: remove a stored failure once its replay has passed N runs "
                  "in a row")
      ->transform(decimal<int>(1, 1000))
      ->capture_default_str();
  sub->add_flag("--list", o.list, "list the properties and exit");
  sub->add_option("-o,--output", o.list_output,
                  "with --list: text, or json (one object per property: id, codec, statement)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  sub->add_flag("--no-progress", o.run.no_progress,
                "no progress on stderr (else a line rewritten on a terminal, a line per property "
                "in a log)");
  sub->add_option("--progress-interval", o.progress_interval,
                  "in a log: after SECONDS without a progress line, a line naming the properties "
                  "still running")
      ->transform(decimal<int>(1, 86400))
      ->capture_default_str();
  sub->add_flag("-q,--quiet", o.run.quiet, "print only the failures and the verdict line");
  sub->add_flag("--fail-fast", o.run.fail_fast, "stop at the first property that does not pass");
  sub->add_option("-j,--jobs", o.jobs,
                  "run the properties in N worker processes at once (the results are a serial "
                  "run's; default: one per core, at most 8, for the built-in codecs, else 1)")
      ->transform(decimal<int>(1, 256));
  // A worker process of --jobs: where it writes its results (certify/jobs.h).
  auto* results = sub->add_option("--worker-results", o.worker_results)->group("");
  auto* claims = sub->add_option("--worker-claims", o.worker_claims)->group("");
  results->check(non_empty())->needs(claims);
  claims->check(non_empty())->needs(results);
}

void add_report_options(CLI::App* sub, CertifyOptions& o) {
  sub->add_option("--json", o.reports.json,
                  "write the JSON certificate (with its digest) to this file (- for stdout)")
      ->check(non_empty());
  sub->add_option("--junit", o.reports.junit,
                  "write JUnit XML (one test case per property) to this file (- for stdout)")
      ->check(non_empty());
  sub->add_option("--sign", o.reports.sign_key,
                  "with --json: sign the certificate's digest with this Ed25519 private key (PEM)")
      ->check(non_empty());
  sub->add_option("--markdown", o.reports.markdown,
                  "write a Markdown summary to this file (- for stdout; the run's own output "
                  "then goes to stderr)")
      ->check(non_empty());
}

void add_target_options(CLI::App* sub, CertifyOptions& o) {
  certify::TargetOptions& t = o.targets;
  sub->add_option("--endpoint", t.endpoint,
                  "certify a DynamoDB-compatible endpoint (URL; alone: $AWS_ENDPOINT_URL_DYNAMODB, "
                  "$AWS_ENDPOINT_URL or the config file's endpoint_url)")
      ->expected(0, 1)
      ->check(non_empty());
  sub->add_option("--request-timeout", t.request_timeout_seconds,
                  "with --endpoint: SECONDS each request may take, retries apart (default: 30)")
      ->check(seconds_within(0.001, 3600.0));
  sub->add_option("--connections", t.connections,
                  "with --endpoint: run N cases at once, each on a connection of its own (the "
                  "results are one connection's; default: 4)")
      ->transform(decimal<int>(1, 64));
  sub->add_flag("--keep-tables", t.keep_tables,
                "with --endpoint: keep the tables the run created, for debugging (their names "
                "are printed)");
  sub->add_option("--known-divergences", t.known_divergences,
                  "with --endpoint: a JSON file of divergences accepted for that endpoint")
      ->check(non_empty());
  sub->add_option(
         "--record-divergences", t.record_divergences,
         "with --endpoint: add an entry for every divergence met to this known-divergences "
         "file (created if missing; entries already there are kept, none is repeated)")
      ->check(non_empty());
  sub->add_option("--replay", t.replay,
                  "with --endpoint: send exactly the reproduction of divergence ID of FILE (a "
                  "--record-divergences or --json file) and exit 0 if it no longer diverges, 1 "
                  "if it still does, 2 if it could not be sent")
      ->type_name("FILE#ID")
      ->check(non_empty());
  sub->add_option("--budget", t.budget_seconds,
                  "with --endpoint: stop exploring when SECONDS are spent and judge what ran")
      ->check(seconds_within(1.0, 7.0 * 24 * 3600))
      ->capture_default_str();
  sub->add_option("--region", t.region, "with --endpoint: the region to sign for")
      ->check(non_empty());
  sub->add_option("--codec-cmd", t.codec_cmd,
                  "certify an external codec: a command (run with sh -c) speaking "
                  "adapters/PROTOCOL.md")
      ->check(non_empty());
  sub->add_option("--timeout-ms", t.timeout_ms, "with --codec-cmd: how long each answer may take")
      ->transform(decimal<int>(1, 3600000))
      ->capture_default_str();
  sub->add_option("--snapshot", t.snapshot_path,
                  "with --codec-cmd: record the adapter's keys to FILE, or fail naming every key "
                  "that changed")
      ->check(non_empty());
  sub->add_option("--fuzz", t.fuzz_seconds,
                  "also run the libFuzzer campaign for SECONDS; one result per target "
                  "(fuzz/<target>)")
      ->check(seconds_within(1.0, 7.0 * 24 * 3600));
  sub->add_option("--fuzzers", t.fuzzers_dir,
                  "with --fuzz: the libFuzzer binaries (default: found next to sortkey)")
      ->check(non_empty());
}

}  // namespace

void add_certify_command(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<CertifyOptions>();
  CLI::App* sub = app.add_subcommand(
      "certify", "run every property of every built-in codec and print a verdict");
  add_run_options(sub, *options);
  add_report_options(sub, *options);
  add_selection_options(sub, *options);
  add_target_options(sub, *options);
  sub->get_option("--fresh-seed")->excludes("--seed");
  sub->get_option("--timeout-ms")->needs("--codec-cmd");
  sub->get_option("--output")->needs("--list");
  sub->get_option("--retire-after")->needs("--failures");
  sub->callback([options, exit_code, sub] {
    options->targets.endpoint_given = sub->count("--endpoint") > 0;
    options->targets.budget_given = sub->count("--budget") > 0;
    if (sub->count("--failures") > 0 && options->run.failures_dir.empty()) {
      options->run.failures_dir = certify::kDefaultFailureStore;
    }
    if (sub->count("--seed") > 0) options->run.seed = options->seed;
    options->run.progress_quiet = std::chrono::seconds(options->progress_interval);
    *exit_code = run_certify(*options);
  });

  auto path = std::make_shared<std::string>();
  auto allow_failed = std::make_shared<bool>(false);
  CLI::App* verify = app.add_subcommand(
      "verify-certificate",
      "check the digest of a JSON certificate (a checksum against accidents, not a signature) and "
      "that it certifies");
  verify->add_option("certificate", *path, "the file written by certify --json")->required();
  verify->add_flag("--allow-failed", *allow_failed,
                   "exit 0 for an intact certificate whose verdict is NOT CERTIFIED");
  auto public_key = std::make_shared<std::string>();
  verify
      ->add_option("--public-key", *public_key,
                   "also require an Ed25519 signature by this public key's private half (PEM)")
      ->check(non_empty());
  verify->callback([path, allow_failed, public_key, exit_code] {
    *exit_code = run_verify_certificate(*path, *allow_failed, *public_key);
  });
}

}  // namespace sortkey::cli
