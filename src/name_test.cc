#include "sortkey/name.h"

#include <gtest/gtest.h>
#include <unicode/locid.h>

#include "src/testing/golden.h"

namespace sortkey {
namespace {

using testing::is_error_field;
using testing::load_golden;

// Every golden vector: the name gives the key (or the error), the key is a
// fixed point that decodes to itself, and a name that differs from its key
// is not itself a key.
TEST(Name, GoldenVectors) {
  for (const auto& row : load_golden("name")) {
    SCOPED_TRACE(::testing::Message() << "name.tsv line " << row.line);
    const CaseMode mode = *parse_case_mode(row["mode"]);
    auto key = normalize_name(row["name"], mode);
    std::string kind;
    if (is_error_field(row["key"], kind)) {
      ASSERT_FALSE(key.has_value()) << "expected " << kind << ", got " << *key;
      EXPECT_EQ(to_string(key.error().code), kind);
      EXPECT_LE(key.error().offset, row["name"].size());
      EXPECT_FALSE(key.error().message.empty());
      EXPECT_FALSE(decode_name(row["name"], mode).has_value());
      continue;
    }
    ASSERT_TRUE(key.has_value()) << describe(key.error());
    EXPECT_EQ(*key, row["key"]);
    auto back = decode_name(row["key"], mode);
    ASSERT_TRUE(back.has_value()) << describe(back.error());
    EXPECT_EQ(*back, row["key"]);
    EXPECT_EQ(decode_name(row["name"], mode).has_value(), row["name"] == row["key"]);
  }
}

TEST(Name, TheSeedsDeBrieAndDean) {
  // Raw, "DeBrie" sorts before "Dean": 'B' (0x42) < 'a' (0x61).
  EXPECT_LT(std::string("DeBrie"), std::string("Dean"));
  // Normalized, "DEAN" < "DEBRIE" as a reader expects, in every mode.
  for (CaseMode mode : {CaseMode::kUpper, CaseMode::kLower, CaseMode::kFold}) {
    EXPECT_LT(*normalize_name("Dean", mode), *normalize_name("DeBrie", mode)) << to_string(mode);
    EXPECT_LT(*normalize_name("DeBrie", mode), *normalize_name("Dern", mode)) << to_string(mode);
  }
  EXPECT_EQ(*normalize_name("DeBrie", CaseMode::kUpper), "DEBRIE");
  EXPECT_EQ(*normalize_name("Dean", CaseMode::kUpper), "DEAN");
  // Names equal ignoring case give equal keys; the display form is the caller's.
  EXPECT_EQ(*normalize_name("DeBrie", CaseMode::kUpper),
            *normalize_name("deBRIE", CaseMode::kUpper));
  EXPECT_EQ(*normalize_name("DeBrie", CaseMode::kFold), *normalize_name("DEBRIE", CaseMode::kFold));
}

TEST(Name, OnlyFoldIsFullCaselessEquality) {
  auto key = [](std::string_view s, CaseMode m) { return *normalize_name(s, m); };
  // "ẞ" (U+1E9E) and "ß" are caseless matches, and so are "STRASSE" and "straße".
  EXPECT_EQ(key("stra\xC3\x9F"
                "e",
                CaseMode::kFold),
            key("STRA\xE1\xBA\x9E"
                "E",
                CaseMode::kFold));
  EXPECT_EQ(key("stra\xC3\x9F"
                "e",
                CaseMode::kFold),
            key("STRASSE", CaseMode::kFold));
  // Upper case maps "ß" to "SS" but leaves "ẞ" alone.
  EXPECT_NE(key("stra\xC3\x9F"
                "e",
                CaseMode::kUpper),
            key("STRA\xE1\xBA\x9E"
                "E",
                CaseMode::kUpper));
  // Dotless "ı" upper-cases to "I": kUpper equates "ı" and "i", folding does not.
  EXPECT_EQ(key("\xC4\xB1", CaseMode::kUpper), key("i", CaseMode::kUpper));
  EXPECT_NE(key("\xC4\xB1", CaseMode::kFold), key("i", CaseMode::kFold));
  // Final sigma: lower case of "ΟΔΟΣ" ends in "ς", so it differs from "οδοσ";
  // folding maps both sigmas to "σ".
  EXPECT_NE(key("\xCE\x9F\xCE\x94\xCE\x9F\xCE\xA3", CaseMode::kLower),
            key("\xCE\xBF\xCE\xB4\xCE\xBF\xCF\x83", CaseMode::kLower));
  EXPECT_EQ(key("\xCE\x9F\xCE\x94\xCE\x9F\xCE\xA3", CaseMode::kFold),
            key("\xCE\xBF\xCE\xB4\xCE\xBF\xCF\x83", CaseMode::kFold));
  // Canonical equivalence first: "ſ" U+0301 (long s, acute) and "Ś" are caseless matches.
  EXPECT_EQ(key("\xC5\xBF\xCC\x81", CaseMode::kFold), key("\xC5\x9A", CaseMode::kFold));
  // NFD first, not NFC: "ᾲ" (U+1FB2) U+0300 and "Ὰ" (U+1FBA) U+0300 U+0345 are
  // caseless matches; with NFC first their fold keys would differ.
  EXPECT_EQ(key("\xE1\xBE\xB2\xCC\x80", CaseMode::kFold),
            key("\xE1\xBE\xBA\xCC\x80\xCD\x85", CaseMode::kFold));
}

TEST(Name, ComposedAndDecomposedInputsGiveOneKey) {
  for (CaseMode mode : {CaseMode::kUpper, CaseMode::kLower, CaseMode::kFold}) {
    EXPECT_EQ(*normalize_name("Jos\xC3\xA9", mode), *normalize_name("Jose\xCC\x81", mode));
  }
  EXPECT_EQ(*normalize_name("Jose\xCC\x81", CaseMode::kUpper), "JOS\xC3\x89");
}

TEST(Name, DoesNotDependOnTheDefaultLocale) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Locale saved = icu::Locale::getDefault();
  icu::Locale::setDefault(icu::Locale("tr", "TR"), status);
  ASSERT_TRUE(U_SUCCESS(status));
  // Turkish rules would give "İ" (U+0130) for "i", and "ı" for "I".
  EXPECT_EQ(*normalize_name("istanbul", CaseMode::kUpper), "ISTANBUL");
  EXPECT_EQ(*normalize_name("ISTANBUL", CaseMode::kLower), "istanbul");
  EXPECT_EQ(*normalize_name("\xC3\xA9\xC3\xA9 istanbul", CaseMode::kUpper),
            "\xC3\x89\xC3\x89 ISTANBUL");
  icu::Locale::setDefault(saved, status);
}

TEST(Name, ErrorsCarryOffsetsAndSentences) {
  auto empty = normalize_name("", CaseMode::kFold);
  ASSERT_FALSE(empty.has_value());
  EXPECT_EQ(describe(empty.error()), "empty at byte 0: a name must not be empty");

  auto control = normalize_name("ab\x01", CaseMode::kUpper);
  ASSERT_FALSE(control.has_value());
  EXPECT_EQ(describe(control.error()),
            "bad character at byte 2: control character U+0001 is not allowed in a name");

  auto c1 = normalize_name("D\xC3\xA9\xC2\x85", CaseMode::kUpper);
  ASSERT_FALSE(c1.has_value());
  EXPECT_EQ(c1.error().offset, 3u);

  auto bad = normalize_name("D\xC3\xA9\xC3(", CaseMode::kLower);
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(describe(bad.error()),
            "bad character at byte 3: invalid UTF-8: 0xC3 0x28 is not a well-formed sequence");

  auto cut = normalize_name("D\xE2\x82", CaseMode::kLower);
  ASSERT_FALSE(cut.has_value());
  EXPECT_EQ(describe(cut.error()),
            "bad character at byte 1: invalid UTF-8: 0xE2 0x82 is a truncated sequence");

  auto surrogate = normalize_name("\xED\xA0\x80", CaseMode::kFold);
  ASSERT_FALSE(surrogate.has_value());
  EXPECT_EQ(surrogate.error().code, ErrorCode::kBadCharacter);
  EXPECT_EQ(surrogate.error().offset, 0u);
}

TEST(Name, DecodeAcceptsExactlyTheFixedPoints) {
  EXPECT_EQ(*decode_name("DEAN", CaseMode::kUpper), "DEAN");
  auto lower = decode_name("DEan", CaseMode::kUpper);
  ASSERT_FALSE(lower.has_value());
  EXPECT_EQ(describe(lower.error()),
            "non-canonical at byte 2: not a canonical key for case mode upper: the text normalizes "
            "to \"DEAN\"");
  // Decomposed text is not a key: keys are NFC.
  auto nfd = decode_name("e\xCC\x81", CaseMode::kFold);
  ASSERT_FALSE(nfd.has_value());
  EXPECT_EQ(nfd.error().code, ErrorCode::kNonCanonical);
  EXPECT_EQ(nfd.error().offset, 0u);
  // The offset is at the start of the first code point that differs.
  auto greek = decode_name("\xCE\xBF\xCE\xB4\xCE\xBF\xCE\xA3", CaseMode::kFold);
  ASSERT_FALSE(greek.has_value());
  EXPECT_EQ(greek.error().offset, 6u);
  EXPECT_EQ(decode_name("", CaseMode::kUpper).error().code, ErrorCode::kEmpty);
}

TEST(Name, AppendLeavesOutputUnchangedOnError) {
  std::string out = "USER#";
  EXPECT_FALSE(append_name(out, "a\x01", CaseMode::kUpper).has_value());
  EXPECT_FALSE(append_name(out, "\xC3", CaseMode::kUpper).has_value());
  EXPECT_EQ(out, "USER#");
  EXPECT_TRUE(append_name(out, "DeBrie", CaseMode::kUpper).has_value());
  EXPECT_EQ(out, "USER#DEBRIE");
}

TEST(Name, CaseModesParseAndPrint) {
  for (CaseMode mode : {CaseMode::kUpper, CaseMode::kLower, CaseMode::kFold}) {
    EXPECT_EQ(*parse_case_mode(to_string(mode)), mode);
  }
  auto bad = parse_case_mode("title");
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().message, "the case mode must be upper, lower or fold, got \"title\"");
}

}  // namespace
}  // namespace sortkey
