#include "sortkey/composite.h"

#include <gtest/gtest.h>

#include "src/testing/golden.h"

namespace sortkey {
namespace {

using testing::is_error_field;
using testing::load_golden;

Path split_segments(const std::string& field, std::size_t count) {
  if (count == 0) return {};
  Path path(1);
  for (char c : field) {
    if (c == '\n') {
      path.emplace_back();
    } else {
      path.back() += c;
    }
  }
  return path;
}

bool begins_with(std::string_view key, std::string_view prefix) {
  return key.substr(0, prefix.size()) == prefix;
}
bool between(std::string_view key, const KeyRange& r) { return r.low <= key && key <= r.high; }

// Every golden vector: the path gives the key (or the error) and the key
// decodes to the path; the rows with count "?" are keys decode must reject.
TEST(Composite, GoldenVectors) {
  for (const auto& row : load_golden("composite")) {
    SCOPED_TRACE(::testing::Message() << "composite.tsv line " << row.line);
    ASSERT_EQ(row["delimiter"].size(), 1u);
    const char d = row["delimiter"][0];
    std::string kind;
    if (row["count"] == "?") {
      ASSERT_TRUE(is_error_field(row["segments"], kind));
      auto path = decode_composite(row["key"], d);
      ASSERT_FALSE(path.has_value()) << "the key decoded";
      EXPECT_EQ(to_string(path.error().code), kind);
      EXPECT_LE(path.error().offset, row["key"].size());
      continue;
    }
    const std::size_t count = std::stoul(row["count"]);
    const Path path = split_segments(row["segments"], count);
    ASSERT_EQ(path.size(), count);
    auto key = encode_composite(path, d);
    if (is_error_field(row["key"], kind)) {
      ASSERT_FALSE(key.has_value()) << "expected " << kind << ", got " << *key;
      EXPECT_EQ(to_string(key.error().code), kind);
      EXPECT_FALSE(key.error().message.empty());
      continue;
    }
    ASSERT_TRUE(key.has_value()) << describe(key.error());
    EXPECT_EQ(*key, row["key"]);
    auto back = decode_composite(row["key"], d);
    ASSERT_TRUE(back.has_value()) << describe(back.error());
    EXPECT_EQ(*back, path);
  }
}

TEST(Composite, TupleOrderIsByteOrderWhereNaiveJoiningFails) {
  // Naively "a#z" > "a!#b" because '!' < '#'; as tuples ("a", "z") < ("a!", "b").
  EXPECT_GT(std::string("a#z"), std::string("a!#b"));
  EXPECT_LT(*encode_composite({"a", "z"}), *encode_composite({"a!", "b"}));
  // A proper-prefix segment sorts first, as in tuple order.
  EXPECT_LT(*encode_composite({"A", "Z"}), *encode_composite({"AB"}));
  EXPECT_LT(*encode_composite({"a", "z"}), *encode_composite({"a ", "a"}));
  EXPECT_LT(*encode_composite({"a"}), *encode_composite({"a", ""}));
  EXPECT_LT(*encode_composite({"a", ""}), *encode_composite({"a", "", ""}));
  EXPECT_LT(*encode_composite({"a", "\x01"}), *encode_composite({"a", "0"}));
}

TEST(Composite, BeginsWithSelectsExactlyTheSubtree) {
  const std::string prefix = *subtree_prefix({"A", "B"});
  EXPECT_EQ(prefix, "A#B#");
  EXPECT_TRUE(begins_with(*encode_composite({"A", "B", "C"}), prefix));
  EXPECT_FALSE(begins_with(*encode_composite({"A", "B"}), prefix));  // not a strict descendant
  EXPECT_FALSE(
      begins_with(*encode_composite({"AB", "C"}), "A#"));  // "A#" does not capture "AB#..."
  EXPECT_FALSE(begins_with(*encode_composite({"A", "BC", "D"}), prefix));
  EXPECT_FALSE(
      begins_with(*encode_composite({"A", "B#C"}), prefix));  // a '#' inside a segment is escaped
  EXPECT_EQ(*encode_composite({"A", "B#C"}), "A#B$23C");
  // The sort-key guide's example.
  EXPECT_EQ(*subtree_prefix({"EVENT", "2026-06"}), "EVENT#2026-06#");
  EXPECT_EQ(subtree_prefix({}).error().code, ErrorCode::kEmpty);
}

TEST(Composite, SubtreeBoundsHoldTheNodeAndItsDescendants) {
  const KeyRange r = *subtree_bounds({"EVENT", "2026-06"});
  EXPECT_EQ(r.low, "EVENT#2026-06");
  EXPECT_EQ(r.high, "EVENT#2026-06$");
  EXPECT_TRUE(between(*encode_composite({"EVENT", "2026-06"}), r));
  EXPECT_TRUE(between(*encode_composite({"EVENT", "2026-06", "\x7f"}), r));
  EXPECT_TRUE(between(*encode_composite({"EVENT", "2026-06", "\xF4\x8F\xBF\xBF"}), r));
  EXPECT_FALSE(between(*encode_composite({"EVENT", "2026-06 "}), r));  // "2026-06$20" > "2026-06$"
  EXPECT_FALSE(between(*encode_composite({"EVENT", "2026-060"}), r));
  EXPECT_FALSE(between(*encode_composite({"EVENT", "2026-0"}), r));
  EXPECT_FALSE(decode_composite(r.high).has_value());  // the upper bound is never a key
}

TEST(Composite, WindowBoundsOfTheAuditLog) {
  // Every event of one actor from one deploy to the next, with whatever
  // hangs below each event.
  const Path actor = {"ACTOR", "u_8814", "EVT"};
  const KeyRange r = *window_bounds(actor, "2026-06-23T00:00:00Z", "2026-06-23T23:59:59Z");
  EXPECT_EQ(r.low, "ACTOR#u_8814#EVT#2026-06-23T00:00:00Z");
  EXPECT_EQ(r.high, "ACTOR#u_8814#EVT#2026-06-23T23:59:59Z$");
  EXPECT_TRUE(between(*encode_composite({"ACTOR", "u_8814", "EVT", "2026-06-23T00:00:00Z"}), r));
  EXPECT_TRUE(
      between(*encode_composite({"ACTOR", "u_8814", "EVT", "2026-06-23T12:00:00Z", "detail"}), r));
  EXPECT_TRUE(
      between(*encode_composite({"ACTOR", "u_8814", "EVT", "2026-06-23T23:59:59Z", "detail"}), r));
  EXPECT_FALSE(between(*encode_composite({"ACTOR", "u_8814", "EVT", "2026-06-24T00:00:00Z"}), r));
  EXPECT_FALSE(between(*encode_composite({"ACTOR", "u_8814", "EVT"}), r));
  EXPECT_FALSE(between(*encode_composite({"ACTOR", "u_8814", "EVTX", "2026-06-23T12:00:00Z"}), r));
  auto reversed = window_bounds(actor, "b", "a");
  ASSERT_FALSE(reversed.has_value());
  EXPECT_EQ(describe(reversed.error()),
            "bad parameter at byte 0: the window's first segment \"b\" sorts after its last \"a\"");
  // An empty parent is a window of top-level segments.
  EXPECT_EQ(window_bounds({}, "A", "C")->high, "C$");
}

TEST(Composite, DecodeErrorsCarryOffsetsAndSentences) {
  auto raw = decode_composite("ab c");
  ASSERT_FALSE(raw.has_value());
  EXPECT_EQ(describe(raw.error()), "bad character at byte 2: ' ' must be escaped as $20");
  auto cut = decode_composite("A#B$2");
  ASSERT_FALSE(cut.has_value());
  EXPECT_EQ(describe(cut.error()),
            "truncated at byte 3: the key ends inside the escape \"$2\": '$' needs two hex digits "
            "after it");
  auto lower = decode_composite("A$2a");
  ASSERT_FALSE(lower.has_value());
  EXPECT_EQ(describe(lower.error()),
            "non-canonical at byte 3: the hex digit 'a' of an escape must be upper case");
  auto needless = decode_composite("A#$41");
  ASSERT_FALSE(needless.has_value());
  EXPECT_EQ(describe(needless.error()),
            "non-canonical at byte 2: \"$41\" stands for 'A', which sorts above '$' and must be "
            "written as itself");
  auto not_hex = decode_composite("A$Z0");
  ASSERT_FALSE(not_hex.has_value());
  EXPECT_EQ(describe(not_hex.error()),
            "bad character at byte 2: expected a hex digit after the escape '$', found 'Z'");
  auto utf8 = decode_composite("A#\xC3(");
  ASSERT_FALSE(utf8.has_value());
  EXPECT_EQ(describe(utf8.error()),
            "bad character at byte 2: invalid UTF-8: 0xC3 0x28 is not a well-formed sequence");
}

TEST(Composite, DelimiterChoice) {
  EXPECT_EQ(*encode_composite({"2026", "a-b"}, '-'), "2026-a.2Db");
  EXPECT_EQ(*encode_composite({"2026", "x"}, '/'), "203026/x");
  EXPECT_EQ(*decode_composite("203026/x", '/'), (Path{"2026", "x"}));
  auto zero = encode_composite({"A"}, '0');
  ASSERT_FALSE(zero.has_value());
  EXPECT_EQ(zero.error().code, ErrorCode::kBadParameter);
  EXPECT_EQ(zero.error().message,
            "the delimiter must be one of ! \" # $ % & ' ( ) * + , - . / (0x21 to 0x2F), got '0': "
            "a delimiter at or above '0' would sort above the escape code words");
  EXPECT_FALSE(encode_composite({"A"}, ' ').has_value());
  EXPECT_FALSE(decode_composite("A", '|').has_value());
}

TEST(Composite, KeyBuilderJoinsTypedSegments) {
  auto key = KeyBuilder().text("EVENT").segment("2026-06-23T00:00:00.000Z").padded(42, 5).key();
  ASSERT_TRUE(key.has_value()) << describe(key.error());
  EXPECT_EQ(*key, "EVENT#2026-06-23T00:00:00.000Z#00042");
  EXPECT_EQ(*KeyBuilder().text("DEVICE").inverse(157, 5).key(), "DEVICE#99842");
  EXPECT_EQ(*KeyBuilder().text("USER").name("DeBrie", CaseMode::kUpper).key(), "USER#DEBRIE");
  EXPECT_EQ(*KeyBuilder()
                 .text("ORDER")
                 .number(*parse_number("-1.5"))
                 .timestamp(*parse_rfc3339("2026-06-23T00:00:00Z"), 0)
                 .key(),
            "ORDER#112584:#2026-06-23T00:00:00Z");
  EXPECT_EQ(*KeyBuilder().number(*parse_number("1")).key(), "31301");
  EXPECT_EQ(*KeyBuilder('/').text("a b").key(), "a020b");
  EXPECT_EQ(*KeyBuilder().text("EVENT").subtree_prefix(), "EVENT#");
  EXPECT_EQ(KeyBuilder().text("EVENT").subtree_bounds()->high, "EVENT$");
  EXPECT_EQ(KeyBuilder().text("ACTOR").window_bounds("a", "b")->low, "ACTOR#a");
  EXPECT_EQ(*KeyBuilder().text("A").text("B#").path(), (Path{"A", "B#"}));
}

TEST(Composite, KeyBuilderKeepsTheFirstError) {
  auto overflow = KeyBuilder().text("READING").padded(100000, 5).text("\xFF").key();
  ASSERT_FALSE(overflow.has_value());
  EXPECT_EQ(describe(overflow.error()),
            "out of range at byte 0: segment 2: 100000 needs 6 digits, more than the width 5");
  auto bad_text = KeyBuilder().text("ok").text("a\xC3").key();
  ASSERT_FALSE(bad_text.has_value());
  EXPECT_EQ(describe(bad_text.error()),
            "bad character at byte 1: segment 2: invalid UTF-8: 0xC3 is a truncated sequence");
  EXPECT_EQ(KeyBuilder().key().error().code, ErrorCode::kEmpty);
  EXPECT_EQ(KeyBuilder(':').text("A").key().error().code, ErrorCode::kBadParameter);
  EXPECT_EQ(KeyBuilder().name("", CaseMode::kFold).key().error().code, ErrorCode::kEmpty);
  EXPECT_EQ(KeyBuilder().timestamp(Instant{0, 0}, 10).key().error().code, ErrorCode::kBadParameter);
}

TEST(Composite, AppendSegmentEscapesOneSegment) {
  std::string out = "PREFIX#";
  EXPECT_TRUE(append_segment(out, "a#b").has_value());
  EXPECT_EQ(out, "PREFIX#a$23b");
  EXPECT_FALSE(append_segment(out, "\xFF").has_value());
  EXPECT_EQ(out, "PREFIX#a$23b");
}

}  // namespace
}  // namespace sortkey
