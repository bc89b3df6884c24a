#include "sortkey/items_file.h"

#include <gtest/gtest.h>

#include <string>

namespace sortkey {
namespace {

std::string message(const Result<void>& r) { return r ? "(ok)" : r.error().message; }

TEST(ItemsFile, CheckRefusesAKeyNamedTwiceInOneObject) {
  EXPECT_EQ(message(check_json_within(R"({"#n":"a","#n":"b"})", "--expression-attribute-names")),
            R"(--expression-attribute-names: an object names the key "#n" twice)");
  EXPECT_EQ(message(check_json_within(R"({"PK":{"S":"a","S":"b"}})", "line 3")),
            R"(line 3: an object names the key "S" twice)");
  EXPECT_EQ(message(check_json_within(R"({"a":{"x":1},"b":{"x":1},"x":[{"x":1}]})", "w")), "(ok)");
}

TEST(ItemsFile, CheckRefusesDepthAndSyntax) {
  const std::string deep = std::string(200, '[') + std::string(200, ']');
  EXPECT_EQ(message(check_json_within(deep, "w")), "w: nests deeper than 128 levels");
  EXPECT_EQ(message(check_json_within(deep, "w", 200)), "(ok)");
  EXPECT_EQ(message(check_json_within("{\"a\":", "w")).rfind("w: not valid JSON: ", 0), 0u);
}

// The parser's message quotes the bytes it read: escaped, never raw on a terminal.
TEST(ItemsFile, ASyntaxErrorQuotesTheLineEscaped) {
  const std::string m = message(check_json_within("{\"PK\":{\"S\":\"a\xFF\x1B\"}}", "line 1"));
  EXPECT_EQ(m.rfind("line 1: not valid JSON: ", 0), 0u) << m;
  EXPECT_EQ(m.find('\xFF'), std::string::npos) << m;
  EXPECT_NE(m.find("\\xFF"), std::string::npos) << m;
}

TEST(ItemsFile, ItemsWithADuplicateKeyAreRefusedWhereTheyAre) {
  auto lines =
      parse_items_text("{\"PK\":{\"S\":\"a\"}}\n{\"PK\":{\"S\":\"a\"},\"PK\":{\"S\":\"b\"}}\n");
  ASSERT_FALSE(lines);
  EXPECT_EQ(lines.error().message, R"(line 2: an object names the key "PK" twice)");
  auto array = parse_items_text(R"([{"PK":{"S":"a"}},{"PK":{"S":"a","N":"1","S":"c"}}])");
  ASSERT_FALSE(array);
  EXPECT_EQ(array.error().message, R"(the items file: an object names the key "S" twice)");
  auto item =
      parse_item_within(R"({"v":{"N":"1"},"v":{"N":"2"}})", "--expression-attribute-values");
  ASSERT_FALSE(item);
  EXPECT_EQ(item.error().message,
            R"(--expression-attribute-values: an object names the key "v" twice)");
}

}  // namespace
}  // namespace sortkey
