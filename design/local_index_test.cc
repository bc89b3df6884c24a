// Local secondary indexes in the design format: read into the table's
// schema, refused with the file's position where DynamoDB would refuse the
// table, read by patterns (ConsistentRead allowed, non-projected attributes
// fetched from the table), and created on an endpoint as LocalSecondaryIndexes.
#include <gtest/gtest.h>

#include <string>

#include "design/design_props.h"
#include "design/drawing.h"
#include "design/items.h"
#include "design/load.h"
#include "design/tests/test_values.h"
#include "dynamodb/tables.h"

namespace sortkey::design {
namespace {

using testing::text_value;

constexpr const char* kTickets = R"(table:
  partition_key: PK
  sort_key: SK
  local_indexes:
    - name: ByStatus
      sort_key: LSI1SK
      projection: keys_only
entities:
  Ticket:
    attributes:
      org: {type: string, alphabet: upper, length: [1, 3]}
      ticket: {type: string, alphabet: digits, length: [1, 3]}
      status: {type: enum, values: [OPEN, CLOSED], mutable: true}
    keys:
      PK: "ORG#{org}"
      SK: "TICKET#{ticket}"
      LSI1SK: "{status}#{ticket}"
patterns:
  open_tickets:
    query:
      index: ByStatus
      partition: {PK: "ORG#{org}"}
      sort: {LSI1SK: {begins_with: "OPEN#"}}
      consistent: true
    parameters:
      org: {like: Ticket.org}
    returns:
      - {entity: Ticket, where: {org: $org, status: OPEN}}
    order: any
)";

std::string lsi_error_of(const std::string& text) {
  auto d = load_design_text(text, "d.yaml");
  return d ? "loaded" : d.error().message;
}

std::string lsi_replaced(std::string text, const std::string& from, const std::string& to) {
  text.replace(text.find(from), from.size(), to);
  return text;
}

TEST(LocalIndex, GoesIntoTheTablesLocalIndexes) {
  auto d = load_design_text(kTickets, "d.yaml");
  ASSERT_TRUE(d) << d.error().message;
  ASSERT_EQ(d->schema.local_indexes.size(), 1u);
  EXPECT_TRUE(d->schema.indexes.empty());
  const LocalIndexSchema& lsi = d->schema.local_indexes[0];
  EXPECT_EQ(lsi.name, "ByStatus");
  EXPECT_EQ(lsi.sort_key.name, "LSI1SK");
  EXPECT_EQ(lsi.projection.type, ProjectionType::kKeysOnly);
  const IndexDesign* ix = d->index("ByStatus");
  ASSERT_NE(ix, nullptr);
  EXPECT_TRUE(ix->local);
  ASSERT_EQ(ix->schema.partition_key.size(), 1u);
  EXPECT_EQ(ix->schema.partition_key[0].name, "PK");
  EXPECT_EQ(d->lines.at("index/ByStatus"), 5);
  EXPECT_TRUE(d->patterns[0].consistent);
}

TEST(LocalIndex, MistakesAreOneLineErrorsWithThePosition) {
  EXPECT_EQ(lsi_error_of(lsi_replaced(kTickets, "  sort_key: SK\n", "")),
            "d.yaml:4:5: /table/local_indexes: the table has no sort_key, and only a table with "
            "one has local indexes (DynamoDB: Table KeySchema does not have a range key, which is "
            "required when specifying a LocalSecondaryIndex)");
  std::string six;
  for (int i = 0; i < 6; ++i) six += "    - {name: L" + std::to_string(i) + ", sort_key: LSI1SK}\n";
  EXPECT_EQ(
      lsi_error_of(lsi_replaced(kTickets,
                                "    - name: ByStatus\n      sort_key: LSI1SK\n      projection: "
                                "keys_only\n",
                                six)),
      "d.yaml:5:5: /table/local_indexes: has 6 local indexes, more than DynamoDB's limit "
      "of 5 a table");
  EXPECT_EQ(
      lsi_error_of(lsi_replaced(kTickets, "  local_indexes:\n",
                                "  indexes:\n    - {name: ByStatus, partition_key: GSI1PK}\n  "
                                "local_indexes:\n")),
      "d.yaml:7:13: /table/local_indexes/0/name: ByStatus names another index too: global "
      "and local indexes share one set of names (DynamoDB: Duplicate index name)");
  EXPECT_EQ(lsi_error_of(lsi_replaced(kTickets, "sort_key: LSI1SK", "sort_key: [LSI1SK, X]")),
            "d.yaml:6:17: /table/local_indexes/0/sort_key: a local index has one sort-key "
            "attribute, not a list");
  EXPECT_EQ(lsi_error_of(lsi_replaced(kTickets, "sort_key: LSI1SK", "sort_key: PK")),
            "d.yaml:6:17: /table/local_indexes/0/sort_key: PK is the table's partition key: a "
            "local index sorts its partitions by another attribute");
  EXPECT_EQ(lsi_error_of(lsi_replaced(kTickets, "keys_only", "some")),
            "d.yaml:7:19: /table/local_indexes/0/projection: must be all, keys_only or a list of "
            "attributes, not \"some\"");
  EXPECT_EQ(
      lsi_error_of(lsi_replaced(kTickets, "sort_key: LSI1SK", "partition_key: X")).substr(0, 60),
      "d.yaml:6:22: /table/local_indexes/0/partition_key: unknown k");
  // A key template of the LSI's sort key is a key of the table now.
  EXPECT_NE(lsi_error_of(lsi_replaced(kTickets, "LSI1SK: \"{status}", "LSI2SK: \"{status}"))
                .find("LSI2SK is a key of neither the table nor an index (did you mean LSI1SK?)"),
            std::string::npos);
}

TEST(LocalIndex, ConsistentReadOnAGlobalIndexIsRefused) {
  const std::string gsi = lsi_replaced(lsi_replaced(kTickets, "  local_indexes:\n", "  indexes:\n"),
                                       "      sort_key: LSI1SK\n",
                                       "      partition_key: PK2\n      sort_key: LSI1SK\n");
  const std::string with_key = lsi_replaced(gsi, "      LSI1SK: \"{status}",
                                            "      PK2: \"ORG#{org}\"\n      LSI1SK: \"{status}");
  EXPECT_EQ(lsi_error_of(lsi_replaced(with_key, "partition: {PK:", "partition: {PK2:")),
            "d.yaml:26:19: /patterns/open_tickets/query/consistent: ByStatus is a global index, "
            "and DynamoDB refuses ConsistentRead on one: read a local index or the table");
  EXPECT_EQ(lsi_error_of(lsi_replaced(lsi_replaced(with_key, "partition: {PK:", "partition: {PK2:"),
                                      "consistent: true", "consistent: false")),
            "loaded");
}

TEST(LocalIndex, APatternReadsItConsistentlyAndGetsWhatItDeclares) {
  auto d = load_design_text(kTickets, "d.yaml");
  ASSERT_TRUE(d) << d.error().message;
  const EntityType* t = &d->entities[0];
  const auto ticket = [&](const char* org, const char* id, const char* status) {
    Value s;
    s.type = AttrType::kEnum;
    s.text = status;
    return Entity{t, {text_value(org), text_value(id), s}};
  };
  const Population pop{ticket("A", "1", "OPEN"), ticket("A", "2", "CLOSED"),
                       ticket("A", "3", "OPEN"), ticket("B", "1", "OPEN")};
  const Params params{{"org", text_value("A")}};
  auto request = pattern_request(*d, d->patterns[0], params, std::nullopt);
  ASSERT_TRUE(request) << request.error().message;
  EXPECT_TRUE(request->query.consistent_read);
  EXPECT_NE(request->json.find("\"ConsistentRead\":true"), std::string::npos) << request->json;
  EXPECT_NE(request->json.find("\"IndexName\":\"ByStatus\""), std::string::npos) << request->json;
  for (int limit : {1, 2, 5}) {
    const Outcome o =
        pattern_returns(*in_memory_source(), *d, d->patterns[0], pop, params, limit, nullptr);
    EXPECT_TRUE(o.ok()) << o.message();
  }
  // A declaration the index does not answer fails: the proof reads the
  // index, and shows the consistent request it sent.
  Design wrong = *d;
  wrong.patterns[0].returns[0].where.all[1].operands[0].literal.text = "CLOSED";
  const Outcome o =
      pattern_returns(*in_memory_source(), wrong, wrong.patterns[0], pop, params, 5, nullptr);
  ASSERT_FALSE(o.ok());
  EXPECT_NE(o.message().find("\"ConsistentRead\":true"), std::string::npos) << o.message();
}

TEST(LocalIndex, AnUpdateMovesTheItemInTheLocalIndex) {
  auto d = load_design_text(kTickets, "d.yaml");
  ASSERT_TRUE(d) << d.error().message;
  const EntityType* t = &d->entities[0];
  Value open;
  open.type = AttrType::kEnum;
  open.text = "OPEN";
  Value closed = open;
  closed.text = "CLOSED";
  const Population pop{Entity{t, {text_value("A"), text_value("1"), open}}};
  const Outcome o = index_follows(*in_memory_source(), *d, d->indexes[0], pop,
                                  attribute_update(pop, 0, 2, closed));
  EXPECT_TRUE(o.ok()) << o.message();
}

TEST(LocalIndex, ThePageDrawsItBesideTheGlobalOnes) {
  auto d = load_design_text(kTickets, "d.yaml");
  ASSERT_TRUE(d) << d.error().message;
  Value open;
  open.type = AttrType::kEnum;
  open.text = "OPEN";
  const Population pop{Entity{&d->entities[0], {text_value("A"), text_value("1"), open}}};
  auto drawn = draw_indexes(*d, pop);
  ASSERT_TRUE(drawn) << drawn.error().message;
  ASSERT_EQ(drawn->size(), 1u);
  EXPECT_TRUE((*drawn)[0].local);
  EXPECT_EQ((*drawn)[0].partition_key, std::vector<std::string>{"PK"});
  EXPECT_EQ((*drawn)[0].sort_key, std::vector<std::string>{"LSI1SK"});
  ASSERT_EQ((*drawn)[0].collections.size(), 1u);
  EXPECT_EQ((*drawn)[0].collections[0].items.size(), 1u);
}

TEST(LocalIndex, CreateTableNamesItAsALocalSecondaryIndex) {
  auto d = load_design_text(kTickets, "d.yaml");
  ASSERT_TRUE(d) << d.error().message;
  const nlohmann::json j = dynamodb::table_definition(d->schema);
  EXPECT_FALSE(j.contains("GlobalSecondaryIndexes"));
  ASSERT_TRUE(j.contains("LocalSecondaryIndexes")) << j.dump();
  EXPECT_EQ(j["LocalSecondaryIndexes"].dump(),
            R"([{"IndexName":"ByStatus","KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},)"
            R"({"AttributeName":"LSI1SK","KeyType":"RANGE"}],)"
            R"("Projection":{"ProjectionType":"KEYS_ONLY"}}])");
  EXPECT_NE(
      j["AttributeDefinitions"].dump().find(R"({"AttributeName":"LSI1SK","AttributeType":"S"})"),
      std::string::npos)
      << j.dump();
}

}  // namespace
}  // namespace sortkey::design
