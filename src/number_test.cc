#include "sortkey/number.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "src/testing/golden.h"

namespace sortkey {
namespace {

using testing::is_error_field;
using testing::load_golden;

std::string key_of(std::string_view text) {
  auto key = encode_number(text);
  if (!key) {
    ADD_FAILURE() << "encode_number(\"" << text << "\") failed: " << describe(key.error());
    return {};
  }
  return *key;
}

// Every golden vector: the text gives the key (or the error, with DynamoDB's
// message), the key decodes to DynamoDB's canonical text, and the canonical
// text gives the same key again.
TEST(Number, GoldenVectors) {
  for (const auto& row : load_golden("number")) {
    SCOPED_TRACE(::testing::Message()
                 << "number.tsv line " << row.line << ": \"" << row["text"] << "\"");
    auto key = encode_number(std::string_view(row["text"]));
    std::string kind;
    if (is_error_field(row["key"], kind)) {
      ASSERT_FALSE(key.has_value()) << "expected " << kind << ", got " << *key;
      EXPECT_EQ(to_string(key.error().code), kind);
      EXPECT_EQ(key.error().message.rfind(row["canonical"], 0), 0u) << key.error().message;
      EXPECT_LE(key.error().offset, row["text"].size());
      continue;
    }
    ASSERT_TRUE(key.has_value()) << describe(key.error());
    EXPECT_EQ(*key, row["key"]);
    auto back = decode_number(row["key"]);
    ASSERT_TRUE(back.has_value()) << describe(back.error());
    EXPECT_EQ(to_string(*back), row["canonical"]);
    EXPECT_EQ(to_string(*parse_number(row["text"])), row["canonical"]);
    EXPECT_EQ(key_of(row["canonical"]), row["key"]);
  }
}

// The golden values listed in ascending order give strictly ascending keys.
TEST(Number, KeysOfAscendingValuesAscend) {
  const std::vector<std::string> ascending = {"-9.9999999999999999999999999999999999999E+125",
                                              "-1e125",
                                              "-2e10",
                                              "-7.1e2",
                                              "-100",
                                              "-99.9",
                                              "-4.1",
                                              "-1.5",
                                              "-1.01",
                                              "-1",
                                              "-0.5",
                                              "-0.1",
                                              "-0.011",
                                              "-0.01",
                                              "-1e-5",
                                              "-1E-130",
                                              "0",
                                              "1E-130",
                                              "2e-5",
                                              "0.01",
                                              "0.011",
                                              "0.1",
                                              "0.15",
                                              "0.5",
                                              "1",
                                              "1.00000000000000000000000000001",
                                              "1.5",
                                              "3.14159",
                                              "3.1415926535897932384626433832795028841",
                                              "10",
                                              "31.4",
                                              "12345.678",
                                              "1.4e10",
                                              "1e125",
                                              "9.9999999999999999999999999999999999999E+125"};
  for (std::size_t i = 0; i + 1 < ascending.size(); ++i) {
    SCOPED_TRACE(ascending[i] + " < " + ascending[i + 1]);
    auto a = encode_number(ascending[i]);
    auto b = encode_number(ascending[i + 1]);
    ASSERT_TRUE(a.has_value() && b.has_value());
    EXPECT_LT(*a, *b);
    EXPECT_EQ(compare_numbers(*parse_number(ascending[i]), *parse_number(ascending[i + 1])), -1);
  }
}

TEST(Number, EverySpellingGivesTheSameKey) {
  for (const char* text :
       {"1e2", "100", "100.0", "+100", "0100", "1E+2", "10e1", "1000e-1", ".1e3", "100."}) {
    EXPECT_EQ(key_of(text), "31321") << text;
  }
  for (const char* text : {"0", "-0", "+0", "0.000", ".0", "0.", "0e-130", "-0.0e126"}) {
    EXPECT_EQ(key_of(text), "2") << text;
  }
}

// DynamoDB judges a zero's range by its last written digit: it refuses 0e126
// and 0e-131 but takes 0.0e126 (dynamodb-query-semantics.md, section 1.2).
TEST(Number, ZeroIsJudgedByItsLastWrittenDigit) {
  for (const char* text : {"0e125", "0.0e126", "-0.0e126", "0.00e127", ".0e126", "0e-130",
                           "0.0e-129", "+0E+125", "0.", "0.000"}) {
    auto n = parse_number(text);
    ASSERT_TRUE(n.has_value()) << text << ": " << describe(n.error());
    EXPECT_TRUE(n->is_zero()) << text;
    EXPECT_EQ(to_string(*n), "0") << text;
  }
  for (const char* text : {"0e126", "-0e126", "00e126", "0.e126", "0e1000", "0.00e128"}) {
    auto n = parse_number(text);
    ASSERT_FALSE(n.has_value()) << text;
    EXPECT_EQ(n.error().code, ErrorCode::kOutOfRange) << text;
    EXPECT_EQ(n.error().message.rfind("Number overflow.", 0), 0u) << text;
  }
  for (const char* text : {"0e-131", "-0e-131", "0.0e-130", "0e-500", "0.000e-128"}) {
    auto n = parse_number(text);
    ASSERT_FALSE(n.has_value()) << text;
    EXPECT_EQ(n.error().message.rfind("Number underflow.", 0), 0u) << text;
  }
  // An exponent too long for any integer type is still judged, not wrapped.
  EXPECT_FALSE(parse_number("0e99999999999999999999999").has_value());
  EXPECT_FALSE(parse_number("0.0e-99999999999999999999999").has_value());
  EXPECT_TRUE(parse_number("0.0e0000000000000000000126").has_value());
}

TEST(Number, CanonicalTextIsDynamoDbs) {
  EXPECT_EQ(to_string(*parse_number("1e2")), "100");
  EXPECT_EQ(to_string(*parse_number("-0")), "0");
  EXPECT_EQ(to_string(*parse_number(".5")), "0.5");
  EXPECT_EQ(to_string(*parse_number("-.5")), "-0.5");
  EXPECT_EQ(to_string(*parse_number("5.")), "5");
  EXPECT_EQ(to_string(*parse_number("1e-3")), "0.001");
  EXPECT_EQ(to_string(*parse_number("123e-2")), "1.23");
  EXPECT_EQ(to_string(Number()), "0");
}

TEST(Number, ValueAccessors) {
  const Number n = *parse_number("-012.3400");
  EXPECT_TRUE(n.is_negative());
  EXPECT_FALSE(n.is_zero());
  EXPECT_EQ(n.digits(), "1234");
  EXPECT_EQ(n.exponent(), 2);
  EXPECT_EQ(n, *parse_number("-1.234e1"));
  const Number z = *parse_number("-0.0");
  EXPECT_TRUE(z.is_zero());
  EXPECT_FALSE(z.is_negative());
  EXPECT_EQ(z, Number());
}

TEST(Number, RangeErrorsCarryDynamoDbsMeaning) {
  auto over = encode_number("1e126");
  ASSERT_FALSE(over.has_value());
  EXPECT_EQ(
      describe(over.error()),
      "out of range at byte 0: Number overflow. Attempting to store a number with magnitude "
      "larger than supported range (the largest is 9.9999999999999999999999999999999999999E+125)");
  auto under = encode_number("-1e-131");
  ASSERT_FALSE(under.has_value());
  EXPECT_EQ(under.error().code, ErrorCode::kOutOfRange);
  EXPECT_EQ(under.error().message.rfind("Number underflow.", 0), 0u);
  // The 39th significant digit is where the caret goes; leading zeros do not count.
  auto precise = encode_number("-00.1234567890123456789012345678901234567890123");
  ASSERT_FALSE(precise.has_value());
  EXPECT_EQ(precise.error().message,
            "Attempting to store more than 38 significant digits in a Number (this one has 43)");
  EXPECT_EQ(precise.error().offset, 42u);
  // Both over the range and over-precise: the range is reported, as DynamoDB does.
  EXPECT_EQ(encode_number("1234567890123456789012345678901234567891e200")
                .error()
                .message.rfind("Number overflow", 0),
            0u);
}

TEST(Number, MalformedTextErrorsPointAtTheByte) {
  auto space = parse_number("1 ");
  ASSERT_FALSE(space.has_value());
  EXPECT_EQ(
      describe(space.error()),
      "bad character at byte 1: cannot be converted to a numeric value: expected a digit, '.', "
      "'e' or the end, found ' '");
  auto nan = parse_number("NaN");
  EXPECT_EQ(nan.error().code, ErrorCode::kBadCharacter);
  EXPECT_EQ(nan.error().offset, 0u);
  auto e = parse_number("1e");
  EXPECT_EQ(
      describe(e.error()),
      "bad format at byte 2: cannot be converted to a numeric value: expected an exponent digit, "
      "the text ends");
  EXPECT_EQ(
      parse_number("1e5x").error().message,
      "cannot be converted to a numeric value: expected an exponent digit or the end, found 'x'");
  EXPECT_EQ(parse_number("1.2.").error().offset, 3u);
  EXPECT_EQ(parse_number("").error().code, ErrorCode::kEmpty);
}

TEST(Number, DecodeRejectsWhatEncodeNeverProduces) {
  struct Case {
    const char* key;
    ErrorCode code;
    std::size_t offset;
  };
  const Case cases[] = {
      {"", ErrorCode::kEmpty, 0},
      {"0", ErrorCode::kBadCharacter, 0},
      {"4", ErrorCode::kBadCharacter, 0},
      {"#", ErrorCode::kBadCharacter, 0},
      {"3", ErrorCode::kTruncated, 1},
      {"313", ErrorCode::kTruncated, 3},
      {"3130", ErrorCode::kTruncated, 4},
      {"31x01", ErrorCode::kBadCharacter, 2},
      {"3256"
       "1",
       ErrorCode::kOutOfRange, 1},
      {"1999"
       "8:",
       ErrorCode::kOutOfRange, 1},
      {"31300"
       "1",
       ErrorCode::kNonCanonical, 4},            // leading zero digit
      {"313010", ErrorCode::kNonCanonical, 5},  // trailing zero digit
      {"11259"
       "8:",
       ErrorCode::kNonCanonical, 4},             // negative: leading complemented zero
      {"112589:", ErrorCode::kNonCanonical, 5},  // negative: trailing complemented zero
      {"11258", ErrorCode::kTruncated, 5},       // no terminator
      {"11258;", ErrorCode::kBadDelimiter, 5},
      {"11258#", ErrorCode::kBadDelimiter, 5},
      {"1125:", ErrorCode::kBadFormat, 4},
      {"3130#", ErrorCode::kBadCharacter, 4},
      {"31301:", ErrorCode::kTrailingBytes, 5},
      {"11258::", ErrorCode::kTrailingBytes, 6},
      {"22", ErrorCode::kTrailingBytes, 1},
      {"2#", ErrorCode::kTrailingBytes, 1},
      {"3130123456789012345678901234567890123456789", ErrorCode::kBadLength, 42},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.key);
    auto v = decode_number(c.key);
    ASSERT_FALSE(v.has_value()) << to_string(*v);
    EXPECT_EQ(v.error().code, c.code) << describe(v.error());
    EXPECT_EQ(v.error().offset, c.offset) << describe(v.error());
    EXPECT_FALSE(v.error().message.empty());
  }
}

TEST(Number, ConsumeReadsOneKeyOfACompositeKey) {
  std::string_view in = "31321#A17";
  auto v = consume_number(in);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(to_string(*v), "100");
  EXPECT_EQ(in, "#A17");

  std::string_view neg = "112584:#x";
  EXPECT_EQ(to_string(*consume_number(neg)), "-1.5");
  EXPECT_EQ(neg, "#x");

  std::string_view zero = "2#";
  EXPECT_TRUE(consume_number(zero)->is_zero());
  EXPECT_EQ(zero, "#");

  std::string_view bad = "11258#x";
  EXPECT_FALSE(consume_number(bad).has_value());
  EXPECT_EQ(bad, "11258#x");
}

TEST(Number, AppendBuildsCompositeKeys) {
  std::string key = "ORDER#";
  append_number(key, *parse_number("1e2"));
  key += "#A17";
  EXPECT_EQ(key, "ORDER#31321#A17");
  // Tuple order survives the delimiter: (1, "z") < (1.5, "a").
  EXPECT_LT(*encode_number("1") + "#z", *encode_number("1.5") + "#a");
  EXPECT_LT(*encode_number("-1.5") + "#z", *encode_number("-1") + "#a");
}

TEST(Number, CompareIsByValue) {
  EXPECT_EQ(compare_numbers(*parse_number("1e3"), *parse_number("1000.000")), 0);
  EXPECT_EQ(compare_numbers(*parse_number("-1"), *parse_number("-1.5")), 1);
  EXPECT_EQ(compare_numbers(*parse_number("0"), *parse_number("-1e-130")), 1);
  EXPECT_EQ(compare_numbers(*parse_number("0.1"), *parse_number("0.12")), -1);
}

}  // namespace
}  // namespace sortkey
