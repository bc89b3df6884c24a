#include "design/findings.h"

#include <fmt/format.h>

#include <sstream>

#include "design/design_props.h"
#include "design/hints.h"
#include "design/values.h"

namespace sortkey::design {
namespace {

std::string shown_population(const Population& population) {
  std::ostringstream os;
  showValue(population, os);
  return os.str();
}

std::string shown_params(const Design& design, const Pattern& pattern, const Params& params) {
  std::string out;
  for (const Parameter& param : pattern.parameters) {
    const auto it = params.find(param.name);
    if (it == params.end()) continue;
    const AttributeSpec& spec = *design.entity(param.entity)->attribute(param.attribute);
    out +=
        fmt::format("{}{} = {}", out.empty() ? "" : ", ", param.name, show_value(it->second, spec));
  }
  return "{" + out + "}";
}

}  // namespace

std::vector<std::pair<std::string, std::string>> counterexample_of(const Design& design,
                                                                   const FailingCase& c) {
  std::vector<std::pair<std::string, std::string>> out;
  if (c.spec != nullptr && c.value) {
    out.emplace_back("value", show_value(*c.value, *c.spec));
    return out;
  }
  out.emplace_back("population", shown_population(c.population));
  if (c.pattern != nullptr) {
    if (!c.pattern->parameters.empty()) {
      out.emplace_back("parameters", shown_params(design, *c.pattern, c.params));
    }
    out.emplace_back("Limit", std::to_string(c.page_limit));
  }
  if (c.update) out.emplace_back("update", c.update->label);
  return out;
}

void report_failing_case(const Design& design, const FailingCase& c, const ScopeResult& scope,
                         props::RunReport& run) {
  run.message = c.message;
  if (const std::string hint = fix_hint(design, c); !hint.empty()) {
    run.message += "\n  likely fix: " + hint;
  }
  run.counterexample = counterexample_of(design, c);
  if (!c.from_scope) return;
  run.verdict = props::Verdict::kFailed;
  run.cases = static_cast<int>(std::min<long>(scope.cases, 1000000000));
  run.shrinks = 0;
  run.seconds_to_failure = run.seconds;
  run.reproduce.clear();
  run.message += fmt::format(
      "\n  found by the small scope, at population {} of {} (every population of up to {} "
      "entit{} of the boundary values, smallest first): a failure there is minimal",
      scope.checked, scope.total, scope.target, scope.target == 1 ? "y" : "ies");
}

std::string unbuilt_key_root(const std::vector<const props::RunReport*>& failed) {
  std::string root;
  std::string readers;
  int count = 0;
  for (const props::RunReport* r : failed) {
    if (r->id == "items/build") root = r->id;
    if (r->message.rfind(std::string(kUnbuiltKey), 0) == 0) {
      readers += (readers.empty() ? "" : ", ") + r->id;
      ++count;
    }
  }
  if (readers.empty()) return {};
  return fmt::format(
      "the root of these failures: items/build, a key that cannot be built{}; {} {} only "
      "because {} that key",
      root.empty() ? " (run it: --property items/build)" : "", readers,
      count == 1 ? "fails" : "fail", count == 1 ? "it reads" : "they read");
}

}  // namespace sortkey::design
