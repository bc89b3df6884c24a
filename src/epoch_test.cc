#include "sortkey/epoch.h"

#include <gtest/gtest.h>

#include "src/testing/golden.h"

namespace sortkey {
namespace {

using testing::is_error_field;
using testing::load_golden;

TEST(Epoch, GoldenVectors) {
  for (const auto& row : load_golden("epoch")) {
    SCOPED_TRACE(::testing::Message() << "epoch.tsv line " << row.line);
    const EpochUnit unit = *parse_epoch_unit(row["unit"]);
    const int width = std::stoi(row["width"]);
    auto t = parse_rfc3339(row["instant"]);
    ASSERT_TRUE(t.has_value()) << describe(t.error());
    auto key = encode_epoch(*t, unit, width);
    std::string kind;
    if (is_error_field(row["key"], kind)) {
      ASSERT_FALSE(key.has_value()) << "expected " << kind << ", got " << *key;
      EXPECT_EQ(to_string(key.error().code), kind);
      EXPECT_FALSE(key.error().message.empty());
      continue;
    }
    ASSERT_TRUE(key.has_value()) << describe(key.error());
    EXPECT_EQ(*key, row["key"]);
    EXPECT_EQ(*encode_epoch_count(*parse_decimal(row["count"]), width), row["key"]);
    auto count = decode_epoch_count(row["key"], width);
    ASSERT_TRUE(count.has_value()) << describe(count.error());
    EXPECT_EQ(to_decimal(*count), row["count"]);
    auto back = decode_epoch(row["key"], unit, width);
    ASSERT_TRUE(back.has_value()) << describe(back.error());
    EXPECT_EQ(*back, truncate_instant(*t, epoch_unit_digits(unit)));
  }
}

TEST(Epoch, UnitsByName) {
  EXPECT_EQ(*parse_epoch_unit("ms"), EpochUnit::kMilliseconds);
  EXPECT_EQ(to_string(EpochUnit::kMicroseconds), "us");
  EXPECT_EQ(describe(parse_epoch_unit("sec").error()),
            "bad parameter at byte 0: the epoch unit must be s, ms, us or ns, got \"sec\"");
}

TEST(Epoch, InstantsBefore1970AreOutOfRange) {
  auto key = encode_epoch(Instant{-1, 999999999}, EpochUnit::kNanoseconds, 19);
  ASSERT_FALSE(key.has_value());
  EXPECT_EQ(key.error().code, ErrorCode::kOutOfRange);
  EXPECT_NE(key.error().message.find("before 1970-01-01T00:00:00Z"), std::string::npos);
  // The width is checked first: a bad parameter is the caller's bug, whatever the value.
  EXPECT_EQ(encode_epoch(Instant{-1, 0}, EpochUnit::kSeconds, 0).error().code,
            ErrorCode::kBadParameter);
}

TEST(Epoch, OverflowNamesTheDigits) {
  auto key = encode_epoch(Instant{10000000000, 0}, EpochUnit::kSeconds, 10);
  ASSERT_FALSE(key.has_value());
  EXPECT_EQ(describe(key.error()),
            "out of range at byte 0: 10000000000 needs 11 digits, more than the width 10");
}

TEST(Epoch, CountsTooLargeForAnInstantDecodeAsCountsOnly) {
  const std::string key(38, '9');
  EXPECT_TRUE(decode_epoch_count(key, 38).has_value());
  auto t = decode_epoch(key, EpochUnit::kSeconds, 38);
  ASSERT_FALSE(t.has_value());
  EXPECT_EQ(t.error().code, ErrorCode::kOutOfRange);
  EXPECT_FALSE(decode_epoch(key, EpochUnit::kNanoseconds, 38).has_value());
  // The largest count of nanoseconds that 19 digits hold is 2286-11-20T17:46:39.999999999Z.
  EXPECT_EQ(*decode_epoch(std::string(19, '9'), EpochUnit::kNanoseconds, 19),
            (Instant{9999999999, 999999999}));
  EXPECT_EQ(*epoch_instant(9223372036854775807ULL, EpochUnit::kSeconds),
            (Instant{9223372036854775807LL, 0}));
}

TEST(Epoch, DecodeRejectsWhatPaddedRejects) {
  EXPECT_EQ(decode_epoch("178217280", EpochUnit::kSeconds, 10).error().code, ErrorCode::kTruncated);
  EXPECT_EQ(decode_epoch("17821728000", EpochUnit::kSeconds, 10).error().code,
            ErrorCode::kTrailingBytes);
  EXPECT_EQ(decode_epoch("-782172800", EpochUnit::kSeconds, 10).error().code,
            ErrorCode::kBadCharacter);
}

}  // namespace
}  // namespace sortkey
