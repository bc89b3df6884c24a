#include "design/sample.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "design/drawing.h"
#include "design/load.h"
#include "src/testing/source_dir.h"

namespace sortkey::design {
namespace {

Design example_design(const std::string& name) {
  std::ifstream in(sortkey::testing::source_path("examples/" + name));
  std::stringstream text;
  text << in.rdbuf();
  auto d = load_design_text(text.str(), name);
  EXPECT_TRUE(d) << (d ? "" : d.error().message);
  return *d;
}

// Items of the collection outside the key condition before its range and after it.
std::pair<int, int> outside_around(const PatternDrawing& pd) {
  int below = 0;
  int above = 0;
  bool seen_range = false;
  for (const Read::Row& r : pd.reads.front().rows) {
    seen_range = seen_range || r.in_range;
    if (!r.in_range) ++(seen_range ? above : below);
  }
  return {below, above};
}

// A window (a BETWEEN, a begins_with over a parameter) is drawn where it
// cuts its collection: items beyond both its bounds, under every seed tried.
TEST(ChooseSample, AWindowHasItemsBeyondBothItsBounds) {
  for (const auto& [file, pattern] :
       std::vector<std::pair<std::string, std::string>>{{"audit_log.yaml", "window"},
                                                        {"orders.yaml", "status_between"},
                                                        {"versions.yaml", "one_version"}}) {
    const Design d = example_design(file);
    std::size_t p = 0;
    while (p < d.patterns.size() && d.patterns[p].name != pattern) ++p;
    ASSERT_LT(p, d.patterns.size()) << file << " has no pattern " << pattern;
    for (std::uint64_t seed : {20260623ull, 1ull, 2ull, 3ull, 4ull, 5ull}) {
      const Sample s = choose_sample(d, seed);
      auto pd = draw_pattern(d, d.patterns[p], s.population, s.patterns[p].params,
                             s.patterns[p].page_limit);
      ASSERT_TRUE(pd) << pd.error().message;
      const auto [below, above] = outside_around(*pd);
      EXPECT_GT(below, 0) << file << " " << pattern << " seed " << seed << ": " << pd->condition;
      EXPECT_GT(above, 0) << file << " " << pattern << " seed " << seed << ": " << pd->condition;
    }
  }
}

}  // namespace
}  // namespace sortkey::design
