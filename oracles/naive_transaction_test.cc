#include "oracles/naive_transaction.h"

#include <gtest/gtest.h>

namespace sortkey::oracle {
namespace {

NValue tx_s(std::string s) { return naive_scalar(NValue::T::S, std::move(s)); }

NItem tx_key(const std::string& pk) { return {{"PK", tx_s(pk)}}; }

NCond tx_exists(bool exists) {
  NCond c;
  c.op = exists ? NCond::Op::kExists : NCond::Op::kNotExists;
  NOperand path;
  path.kind = NOperand::Kind::kPath;
  NStep step;
  step.name = "PK";
  path.path.push_back(step);
  c.args.push_back(path);
  return c;
}

struct NaiveTransaction : ::testing::Test {
  NaiveTransaction() : a(schema()), b(schema()) {
    a.put({{"PK", tx_s("x")}, {"v", tx_s("1")}});
    tables = {{"A", &a}, {"B", &b}};
  }
  static NSchema schema() {
    NSchema s;
    s.pk = {"PK", NValue::T::S};
    return s;
  }
  NaiveTable a, b;
  NTables tables;
};

TEST_F(NaiveTransaction, AppliesAllOrNothing) {
  NTxWrite put;
  put.table = "B";
  put.item = {{"PK", tx_s("y")}};
  NTxWrite check;
  check.kind = NTxWrite::Kind::kConditionCheck;
  check.table = "A";
  check.item = tx_key("x");
  check.condition = tx_exists(false);
  check.old_on_failure = true;
  NTxAnswer out = naive_transact_write(tables, {put, check});
  ASSERT_EQ(out.verdict, NTxAnswer::Verdict::kCancelled);
  EXPECT_EQ(out.reasons[0].code, NTxReason::Code::kNone);
  EXPECT_EQ(out.reasons[1].code, NTxReason::Code::kConditionalCheckFailed);
  ASSERT_TRUE(out.reasons[1].item.has_value());
  EXPECT_TRUE(b.items().empty());
  check.condition = tx_exists(true);
  out = naive_transact_write(tables, {put, check});
  EXPECT_EQ(out.verdict, NTxAnswer::Verdict::kOk);
  EXPECT_EQ(b.items().size(), 1u);
}

TEST_F(NaiveTransaction, RefusesTwoActionsOnOneItemAndBadCounts) {
  NTxWrite del;
  del.kind = NTxWrite::Kind::kDelete;
  del.table = "A";
  del.item = tx_key("x");
  NTxWrite put;
  put.table = "A";
  put.item = {{"PK", tx_s("x")}, {"w", tx_s("2")}};
  EXPECT_EQ(naive_transact_write(tables, {del, put}).verdict, NTxAnswer::Verdict::kRefused);
  EXPECT_EQ(naive_transact_write(tables, {}).verdict, NTxAnswer::Verdict::kRefused);
  EXPECT_EQ(naive_transact_write(tables, std::vector<NTxWrite>(101, del)).verdict,
            NTxAnswer::Verdict::kRefused);
  del.table = "B";  // the same key in another table is another item
  EXPECT_EQ(naive_transact_write(tables, {del, put}).verdict, NTxAnswer::Verdict::kOk);
}

TEST_F(NaiveTransaction, OnlyTheFirstItemLevelErrorIsAReason) {
  NTxWrite failing;
  failing.kind = NTxWrite::Kind::kConditionCheck;
  failing.table = "A";
  failing.item = tx_key("x");
  failing.condition = tx_exists(false);
  NTxWrite bad;
  bad.table = "B";
  bad.item = {{"PK", naive_scalar(NValue::T::N, "1")}};
  NTxWrite bad_key;
  bad_key.kind = NTxWrite::Kind::kDelete;
  bad_key.table = "A";
  bad_key.item = {{"PK", tx_s("z")}, {"extra", tx_s("1")}};
  const NTxAnswer out = naive_transact_write(tables, {failing, bad, bad_key});
  ASSERT_EQ(out.verdict, NTxAnswer::Verdict::kCancelled);
  EXPECT_EQ(out.reasons[0].code, NTxReason::Code::kNone);
  EXPECT_EQ(out.reasons[1].code, NTxReason::Code::kValidationError);
  EXPECT_EQ(out.reasons[2].code, NTxReason::Code::kNone);
}

TEST_F(NaiveTransaction, ReadsInOrderAndBatchesAsSets) {
  const NReadTables read = {{"A", &a}, {"B", &b}};
  NTxGet x{"A", tx_key("x"), std::vector<NPath>{{NStep{false, "v", 0}}}};
  NTxGet none{"B", tx_key("x"), std::nullopt};
  const NReadAnswer got = naive_transact_get(read, {x, none});
  ASSERT_FALSE(got.refused);
  ASSERT_EQ(got.items.size(), 2u);
  EXPECT_TRUE(naive_items_equal(*got.items[0], {{"v", tx_s("1")}}));
  EXPECT_FALSE(got.items[1].has_value());
  EXPECT_TRUE(naive_transact_get(read, {x, x}).refused);
  NBatchGetTable t;
  t.keys = {tx_key("x"), tx_key("q")};
  NBatchAnswer batch = naive_batch_get(read, {{"A", t}, {"B", t}});
  ASSERT_FALSE(batch.refused);
  EXPECT_EQ(batch.responses["A"].size(), 1u);
  EXPECT_TRUE(batch.responses["B"].empty());
  t.keys.push_back(tx_key("x"));
  EXPECT_TRUE(naive_batch_get(read, {{"A", t}}).refused);
}

}  // namespace
}  // namespace sortkey::oracle
