#include "sortkey/update.h"

#include <gtest/gtest.h>

#include <string>

namespace sortkey {
namespace {

Item json_item(const std::string& json) {
  auto parsed = parse_item(json);
  if (!parsed) {
    ADD_FAILURE() << json << ": " << parsed.error().message;
    return Item{};
  }
  Item out = std::move(*parsed);
  return out;
}

// A table PK (S) with one sparse index on G (S), and one item {PK: k}.
struct UpdateFixture : ::testing::Test {
  UpdateFixture() {
    TableSchema schema;
    schema.partition_key = {"PK", AttributeType::kS};
    schema.indexes.push_back({"ByG", {{"G", AttributeType::kS}}, {}, {}});
    table.emplace(std::move(*Table::create(schema)));
  }

  // Stores the item {"PK": "k", ...json fields}.
  void hold(const std::string& fields) {
    ASSERT_TRUE(table->put(
        json_item(R"({"PK":{"S":"k"})" + std::string(fields.empty() ? "" : ",") + fields + "}")));
  }

  // UpdateItem on PK = k with values given as DynamoDB JSON.
  Result<WriteOutcome> update(const std::string& expression, const std::string& values = "{}",
                              ReturnValues rv = ReturnValues::kNone) {
    UpdateItemRequest r;
    r.key = key();
    r.update_expression = expression;
    for (const auto& [k, v] : json_item(values)) r.attributes.values.emplace(k, v);
    r.return_values = rv;
    return update_item(*table, r);
  }

  static Item key() { return json_item(R"({"PK":{"S":"k"}})"); }

  std::string stored() {
    auto got = table->get(key());
    return *got ? to_json(**got) : "none";
  }

  std::string message(const Result<WriteOutcome>& r) { return r ? "ok" : r.error().message; }

