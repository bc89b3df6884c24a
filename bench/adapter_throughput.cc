// sortkey_adapter_throughput: certification throughput, in cases per second,
// of the same contract properties (properties/contract_catalog.h) run against the
// built-in codecs in process and against each adapter command given, one
// after the other in one run, with one seed.
//
//   sortkey_adapter_throughput [--cases N] [COMMAND...]
//   py="python3 adapters/python/sortkey_adapter.py" js="node adapters/node/adapter.js"
//   sortkey_adapter_throughput --cases 300 "$py" "$js"
//
// Each target runs only the codecs it lists; the built-in row is also shown
// restricted to each adapter's codecs, so the comparison is like for like.

#include <fmt/format.h>

#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "certify/adapter/adapter_target.h"
#include "contract_catalog.h"
#include "props/contract_reference.h"
#include "runner.h"

namespace {

using namespace sortkey;

struct Row {
  std::string target;
  int properties = 0;
  long cases = 0;
  double seconds = 0;
  int failed = 0;
};

Row run(const std::string& target, const props::Catalog& catalog,
        const props::RunSettings& settings) {
  Row row{target, 0, 0, 0, 0};
  for (const auto& e : catalog.entries()) {
    const props::RunReport r = props::run_property(e, settings);
    ++row.properties;
    row.cases += r.cases;
    row.seconds += r.seconds;
    if (r.verdict != props::Verdict::kPassed) ++row.failed;
  }
  return row;
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
  std::vector<Row> rows;
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
    if (codecs.size() != props::contract::protocol_codecs().size()) {
      rows.push_back(run(fmt::format("built-in, in process ({} codecs)", codecs.size()),
                         props::contract::contract_catalog(builtin, reference, codecs), settings));
    }
    rows.push_back(
        run(fmt::format("{} (adapter)", (*target)->hello().name), (*target)->catalog(), settings));
    if (const auto& failure = (*target)->failure())
      fmt::print(stderr, "{}: {}\n", command, *failure);
  }
  fmt::print("{} cases per property, seed {}\n\n", settings.cases, settings.seed);
  fmt::print("{:<44} {:>5} {:>8} {:>8} {:>10}\n", "target", "props", "cases", "seconds", "cases/s");
  for (const Row& r : rows) {
    fmt::print("{:<44} {:>5} {:>8} {:>8.2f} {:>10.0f}{}\n", r.target, r.properties, r.cases,
               r.seconds, r.seconds > 0 ? static_cast<double>(r.cases) / r.seconds : 0.0,
               r.failed ? fmt::format("  ({} failed)", r.failed) : "");
  }
  return 0;
}
