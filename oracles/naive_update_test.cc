#include "oracles/naive_update.h"

#include <gtest/gtest.h>

namespace sortkey::oracle {
namespace {

NValue up_s(std::string s) { return naive_scalar(NValue::T::S, std::move(s)); }

NCond up_exists(bool exists) {
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

NaiveTable up_table() {
  NSchema s;
  s.pk = {"PK", NValue::T::S};
  return NaiveTable(s);
}

// PutItem's ReturnValues (AWS API reference PutItem: NONE or ALL_OLD only;
// ALT test_returnvalues.py::test_put_item_returnvalues).
TEST(NaivePutItem, AllOldReturnsTheItemReplaced) {
  NaiveTable t = up_table();
  const NItem first = {{"PK", up_s("k")}, {"a", up_s("1")}};
  NWriteAnswer out = naive_put_item(t, first, std::nullopt, NReturn::kAllOld, false);
  EXPECT_EQ(out.verdict, NWriteAnswer::Verdict::kOk);
  EXPECT_FALSE(out.attributes.has_value());  // nothing replaced
  out = naive_put_item(t, {{"PK", up_s("k")}}, std::nullopt, NReturn::kAllOld, false);
  ASSERT_TRUE(out.attributes.has_value());
  EXPECT_TRUE(naive_items_equal(*out.attributes, first));
  for (NReturn bad : {NReturn::kAllNew, NReturn::kUpdatedOld, NReturn::kUpdatedNew}) {
    EXPECT_EQ(naive_put_item(t, first, std::nullopt, bad, false).verdict,
              NWriteAnswer::Verdict::kRefused);
  }
  EXPECT_TRUE(naive_items_equal(*t.get({{"PK", up_s("k")}}), {{"PK", up_s("k")}}));
}

// ALT test_returnvalues.py::test_put_item_returnvalues_on_condition_check_failure.
TEST(NaivePutItem, AFalseConditionWritesNothingAndReturnsTheHeldItemOnlyWhenAsked) {
  NaiveTable t = up_table();
  const NItem held = {{"PK", up_s("k")}, {"a", up_s("1")}};
  t.put(held);
  const NItem next = {{"PK", up_s("k")}, {"b", up_s("2")}};
  NWriteAnswer out = naive_put_item(t, next, up_exists(false), NReturn::kAllOld, false);
  EXPECT_EQ(out.verdict, NWriteAnswer::Verdict::kConditionFailed);
  EXPECT_FALSE(out.attributes.has_value());
  out = naive_put_item(t, next, up_exists(false), NReturn::kNone, true);
  EXPECT_EQ(out.verdict, NWriteAnswer::Verdict::kConditionFailed);
  ASSERT_TRUE(out.attributes.has_value());
  EXPECT_TRUE(naive_items_equal(*out.attributes, held));
  EXPECT_TRUE(naive_items_equal(*t.get(held), held));
  // On a missing item the condition reads an empty item: nothing returned.
  out = naive_put_item(t, {{"PK", up_s("z")}}, up_exists(true), NReturn::kNone, true);
  EXPECT_EQ(out.verdict, NWriteAnswer::Verdict::kConditionFailed);
  EXPECT_FALSE(out.attributes.has_value());
  EXPECT_FALSE(t.get({{"PK", up_s("z")}}).has_value());
}

}  // namespace
}  // namespace sortkey::oracle
