// sortkey_endpoint_throughput: endpoint certification throughput, in cases and requests per
// second, of each exploring endpoint property (endpoint/query, scan, key_strategies,
// invalid_requests, limits, writes) against dynalite, with one seed, for each number of
// connections given (certify --connections), one after the other in one run.
//
//   sortkey_endpoint_throughput [--cases N] [--seed S] [--connections 1,4,8]
//                               [--endpoint URL --endpoint-pid PID]
//
// Without --endpoint it starts dynalite on a free loopback port (ci/dynalite.sh, which
// installs it when missing) and stops it at the end. The known divergences are dynalite's
// (corpus/divergences/dynalite.json), so that the rows measure the checks, not their
// minimization. Each row gives the wall time of the property (its cases, every one of them
// ended and judged), the CPU time of this process (all its threads) and of the endpoint's
// process (read from /proc, PID as given or the dynalite started), cases and requests per
// second; each total row its ratio of wall time and of cases per second to the first number of
// connections. The load average is printed before and after: on a shared machine the wall
// time stretches with the load, the CPU time much less.

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "certify/endpoint/endpoint_target.h"
#include "dynamodb/aws_config.h"
#include "properties/runner.h"
#include "src/testing/source_dir.h"
#include "support/subprocess.h"

namespace {

using namespace sortkey;
using certify::endpoint::EndpointOptions;
using certify::endpoint::EndpointTarget;

struct Row {
  std::string name;
  int connections = 1;
  long cases = 0;
  double seconds = 0;
  double cpu = 0;           // this process
  double endpoint_cpu = 0;  // the endpoint's process; < 0: unknown
  std::uint64_t requests = 0;
  int failed = 0;
};

double wall_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// User and system time of process `pid` (fields 14 and 15 of /proc/PID/stat), or -1.
double process_cpu_seconds(long pid) {
  if (pid <= 0) return -1;
  std::ifstream in(fmt::format("/proc/{}/stat", pid));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto close = text.rfind(')');  // the command name may hold spaces
  if (close == std::string::npos) return -1;
  std::istringstream fields(text.substr(close + 2));
  std::string f;
  double ticks = 0;
  for (int i = 3; i <= 15 && fields >> f; ++i) {
    if (i >= 14) ticks += std::strtod(f.c_str(), nullptr);
  }
  return ticks / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

std::string load_average() {
  double load[3] = {0, 0, 0};
  if (::getloadavg(load, 3) != 3) return "unknown";
  return fmt::format("{:.2f} {:.2f} {:.2f}", load[0], load[1], load[2]);
}

// dynalite on a free loopback port: its URL and pid, and the child that holds
// its process group (stopping it stops dynalite).
struct Dynalite {
  std::unique_ptr<support::Child> starter;
  std::string url;
  long pid = 0;
};

std::optional<Dynalite> start_dynalite(std::string* why) {
  const std::string state = fmt::format("/tmp/sortkey-endpoint-throughput-{}.state", ::getpid());
  auto child =
      support::Child::spawn({.program = "/bin/bash",
                             .argv = {"bash", sortkey::testing::source_path("ci/dynalite.sh"),
                                      "start", state, std::to_string(::getpid())},
                             .out = support::Stdio::kNull,
                             .label = "ci/dynalite.sh"});
  if (!child) {
    *why = child.error().message;
    return std::nullopt;
  }
  const auto ended = (*child)->wait_for(std::chrono::seconds(120));
  if (!ended || ended->describe() != "exited with status 0") {
    *why = "ci/dynalite.sh start " + (ended ? ended->describe() : std::string("took over 120 s"));
    return std::nullopt;
  }
  Dynalite d;
  std::ifstream in(state);
  if (!(in >> d.url >> d.pid)) {
    *why = "ci/dynalite.sh wrote no \"URL PID\" to " + state;
    return std::nullopt;
  }
  ::unlink(state.c_str());
  d.starter = std::move(*child);
  return d;
}

// Every exploring property of one session of `connections` connections.
Result<std::vector<Row>> run(const EndpointOptions& options, long endpoint_pid,
                             const props::RunSettings& settings) {
  auto target = EndpointTarget::open(options, dynamodb::process_environment());
  if (!target) return target.error();
  std::vector<const props::PropertyEntry*> chosen;
  for (const auto& e : (*target)->catalog().entries()) {
    if (e.id() != "endpoint/known_divergences") chosen.push_back(&e);
  }
  (*target)->plan(chosen);
  std::vector<Row> rows;
  for (const props::PropertyEntry* e : chosen) {
    Row row{e->id(), options.connections};
    const std::uint64_t requests = (*target)->requests();
    const double wall = wall_seconds(), cpu = cpu_seconds();
    const double endpoint = process_cpu_seconds(endpoint_pid);
    certify::CertifiedProperty result(props::run_property(*e, settings), e->codec, e->statement);
    auto judged = (*target)->after_property(*e, result);
    row.requests = (*target)->requests() - requests;
    row.seconds = wall_seconds() - wall;
    row.cpu = cpu_seconds() - cpu;
    row.endpoint_cpu = endpoint < 0 ? -1 : process_cpu_seconds(endpoint_pid) - endpoint;
    row.cases = result.run.cases;
    row.failed = result.run.verdict == props::Verdict::kPassed ? 0 : 1;
    rows.push_back(row);
    if (!judged) return judged.error();
  }
  (*target)->close();
  return rows;
}

Row total(const std::vector<Row>& rows) {
  Row t{"all six", rows.empty() ? 1 : rows.front().connections};
  for (const Row& r : rows) {
    t.cases += r.cases;
    t.seconds += r.seconds;
    t.cpu += r.cpu;
    t.endpoint_cpu =
        t.endpoint_cpu < 0 || r.endpoint_cpu < 0 ? -1 : t.endpoint_cpu + r.endpoint_cpu;
    t.requests += r.requests;
    t.failed += r.failed;
  }
  return t;
}

double per_second(double n, double seconds) { return seconds > 0 ? n / seconds : 0.0; }

void print(const Row& r, const Row* first) {
  std::string ratio;
  if (first != nullptr && r.seconds > 0 && first->seconds > 0) {
    ratio = fmt::format("{:>6.2f}x {:>6.2f}x", r.seconds / first->seconds,
                        per_second(static_cast<double>(r.cases), r.seconds) /
                            per_second(static_cast<double>(first->cases), first->seconds));
  }
  fmt::print("{:<28} {:>5} {:>6} {:>8.2f} {:>7.2f} {:>8} {:>8.1f} {:>10.0f} {:>15}{}\n", r.name,
             r.connections, r.cases, r.seconds, r.cpu,
             r.endpoint_cpu < 0 ? std::string("?") : fmt::format("{:.2f}", r.endpoint_cpu),
             per_second(static_cast<double>(r.cases), r.seconds),
             per_second(static_cast<double>(r.requests), r.seconds), ratio,
             r.failed ? fmt::format("  ({} not passed)", r.failed) : "");
}

std::vector<int> parse_connections(const std::string& list) {
  std::vector<int> out;
  std::istringstream in(list);
  for (std::string n; std::getline(in, n, ',');) out.push_back(std::atoi(n.c_str()));
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  props::RunSettings settings;
  settings.cases = 100;
  std::vector<int> connections = {1, 4};
  EndpointOptions options;
  options.known_divergences = sortkey::testing::source_path("corpus/divergences/dynalite.json");
  options.budget_seconds = 7 * 24 * 3600;  // the cases bound the run, not the budget
  long endpoint_pid = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string arg = argv[i], value = argv[i + 1];
    if (arg == "--cases") {
      settings.cases = std::atoi(value.c_str());
    } else if (arg == "--seed") {
      settings.seed = std::strtoull(value.c_str(), nullptr, 10);
    } else if (arg == "--connections") {
      connections = parse_connections(value);
    } else if (arg == "--endpoint") {
      options.url = value;
    } else if (arg == "--endpoint-pid") {
      endpoint_pid = std::atol(value.c_str());
    } else {
      fmt::print(stderr, "sortkey_endpoint_throughput: unknown option {}\n", arg);
      return 2;
    }
  }
  if (argc % 2 == 0 || settings.cases < 1 || connections.empty() ||
      std::any_of(connections.begin(), connections.end(), [](int n) { return n < 1; })) {
    fmt::print(stderr,
               "usage: sortkey_endpoint_throughput [--cases N] [--seed S] [--connections 1,4] "
               "[--endpoint URL --endpoint-pid PID]\n");
    return 2;
  }
  std::optional<Dynalite> dynalite;
  if (options.url.empty()) {
    std::string why;
    dynalite = start_dynalite(&why);
    if (!dynalite) {
      fmt::print(stderr, "sortkey_endpoint_throughput: cannot start dynalite: {}\n", why);
      return 2;
    }
    options.url = dynalite->url;
    endpoint_pid = dynalite->pid;
  }
  props::pin_rapidcheck_seed(settings.seed);
  const std::string load_before = load_average();
  std::vector<std::vector<Row>> runs;
  for (int n : connections) {
    options.connections = n;
    auto rows = run(options, endpoint_pid, settings);
    if (!rows) {
      fmt::print(stderr, "sortkey_endpoint_throughput: {} connection(s): {}\n", n,
                 rows.error().message);
      return 2;
    }
    runs.push_back(std::move(*rows));
  }
  fmt::print("{} cases per property, seed {}, endpoint {}; load average {} before, {} after\n\n",
             settings.cases, settings.seed, options.url, load_before, load_average());
  fmt::print("{:<28} {:>5} {:>6} {:>8} {:>7} {:>8} {:>8} {:>10} {:>15}\n", "property", "conns",
             "cases", "seconds", "cpu", "endpoint", "cases/s", "requests/s", "ratio wall rate");
  const Row first = total(runs.front());
  for (const auto& rows : runs) {
    for (const Row& r : rows) print(r, nullptr);
    print(total(rows), &first);
    fmt::print("\n");
  }
  if (dynalite) dynalite->starter->stop(SIGTERM, std::chrono::seconds(5));
  return 0;
}
