#include "design/design_target.h"

#include <fmt/format.h>

#include "certify/internal/text.h"
#include "design/design_catalog.h"

namespace sortkey::design {
namespace {

class DesignTarget final : public certify::Target {
 public:
  explicit DesignTarget(std::shared_ptr<const Design> design)
      : design_(std::move(design)),
        costs_(std::make_shared<std::vector<ReadCost>>(design_->patterns.size())),
        catalog_(design_catalog(design_, costs_)) {}

  std::string kind() const override { return "design"; }
  std::string name() const override {
    return fmt::format("design {} ({})", design_->name, design_->path);
  }
  std::string replay_args() const override { return certify::internal::shell_quote(design_->path); }
  const props::Catalog& catalog() const override { return catalog_; }

  std::string closing_notes(const certify::Certification&) override {
    std::string out;
    for (std::size_t i = 0; i < design_->patterns.size(); ++i) {
      const ReadCost& c = (*costs_)[i];
      if (!design_->patterns[i].filter || c.requests == 0) continue;
      out += fmt::format(
          "read cost of {} (FilterExpression): {} items read, {} returned ({:.0f}% hit rate), "
          "{:.1f} read capacity units, over {} requests for {} populations\n",
          design_->patterns[i].name, c.read, c.returned,
          c.read == 0 ? 100.0
                      : 100.0 * static_cast<double>(c.returned) / static_cast<double>(c.read),
          c.capacity, c.requests, c.populations);
    }
    for (const WidthUse& use : width_uses(*design_)) {
      if (std::string alert = capacity_alert(*design_, use); !alert.empty()) out += alert + "\n";
    }
    return out.empty() ? out : "\n" + out;
  }

 private:
  std::shared_ptr<const Design> design_;
  std::shared_ptr<std::vector<ReadCost>> costs_;
  props::Catalog catalog_;
};

}  // namespace

std::unique_ptr<certify::Target> make_design_target(std::shared_ptr<const Design> design) {
  return std::make_unique<DesignTarget>(std::move(design));
}

}  // namespace sortkey::design
