#include "certify.h"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>

#include "adapter/adapter_session.h"
#include "catalog.h"
#include "endpoint/endpoint_catalog.h"
#include "fuzz_campaign.h"
#include "report.h"
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

// The built-in codecs, the default target.
CertifyTarget builtin_target() {
  return CertifyTarget{"built-in", "sortkey built-in codecs", "", &props::builtin_catalog(), nullptr};
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

// Writes the reports asked for; false (after a message) if one cannot be written.
bool write_reports(const CertifyOptions& options, const Certification& c) {
  std::vector<std::pair<std::string, std::string>> files;
  if (!options.json_path.empty()) files.emplace_back(options.json_path, certificate_json(c).dump(2) + "\n");
  if (!options.junit_path.empty()) files.emplace_back(options.junit_path, junit_xml(c));
  if (!options.markdown_path.empty()) {
    if (options.markdown_path == "-") {
      fmt::print("\n{}", markdown(c));
    } else {
      files.emplace_back(options.markdown_path, markdown(c));
    }
  }
  if (const char* summary = std::getenv("GITHUB_STEP_SUMMARY"); summary != nullptr && *summary != '\0') {
    std::ofstream out(summary, std::ios::app);
    out << markdown(c);
  }
  for (const auto& [path, text] : files) {
    if (auto written = write_file(path, text); !written) {
      fmt::print(stderr, "sortkey certify: cannot write the report: {}\n", written.error().message);
      return false;
    }
  }
  return true;
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
  sub->add_option("--json", options->json_path, "write the JSON certificate (with its digest) to this file");
  sub->add_option("--junit", options->junit_path, "write JUnit XML (one test case per property) to this file");
  sub->add_option("--markdown", options->markdown_path, "write a Markdown summary to this file (- for stdout)");
  sub->add_option("--corpus", options->corpus_dir, "corpus directory hashed into the certificate");
  sub->add_flag("--list", options->list, "list the properties and exit");
  sub->add_flag("--no-progress", options->no_progress, "never show the progress line");
  sub->add_option("--endpoint", options->endpoint,
                  "certify a DynamoDB-compatible endpoint (URL; alone: $AWS_ENDPOINT_URL_DYNAMODB)")
      ->expected(0, 1);
  sub->add_option("--known-divergences", options->known_divergences,
                  "with --endpoint: a JSON file of divergences accepted for that endpoint");
  sub->add_option("--region", options->region, "with --endpoint: the region to sign for");
  sub->add_option("--codec-cmd", options->codec_cmd,
                  "certify an external codec: a command (run with sh -c) speaking adapters/PROTOCOL.md");
  sub->add_option("--timeout-ms", options->timeout_ms, "with --codec-cmd: how long each answer may take")
      ->check(CLI::Range(1, 3600000))
      ->capture_default_str();
  sub->add_option("--snapshot", options->snapshot_path,
                  "with --codec-cmd: record the adapter's keys to FILE, or fail naming every key that changed");
  sub->add_option("--fuzz", options->fuzz_seconds,
                  "also run the libFuzzer campaign for SECONDS; one result per target (fuzz/<target>)")
      ->check(CLI::Range(1.0, 7.0 * 24 * 3600));
  sub->add_option("--fuzzers", options->fuzzers_dir, "with --fuzz: the libFuzzer binaries (the fuzz preset's fuzz/)")
      ->capture_default_str();
  sub->callback([options, exit_code, sub] {
    options->endpoint_given = sub->count("--endpoint") > 0;
    *exit_code = run_certify(*options);
  });

  auto path = std::make_shared<std::string>();
  CLI::App* verify = app.add_subcommand("verify-certificate", "check the digest of a JSON certificate");
  verify->add_option("certificate", *path, "the file written by certify --json")->required();
  verify->callback([path, exit_code] { *exit_code = run_verify_certificate(*path); });
}

int run_certify(const CertifyOptions& options) {
  CertifyTarget target = builtin_target();
  std::shared_ptr<endpoint::EndpointSession> endpoint_session;
  if (options.endpoint_given) {
    endpoint::EndpointOptions eo;
    eo.url = options.endpoint;
    if (eo.url.empty()) {
      const char* env = std::getenv("AWS_ENDPOINT_URL_DYNAMODB");
      if (env == nullptr || *env == '\0') {
        fmt::print(stderr, "sortkey certify: --endpoint needs a URL, or AWS_ENDPOINT_URL_DYNAMODB set\n");
        return 2;
      }
      eo.url = env;
    }
    eo.region = options.region;
    eo.known_divergences = options.known_divergences;
    auto opened = endpoint::EndpointSession::open(eo, endpoint::process_environment());
    if (!opened) {
      fmt::print(stderr, "sortkey certify: cannot certify the endpoint: {}\n", opened.error().message);
      return 2;
    }
    endpoint_session = *opened;
    auto shell_quote = [](const std::string& t) {
      std::string q = "'";
      for (const char c : t) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
      return q + "'";
    };
    target = CertifyTarget{"endpoint", "DynamoDB-compatible endpoint " + endpoint_session->describe(),
                           "--endpoint " + shell_quote(eo.url) +
                               (eo.known_divergences.empty() ? "" : " --known-divergences " + shell_quote(eo.known_divergences)),
                           &endpoint_session->catalog(), endpoint_session};
  } else if (!options.known_divergences.empty() || !options.region.empty()) {
    fmt::print(stderr, "sortkey certify: --known-divergences and --region go with --endpoint\n");
    return 2;
  }
  std::shared_ptr<adapter::AdapterSession> adapter_session;
  if (!options.codec_cmd.empty()) {
    if (options.endpoint_given) {
      fmt::print(stderr, "sortkey certify: --codec-cmd and --endpoint are two targets; certify one at a time\n");
      return 2;
    }
    adapter::ClientOptions co;
    co.timeout = std::chrono::milliseconds(options.timeout_ms);
    try {
      adapter_session = adapter::AdapterSession::open(options.codec_cmd, co);
    } catch (const adapter::AdapterError& e) {
      fmt::print(stderr, "sortkey certify: could not run the adapter {}: {}\n", adapter::shell_quote(options.codec_cmd),
                 e.what());
      return 2;
    }
    for (const std::string& u : adapter_session->hello().unknown) {
      fmt::print(stderr, "sortkey certify: the adapter lists \"{}\", which protocol 1 does not know: skipped\n", u);
    }
    target = CertifyTarget{"adapter", adapter_session->describe(), adapter_session->replay_args(),
                           &adapter_session->catalog(), adapter_session};
  } else if (!options.snapshot_path.empty()) {
    fmt::print(stderr, "sortkey certify: --snapshot goes with --codec-cmd (the built-in codecs are gated by corpus/vectors/)\n");
    return 2;
  }
  // Other targets (an adapter command, an endpoint) replace the built-in one here.
  if (options.fuzz_seconds > 0 && target.kind != "built-in") {
    fmt::print(stderr, "sortkey certify: --fuzz runs the built-in codecs' fuzz targets; it does not go with {}\n",
               target.kind == "adapter" ? "--codec-cmd" : "--endpoint");
    return 2;
  }

  std::vector<const PropertyEntry*> chosen;
  for (const auto& e : target.catalog->entries()) {
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

  Certification cert;
  cert.suite_version = SORTKEY_VERSION;
  cert.target_kind = target.kind;
  cert.target = target.name;
  cert.seed = settings.seed;
  cert.cases = settings.cases;
  cert.started_at = utc_now();
  cert.corpus = options.corpus_dir;
  if (cert.corpus.empty() && std::filesystem::is_directory(SORTKEY_SOURCE_CORPUS)) cert.corpus = SORTKEY_SOURCE_CORPUS;
  if (!cert.corpus.empty()) {
    auto hash = corpus_digest(cert.corpus);
    if (!hash) {
      fmt::print(stderr, "sortkey certify: {}\n", hash.error().message);
      return 2;
    }
    cert.corpus_hash = *hash;
  }

  fmt::print("sortkey certify: {}: {} properties, {} cases each, seed {}\n\n", target.name, chosen.size(),
             settings.cases, settings.seed);
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    if (progress) {
      fmt::print(stderr, "\r\033[K[{}/{}] {} ...", i + 1, chosen.size(), chosen[i]->id());
      std::fflush(stderr);
    }
    RunReport run = props::run_property(*chosen[i], settings);
    if (!target.replay_args.empty()) {
      run.replay = fmt::format("sortkey certify {} --seed {} --cases {} --property {}", target.replay_args,
                               settings.seed, settings.cases, run.id);
    }
    cert.properties.push_back({std::move(run), chosen[i]->codec, chosen[i]->statement});
    if (adapter_session && adapter_session->fatal()) {
      if (progress) fmt::print(stderr, "\r\033[K");
      fmt::print(stderr, "sortkey certify: could not run the adapter {} (during {}): {}\n",
                 adapter::shell_quote(options.codec_cmd), chosen[i]->id(), *adapter_session->fatal());
      return 2;
    }
  }
  if (progress) fmt::print(stderr, "\r\033[K");
  std::string snapshot_summary;
  if (adapter_session && !options.snapshot_path.empty()) {
    std::string problem;
    std::optional<adapter::SnapshotOutcome> snap;
    try {
      snap = adapter_session->snapshot(options.snapshot_path, &problem);
    } catch (const adapter::AdapterError& e) {
      problem = e.what();
    }
    if (!snap) {
      fmt::print(stderr, "sortkey certify: the snapshot could not be checked: {}\n", problem);
      return 2;
    }
    for (auto& r : snap->reports) {
      const std::string codec = r.id.substr(0, r.id.find('/'));
      r.replay = fmt::format("sortkey certify {} --snapshot {}", target.replay_args,
                             adapter::shell_quote(options.snapshot_path));
      cert.properties.push_back({std::move(r), codec,
                                 fmt::format("the keys of the snapshot's inputs (version {}) are the recorded ones",
                                             adapter::kSnapshotInputsVersion)});
    }
    snapshot_summary = snap->summary;
  }
  // Further sources of results (a fuzz campaign) append to cert.properties here.
  if (options.fuzz_seconds > 0) {
    // A certification reads the tree: no merge and no capture, so the corpus
    // hash above describes the corpus the campaign ran on; `sortkey fuzz`
    // keeps crashers. A crash's reproduce command names its minimized file.
    CampaignOptions fo;
    fo.budget_seconds = options.fuzz_seconds;
    fo.fuzzers_dir = options.fuzzers_dir;
    if (!cert.corpus.empty()) {
      fo.corpus_dir = cert.corpus;
      fo.source_dir = (std::filesystem::path(cert.corpus).parent_path() / "fuzz").string();
    }
    fo.merge = false;
    fo.capture = false;
    const CampaignReport campaign = run_campaign(fo, options.no_progress ? nullptr : stderr);
    if (!campaign.problem.empty()) {
      fmt::print(stderr, "sortkey certify: the fuzz campaign could not run: {}\n", campaign.problem);
      return 2;
    }
    std::vector<RunReport> runs = to_run_reports(campaign);
    for (std::size_t i = 0; i < runs.size(); ++i) {
      cert.properties.push_back({std::move(runs[i]), "fuzz",
                                 fmt::format("libFuzzer finds no crash and no violated property in {:.0f} s ({})",
                                             campaign.targets[i].budget, describe_stats(campaign.targets[i]))});
    }
  }
  cert.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  print_table(cert, stdout);
  if (adapter_session) {
    std::vector<RunReport> runs;
    long cases = 0;
    for (const auto& p : cert.properties) {
      runs.push_back(p.run);
      cases += p.run.cases;
    }
    fmt::print("\n");
    for (const std::string& note : adapter::AdapterSession::agreement_notes(runs)) fmt::print("{}\n", note);
    if (!snapshot_summary.empty()) fmt::print("{}\n", snapshot_summary);
    fmt::print("{:.1f} cases/s over {} adapter requests\n",
               cert.seconds > 0 ? static_cast<double>(cases) / cert.seconds : 0.0, adapter_session->requests());
    adapter_session->close();
  }
  if (endpoint_session) {
    long cases = 0;
    for (const auto& p : cert.properties) cases += p.run.cases;
    fmt::print("\n{:.1f} cases/s; ", cert.seconds > 0 ? static_cast<double>(cases) / cert.seconds : 0.0);
    fmt::print("{}", endpoint_session->summary(cert.seconds));
    for (const std::string& left : endpoint_session->close()) {
      fmt::print(stderr, "sortkey certify: could not delete the table {}\n", left);
    }
    if (auto fatal = endpoint_session->fatal()) {
      fmt::print(stderr, "sortkey certify: the endpoint run could not be completed: {}\n", *fatal);
      return 2;
    }
  }
  std::fflush(stdout);
  if (!write_reports(options, cert)) return 2;
  return cert.certified() ? 0 : 1;
}

int run_verify_certificate(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    fmt::print(stderr, "sortkey verify-certificate: cannot read {}\n", path);
    return 2;
  }
  const nlohmann::json cert = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (cert.is_discarded()) {
    fmt::print(stderr, "sortkey verify-certificate: {} is not JSON\n", path);
    return 2;
  }
  if (auto ok = verify_certificate(cert); !ok) {
    fmt::print(stderr, "sortkey verify-certificate: {}: {}\n", path, ok.error().message);
    return 1;
  }
  fmt::print("{}: digest ok; {}\n", path,
             cert.value("certified", false) ? "CERTIFIED" : "NOT CERTIFIED");
  return 0;
}

}  // namespace sortkey::cli
