#include "design/document.h"

#include <gtest/gtest.h>

#include <string>

namespace sortkey::design {
namespace {

TEST(Document, YamlBecomesJsonWithPositions) {
  auto doc = parse_document("table:\n  partition_key: PK\n  sizes: [1, -2, 3.5]\n");
  ASSERT_TRUE(doc) << doc.error().message;
  EXPECT_EQ(doc->root["table"]["partition_key"], "PK");
  EXPECT_EQ(doc->root["table"]["sizes"][1], -2);
  EXPECT_EQ(doc->root["table"]["sizes"][2], 3.5);
  EXPECT_EQ(doc->where("/table/partition_key").line, 2);
  EXPECT_EQ(doc->where("/table/partition_key").column, 18);
  EXPECT_EQ(doc->where("/table/sizes/1").column, 14);
  EXPECT_EQ(doc->where("/table/missing").line, 2);  // the enclosing map's place
}

TEST(Document, JsonIsReadTheSameWay) {
  auto doc = parse_document(R"({"a": {"b": "1", "c": 1, "d": null, "e": true}})");
  ASSERT_TRUE(doc) << doc.error().message;
  EXPECT_EQ(doc->root["a"]["b"], "1");  // quoted: a string
  EXPECT_EQ(doc->root["a"]["c"], 1);
  EXPECT_TRUE(doc->root["a"]["d"].is_null());
  EXPECT_EQ(doc->root["a"]["e"], true);
}

TEST(Document, CoreSchemaScalars) {
  auto doc = parse_document("[yes, no, ~, 007, '1', 1e3, True, NULL, on]");
  ASSERT_TRUE(doc) << doc.error().message;
  EXPECT_EQ(doc->root[0], "yes");  // YAML 1.2: not a boolean
  EXPECT_EQ(doc->root[1], "no");
  EXPECT_TRUE(doc->root[2].is_null());
  EXPECT_EQ(doc->root[3], 7);
  EXPECT_EQ(doc->root[4], "1");
  EXPECT_EQ(doc->root[5], 1000.0);
  EXPECT_EQ(doc->root[6], true);
  EXPECT_TRUE(doc->root[7].is_null());
  EXPECT_EQ(doc->root[8], "on");
}

TEST(Document, KeysOrderIsKept) {
  auto doc = parse_document("z: 1\na: 2\nm: 3\n");
  ASSERT_TRUE(doc);
  std::string order;
  for (const auto& [k, v] : doc->root.items()) order += k;
  EXPECT_EQ(order, "zam");
}

void expect_refused(const std::string& text, const std::string& words) {
  auto doc = parse_document(text);
  ASSERT_FALSE(doc) << text;
  EXPECT_NE(doc.error().message.find(words), std::string::npos) << doc.error().message;
  EXPECT_EQ(doc.error().message.rfind("line ", 0), 0u) << doc.error().message;
}

TEST(Document, RefusesWhatCouldHurt) {
  expect_refused("a: &x [1]\nb: *x\n", "line 2, column 4: aliases (*name) are not supported");
  expect_refused("a: 1\nb: 2\na: 3\n",
                 "line 3, column 1: the key \"a\" is given twice (first at line 1, column 4)");
  expect_refused("? [a]\n: 1\n", "a key must be a scalar");
  expect_refused("a: !!binary aGk=\n", "the tag tag:yaml.org,2002:binary is not supported");
  expect_refused("a: 1\n---\nb: 2\n", "a second document");
  expect_refused("", "holds no design");
  expect_refused("a: 99999999999999999999\n", "is too large");
  expect_refused("a: .inf\n", "not a decimal number");
  expect_refused("a: [1, 2\n", "line ");
  expect_refused("a: \"\xC3\x28\"\n", "not UTF-8");
  // A raw NUL read as an escape once ("ORG<NUL>x23" became "ORG#"): refused.
  expect_refused(std::string("a: 1\nPK: ORG", 12) + std::string(1, '\0') + "x23\n",
                 "line 2, column 8: the control character U+0000 is not allowed");
  expect_refused(
      "a: b\x01"
      "c\n",
      "U+0001");
  expect_refused("a: b\x7f\n", "U+007F");
  expect_refused("a: \"\xC2\x9B\"\n", "U+009B");
  expect_refused(std::string(80, '[') + std::string(80, ']'), "nests deeper than 64 levels");
  expect_refused(std::string(kMaxDocumentBytes + 1, ' '), "more than the 1048576");
  std::string many = "[";
  for (std::size_t i = 0; i <= kMaxDocumentNodes; ++i) many += "1,";
  expect_refused(many + "1]", "more than 100000 values");
}

TEST(Document, TabsLineEndsAndEscapesAreNotControlCharacters) {
  auto doc = parse_document("a:\t\"x\\u0001y\"\r\nb: \"\xC2\x85\"\n");
  ASSERT_TRUE(doc) << doc.error().message;
  EXPECT_EQ(doc->root["a"], std::string("x\x01y"));
}

TEST(Document, DeepNestingWithinTheLimitIsRead) {
  auto doc = parse_document(std::string(60, '[') + std::string(60, ']'));
  EXPECT_TRUE(doc) << doc.error().message;
}

TEST(Document, PointersEscapeSlashAndTilde) {
  EXPECT_EQ(child_pointer("/a", "b/c~d"), "/a/b~1c~0d");
  EXPECT_EQ(child_pointer("", std::size_t{3}), "/3");
}

}  // namespace
}  // namespace sortkey::design
