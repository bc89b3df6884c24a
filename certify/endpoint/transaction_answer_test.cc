#include "certify/endpoint/transaction_answer.h"

#include <gtest/gtest.h>

namespace sortkey::certify::endpoint {
namespace {

using nlohmann::json;

PageAnswer cancelled(json reasons) {
  PageAnswer a;
  a.error = dynamodb::ApiError{400, "TransactionCanceledException", "Transaction cancelled"};
  a.body = {{"__type", "TransactionCanceledException"},
            {"CancellationReasons", std::move(reasons)}};
  return a;
}

const json kItem = {{"pk", {{"S", "a"}}}, {"n", {{"N", "7"}}}};

json expected_with(json reasons) {
  return {{"error", "TransactionCanceledException"}, {"CancellationReasons", std::move(reasons)}};
}

// A reason expected with its Item (ALL_OLD on a failed condition) agrees
// with the same item, Numbers compared by value; a missing or another Item
// is a "reason_item" divergence naming the reason; an Item expected absent
// must be absent; a bare code judges no Item.
TEST(TransactionAnswer, AReasonsItemIsJudgedWhereExpected) {
  const json want = expected_with({"None", {{"Code", "ConditionalCheckFailed"}, {"Item", kItem}}});
  std::string detail;
  json same = kItem;
  same["n"] = {{"N", "7.0"}};
  EXPECT_EQ(transaction_verdict_kind(
                want,
                cancelled({{{"Code", "None"}},
                           {{"Code", "ConditionalCheckFailed"}, {"Item", same}, {"Message", "x"}}}),
                &detail),
            "")
      << detail;
  EXPECT_EQ(
      transaction_verdict_kind(
          want, cancelled({{{"Code", "None"}}, {{"Code", "ConditionalCheckFailed"}}}), &detail),
      "reason_item");
  EXPECT_NE(detail.find("cancellation reason 1"), std::string::npos) << detail;
  json other = kItem;
  other["n"] = {{"N", "8"}};
  EXPECT_EQ(
      transaction_verdict_kind(
          want,
          cancelled({{{"Code", "None"}}, {{"Code", "ConditionalCheckFailed"}, {"Item", other}}}),
          &detail),
      "reason_item");
  // Expected absent (the item was missing): an Item given diverges.
  const json absent = expected_with({{{"Code", "ConditionalCheckFailed"}}});
  EXPECT_EQ(
      transaction_verdict_kind(
          absent, cancelled({{{"Code", "ConditionalCheckFailed"}, {"Item", kItem}}}), &detail),
      "reason_item");
  // A bare code: whatever Item, only the code is judged.
  EXPECT_EQ(transaction_verdict_kind(
                expected_with({"ConditionalCheckFailed"}),
                cancelled({{{"Code", "ConditionalCheckFailed"}, {"Item", other}}}), &detail),
            "");
  // An Item that is not DynamoDB JSON.
  EXPECT_EQ(transaction_verdict_kind(
                want,
                cancelled({{{"Code", "None"}},
                           {{"Code", "ConditionalCheckFailed"}, {"Item", {{"pk", {{"Q", "a"}}}}}}}),
                &detail),
            "malformed");
}

// The recorded answer keeps each reason's Item beside its code.
TEST(TransactionAnswer, TheRecordedAnswerKeepsTheItems) {
  const json actual = transaction_actual(
      cancelled({{{"Code", "None"}}, {{"Code", "ConditionalCheckFailed"}, {"Item", kItem}}}));
  EXPECT_EQ(actual["CancellationReasons"],
            (json{"None", {{"Code", "ConditionalCheckFailed"}, {"Item", kItem}}}));
}

// Members of the wrong type, null or missing, in the answer and in a
// reproduction's expected answer: a verdict, never an exception.
TEST(TransactionAnswer, WrongTypesAreVerdictsNotExceptions) {
  std::string detail;
  const json want = expected_with({"None"});
  for (const json& reasons :
       {json(nullptr), json("None"), json{nullptr}, json{{{"Code", 5}}}, json::object()}) {
    EXPECT_EQ(transaction_verdict_kind(want, cancelled(reasons), &detail), "reasons")
        << reasons.dump();
  }
  const json hostile = {{"error", 7}, {"CancellationReasons", {nullptr, 1, {{"Code", 2}}}}};
  EXPECT_EQ(transaction_verdict_kind(hostile, cancelled(json::array()), &detail), "rejected");
  PageAnswer got;
  got.body = {{"Responses", {{{"Item", 5}}, nullptr, {{"Item", kItem}}}}};
  oracle::NReadAnswer three;
  three.items = {std::nullopt, std::nullopt, answer_item(kItem)};
  EXPECT_EQ(transact_get_kind(got, three, &detail), "") << detail;
  EXPECT_FALSE(transact_get_replayed({{"Responses", {nullptr, nullptr, kItem}}}, got).has_value());
  got.body = json::array();
  EXPECT_EQ(transact_get_kind(got, three, &detail), "items");
}

// BatchGetItem: the items per table (a table with none named), the
// UnprocessedKeys to send again, and a reason for a Responses of the wrong
// shape.
TEST(TransactionAnswer, BatchAnswersAreReadPerTable) {
  std::map<std::string, std::vector<oracle::NItem>> out;
  json left;
  const json body = {{"Responses", {{"t", {kItem}}, {"u", json::array()}}},
                     {"UnprocessedKeys", {{"t", {{"Keys", {kItem}}}}}}};
  EXPECT_EQ(batch_answer_items(body, out, &left), "");
  EXPECT_EQ(out["t"].size(), 1u);
  EXPECT_TRUE(out.contains("u"));
  EXPECT_EQ(left, body["UnprocessedKeys"]);
  oracle::NBatchAnswer want;
  want.responses["t0"] = out["t"];
  want.responses["t1"] = {};
  std::string detail;
  EXPECT_EQ(batch_kind(out, want, {{"t0", "t"}, {"t1", "u"}}, &detail), "") << detail;
  want.responses["t1"] = out["t"];
  EXPECT_EQ(batch_kind(out, want, {{"t0", "t"}, {"t1", "u"}}, &detail), "items");
  EXPECT_EQ(batch_kind(out, want, {}, &detail), "items");
  for (const json& bad : {json{{"Responses", json::array()}}, json{{"Responses", {{"t", 5}}}},
                          json{{"Responses", {{"t", {5}}}}}}) {
    EXPECT_NE(batch_answer_items(bad, out, &left), "") << bad.dump();
    EXPECT_TRUE(left.is_object());
  }
  EXPECT_EQ(batch_answer_items(json("not an object"), out, &left), "");
  EXPECT_TRUE(left.empty());
}

}  // namespace
}  // namespace sortkey::certify::endpoint
