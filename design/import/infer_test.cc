#include "design/import/infer.h"

#include <gtest/gtest.h>

namespace sortkey::design_import {
namespace {

KeySample Sample(std::string key, std::map<std::string, std::string> values) {
  return {std::move(key), std::move(values)};
}

TEST(InferTemplate, FindsTheAttributeBehindAPrefix) {
  const auto t =
      infer_template({Sample("USER#123", {{"id", "123"}}), Sample("USER#456", {{"id", "456"}})},
                     {{"id", SampleType::kString}}, "user");
  EXPECT_EQ(t.text, "USER#{id}");
  EXPECT_TRUE(t.alternatives.empty());
  EXPECT_FALSE(t.new_attribute);
}

TEST(InferTemplate, JoinsSeveralAttributes) {
  const auto t = infer_template(
      {Sample("C#1P#10", {{"categoryId", "1"}, {"productId", "10"}, {"brandId", "2"}}),
       Sample("C#2P#11", {{"categoryId", "2"}, {"productId", "11"}, {"brandId", "2"}})},
      {{"brandId", SampleType::kString},
       {"categoryId", SampleType::kString},
       {"productId", SampleType::kString}},
      "c");
  EXPECT_EQ(t.text, "C#{categoryId}P#{productId}");
}

TEST(InferTemplate, PrefersTheAttributeTheLiteralNamesAndListsTheOthers) {
  // productId and categoryId hold the same values: P names the product.
  const auto t = infer_template(
      {Sample("P#1", {{"categoryId", "1"}, {"productId", "1"}}),
       Sample("P#2", {{"categoryId", "2"}, {"productId", "2"}})},
      {{"categoryId", SampleType::kString}, {"productId", SampleType::kString}}, "p");
  EXPECT_EQ(t.text, "P#{productId}");
  ASSERT_EQ(t.alternatives.size(), 1u);
  EXPECT_EQ(t.alternatives[0], "P#{categoryId}");
}

TEST(InferTemplate, MatchesOnlyAtBoundaries) {
  // "1" is inside "A10" and "B12", never a part of its own.
  const auto t = infer_template({Sample("A10", {{"n", "1"}}), Sample("B12", {{"n", "1"}})},
                                {{"n", SampleType::kString}}, "a");
  EXPECT_NE(t.text.find('{'), std::string::npos);
  EXPECT_EQ(t.text.find("{n}"), std::string::npos);
}

TEST(InferTemplate, FindsPaddingAndCase) {
  const auto padded =
      infer_template({Sample("ORDER#00042", {{"n", "42"}}), Sample("ORDER#01337", {{"n", "1337"}})},
                     {{"n", SampleType::kInteger}}, "order");
  EXPECT_EQ(padded.text, "ORDER#{n:padded(5)}");
  const auto upper = infer_template({Sample("EMAIL#ADA@X.COM", {{"email", "ada@x.com"}}),
                                     Sample("EMAIL#GRACE@X.COM", {{"email", "Grace@x.com"}})},
                                    {{"email", SampleType::kString}}, "email");
  EXPECT_EQ(upper.text, "EMAIL#{email:upper}");
}

TEST(InferTemplate, ConstantKeysAreLiterals) {
  const auto t =
      infer_template({Sample("PROFILE", {{"id", "1"}}), Sample("PROFILE", {{"id", "2"}})},
                     {{"id", SampleType::kString}}, "profile");
  EXPECT_EQ(t.text, "PROFILE");
  EXPECT_FALSE(t.single_sample_literal);
  const auto braces = infer_template({Sample("{A}", {})}, {}, "a");
  EXPECT_EQ(braces.text, "{{A}}");
  EXPECT_TRUE(braces.single_sample_literal);
}

TEST(InferTemplate, AVaryingPartInNoAttributeBecomesANewOne) {
  const auto t = infer_template({Sample("USER#123", {}), Sample("USER#456", {})}, {}, "user");
  EXPECT_EQ(t.text, "USER#{user}");
  ASSERT_TRUE(t.new_attribute);
  EXPECT_EQ(*t.new_attribute, "user");
  EXPECT_TRUE(t.new_attribute_is_integer);
  EXPECT_EQ(t.new_attribute_values, (std::vector<std::string>{"123", "456"}));
  const auto padded = infer_template({Sample("N#007", {}), Sample("N#120", {})}, {}, "n");
  EXPECT_EQ(padded.text, "N#{n:padded(3)}");
  const auto words = infer_template({Sample("T#red#x", {}), Sample("T#blue#x", {})}, {}, "t");
  EXPECT_EQ(words.text, "T#{t}#x");
  EXPECT_FALSE(words.new_attribute_is_integer);
}

TEST(InferTemplate, APathologicalKeyEndsQuickly) {
  // Every position matches "a": the search is bounded, and the answer renders.
  std::string key;
  for (int i = 0; i < 200; ++i) key += "a#";
  std::map<std::string, std::string> values = {{"x", "a"}, {"y", "a"}, {"z", "a"}};
  const auto t = infer_template(
      {Sample(key, values), Sample(key, values)},
      {{"x", SampleType::kString}, {"y", SampleType::kString}, {"z", SampleType::kString}}, "k");
  EXPECT_FALSE(t.text.empty());
}

}  // namespace
}  // namespace sortkey::design_import
