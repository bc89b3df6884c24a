#include "certify/endpoint/attribution.h"

#include <gtest/gtest.h>

namespace sortkey::certify::endpoint {
namespace {

using oracle::NCond;
using oracle::NOperand;
using oracle::NValue;
using T = NValue::T;

NOperand path(std::string name) {
  NOperand o;
  o.kind = NOperand::Kind::kPath;
  o.path = {oracle::NStep{false, std::move(name), 0}};
  return o;
}

NOperand constant(NValue v) {
  NOperand o;
  o.value = std::move(v);
  return o;
}

NCond atom(NCond::Op op, std::vector<NOperand> args) {
  NCond c;
  c.op = op;
  c.args = std::move(args);
  return c;
}

std::string classes(const NValue& v, bool deep, bool encoding) {
  std::set<std::string> out;
  value_classes(v, deep, encoding, out);
  return join_classes(out);
}

TEST(ValueClasses, NameWhatTriggersBugs) {
  EXPECT_EQ(classes(oracle::naive_scalar(T::S, ""), false, true), "empty");
  EXPECT_EQ(classes(oracle::naive_scalar(T::S, "\xF0\x9F\x98\x80"), false, true), "multibyte");
  EXPECT_EQ(classes(oracle::naive_scalar(T::S, "\xF0\x9F\x98\x80"), false, false), "");
  EXPECT_EQ(classes(oracle::naive_scalar(T::B, "\x7f\xff"), false, true), "high-bytes");
  EXPECT_EQ(classes(oracle::naive_scalar(T::N, "+3"), false, true), "plus");
  EXPECT_EQ(classes(oracle::naive_scalar(T::N, "1e+3"), false, true), "") << "only a leading '+'";
  EXPECT_EQ(classes(oracle::naive_scalar(T::S, std::string(1024, 'a')), false, true), "size-limit");
  NValue no;
  no.t = T::BOOL;
  EXPECT_EQ(classes(no, false, true), "false");
  NValue list;
  list.t = T::L;
  list.list = {oracle::naive_scalar(T::N, "+1"), oracle::naive_scalar(T::S, "")};
  EXPECT_EQ(classes(list, false, true), "") << "a list's elements only when deep";
  EXPECT_EQ(classes(list, true, true), "empty+plus");
  NValue set;
  set.t = T::NS;
  set.set = {"+1", "2"};
  EXPECT_EQ(classes(set, true, true), "plus");
}

TEST(ValueClasses, TakenOutOneAtATime) {
  EXPECT_EQ(without_class(oracle::naive_scalar(T::N, "+3"), "plus").s, "3");
  EXPECT_EQ(without_class(oracle::naive_scalar(T::N, "+3"), "empty").s, "+3");
  EXPECT_EQ(without_class(oracle::naive_scalar(T::S, ""), "empty").s, "a");
  EXPECT_EQ(without_class(oracle::naive_scalar(T::S, "a\xC3\xA9"), "multibyte").s, "a");
  EXPECT_EQ(without_class(oracle::naive_scalar(T::B, "\xff"), "high-bytes").s, "\x7f");
  NValue set;
  set.t = T::NS;
  set.set = {"+1", "1"};
  const NValue plain = without_class(set, "plus");
  EXPECT_EQ(plain.set, std::vector<std::string>{"1"}) << "a set stays a set";
  std::set<std::string> left;
  value_classes(without_class(oracle::naive_scalar(T::S, ""), "empty"), true, true, left);
  EXPECT_TRUE(left.empty());
}

// The measured crash: an endpoint refused a valid write holding a multibyte
// string of 1,024 bytes or more, and the probe without "size-limit" cut it
// at byte 8, inside a character: the probe's request was not UTF-8 and the
// run stopped ("type_error.316 incomplete UTF-8 string").
TEST(ValueClasses, ASizeLimitIsCutBetweenCharacters) {
  std::string euros;
  while (euros.size() < 1024) euros += "\xE2\x82\xAC";
  const NValue text = without_class(oracle::naive_scalar(T::S, euros), "size-limit");
  EXPECT_EQ(text.s, "\xE2\x82\xAC\xE2\x82\xAC");
  EXPECT_NO_THROW((void)nlohmann::json(naive_to_json(text)).dump());
  NValue set;
  set.t = T::SS;
  set.set = {euros, "a"};
  for (const std::string& e : without_class(set, "size-limit").set) EXPECT_LE(e.size(), 8u);
  // Binary is bytes: cut at byte 8.
  EXPECT_EQ(without_class(oracle::naive_scalar(T::B, std::string(1500, '\xE2')), "size-limit").s,
            std::string(8, '\xE2'));
}

TEST(FilterFeature, OneNamePerCauseWhateverTheSpelling) {
  const NCond a = atom(NCond::Op::kLt, {path("x"), constant(oracle::naive_scalar(T::S, "a"))});
  const NCond b = atom(NCond::Op::kGt, {constant(oracle::naive_scalar(T::S, "b")), path("y")});
  EXPECT_EQ(describe_filter_feature(a), "path {<, <=, >, >=} S");
  EXPECT_EQ(describe_filter_feature(b), "path {<, <=, >, >=} S") << ":v > y is y < :v";
  const NCond c = atom(NCond::Op::kGe, {path("x"), path("y")});
  EXPECT_EQ(describe_filter_feature(c), "path {<, <=, >, >=} path");
  const NCond ne = atom(NCond::Op::kNe, {constant(oracle::naive_scalar(T::L, "")), path("y")});
  EXPECT_EQ(describe_filter_feature(ne), "path {=, <>} L");
  NCond in = atom(NCond::Op::kIn, {path("x"), constant(oracle::naive_scalar(T::S, "a")),
                                   constant(oracle::naive_scalar(T::N, "1")),
                                   constant(oracle::naive_scalar(T::S, "b"))});
  EXPECT_EQ(describe_filter_feature(in), "path IN (N, S)");
  NCond size = atom(NCond::Op::kEq, {path("x"), constant(oracle::naive_scalar(T::N, "1"))});
  size.args[0].kind = NOperand::Kind::kSize;
  EXPECT_EQ(describe_filter_feature(size), "size(path) {=, <>} N");
  NCond inner;
  inner.op = NCond::Op::kNot;
  inner.kids = {a};
  NCond outer;
  outer.op = NCond::Op::kNot;
  outer.kids = {inner};
  EXPECT_EQ(describe_filter_feature(outer), "NOT NOT …");
  EXPECT_EQ(describe_filter_feature(inner), "NOT …");
  NCond type = atom(NCond::Op::kType, {path("x")});
  type.type_name = "SS";
  EXPECT_EQ(describe_filter_feature(type), "attribute_type(path, SS)");
  EXPECT_EQ(describe_filter_feature(atom(
                NCond::Op::kContains, {path("x"), constant(oracle::naive_scalar(T::B, "\xff"))})),
            "contains(path, B)");
}

TEST(RequestFeature, NamesAProbeByItsOwnRequestAlone) {
  const auto feature = [](const char* action, nlohmann::json params) {
    return request_feature({{"action", action}, {"params", std::move(params)}});
  };
  EXPECT_EQ(feature("UpdateItem", {{"UpdateExpression", "remove #u0[0] SET #u1 = :v"},
                                   {"ConditionExpression", "attribute_exists(pk)"},
                                   {"ReturnValues", "UPDATED_NEW"}}),
            "UpdateItem SET, REMOVE; a condition; ReturnValues UPDATED_NEW");
  // A keyword inside a placeholder or a value name is not a clause.
  EXPECT_EQ(
      feature("UpdateItem", {{"UpdateExpression", "ADD #set :delete"}, {"ReturnValues", "NONE"}}),
      "UpdateItem ADD");
  EXPECT_EQ(feature("PutItem", {{"ConditionExpression", "x = :a"}}), "PutItem; a condition");
  EXPECT_EQ(feature("Scan", {{"IndexName", "gsi1"}, {"FilterExpression", "x = :a"}, {"Limit", 2}}),
            "scan of an index with a filter with Limit");
  EXPECT_EQ(feature("Query", {{"ExclusiveStartKey", nlohmann::json::object()}}),
            "query of the table from a start key");
  // Whatever the shape, a name and never a throw.
  EXPECT_EQ(request_feature(nlohmann::json::array()), "");
  EXPECT_EQ(feature("UpdateItem", {{"UpdateExpression", 7}}), "UpdateItem");
  EXPECT_EQ(feature("GetItem", "not an object"), "GetItem");
}

// A condition's cause is named for the three writes: a divergence of any of
// them has the symptom of its signature, a read's has not.
TEST(SameSymptom, AConditionsCauseIsNamedForTheThreeWrites) {
  Signature s;
  s.operation = kConditionWrites;
  s.outcome = "rejected";
  s.error = "ConditionalCheckFailedException";
  s.message = "The conditional request failed";
  oracle::NSchema schema;
  schema.pk = {"pk", T::S};
  for (const char* action : {"PutItem", "UpdateItem", "DeleteItem", "Query"}) {
    Divergence d;
    d.kind = "rejected";
    d.reproduction = {{"request", {{"action", action}, {"params", nlohmann::json::object()}}},
                      {"actual",
                       {{"error", "ConditionalCheckFailedException"},
                        {"message", "The conditional request failed"}}}};
    EXPECT_EQ(Attribution::same_symptom(d, s, schema, "t"), std::string(action) != "Query")
        << action;
  }
}

}  // namespace
}  // namespace sortkey::certify::endpoint
