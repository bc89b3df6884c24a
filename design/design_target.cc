#include "design/design_target.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "design/design_catalog.h"
#include "design/failure_case.h"
#include "design/findings.h"
#include "design/minimize.h"
#include "support/text.h"

namespace sortkey::design {
namespace {

// The line of the design file that names a property's subject: the pattern,
// the key template a width is checked in, the index; the entities for the
// properties of every entity (items/build, keys/...). 0 when not known.
int design_line_of_property(const Design& d, std::string_view id) {
  const auto line = [&d](std::string_view part) {
    const auto it = d.lines.find(part);
    return it == d.lines.end() ? 0 : it->second;
  };
  if (id.starts_with("pattern/") || id.starts_with("update/") || id.starts_with("write/")) {
    return line(id);
  }
  if (id.starts_with("hit_rate/")) return line("pattern/" + std::string(id.substr(9)));
  if (id.starts_with("index/")) {
    const std::string_view rest = id.substr(6);
    return line("index/" + std::string(rest.substr(0, rest.rfind('/'))));
  }
  if (id.starts_with("width/")) {  // width/<entity>.<attribute>/<key>
    for (const EntityType& e : d.entities) {
      for (const KeyTemplate& k : e.keys) {
        if (id.starts_with("width/" + e.name + ".") && id.ends_with("/" + k.attribute)) {
          return line("key/" + e.name + "/" + k.attribute);
        }
      }
    }
  }
  return line("entities");
}

class DesignTarget final : public certify::Target {
 public:
  DesignTarget(std::shared_ptr<const Design> design, std::shared_ptr<Observations> seen,
               std::shared_ptr<StoreSource> stores, ScopeSettings scope)
      : design_(std::move(design)),
        seen_(std::move(seen)),
        stores_(std::move(stores)),
        catalog_(design_catalog(design_, seen_, stores_, scope)),
        start_(std::chrono::steady_clock::now()) {}

