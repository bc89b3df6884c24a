// The text helpers: UTF-8 cut at a character boundary, one-line excerpts of
// text from outside.

#include "support/text.h"

#include <gtest/gtest.h>

#include <string>

namespace sortkey::support {
namespace {

// Whether `s` is UTF-8 by its lead and continuation bytes (checked apart
// from valid_utf8, which must agree on every text here).
bool by_lead_bytes(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80           ? 1
                          : (c >> 5) == 0x6  ? 2
                          : (c >> 4) == 0xE  ? 3
                          : (c >> 3) == 0x1E ? 4
                                             : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (std::size_t k = 1; k < n; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    }
    i += n;
  }
  return true;
}

TEST(Utf8Prefix, NeverCutsACharacterInTwo) {
  const std::string cafe = "caf\xC3\xA9";  // é is two bytes
  EXPECT_EQ(utf8_prefix(cafe, 4), "caf");
  EXPECT_EQ(utf8_prefix(cafe, 5), cafe);
  EXPECT_EQ(utf8_prefix(cafe, 50), cafe);
  EXPECT_EQ(utf8_prefix(cafe, 0), "");
  // Every cut of text in one-, two-, three- and four-byte characters stays valid.
  const std::string mixed = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80z";
  for (std::size_t n = 0; n <= mixed.size(); ++n) {
    const std::string_view cut = utf8_prefix(mixed, n);
    EXPECT_LE(cut.size(), n);
    EXPECT_GE(cut.size() + 3, std::min(n, mixed.size()));
    EXPECT_TRUE(by_lead_bytes(cut) && valid_utf8(cut)) << n;
  }
}

// The measured crash: a multibyte string of 1,024 bytes cut at byte 8 for a
// probe became invalid UTF-8, which no JSON request may hold.
TEST(Utf8Prefix, AMultibyteStringAtASizeLimitCutsToValidText) {
  std::string s;
  while (s.size() < 1024) s += "\xE2\x82\xAC";  // €, three bytes each
  const std::string_view cut = utf8_prefix(s, 8);
  EXPECT_EQ(cut, "\xE2\x82\xAC\xE2\x82\xAC");
  EXPECT_TRUE(by_lead_bytes(cut) && valid_utf8(cut));
}

TEST(ValidUtf8, RefusesWhatUnicodeRefuses) {
  EXPECT_TRUE(valid_utf8(""));
  EXPECT_TRUE(valid_utf8("a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\xF4\x8F\xBF\xBF"));
  EXPECT_FALSE(valid_utf8("\xC3"));              // cut
  EXPECT_FALSE(valid_utf8("\xC0\xAF"));          // overlong
  EXPECT_FALSE(valid_utf8("\xED\xA0\x80"));      // a surrogate
  EXPECT_FALSE(valid_utf8("\xF4\x90\x80\x80"));  // past U+10FFFF
  EXPECT_FALSE(valid_utf8("\x80"));
}

TEST(Utf8Prefix, TextThatIsNotUtf8IsCutNearTheLimit) {
  const std::string stray(10, '\x80');
  EXPECT_EQ(utf8_prefix(stray, 5).size(), 5u);
}

TEST(Excerpt, IsOneEscapedLineOfValidUtf8) {
  EXPECT_EQ(excerpt("<html>\n<body>\tx\r", 80), "<html>\\n<body>\\tx\\r");
  EXPECT_EQ(excerpt("a\\b", 80), "a\\\\b");
  EXPECT_EQ(excerpt(std::string("nul\0bel\x07", 8), 80), "nul\\u0000bel\\u0007");
  EXPECT_EQ(excerpt("caf\xC3\xA9", 80), "caf\xC3\xA9");
  EXPECT_EQ(excerpt("\xC2\x85", 80), "\\u0085");              // C1 control
  EXPECT_EQ(excerpt("a\xFF\xC3", 80), "a\\xFF\\xC3");         // not UTF-8
  EXPECT_EQ(excerpt("\xED\xA0\x80", 80), "\\xED\\xA0\\x80");  // a surrogate
  EXPECT_EQ(excerpt("\xC0\xAF", 80), "\\xC0\\xAF");           // overlong
}

TEST(Excerpt, IsCutWholeAndMarked) {
  EXPECT_EQ(excerpt("abcdef", 4), "abcd…");
  EXPECT_EQ(excerpt("ab\ncd", 3), "ab…");      // "\n" is not cut in two
  EXPECT_EQ(excerpt("ab\xC3\xA9", 3), "ab…");  // nor é
  std::string huge(1 << 20, '\x01');
  const std::string e = excerpt(huge, 120);
  EXPECT_LE(e.size(), 120u + std::string("…").size());
  EXPECT_TRUE(by_lead_bytes(e) && valid_utf8(e));
}

TEST(Quantity, TheNounAgreesWithTheCount) {
  EXPECT_EQ(quantity(1, "property", "properties"), "1 property");
  EXPECT_EQ(quantity(2, "property", "properties"), "2 properties");
  EXPECT_EQ(quantity(0, "property", "properties"), "0 properties");
  EXPECT_EQ(quantity(1, "entity", "entities"), "1 entity");
  EXPECT_EQ(quantity(3, "case"), "3 cases");
  EXPECT_EQ(quantity(1, "case"), "1 case");
  EXPECT_EQ(noun_for(1, "request"), "request");
  EXPECT_EQ(noun_for(5, "request"), "requests");
}

}  // namespace
}  // namespace sortkey::support
