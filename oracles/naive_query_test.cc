// Reference implementation tests; the oracle is checked against the facts it
// encodes (dynamodb-query-semantics.md), never against the code under test.
#include "oracles/naive_query.h"

#include <gtest/gtest.h>

namespace sortkey::oracle {
namespace {

using Op = NCond::Op;

NOperand path(std::vector<NStep> steps) {
  NOperand o;
  o.kind = NOperand::Kind::kPath;
  o.path = std::move(steps);
  return o;
}
NOperand path(const std::string& name) { return path({NStep{false, name, 0}}); }

NOperand value(NValue::T t, std::string s) {
  NOperand o;
  o.kind = NOperand::Kind::kValue;
  o.value.t = t;
  o.value.s = std::move(s);
  return o;
}

NCond atom(Op op, std::vector<NOperand> args) {
  NCond c;
  c.op = op;
  c.args = std::move(args);
  return c;
}

NCond join(Op op, NCond a, NCond b) {
  NCond c;
  c.op = op;
  c.kids = {std::move(a), std::move(b)};
  return c;
}

const std::string kDistinct =
    "The first operand must be distinct from the remaining operands for this operator or "
    "function; ";

TEST(NaiveRefusal, OperandsMustBeDistinctPaths) {
  const NOperand s = value(NValue::T::S, "x");
  EXPECT_EQ(naive_refusal(atom(Op::kEq, {path("a"), path("a")})),
            kDistinct + "operator: =, first operand: [a]");
  EXPECT_EQ(naive_refusal(atom(Op::kGt, {path("a"), path("a")})),
            kDistinct + "operator: >, first operand: [a]");
  EXPECT_EQ(naive_refusal(atom(Op::kContains, {path("a"), path("a")})),
            kDistinct + "operator: contains, first operand: [a]");
  const NOperand nested = path({NStep{false, "a", 0}, NStep{false, "b", 0}, NStep{true, {}, 1}});
  EXPECT_EQ(naive_refusal(atom(Op::kBeginsWith, {nested, nested})),
            kDistinct + "operator: begins_with, first operand: [a, b, [1]]");
  EXPECT_EQ(naive_refusal(atom(Op::kBetween, {path("a"), s, path("a")})),
            kDistinct + "operator: BETWEEN, first operand: [a]");
  EXPECT_EQ(naive_refusal(atom(Op::kIn, {path("a"), s, s, path("a")})),
            kDistinct + "operator: IN, first operand: [a]");
  // Deep in a tree, the first refusal in writing order.
  const NCond deep = join(
      Op::kAnd, atom(Op::kEq, {path("x"), s}),
      join(Op::kOr, atom(Op::kLt, {path("b"), path("b")}), atom(Op::kEq, {path("c"), path("c")})));
  EXPECT_EQ(naive_refusal(deep), kDistinct + "operator: <, first operand: [b]");
  // Distinct: other paths, values, size(), a name holding a dot, repeats after the first.
  NOperand size = path("a");
  size.kind = NOperand::Kind::kSize;
  EXPECT_EQ(naive_refusal(atom(Op::kEq, {path("a"), nested})), "");
  EXPECT_EQ(naive_refusal(atom(Op::kEq, {s, s})), "");
  EXPECT_EQ(naive_refusal(atom(Op::kEq, {size, path("a")})), "");
  EXPECT_EQ(naive_refusal(atom(Op::kEq, {size, size})), "");
  EXPECT_EQ(naive_refusal(
                atom(Op::kEq, {path("a.b"), path({NStep{false, "a", 0}, NStep{false, "b", 0}})})),
            "");
  EXPECT_EQ(naive_refusal(atom(Op::kBetween, {path("b"), path("a"), path("a")})), "");
  EXPECT_EQ(naive_refusal(atom(Op::kIn, {path("b"), path("a"), path("a")})), "");
  EXPECT_EQ(naive_refusal(atom(Op::kEq, {path({NStep{true, {}, 0}}), path({NStep{true, {}, 1}})})),
            "");
}

TEST(NaiveRefusal, ConstantErrors) {
  const NOperand seven = value(NValue::T::N, "7");
  const NOperand four = value(NValue::T::N, "4.0");
  EXPECT_EQ(naive_refusal(atom(Op::kBetween, {path("a"), seven, four})),
            "The BETWEEN operator requires upper bound to be greater than or equal to lower bound");
  EXPECT_EQ(naive_refusal(atom(Op::kBetween, {path("a"), four, value(NValue::T::N, "4")})), "");
  EXPECT_EQ(naive_refusal(atom(Op::kBetween, {path("a"), seven, value(NValue::T::S, "8")})),
            "The BETWEEN operator requires same data type for lower and upper bounds");
  // UTF-8 order: U+1F600 sorts after U+FF5E, though its UTF-16 form sorts before.
  EXPECT_NE(naive_refusal(atom(Op::kBetween, {path("a"), value(NValue::T::S, "\xF0\x9F\x98\x80"),
                                              value(NValue::T::S, "\xEF\xBD\x9E")})),
            "");
  EXPECT_EQ(naive_refusal(atom(Op::kBeginsWith, {path("a"), seven})),
            "Incorrect operand type for operator or function; operator or function: begins_with, "
            "operand type: N");
  NCond type = atom(Op::kType, {path("a")});
  type.type_name = "HELLO";
  EXPECT_EQ(naive_refusal(type),
            "Invalid attribute type name found; type: HELLO, valid types: "
            "{B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
  type.type_name = "BOOL";
  EXPECT_EQ(naive_refusal(type), "");
}

// ALT test_projection_expression.py::test_projection_expression_path.
TEST(NaiveProject, KeepsThePathsReachedNestedAsInTheItem) {
  NValue y = naive_scalar(NValue::T::S, "yo");
  NValue inner;
  inner.t = NValue::T::M;
  inner.map.emplace_back("x", naive_scalar(NValue::T::S, "hi"));
  inner.map.emplace_back("y", y);
  NValue list;
  list.t = NValue::T::L;
  list.list = {naive_scalar(NValue::T::N, "2"), naive_scalar(NValue::T::N, "4"), inner};
  NValue a;
  a.t = NValue::T::M;
  a.map.emplace_back("b", list);
  const NItem item = {{"a", a}, {"b", naive_scalar(NValue::T::S, "hello")}};
  const NStep an{false, "a", 0}, bn{false, "b", 0}, yn{false, "y", 0};
  const NItem got = naive_project(item, {{an, bn, NStep{true, "", 2}, yn}});
  EXPECT_EQ(naive_show(got), R"({a: {M:{"b":{L:[{M:{"y":{S:"yo"}}}]}}}})");
  const NItem two =
      naive_project(item, {{an, bn, NStep{true, "", 1}}, {an, bn, NStep{true, "", 0}}});
  EXPECT_EQ(naive_show(two), R"({a: {M:{"b":{L:[{N:2},{N:4}]}}}})");
  EXPECT_TRUE(naive_project(item, {{NStep{false, "zz", 0}}, {an, bn, NStep{true, "", 9}}}).empty());
}

// Reference section 1.2: Numbers are refused anywhere in an item, 0e126 included.
TEST(NaiveTable, RefusesItemsWithBadNumbersAndGetsByValue) {
  NSchema s;
  s.pk = {"pk", NValue::T::S};
  s.sk = NKey{"sk", NValue::T::N};
  NaiveTable t(s);
  const NItem ok = {{"pk", naive_scalar(NValue::T::S, "a")},
                    {"sk", naive_scalar(NValue::T::N, "1000")},
                    {"n", naive_scalar(NValue::T::N, "0.0e126")}};
  EXPECT_TRUE(t.put(ok));
  for (const char* bad : {"0e126", "1e126", "NaN", " 1", "1e-131"}) {
    EXPECT_FALSE(t.can_put({{"pk", naive_scalar(NValue::T::S, "a")},
                            {"sk", naive_scalar(NValue::T::N, "1")},
                            {"n", naive_scalar(NValue::T::N, bad)}}))
        << bad;
  }
  NValue set;
  set.t = NValue::T::NS;
  set.set = {"1", "dog"};
  EXPECT_FALSE(t.can_put({{"pk", naive_scalar(NValue::T::S, "a")},
                          {"sk", naive_scalar(NValue::T::N, "1")},
                          {"ns", set}}));
  const auto got =
      t.get({{"pk", naive_scalar(NValue::T::S, "a")}, {"sk", naive_scalar(NValue::T::N, "1e3")}});
  ASSERT_TRUE(got.has_value());
  EXPECT_TRUE(naive_items_equal(*got, ok));
  EXPECT_FALSE(
      t.get({{"pk", naive_scalar(NValue::T::S, "b")}, {"sk", naive_scalar(NValue::T::N, "1")}}));
}

// A write finds its item by the value of its key, whatever the spelling,
// also after an erase moved the items after it; a key of another type or
// with a key attribute missing finds nothing.
TEST(NaiveTable, WritesFindTheirItemByKeyValue) {
  NSchema s;
  s.pk = {"pk", NValue::T::N};
  s.sk = NKey{"sk", NValue::T::S};
  NaiveTable t(s);
  auto item = [](const char* pk, const char* sk, const char* v) {
    return NItem{{"pk", naive_scalar(NValue::T::N, pk)},
                 {"sk", naive_scalar(NValue::T::S, sk)},
                 {"v", naive_scalar(NValue::T::S, v)}};
  };
  ASSERT_TRUE(t.put(item("7", "a", "first")));
  ASSERT_TRUE(t.put(item("-0.5", "a", "second")));
  ASSERT_TRUE(t.put(item("12", "b", "third")));
  ASSERT_TRUE(t.put(item("700e-2", "a", "replaced")));
  ASSERT_EQ(t.items().size(), 3u);
  EXPECT_EQ(naive_get(t.items()[0], "v")->s, "replaced");
  t.erase({{"pk", naive_scalar(NValue::T::N, "-5E-1")}, {"sk", naive_scalar(NValue::T::S, "a")}});
  ASSERT_EQ(t.items().size(), 2u);
  ASSERT_TRUE(t.put(item("0012.000", "b", "again")));
  ASSERT_EQ(t.items().size(), 2u);
  EXPECT_EQ(naive_get(t.items()[1], "v")->s, "again");
  EXPECT_FALSE(
      t.get({{"pk", naive_scalar(NValue::T::N, "-0.5")}, {"sk", naive_scalar(NValue::T::S, "a")}}));
  EXPECT_FALSE(
      t.get({{"pk", naive_scalar(NValue::T::S, "7")}, {"sk", naive_scalar(NValue::T::S, "a")}}));
  EXPECT_FALSE(t.get({{"pk", naive_scalar(NValue::T::N, "7")}}));
  const auto got =
      t.get({{"pk", naive_scalar(NValue::T::N, "0.7e1")}, {"sk", naive_scalar(NValue::T::S, "a")}});
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(naive_get(*got, "v")->s, "replaced");
}

// entry_count is the size of entries, for the table and for a sparse index;
// can_update answers as update does and leaves the table as it is.
TEST(NaiveTable, EntryCountAndCanUpdate) {
  NSchema s;
  s.pk = {"pk", NValue::T::S};
  s.indexes.push_back({"ByG", {{"g", NValue::T::S}}, {}, NIndex::Projection::kKeysOnly, {}});
  NaiveTable t(s);
  ASSERT_TRUE(
      t.put({{"pk", naive_scalar(NValue::T::S, "a")}, {"g", naive_scalar(NValue::T::S, "x")}}));
  ASSERT_TRUE(t.put({{"pk", naive_scalar(NValue::T::S, "b")}}));
  EXPECT_EQ(t.entry_count(""), 2u);
  EXPECT_EQ(t.entry_count("ByG"), 1u);
  EXPECT_EQ(t.entries("ByG").size(), 1u);
  EXPECT_EQ(t.entry_count("missing"), 0u);
  const NItem key = {{"pk", naive_scalar(NValue::T::S, "b")}};
  const NItem set = {{"g", naive_scalar(NValue::T::S, "y")}};
  EXPECT_TRUE(t.can_update(key, set, {}));
  EXPECT_EQ(t.entry_count("ByG"), 1u);
  EXPECT_FALSE(t.can_update(key, {{"pk", naive_scalar(NValue::T::S, "c")}}, {}));  // a table key
  EXPECT_FALSE(t.can_update(key, {{"g", naive_scalar(NValue::T::N, "1")}}, {}));   // a key's type
  EXPECT_FALSE(t.can_update(key, set, {"g"}));  // the same attribute twice
  ASSERT_TRUE(t.update(key, set, {}));
  EXPECT_EQ(t.entry_count("ByG"), 2u);
}

}  // namespace
}  // namespace sortkey::oracle
