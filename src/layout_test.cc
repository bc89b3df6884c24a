#include "sortkey/layout.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <vector>

#include "sortkey/unique.h"
#include "src/testing/golden.h"

namespace sortkey {
namespace {

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

Result<std::string> golden_key(const std::string& kind, const std::string& input) {
  const auto layout = *make_layout("ORG", "TEAM", "USER");
  const auto w = words(input);
  if (kind == "parent") return layout.parent_key(input);
  if (kind == "before") return layout.before_key(input);
  if (kind == "after") return layout.after_key(input);
  if (kind == "device") return device_key(input);
  if (kind == "reading_last")
    return reading_key(ReadingOrder::kNewestLast, *parse_decimal(w[0]), std::stoi(w[1]));
  if (kind == "reading_first")
    return reading_key(ReadingOrder::kNewestFirst, *parse_decimal(w[0]), std::stoi(w[1]));
  if (kind == "version") return version_key(*parse_decimal(w[0]), std::stoi(w[1]));
  if (kind == "sequence") return with_sequence(w[0], *parse_decimal(w[1]), std::stoi(w[2]));
  if (kind == "disambiguator") return with_disambiguator(w[0], w[1]);
  throw std::runtime_error("unknown kind " + kind);
}

TEST(Layout, GoldenVectors) {
  for (const auto& row : testing::load_golden("layout")) {
    SCOPED_TRACE(::testing::Message() << "layout.tsv line " << row.line);
    auto key = golden_key(row["kind"], row["input"]);
    std::string kind;
    if (testing::is_error_field(row["key"], kind)) {
      ASSERT_FALSE(key.has_value()) << *key;
      EXPECT_EQ(to_string(key.error().code), kind);
    } else {
      ASSERT_TRUE(key.has_value()) << describe(key.error());
      EXPECT_EQ(*key, row["key"]);
    }
  }
}

// The SaaS table of examples/saas.yaml: Teams before the Org item, Users after it.
TEST(Layout, TheSeedsOrganization) {
  const auto layout = *make_layout("ORG", "TEAM", "USER");
  std::vector<std::string> keys{*layout.after_key("BOB"), *layout.before_key("GRILL"),
                                *layout.parent_key("MCDONALDS"), *layout.after_key("ALICE"),
                                *layout.before_key("FRY-COOKS")};
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(keys, (std::vector<std::string>{"#TEAM#FRY-COOKS", "#TEAM#GRILL", "ORG#MCDONALDS",
                                            "USER#ALICE", "USER#BOB"}));
  const RangeRead teams = *layout.parent_and_before("MCDONALDS");
  EXPECT_EQ(teams.op, "<=");
  EXPECT_EQ(teams.value, "ORG#MCDONALDS");
  EXPECT_EQ(teams.direction, Direction::kBackward);
  const RangeRead users = *layout.parent_and_after("MCDONALDS");
  EXPECT_EQ(users.op, ">=");
  EXPECT_EQ(users.direction, Direction::kForward);
}

TEST(Layout, RejectsTypesThatWouldLandOnTheWrongSide) {
  auto bad = make_layout("ORG", "TEAM", "OR");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().code, ErrorCode::kBadParameter);
  EXPECT_NE(bad.error().message.find("would land before the parent"), std::string::npos);
  EXPECT_FALSE(make_layout("ORG", "TEAM", "ORG").has_value());
  EXPECT_FALSE(make_layout("ORG", "team", "USER").has_value());
  EXPECT_FALSE(make_layout("", "TEAM", "USER").has_value());
  EXPECT_TRUE(make_layout("ORG", "TEAM", "ORGA").has_value());  // "ORGA#" > "ORG#"
}

TEST(Layout, TheSeedsDeviceReadsItsTenNewestReadings) {
  const RangeRead last = *device_with_latest_readings(ReadingOrder::kNewestLast, "D1", 10);
  EXPECT_EQ(last.op, "<=");
  EXPECT_EQ(last.value, "DEVICE#D1");
  EXPECT_EQ(last.direction, Direction::kBackward);
  EXPECT_EQ(last.limit, 11);
  const RangeRead first = *device_with_latest_readings(ReadingOrder::kNewestFirst, "D1", 10);
  EXPECT_EQ(first.op, ">=");
  EXPECT_EQ(first.direction, Direction::kForward);
  EXPECT_LT(*device_key("D1"), *reading_key(ReadingOrder::kNewestFirst, 99999, 5));
  EXPECT_GT(*device_key("D1"), *reading_key(ReadingOrder::kNewestLast, 99999, 5));
  EXPECT_EQ(device_with_latest_readings(ReadingOrder::kNewestLast, "D1", -1).error().code,
            ErrorCode::kBadParameter);
}

TEST(Unique, SplitFindsTheLastDelimiter) {
  auto parts = split_unique("EVT#2026-06-23T10:00:00Z#002");
  ASSERT_TRUE(parts.has_value());
  EXPECT_EQ(parts->key, "EVT#2026-06-23T10:00:00Z");
  EXPECT_EQ(parts->suffix, "002");
  EXPECT_EQ(split_unique("EVT").error().code, ErrorCode::kBadDelimiter);
  EXPECT_EQ(split_unique("EVT#").error().code, ErrorCode::kBadDelimiter);
  EXPECT_EQ(with_sequence("", 1, 3).error().code, ErrorCode::kEmpty);
  EXPECT_EQ(with_sequence("EVT 1", 1, 3).error().offset, 3u);
}

// DynamoDB refuses a String that is not UTF-8; split's JSON output could not
// even print one (it ended the command with an uncaught exception).
TEST(Unique, RefusesKeysThatAreNotUtf8) {
  const auto split = split_unique("EVT#\xC3(");
  ASSERT_FALSE(split.has_value());
  EXPECT_EQ(split.error().code, ErrorCode::kBadCharacter);
  EXPECT_EQ(split.error().offset, 4u);
  EXPECT_EQ(with_sequence("EVT\xFF", 1, 3).error().code, ErrorCode::kBadCharacter);
  EXPECT_EQ(with_sequence("EVT\xFF", 1, 3).error().offset, 3u);
  EXPECT_EQ(with_disambiguator("EVT", "w\xED\xA0\x80").error().code, ErrorCode::kBadCharacter);
  EXPECT_TRUE(with_sequence("\xC3\xA9T\xC3\xA9", 1, 3).has_value());
}

}  // namespace
}  // namespace sortkey
