#include "sortkey/table.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "sortkey/expression_builder.h"

namespace sortkey {
namespace {

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
AttributeValue N(std::string_view s) { return *AttributeValue::N(s); }

TableSchema pk_sk(AttributeType sort_type = AttributeType::kS) {
  TableSchema schema;
  schema.partition_key = {"PK", AttributeType::kS};
  schema.sort_key = KeyAttribute{"SK", sort_type};
  return schema;
}

Item item(std::initializer_list<std::pair<const std::string, AttributeValue>> attrs) {
  return Item(attrs);
}

std::vector<std::string> sort_keys(const Page& page, std::string_view attr = "SK") {
  std::vector<std::string> out;
  for (const StoredItem& i : page.items) {
    const AttributeValue v = *i.find(attr);
    out.push_back(v.type() == AttributeType::kN ? to_string(v.as_number()) : v.as_string());
  }
  return out;
}

QueryRequest on(std::string pk, std::string condition = "PK = :pk") {
  QueryRequest q;
  q.key_condition = std::move(condition);
  q.attributes.values[":pk"] = S(std::move(pk));
  return q;
}

TEST(Table, QueryOrdersBySortKeyBothWays) {
  auto t = Table::create(pk_sk(AttributeType::kN));
  ASSERT_TRUE(t);
  for (const char* n :
       {"-2e10", "-4.1", "0", "1", "1.00000000000000000000000001", "31.4", "1.4e10"}) {
    ASSERT_TRUE(t->put(item({{"PK", S("p")}, {"SK", N(n)}})));
  }
  auto page = t->query(on("p"));
  ASSERT_TRUE(page) << describe(page.error());
  EXPECT_EQ(sort_keys(*page),
            (std::vector<std::string>{"-20000000000", "-4.1", "0", "1",
                                      "1.00000000000000000000000001", "31.4", "14000000000"}));
  QueryRequest back = on("p");
  back.scan_index_forward = false;
  back.limit = 2;
  page = t->query(back);
  ASSERT_TRUE(page);
  EXPECT_EQ(sort_keys(*page), (std::vector<std::string>{"14000000000", "31.4"}));
  ASSERT_TRUE(page->last_evaluated_key);
  back.exclusive_start_key = page->last_evaluated_key;
  page = t->query(back);
  EXPECT_EQ(sort_keys(*page), (std::vector<std::string>{"1.00000000000000000000000001", "1"}));
  // "1000" and "1e3" are one key.
  ASSERT_TRUE(t->put(item({{"PK", S("p")}, {"SK", N("1e3")}, {"v", S("first")}})));
  ASSERT_TRUE(t->put(item({{"PK", S("p")}, {"SK", N("1000")}, {"v", S("second")}})));
  EXPECT_EQ(t->item_count(), 8u);
  EXPECT_EQ((*t->get(item({{"PK", S("p")}, {"SK", N("+1000.0")}})))->at("v").as_string(), "second");
}

TEST(Table, StringsSortByUtf8BytesNotUtf16) {
  auto t = Table::create(pk_sk());
  for (const char* s :
       {"\xF0\x9F\x98\x80", "\xEF\xBD\x9E", "\xEE\x80\x80", "z", "\xC2\xBF", "A", "a"}) {
    ASSERT_TRUE(t->put(item({{"PK", S("p")}, {"SK", S(s)}})));
  }
  EXPECT_EQ(sort_keys(*t->query(on("p"))),
            (std::vector<std::string>{"A", "a", "z", "\xC2\xBF", "\xEE\x80\x80", "\xEF\xBD\x9E",
                                      "\xF0\x9F\x98\x80"}));
}

TEST(Table, SortKeyConditions) {
  auto t = Table::create(pk_sk());
  for (const char* s : {"#TEAM#A", "#TEAM#B", "ORG#X", "USER#A", "USER#B", "ZZZ"}) {
    ASSERT_TRUE(t->put(item({{"PK", S("ORG#X")}, {"SK", S(s)}})));
  }
  auto run = [&](std::string cond, std::map<std::string, std::string> values, bool forward = true) {
    QueryRequest q = on("ORG#X", "PK = :pk AND " + cond);
    for (auto& [k, v] : values) q.attributes.values[k] = S(v);
    q.scan_index_forward = forward;
    auto page = t->query(q);
    EXPECT_TRUE(page) << cond << ": " << (page ? "" : describe(page.error()));
    return page ? sort_keys(*page) : std::vector<std::string>{};
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(run("SK <= :o", {{":o", "ORG#X"}}, false), (V{"ORG#X", "#TEAM#B", "#TEAM#A"}));
  EXPECT_EQ(run("SK >= :o", {{":o", "ORG#X"}}), (V{"ORG#X", "USER#A", "USER#B", "ZZZ"}));
  EXPECT_EQ(run(":o < SK", {{":o", "ORG#X"}}), (V{"USER#A", "USER#B", "ZZZ"}));
  EXPECT_EQ(run("SK < :o", {{":o", "ORG#X"}}), (V{"#TEAM#A", "#TEAM#B"}));
  EXPECT_EQ(run("begins_with(SK, :p)", {{":p", "USER#"}}), (V{"USER#A", "USER#B"}));
  EXPECT_EQ(run("SK BETWEEN :a AND :b", {{":a", "#TEAM#B"}, {":b", "USER#A"}}),
            (V{"#TEAM#B", "ORG#X", "USER#A"}));
  EXPECT_EQ(run("SK = :a", {{":a", "ZZZ"}}), (V{"ZZZ"}));
  EXPECT_EQ(run("SK BETWEEN :a AND :a", {{":a", "ZZZ"}}), (V{"ZZZ"}));
}

TEST(Table, KeyConditionErrors) {
  auto t = Table::create(pk_sk());
  auto err = [&](std::string cond, std::map<std::string, AttributeValue> values) {
    QueryRequest q;
    q.key_condition = std::move(cond);
    for (auto& [k, v] : values) q.attributes.values[k] = v;
    auto page = t->query(q);
    return page ? std::string("(ok)") : page.error().message;
  };
  EXPECT_EQ(err("PK < :p", {{":p", S("x")}}), "Query key condition not supported");
  EXPECT_EQ(err("SK = :p", {{":p", S("x")}}), "Query condition missed key schema element: PK");
  EXPECT_EQ(
      err("PK = :p AND SK > :a AND SK < :b", {{":p", S("x")}, {":a", S("a")}, {":b", S("b")}}),
      "Conditions can be of length 1 or 2 only");
  EXPECT_EQ(err("PK = :p AND SK > :a", {{":p", S("x")}, {":a", N("1")}}),
            "One or more parameter values were invalid: Condition parameter type does not match "
            "schema type");
  EXPECT_EQ(err("PK = :p OR SK > :a", {{":p", S("x")}, {":a", S("a")}}),
            "Invalid KeyConditionExpression: Invalid operator used in KeyConditionExpression: OR");
  EXPECT_EQ(
      err("PK = :p AND size(SK) > :a", {{":p", S("x")}, {":a", N("1")}}),
      "Invalid KeyConditionExpression: KeyConditionExpressions cannot contain nested operations");
  EXPECT_EQ(err("PK = :p AND SK.x > :a", {{":p", S("x")}, {":a", S("a")}}),
            "Invalid KeyConditionExpression: KeyConditionExpressions cannot have conditions on "
            "nested attributes");
  EXPECT_EQ(err("PK = :p AND x > :a", {{":p", S("x")}, {":a", S("a")}}),
            "Query condition missed key schema element: SK");
  EXPECT_NE(
      err("PK = :p AND SK BETWEEN :b AND :a", {{":p", S("x")}, {":a", S("a")}, {":b", S("b")}})
          .find("Invalid KeyConditionExpression: The BETWEEN operator requires upper bound"),
      std::string::npos);
  EXPECT_EQ(err("PK = :p", {{":p", S("x")}, {":q", S("y")}}),
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:q}");
  EXPECT_EQ(err("PK = :p AND SK = :a", {{":p", S("x")}, {":a", S("")}}),
            "One or more parameter values are not valid. The AttributeValue for a key attribute "
            "cannot contain "
            "an empty string value. Key: SK");
  auto n = Table::create(pk_sk(AttributeType::kN));
  QueryRequest q = on("x", "PK = :pk AND begins_with(SK, :n)");
  q.attributes.values[":n"] = N("1");
  EXPECT_NE(n->query(q).error().message.find("begins_with, operand type: N"), std::string::npos);
}

// ALT test_key_condition_expression_parser: one pair of redundant
// parentheses at each level is allowed, a second pair is refused.
TEST(Table, KeyConditionAllowsOnePairOfRedundantParenthesesPerLevel) {
  auto t = Table::create(pk_sk());
  auto run = [&](std::string cond) {
    QueryRequest q = on("x", std::move(cond));
    q.attributes.values[":c"] = S("y");
    auto page = t->query(q);
    return page ? std::string("(ok)") : page.error().message;
  };
  EXPECT_EQ(run("((SK = :c) AND (PK = :pk))"), "(ok)");
  EXPECT_EQ(run("(PK = :pk AND SK = :c)"), "(ok)");
  const std::string refused =
      "Invalid KeyConditionExpression: KeyConditionExpressions allow at most one pair of "
      "redundant parentheses around a condition";
  EXPECT_EQ(run("((SK = :c) AND ((PK = :pk)))"), refused);
  EXPECT_EQ(run("((PK = :pk AND SK = :c))"), refused);
}

TEST(Table, WriteValidation) {
  TableSchema schema = pk_sk();
  schema.indexes.push_back({"G", {{"g", AttributeType::kS}}, {{"h", AttributeType::kN}}, {}});
  auto t = Table::create(schema);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->put(item({{"PK", S("p")}})).error().message,
            "One or more parameter values were invalid: Missing the key SK in the item");
  EXPECT_EQ(
      t->put(item({{"PK", S("p")}, {"SK", N("1")}})).error().message,
      "One or more parameter values were invalid: Type mismatch for key SK expected: S actual: N");
  EXPECT_EQ(t->put(item({{"PK", S("")}, {"SK", S("s")}})).error().code, ErrorCode::kEmpty);
  EXPECT_EQ(t->put(item({{"PK", S(std::string(2049, 'x'))}, {"SK", S("s")}})).error().code,
            ErrorCode::kOutOfRange);
  EXPECT_TRUE(t->put(item({{"PK", S(std::string(2048, 'x'))}, {"SK", S(std::string(1024, 'y'))}})));
  EXPECT_EQ(t->put(item({{"PK", S("p")}, {"SK", S(std::string(1025, 'y'))}})).error().code,
            ErrorCode::kOutOfRange);
  EXPECT_EQ(t->put(item({{"PK", S("p")}, {"SK", S("s")}, {"g", N("1")}})).error().message,
            "One or more parameter values were invalid: Type mismatch for Index Key g Expected: S "
            "Actual: N "
            "IndexName: G");
  EXPECT_EQ(
      t->put(item({{"PK", S("p")}, {"SK", S("s")}, {"h", AttributeValue::Null()}})).error().code,
      ErrorCode::kBadParameter);
  EXPECT_EQ(t->put(item({{"PK", S("p")}, {"SK", S("s")}, {"g", S("")}})).error().code,
            ErrorCode::kEmpty);
  // 400 KB, names included: PK(2)+p(1)+SK(2)+s(1)+x(1) = 7 bytes of overhead.
  EXPECT_TRUE(
      t->put(item({{"PK", S("p")}, {"SK", S("s")}, {"x", S(std::string(kMaxItemSize - 7, 'a'))}})));
  EXPECT_EQ(
      t->put(item({{"PK", S("p")}, {"SK", S("s")}, {"x", S(std::string(kMaxItemSize - 6, 'a'))}}))
          .error()
          .message,
      "Item size has exceeded the maximum allowed size");
  EXPECT_EQ(t->item_count(), 2u);
  EXPECT_EQ(*t->index_item_count("G"), 0u);  // every rejected write left the index alone
}

TEST(Table, SparseIndexFollowsUpdates) {
  // examples/sparse.yaml: only Admins get GSI1SK, so the index holds exactly the Admins.
  TableSchema schema = pk_sk();
  schema.indexes.push_back({"Admins",
                            {{"PK", AttributeType::kS}},
                            {{"GSI1SK", AttributeType::kS}},
                            {ProjectionType::kKeysOnly, {}}});
  auto t = Table::create(schema);
  const Item key = item({{"PK", S("ORG#BERKSHIRE")}, {"SK", S("USER#charlie")}});
  ASSERT_TRUE(
      t->put(item({{"PK", S("ORG#BERKSHIRE")}, {"SK", S("USER#warren")}, {"GSI1SK", S("Admin")}})));
  ASSERT_TRUE(t->put(key));
  EXPECT_EQ(*t->index_item_count("Admins"), 1u);
  ASSERT_TRUE(t->update(key, {{{"GSI1SK", S("Admin")}, {"Name", S("Charlie")}}, {}}));
  EXPECT_EQ(*t->index_item_count("Admins"), 2u);
  QueryRequest q = on("ORG#BERKSHIRE");
  q.index_name = "Admins";
  auto page = t->query(q);
  ASSERT_TRUE(page);
  ASSERT_EQ(page->items.size(), 2u);
  EXPECT_FALSE(page->items[0].contains("Name"));  // KEYS_ONLY
  ASSERT_TRUE(page->items[0].contains("GSI1SK"));
  ASSERT_TRUE(t->update(key, {{}, {"GSI1SK"}}));
  EXPECT_EQ(*t->index_item_count("Admins"), 1u);
  EXPECT_EQ(t->update(key, {{{"SK", S("x")}}, {}}).error().message,
            "One or more parameter values were invalid: Cannot update attribute SK. This attribute "
            "is part of the key");
  ASSERT_TRUE(*t->delete_item(item({{"PK", S("ORG#BERKSHIRE")}, {"SK", S("USER#warren")}})));
  EXPECT_EQ(*t->index_item_count("Admins"), 0u);
}

TEST(Table, LimitCountsItemsReadBeforeTheFilter) {
  auto t = Table::create(pk_sk());
  for (int i = 0; i < 10; ++i) {
    ASSERT_TRUE(t->put(item({{"PK", S("p")},
                             {"SK", S(fmt::format("k{}", i))},
                             {"odd", AttributeValue::Bool(i % 2 == 1)}})));
  }
  QueryRequest q = on("p");
  q.filter = "odd = :t";
  q.attributes.values[":t"] = AttributeValue::Bool(true);
  q.limit = 3;
  auto page = t->query(q);
  ASSERT_TRUE(page);
  EXPECT_EQ(page->scanned_count, 3);
  EXPECT_EQ(page->count, 1);
  EXPECT_EQ(sort_keys(*page), (std::vector<std::string>{"k1"}));
  ASSERT_TRUE(page->last_evaluated_key);
  EXPECT_EQ(page->last_evaluated_key->at("SK").as_string(),
            "k2");  // read, filtered out, still the LEK
  // A page may be empty and still go on.
  q.exclusive_start_key = item({{"PK", S("p")}, {"SK", S("k1")}});
  q.limit = 1;
  page = t->query(q);
  EXPECT_EQ(page->count, 0);
  EXPECT_EQ(page->scanned_count, 1);
  EXPECT_TRUE(page->last_evaluated_key);
  // A start key need not exist: it starts after where it would be.
  q.exclusive_start_key = item({{"PK", S("p")}, {"SK", S("k4x")}});
  q.limit = 10;
  page = t->query(q);
  EXPECT_EQ(sort_keys(*page), (std::vector<std::string>{"k5", "k7", "k9"}));
  EXPECT_FALSE(page->last_evaluated_key);
  // Select COUNT.
  q.select = Select::kCount;
  page = t->query(q);
  EXPECT_TRUE(page->items.empty());
  EXPECT_EQ(page->count, 3);
  EXPECT_EQ(page->scanned_count, 5);
  // Filters may not use the queried keys.
  QueryRequest bad = on("p");
  bad.filter = "SK = :s";
  bad.attributes.values[":s"] = S("k1");
  EXPECT_EQ(
      t->query(bad).error().message,
      "Filter Expression can only contain non-primary key attributes: Primary key attribute: SK");
  EXPECT_EQ(
      [&] {
        QueryRequest z = on("p");
        z.limit = 0;
        return t->query(z).error().code;
      }(),
      ErrorCode::kBadParameter);
}

TEST(Table, ConsumedCapacityAndTheOneMegabyteCut) {
  auto t = Table::create(pk_sk());
  // Items of exactly 300 KiB: PK(2)+p(1)+SK(2)+kN(2)+v(1) = 8 bytes of names and keys.
  const std::size_t big = 300 * 1024;
  for (int i = 0; i < 5; ++i) {
    ASSERT_TRUE(t->put(item(
        {{"PK", S("p")}, {"SK", S(fmt::format("k{}", i))}, {"v", S(std::string(big - 8, 'x'))}})));
  }
  auto page = t->query(on("p"));
  ASSERT_TRUE(page);
  // 3 items are 900 KiB < 1 MiB: the 4th crosses it, is read, and the page stops.
  EXPECT_EQ(page->scanned_count, 4);
  EXPECT_EQ(page->bytes_read, 4 * big);
  EXPECT_EQ(page->consumed_capacity, 4.0 * big / 4096 / 2);  // eventually consistent: half
  ASSERT_TRUE(page->last_evaluated_key);
  QueryRequest q = on("p");
  q.exclusive_start_key = page->last_evaluated_key;
  q.consistent_read = true;
  page = t->query(q);
  EXPECT_EQ(page->scanned_count, 1);
  EXPECT_EQ(page->consumed_capacity, 75.0);
  EXPECT_FALSE(page->last_evaluated_key);
  // Nothing read still costs the minimum.
  page = t->query(on("nobody"));
  EXPECT_EQ(page->consumed_capacity, 0.5);
  EXPECT_EQ(read_capacity_units(4097, true), 2.0);
}

TEST(Table, MultiAttributeIndexKeys) {
  // The filtering guide's "Book vs today": a native (status, date) sort key.
  TableSchema schema;
  schema.partition_key = {"OrderId", AttributeType::kS};
  schema.indexes.push_back({"ByStatusDate",
                            {{"CustomerId", AttributeType::kS}},
                            {{"Status", AttributeType::kS}, {"Date", AttributeType::kS}},
                            {}});
  auto t = Table::create(schema);
  ASSERT_TRUE(t);
  int n = 0;
  for (const char* status : {"CANCELLED", "PLACED", "SHIPPED"}) {
    for (const char* date : {"2019-06-30", "2019-07-01", "2019-08-15", "2019-10-01"}) {
      ASSERT_TRUE(t->put(item({{"OrderId", S(fmt::format("o{}", n++))},
                               {"CustomerId", S("c1")},
                               {"Status", S(status)},
                               {"Date", S(date)}})));
    }
  }
  QueryRequest q;
  q.index_name = "ByStatusDate";
  q.key_condition = "CustomerId = :c AND #d BETWEEN :a AND :b AND #s = :s";
  q.attributes.names = {{"#s", "Status"}, {"#d", "Date"}};
  q.attributes.values = {
      {":c", S("c1")}, {":s", S("CANCELLED")}, {":a", S("2019-07-01")}, {":b", S("2019-09-30")}};
  auto page = t->query(q);
  ASSERT_TRUE(page) << describe(page.error());
  EXPECT_EQ(sort_keys(*page, "Date"), (std::vector<std::string>{"2019-07-01", "2019-08-15"}));
  // Only the last sort attribute may be a range, and no gaps.
  q.key_condition = "CustomerId = :c AND #d = :a";
  q.attributes.names.erase("#s");
  q.attributes.values.erase(":s");
  q.attributes.values.erase(":b");
  EXPECT_NE(t->query(q).error().message.find("Query key condition not supported"),
            std::string::npos);
  // The LEK of an index holds the index keys and the table key.
  QueryRequest all;
  all.index_name = "ByStatusDate";
  all.key_condition = "CustomerId = :c";
  all.attributes.values = {{":c", S("c1")}};
  all.limit = 1;
  page = t->query(all);
  ASSERT_TRUE(page->last_evaluated_key);
  EXPECT_EQ(page->last_evaluated_key->size(), 4u);
}

TEST(Table, FilterPaysForWhatItDiscards) {
  // examples/orders.yaml: 200 orders of one customer, a quarter CANCELLED; "CANCELLED
  // between July and September" as a key condition on STATUS#DATE and as a
  // FilterExpression on the table.
  TableSchema schema;
  schema.partition_key = {"CustomerId", AttributeType::kS};
  schema.sort_key = KeyAttribute{"OrderId", AttributeType::kS};
  schema.indexes.push_back({"OrderStatusDateGSI",
                            {{"CustomerId", AttributeType::kS}},
                            {{"OrderStatusDate", AttributeType::kS}},
                            {}});
  auto t = Table::create(schema);
  const char* statuses[] = {"PLACED", "SHIPPED", "CANCELLED", "RETURNED"};
  int matches = 0;
  for (int i = 0; i < 200; ++i) {
    const std::string status = statuses[i % 4];
    const std::string date = fmt::format("2019-{:02}-{:02}", 1 + i % 12, 1 + i % 28);
    if (status == "CANCELLED" && date >= "2019-07-01" && date <= "2019-09-30") ++matches;
    ASSERT_TRUE(t->put(item({{"CustomerId", S("c1")},
                             {"OrderId", S(fmt::format("o{:03}", i))},
                             {"Status", S(status)},
                             {"OrderDate", S(date)},
                             {"OrderStatusDate", S(status + "#" + date)}})));
  }
  ASSERT_GT(matches, 10);
  QueryRequest by_key;
  by_key.index_name = "OrderStatusDateGSI";
  by_key.key_condition = "CustomerId = :c AND OrderStatusDate BETWEEN :lo AND :hi";
  by_key.attributes.values = {
      {":c", S("c1")}, {":lo", S("CANCELLED#2019-07-01")}, {":hi", S("CANCELLED#2019-09-30")}};
  QueryRequest by_filter;
  by_filter.key_condition = "CustomerId = :c";
  by_filter.filter = "#s = :s AND OrderDate BETWEEN :lo AND :hi";
  by_filter.attributes.names = {{"#s", "Status"}};
  by_filter.attributes.values = {
      {":c", S("c1")}, {":s", S("CANCELLED")}, {":lo", S("2019-07-01")}, {":hi", S("2019-09-30")}};
  auto key_all = t->query(by_key);
  auto filter_all = t->query(by_filter);
  ASSERT_TRUE(key_all && filter_all);
  EXPECT_EQ(key_all->count, matches);
  EXPECT_EQ(key_all->scanned_count, matches);
  EXPECT_EQ(filter_all->count, matches);
  EXPECT_EQ(filter_all->scanned_count, 200);  // paid for every order of the customer
  EXPECT_GT(filter_all->consumed_capacity, key_all->consumed_capacity);
  // Limit=10: the key condition fills the page, the filter returns what it
  // found among the 10 items it read, and a LastEvaluatedKey.
  by_key.limit = 10;
  by_filter.limit = 10;
  auto key_page = t->query(by_key);
  auto filter_page = t->query(by_filter);
  EXPECT_EQ(key_page->count, 10);
  EXPECT_LT(filter_page->count, 10);
  EXPECT_EQ(filter_page->scanned_count, 10);
  EXPECT_TRUE(filter_page->last_evaluated_key.has_value());
}

// The reproduction DynamoDB refuses and the model once answered: a filter
// comparing an attribute with itself, on any table, read or not.
TEST(Table, OperandsMustBeDistinctInEveryExpression) {
  auto t = Table::create(pk_sk());
  ASSERT_TRUE(t->put(item({{"PK", S("a")}, {"SK", S("1")}, {"n", N("1")}})));
  const std::string refusal =
      "The first operand must be distinct from the remaining operands for this operator or "
      "function; ";
  QueryRequest q = on("a");
  q.filter = "n > n";
  EXPECT_EQ(t->query(q).error().message,
            "Invalid FilterExpression: " + refusal + "operator: >, first operand: [n]");
  QueryRequest empty = on("nobody");  // no item read: refused all the same
  empty.filter = "contains(#n, n)";
  empty.attributes.names["#n"] = "n";
  EXPECT_EQ(t->query(empty).error().message,
            "Invalid FilterExpression: " + refusal + "operator: contains, first operand: [n]");
  ScanRequest scan;
  scan.filter = "SK BETWEEN :lo AND SK";
  scan.attributes.values[":lo"] = S("0");
  EXPECT_EQ(t->scan(scan).error().message,
            "Invalid FilterExpression: " + refusal + "operator: BETWEEN, first operand: [SK]");
  QueryRequest key = on("a", "PK = :pk AND begins_with(SK, SK)");
  EXPECT_EQ(t->query(key).error().message, "Invalid KeyConditionExpression: " + refusal +
                                               "operator: begins_with, first operand: [SK]");
  QueryRequest distinct = on("a");
  distinct.filter = "n = m";  // two attributes: allowed
  EXPECT_TRUE(t->query(distinct));
}

TEST(Table, ScanVisitsEveryItemOnceAcrossPages) {
  auto t = Table::create(pk_sk());
  for (int p = 0; p < 4; ++p) {
    for (int s = 0; s < 3; ++s) {
      ASSERT_TRUE(
          t->put(item({{"PK", S(fmt::format("p{}", p))}, {"SK", S(fmt::format("s{}", s))}})));
    }
  }
  ScanRequest scan;
  scan.limit = 5;
  std::size_t seen = 0;
  int pages = 0;
  while (true) {
    auto page = t->scan(scan);
    ASSERT_TRUE(page);
    seen += page->items.size();
    ++pages;
    if (!page->last_evaluated_key) break;
    scan.exclusive_start_key = page->last_evaluated_key;
  }
  EXPECT_EQ(seen, 12u);
  EXPECT_EQ(pages, 3);
  ScanRequest filtered;
  filtered.filter = "PK = :p";  // Scan may filter on keys
  filtered.attributes.values[":p"] = S("p2");
  EXPECT_EQ(t->scan(filtered)->count, 3);
}

TEST(ExpressionBuilder, AuditLogWindow) {
  KeyQuery q;
  q.table_name = "AuditLog";
  q.partition = {{"PK", S("ACTOR#u_8814")}};
  q.sort_attribute = "SK";
  q.sort = SortCondition::between(S("EVT#2026-06-23T00:00:00Z"), S("EVT#2026-06-23T23:59:59Z"));
  q.scan_index_forward = false;
  auto built = build_key_condition(q);
  ASSERT_TRUE(built);
  EXPECT_EQ(built->expression, "#pk = :pk AND #sk BETWEEN :lo AND :hi");
  EXPECT_EQ(
      to_request_json(*built, -1),
      R"({"ExpressionAttributeNames":{"#pk":"PK","#sk":"SK"},"ExpressionAttributeValues":{)"
      R"(":hi":{"S":"EVT#2026-06-23T23:59:59Z"},":lo":{"S":"EVT#2026-06-23T00:00:00Z"},":pk":{"S":"ACTOR#u_8814"}},)"
      R"("KeyConditionExpression":"#pk = :pk AND #sk BETWEEN :lo AND :hi","ScanIndexForward":false,)"
      R"("TableName":"AuditLog"})");
  // The bounds reversed are caught before DynamoDB sees them.
  q.sort = SortCondition::between(S("EVT#2026-06-23T23:59:59Z"), S("EVT#2026-06-23T00:00:00Z"));
  EXPECT_EQ(build_key_condition(q).error().code, ErrorCode::kOutOfRange);
  // Numbers by value: 10 > 9 although "10" < "9".
  q.sort = SortCondition::between(N("10"), N("9"));
  EXPECT_EQ(build_key_condition(q).error().code, ErrorCode::kOutOfRange);
  q.sort = SortCondition::begins_with(N("1"));
  EXPECT_EQ(build_key_condition(q).error().code, ErrorCode::kBadParameter);
}

TEST(ExpressionBuilder, ReservedNamesRunOnTheEngine) {
  TableSchema schema;
  schema.partition_key = {"Year", AttributeType::kN};
  schema.sort_key = KeyAttribute{"Date", AttributeType::kS};
  auto t = Table::create(schema);
  for (const char* d : {"2026-01-01", "2026-06-01", "2026-12-31"}) {
    ASSERT_TRUE(t->put(item({{"Year", N("2026")}, {"Date", S(d)}})));
  }
  KeyQuery q;
  q.partition = {{"Year", N("2026")}};
  q.sort_attribute = "Date";
  q.sort = SortCondition::ge(S("2026-06-01"));
  auto built = build_key_condition(q);
  ASSERT_TRUE(built);
  auto page = t->query(to_query_request(*built));
  ASSERT_TRUE(page) << describe(page.error());
  EXPECT_EQ(page->count, 2);
  // Written by hand with the bare reserved word, the same Query is rejected.
  QueryRequest by_hand;
  by_hand.key_condition = "Year = :y AND Date >= :d";
  by_hand.attributes.values = {{":y", N("2026")}, {":d", S("2026-06-01")}};
  EXPECT_EQ(t->query(by_hand).error().message,
            "Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved "
            "keyword: Year");
}

TEST(Table, SelectAndProjectionExpression) {
  TableSchema schema = pk_sk();
  schema.indexes.push_back(
      {"keys", {{"G", AttributeType::kS}}, {}, {ProjectionType::kKeysOnly, {}}});
  auto t = Table::create(schema);
  ASSERT_TRUE(t);
  ASSERT_TRUE(t->put(item({{"PK", S("p")}, {"SK", S("1")}, {"G", S("g")}, {"x", S("x1")}})));
  QueryRequest q = on("p");
  q.projection = "x, #s";
  q.attributes.names["#s"] = "SK";
  auto page = t->query(q);
  ASSERT_TRUE(page) << describe(page.error());
  ASSERT_EQ(page->items.size(), 1u);
  EXPECT_EQ(to_json(page->items[0].to_item()), R"({"SK":{"S":"1"},"x":{"S":"x1"}})");
  q.select = Select::kSpecificAttributes;
  EXPECT_TRUE(t->query(q));
  auto refused = [&](QueryRequest r) {
    auto p = t->query(r);
    return p ? std::string("(accepted)") : p.error().message;
  };
  for (Select s : {Select::kAllAttributes, Select::kCount}) {
    QueryRequest r = q;
    r.select = s;
    EXPECT_NE(refused(r).find("Cannot specify the ProjectionExpression when choosing to get"),
              std::string::npos)
        << select_name(s);
  }
  QueryRequest projected = q;
  projected.select = Select::kAllProjectedAttributes;
  EXPECT_NE(refused(projected).find("ALL_PROJECTED_ATTRIBUTES is not supported for a table"),
            std::string::npos);
  projected.index_name = "keys";
  projected.key_condition = "G = :pk";
  EXPECT_NE(refused(projected).find("when choosing to get ALL_PROJECTED_ATTRIBUTES"),
            std::string::npos);
  QueryRequest bare = on("p");
  bare.select = Select::kSpecificAttributes;
  EXPECT_EQ(refused(bare),
            "Must specify the AttributesToGet or ProjectionExpression when choosing to get "
            "SPECIFIC_ATTRIBUTES");
  QueryRequest unused = q;
  unused.attributes.names["#u"] = "u";
  EXPECT_NE(refused(unused).find("keys: {#u}"), std::string::npos);
  ScanRequest scan;
  scan.projection = "x";
  auto scanned = t->scan(scan);
  ASSERT_TRUE(scanned);
  EXPECT_EQ(to_json(scanned->items.at(0).to_item()), R"({"x":{"S":"x1"}})");
  scan.select = Select::kCount;
  EXPECT_FALSE(t->scan(scan));
}

TEST(Table, PutIfAttributeNotExistsKeepsKeysUnique) {
  auto t = Table::create(pk_sk());
  ASSERT_TRUE(t);
  ExpressionAttributes attrs;
  attrs.names["#pk"] = "PK";
  const Item first = item({{"PK", S("USER#a")}, {"SK", S("A")}, {"v", S("1")}});
  auto written = put_if(*t, first, "attribute_not_exists(#pk)", attrs);
  ASSERT_TRUE(written) << describe(written.error());
  EXPECT_TRUE(*written);
  written = put_if(*t, item({{"PK", S("USER#a")}, {"SK", S("A")}, {"v", S("2")}}),
                   "attribute_not_exists(#pk)", attrs);
  ASSERT_TRUE(written);
  EXPECT_FALSE(*written);
  EXPECT_EQ(to_json(**t->get(item({{"PK", S("USER#a")}, {"SK", S("A")}}))), to_json(first));
  // A failed condition on a key the table does not hold leaves nothing behind.
  written = put_if(*t, item({{"PK", S("USER#b")}, {"SK", S("A")}}), "attribute_exists(#pk)", attrs);
  ASSERT_TRUE(written);
  EXPECT_FALSE(*written);
  EXPECT_EQ(t->item_count(), 1u);
  // Validation comes before the condition.
  auto bad = put_if(*t, item({{"PK", S("USER#a")}}), "attribute_not_exists(#pk)", attrs);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("Missing the key SK"), std::string::npos);
  bad = put_if(*t, first, "attribute_not_exists(PK)", attrs);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("unused in expressions: keys: {#pk}"), std::string::npos);
  bad = put_if(*t, first, "attribute_not_exists(", {});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message.substr(0, 28), "Invalid ConditionExpression:");
}

}  // namespace
}  // namespace sortkey
