#include "sortkey/transaction.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace sortkey {
namespace {

Item tx_item(const std::string& json) {
  auto parsed = parse_item(json);
  if (!parsed) {
    ADD_FAILURE() << json << ": " << parsed.error().message;
    return Item{};
  }
  Item out = std::move(*parsed);
  return out;
}

Item key(const std::string& pk) { return tx_item(R"({"PK":{"S":")" + pk + R"("}})"); }

// Two tables keyed on PK (S): Orders with a sparse index on G (S), Stock.
struct TransactionFixture : ::testing::Test {
  TransactionFixture() {
    TableSchema schema;
    schema.partition_key = {"PK", AttributeType::kS};
    stock.emplace(std::move(*Table::create(schema)));
    schema.indexes.push_back({"ByG", {{"G", AttributeType::kS}}, {}, {}});
    orders.emplace(std::move(*Table::create(schema)));
    EXPECT_TRUE(stock->put(tx_item(R"({"PK":{"S":"x"},"n":{"N":"1"}})")));
    EXPECT_TRUE(orders->put(tx_item(R"({"PK":{"S":"o1"},"G":{"S":"g"}})")));
    tables = {{"Orders", &*orders}, {"Stock", &*stock}};
  }

  static TransactWriteAction put(const std::string& table, const std::string& json) {
    TransactWriteAction a;
    a.kind = TransactWriteAction::Kind::kPut;
    a.table = table;
    a.item = tx_item(json);
    return a;
  }
  static TransactWriteAction on(TransactWriteAction::Kind kind, const std::string& table,
                                const std::string& pk) {
    TransactWriteAction a;
    a.kind = kind;
    a.table = table;
    a.item = key(pk);
    return a;
  }
  // Takes one from Stock x when n >= 1.
  static TransactWriteAction take() {
    TransactWriteAction a = on(TransactWriteAction::Kind::kUpdate, "Stock", "x");
    a.update_expression = "SET n = n - :one";
    a.condition = "n >= :one";
    a.attributes.values[":one"] = *AttributeValue::N("1");
    return a;
  }

  std::string state() {
    std::string out;
    for (Table* t : {&*orders, &*stock}) {
      ScanRequest all;
      auto page = t->scan(all);
      EXPECT_TRUE(page.has_value());
      for (const auto& item : page->items) out += to_json(item.to_item()) + ";";
      out += "|";
    }
    return out;
  }

