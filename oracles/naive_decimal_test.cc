// Reference implementation tests; the oracle is checked against the facts it
// encodes (dynamodb-query-semantics.md), never against the code under test.
#include "oracles/naive_decimal.h"

#include <gtest/gtest.h>

namespace sortkey::oracle {
namespace {

// Section 1.2: DynamoDB refuses 0e126 and 0e-131 and accepts 0.0e126; a
// zero's range is the power of ten of its last written digit.
TEST(NaiveDecimal, ZeroIsJudgedByItsLastWrittenDigit) {
  for (const char* text : {"0e125", "0.0e126", "-0.0e126", "0.00e127", ".0e126", "0e-130",
                           "0.0e-129", "+0E+125", "0", "-0", "0.", "0.000"}) {
    const NaiveReading r = read_number(text);
    EXPECT_EQ(r.verdict, NaiveVerdict::kNumber) << text;
    EXPECT_EQ(canonical_text(r.value), "0") << text;
  }
  for (const char* text :
       {"0e126", "-0e126", "00e126", "0.e126", "0e1000", "0.00e128", "0e99999999999999999999999"}) {
    EXPECT_EQ(read_number(text).verdict, NaiveVerdict::kOverflow) << text;
  }
  for (const char* text :
       {"0e-131", "-0e-131", "0.0e-130", "0e-500", "0.000e-128", "0.0e-99999999999999999999999"}) {
    EXPECT_EQ(read_number(text).verdict, NaiveVerdict::kUnderflow) << text;
  }
}

// The other spellings of section 1.2 keep their verdicts.
TEST(NaiveDecimal, SpellingsOfTheReference) {
  for (const char* text :
       {"3", "-7.1234", "-17e5", "-17.4E37", "+3", ".123", "0001.23", "1e+5", "9.99999999e125",
        "1e-130", "-1e-130", "3.1415926535897932384626433832795028841"}) {
    EXPECT_EQ(read_number(text).verdict, NaiveVerdict::kNumber) << text;
  }
  for (const char* text : {"NaN", "Infinity", "-Infinity", "dog", " 1", "1 ", ""}) {
    EXPECT_EQ(read_number(text).verdict, NaiveVerdict::kNotANumber) << text;
  }
  EXPECT_EQ(read_number("1e126").verdict, NaiveVerdict::kOverflow);
  EXPECT_EQ(read_number("11e125").verdict, NaiveVerdict::kOverflow);
  EXPECT_EQ(read_number("1e-131").verdict, NaiveVerdict::kUnderflow);
  EXPECT_EQ(read_number("0.9e-130").verdict, NaiveVerdict::kUnderflow);
  EXPECT_EQ(read_number("3.14159265358979323846264338327950288419").verdict,
            NaiveVerdict::kTooPrecise);
  EXPECT_EQ(canonical_text(read_number("1e3").value), "1000");
  EXPECT_EQ(canonical_text(read_number("-.5").value), "-0.5");
  EXPECT_EQ(canonical_text(read_number("100.000").value), "100");
}

}  // namespace
}  // namespace sortkey::oracle
