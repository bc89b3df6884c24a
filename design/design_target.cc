#include "design/design_target.h"

#include <fmt/format.h>

#include <chrono>

#include "design/design_catalog.h"
#include "support/text.h"

namespace sortkey::design {
namespace {

class DesignTarget final : public certify::Target {
 public:
  DesignTarget(std::shared_ptr<const Design> design, std::shared_ptr<Observations> seen,
               std::shared_ptr<StoreSource> stores)
      : design_(std::move(design)),
        seen_(std::move(seen)),
        stores_(std::move(stores)),
        catalog_(design_catalog(design_, seen_, stores_)),
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
  Result<void> after_property(const props::PropertyEntry& entry,
                              certify::CertifiedProperty& /*result*/) override {
    if (const auto why = stores_->fatal()) {
      return make_error(ErrorCode::kUnavailable, 0,
                        fmt::format("the check stopped during {}: {}", entry.id(), *why));
    }
    return {};
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
    }
    return out;
  }
  std::string extra_plan() const override {
    for (const Pattern& p : design_->patterns) {
      if (p.min_hit_rate) return "the hit rate of each pattern with a min_hit_rate";
    }
    return {};
  }

  std::string closing_notes(const certify::Certification&) override {
    std::string out;
    for (std::size_t i = 0; i < design_->patterns.size(); ++i) {
      const ReadCost& c = seen_->costs[i];
      if (!design_->patterns[i].filter || c.requests == 0) continue;
      out += fmt::format(
          "read cost of {} (FilterExpression): {} items read, {} returned ({:.0f}% hit rate), "
          "{:.1f} read capacity units, over {} requests for {} populations\n",
          design_->patterns[i].name, c.read, c.returned, hit_rate_percent(c), c.capacity,
          c.requests, c.populations);
    }
    for (const WidthUse& use : width_uses(*design_)) {
      if (std::string alert = capacity_alert(*design_, use); !alert.empty()) out += alert + "\n";
    }
    out += stores_->summary(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
    return out.empty() ? out : "\n" + out;
  }

 private:
  std::shared_ptr<const Design> design_;
  std::shared_ptr<Observations> seen_;
  std::shared_ptr<StoreSource> stores_;
  props::Catalog catalog_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace

std::unique_ptr<certify::Target> make_design_target(std::shared_ptr<const Design> design,
                                                    std::shared_ptr<Observations> seen,
                                                    std::shared_ptr<StoreSource> stores) {
  return std::make_unique<DesignTarget>(std::move(design), std::move(seen), std::move(stores));
}

}  // namespace sortkey::design
