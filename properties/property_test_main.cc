// The RapidCheck property suite under GoogleTest: one test per catalog entry,
// named <codec>.<property>, so that ctest lists and runs each on its own.
//
// The default run is reproducible (fixed seed); see runner.h for the
// SORTKEY_SEED, SORTKEY_FRESH_SEEDS and SORTKEY_CASES switches.

#include <gtest/gtest.h>

#include <iostream>

#include "properties/catalog.h"
#include "properties/runner.h"

namespace {

// Computed once: with SORTKEY_FRESH_SEEDS=1 every call would draw a new seed.
sortkey::props::RunSettings g_settings;

class PropertyTest : public testing::Test {
 public:
  explicit PropertyTest(const sortkey::props::PropertyEntry* entry) : entry_(entry) {}
  void TestBody() override {
    using namespace sortkey::props;
    const RunReport report = run_property(*entry_, g_settings);
    std::cout << report.id << ": " << to_string(report.verdict) << ", " << report.cases
              << " cases, seed " << report.settings.seed << "\n";
    for (const auto& [tags, count] : report.distribution) {
      std::cout << "  " << count * 100 / (report.cases > 0 ? report.cases : 1) << "% " << tags
                << "\n";
    }
    if (report.verdict != Verdict::kPassed) ADD_FAILURE() << describe_failure(report);
  }

 private:
  const sortkey::props::PropertyEntry* entry_;
};

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  g_settings = sortkey::props::settings_from_environment(300);
  sortkey::props::pin_rapidcheck_seed(g_settings.seed);
  for (const auto& entry : sortkey::props::builtin_catalog().entries()) {
    testing::RegisterTest(entry.codec.c_str(), entry.name.c_str(), nullptr, nullptr, __FILE__,
                          __LINE__,
                          [&entry]() -> testing::Test* { return new PropertyTest(&entry); });
  }
  return RUN_ALL_TESTS();
}