  std::string kind() const override { return "design"; }
  std::string name() const override {
    const std::string against = stores_->against();
    return fmt::format("design {} ({}){}", design_->name, design_->path,
                       against.empty() ? "" : " on " + against);
  }
  std::string replay_args() const override {
    const std::string more = stores_->replay_args();
    return support::shell_quote(design_->path) + (more.empty() ? "" : " " + more);
  }
  // A store that cannot go on (an endpoint gone) ends the run: exit 2.
  // A failure is told from the case the property noted: the small scope's
  // in place of the sampled run's, values as the design declares them.
  Result<void> after_property(const props::PropertyEntry& entry,
                              certify::CertifiedProperty& result) override {
    if (const auto why = stores_->fatal()) {
      return make_error(ErrorCode::kUnavailable, 0,
                        fmt::format("the check stopped during {}: {}", entry.id(), *why));
    }
    sum_generated_costs(entry.id(), result.run);
    set_source(result);
    const auto scope = seen_->scopes.find(entry.id());
    const ScopeResult none;
    const ScopeResult& s = scope == seen_->scopes.end() ? none : scope->second;
    const FailingCase* failing = seen_->failure(entry.id());
    if (failing != nullptr && (s.failure || result.run.verdict == props::Verdict::kFailed)) {
      FailingCase minimal = minimize_case(*design_, *stores_, *failing);
      report_failing_case(*design_, minimal, s, result.run);
      seen_->failures[entry.id()] = std::move(minimal);
    }
    if (s.ran) {
      result.run.distribution["small scope: " + s.unit] = static_cast<int>(s.checked);
      result.run.distribution["small scope: cases"] = static_cast<int>(s.cases);
      result.run.distribution["small scope: exhausted"] = s.exhausted ? 1 : 0;
    }
    return {};
  }
  // The failure store: a design's failing cases are kept as data
  // (design/failure_case.h), matched by the design's name and path, so that
  // a fixed file replays the population that failed against its new keys,
  // here or on an endpoint. The path is the one given, lexically normal
  // ("./a.yaml" is "a.yaml"): a store kept in a repository matches from any
  // clone.
  std::string store_key() const override {
    return fmt::format("design {} ({})", design_->name,
                       std::filesystem::path(design_->path).lexically_normal().generic_string());
  }
  nlohmann::json failing_case(const std::string& id) const override {
    const FailingCase* c = seen_->failure(id);
    return c == nullptr ? nlohmann::json() : failing_case_json(*c);
  }
  props::RunReport replay_case(const props::PropertyEntry& entry, const nlohmann::json& stored,
                               const props::RunSettings& settings) override {
    const auto start = std::chrono::steady_clock::now();
    props::RunReport r;
    r.id = entry.id();
    r.settings = settings;
    r.cases = 1;
    r.verdict = props::Verdict::kError;
    auto c = failing_case_from_json(*design_, r.id, stored);
    if (!c) {
      r.message = "the stored case does not fit the design now: " + c.error().message;
      return r;
    }
    const std::optional<Outcome> outcome = replay_outcome(*c);
    if (!outcome) {
      r.message = "the stored case cannot be run on this property";
      return r;
    }
    r.verdict = outcome->ok() ? props::Verdict::kPassed : props::Verdict::kFailed;
    r.message = outcome->message();
    if (!outcome->ok()) {
      c->message = outcome->message();
      seen_->failures[r.id] = std::move(*c);
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
  }
  std::vector<std::string> close() override { return stores_->close(); }
  Result<void> completed() const override {
    if (const auto why = stores_->fatal()) return make_error(ErrorCode::kUnavailable, 0, *why);
    return {};
  }
  const props::Catalog& catalog() const override { return catalog_; }

  // The hit-rate gate of every pattern with a min_hit_rate whose property
  // ran: after the catalog, on the read cost its cases summed.
  Result<std::vector<certify::CertifiedProperty>> run_extra(
      const certify::RunContext& context) override {
    std::vector<certify::CertifiedProperty> out;
    for (std::size_t i = 0; i < design_->patterns.size(); ++i) {
      const Pattern& p = design_->patterns[i];
      const ReadCost& c = seen_->costs[i];
      if (!p.min_hit_rate || c.requests == 0) continue;
      const Outcome o = hit_rate_holds(p, c);
      props::RunReport r;
      r.id = "hit_rate/" + p.name;
      r.settings = context.settings;
      r.verdict = o.ok() ? props::Verdict::kPassed : props::Verdict::kFailed;
      r.cases = static_cast<int>(c.populations);
      r.message = o.message();
      r.replay = fmt::format("sortkey design check {} --seed {} --cases {} --property pattern/{}",
                             replay_args(), context.settings.seed, context.settings.cases, p.name);
      out.push_back({std::move(r), "hit_rate",
                     fmt::format("the filter of {} returns at least {}% of the items it reads",
                                 p.name, *p.min_hit_rate),
                     "hit-rate checks"});
      set_source(out.back());
    }
    return out;
  }
  std::string extra_plan() const override {
    for (const Pattern& p : design_->patterns) {
      if (p.min_hit_rate) return "the hit rate of each pattern with a min_hit_rate";
    }
    return {};
  }

  std::string closing_notes(const certify::Certification& cert) override {
    std::string out;
    std::vector<const props::RunReport*> failed;
    for (const auto& p : cert.properties) {
      if (p.run.verdict != props::Verdict::kPassed) failed.push_back(&p.run);
    }
    if (const std::string root = unbuilt_key_root(failed); !root.empty()) out += root + "\n";
    out += scope_notes();
    out += sample_notes();
    for (std::size_t i = 0; i < design_->patterns.size(); ++i) {
      const ReadCost& c = seen_->costs[i];
      if (!design_->patterns[i].filter || c.requests == 0) continue;
      out += fmt::format(
          "read cost of {} (FilterExpression): {} read, {} returned ({:.0f}% hit rate), "
          "{:.1f} read capacity units, over {} for {}\n",
          design_->patterns[i].name, support::quantity(static_cast<std::size_t>(c.read), "item"),
          c.returned, hit_rate_percent(c), c.capacity,
          support::quantity(static_cast<std::size_t>(c.requests), "request"),
          support::quantity(static_cast<std::size_t>(c.populations), "population"));
    }
    for (const WidthUse& use : width_uses(*design_)) {
      if (std::string alert = capacity_alert(*design_, use); !alert.empty()) out += alert + "\n";
    }
    out += stores_->summary(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
    return out.empty() ? out : "\n" + out;
  }

 private:
  // The line of the design file that the property checks, as its source.
  void set_source(certify::CertifiedProperty& p) const {
    if (const int line = design_line_of_property(*design_, p.run.id); line > 0) {
      p.source = {{"file", design_->path}, {"line", line}};
    }
  }
  // The read cost of a pattern's generated populations: its first `cases`
  // runs (a failing run counts as a case), not the shrinker's after them.
  void sum_generated_costs(const std::string& id, const props::RunReport& run) {
    for (std::size_t i = 0; i < design_->patterns.size(); ++i) {
      if (id != "pattern/" + design_->patterns[i].name) continue;
      std::vector<Observations::CaseNote>& runs = seen_->case_notes[i];
      const std::size_t generated = std::min(runs.size(), static_cast<std::size_t>(run.cases));
      ReadCost& sum = seen_->costs[i];
      Observations::Sampled& held = seen_->samples[i];
      for (std::size_t r = 0; r < generated; ++r) {
        const ReadCost& c = runs[r].cost;
        sum.populations += c.populations;
        sum.requests += c.requests;
        sum.read += c.read;
        sum.returned += c.returned;
        sum.capacity += c.capacity;
        ++held.cases;
        held.over_limit += runs[r].over_limit ? 1 : 0;
        held.over_two_limits += runs[r].over_two_limits ? 1 : 0;
        held.prefix_related += runs[r].prefix_related ? 1 : 0;
      }
      runs.clear();
    }
  }

  // The property of a stored case run on it: a width's value against the
  // width as it is now (a value outside the declared range now passes: the
  // design no longer allows it), any other case by recheck.
  std::optional<Outcome> replay_outcome(FailingCase& c) const {
    if (c.update) {
      c.update =
          attribute_update(c.population, c.update->entity, c.update->attribute, c.update->value);
    }
    if (c.property.rfind("width/", 0) != 0) return recheck(*design_, *stores_, c);
    for (const WidthUse& use : width_uses(*design_)) {
      if (c.property !=
          fmt::format("width/{}.{}/{}", use.entity->name, use.attribute->name, use.key)) {
        continue;
      }
      const Value& v = *c.value;
      if (v.type == AttrType::kInteger &&
          (v.integer < use.attribute->min || v.integer > use.attribute->max)) {
        return Outcome::holds();
      }
      if (v.type == AttrType::kTimestamp &&
          (v.time < use.attribute->earliest || use.attribute->latest < v.time)) {
        return Outcome::holds();
      }
      return width_holds(use, v);
    }
    return std::nullopt;
  }

  // One line per pattern whose property sampled populations: what they held.
  std::string sample_notes() const {
    std::string out;
    for (std::size_t i = 0; i < design_->patterns.size(); ++i) {
      const Pattern& p = design_->patterns[i];
      const Observations::Sampled& s = seen_->samples[i];
      if (s.cases == 0) continue;
      out += fmt::format("  {}: {} population{}", p.name, s.cases, s.cases == 1 ? "" : "s");
      if (p.limit) {
        out +=
            fmt::format(", {} with more than its Limit of {} to return ({} more than two Limits)",
                        s.over_limit, *p.limit, s.over_two_limits);
      }
      out += fmt::format(", {} with prefix-related values\n", s.prefix_related);
    }
    return out.empty() ? out : "sampled populations, after the small scope:\n" + out;
  }

  // One line per property whose small scope ran, in the catalog's order.
  std::string scope_notes() const {
    std::string out;
    for (const props::PropertyEntry& e : catalog_.entries()) {
      const auto it = seen_->scopes.find(e.id());
      if (it == seen_->scopes.end() || !it->second.ran) continue;
      out += "  " + describe_scope(e.id(), it->second) + "\n";
    }
    return out.empty() ? out : "small scope, before sampling:\n" + out;
  }

  std::shared_ptr<const Design> design_;
  std::shared_ptr<Observations> seen_;
  std::shared_ptr<StoreSource> stores_;
  props::Catalog catalog_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace

std::unique_ptr<certify::Target> make_design_target(std::shared_ptr<const Design> design,
                                                    std::shared_ptr<Observations> seen,
                                                    std::shared_ptr<StoreSource> stores,
                                                    ScopeSettings scope) {
  return std::make_unique<DesignTarget>(std::move(design), std::move(seen), std::move(stores),
                                        scope);
}

}  // namespace sortkey::design