  std::optional<Table> orders, stock;
  TableSet tables;
};

using Kind = TransactWriteAction::Kind;
using Code = CancellationReason::Code;

TEST_F(TransactionFixture, AppliesEveryActionAcrossTables) {
  auto out = transact_write(tables, {put("Orders", R"({"PK":{"S":"o2"},"G":{"S":"h"}})"), take(),
                                     on(Kind::kDelete, "Orders", "o1")});
  ASSERT_TRUE(out.has_value()) << out.error().message;
  EXPECT_FALSE(out->cancelled);
  EXPECT_EQ(to_json(**stock->get(key("x"))), R"({"PK":{"S":"x"},"n":{"N":"0"}})");
  EXPECT_FALSE(orders->get(key("o1"))->has_value());
  EXPECT_TRUE(orders->get(key("o2"))->has_value());
  EXPECT_EQ(*orders->index_item_count("ByG"), 1u);
}

TEST_F(TransactionFixture, AFalseConditionCancelsAllWithReasonsInOrder) {
  ASSERT_TRUE(transact_write(tables, {take()}).has_value());  // n = 0 now
  const std::string before = state();
  TransactWriteAction check = on(Kind::kConditionCheck, "Orders", "o1");
  check.condition = "attribute_exists(G)";
  TransactWriteAction failing = take();
  failing.return_values_on_condition_check_failure = ReturnValues::kAllOld;
  auto out = transact_write(tables, {put("Orders", R"({"PK":{"S":"o9"}})"), failing, check});
  ASSERT_TRUE(out.has_value()) << out.error().message;
  ASSERT_TRUE(out->cancelled);
  ASSERT_EQ(out->reasons.size(), 3u);
  EXPECT_EQ(out->reasons[0].code, Code::kNone);
  EXPECT_EQ(out->reasons[1].code, Code::kConditionalCheckFailed);
  EXPECT_EQ(out->reasons[1].message, "The conditional request failed");
  ASSERT_TRUE(out->reasons[1].item.has_value());
  EXPECT_EQ(to_json(*out->reasons[1].item), R"({"PK":{"S":"x"},"n":{"N":"0"}})");
  EXPECT_EQ(out->reasons[2].code, Code::kNone);
  EXPECT_EQ(state(), before);
}

TEST_F(TransactionFixture, EveryFalseConditionIsReported) {
  TransactWriteAction a = on(Kind::kConditionCheck, "Orders", "o1");
  a.condition = "attribute_not_exists(PK)";
  TransactWriteAction b = on(Kind::kDelete, "Stock", "x");
  b.condition = "n > :big";
  b.attributes.values[":big"] = *AttributeValue::N("5");
  auto out = transact_write(tables, {a, b});
  ASSERT_TRUE(out.has_value());
  ASSERT_TRUE(out->cancelled);
  EXPECT_EQ(out->reasons[0].code, Code::kConditionalCheckFailed);
  EXPECT_EQ(out->reasons[1].code, Code::kConditionalCheckFailed);
  EXPECT_FALSE(out->reasons[1].item.has_value());  // ALL_OLD not asked
}

TEST_F(TransactionFixture, AFailedPutReturnsTheItemOnlyWithAllOld) {
  TransactWriteAction a = put("Stock", R"({"PK":{"S":"x"},"n":{"N":"9"}})");
  a.condition = "attribute_not_exists(PK)";
  auto out = transact_write(tables, {a});
  ASSERT_TRUE(out.has_value());
  ASSERT_TRUE(out->cancelled);
  EXPECT_EQ(out->reasons[0].code, Code::kConditionalCheckFailed);
  EXPECT_FALSE(out->reasons[0].item.has_value());
  a.return_values_on_condition_check_failure = ReturnValues::kAllOld;
  out = transact_write(tables, {a});
  ASSERT_TRUE(out.has_value());
  ASSERT_TRUE(out->reasons[0].item.has_value());
  EXPECT_EQ(to_json(*out->reasons[0].item), R"({"PK":{"S":"x"},"n":{"N":"1"}})");
}

TEST_F(TransactionFixture, AnItemLevelErrorIsTheOnlyReason) {
  const std::string before = state();
  TransactWriteAction failing = on(Kind::kConditionCheck, "Orders", "o1");
  failing.condition = "attribute_not_exists(PK)";
  auto out = transact_write(tables, {failing, put("Orders", R"({"PK":{"S":"o3"},"G":{"N":"1"}})"),
                                     put("Stock", R"({"PK":{"N":"1"}})")});
  ASSERT_TRUE(out.has_value()) << out.error().message;
  ASSERT_TRUE(out->cancelled);
  EXPECT_EQ(out->reasons[0].code, Code::kNone);  // its false condition is not reported
  EXPECT_EQ(out->reasons[1].code, Code::kValidationError);
  EXPECT_NE(out->reasons[1].message.find("Type mismatch"), std::string::npos)
      << out->reasons[1].message;
  EXPECT_EQ(out->reasons[2].code, Code::kNone);
  EXPECT_EQ(state(), before);
}

TEST_F(TransactionFixture, AnUpdateThatFailsToEvaluateCancels) {
  TransactWriteAction a = on(Kind::kUpdate, "Stock", "x");
  a.update_expression = "SET m = qq";
  auto out = transact_write(tables, {a});
  ASSERT_TRUE(out.has_value());
  ASSERT_TRUE(out->cancelled);
  EXPECT_EQ(out->reasons[0].code, Code::kValidationError);
  EXPECT_NE(out->reasons[0].message.find("does not exist in the item"), std::string::npos);
}

TEST_F(TransactionFixture, RequestLevelErrorsAreValidationExceptions) {
  const std::string before = state();
  auto message = [this](const std::vector<TransactWriteAction>& actions) {
    auto out = transact_write(tables, actions);
    return out ? std::string("ok") : out.error().message;
  };
  EXPECT_NE(message({}).find("TransactItems"), std::string::npos);
  std::vector<TransactWriteAction> many(101, put("Stock", R"({"PK":{"S":"y"}})"));
  EXPECT_NE(message(many).find("less than or equal to 100"), std::string::npos);
  EXPECT_EQ(message({take(), on(Kind::kDelete, "Stock", "x")}),
            "Transaction request cannot include multiple operations on one item");
  // A ConditionCheck counts too; a Put's item is named by its key.
  TransactWriteAction check = on(Kind::kConditionCheck, "Orders", "o1");
  check.condition = "attribute_exists(PK)";
  EXPECT_EQ(message({put("Orders", R"({"PK":{"S":"o1"},"z":{"S":"1"}})"), check}),
            "Transaction request cannot include multiple operations on one item");
  // The same key in two tables is two items.
  EXPECT_EQ(message({put("Orders", R"({"PK":{"S":"x"}})"), on(Kind::kDelete, "Stock", "y")}), "ok");
  EXPECT_TRUE(orders->delete_item(key("x")).has_value());
  TransactWriteAction no_update = on(Kind::kUpdate, "Stock", "x");
  EXPECT_NE(message({no_update}).find("updateExpression"), std::string::npos);
  TransactWriteAction no_condition = on(Kind::kConditionCheck, "Stock", "x");
  EXPECT_NE(message({no_condition}).find("conditionExpression"), std::string::npos);
  TransactWriteAction unused = take();
  unused.attributes.values[":two"] = *AttributeValue::N("2");
  EXPECT_NE(message({put("Orders", R"({"PK":{"S":"o5"}})"), unused}).find("unused"),
            std::string::npos);
  TransactWriteAction syntax = take();
  syntax.update_expression = "SET n = = :one";
  EXPECT_NE(message({syntax}).find("Invalid UpdateExpression"), std::string::npos);
  TransactWriteAction key_update = on(Kind::kUpdate, "Stock", "x");
  key_update.update_expression = "SET PK = :v";
  key_update.attributes.values[":v"] = AttributeValue::S("y");
  EXPECT_NE(message({key_update}).find("part of the key"), std::string::npos);
  TransactWriteAction rv = take();
  rv.return_values_on_condition_check_failure = ReturnValues::kAllNew;
  EXPECT_NE(message({rv}).find("ALL_OLD, NONE"), std::string::npos);
  EXPECT_NE(message({on(Kind::kDelete, "Nope", "x")}).find("not found"), std::string::npos);
  EXPECT_EQ(state(), before);
}

TEST_F(TransactionFixture, AnUpdateThatOnlyRemovesCreatesNothing) {
  TransactWriteAction a = on(Kind::kUpdate, "Stock", "new");
  a.update_expression = "REMOVE q";
  auto out = transact_write(tables, {a});
  ASSERT_TRUE(out.has_value());
  EXPECT_FALSE(out->cancelled);
  EXPECT_FALSE(stock->get(key("new"))->has_value());
}

TEST_F(TransactionFixture, TransactGetAnswersInOrderWithProjection) {
  TransactGetAction a{"Stock", key("x"), "#n", {}};
  a.attributes.names["#n"] = "n";
  TransactGetAction missing{"Orders", key("none"), std::nullopt, {}};
  TransactGetAction whole{"Orders", key("o1"), std::nullopt, {}};
  auto out = transact_get(tables, {a, missing, whole});
  ASSERT_TRUE(out.has_value()) << out.error().message;
  ASSERT_EQ(out->size(), 3u);
  EXPECT_EQ(to_json(*(*out)[0]), R"({"n":{"N":"1"}})");
  EXPECT_FALSE((*out)[1].has_value());
  EXPECT_EQ(to_json(*(*out)[2]), R"({"G":{"S":"g"},"PK":{"S":"o1"}})");
  auto twice = transact_get(tables, {whole, whole});
  ASSERT_FALSE(twice.has_value());
  EXPECT_EQ(twice.error().message,
            "Transaction request cannot include multiple operations on one item");
  TransactGetAction unused = whole;
  unused.attributes.names["#z"] = "z";
  EXPECT_FALSE(transact_get(tables, {unused}).has_value());
  EXPECT_FALSE(transact_get(tables, {}).has_value());
  EXPECT_FALSE(transact_get(tables, {TransactGetAction{
                                        "Stock", tx_item(R"({"PK":{"N":"1"}})"), std::nullopt, {}}})
                   .has_value());
}

TEST_F(TransactionFixture, BatchGetLeavesOutMissingItems) {
  BatchGetRequest r;
  r["Orders"].keys = {key("o1"), key("none")};
  r["Stock"].keys = {key("none")};
  r["Stock"].projection = "n";
  r["Stock"].consistent_read = true;
  auto out = batch_get(tables, r);
  ASSERT_TRUE(out.has_value()) << out.error().message;
  ASSERT_EQ(out->size(), 2u);
  ASSERT_EQ(out->at("Orders").size(), 1u);
  EXPECT_EQ(to_json(out->at("Orders")[0]), R"({"G":{"S":"g"},"PK":{"S":"o1"}})");
  EXPECT_TRUE(out->at("Stock").empty());
  r["Stock"].keys = {key("x")};
  out = batch_get(tables, r);
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(to_json(out->at("Stock").at(0)), R"({"n":{"N":"1"}})");
}

TEST_F(TransactionFixture, BatchGetErrors) {
  auto message = [this](const BatchGetRequest& r) {
    auto out = batch_get(tables, r);
    return out ? std::string("ok") : out.error().message;
  };
  BatchGetRequest r;
  EXPECT_NE(message(r), "ok");
  r["Orders"].keys = {key("o1"), key("o1")};
  EXPECT_EQ(message(r), "Provided list of item keys contains duplicates");
  r["Orders"].keys = {key("o1")};
  r["Stock"].keys = {key("o1")};  // the same key in another table is no duplicate
  EXPECT_EQ(message(r), "ok");
  r["Stock"].keys.assign(100, key("z"));
  EXPECT_EQ(message(r), "Too many items requested for the BatchGetItem call");
  r["Stock"].keys.assign(101, key("z"));
  EXPECT_NE(message(r).find("requestItems.Stock.member.keys"), std::string::npos);
  r["Stock"].keys = {tx_item(R"({"PK":{"S":"x"},"n":{"N":"1"}})")};
  EXPECT_NE(message(r).find("does not match the schema"), std::string::npos);
  r["Stock"].keys = {key("x")};
  r["Stock"].attributes.names["#u"] = "u";
  EXPECT_NE(message(r).find("unused"), std::string::npos);
  r.erase("Stock");
  r["Nope"].keys = {key("x")};
  EXPECT_NE(message(r).find("not found"), std::string::npos);
}

}  // namespace
}  // namespace sortkey
