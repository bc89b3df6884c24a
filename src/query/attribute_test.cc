#include "sortkey/attribute.h"

#include <gtest/gtest.h>

#include "src/query/key_encoding.h"

namespace sortkey {
namespace {

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
AttributeValue N(std::string_view s) { return *AttributeValue::N(s); }
AttributeValue B(std::string s) { return AttributeValue::B(std::move(s)); }

TEST(Attribute, JsonRoundTripsEveryType) {
  const std::string text =
      R"({"b":{"B":"AP8="},"bs":{"BS":["AQ==","AA=="]},"l":{"L":[{"N":"1e3"},{"NULL":true}]},)"
      R"("m":{"M":{"x":{"BOOL":false}}},"n":{"N":"+007.50"},"ns":{"NS":["2","1.0"]},)"
      R"("s":{"S":"h\u00e9"},"ss":{"SS":["b","a"]}})";
  auto item = parse_item(text);
  ASSERT_TRUE(item) << describe(item.error());
  EXPECT_EQ(
      to_json(*item),
      R"({"b":{"B":"AP8="},"bs":{"BS":["AA==","AQ=="]},"l":{"L":[{"N":"1000"},{"NULL":true}]},)"
      R"("m":{"M":{"x":{"BOOL":false}}},"n":{"N":"7.5"},"ns":{"NS":["1","2"]},)"
      R"("s":{"S":"hé"},"ss":{"SS":["a","b"]}})");
  EXPECT_EQ(item->at("b").as_string(), std::string("\x00\xFF", 2));
}

TEST(Attribute, JsonErrors) {
  EXPECT_EQ(parse_attribute_value(R"({"N": 5})").error().code, ErrorCode::kBadFormat);
  EXPECT_EQ(parse_attribute_value(R"({"N": "1e126"})").error().code, ErrorCode::kOutOfRange);
  EXPECT_EQ(parse_attribute_value(R"({"N": " 1"})").error().code, ErrorCode::kBadCharacter);
  EXPECT_EQ(parse_attribute_value(R"({})").error().code, ErrorCode::kBadParameter);
  EXPECT_EQ(parse_attribute_value(R"({"S":"a","N":"1"})").error().code, ErrorCode::kBadParameter);
  EXPECT_EQ(parse_attribute_value(R"({"NULL": false})").error().code, ErrorCode::kBadParameter);
  EXPECT_EQ(parse_attribute_value(R"({"SS": []})").error().code, ErrorCode::kEmpty);
  EXPECT_EQ(parse_attribute_value(R"({"NS": ["1", "1.0"]})").error().code,
            ErrorCode::kBadParameter);
  EXPECT_EQ(parse_attribute_value(R"({"B": "A"})").error().code, ErrorCode::kBadParameter);
  const auto bad = parse_attribute_value(R"({"S": )");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, ErrorCode::kBadFormat);
  EXPECT_LE(bad.error().offset, 6u);
}

// Found by item_json_fuzzer (corpus/regressions/item_json_fuzzer/): a JSON
// number beyond a double's range made nlohmann throw out_of_range, which
// escaped the readers and terminated the program.
TEST(Attribute, JsonNumberBeyondDoubleIsAnErrorNotAnException) {
  for (const char* text : {"9E999", R"({"N": -1e400})", R"({"a": {"L": [{"N": 9E999}]}})"}) {
    const auto value = parse_attribute_value(text);
    ASSERT_FALSE(value) << text;
    EXPECT_EQ(value.error().code, ErrorCode::kBadFormat) << text;
    EXPECT_NE(value.error().message.find("number overflow"), std::string::npos)
        << describe(value.error());
    const auto item = parse_item(text);
    ASSERT_FALSE(item) << text;
    EXPECT_EQ(item.error().code, ErrorCode::kBadFormat) << text;
  }
}

TEST(Attribute, Base64) {
  EXPECT_EQ(encode_base64(""), "");
  EXPECT_EQ(encode_base64("f"), "Zg==");
  EXPECT_EQ(encode_base64("fo"), "Zm8=");
  EXPECT_EQ(encode_base64("foo"), "Zm9v");
  EXPECT_EQ(*decode_base64("Zm9vYg=="), "foob");
  EXPECT_EQ(decode_base64("Zm9=").error().code, ErrorCode::kNonCanonical);
  EXPECT_EQ(decode_base64("Zm9v!A==").error().code, ErrorCode::kBadCharacter);
  EXPECT_EQ(decode_base64("Zm9").error().code, ErrorCode::kBadLength);
}

TEST(Attribute, ScalarOrderIsDynamoDbOrder) {
  // UTF-8 byte order, not UTF-16: U+1F600 after U+FF5E and U+E000.
  EXPECT_LT(compare_scalars(S("\xEF\xBD\x9E"), S("\xF0\x9F\x98\x80")), 0);
  EXPECT_LT(compare_scalars(S("\xEE\x80\x80"), S("\xF0\x9F\x98\x80")), 0);
  EXPECT_LT(compare_scalars(S("A"), S("a")), 0);
  EXPECT_LT(compare_scalars(S("z"), S("\xC2\xBF")), 0);
  // Unsigned bytes, a prefix first.
  EXPECT_LT(compare_scalars(B(std::string("\x7f", 1)), B(std::string("\x80", 1))), 0);
  EXPECT_LT(compare_scalars(B(std::string("\x00", 1)), B(std::string("\x00\x00", 2))), 0);
  // Numbers by value.
  EXPECT_EQ(compare_scalars(N("1000"), N("1e3")), 0);
  EXPECT_LT(compare_scalars(N("-2e10"), N("-0.1")), 0);
  EXPECT_LT(compare_scalars(N("1"), N("1.00000000000000000000000001")), 0);
  EXPECT_TRUE(N("3") == N("3.00"));
  EXPECT_FALSE(N("3") == S("3"));
}

TEST(Attribute, Sizes) {
  EXPECT_EQ(attribute_size("s", S("abc")), 4u);
  EXPECT_EQ(attribute_size("n", N("12345")), 1u + 1 + 3);  // 5 digits: 3 bytes, +1
  EXPECT_EQ(attribute_size("n", N("0")), 1u + 2);
  EXPECT_EQ(attribute_size("b", B("xy")), 3u);
  EXPECT_EQ(attribute_size("t", AttributeValue::Bool(true)), 2u);
  EXPECT_EQ(value_size(AttributeValue::L({S("ab"), S("c")})), 3u + 3 + 2);
  EXPECT_EQ(value_size(AttributeValue::M({{"k", S("v")}})), 3u + 1 + 1 + 1);
  EXPECT_EQ(value_size(*AttributeValue::SS({"ab", "c"})), 3u);
}

std::string key(const AttributeValue& v) {
  std::string out;
  internal::append_key_component(out, v);
  return out;
}

TEST(KeyEncoding, PreservesOrderAndTuples) {
  const std::vector<AttributeValue> strings = {S(""),
                                               S(std::string("\0", 1)),
                                               S(std::string("\0\0", 2)),
                                               S(std::string("\0\x01", 2)),
                                               S("a"),
                                               S("a#"),
                                               S("ab"),
                                               S("\xEF\xBF\xBF"),
                                               S("\xF0\x90\x80\x80")};
  for (std::size_t i = 0; i + 1 < strings.size(); ++i) {
    EXPECT_LT(key(strings[i]), key(strings[i + 1])) << i;
    // Tuples (x, "zzz") < (y, "") whenever x < y.
    EXPECT_LT(key(strings[i]) + key(S("zzz")), key(strings[i + 1]) + key(S(""))) << i;
  }
  const std::vector<AttributeValue> numbers = {N("-1e125"), N("-10"),    N("-1.5"),
                                               N("0"),      N("1e-130"), N("1"),
                                               N("1.5"),    N("10"),     N("9.9e125")};
  for (std::size_t i = 0; i + 1 < numbers.size(); ++i) {
    EXPECT_LT(key(numbers[i]) + key(N("99")), key(numbers[i + 1]) + key(N("-99"))) << i;
  }
  EXPECT_EQ(key(N("1e3")), key(N("1000")));
}

TEST(KeyEncoding, PrefixSuccessor) {
  EXPECT_EQ(internal::prefix_successor("ab"), "ac");
  EXPECT_EQ(internal::prefix_successor(std::string("a\xFF", 2)), "b");
  EXPECT_EQ(internal::prefix_successor(std::string("\xFF", 1)), std::nullopt);
  EXPECT_EQ(internal::prefix_successor(""), std::nullopt);
}

}  // namespace
}  // namespace sortkey
