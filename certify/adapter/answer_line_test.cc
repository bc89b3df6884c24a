// The answer lines of protocol v1 read without a process: the envelope, the
// hello fields, and the framing of the adapter's output into lines.

#include "certify/adapter/answer_line.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "certify/adapter/adapter_process.h"

namespace sortkey::certify::adapter {
namespace {

std::string error_of(std::string_view line, std::vector<std::int64_t> due) {
  auto a = read_answer(line, due);
  return a ? "" : a.error().message;
}

TEST(AnswerLine, ReadsTheEnvelopeOfTheAnswerDue) {
  auto a = read_answer(R"({"id":3,"ok":"00157"})", std::vector<std::int64_t>{3, 4});
  ASSERT_TRUE(a) << a.error().message;
  EXPECT_EQ(a->at("ok"), "00157");
  EXPECT_EQ(error_of(R"({"id":4,"ok":1})", {3, 4}).rfind("the adapter answered out of order", 0),
            0u);
  EXPECT_EQ(error_of(R"({"id":9,"ok":1})", {3, 4}),
            "the adapter answered with the wrong id: 9 where the answer to request 3 was due");
}

TEST(AnswerLine, IdsOutsideInt64NeverWrapOntoTheIdDue) {
  // 2^64 - 1 read as int64 is -1; 2^64 + 3 does not fit at all.
  EXPECT_NE(error_of(R"({"id":18446744073709551615,"ok":1})", {0}), "");
  EXPECT_NE(error_of(R"({"id":18446744073709551619,"ok":1})", {3}), "");
  EXPECT_EQ(error_of(R"({"id":3.0,"ok":1})", {3}),
            "the adapter answered request 3 without an integer \"id\"");
}

TEST(AnswerLine, ANumberBeyondADoubleIsALineThatIsNotJson) {
  EXPECT_EQ(error_of(R"({"id":1,"ok":1e400})", {1})
                .rfind("the adapter answered request 1 with a line that is not JSON", 0),
            0u);
}

TEST(AnswerLine, AnAnswerNamingOneKeyTwiceIsRefusedNotReadOneWay) {
  // nlohmann would keep the second "ok": the garbage would pass unseen.
  const std::string e = error_of(R"({"id":3,"ok":"garbage","ok":"00157"})", {3});
  EXPECT_NE(e.find(R"(an object names the key "ok" twice)"), std::string::npos) << e;
}

TEST(AnswerLine, TheAdaptersNameIsKeptWithItsControlCharactersEscaped) {
  auto h = read_hello(
      R"({"id":0,"ok":{"protocol":1,"name":"\u001b]0;PWNED\u0007 ok\u0000","codecs":[]}})");
  ASSERT_TRUE(h) << h.error().message;
  EXPECT_EQ(h->name, R"(\x1B]0;PWNED\x07 ok\x00)");
}

TEST(AnswerLine, HelloSpeaksProtocolOneExactly) {
  auto h =
      read_hello(R"({"id":0,"ok":{"protocol":1,"name":"x","codecs":["ulid","bogus","padded"]}})");
  ASSERT_TRUE(h) << h.error().message;
  EXPECT_EQ(h->codecs, (std::vector<std::string>{"padded", "ulid"}));
  EXPECT_EQ(h->unknown, std::vector<std::string>{"bogus"});
  // 4294967297 = 2^32 + 1 was read as the int 1.
  auto wraps = read_hello(R"({"id":0,"ok":{"protocol":4294967297,"name":"x","codecs":[]}})");
  ASSERT_FALSE(wraps);
  EXPECT_EQ(
      wraps.error().message,
      "the adapter's hello answer speaks protocol 4294967297; this certifier speaks protocol 1");
  EXPECT_FALSE(read_hello(R"({"id":0,"error":"no"})"));
}

TEST(AnswerLine, TakeLineCutsAtNewlinesWithinTheLimit) {
  std::string buffer = "ab\r\ncd\nef";
  EXPECT_EQ(*take_line(buffer, 10).value(), "ab");
  EXPECT_EQ(*take_line(buffer, 10).value(), "cd");
  EXPECT_FALSE(take_line(buffer, 10).value().has_value());
  EXPECT_EQ(buffer, "ef");
  std::string longer = "abcdef\n";
  EXPECT_EQ(take_line(longer, 5).error().message,
            "sent a line of 6 bytes, longer than the limit of 5 bytes");
  std::string unterminated = "abcdef";
  EXPECT_FALSE(take_line(unterminated, 5));
}

}  // namespace
}  // namespace sortkey::certify::adapter