  std::optional<Table> table;
};

// ---- grammar

TEST_F(UpdateFixture, SetsAndRemovesInAnyClauseOrder) {
  hold(R"("a":{"N":"1"},"b":{"S":"x"})");
  ASSERT_EQ(message(update("remove b  sEt c = :v, d = a", R"({":v":{"S":"y"}})")), "ok");
  EXPECT_EQ(stored(), R"({"PK":{"S":"k"},"a":{"N":"1"},"c":{"S":"y"},"d":{"N":"1"}})");
}

TEST_F(UpdateFixture, ClauseTwiceIsRefused) {
  EXPECT_EQ(message(update("SET a = :v REMOVE b SET c = :v", R"({":v":{"S":"y"}})")),
            "Invalid UpdateExpression: The \"SET\" section can only be used once in an update "
            "expression;");
}

TEST_F(UpdateFixture, EmptyAndSyntaxErrors) {
  EXPECT_EQ(message(update("  ")), "Invalid UpdateExpression: The expression can not be empty;");
  EXPECT_EQ(message(update("SET a = :v + :v + :v", R"({":v":{"N":"1"}})")),
            "Invalid UpdateExpression: Syntax error; token: \"+\", near: \":v + :v\"");
  EXPECT_FALSE(update("SET _a = :v", R"({":v":{"N":"1"}})"));
  EXPECT_FALSE(update("SET a[:v] = :v", R"({":v":{"N":"1"}})"));
  EXPECT_FALSE(update("SET :v = a", R"({":v":{"N":"1"}})"));
  EXPECT_FALSE(update("ADD a b"));
}

TEST_F(UpdateFixture, PlusAndMinusOnNumbers) {
  hold(R"("a":{"N":"10"})");
  ASSERT_EQ(message(update("SET b = a + :v, c = :v - a", R"({":v":{"N":"0.5"}})")), "ok");
  EXPECT_EQ(stored(), R"({"PK":{"S":"k"},"a":{"N":"10"},"b":{"N":"10.5"},"c":{"N":"-9.5"}})");
}

TEST_F(UpdateFixture, ArithmeticIsExactTo38Digits) {
  hold(R"("a":{"N":"1"})");
  ASSERT_EQ(message(update("SET a = a + :v", R"({":v":{"N":"10000000000000000000000"}})")), "ok");
  EXPECT_EQ(stored(), R"({"PK":{"S":"k"},"a":{"N":"10000000000000000000001"}})");
}

TEST_F(UpdateFixture, ArithmeticOverflowIsRefused) {
  hold(R"("a":{"N":"9e125"},"b":{"N":"1e50"})");
  EXPECT_EQ(message(update("SET a = a + a")),
            "Number overflow. Attempting to store a number with magnitude larger than supported "
            "range");
  EXPECT_EQ(message(update("SET b = b + :one", R"({":one":{"N":"1"}})")),
            "Number overflow. Attempting to store a number with magnitude larger than supported "
            "range");
}

TEST_F(UpdateFixture, ArithmeticOnOtherTypes) {
  hold(R"("s":{"S":"x"})");
  EXPECT_EQ(message(update("SET a = :v + :w", R"({":v":{"N":"1"},":w":{"S":"1"}})")),
            "Invalid UpdateExpression: Incorrect operand type for operator or function; operator "
            "or function: +, operand type: S");
  EXPECT_EQ(message(update("SET a = s + :v", R"({":v":{"N":"1"}})")),
            "An operand in the update expression has an incorrect data type");
  EXPECT_EQ(message(update("SET a = nothere + :v", R"({":v":{"N":"1"}})")),
            "The provided expression refers to an attribute that does not exist in the item");
}

TEST_F(UpdateFixture, IfNotExists) {
  ASSERT_EQ(message(update("SET n = if_not_exists(n, :zero) + :one",
                           R"({":zero":{"N":"0"},":one":{"N":"1"}})")),
            "ok");
  ASSERT_EQ(message(update("SET n = if_not_exists(n, :zero) + :one",
                           R"({":zero":{"N":"0"},":one":{"N":"1"}})")),
            "ok");
  EXPECT_EQ(stored(), R"({"PK":{"S":"k"},"n":{"N":"2"}})");
  EXPECT_EQ(message(update("SET n = if_not_exists(:one, n)", R"({":one":{"N":"1"}})")),
            "Invalid UpdateExpression: Operator or function requires a document path; operator "
            "or function: if_not_exists");
}

TEST_F(UpdateFixture, ListAppend) {
  hold(R"("l":{"L":[{"N":"1"}]})");
  ASSERT_EQ(message(update("SET l = list_append(:v, l)", R"({":v":{"L":[{"N":"0"}]}})")), "ok");
  EXPECT_EQ(stored(), R"({"PK":{"S":"k"},"l":{"L":[{"N":"0"},{"N":"1"}]}})");
  EXPECT_EQ(message(update("SET l = list_append(l, :v)", R"({":v":{"S":"x"}})")),
            "Invalid UpdateExpression: Incorrect operand type for operator or function; operator "
            "or function: list_append, operand type: S");
  EXPECT_EQ(message(update("SET l = list_append(l)")),
            "Invalid UpdateExpression: Incorrect number of operands for operator or function; "
            "operator or function: list_append, number of operands: 1");
  EXPECT_EQ(message(update("SET l = list_append(list_append(l, l), l)")),
            "Invalid UpdateExpression: The function is not allowed to be used this way in an "
            "expression; function: list_append");
  EXPECT_EQ(message(update("SET l = LIST_APPEND(l, l)")),
            "Invalid UpdateExpression: Invalid function name; function: LIST_APPEND");
}

TEST_F(UpdateFixture, NestedPathsAndListIndexes) {
  hold(R"("a":{"M":{"b":{"L":[{"N":"0"},{"M":{"c":{"N":"1"}}}]}}})");
  ASSERT_EQ(message(update("SET a.b[1].c = :v, a.b[7] = :v, a.b[5] = :w, a.x = :w",
                           R"({":v":{"S":"v"},":w":{"S":"w"}})")),
            "ok");
  EXPECT_EQ(stored(),
            R"({"PK":{"S":"k"},"a":{"M":{"b":{"L":[{"N":"0"},{"M":{"c":{"S":"v"}}},{"S":"w"},)"
            R"({"S":"v"}]},"x":{"S":"w"}}}})");
}

TEST_F(UpdateFixture, RemoveShiftsAndReadsOldPositions) {
  // ALT test_update_expression_nested_remove_list_item_original_number.
  hold(R"("a":{"L":[{"N":"2"},{"N":"3"},{"N":"4"},{"N":"5"},{"N":"6"},{"N":"7"}]})");
  ASSERT_EQ(message(update("REMOVE a[1] SET a[3] = :v", R"({":v":{"N":"17"}})")), "ok");
  EXPECT_EQ(stored(),
            R"({"PK":{"S":"k"},"a":{"L":[{"N":"2"},{"N":"4"},{"N":"17"},{"N":"6"},{"N":"7"}]}})");
  ASSERT_EQ(message(update("REMOVE a[9], a[0], a[2]")), "ok");
  EXPECT_EQ(stored(), R"({"PK":{"S":"k"},"a":{"L":[{"N":"4"},{"N":"6"},{"N":"7"}]}})");
}

TEST_F(UpdateFixture, PathIntoMissingParentIsRefused) {
  hold(R"("s":{"S":"x"})");
  const std::string bad =
      "The document path provided in the update expression is invalid for update";
  EXPECT_EQ(message(update("SET m.c = :v", R"({":v":{"N":"1"}})")), bad);
  EXPECT_EQ(message(update("SET s.c = :v", R"({":v":{"N":"1"}})")), bad);
  EXPECT_EQ(message(update("SET s[0] = :v", R"({":v":{"N":"1"}})")), bad);
  EXPECT_EQ(message(update("REMOVE m.c")), bad);
}

TEST_F(UpdateFixture, RemoveOnMissingItemWritesNothing) {
  EXPECT_EQ(message(update("REMOVE x.y, z[0]")), "ok");
  EXPECT_EQ(stored(), "none");
}

TEST_F(UpdateFixture, AddNumbersAndSets) {
  ASSERT_EQ(message(update("ADD n :n, s :s", R"({":n":{"N":"3"},":s":{"SS":["a","b"]}})")), "ok");
  ASSERT_EQ(message(update("ADD n :n, s :s", R"({":n":{"N":"-1"},":s":{"SS":["b","c"]}})")), "ok");
  EXPECT_EQ(stored(), R"({"PK":{"S":"k"},"n":{"N":"2"},"s":{"SS":["a","b","c"]}})");
  EXPECT_EQ(message(update("ADD s :n", R"({":n":{"N":"1"}})")),
            "An operand in the update expression has an incorrect data type");
  EXPECT_EQ(message(update("ADD s :v", R"({":v":{"NS":["1"]}})")),
            "An operand in the update expression has an incorrect data type");
  EXPECT_EQ(message(update("ADD s :v", R"({":v":{"S":"x"}})")),
            "Invalid UpdateExpression: Incorrect operand type for operator or function; "
            "operator: ADD, operand type: STRING");
  EXPECT_EQ(message(update("ADD s :v", R"({":v":{"L":[]}})")),
            "Invalid UpdateExpression: Incorrect operand type for operator or function; "
            "operator: ADD, operand type: LIST");
}

TEST_F(UpdateFixture, AddKeepsTheSetType) {
  ASSERT_EQ(message(update("ADD s :s", R"({":s":{"NS":["1","2.0"]}})")), "ok");
  ASSERT_EQ(message(update("ADD s :s", R"({":s":{"NS":["1.00","3"]}})")), "ok");
  EXPECT_EQ(stored(), R"({"PK":{"S":"k"},"s":{"NS":["1","2","3"]}})");
}

TEST_F(UpdateFixture, DeleteFromSetsAndTheLastElement) {
  hold(R"("s":{"SS":["a","b"]})");
  ASSERT_EQ(message(update("DELETE s :v", R"({":v":{"SS":["a","z"]}})")), "ok");
  EXPECT_EQ(stored(), R"({"PK":{"S":"k"},"s":{"SS":["b"]}})");
  ASSERT_EQ(message(update("DELETE s :v", R"({":v":{"SS":["b"]}})")), "ok");
  EXPECT_EQ(stored(), R"({"PK":{"S":"k"}})");
  EXPECT_EQ(message(update("DELETE s :v", R"({":v":{"N":"1"}})")),
            "Invalid UpdateExpression: Incorrect operand type for operator or function; "
            "operator: DELETE, operand type: NUMBER");
  hold(R"("s":{"SS":["a"]})");
  EXPECT_EQ(message(update("DELETE s :v", R"({":v":{"BS":["AA=="]}})")),
            "An operand in the update expression has an incorrect data type");
}

TEST_F(UpdateFixture, OverlappingPathsAreRefused) {
  const std::string values = R"({":v":{"N":"1"}})";
  EXPECT_EQ(message(update("SET a = :v REMOVE a", values)),
            "Invalid UpdateExpression: Two document paths overlap with each other; must remove "
            "or rewrite one of these paths; path one: [a], path two: [a]");
  EXPECT_FALSE(update("SET a = :v, a.b = :v", values));
  EXPECT_FALSE(update("SET a[1][1] = :v, a[1] = :v", values));
  EXPECT_NE(message(update("SET a.b = :v, a[1] = :v", values)).find("conflict"), std::string::npos);
  EXPECT_EQ(message(update("SET a.b = :v, a.c = :v", values)),
            "The document path provided in the update expression is invalid for update");
}

TEST_F(UpdateFixture, KeyAttributesCannotBeUpdated) {
  EXPECT_EQ(message(update("SET PK = :v", R"({":v":{"S":"x"}})")),
            "One or more parameter values were invalid: Cannot update attribute PK. This "
            "attribute is part of the key");
  EXPECT_FALSE(update("REMOVE PK.x"));
}

TEST_F(UpdateFixture, PlaceholdersUndefinedAndUnused) {
  EXPECT_EQ(message(update("SET a = :w", R"({":v":{"N":"1"}})")),
            "Invalid UpdateExpression: An expression attribute value used in expression is not "
            "defined; attribute value: :w");
  EXPECT_EQ(message(update("SET a = :v", R"({":v":{"N":"1"},":u":{"N":"1"}})")),
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:u}");
  EXPECT_FALSE(update("SET #a = :v", R"({":v":{"N":"1"}})"));
  EXPECT_FALSE(update("SET status = :v", R"({":v":{"N":"1"}})"));
}

TEST_F(UpdateFixture, EveryActionReadsTheItemBeforeTheUpdate) {
  hold(R"("a":{"N":"1"})");
  ASSERT_EQ(message(update("REMOVE a SET b = a")), "ok");
  EXPECT_EQ(stored(), R"({"PK":{"S":"k"},"b":{"N":"1"}})");
  EXPECT_EQ(message(update("SET x = :v, y = x", R"({":v":{"N":"1"}})")),
            "The provided expression refers to an attribute that does not exist in the item");
}

TEST_F(UpdateFixture, KeyIsReadableOnAMissingItem) {
  ASSERT_EQ(message(update("SET b = if_not_exists(b, PK)")), "ok");
  EXPECT_EQ(stored(), R"({"PK":{"S":"k"},"b":{"S":"k"}})");
}

TEST_F(UpdateFixture, IndexFollowsTheUpdate) {
  hold(R"("G":{"S":"g"})");
  EXPECT_EQ(*table->index_item_count("ByG"), 1u);
  ASSERT_EQ(message(update("REMOVE G")), "ok");
  EXPECT_EQ(*table->index_item_count("ByG"), 0u);
  ASSERT_EQ(message(update("SET G = :g", R"({":g":{"S":"h"}})")), "ok");
  EXPECT_EQ(*table->index_item_count("ByG"), 1u);
  // A wrong index key type is refused whole.
  EXPECT_FALSE(update("SET G = :g, z = :g", R"({":g":{"N":"1"}})"));
  EXPECT_EQ(stored(), R"({"G":{"S":"h"},"PK":{"S":"k"}})");
}

// ---- conditions and ReturnValues

TEST_F(UpdateFixture, ConditionFailsAndWritesNothing) {
  hold(R"("a":{"N":"1"})");
  UpdateItemRequest r;
  r.key = key();
  r.update_expression = "SET a = :two";
  r.condition = "a = :two";
  r.attributes.values[":two"] = *AttributeValue::N("2");
  r.return_values_on_condition_check_failure = ReturnValues::kAllOld;
  auto out = update_item(*table, r);
  ASSERT_TRUE(out);
  EXPECT_TRUE(out->condition_failed);
  ASSERT_TRUE(out->attributes);
  EXPECT_EQ(to_json(*out->attributes), R"({"PK":{"S":"k"},"a":{"N":"1"}})");
  r.return_values_on_condition_check_failure = ReturnValues::kAllNew;
  EXPECT_FALSE(update_item(*table, r));
  r.return_values_on_condition_check_failure = ReturnValues::kNone;
  r.condition = "attribute_exists(a)";
  out = update_item(*table, r);
  ASSERT_TRUE(out);
  EXPECT_FALSE(out->condition_failed);
  EXPECT_EQ(stored(), R"({"PK":{"S":"k"},"a":{"N":"2"}})");
}

TEST_F(UpdateFixture, ReturnValues) {
  hold(R"("a":{"N":"1"},"m":{"M":{"x":{"N":"1"},"y":{"N":"2"}}},"r":{"S":"x"})");
  const std::string values = R"({":v":{"N":"5"}})";
  auto old = update("SET a = :v, m.x = :v, n = :v REMOVE r", values, ReturnValues::kUpdatedOld);
  ASSERT_TRUE(old);
  EXPECT_EQ(to_json(*old->attributes),
            R"({"a":{"N":"1"},"m":{"M":{"x":{"N":"1"}}},"r":{"S":"x"}})");
  auto now = update("SET a = :v, m.x = :v, n = :v REMOVE r", values, ReturnValues::kUpdatedNew);
  EXPECT_EQ(to_json(*now->attributes),
            R"({"a":{"N":"5"},"m":{"M":{"x":{"N":"5"}}},"n":{"N":"5"}})");
  auto all = update("REMOVE n", "{}", ReturnValues::kAllNew);
  EXPECT_EQ(to_json(*all->attributes),
            R"({"PK":{"S":"k"},"a":{"N":"5"},"m":{"M":{"x":{"N":"5"},"y":{"N":"2"}}}})");
  auto none = update("REMOVE zz", "{}", ReturnValues::kUpdatedOld);
  EXPECT_FALSE(none->attributes);
}

TEST_F(UpdateFixture, ConditionalDelete) {
  hold(R"("a":{"N":"1"})");
  DeleteItemRequest r;
  r.key = key();
  r.condition = "a > :v";
  r.attributes.values[":v"] = *AttributeValue::N("1");
  r.return_values = ReturnValues::kAllOld;
  auto out = delete_item(*table, r);
  ASSERT_TRUE(out);
  EXPECT_TRUE(out->condition_failed);
  EXPECT_FALSE(out->attributes);
  EXPECT_EQ(stored(), R"({"PK":{"S":"k"},"a":{"N":"1"}})");
  r.condition = "a = :v";
  out = delete_item(*table, r);
  ASSERT_TRUE(out);
  EXPECT_FALSE(out->condition_failed);
  EXPECT_EQ(to_json(*out->attributes), R"({"PK":{"S":"k"},"a":{"N":"1"}})");
  EXPECT_EQ(stored(), "none");
  r.return_values = ReturnValues::kAllNew;
  EXPECT_FALSE(delete_item(*table, r));
}

// PutItem's ReturnValues and ReturnValuesOnConditionCheckFailure (AWS API
// reference PutItem; ALT test_returnvalues.py::test_put_item_returnvalues,
// ::test_put_item_returnvalues_on_condition_check_failure).
TEST_F(UpdateFixture, PutItemReturnValues) {
  PutItemRequest r;
  r.item = json_item(R"({"PK":{"S":"k"},"a":{"N":"1"}})");
  r.return_values = ReturnValues::kAllOld;
  auto out = put_item(*table, r);  // no item before: no Attributes
  ASSERT_TRUE(out);
  EXPECT_FALSE(out->condition_failed);
  EXPECT_FALSE(out->attributes);
  r.item = json_item(R"({"PK":{"S":"k"},"G":{"S":"g"}})");
  out = put_item(*table, r);
  ASSERT_TRUE(out);
  ASSERT_TRUE(out->attributes);
  EXPECT_EQ(to_json(*out->attributes), R"({"PK":{"S":"k"},"a":{"N":"1"}})");
  EXPECT_EQ(stored(), R"({"G":{"S":"g"},"PK":{"S":"k"}})");
  EXPECT_EQ(table->index_item_count("ByG").value(), 1u);
  for (ReturnValues bad :
       {ReturnValues::kAllNew, ReturnValues::kUpdatedOld, ReturnValues::kUpdatedNew}) {
    r.return_values = bad;
    auto refused = put_item(*table, r);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().message, "ReturnValues can only be ALL_OLD or NONE");
  }
  EXPECT_EQ(stored(), R"({"G":{"S":"g"},"PK":{"S":"k"}})");
}

TEST_F(UpdateFixture, PutItemFalseConditionRestoresAndReturnsTheHeldItem) {
  hold(R"("G":{"S":"g"})");
  PutItemRequest r;
  r.item = json_item(R"({"PK":{"S":"k"},"b":{"S":"new"}})");
  r.condition = "attribute_not_exists(PK)";
  r.return_values = ReturnValues::kAllOld;
  auto out = put_item(*table, r);
  ASSERT_TRUE(out);
  EXPECT_TRUE(out->condition_failed);
  EXPECT_FALSE(out->attributes);  // ALL_OLD on failure not asked
  r.return_values_on_condition_check_failure = ReturnValues::kAllOld;
  out = put_item(*table, r);
  ASSERT_TRUE(out);
  EXPECT_TRUE(out->condition_failed);
  ASSERT_TRUE(out->attributes);
  EXPECT_EQ(to_json(*out->attributes), R"({"G":{"S":"g"},"PK":{"S":"k"}})");
  EXPECT_EQ(stored(), R"({"G":{"S":"g"},"PK":{"S":"k"}})");
  EXPECT_EQ(table->index_item_count("ByG").value(), 1u);
  r.return_values_on_condition_check_failure = ReturnValues::kUpdatedNew;
  EXPECT_FALSE(put_item(*table, r));
}

TEST_F(UpdateFixture, PutItemOnAMissingItemUnderAFalseConditionLeavesNone) {
  PutItemRequest r;
  r.item = json_item(R"({"PK":{"S":"k"},"G":{"S":"g"}})");
  r.condition = "attribute_exists(PK)";
  r.return_values_on_condition_check_failure = ReturnValues::kAllOld;
  auto out = put_item(*table, r);
  ASSERT_TRUE(out);
  EXPECT_TRUE(out->condition_failed);
  EXPECT_FALSE(out->attributes);
  EXPECT_EQ(stored(), "none");
  EXPECT_EQ(table->index_item_count("ByG").value(), 0u);
}

// An item the table refuses is refused before the condition is read, and
// an unused placeholder before that.
TEST_F(UpdateFixture, PutItemErrorsComeBeforeTheCondition) {
  PutItemRequest r;
  r.item = json_item(R"({"PK":{"S":"k"},"G":{"N":"1"}})");  // G must be S for ByG
  r.condition = "attribute_exists(PK)";
  EXPECT_FALSE(put_item(*table, r));
  r.item = json_item(R"({"PK":{"S":"k"}})");
  r.attributes.values[":unused"] = *AttributeValue::N("1");
  auto refused = put_item(*table, r);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("unused"), std::string::npos);
  EXPECT_EQ(stored(), "none");
}

}  // namespace
}  // namespace sortkey
