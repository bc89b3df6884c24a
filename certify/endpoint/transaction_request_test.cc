#include "certify/endpoint/transaction_request.h"

#include <gtest/gtest.h>

#include "certify/endpoint/generators.h"
#include "certify/endpoint/workload.h"

namespace sortkey::certify::endpoint {
namespace {

using oracle::NItem;
using oracle::NTxWrite;
using oracle::NValue;
using T = NValue::T;

NItem key_of(const std::string& pk, const std::string& sk) {
  return {{"pk", oracle::naive_scalar(T::S, pk)}, {"sk", oracle::naive_scalar(T::N, sk)}};
}

oracle::NCond pk_exists(bool yes) {
  oracle::NCond c;
  c.op = yes ? oracle::NCond::Op::kExists : oracle::NCond::Op::kNotExists;
  oracle::NOperand p;
  p.kind = oracle::NOperand::Kind::kPath;
  p.path = {oracle::NStep{false, "pk", 0}};
  c.args = {p};
  return c;
}

struct TwoTables {
  oracle::NaiveTable t0{local_index_shapes()[0]};
  oracle::NaiveTable t1{local_index_shapes()[0]};
  oracle::NTables tables() { return {{"t0", &t0}, {"t1", &t1}}; }
};

// A Put on t0 and a ConditionCheck on t1: the parameters name each
// action's table as mapped, in order, and the expected answer of a false
// condition is a cancellation with a reason per action, in order (reference
// on writes, section 4 rules 3 and 6).
TEST(TransactionRequest, AFalseConditionCancelsWithAReasonPerActionInOrder) {
  TwoTables m;
  ASSERT_TRUE(m.t1.put(key_of("held", "1")));
  TransactionRequest r;
  NTxWrite put;
  put.table = "t0";
  put.item = key_of("a", "1");
  NTxWrite check;
  check.kind = NTxWrite::Kind::kConditionCheck;
  check.table = "t1";
  check.item = key_of("held", "1");
  check.condition = pk_exists(false);
  r.writes = {put, check};
  const nlohmann::json params = transaction_params(r, {{"t0", "real0"}, {"t1", "real1"}});
  ASSERT_EQ(params["TransactItems"].size(), 2u);
  EXPECT_EQ(params["TransactItems"][0]["Put"]["TableName"], "real0");
  EXPECT_EQ(params["TransactItems"][1]["ConditionCheck"]["TableName"], "real1");
  EXPECT_TRUE(params["TransactItems"][1]["ConditionCheck"].contains("ConditionExpression"));
  const TransactionAnswer a = expect_transaction(m.tables(), r);
  EXPECT_FALSE(a.refused());
  EXPECT_EQ(transaction_expected(r, a),
            (nlohmann::json{{"error", "TransactionCanceledException"},
                            {"CancellationReasons", {"None", "ConditionalCheckFailed"}}}));
  EXPECT_FALSE(m.t0.get(key_of("a", "1")).has_value()) << "a cancelled transaction wrote";
  // True: both applied, the Put written.
  r.writes[1].condition = pk_exists(true);
  EXPECT_EQ(transaction_expected(r, expect_transaction(m.tables(), r)),
            (nlohmann::json{{"ok", true}}));
  EXPECT_TRUE(m.t0.get(key_of("a", "1")).has_value());
  EXPECT_EQ(transaction_feature(r),
            "TransactWriteItems ConditionCheck, Put; a condition; two tables");
  // Narrowed: each action alone, the same rendering style as in the whole.
  const std::optional<TransactionRequest> one = with_transaction_action(r, 1);
  ASSERT_TRUE(one.has_value());
  ASSERT_EQ(one->writes.size(), 1u);
  EXPECT_EQ(one->writes[0].kind, NTxWrite::Kind::kConditionCheck);
  EXPECT_EQ(one->style, r.style + 1);
  EXPECT_FALSE(with_transaction_action(*one, 0).has_value());
}

// ReturnValuesOnConditionCheckFailure ALL_OLD on an action whose condition
// fails: its reason carries the item found, none on a missing item
// (reference on writes, section 4 rule 9); the other actions' reasons stay
// bare codes.
TEST(TransactionRequest, AFailedConditionUnderAllOldCarriesTheItemFound) {
  TwoTables m;
  NItem held = key_of("held", "1");
  held.emplace_back("n", oracle::naive_scalar(T::N, "7"));
  ASSERT_TRUE(m.t0.put(held));
  TransactionRequest r;
  NTxWrite check;
  check.kind = NTxWrite::Kind::kConditionCheck;
  check.table = "t0";
  check.item = key_of("held", "1");
  check.condition = pk_exists(false);
  check.old_on_failure = true;
  NTxWrite missing = check;
  missing.item = key_of("missing", "1");
  missing.condition = pk_exists(true);
  NTxWrite plain = check;
  plain.table = "t1";
  plain.old_on_failure = false;
  plain.condition = pk_exists(true);
  r.writes = {check, missing, plain};
  EXPECT_EQ(transaction_params(
                r, {})["TransactItems"][0]["ConditionCheck"]["ReturnValuesOnConditionCheckFailure"],
            "ALL_OLD");
  const nlohmann::json want = transaction_expected(r, expect_transaction(m.tables(), r));
  EXPECT_EQ(want["CancellationReasons"],
            (nlohmann::json{{{"Code", "ConditionalCheckFailed"}, {"Item", naive_to_json(held)}},
                            {{"Code", "ConditionalCheckFailed"}},
                            "ConditionalCheckFailed"}));
}

// Two actions on one item refuse the whole request (reference section 4
// rule 4); the cause names the rule, not the actions.
TEST(TransactionRequest, OneItemTwiceIsRefused) {
  TwoTables m;
  TransactionRequest r;
  NTxWrite put;
  put.table = "t0";
  put.item = key_of("a", "1");
  NTxWrite del = put;
  del.kind = NTxWrite::Kind::kDelete;
  r.writes = {put, del};
  const TransactionAnswer a = expect_transaction(m.tables(), r);
  EXPECT_TRUE(a.refused());
  EXPECT_EQ(a.write.why, "two actions on one item");
  EXPECT_EQ(transaction_expected(r, a), (nlohmann::json{{"error", "ValidationException"}}));
  r.cause = "refused by DynamoDB: " + a.write.why;
  EXPECT_EQ(transaction_feature(r),
            "TransactWriteItems refused by DynamoDB: two actions on one item");
}

// TransactGetItems answers in request order, none for a missing item;
// BatchGetItem's expected items are per table under the reproduction's
// names, and its parameters key RequestItems by the endpoint's.
TEST(TransactionRequest, ReadsAnswerInOrderAndPerTable) {
  TwoTables m;
  ASSERT_TRUE(m.t0.put(key_of("a", "1")));
  TransactionRequest g;
  g.kind = TransactionRequest::Kind::kGet;
  g.gets = {{"t0", key_of("missing", "1"), std::nullopt}, {"t0", key_of("a", "1"), std::nullopt}};
  const nlohmann::json want = transaction_expected(g, expect_transaction(m.tables(), g));
  ASSERT_EQ(want["Responses"].size(), 2u);
  EXPECT_TRUE(want["Responses"][0].is_null());
  EXPECT_EQ(want["Responses"][1]["pk"], (nlohmann::json{{"S", "a"}}));
  TransactionRequest b;
  b.kind = TransactionRequest::Kind::kBatchGet;
  b.batch["t0"].keys = {key_of("a", "1"), key_of("missing", "2")};
  b.batch["t1"].keys = {key_of("a", "1")};
  const nlohmann::json batch = transaction_expected(b, expect_transaction(m.tables(), b));
  EXPECT_EQ(batch["Responses"]["<table>"].size(), 1u);
  EXPECT_EQ(batch["Responses"]["<table 2>"].size(), 0u);
  const nlohmann::json params = transaction_params(b, {{"t0", "real0"}, {"t1", "real1"}});
  EXPECT_EQ(params["RequestItems"]["real0"]["Keys"].size(), 2u);
  EXPECT_TRUE(params["RequestItems"].contains("real1"));
  // Duplicate keys in one table: refused.
  b.batch["t0"].keys.push_back(key_of("a", "1"));
  EXPECT_TRUE(expect_transaction(m.tables(), b).refused());
}

}  // namespace
}  // namespace sortkey::certify::endpoint
