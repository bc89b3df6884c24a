// The snapshot file read from its text: every member of the wrong type is an
// error naming the file and the entry, never an exception.

#include "certify/adapter/snapshot_file.h"

#include <gtest/gtest.h>

#include <string>

namespace sortkey::certify::adapter {
namespace {

std::string error_of(const std::string& text) {
  auto f = parse_snapshot(text, "snap.json");
  return f ? "" : f.error().message;
}

std::string with_padded(const std::string& entries) {
  return R"({"format":"sortkey-adapter-snapshot","inputs_version":1,"codecs":{"padded":)" +
         entries + "}}";
}

TEST(SnapshotFile, MembersOfAnotherTypeAreErrorsNotExceptions) {
  EXPECT_NE(error_of(R"({"format":5,"inputs_version":1,"codecs":{}})")
                .find("snap.json is not a sortkey adapter snapshot"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"format":"sortkey-adapter-snapshot","inputs_version":"1","codecs":{}})")
                .find("recorded with inputs version \"1\""),
            std::string::npos);
  EXPECT_EQ(error_of(with_padded(R"([{"params":{},"value":"1","key":5}])")),
            "the snapshot snap.json: codecs.padded[0] has a \"key\" that is not a string");
  EXPECT_EQ(error_of(with_padded(R"([{"params":{},"value":"1","refused":"yes"}])")),
            "the snapshot snap.json: codecs.padded[0] has a \"refused\" that is not true or false");
  EXPECT_EQ(error_of(with_padded(R"([{"params":{},"value":"1"}])")),
            "the snapshot snap.json: codecs.padded[0] needs either \"key\" (a string) or "
            "\"refused\": true");
  EXPECT_EQ(error_of(with_padded(R"({"a":1})")),
            "the snapshot snap.json: codecs.padded is a object, not an array");
}

TEST(SnapshotFile, AnInputRecordedTwiceIsRefused) {
  EXPECT_NE(
      error_of(
          with_padded(
              R"([{"params":{},"value":"1","key":"1"},{"params":{},"value":"1","refused":true}])"))
          .find("codecs.padded[1] records the input {} \"1\" a second time"),
      std::string::npos);
}

TEST(SnapshotFile, ChangedKeysNamesEachChangedInput) {
  auto f = parse_snapshot(with_padded(R"([{"params":{"width":2},"value":"9","key":"09"},)"
                                      R"({"params":{"width":2},"value":"100","refused":true}])"),
                          "snap.json");
  ASSERT_TRUE(f) << f.error().message;
  const auto& recorded = f->at("codecs").at("padded");
  EXPECT_TRUE(changed_keys(recorded, recorded).empty());
  nlohmann::json now = recorded;
  now[0]["key"] = "9";
  EXPECT_EQ(changed_keys(recorded, now),
            std::vector<std::string>{R"(params {"width":2} value "9": "09" -> "9")"});
}

}  // namespace
}  // namespace sortkey::certify::adapter
