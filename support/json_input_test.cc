#include "support/json_input.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "sortkey/items_file.h"

namespace sortkey::support {
namespace {

std::string nested(int depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(JsonInput, DepthCountsArraysAndObjectsButNotStrings) {
  EXPECT_EQ(json_depth("1"), 0);
  EXPECT_EQ(json_depth(R"({"a":[1,{"b":[]}]})"), 4);
  EXPECT_EQ(json_depth(R"(["[[[[", "\"[[[", {"x":"]]]"}])"), 2);
  EXPECT_EQ(json_depth(nested(100000), 10), 11);  // stops counting past the limit
}

TEST(JsonInput, RefusesNestingPastTheLimitBeforeParsing) {
  EXPECT_TRUE(parse_json(nested(kMaxJsonDepth), "x"));
  auto deep = parse_json(R"({"id":0,"ok":)" + nested(150000) + "}", "the answer");
  ASSERT_FALSE(deep);
  EXPECT_EQ(deep.error().message, "the answer nests deeper than 256 levels");
  auto bad = parse_json("{\"a\":", "the file f.json");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message.rfind("the file f.json is not JSON: ", 0), 0u)
      << bad.error().message;
}

// 32 MB of "0," parsed took 820 MB; the count stops it before parsing.
TEST(JsonInput, RefusesMoreValuesThanTheLimitBeforeParsing) {
  EXPECT_EQ(scan_json_within("[1,2,3]", 10, 4).stop, JsonScan::Stop::kNone);
  EXPECT_EQ(scan_json_within("[1,2,3]", 10, 3).stop, JsonScan::Stop::kTooManyValues);
  EXPECT_EQ(scan_json_within(R"({"a":"x,[{"})", 10, 2).stop, JsonScan::Stop::kNone);
  std::string many = "[0";  // the array and its zeros: kMaxJsonValues
  for (std::size_t i = 2; i < kMaxJsonValues; ++i) many += ",0";
  EXPECT_TRUE(parse_json(many + "]", "x"));
  auto over = parse_json(many + ",0]", "the file f.json");
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error().message, "the file f.json holds more than 1000000 values");
}

// nlohmann's message quotes what it read: its bytes are escaped, never printed raw.
TEST(JsonInput, ANotJsonMessageQuotesTheTextEscaped) {
  auto bad = parse_json("{\"a\":\"x\xFF\"}", "f.json");
  ASSERT_FALSE(bad);
  const std::string& m = bad.error().message;
  EXPECT_EQ(m.find('\xFF'), std::string::npos) << m;
  EXPECT_NE(m.find("\\xFF"), std::string::npos) << m;
}

TEST(JsonInput, ANumberBeyondADoubleIsNotJsonRatherThanAnException) {
  auto big = parse_json(R"({"id":0,"ok":1e400})", "the answer");
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().message.rfind("the answer is not JSON: ", 0), 0u) << big.error().message;
  EXPECT_NE(big.error().message.find("number overflow"), std::string::npos);
}

TEST(JsonInput, RefusesAnObjectThatNamesOneKeyTwice) {
  // An adapter's answer whose second "ok" would win; a certificate whose
  // second "certified" would.
  auto answer = parse_json(R"({"id":3,"ok":"garbage","ok":"00000000000000000001"})", "the answer");
  ASSERT_FALSE(answer);
  EXPECT_EQ(answer.error().message, R"(the answer: an object names the key "ok" twice)");
  auto nested =
      parse_json(R"({"properties":[{"id":"a"},{"id":"b","result":1,"result":2}]})", "c.json");
  ASSERT_FALSE(nested);
  EXPECT_EQ(nested.error().message, R"(c.json: an object names the key "result" twice)");
  // The same key in two objects, or as a value, is no duplicate.
  EXPECT_TRUE(parse_json(R"({"a":{"a":"a"},"b":[{"a":1},{"a":2}]})", "x"));
  // A key from outside is shown escaped.
  auto control = parse_json("{\"\\u001b]0;x\\u0007\":1,\"\\u001b]0;x\\u0007\":2}", "y");
  ASSERT_FALSE(control);
  EXPECT_EQ(control.error().message, R"(y: an object names the key "\u001b]0;x\u0007" twice)");
}

TEST(JsonInput, ReadsOnlyRegularFilesWithinTheLimit) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("sortkey-json-input-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "f.json").string();
  std::ofstream(file) << "[1,2,3]";
  auto ok = read_file_within(file, 100);
  ASSERT_TRUE(ok) << ok.error().message;
  EXPECT_EQ(*ok, "[1,2,3]");
  EXPECT_EQ(read_file_within(file, 6).error().message, file + ": it is larger than 6 bytes");
  EXPECT_EQ(read_file_within(dir.string(), 100).error().message,
            dir.string() + ": it is a directory");
  EXPECT_EQ(read_file_within("/dev/zero", 100).error().message,
            "/dev/zero: it is not a regular file");
  EXPECT_FALSE(read_file_within((dir / "missing").string(), 100));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace sortkey::support
