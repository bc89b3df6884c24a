#include "certify/endpoint/expression_write.h"

#include <gtest/gtest.h>

#include "certify/endpoint/generators.h"
#include "certify/endpoint/workload.h"

namespace sortkey::certify::endpoint {
namespace {

using oracle::NItem;
using oracle::NValue;
using oracle::NWriteAnswer;
using T = NValue::T;

oracle::NaiveTable table_holding(const NItem& item) {
  oracle::NaiveTable t(local_index_shapes()[0]);
  EXPECT_TRUE(t.put(item));
  return t;
}

oracle::NCond exists(const std::string& name, bool yes) {
  oracle::NCond c;
  c.op = yes ? oracle::NCond::Op::kExists : oracle::NCond::Op::kNotExists;
  oracle::NOperand p;
  p.kind = oracle::NOperand::Kind::kPath;
  p.path = {oracle::NStep{false, name, 0}};
  c.args = {p};
  return c;
}

const NItem kHeld = {{"pk", oracle::naive_scalar(T::S, "a")},
                     {"sk", oracle::naive_scalar(T::N, "1")},
                     {"Date", oracle::naive_scalar(T::S, "2026")}};

// A PutItem whose condition is false changes nothing and, with
// ReturnValuesOnConditionCheckFailure ALL_OLD, returns the item held
// (reference on writes, section 2 rules 1 and 7).
TEST(ExpressionWrite, AFalseConditionOnAPutChangesNothingAndReturnsTheItemHeld) {
  oracle::NaiveTable t = table_holding(kHeld);
  ExpressionWrite w;
  w.kind = ExpressionWrite::Kind::kPut;
  w.item = {{"pk", oracle::naive_scalar(T::S, "a")}, {"sk", oracle::naive_scalar(T::N, "1")}};
  w.condition = exists("pk", false);
  w.old_on_failure = true;
  const NWriteAnswer a = expect_write(t, w);
  EXPECT_EQ(a.verdict, NWriteAnswer::Verdict::kConditionFailed);
  ASSERT_TRUE(a.attributes.has_value());
  EXPECT_TRUE(oracle::naive_items_equal(*a.attributes, kHeld));
  EXPECT_TRUE(oracle::naive_items_equal(*t.get(w.item), kHeld));
  // True on the item: written, ALL_OLD the item before.
  w.condition = exists("pk", true);
  w.return_values = oracle::NReturn::kAllOld;
  const NWriteAnswer b = expect_write(t, w);
  EXPECT_EQ(b.verdict, NWriteAnswer::Verdict::kOk);
  EXPECT_TRUE(oracle::naive_items_equal(*b.attributes, kHeld));
  EXPECT_TRUE(oracle::naive_items_equal(*t.get(w.item), w.item));
  // An item DynamoDB refuses is refused before its condition.
  w.item.emplace_back("Date", oracle::naive_scalar(T::N, "1"));
  EXPECT_EQ(expect_write(t, w).verdict, NWriteAnswer::Verdict::kRefused);
}

// The request carries the rendered expressions with their placeholders,
// ReturnValues and ReturnValuesOnConditionCheckFailure.
TEST(ExpressionWrite, ParamsCarryTheExpressionsAndTheReturnValues) {
  ExpressionWrite w;
  w.key = {{"pk", oracle::naive_scalar(T::S, "a")}, {"sk", oracle::naive_scalar(T::N, "1")}};
  oracle::NUpdate u;
  oracle::NUpdAction remove;
  remove.kind = oracle::NUpdAction::Kind::kRemove;
  remove.path = {oracle::NStep{false, "Date", 0}};
  u.actions = {remove};
  w.update = u;
  w.condition = exists("Date", true);
  w.return_values = oracle::NReturn::kUpdatedOld;
  w.old_on_failure = true;
  const nlohmann::json p = write_params("t", w);
  EXPECT_EQ(p["TableName"], "t");
  EXPECT_TRUE(p.contains("UpdateExpression"));
  EXPECT_TRUE(p.contains("ConditionExpression"));
  EXPECT_EQ(p["ReturnValues"], "UPDATED_OLD");
  EXPECT_EQ(p["ReturnValuesOnConditionCheckFailure"], "ALL_OLD");
  EXPECT_FALSE(p.contains("ExpressionAttributeValues"));  // none used: DynamoDB refuses {}
  // The item leaves the sparse local index lsi1 and UPDATED_OLD returns Date.
  oracle::NaiveTable t = table_holding(kHeld);
  const NWriteAnswer a = expect_write(t, w);
  EXPECT_EQ(a.verdict, NWriteAnswer::Verdict::kOk);
  EXPECT_EQ(t.entries("lsi1").size(), 0u);
  ASSERT_TRUE(a.attributes.has_value());
  EXPECT_NE(oracle::naive_get(*a.attributes, "Date"), nullptr);
  EXPECT_EQ(write_feature(w, true, false),
            "UpdateItem REMOVE attribute; a condition; ReturnValues UPDATED_OLD");
  ASSERT_TRUE(with_action(w, 0) == std::nullopt);  // one action: nothing to narrow
  // A cause in the condition alone is named without the write and its
  // actions, so that the three writes meet one signature.
  for (const char* cause : {kConditionFalse, kConditionTrue, kConditionRefused}) {
    ExpressionWrite c = w;
    c.cause = cause;
    EXPECT_TRUE(condition_cause(c.cause));
    EXPECT_EQ(write_feature(c, true, false), std::string("a write ") + cause);
    c.kind = ExpressionWrite::Kind::kDelete;
    EXPECT_EQ(write_feature(c, false, true), std::string("a write ") + cause);
  }
  EXPECT_FALSE(condition_cause("whose arithmetic overflows a Number"));
}

// CreateTable sends the local indexes with their projections, and a
// reproduction's table keeps them.
TEST(ExpressionWrite, LocalIndexesAreCreatedAndRecorded) {
  const oracle::NSchema& s = local_index_shapes()[0];
  const nlohmann::json create = create_table_request("t", s);
  ASSERT_TRUE(create.contains("LocalSecondaryIndexes"));
  const nlohmann::json& lsis = create["LocalSecondaryIndexes"];
  ASSERT_EQ(lsis.size(), 2u);
  EXPECT_EQ(lsis[0]["KeySchema"][0]["AttributeName"], "pk");
  EXPECT_EQ(lsis[0]["KeySchema"][1]["AttributeName"], "Date");
  EXPECT_EQ(lsis[1]["Projection"]["ProjectionType"], "INCLUDE");
  EXPECT_EQ(create["GlobalSecondaryIndexes"].size(), 1u);
  int dates = 0;
  for (const auto& d : create["AttributeDefinitions"]) dates += d["AttributeName"] == "Date";
  EXPECT_EQ(dates, 1);  // a GSI and an LSI key on one attribute: defined once
  auto back = schema_from_json(schema_to_json(s));
  ASSERT_TRUE(back.has_value());
  ASSERT_EQ(back->indexes.size(), 3u);
  EXPECT_FALSE(back->indexes[0].local);
  EXPECT_TRUE(back->indexes[1].local);
  EXPECT_TRUE(back->indexes[2].local);
}

}  // namespace
}  // namespace sortkey::certify::endpoint
