#include "sortkey/padded.h"

#include <gtest/gtest.h>

#include "sortkey/inverse.h"
#include "src/testing/golden.h"

namespace sortkey {
namespace {

using testing::is_error_field;
using testing::load_golden;

// Every golden vector of both integer codecs: encode gives the key (or the
// error), and decode gives the value back.
void check_golden(const char* codec, Result<std::string> (*encode)(UInt128, int),
                  Result<UInt128> (*decode)(std::string_view, int)) {
  for (const auto& row : load_golden(codec)) {
    SCOPED_TRACE(::testing::Message() << codec << ".tsv line " << row.line);
    const int width = std::stoi(row["width"]);
    const UInt128 value = *parse_decimal(row["value"]);
    auto key = encode(value, width);
    std::string kind;
    if (is_error_field(row["key"], kind)) {
      ASSERT_FALSE(key.has_value()) << "expected " << kind << ", got " << *key;
      EXPECT_EQ(to_string(key.error().code), kind);
      EXPECT_FALSE(key.error().message.empty());
      continue;
    }
    ASSERT_TRUE(key.has_value()) << describe(key.error());
    EXPECT_EQ(*key, row["key"]);
    auto back = decode(row["key"], width);
    ASSERT_TRUE(back.has_value()) << describe(back.error());
    EXPECT_EQ(to_decimal(*back), row["value"]);
  }
}

TEST(Padded, GoldenVectors) { check_golden("padded", encode_padded, decode_padded); }
TEST(Inverse, GoldenVectors) { check_golden("inverse", encode_inverse, decode_inverse); }

TEST(Padded, OverflowMessageNamesTheDigitsNeeded) {
  auto key = encode_padded(100000, 5);
  ASSERT_FALSE(key.has_value());
  EXPECT_EQ(key.error().code, ErrorCode::kOutOfRange);
  EXPECT_EQ(describe(key.error()),
            "out of range at byte 0: 100000 needs 6 digits, more than the width 5");
}

TEST(Padded, DecodeErrorsCarryOffsets) {
  auto short_key = decode_padded("001", 5);
  ASSERT_FALSE(short_key.has_value());
  EXPECT_EQ(short_key.error().code, ErrorCode::kTruncated);
  EXPECT_EQ(short_key.error().offset, 3u);

  auto long_key = decode_padded("001570", 5);
  ASSERT_FALSE(long_key.has_value());
  EXPECT_EQ(long_key.error().code, ErrorCode::kTrailingBytes);
  EXPECT_EQ(long_key.error().offset, 5u);

  auto letter = decode_padded("00x57", 5);
  ASSERT_FALSE(letter.has_value());
  EXPECT_EQ(letter.error().code, ErrorCode::kBadCharacter);
  EXPECT_EQ(letter.error().offset, 2u);
  EXPECT_EQ(letter.error().message, "expected a digit, found 'x'");
}

TEST(Padded, ConsumeLeavesTheRestAndKeepsInputOnError) {
  std::string_view in = "00157#READING";
  auto v = consume_padded(in, 5);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(to_decimal(*v), "157");
  EXPECT_EQ(in, "#READING");

  std::string_view bad = "01#";
  EXPECT_FALSE(consume_padded(bad, 5).has_value());
  EXPECT_EQ(bad, "01#");
}

TEST(Padded, AppendLeavesOutputUnchangedOnError) {
  std::string out = "READING#";
  EXPECT_FALSE(append_padded(out, 100000, 5).has_value());
  EXPECT_EQ(out, "READING#");
  EXPECT_TRUE(append_padded(out, 157, 5).has_value());
  EXPECT_EQ(out, "READING#00157");
}

TEST(Padded, TheSeedsReadingNumbersSortNumerically) {
  // "Reading #10 sorts before #2" unpadded; padded, it does not.
  EXPECT_LT(std::string("10"), std::string("2"));
  EXPECT_GT(*encode_padded(10, 5), *encode_padded(2, 5));
}

TEST(Padded, CapacityWarnsExactlyPastTheThreshold) {
  // Width 3: max 999, 80% of it is 799.2, so 799 does not warn and 800 does.
  EXPECT_FALSE(check_capacity(799, 3, 80)->warn);
  EXPECT_TRUE(check_capacity(800, 3, 80)->warn);
  EXPECT_EQ(check_capacity(800, 3, 80)->digits_needed, 3);
  // Width 38: the limit must be computed without overflowing 128 bits.
  const UInt128 max = padded_max(38);
  EXPECT_TRUE(check_capacity(max, 38, 99)->warn);
  EXPECT_FALSE(check_capacity(max, 38, 100)->warn);
  EXPECT_FALSE(check_capacity(0, 1, 0)->warn);
  EXPECT_TRUE(check_capacity(1, 1, 0)->warn);
  EXPECT_EQ(check_capacity(1, 3, 101).error().code, ErrorCode::kBadParameter);
  EXPECT_EQ(check_capacity(1, 0, 50).error().code, ErrorCode::kBadParameter);
}

TEST(Inverse, TheSeedsExample) {
  EXPECT_EQ(*encode_inverse(157, 5), "99842");
  EXPECT_EQ(to_decimal(*decode_inverse("99842", 5)), "157");
}

TEST(Uint128, ParseDecimalRejectsWhatIsNotAnInteger) {
  EXPECT_EQ(parse_decimal("").error().code, ErrorCode::kEmpty);
  EXPECT_EQ(parse_decimal("-1").error().code, ErrorCode::kBadCharacter);
  EXPECT_EQ(parse_decimal("1 ").error().offset, 1u);
  EXPECT_EQ(parse_decimal("340282366920938463463374607431768211456").error().code,
            ErrorCode::kOutOfRange);
  EXPECT_EQ(to_decimal(*parse_decimal("340282366920938463463374607431768211455")),
            "340282366920938463463374607431768211455");
}

}  // namespace
}  // namespace sortkey
