#include "certify/endpoint/unknown_outcome.h"

#include <gtest/gtest.h>

namespace sortkey::certify::endpoint {
namespace {

using oracle::NItem;
using oracle::NValue;
using T = NValue::T;

NItem counter(const char* n) {
  return {{"pk", oracle::naive_scalar(T::S, "a")}, {"n", oracle::naive_scalar(T::N, n)}};
}

// A conditional PutItem of a new key whose first attempt was applied (its
// retry then fails the condition): the item is stored as the write leaves it.
TEST(SettleUnknownOutcome, StoredAsWithTheWriteIsApplied) {
  EXPECT_EQ(settle(counter("1"), counter("1"), std::nullopt), Settled::kApplied);
  // Numbers compare by value, as DynamoDB stores them.
  EXPECT_EQ(settle(counter("1.0"), counter("1"), std::nullopt), Settled::kApplied);
  // A DeleteItem applied: no item, as with the write.
  EXPECT_EQ(settle(std::nullopt, std::nullopt, counter("1")), Settled::kApplied);
}

TEST(SettleUnknownOutcome, StoredAsWithoutTheWriteIsNotApplied) {
  EXPECT_EQ(settle(std::nullopt, counter("1"), std::nullopt), Settled::kNotApplied);
  EXPECT_EQ(settle(counter("1"), counter("2"), counter("1")), Settled::kNotApplied);
}

// A write DynamoDB refuses or whose condition fails changes nothing.
TEST(SettleUnknownOutcome, AWriteThatChangesNothingIsUnchanged) {
  EXPECT_EQ(settle(counter("1"), counter("1"), counter("1")), Settled::kUnchanged);
  EXPECT_EQ(settle(std::nullopt, std::nullopt, std::nullopt), Settled::kUnchanged);
}

// `SET n = n + :one` applied by the first attempt and again by the retry:
// what a correct endpoint leaves, told apart when the caller gives the item
// applied twice; without it, or any other third state: neither.
TEST(SettleUnknownOutcome, AWriteAppliedTwiceByItsRetryIsAppliedTwice) {
  EXPECT_EQ(settle(counter("3"), counter("2"), counter("1"), counter("3")), Settled::kAppliedTwice);
  EXPECT_EQ(settle(counter("4"), counter("2"), counter("1"), counter("3")), Settled::kNeither);
  // Applied once is still applied when twice is given.
  EXPECT_EQ(settle(counter("2"), counter("2"), counter("1"), counter("3")), Settled::kApplied);
  EXPECT_STREQ(settled_name(Settled::kAppliedTwice), "applied twice");
}

// An item DynamoDB refuses taken, or any third state: neither.
TEST(SettleUnknownOutcome, AThirdStateIsNeither) {
  EXPECT_EQ(settle(counter("3"), counter("2"), counter("1")), Settled::kNeither);
  EXPECT_EQ(settle(counter("2"), counter("1"), counter("1")), Settled::kNeither);
  EXPECT_EQ(settle(std::nullopt, counter("1"), counter("2")), Settled::kNeither);
  NItem more = counter("2");
  more.emplace_back("x", oracle::naive_scalar(T::S, "y"));
  EXPECT_EQ(settle(more, counter("2"), counter("1")), Settled::kNeither);
}

TEST(RepeatSafe, PlainWritesAndReadsAre) {
  EXPECT_TRUE(repeat_safe("PutItem", {{"TableName", "t"}, {"Item", nlohmann::json::object()}}));
  EXPECT_TRUE(repeat_safe("PutItem", {{"TableName", "t"}, {"ReturnValues", "NONE"}}));
  EXPECT_TRUE(repeat_safe("DeleteItem", {{"TableName", "t"}}));
  EXPECT_TRUE(
      repeat_safe("UpdateItem", {{"UpdateExpression", "SET #u0 = :u0, #u1 = :u1 REMOVE #r0"}}));
  EXPECT_TRUE(repeat_safe("UpdateItem", {{"UpdateExpression", "set a.b[2] = :v remove #deleted"}}));
  EXPECT_TRUE(repeat_safe("BatchWriteItem", {{"RequestItems", nlohmann::json::object()}}));
  EXPECT_TRUE(repeat_safe("GetItem", {{"ConsistentRead", true}}));
  EXPECT_TRUE(repeat_safe("Query", nlohmann::json::object()));
}

TEST(RepeatSafe, ConditionsReturnValuesAndArithmeticAreNot) {
  EXPECT_FALSE(repeat_safe("PutItem", {{"ConditionExpression", "attribute_not_exists(#pk)"}}));
  EXPECT_FALSE(repeat_safe("PutItem", {{"ReturnValues", "ALL_OLD"}}));
  EXPECT_FALSE(repeat_safe("DeleteItem", {{"Expected", nlohmann::json::object()}}));
  EXPECT_FALSE(repeat_safe("UpdateItem", {{"UpdateExpression", "SET n = n + :one"}}));
  EXPECT_FALSE(repeat_safe("UpdateItem", {{"UpdateExpression", "SET n = n - :one"}}));
  EXPECT_FALSE(repeat_safe("UpdateItem", {{"UpdateExpression", "SET l = list_append(l, :x)"}}));
  EXPECT_FALSE(repeat_safe("UpdateItem", {{"UpdateExpression", "ADD n :one"}}));
  EXPECT_FALSE(repeat_safe("UpdateItem", {{"UpdateExpression", "SET #a = :a delete s :x"}}));
  EXPECT_FALSE(repeat_safe("UpdateItem",
                           {{"UpdateExpression", "SET #a = :a"}, {"ReturnValues", "UPDATED_OLD"}}));
  EXPECT_FALSE(repeat_safe("UpdateItem", {{"AttributeUpdates", nlohmann::json::object()}}));
  EXPECT_FALSE(repeat_safe("CreateTable", nlohmann::json::object()));
  EXPECT_FALSE(repeat_safe("TransactWriteItems", nlohmann::json::object()));
  // TransactGetItems reads: its retry answers as the first attempt would.
  EXPECT_TRUE(repeat_safe("TransactGetItems", nlohmann::json::object()));
}

TEST(UnknownOutcomes, CountedBySettlement) {
  EXPECT_TRUE(unknown_outcomes_json({}).is_null());
  EXPECT_EQ(unknown_outcomes_line({}), "");
  const nlohmann::json request = {{"action", "PutItem"}, {"params", nlohmann::json::object()}};
  const std::vector<nlohmann::json> writes = {
      settled_json(request, Settled::kApplied, counter("1"), counter("1"), std::nullopt),
      settled_json(request, Settled::kUnchanged, counter("1"), counter("1"), counter("1")),
      settled_json(request, Settled::kApplied, counter("2"), counter("2"), std::nullopt)};
  const nlohmann::json j = unknown_outcomes_json(writes);
  EXPECT_EQ(j["count"], 3);
  EXPECT_EQ(j["settled"], (nlohmann::json{{"applied", 2}, {"unchanged", 1}}));
  EXPECT_EQ(j["writes"][0]["stored"], (nlohmann::json{{"pk", {{"S", "a"}}}, {"n", {{"N", "1"}}}}));
  EXPECT_TRUE(j["writes"][0]["not_applied"].is_null());
  EXPECT_EQ(unknown_outcomes_line({{"endpoint/writes", writes}}),
            "  3 writes with an unknown outcome (a retry after the connection broke with the "
            "request sent, or after a server error), settled by reading the item back: 2 "
            "applied, 1 unchanged\n");
}

}  // namespace
}  // namespace sortkey::certify::endpoint
