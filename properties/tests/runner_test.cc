// The runner's own contract: a failing property yields a report with the
// seed, the shrunk counterexample and a replay command, and the same seed
// replays the same failure.

#include "properties/runner.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "properties/reproduce_string.h"

namespace sortkey::props {
namespace {

Catalog planted_catalog() {
  Catalog c;
  c.add("planted", "below_100", "every generated int is below 100 (false on purpose)", [] {
    const int x = *rc::gen::inRange(0, 1000);
    rc_require(x < 100 ? Outcome::holds() : Outcome::fails("x = " + std::to_string(x)));
  });
  c.add("planted", "holds", "every generated int is below 1000", [] {
    const int x = *rc::gen::inRange(0, 1000);
    RC_TAG(x < 500 ? "low" : "high");
    rc_require(x < 1000 ? Outcome::holds() : Outcome::fails("impossible"));
  });
  return c;
}

TEST(Runner, FailureCarriesSeedCounterexampleAndReplay) {
  const Catalog c = planted_catalog();
  RunSettings s;
  s.seed = 7;
  s.cases = 200;
  const RunReport r = run_property(c.entries()[0], s);
  ASSERT_EQ(r.verdict, Verdict::kFailed);
  EXPECT_EQ(r.message, "x = 100");  // shrunk to the smallest failing value
  ASSERT_EQ(r.counterexample.size(), 1u);
  EXPECT_EQ(r.counterexample[0].second, "100");
  EXPECT_EQ(replay_command(r), "sortkey certify --seed 7 --cases 200 --property planted/below_100");
  EXPECT_EQ(r.reproduce.rfind("reproduce=", 0), 0u);
  const std::string text = describe_failure(r);
  EXPECT_NE(text.find("seed 7"), std::string::npos);
  EXPECT_NE(text.find("counterexample: int = 100"), std::string::npos);
}

// The time to the first failing case excludes the shrinking: here every
// failing case sleeps, so each successful shrink step adds its sleep.
TEST(Runner, SecondsToFailureStopAtTheFirstFailingCase) {
  Catalog c;
  c.add("planted", "slow_shrink", "every generated int is below 100 (false on purpose)", [] {
    const int x = *rc::gen::inRange(0, 1000);
    if (x >= 100) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    rc_require(x < 100 ? Outcome::holds() : Outcome::fails("x = " + std::to_string(x)));
  });
  RunSettings s;
  s.seed = 7;
  const RunReport r = run_property(c.entries()[0], s);
  ASSERT_EQ(r.verdict, Verdict::kFailed);
  ASSERT_GE(r.shrinks, 1);
  EXPECT_GE(r.seconds_to_failure, 0.005);
  EXPECT_LE(r.seconds_to_failure + 0.005 * r.shrinks, r.seconds);
}

TEST(Runner, TheSameSeedReplaysTheSameFailure) {
  const Catalog c = planted_catalog();
  RunSettings s;
  s.seed = 12345;
  const RunReport first = run_property(c.entries()[0], s);
  const RunReport second = run_property(c.entries()[0], s);
  EXPECT_EQ(first.cases, second.cases);
  EXPECT_EQ(first.reproduce, second.reproduce);
}

// A failure's reproduce string replays just its minimal case: the failure
// again while the property is false, one passing case once it holds (the
// same id, fixed), an error when its shrink path no longer fits.
TEST(Runner, ReplayRunsOnlyTheStoredCase) {
  const Catalog c = planted_catalog();
  RunSettings s;
  s.seed = 7;
  const RunReport failed = run_property(c.entries()[0], s);
  ASSERT_EQ(failed.verdict, Verdict::kFailed);
  ASSERT_TRUE(read_reproduce_string(failed.reproduce));

  const RunReport again = replay_property(c.entries()[0], s, failed.reproduce);
  EXPECT_EQ(again.verdict, Verdict::kFailed);
  EXPECT_EQ(again.message, "x = 100");
  EXPECT_EQ(again.counterexample, failed.counterexample);
  EXPECT_EQ(again.reproduce, failed.reproduce);

  Catalog fixed;
  fixed.add("planted", "below_100", "every generated int is below 1001 (fixed)", [] {
    const int x = *rc::gen::inRange(0, 1000);
    rc_require(x <= 1000 ? Outcome::holds() : Outcome::fails("x = " + std::to_string(x)));
  });
  const RunReport passed = replay_property(fixed.entries()[0], s, failed.reproduce);
  EXPECT_EQ(passed.verdict, Verdict::kPassed) << passed.message;
  EXPECT_EQ(passed.cases, 1);

  Catalog other;  // draws nothing: the stored shrink path leads nowhere
  other.add("planted", "below_100", "draws nothing", [] { rc_require(Outcome::holds()); });
  const RunReport changed = replay_property(other.entries()[0], s, failed.reproduce);
  EXPECT_NE(changed.verdict, Verdict::kFailed);
}

TEST(Runner, PassingRunCountsCasesAndDistribution) {
  const Catalog c = planted_catalog();
  RunSettings s;
  s.cases = 150;
  const RunReport r = run_property(c.entries()[1], s);
  ASSERT_EQ(r.verdict, Verdict::kPassed);
  EXPECT_EQ(r.cases, 150);
  int total = 0;
  for (const auto& [tags, n] : r.distribution) total += n;
  EXPECT_EQ(total, 150);
  EXPECT_EQ(r.distribution.size(), 2u);
  for (const auto& [tags, n] : r.distribution) {
    EXPECT_EQ(tags.find('"'), std::string::npos) << tags;  // the words, not C++ literals
  }
}

}  // namespace
}  // namespace sortkey::props
