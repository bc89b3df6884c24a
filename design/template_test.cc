#include "design/template.h"

#include <gtest/gtest.h>

namespace sortkey::design {
namespace {

struct One {
  AttributeSpec spec;
  Value value;
};

std::string rendered(const std::string& source, const One& one) {
  auto t = parse_template(source);
  EXPECT_TRUE(t) << t.error().message;
  auto r = render(*t, [&one](std::string_view) { return std::pair(&one.value, &one.spec); });
  return r ? *r : "error: " + r.error().message;
}

One integer(std::int64_t v) {
  One o;
  o.spec.type = AttrType::kInteger;
  o.value.type = AttrType::kInteger;
  o.value.integer = v;
  return o;
}

One text(std::string v) {
  One o;
  o.value.text = std::move(v);
  return o;
}

TEST(Template, CodecsOfTheLibrary) {
  EXPECT_EQ(rendered("READING#{n:inverse(5)}", integer(157)), "READING#99842");
  EXPECT_EQ(rendered("#READING#{n:padded(5)}", integer(157)), "#READING#00157");
  EXPECT_EQ(rendered("READING#{n}", integer(10)), "READING#10");
  EXPECT_EQ(rendered("{n:number}", integer(-1)), "11258:");
  EXPECT_EQ(rendered("USER#{n:upper}", text("DeBrie")), "USER#DEBRIE");
  EXPECT_EQ(rendered("{n:segment}#x", text("A#B")), "A$23B#x");
  EXPECT_EQ(rendered("{n:upper:segment}", text("a b")), "A$20B");
  EXPECT_EQ(rendered("{{literal}}", text("x")), "{literal}");
}

TEST(Template, Timestamps) {
  One t;
  t.spec.type = AttrType::kTimestamp;
  t.value.type = AttrType::kTimestamp;
  t.value.time = Instant{1782208800, 123456789};  // 2026-06-23T10:00:00.123456789Z
  EXPECT_EQ(rendered("EVT#{t:timestamp(3)}", t), "EVT#2026-06-23T10:00:00.123Z");
  EXPECT_EQ(rendered("{t:epoch(ms, 13)}", t), "1782208800123");
  EXPECT_EQ(rendered("{t:display}", t), "Jun 23, 2026 10:00:00");
  EXPECT_EQ(rendered("{t}", t), "2026-06-23T10:00:00Z");  // the attribute's precision, 0
}

TEST(Template, CodecErrorsNameTheReference) {
  EXPECT_EQ(rendered("{n:padded(5)}", integer(100000)),
            "error: {n:padded(5)}: out of range at byte 0: 100000 needs 6 digits, more than the "
            "width 5");
  EXPECT_NE(rendered("{n:padded(5)}", integer(-1)).find("-1 is negative"), std::string::npos);
  EXPECT_NE(rendered("{n:upper}", text("")).find("{n:upper}: empty"), std::string::npos);
}

TEST(Template, SyntaxErrors) {
  for (const char* bad : {"{n", "n}", "{}", "{n:bogus}", "{n:padded(0)}", "{n:padded}",
                          "{n:epoch(h, 10)}", "{n:timestamp(10)}", "{:upper}"}) {
    EXPECT_FALSE(parse_template(bad)) << bad;
  }
}

TEST(Template, CodecTypes) {
  auto t = parse_template("{n:padded(5):upper}");
  ASSERT_TRUE(t);
  EXPECT_TRUE(check_codecs(t->pieces[0].codecs, AttrType::kInteger));
  EXPECT_FALSE(check_codecs(t->pieces[0].codecs, AttrType::kString));
  auto late = parse_template("{n:upper:padded(5)}");
  ASSERT_TRUE(late);
  EXPECT_FALSE(check_codecs(late->pieces[0].codecs, AttrType::kInteger));
}

}  // namespace
}  // namespace sortkey::design
