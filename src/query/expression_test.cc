#include "sortkey/expression.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

namespace sortkey {
namespace internal {
bool reserved_words_sorted();
}  // namespace internal
namespace {

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
AttributeValue N(std::string_view s) { return *AttributeValue::N(s); }

struct Fixture {
  ExpressionAttributes attrs;
  ExpressionUses uses;
  Result<Condition> parse(std::string_view text, ExpressionKind kind = ExpressionKind::kFilter) {
    return parse_condition(text, kind, attrs, &uses);
  }
  std::string error(std::string_view text, ExpressionKind kind = ExpressionKind::kFilter) {
    auto c = parse(text, kind);
    return c ? std::string("(parsed)") : c.error().message;
  }
  bool matches(std::string_view text, const Item& item) {
    auto c = parse(text);
    EXPECT_TRUE(c) << text << ": " << (c ? "" : describe(c.error()));
    return c && evaluate(*c, item);
  }
};

Item sample() {
  Item item;
  item["i"] = N("3");
  item["s"] = S("hello");
  item["b"] = AttributeValue::B(std::string("\x01\xFF", 2));
  item["l"] = AttributeValue::L({N("1"), S("x")});
  item["m"] = AttributeValue::M({{"a", S("dog")}, {"b", N("4")}});
  item["ns"] = *AttributeValue::NS({*parse_number("1"), *parse_number("2")});
  item["ss"] = *AttributeValue::SS({"a", "b"});
  item["t"] = AttributeValue::Bool(true);
  item["j"] = N("3.00");
  return item;
}

TEST(Expression, ReservedWordsAreSortedAndCaseInsensitive) {
  EXPECT_TRUE(internal::reserved_words_sorted());
  EXPECT_TRUE(is_reserved_word("Status"));
  EXPECT_TRUE(is_reserved_word("date"));
  EXPECT_TRUE(is_reserved_word("SIZE"));
  EXPECT_FALSE(is_reserved_word("PK"));
  EXPECT_FALSE(is_reserved_word("GSI1SK"));
}

TEST(Expression, Comparisons) {
  Fixture f;
  f.attrs.values = {{":three", N("3")}, {":s", S("hello")}, {":str3", S("3")}, {":two", N("2")}};
  const Item item = sample();
  EXPECT_TRUE(f.matches("i = :three", item));
  EXPECT_TRUE(f.matches(":three = i", item));
  EXPECT_TRUE(f.matches("i = j", item));       // 3 = 3.00 by value
  EXPECT_FALSE(f.matches("i = :str3", item));  // across types: false
  EXPECT_TRUE(f.matches("i <> :str3", item));
  EXPECT_TRUE(f.matches("absent <> :three", item));
  EXPECT_FALSE(f.matches("absent = :three", item));
  EXPECT_FALSE(f.matches("absent < :three", item));
  EXPECT_FALSE(f.matches("l <= :three", item));  // a list: false, not an error
  EXPECT_TRUE(f.matches(":two < i", item));
  EXPECT_TRUE(f.matches("i BETWEEN :two AND :three", item));
  EXPECT_TRUE(f.matches("i In (:two, :three)", item));
  EXPECT_TRUE(f.matches("s IN (:s)", item));
}

TEST(Expression, PrecedenceNotAndOr) {
  Fixture f;
  f.attrs.values = {{":a", N("1")}, {":b", N("3")}, {":s", S("nope")}};
  const Item item = sample();
  // AND binds tighter than OR: i=:b OR (i=:a AND s=:s).
  EXPECT_TRUE(f.matches("i = :b OR i = :a AND s = :s", item));
  // NOT binds tighter than AND.
  EXPECT_FALSE(f.matches("NOT i = :b AND s = :s", item));
  EXPECT_TRUE(f.matches("NoT (i = :b AND s = :s)", item));
  EXPECT_TRUE(f.matches("(((i = :b)))", item));
}

TEST(Expression, Functions) {
  Fixture f;
  f.attrs.values = {
      {":he", S("he")},   {":one", N("1")}, {":a", S("a")},
      {":dog", S("dog")}, {":t", S("NS")},  {":five", N("5")},
      {":two", N("2")},   {":x", S("x")},   {":b1", AttributeValue::B(std::string("\x01", 1))}};
  const Item item = sample();
  EXPECT_TRUE(f.matches("begins_with(s, :he)", item));
  EXPECT_TRUE(f.matches("begins_with(b, :b1)", item));
  EXPECT_FALSE(f.matches("begins_with(absent, :he)", item));
  EXPECT_TRUE(f.matches("contains(s, :he)", item));
  EXPECT_TRUE(f.matches("contains(ns, :one)", item));
  EXPECT_TRUE(f.matches("contains(ss, :a)", item));
  EXPECT_TRUE(f.matches("contains(l, :x)", item));
  EXPECT_FALSE(f.matches("contains(m, :dog)", item));  // never a map
  EXPECT_TRUE(f.matches("m.a = :dog", item));
  EXPECT_TRUE(f.matches("l[1] = :x", item));
  EXPECT_TRUE(f.matches("attribute_exists(m.b)", item));
  EXPECT_TRUE(f.matches("attribute_not_exists(m.c)", item));
  EXPECT_TRUE(f.matches("attribute_type(ns, :t)", item));
  EXPECT_TRUE(f.matches("size(s) = :five", item));
  EXPECT_TRUE(f.matches("size(m) = :two", item));
  EXPECT_FALSE(f.matches("size(i) < :five", item));  // size of N has no value
  EXPECT_FALSE(f.matches("size(i) >= :five", item));
}

TEST(Expression, Placeholders) {
  Fixture f;
  f.attrs.names = {{"#st", "Status"}};
  f.attrs.values = {{":v", S("OPEN")}};
  Item item;
  item["Status"] = S("OPEN");
  EXPECT_TRUE(f.matches("#st = :v", item));
  EXPECT_TRUE(f.uses.names.contains("#st"));
  EXPECT_TRUE(f.uses.values.contains(":v"));
  EXPECT_TRUE(check_all_used(f.attrs, f.uses));
  f.attrs.values[":qq"] = S("x");
  EXPECT_EQ(check_all_used(f.attrs, f.uses).error().message,
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:qq}");
}

TEST(Expression, Errors) {
  Fixture f;
  f.attrs.values = {{":i", N("3")},     {":lo", N("7")}, {":hi", N("4")},
                    {":t", S("HELLO")}, {":s", S("x")},  {":l", AttributeValue::L({})}};
  EXPECT_EQ(f.error("i != :i"),
            R"(Invalid FilterExpression: Syntax error; token: "!", near: "i !=")");
  EXPECT_EQ(f.error("  "), "Invalid FilterExpression: The expression can not be empty;");
  EXPECT_EQ(
      f.error("i = :nope"),
      "Invalid FilterExpression: An expression attribute value used in expression is not defined; "
      "attribute value: :nope");
  EXPECT_EQ(
      f.error("#n = :i"),
      "Invalid FilterExpression: An expression attribute name used in the document path is not "
      "defined; attribute name: #n");
  EXPECT_EQ(
      f.error("Status = :i"),
      "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: Status");
  EXPECT_EQ(f.error("dog(i, :i)"),
            "Invalid FilterExpression: Invalid function name; function: dog");
  EXPECT_EQ(f.error("BEGINS_WITH(i, :s)"),
            "Invalid FilterExpression: Invalid function name; function: BEGINS_WITH");
  EXPECT_EQ(
      f.error("begins_with(s, :i)"),
      "Invalid FilterExpression: Incorrect operand type for operator or function; operator or "
      "function: begins_with, operand type: N");
  EXPECT_EQ(f.error("begins_with(s)"),
            "Invalid FilterExpression: Incorrect number of operands for operator or function; "
            "operator or "
            "function: begins_with, number of operands: 1");
  EXPECT_EQ(f.error("i BETWEEN :lo AND :hi"),
            "Invalid FilterExpression: The BETWEEN operator requires upper bound to be greater "
            "than or equal "
            "to lower bound; lower bound operand: AttributeValue: {N:7}, upper bound operand: "
            "AttributeValue: {N:4}");
  EXPECT_EQ(
      f.error("attribute_type(i, :t)"),
      "Invalid FilterExpression: Invalid attribute type name found; type: HELLO, valid types: "
      "{B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
  EXPECT_NE(f.error("attribute_type(s, i)").find("attribute_type"), std::string::npos);
  EXPECT_NE(f.error("i < :l").find("operand type: L"), std::string::npos);
  EXPECT_EQ(f.error("i = :i", ExpressionKind::kKeyCondition).substr(0, 8), "(parsed)");
  EXPECT_EQ(f.parse("i = ").error().code, ErrorCode::kBadFormat);
  EXPECT_EQ(f.parse("i = ").error().offset, 4u);
}

TEST(Expression, OperandsMustBeDistinctPaths) {
  Fixture f;
  f.attrs.names = {{"#a", "a"}, {"#dot", "a.b"}};
  f.attrs.values = {{":v", S("x")}, {":w", S("x")}, {":n", N("1")}};
  const std::string refusal =
      "The first operand must be distinct from the remaining operands for this operator or "
      "function; ";
  EXPECT_EQ(f.error("a = a"), "Invalid FilterExpression: " + refusal +
                                  "operator: =, first "
                                  "operand: [a]");
  EXPECT_EQ(f.error("a > a"), "Invalid FilterExpression: " + refusal +
                                  "operator: >, first "
                                  "operand: [a]");
  for (const char* op : {"<>", "<", "<=", ">="}) {
    EXPECT_EQ(
        f.error(fmt::format("a {} #a", op)),
        fmt::format("Invalid FilterExpression: {}operator: {}, first operand: [a]", refusal, op));
  }
  EXPECT_EQ(f.error("contains(a, a)"),
            "Invalid FilterExpression: " + refusal + "operator: contains, first operand: [a]");
  EXPECT_EQ(
      f.error("begins_with(#a.b[1], a.b[1])"),
      "Invalid FilterExpression: " + refusal + "operator: begins_with, first operand: [a, b, [1]]");
  EXPECT_EQ(f.error("attribute_type(a, a)"), "Invalid FilterExpression: " + refusal +
                                                 "operator: attribute_type, first operand: [a]");
  EXPECT_EQ(f.error("a BETWEEN a AND :v"),
            "Invalid FilterExpression: " + refusal + "operator: BETWEEN, first operand: [a]");
  EXPECT_EQ(f.error("a BETWEEN :v AND #a"),
            "Invalid FilterExpression: " + refusal + "operator: BETWEEN, first operand: [a]");
  EXPECT_EQ(f.error("a IN (:v, :w, a)"),
            "Invalid FilterExpression: " + refusal + "operator: IN, first operand: [a]");
  EXPECT_EQ(f.error("pk = pk", ExpressionKind::kKeyCondition),
            "Invalid KeyConditionExpression: " + refusal + "operator: =, first operand: [pk]");
  EXPECT_EQ(f.error("x = :v AND NOT (y < :n OR b = b)"),
            "Invalid FilterExpression: " + refusal + "operator: =, first operand: [b]");
  // Different paths, values, size() and a name holding a dot are distinct.
  EXPECT_TRUE(f.parse("a = a.b"));
  EXPECT_TRUE(f.parse("a.b = a.c"));
  EXPECT_TRUE(f.parse("a[0] = a[1]"));
  EXPECT_TRUE(f.parse("#dot = a.b"));
  EXPECT_TRUE(f.parse(":v = :v"));
  EXPECT_TRUE(f.parse(":v = :w"));
  EXPECT_TRUE(f.parse("size(a) = a"));
  EXPECT_TRUE(f.parse("size(a) = size(a)"));
  EXPECT_TRUE(f.parse("contains(a, :v)"));
  EXPECT_TRUE(f.parse("b BETWEEN a AND a"));
  EXPECT_TRUE(f.parse("b IN (a, a)"));
}

TEST(Expression, InAllowsAtMostOneHundredValues) {
  Fixture f;
  std::string list;
  for (int i = 0; i < 101; ++i) {
    const std::string name = fmt::format(":v{}", i);
    f.attrs.values[name] = N(std::to_string(i));
    list += (i == 0 ? "" : ", ") + name;
  }
  EXPECT_EQ(f.parse("i IN (" + list + ")").error().code, ErrorCode::kOutOfRange);
  EXPECT_TRUE(f.parse("i IN (" + list.substr(0, list.rfind(',')) + ")"));
}

TEST(Projection, PathsAreParsedAndMustNotOverlapOrConflict) {
  ExpressionAttributes attrs;
  attrs.names["#n"] = "a";
  ExpressionUses uses;
  auto paths = parse_projection(" #n.b[2] ,  c ", attrs, &uses);
  ASSERT_TRUE(paths) << describe(paths.error());
  ASSERT_EQ(paths->size(), 2u);
  EXPECT_EQ((*paths)[0].size(), 3u);
  EXPECT_TRUE((*paths)[0][2].is_index);
  EXPECT_TRUE(uses.names.contains("#n"));
  auto message = [&](std::string_view text) {
    ExpressionUses u;
    auto p = parse_projection(text, attrs, &u);
    return p ? std::string("(parsed)") : p.error().message;
  };
  EXPECT_EQ(message("a, a.b"),
            "Invalid ProjectionExpression: Two document paths overlap with each other; must "
            "remove or rewrite one of these paths; path one: [a], path two: [a, b]");
  EXPECT_EQ(message("a.b, a[1]"),
            "Invalid ProjectionExpression: Two document paths conflict with each other; must "
            "remove or rewrite one of these paths; path one: [a, b], path two: [a, [1]]");
  EXPECT_EQ(message("a.b, a.c[1], b"), "(parsed)");
  EXPECT_EQ(message("  "), "Invalid ProjectionExpression: The expression can not be empty;");
  EXPECT_EQ(message("a,").substr(0, 44), "Invalid ProjectionExpression: Syntax error; ");
  EXPECT_EQ(message(",a").substr(0, 44), "Invalid ProjectionExpression: Syntax error; ");
  EXPECT_EQ(message("[1]").substr(0, 44), "Invalid ProjectionExpression: Syntax error; ");
  EXPECT_NE(message("#nobody").find("attribute name: #nobody"), std::string::npos);
  EXPECT_NE(message("Size").find("reserved keyword: Size"), std::string::npos);
}

TEST(Projection, ItemsKeepWhatThePathsRead) {
  Item item;
  item["a"] = AttributeValue::M(
      {{"b",
        AttributeValue::L({N("2"), N("4"), AttributeValue::M({{"x", S("hi")}, {"y", S("yo")}})})},
       {"c", N("5")}});
  item["b"] = S("hello");
  auto project = [&](std::string_view text) {
    ExpressionAttributes attrs;
    ExpressionUses uses;
    return to_json(project_paths(item, *parse_projection(text, attrs, &uses)));
  };
  EXPECT_EQ(project("a.b[2].y"), R"({"a":{"M":{"b":{"L":[{"M":{"y":{"S":"yo"}}}]}}}})");
  EXPECT_EQ(project("a.b[1], a.b[0]"), R"({"a":{"M":{"b":{"L":[{"N":"2"},{"N":"4"}]}}}})");
  EXPECT_EQ(project("a.c, b"), R"({"a":{"M":{"c":{"N":"5"}}},"b":{"S":"hello"}})");
  EXPECT_EQ(project("x, a.b[3], a.x.y"), "{}");
  EXPECT_EQ(project("a.b.x"), "{}");
}

TEST(Expression, ConditionErrorsNameTheirParameter) {
  Fixture f;
  EXPECT_EQ(f.error("a = ", ExpressionKind::kCondition).substr(0, 40),
            "Invalid ConditionExpression: Syntax erro");
}

// DynamoDB's limits on one expression (src/query/expression.cc, with their
// sources): 4096 bytes, 300 operators, no parentheses nested past what the
// operators need; none of the inputs below may crash the parser, however
// deep they nest within its limits.
TEST(Expression, LengthIsAtMostFourKilobytesCheckedFirst) {
  Fixture f;
  f.attrs.values[":v"] = S("x");
  const std::string pad(4096 - std::string("a= :v").size(), ' ');
  ASSERT_EQ(("a" + pad + "= :v").size(), 4096u);
  EXPECT_TRUE(f.parse("a" + pad + "= :v")) << f.error("a" + pad + "= :v");
  EXPECT_EQ(f.error("a " + pad + "= :v"),
            "Invalid FilterExpression: Expression size has exceeded the maximum allowed size; "
            "expression size: 4097");
  // A syntax error longer than the limit is refused for its size; so are the
  // deeply nested inputs that once overflowed the stack.
  EXPECT_EQ(f.error(std::string(15000, '('), ExpressionKind::kCondition),
            "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; "
            "expression size: 15000");
  std::string deep = std::string(3500, '(') + "a = :v" + std::string(3500, ')');
  EXPECT_NE(f.error(deep).find("expression size: 7006"), std::string::npos);
  std::string nots;
  for (int i = 0; i < 30000; ++i) nots += "NOT ";
  EXPECT_NE(f.error(nots + "a = :v").find("Expression size has exceeded"), std::string::npos);
  ExpressionUses uses;
  auto p = parse_projection(std::string(20000, 'a'), f.attrs, &uses);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().message,
            "Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size; "
            "expression size: 20000");
}

TEST(Expression, AtMostThreeHundredOperators) {
  Fixture f;
  f.attrs.values[":v"] = S("x");
  // "a<b or (a<b or (...))": 149 levels hold 299 operators and pass; 454
  // levels (under 4096 bytes) are refused at the 301st [ALT
  // test_limits.py::test_deeply_nested_expression_2].
  const auto nested = [](int depth) {
    std::string c = "a<b ";
    for (int i = 0; i < depth; ++i) c += "or (a<b ";
    return c + std::string(static_cast<std::size_t>(depth), ')');
  };
  EXPECT_TRUE(f.parse(nested(149), ExpressionKind::kCondition));
  ASSERT_LT(nested(454).size(), 4096u);
  EXPECT_EQ(f.error(nested(454), ExpressionKind::kCondition),
            "Invalid ConditionExpression: The expression contains too many operators; operator "
            "count: 301");
  // NOT, AND, BETWEEN and IN count; functions do not.
  std::string nots;
  for (int i = 0; i < 1000; ++i) nots += "not ";
  EXPECT_NE(f.error(nots + "a<b").find("operator count: 301"), std::string::npos);
  std::string ands = "a = :v";
  for (int i = 0; i < 300; ++i) ands += " AND a = :v";
  EXPECT_NE(f.error(ands).find("operator count: 301"), std::string::npos);
  std::string fns = "begins_with(a, :v)";
  for (int i = 0; i < 150; ++i) fns += " AND begins_with(a, :v)";
  EXPECT_TRUE(f.parse(fns)) << f.error(fns);
}

TEST(Expression, ParenthesesNestedPastTheOperatorsAreRefused) {
  Fixture f;
  // 2046 pairs around one comparison, under 4096 bytes [ALT
  // test_limits.py::test_deeply_nested_expression_3: DynamoDB says the
  // expression has redundant parentheses].
  const std::string deep = std::string(2046, '(') + "a<b" + std::string(2046, ')');
  ASSERT_LT(deep.size(), 4096u);
  EXPECT_EQ(f.error(deep, ExpressionKind::kCondition),
            "Invalid ConditionExpression: The expression has redundant parentheses;");
  EXPECT_NE(f.error(std::string(4096, '('), ExpressionKind::kCondition)
                .find("Invalid ConditionExpression"),
            std::string::npos);
  // size(size(...)) nests within 4096 bytes without crashing: refused for its type.
  std::string sizes = "a < ";
  for (int i = 0; i < 680; ++i) sizes += "size(";
  sizes += "b" + std::string(680, ')');
  EXPECT_NE(f.error(sizes, ExpressionKind::kCondition).find("Invalid ConditionExpression"),
            std::string::npos);
}

TEST(Projection, PathsHaveAtMostThirtyTwoLevels) {
  ExpressionAttributes attrs;
  ExpressionUses uses;
  std::string path = "a";
  for (int i = 0; i < 31; ++i) path += ".b";
  EXPECT_TRUE(parse_projection(path, attrs, &uses));
  auto deeper = parse_projection(path + ".b", attrs, &uses);
  ASSERT_FALSE(deeper);
  EXPECT_EQ(deeper.error().message,
            "Invalid ProjectionExpression: The document path has too many nesting levels; "
            "nesting levels: 33");
}

}  // namespace
}  // namespace sortkey
