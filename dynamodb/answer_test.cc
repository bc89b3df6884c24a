#include "dynamodb/answer.h"

#include <gtest/gtest.h>

namespace sortkey::dynamodb {
namespace {

std::string problem(std::string_view action, const char* answer) {
  auto r = check_answer_types(action, nlohmann::json::parse(answer));
  return r ? "ok" : r.error().message;
}

TEST(Answer, WellTypedAnswersPass) {
  EXPECT_EQ(problem("Query",
                    R"({"Items": [{"pk": {"S": "a"}, "n": {"N": "1"}, "l": {"L": [{"BOOL": true}]},
                        "m": {"M": {"x": {"NULL": true}}}, "ss": {"SS": ["a"]}}],
                        "Count": 1, "ScannedCount": 1, "LastEvaluatedKey": {"pk": {"S": "a"}}})"),
            "ok");
  EXPECT_EQ(problem("DescribeTable",
                    R"({"Table": {"TableStatus": "ACTIVE",
                        "GlobalSecondaryIndexes": [{"IndexName": "g", "IndexStatus": "ACTIVE"}]}})"),
            "ok");
  EXPECT_EQ(problem("BatchWriteItem",
                    R"({"UnprocessedItems": {"t": [{"PutRequest": {"Item": {"k": {"S": "x"}}}},
                        {"DeleteRequest": {"Key": {"k": {"B": "AA=="}}}}]}})"),
            "ok");
  // Unknown attribute types and missing members are the workload's to judge.
  EXPECT_EQ(problem("Query", R"({"Items": [{"pk": {"X": 1}}]})"), "ok");
  EXPECT_EQ(problem("SomethingElse", R"({"Items": 5})"), "ok");
}

TEST(Answer, AWrongTypeIsNamedByItsPointer) {
  EXPECT_EQ(problem("Query", R"({"Items": {}})"), "/Items is an object, not an array");
  EXPECT_EQ(problem("Scan", R"({"Count": "3"})"), "/Count is a string, not a whole number");
  EXPECT_EQ(problem("Scan", R"({"ScannedCount": -1})"),
            "/ScannedCount is -1, not a whole number of 0 or more");
  EXPECT_EQ(problem("Query", R"({"Count": 2.5})"),
            "/Count is 2.5, not a whole number of 0 or more");
  EXPECT_EQ(problem("Query", R"({"Items": [{}, {}, {}, {"pk": {"S": "a"}, "sk": {"S": 5}}]})"),
            "/Items/3/sk/S is a number, not a string");
  EXPECT_EQ(problem("Query", R"({"LastEvaluatedKey": "k"})"),
            "/LastEvaluatedKey is a string, not an object");
  EXPECT_EQ(problem("Query", R"({"LastEvaluatedKey": null})"),
            "/LastEvaluatedKey is null, not an object");
  EXPECT_EQ(problem("Query", R"({"Items": [{"a": {"L": [{"M": {"b": {"BOOL": "yes"}}}]}}]})"),
            "/Items/0/a/L/0/M/b/BOOL is a string, not a boolean");
  EXPECT_EQ(problem("Query", R"({"Items": [{"a": {"NS": ["1", 2]}}]})"),
            "/Items/0/a/NS/1 is a number, not a string");
  EXPECT_EQ(problem("Query", R"({"Items": [{"a": "plain"}]})"),
            "/Items/0/a is a string, not an object");
  EXPECT_EQ(problem("DescribeTable", R"({"Table": {"TableStatus": 1}})"),
            "/Table/TableStatus is a number, not a string");
  EXPECT_EQ(problem("DescribeTable",
                    R"({"Table": {"GlobalSecondaryIndexes": [{"IndexStatus": false}]}})"),
            "/Table/GlobalSecondaryIndexes/0/IndexStatus is a boolean, not a string");
  EXPECT_EQ(problem("BatchWriteItem", R"({"UnprocessedItems": {"t": {}}})"),
            "/UnprocessedItems/t is an object, not an array");
  EXPECT_EQ(problem("ListTables", R"({"TableNames": [1]})"),
            "/TableNames/0 is a number, not a string");
  EXPECT_EQ(problem("Query", "[]"), "the answer is an array, not an object");
}

TEST(Answer, PointerTokensAreEscapedAndShortened) {
  EXPECT_EQ(problem("Query", R"({"Items": [{"a/b~c": {"S": 1}}]})"),
            "/Items/0/a~1b~0c/S is a number, not a string");
  const std::string long_name(100, 'x');
  const std::string answer = R"({"Items": [{")" + long_name + R"(": 1}]})";
  EXPECT_EQ(problem("Query", answer.c_str()),
            "/Items/0/" + std::string(64, 'x') + "... is a number, not an object");
}

TEST(Answer, ErrorAnswers) {
  EXPECT_TRUE(check_error_types(nlohmann::json::parse(R"({"__type": "x#Y", "message": "m"})")));
  auto t = check_error_types(nlohmann::json::parse(R"({"__type": 123})"));
  ASSERT_FALSE(t);
  EXPECT_EQ(t.error().message, "/__type is a number, not a string");
  auto m = check_error_types(nlohmann::json::parse(R"({"__type": "x", "message": 5})"));
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().message, "/message is a number, not a string");
  auto upper = check_error_types(nlohmann::json::parse(R"({"Message": []})"));
  ASSERT_FALSE(upper);
  EXPECT_EQ(upper.error().message, "/Message is an array, not a string");
}

}  // namespace
}  // namespace sortkey::dynamodb
