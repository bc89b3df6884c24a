#include "certify/campaign/fuzz_target.h"

#include <fmt/format.h>

#include <filesystem>
#include <utility>

#include "certify/campaign/campaign.h"

namespace sortkey::certify::campaign {
namespace {

class FuzzTarget final : public Target {
 public:
  FuzzTarget(double seconds, std::string fuzzers_dir)
      : seconds_(seconds), fuzzers_dir_(std::move(fuzzers_dir)) {}

  std::string kind() const override { return "fuzz"; }
  std::string name() const override { return "libFuzzer campaign over " + fuzzers_dir_; }

  std::string extra_plan() const override {
    return fmt::format("a fuzz campaign of {:.0f} s", seconds_);
  }

  Result<std::vector<CertifiedProperty>> run_extra(const RunContext& context) override {
    CampaignOptions o;
    o.budget_seconds = seconds_;
    o.fuzzers_dir = fuzzers_dir_;
    if (!context.corpus_dir.empty()) {
      o.corpus_dir = context.corpus_dir;
      o.source_dir = (std::filesystem::path(context.corpus_dir).parent_path() / "fuzz").string();
    }
    o.merge = false;
    o.capture = false;
    const CampaignReport campaign = run_campaign(o, context.no_progress ? nullptr : stderr);
    if (!campaign.problem.empty()) {
      return make_error(ErrorCode::kUnavailable, 0,
                        "the fuzz campaign could not run: " + campaign.problem);
    }
    std::vector<props::RunReport> runs = to_run_reports(campaign);
    std::vector<CertifiedProperty> out;
    for (std::size_t i = 0; i < runs.size(); ++i) {
      out.push_back(
          {std::move(runs[i]), "fuzz",
           fmt::format("libFuzzer finds no crash and no violated property in {:.0f} s ({})",
                       campaign.targets[i].budget, describe_stats(campaign.targets[i])),
           "fuzz targets"});
    }
    return out;
  }

 private:
  double seconds_;
  std::string fuzzers_dir_;
};

}  // namespace

std::unique_ptr<Target> fuzz_target(double seconds, std::string fuzzers_dir) {
  return std::make_unique<FuzzTarget>(seconds, std::move(fuzzers_dir));
}

}  // namespace sortkey::certify::campaign
