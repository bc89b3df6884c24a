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

// An entry as `certify --failures` wrote it before design entries existed
// (corpus/failure_store_fuzzer/seed-adapter-padded-order): it still loads,
// under the same file name.
constexpr const char* kCertifyEntry =
    "{\n  \"cases\": 150,\n  \"counterexample\": [\n    [\n      "
    "\"sortkey::props::contract::Params\",\n      \"{\\\"width\\\":38}\"\n    ],\n    [\n      "
    "\"sortkey::props::contract::Value\",\n      \"\\\"111\\\"\"\n    ],\n    [\n      "
    "\"sortkey::props::contract::Value\",\n      \"\\\"1000\\\"\"\n    ]\n  ],\n  \"format\": "
    "\"sortkey-failure/1\",\n  \"found_at\": \"2026-12-03T16:41:55Z\",\n  \"message\": \"111 < "
    "1000 but their keys \\\"111\\\" > \\\"1000\\\"\\n  request:  "
    "{\\\"id\\\":225,\\\"op\\\":\\\"encode\\\",\\\"codec\\\":\\\"padded\\\",\\\"params\\\":{"
    "\\\"width\\\":38},\\\"value\\\":\\\"111\\\"}\\n  response: {\\\"id\\\": 225, \\\"ok\\\": "
    "\\\"111\\\"}\\n  request:  "
    "{\\\"id\\\":226,\\\"op\\\":\\\"encode\\\",\\\"codec\\\":\\\"padded\\\",\\\"params\\\":{"
    "\\\"width\\\":38},\\\"value\\\":\\\"1000\\\"}\\n  response: {\\\"id\\\": 226, \\\"ok\\\": "
    "\\\"1000\\\"}\",\n  \"passes\": 0,\n  \"property\": \"padded/order\",\n  \"replay\": "
    "\"sortkey certify --codec-cmd 'python3 adapters/broken/unpadded_number.py' --seed 20260623 "
    "--cases 150 --property padded/order\",\n  \"reproduce\": "
    "\"reproduce="
    "BwAchRGZlR2LvJHZlJ3DnUTAAAAAA8wJ1EAAAAAAPcSNBAAAAAwDnUTAAAAAAAIgEAQEQAAAAUQEJgBDLA\",\n  "
    "\"seed\": 20260623,\n  \"target\": \"broken: unpadded number (python3 "
    "adapters/broken/unpadded_number.py)\",\n  \"target_kind\": \"adapter\"\n}\n";

TEST(FailureStoreFormat, ACertifyEntryOfBeforeDesignEntriesStillLoads) {
  const auto f = parse_stored_failure(kCertifyEntry, "x.json");
  ASSERT_TRUE(f) << f.error().message;
  EXPECT_EQ(f->target_kind, "adapter");
  EXPECT_TRUE(f->failing_case.is_null());
  EXPECT_EQ(stored_failure_file(*f), "adapter-padded-order-76cbedd5442054aa.json");
  EXPECT_EQ(stored_failure_text(*f).find("\"case\""), std::string::npos);
}

StoredFailure design_entry() {
  StoredFailure f;
  f.target_kind = "design";
  f.target = "design people (people.yaml)";
  f.property = "pattern/people_in_order";
  f.seed = 1;
  f.cases = 200;
  f.message = "the answer ends after 0 entities";
  f.replay = "sortkey design check people.yaml --seed 1 --cases 200";
  f.found_at = "2026-12-03T19:00:00Z";
  f.failing_case = nlohmann::json::parse(R"({"population": [
      {"entity": "Person", "values": {"last": "X", "first": "A", "age": 7, "admin": true}}],
      "params": {"city": "A"}, "page_limit": 1})");
  return f;
}

TEST(FailureStoreFormat, ADesignEntryKeepsItsCaseAndReadsBack) {
  const StoredFailure f = design_entry();
  const auto back = parse_stored_failure(stored_failure_text(f), "x.json");
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(*back, f);
  EXPECT_EQ(stored_failure_file(f).rfind("design-pattern-people_in_order-", 0), 0u);
  // The name is over the design and the case: another design's same
  // failure, or another population, is another entry.
  StoredFailure other = f;
  other.target = "design people (other.yaml)";
  EXPECT_NE(stored_failure_file(other), stored_failure_file(f));
  other = f;
  other.failing_case["population"][0]["values"]["last"] = "Y";
  EXPECT_NE(stored_failure_file(other), stored_failure_file(f));
}

TEST(FailureStoreFormat, AMalformedDesignEntryIsRefusedSayingWhy) {
  const auto refused = [](const std::string& text, const std::string& why) {
    const auto r = parse_stored_failure(text, "x.json");
    ASSERT_FALSE(r) << why;
    EXPECT_NE(r.error().message.find("x.json: "), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find(why), std::string::npos) << r.error().message;
  };
  const StoredFailure f = design_entry();
  nlohmann::json j = nlohmann::json::parse(stored_failure_text(f));
  const auto with = [&j](const char* pointer, nlohmann::json v) {
    nlohmann::json k = j;
    k[nlohmann::json::json_pointer(pointer)] = std::move(v);
    return k.dump();
  };
  nlohmann::json no_case = j;
  no_case.erase("case");
  refused(no_case.dump(), "its \"case\" is missing");
  refused(with("/case", nlohmann::json::array()), "its \"case\" is missing or not an object");
  refused(with("/case/population", "X"), "\"population\" is not a list");
  refused(with("/case/population/0/values", nlohmann::json::array()),
          "holds an entity that is not");
  refused(with("/case/population/0/values/last", nlohmann::json::object()),
          "holds an entity that is not");
  refused(with("/case/population/0/entity", 3), "holds an entity that is not");
  refused(with("/case/params", nlohmann::json::array({1})), "\"params\" is not an object");
  refused(with("/case/page_limit", -1), "\"page_limit\"");
  refused(with("/case/update", nlohmann::json::object({{"entity", 0}})), "\"update\"");
  refused(with("/case/value", nlohmann::json::array()), "\"value\" is not a literal");
  refused(with("/reproduce", "reproduce=AAAA"), "reproduce");
  nlohmann::json adapter = nlohmann::json::parse(kCertifyEntry);
  adapter["case"] = f.failing_case;
  refused(adapter.dump(), "only a design entry holds");
}

TEST_F(FailureStoreTest, TheRecordSaysWhatWasStoredReplayedAndRetired) {
  const StoreRun first = run_with_store(true, dir_, 1, 7);
  const nlohmann::json& stored = first.cert.failure_store;
  ASSERT_TRUE(stored.is_object());
  EXPECT_EQ(stored["counts"]["stored"], 1);
  EXPECT_EQ(stored["stored"][0]["property"], "planted/below_100");
  EXPECT_EQ(stored["retire_after"], 1);
  const StoreRun fixed = run_with_store(false, dir_, 1, 7);
  const nlohmann::json& retired = fixed.cert.failure_store;
  EXPECT_EQ(retired["counts"]["replayed"], 1);
  EXPECT_EQ(retired["replayed"][0]["result"], "passed");
  EXPECT_EQ(retired["retired"][0]["property"], "planted/below_100");
  EXPECT_EQ(retired["counts"]["stored"], 0);
  // Without a store, the record has none.
  TargetList targets;
  int runs = 0;
  targets.push_back(std::make_unique<PlantedTarget>(false, &runs));
  RunOptions o;
  o.cases = 10;
  o.quiet = true;
  EXPECT_TRUE(run_certification(targets, o).failure_store.is_null());
}

}  // namespace
}  // namespace sortkey::certify
