// The snapshot gate: record, compare unchanged, and a changed key named with
// its input, old -> new; a file of another inputs version is refused.

#include "certify/adapter/snapshot.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <string>

#include "properties/props/contract_reference.h"

namespace sortkey::certify::adapter {
namespace {

using props::contract::json;
using props::contract::Reply;

std::string temp_path(const std::string& name) {
  const std::string path = ::testing::TempDir() + std::to_string(::getpid()) + "_" + name;
  std::remove(path.c_str());
  return path;
}

TEST(Snapshot, InputsAreFixedAndCoverTheBoundaries) {
  const auto padded = snapshot_inputs("padded");
  EXPECT_EQ(padded.size(), snapshot_inputs("padded").size());
  bool has_limit = false, has_past = false;
  for (const auto& in : padded) {
    if (in.params == json{{"width", 5}} && in.value == "99999") has_limit = true;
    if (in.params == json{{"width", 5}} && in.value == "100000") has_past = true;
  }
  EXPECT_TRUE(has_limit && has_past);
  for (const auto& codec : props::contract::protocol_codecs())
    EXPECT_GE(snapshot_inputs(codec).size(), 9u) << codec;
}

TEST(Snapshot, RecordsThenComparesUnchanged) {
  const std::string path = temp_path("sortkey_snapshot_same.json");
  props::contract::ReferenceCodecs service;
  auto first = check_snapshot(service, "ref", {"padded", "timestamp"}, path);
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_TRUE(first->recorded);
  EXPECT_NE(first->summary.find("did not exist: recorded"), std::string::npos) << first->summary;
  auto second = check_snapshot(service, "ref", {"padded", "timestamp"}, path);
  ASSERT_TRUE(second) << second.error().message;
  EXPECT_FALSE(second->recorded);
  ASSERT_EQ(second->reports.size(), 2u);
  for (const auto& r : second->reports)
    EXPECT_EQ(r.verdict, props::Verdict::kPassed) << r.id << r.message;
  std::ifstream in(path);
  const json file = json::parse(in);
  EXPECT_EQ(file.at("inputs_version"), kSnapshotInputsVersion);
  EXPECT_TRUE(file.at("codecs").at("padded").is_array());
}

TEST(Snapshot, ARecordedKeyThatChangesIsReportedOldToNew) {
  const std::string path = temp_path("sortkey_snapshot_reencoded.json");
  // The service re-encodes 99999 at width 5: a version-1 input.
  class Changed : public props::contract::CodecService {
   public:
    std::vector<Reply> call(const std::vector<json>& requests) override {
      auto replies = inner.call(requests);
      for (std::size_t i = 0; i < requests.size(); ++i) {
        if (requests[i].at("value") == "99999" && requests[i].at("params") == json{{"width", 5}})
          replies[i].ok = "9999";
      }
      return replies;
    }
    props::contract::ReferenceCodecs inner;
  };
  props::contract::ReferenceCodecs before;
  auto recorded = check_snapshot(before, "ref", {"padded", "inverse", "ulid"}, path);
  ASSERT_TRUE(recorded) << recorded.error().message;
  Changed after;
  auto outcome = check_snapshot(after, "ref", {"padded", "ulid"}, path);
  ASSERT_TRUE(outcome) << outcome.error().message;
  std::map<std::string, props::RunReport> by_id;
  for (const auto& r : outcome->reports) by_id[r.id] = r;
  ASSERT_TRUE(by_id.count("padded/snapshot"));
  EXPECT_EQ(by_id["padded/snapshot"].verdict, props::Verdict::kFailed);
  EXPECT_NE(by_id["padded/snapshot"].message.find(
                R"(params {"width":5} value "99999": "99999" -> "9999")"),
            std::string::npos)
      << by_id["padded/snapshot"].message;
  EXPECT_EQ(by_id["ulid/snapshot"].verdict, props::Verdict::kPassed);
  // inverse is in the file but no longer listed: its stored keys would lose their codec.
  ASSERT_TRUE(by_id.count("inverse/snapshot"));
  EXPECT_EQ(by_id["inverse/snapshot"].verdict, props::Verdict::kFailed);
  EXPECT_NE(by_id["inverse/snapshot"].message.find("no longer lists inverse"), std::string::npos);
}

TEST(Snapshot, ForeignFilesAreRefused) {
  props::contract::ReferenceCodecs service;
  const std::string not_json = temp_path("sortkey_snapshot_not_json.json");
  std::ofstream(not_json) << "{";
  auto bad = check_snapshot(service, "ref", {"padded"}, not_json);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("is not JSON"), std::string::npos) << bad.error().message;
  const std::string old_version = temp_path("sortkey_snapshot_v0.json");
  std::ofstream(old_version)
      << R"({"format":"sortkey-adapter-snapshot","inputs_version":0,"codecs":{}})";
  auto old = check_snapshot(service, "ref", {"padded"}, old_version);
  ASSERT_FALSE(old);
  EXPECT_NE(old.error().message.find("inputs version 0"), std::string::npos) << old.error().message;
}

}  // namespace
}  // namespace sortkey::certify::adapter
