// The failure store: entries read back as written and refused when hostile;
// in a run, a failure stored, replayed first and failing again without new
// cases, then passing once the property is fixed, and retired after
// --retire-after passing runs.

#include "certify/failure_store.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "certify/failure_replay.h"
#include "certify/run.h"
#include "properties/runner.h"

namespace sortkey::certify {
namespace {

namespace fs = std::filesystem;

// A built-in-kind target whose one property, planted/below_100, is false
// (broken) or true (fixed); `runs` counts the cases it is asked.
class PlantedTarget final : public Target {
 public:
  PlantedTarget(bool broken, int* runs) {
    catalog_.add("planted", "below_100", "every generated int is below 100", [broken, runs] {
      const int x = *rc::gen::inRange(0, 1000);
      ++*runs;
      const bool holds = !broken || x < 100;
      rc_require(holds ? props::Outcome::holds()
                       : props::Outcome::fails("x = " + std::to_string(x)));
    });
  }
  std::string kind() const override { return "built-in"; }
  std::string name() const override { return "planted codecs"; }
  const props::Catalog& catalog() const override { return catalog_; }

 private:
  props::Catalog catalog_;
};

struct StoreRun {
  Certification cert;
  int cases_run = 0;
};

StoreRun run_with_store(bool broken, const std::string& dir, int retire_after, std::uint64_t seed) {
  StoreRun out;
  TargetList targets;
  targets.push_back(std::make_unique<PlantedTarget>(broken, &out.cases_run));
  RunOptions o;
  o.cases = 200;
  o.seed = seed;
  o.quiet = true;
  o.failures_dir = dir;
  o.retire_after = retire_after;
  out.cert = run_certification(targets, o);
  return out;
}

std::vector<fs::path> files_in(const std::string& dir) {
  std::vector<fs::path> out;
  if (!fs::exists(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path());
  return out;
}

class FailureStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = (fs::temp_directory_path() /
            ("sortkey-failures-" +
             std::string(::testing::UnitTest::GetInstance()->current_test_info()->name())))
               .string();
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string dir_;
};

TEST_F(FailureStoreTest, AFailureIsStoredReplayedFirstAndRetiredOnceFixed) {
  // A run that fails: its minimal case is stored.
  const StoreRun first = run_with_store(true, dir_, 2, 7);
  ASSERT_EQ(first.cert.properties.size(), 1u);
  ASSERT_EQ(first.cert.properties[0].run.verdict, props::Verdict::kFailed);
  ASSERT_EQ(files_in(dir_).size(), 1u);
  auto stored = read_failure_store(dir_);
  ASSERT_TRUE(stored) << stored.error().message;
  ASSERT_EQ(stored->size(), 1u);
  EXPECT_EQ((*stored)[0].property, "planted/below_100");
  EXPECT_EQ((*stored)[0].seed, 7u);
  EXPECT_EQ((*stored)[0].message, "x = 100");
  EXPECT_EQ((*stored)[0].passes, 0);

  // The next run, under another seed, replays it first: it fails again on
  // its stored case (RapidCheck walks to it from the case it shrank from),
  // and no new case is drawn.
  const int path = 1 + first.cert.properties[0].run.shrinks;
  const StoreRun again = run_with_store(true, dir_, 2, 99);
  ASSERT_EQ(again.cert.properties[0].run.verdict, props::Verdict::kFailed);
  EXPECT_EQ(again.cert.properties[0].run.message, "x = 100");
  EXPECT_NE(again.cert.properties[0].note.find("failed again"), std::string::npos);
  EXPECT_EQ(again.cases_run, path);
  EXPECT_EQ(files_in(dir_).size(), 1u);

  // Fixed: the replay passes (one pass counted), then the property runs as usual.
  const StoreRun fixed = run_with_store(false, dir_, 2, 99);
  EXPECT_TRUE(fixed.cert.certified());
  EXPECT_EQ(fixed.cases_run, path + 200);
  stored = read_failure_store(dir_);
  ASSERT_TRUE(stored);
  ASSERT_EQ(stored->size(), 1u);
  EXPECT_EQ((*stored)[0].passes, 1);

  // The second passing run in a row retires it.
  const StoreRun retired = run_with_store(false, dir_, 2, 99);
  EXPECT_TRUE(retired.cert.certified());
  EXPECT_TRUE(files_in(dir_).empty());
}

TEST_F(FailureStoreTest, AFailureAgainStartsTheCountAgain) {
  run_with_store(true, dir_, 3, 7);
  run_with_store(false, dir_, 3, 7);
  auto stored = read_failure_store(dir_);
  ASSERT_TRUE(stored);
  ASSERT_EQ((*stored)[0].passes, 1);
  run_with_store(true, dir_, 3, 7);
  stored = read_failure_store(dir_);
  ASSERT_TRUE(stored);
  ASSERT_EQ(stored->size(), 1u);
  EXPECT_EQ((*stored)[0].passes, 0);
}

TEST_F(FailureStoreTest, EntriesReadBackAndHostileOnesAreRefused) {
  run_with_store(true, dir_, 3, 7);
  auto stored = read_failure_store(dir_);
  ASSERT_TRUE(stored);
  const StoredFailure f = (*stored)[0];
  EXPECT_EQ(stored_failure_file(f).rfind("built-in-planted-below_100-", 0), 0u);
  auto back = parse_stored_failure(stored_failure_text(f), "x.json");
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(*back, f);

  const auto refused = [&](StoredFailure g, const std::string& why) {
    const auto r = parse_stored_failure(stored_failure_text(g), "x.json");
    ASSERT_FALSE(r) << why;
    EXPECT_NE(r.error().message.find(why), std::string::npos) << r.error().message;
  };
  StoredFailure other = f;
  other.property = "planted/other";
  refused(other, "for another property");
  StoredFailure endpoint = f;
  endpoint.target_kind = "endpoint";
  refused(endpoint, "target_kind");
  StoredFailure cut = f;
  cut.reproduce.resize(cut.reproduce.size() - 3);
  refused(cut, "the reproduce string");
  EXPECT_FALSE(parse_stored_failure("[]", "x.json"));
  EXPECT_FALSE(parse_stored_failure("{\"format\": \"sortkey-failure/2\"}", "x.json"));

  // An entry stored under another name, or a store that is a file: the run
  // cannot go on, and says which file.
  const fs::path only = files_in(dir_)[0];
  fs::rename(only, fs::path(dir_) / "renamed.json");
  const auto renamed = read_failure_store(dir_);
  ASSERT_FALSE(renamed);
  EXPECT_NE(renamed.error().message.find("renamed.json"), std::string::npos);
  const StoreRun stopped = run_with_store(true, dir_, 3, 7);
  EXPECT_NE(stopped.cert.stopped.find("renamed.json"), std::string::npos);
  EXPECT_FALSE(read_failure_store((fs::path(dir_) / "renamed.json").string()));
}

}  // namespace
}  // namespace sortkey::certify
