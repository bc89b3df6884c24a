// sortkey_adapter_throughput: certification throughput, in cases per second,
// of the same contract properties (properties/contract_catalog.h) run against the
// built-in codecs in process and against each adapter command given, one
// after the other in one run, with one seed.
//
//   sortkey_adapter_throughput [--cases N] [COMMAND...]
//   sortkey_adapter_throughput --cases 300 "python3 adapters/python/sortkey_adapter.py"
//                              "node adapters/node/adapter.js"
//
// A row is named by its command. Each target runs only the codecs it lists; the built-in row is
// also shown restricted to each adapter's codecs, so the comparison is like for like. Beside the
// wall time of the properties, each row gives the CPU time of this process and of the adapter's
// processes (read once the adapter has exited), the requests per second and, for an adapter, its
// ratio to the in-process row of the same codecs, of wall and of CPU time. The load average is
// printed before and after: on a shared machine the wall time stretches with the load, the CPU time
// much less.

#include <fmt/format.h>
#include <sys/resource.h>

#include <cstdlib>
#include <ctime>
#include <exception>
#include <string>
#include <vector>

#include "certify/adapter/adapter_target.h"
#include "properties/contract_catalog.h"
#include "properties/props/contract_reference.h"
#include "properties/runner.h"

namespace {

using namespace sortkey;

struct Row {
  std::string target;
  int properties = 0;
  long cases = 0;
  double seconds = 0;      // the properties' wall time, shrinking included
  double cpu = 0;          // this process
  double adapter_cpu = 0;  // the adapter's processes
  std::int64_t requests = 0;
  int failed = 0;
  const Row* in_process = nullptr;  // for an adapter: the row it is compared with
};

double cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// User and system time of the children reaped so far.
double children_cpu_seconds() {
  rusage u{};
  ::getrusage(RUSAGE_CHILDREN, &u);
  const auto s = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
  };
  return s(u.ru_utime) + s(u.ru_stime);
}

std::string load_average() {
  double load[3] = {0, 0, 0};
  if (::getloadavg(load, 3) != 3) return "unknown";
  return fmt::format("{:.2f} {:.2f} {:.2f}", load[0], load[1], load[2]);
}

Row run(const std::string& target, const props::Catalog& catalog,
        const props::RunSettings& settings) {
  Row row{target};
  const double cpu = cpu_seconds();
  for (const auto& e : catalog.entries()) {
    const props::RunReport r = props::run_property(e, settings);
    ++row.properties;
    row.cases += r.cases;
    row.seconds += r.seconds;
    if (r.verdict != props::Verdict::kPassed) ++row.failed;
  }
  row.cpu = cpu_seconds() - cpu;
  return row;
}

void print(const Row& r) {
  const double total_cpu = r.cpu + r.adapter_cpu;
  std::string ratio;
  if (r.in_process != nullptr && r.in_process->seconds > 0 && r.in_process->cpu > 0) {
    ratio = fmt::format("{:>6.2f}x {:>6.2f}x", r.seconds / r.in_process->seconds,
                        total_cpu / r.in_process->cpu);
  }
  fmt::print("{:<46} {:>5} {:>7} {:>8.2f} {:>7.2f} {:>7.2f} {:>8.0f} {:>9.0f} {:>15}{}\n", r.target,
             r.properties, r.cases, r.seconds, r.cpu, r.adapter_cpu,
             r.seconds > 0 ? static_cast<double>(r.cases) / r.seconds : 0.0,
             r.seconds > 0 ? static_cast<double>(r.requests) / r.seconds : 0.0, ratio,
             r.failed ? fmt::format("  ({} failed)", r.failed) : "");
}

}  // namespace

int main(int argc, char** argv) {
  props::RunSettings settings;
  settings.cases = 300;
  std::vector<std::string> commands;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--cases" && i + 1 < argc) {
      settings.cases = std::atoi(argv[++i]);
    } else {
      commands.push_back(arg);
    }
  }
  if (settings.cases < 1) {
    fmt::print(stderr, "sortkey_adapter_throughput: --cases needs a positive number\n");
    return 2;
  }
  props::pin_rapidcheck_seed(settings.seed);
  const std::string load_before = load_average();
  std::vector<Row> rows;
  rows.reserve(2 * commands.size() + 1);  // rows point at the in-process rows
  props::contract::ReferenceCodecs builtin, reference;
  rows.push_back(
      run("built-in, in process (all codecs)",
          props::contract::contract_catalog(builtin, reference, props::contract::protocol_codecs()),
          settings));
  for (const std::string& command : commands) {
    auto target = certify::adapter::AdapterTarget::open(command, {}, "");
    if (!target) {
      fmt::print(stderr, "sortkey_adapter_throughput: {}: {}\n", command, target.error().message);
      return 2;
    }
    const auto& codecs = (*target)->hello().codecs;
    const Row* in_process = &rows.front();
    if (codecs.size() != props::contract::protocol_codecs().size()) {
      rows.push_back(run(fmt::format("built-in, in process ({} codecs)", codecs.size()),
                         props::contract::contract_catalog(builtin, reference, codecs), settings));
      in_process = &rows.back();
    }
    const double children = children_cpu_seconds();
    Row row = run(command, (*target)->catalog(), settings);
    row.requests = (*target)->requests();
    row.in_process = in_process;
    if (const auto& failure = (*target)->failure())
      fmt::print(stderr, "{}: {}\n", command, *failure);
    (*target)->close();
    row.adapter_cpu = children_cpu_seconds() - children;
    rows.push_back(std::move(row));
  }
  fmt::print("{} cases per property, seed {}; load average {} before, {} after\n\n", settings.cases,
             settings.seed, load_before, load_average());
  fmt::print("{:<46} {:>5} {:>7} {:>8} {:>7} {:>7} {:>8} {:>9} {:>15}\n", "target", "props",
             "cases", "seconds", "cpu", "adapter", "cases/s", "requests/s", "ratio wall cpu");
  for (const Row& r : rows) print(r);
  return 0;
}
