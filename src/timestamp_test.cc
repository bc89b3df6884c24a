#include "sortkey/timestamp.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "src/testing/golden.h"

namespace sortkey {

// How GoogleTest prints an Instant in a failure.
void PrintTo(const Instant& t, std::ostream* os) {
  *os << t.seconds << " s + " << t.nanos << " ns";
}

namespace {

using testing::is_error_field;
using testing::load_golden;

std::string show(const Instant& t) { return ::testing::PrintToString(t); }

Instant at(std::string_view text) {
  auto t = parse_rfc3339(text);
  EXPECT_TRUE(t.has_value()) << text << ": " << describe(t.error());
  return t.value_or(Instant{});
}

TEST(Timestamp, GoldenVectors) {
  for (const auto& row : load_golden("timestamp")) {
    SCOPED_TRACE(::testing::Message() << "timestamp.tsv line " << row.line);
    const int precision = std::stoi(row["precision"]);
    const Instant t{std::stoll(row["seconds"]),
                    static_cast<std::uint32_t>(std::stoul(row["nanos"]))};
    auto key = encode_timestamp(t, precision);
    std::string kind;
    if (is_error_field(row["key"], kind)) {
      ASSERT_FALSE(key.has_value()) << "expected " << kind << ", got " << *key;
      EXPECT_EQ(to_string(key.error().code), kind);
      EXPECT_FALSE(key.error().message.empty());
      continue;
    }
    ASSERT_TRUE(key.has_value()) << describe(key.error());
    EXPECT_EQ(*key, row["key"]);
    EXPECT_EQ(key->size(), timestamp_key_length(precision));
    auto back = decode_timestamp(row["key"], precision);
    ASSERT_TRUE(back.has_value()) << describe(back.error());
    EXPECT_EQ(*back, truncate_instant(t, precision));
    // Every key is RFC 3339 text of its own (truncated) instant.
    auto parsed = parse_rfc3339(row["key"]);
    ASSERT_TRUE(parsed.has_value()) << describe(parsed.error());
    EXPECT_EQ(*parsed, truncate_instant(t, precision));
  }
}

TEST(Timestamp, TheIssueExample) {
  EXPECT_EQ(*encode_timestamp(at("2026-06-23T01:30:00+02:00"), 3), "2026-06-22T23:30:00.000Z");
  EXPECT_EQ(*decode_timestamp("2026-06-23T00:00:00.000Z", 3), (Instant{1782172800, 0}));
}

TEST(Timestamp, TruncatesNeverRounds) {
  // Rounding would move this instant into the next year.
  EXPECT_EQ(*encode_timestamp(at("2026-12-31T23:59:59.9996Z"), 3), "2026-12-31T23:59:59.999Z");
  EXPECT_EQ(*encode_timestamp(at("9999-12-31T23:59:59.999999999Z"), 0), "9999-12-31T23:59:59Z");
  // Before 1970 the fraction still counts forward from the start of the second.
  EXPECT_EQ(*encode_timestamp(Instant{-1, 999999999}, 1), "1969-12-31T23:59:59.9Z");
  EXPECT_EQ(truncate_instant(Instant{-1, 999999999}, 1), (Instant{-1, 900000000}));
}

TEST(Timestamp, FixedFractionsSortWhereVariableOnesDoNot) {
  // The pitfall the format avoids: '.' < 'Z' puts the later instant first.
  EXPECT_GT(std::string("2026-06-23T00:00:00Z"), std::string("2026-06-23T00:00:00.5Z"));
  EXPECT_LT(*encode_timestamp(at("2026-06-23T00:00:00Z"), 1),
            *encode_timestamp(at("2026-06-23T00:00:00.5Z"), 1));
  // And the offset pitfall: the earlier instant's local text sorts last.
  EXPECT_GT(std::string("2026-06-23T01:30:00+02:00"), std::string("2026-06-23T00:00:00Z"));
  EXPECT_LT(*encode_timestamp(at("2026-06-23T01:30:00+02:00"), 0),
            *encode_timestamp(at("2026-06-23T00:00:00Z"), 0));
}

TEST(Timestamp, EncodeRejectsInvalidInstantsAndPrecisions) {
  auto late = encode_timestamp(Instant{kMaxTimestampSeconds + 1, 0}, 3);
  ASSERT_FALSE(late.has_value());
  EXPECT_EQ(late.error().code, ErrorCode::kOutOfRange);
  EXPECT_EQ(late.error().message,
            "Unix second 253402300800 falls in year 10000 (after 9999-12-31T23:59:59.999999999Z): "
            "timestamp keys "
            "hold years 0001 to 9999");
  auto early = encode_timestamp(Instant{kMinTimestampSeconds - 1, 0}, 3);
  ASSERT_FALSE(early.has_value());
  EXPECT_NE(early.error().message.find("year 0 (before 0001-01-01T00:00:00Z)"), std::string::npos);
  EXPECT_EQ(encode_timestamp(Instant{0, 1000000000}, 3).error().code, ErrorCode::kOutOfRange);
  EXPECT_EQ(describe(encode_timestamp(Instant{}, 10).error()),
            "bad parameter at byte 0: precision must be between 0 and 9 fraction digits, got 10");
  EXPECT_EQ(decode_timestamp("1970-01-01T00:00:00Z", -1).error().code, ErrorCode::kBadParameter);
}

struct Rejected {
  std::string_view input;
  int precision;
  ErrorCode code;
  std::size_t offset;
  std::string_view says;  // a part of the message
};

TEST(Timestamp, DecodeAcceptsOnlyTheCanonicalKey) {
  const std::vector<Rejected> cases = {
      {"", 3, ErrorCode::kTruncated, 0,
       "a key of precision 3 has 24 bytes (YYYY-MM-DDTHH:MM:SS.FFFZ)"},
      {"2026-06-23T00:00:00.00", 3, ErrorCode::kTruncated, 22, "ends after 22 bytes"},
      {"2026-06-23T00:00:00.000", 3, ErrorCode::kTruncated, 23, "has 24 bytes"},
      {"2026-06-23T00:00:00.000Z#", 3, ErrorCode::kTrailingBytes, 24, "exactly 24 bytes"},
      {"2026-06-23T00:00:00.0000Z", 3, ErrorCode::kNonCanonical, 23, "more than 3 fraction digits"},
      {"2026-06-23T00:00:00.00Z", 3, ErrorCode::kNonCanonical, 22,
       "fraction digit 3 of 3, found 'Z'"},
      {"2026-06-23T00:00:00Z", 3, ErrorCode::kNonCanonical, 19, "always have 3 fraction digits"},
      {"2026-06-23T00:00:00.000Z", 0, ErrorCode::kNonCanonical, 19, "precision 0 have no fraction"},
      {"2026-06-23T00:00:00.000z", 3, ErrorCode::kNonCanonical, 23, "uppercase 'Z'"},
      {"2026-06-23t00:00:00.000Z", 3, ErrorCode::kNonCanonical, 10, "uppercase 'T'"},
      {"2026-06-23T00:00:00.000+00:00", 3, ErrorCode::kNonCanonical, 23, "never an offset"},
      {"2026-06-23 00:00:00.000Z", 3, ErrorCode::kBadDelimiter, 10, "expected 'T'"},
      {"2026/06/23T00:00:00.000Z", 3, ErrorCode::kBadDelimiter, 4,
       "between the year and the month"},
      {"2026-06-23T00:00:00,000Z", 3, ErrorCode::kBadDelimiter, 19, "expected '.'"},
      {"2026-0x-23T00:00:00Z", 0, ErrorCode::kBadCharacter, 6, "expected a digit of the month"},
      {"2026-13-01T00:00:00Z", 0, ErrorCode::kOutOfRange, 5, "month 13 does not exist"},
      {"2026-00-01T00:00:00Z", 0, ErrorCode::kOutOfRange, 5, "month 00"},
      {"2026-02-30T00:00:00Z", 0, ErrorCode::kOutOfRange, 8,
       "day 30 of February 2026 does not exist: February 2026 has 28 days"},
      {"2100-02-29T00:00:00Z", 0, ErrorCode::kOutOfRange, 8, "2100 is not a leap year"},
      {"2026-04-31T00:00:00Z", 0, ErrorCode::kOutOfRange, 8, "April 2026 has 30 days"},
      {"2026-01-00T00:00:00Z", 0, ErrorCode::kOutOfRange, 8, "days start at 01"},
      {"0000-01-01T00:00:00Z", 0, ErrorCode::kOutOfRange, 0, "year 0000"},
      {"2026-06-23T24:00:00Z", 0, ErrorCode::kOutOfRange, 11, "hour 24"},
      {"2026-06-23T00:60:00Z", 0, ErrorCode::kOutOfRange, 14, "minute 60"},
      {"2016-12-31T23:59:60Z", 0, ErrorCode::kOutOfRange, 17, "leap second"},
      {"2026-06-23T00:00:00\xff", 0, ErrorCode::kBadDelimiter, 19, "found 0xFF"},
  };
  for (const Rejected& c : cases) {
    SCOPED_TRACE(::testing::Message() << '"' << c.input << "\" at precision " << c.precision);
    auto t = decode_timestamp(c.input, c.precision);
    ASSERT_FALSE(t.has_value()) << show(*t);
    EXPECT_EQ(t.error().code, c.code) << describe(t.error());
    EXPECT_EQ(t.error().offset, c.offset) << describe(t.error());
    EXPECT_NE(t.error().message.find(c.says), std::string::npos) << describe(t.error());
  }
  // Leap days exist where the rule says.
  EXPECT_TRUE(decode_timestamp("2000-02-29T00:00:00Z", 0).has_value());
  EXPECT_TRUE(decode_timestamp("2024-02-29T00:00:00Z", 0).has_value());
  EXPECT_FALSE(decode_timestamp("1900-02-29T00:00:00Z", 0).has_value());
}

TEST(Timestamp, ConsumeLeavesTheRestAndKeepsInputOnError) {
  std::string_view in = "2026-06-23T00:00:00.000Z#READING";
  auto t = consume_timestamp(in, 3);
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(*t, (Instant{1782172800, 0}));
  EXPECT_EQ(in, "#READING");
  std::string_view bad = "2026-06-23T00:00:00Z#";
  EXPECT_FALSE(consume_timestamp(bad, 3).has_value());
  EXPECT_EQ(bad, "2026-06-23T00:00:00Z#");
}

TEST(Timestamp, AppendLeavesOutputUnchangedOnError) {
  std::string out = "EVT#";
  EXPECT_FALSE(append_timestamp(out, Instant{kMaxTimestampSeconds + 1, 0}, 3).has_value());
  EXPECT_EQ(out, "EVT#");
  EXPECT_TRUE(append_timestamp(out, Instant{1782172800, 0}, 3).has_value());
  EXPECT_EQ(out, "EVT#2026-06-23T00:00:00.000Z");
}

struct Parsed {
  std::string_view input;
  std::int64_t seconds;
  std::uint32_t nanos;
};

TEST(Rfc3339, ParsesAnyOffsetAndFractionLength) {
  const std::vector<Parsed> cases = {
      {"2026-06-23T00:00:00Z", 1782172800, 0},
      {"2026-06-23t00:00:00z", 1782172800, 0},
      {"2026-06-23T00:00:00+00:00", 1782172800, 0},
      {"2026-06-23T00:00:00-00:00", 1782172800, 0},
      {"2026-06-23T01:30:00+02:00", 1782171000, 0},
      {"2026-06-22T23:30:00-00:30", 1782172800, 0},
      {"2026-06-23T05:45:00+05:45", 1782172800, 0},
      {"2027-01-01T13:59:59+14:00", 1798761599, 0},  // 2026-12-31T23:59:59Z
      {"2026-12-31T10:00:00-14:00", 1798761600, 0},  // 2027-01-01T00:00:00Z
      {"2026-06-23T00:00:00.5Z", 1782172800, 500000000},
      {"2026-06-23T00:00:00.000000001Z", 1782172800, 1},
      {"2026-06-23T00:00:00.123456789+23:59", 1782086460, 123456789},
      {"0000-12-31T23:00:00-02:00", -62135593200, 0},  // 0001-01-01T01:00:00Z
      {"9999-12-31T23:59:59.999999999Z", 253402300799, 999999999},
      {"1969-12-31T23:59:59.999999999Z", -1, 999999999},
      {"2000-02-29T00:00:00Z", 951782400, 0},
  };
  for (const Parsed& c : cases) {
    SCOPED_TRACE(c.input);
    auto t = parse_rfc3339(c.input);
    ASSERT_TRUE(t.has_value()) << describe(t.error());
    EXPECT_EQ(*t, (Instant{c.seconds, c.nanos}));
  }
  // 10000-01-01T01:00:00Z parses; it is the encoder that refuses it.
  auto beyond = parse_rfc3339("9999-12-31T23:00:00-02:00");
  ASSERT_TRUE(beyond.has_value());
  EXPECT_EQ(encode_timestamp(*beyond, 0).error().code, ErrorCode::kOutOfRange);
}

TEST(Rfc3339, RejectsDisplayFormatsAndAmbiguityWithTheFix) {
  const std::vector<Rejected> cases = {
      {"May 26, 1988", 0, ErrorCode::kBadFormat, 0,
       "display format: \"May 26, 1988\" does not sort as text; write RFC 3339 in UTC with a time "
       "and an offset, "
       "e.g. 1988-05-26T00:00:00Z"},
      {"26 May 1988", 0, ErrorCode::kBadFormat, 0, "e.g. 1988-05-26T00:00:00Z"},
      {"Thu, 26 May 1988 00:00:00 GMT", 0, ErrorCode::kBadFormat, 0, "e.g. 1988-05-26T00:00:00Z"},
      {"september 9 2026", 0, ErrorCode::kBadFormat, 0, "e.g. 2026-09-09T00:00:00Z"},
      {"tomorrow", 0, ErrorCode::kBadFormat, 0, "write e.g. 2026-06-23T00:00:00Z"},
      {"6/23/2026", 0, ErrorCode::kBadFormat, 0, "e.g. 2026-06-23T00:00:00Z"},
      {"23/6/2026", 0, ErrorCode::kBadFormat, 0, "e.g. 2026-06-23T00:00:00Z"},
      {"23.06.2026", 0, ErrorCode::kBadFormat, 0, "e.g. 2026-06-23T00:00:00Z"},
      {"06-23-2026", 0, ErrorCode::kBadFormat, 0, "e.g. 2026-06-23T00:00:00Z"},
      {"2026/06/23", 0, ErrorCode::kBadFormat, 0, "e.g. 2026-06-23T00:00:00Z"},
      {"6/6/2026", 0, ErrorCode::kBadFormat, 0, "e.g. 2026-06-06T00:00:00Z"},
      {"6/7/2026", 0, ErrorCode::kAmbiguous, 0,
       "ambiguous: \"6/7/2026\" could be June 7 or July 6; write RFC 3339, e.g. "
       "2026-06-07T00:00:00Z or "
       "2026-07-06T00:00:00Z"},
      {"6/23/26", 0, ErrorCode::kAmbiguous, 0, "two-digit year"},
      {"2026-6-23", 0, ErrorCode::kBadFormat, 5, "two digits each (YYYY-MM-DD): write 2026-06-23"},
      {"2026-06-23", 0, ErrorCode::kBadFormat, 10, "a date without a time"},
      {"2026-06-23T10:30Z", 0, ErrorCode::kBadFormat, 16,
       "without seconds: RFC 3339 needs HH:MM:SS, e.g. 2026-06-23T10:30:00Z"},
      {"2026-06-23T9:05:00Z", 0, ErrorCode::kBadFormat, 11, "two digits each (HH:MM:SS)"},
      {"2026-06-23 00:00:00Z", 0, ErrorCode::kBadFormat, 10,
       "expected 'T' between the date and the time, found ' '"},
      {"2026-06-23T00:00:00", 0, ErrorCode::kAmbiguous, 19,
       "no offset: 2026-06-23T00:00:00 is local time in an unknown zone; add 'Z' if it is UTC"},
      {"2026-06-23T00:00:00.5", 0, ErrorCode::kAmbiguous, 21, "(2026-06-23T00:00:00.5Z)"},
      {"2026-06-23T00:00:00 UTC", 0, ErrorCode::kBadFormat, 19, "zone names"},
      {"20260623T000000Z", 0, ErrorCode::kBadFormat, 0, "basic format"},
      {"20260623", 0, ErrorCode::kBadFormat, 0, "basic format"},
      {"1782172800", 0, ErrorCode::kBadFormat, 0, "epoch codec"},
      {"2026-06-23T00:00:00+0200", 0, ErrorCode::kBadFormat, 22, "write it as +02:00"},
      {"2026-06-23T00:00:00+24:00", 0, ErrorCode::kOutOfRange, 20, "offset hour 24"},
      {"2026-06-23T00:00:00+02:60", 0, ErrorCode::kOutOfRange, 23, "offset minute 60"},
      {"2026-06-23T00:00:00.1234567891Z", 0, ErrorCode::kBadLength, 29,
       "more than 9 fraction digits"},
      {"2026-06-23T00:00:00.Z", 0, ErrorCode::kBadCharacter, 20, "fraction digit after '.'"},
      {"2016-12-31T23:59:60Z", 0, ErrorCode::kOutOfRange, 17, "leap second"},
      {"2026-02-30T00:00:00Z", 0, ErrorCode::kOutOfRange, 8, "February 2026 has 28 days"},
      {"2026-13-01T00:00:00Z", 0, ErrorCode::kOutOfRange, 5, "month 13"},
      {"", 0, ErrorCode::kEmpty, 0, "empty"},
      {" 2026-06-23T00:00:00Z", 0, ErrorCode::kBadCharacter, 0, "expected a digit of the year"},
      {"2026-06-23T00:00:00Z ", 0, ErrorCode::kTrailingBytes, 20, "1 more bytes"},
      {"2026-06-23T00:00:00Q", 0, ErrorCode::kBadDelimiter, 19, "'Z' or an offset"},
      {"2026-06-23T00:00", 0, ErrorCode::kBadFormat, 16, "without seconds"},
  };
  for (const Rejected& c : cases) {
    SCOPED_TRACE(::testing::Message() << '"' << c.input << '"');
    auto t = parse_rfc3339(c.input);
    ASSERT_FALSE(t.has_value()) << show(*t);
    EXPECT_EQ(t.error().code, c.code) << describe(t.error());
    EXPECT_EQ(t.error().offset, c.offset) << describe(t.error());
    EXPECT_NE(t.error().message.find(c.says), std::string::npos) << describe(t.error());
    EXPECT_LE(t.error().offset, c.input.size());
  }
}

}  // namespace
}  // namespace sortkey
