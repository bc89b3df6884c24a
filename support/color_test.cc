// Colour for the verdict words: always, never, and never in a file on its own.

#include "support/color.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace sortkey::support {
namespace {

TEST(Color, ModesParse) {
  EXPECT_EQ(parse_color_mode("auto"), ColorMode::kAuto);
  EXPECT_EQ(parse_color_mode("always"), ColorMode::kAlways);
  EXPECT_EQ(parse_color_mode("never"), ColorMode::kNever);
  EXPECT_EQ(parse_color_mode("yes"), std::nullopt);
}

TEST(Color, PaintsOnlyWhenColorsAreOn) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  set_color_mode(ColorMode::kAlways);
  EXPECT_EQ(paint(file, Paint::kGood, "CERTIFIED"), "\033[1;32mCERTIFIED\033[0m");
  EXPECT_EQ(paint(file, Paint::kBad, "FAILED"), "\033[1;31mFAILED\033[0m");
  set_color_mode(ColorMode::kNever);
  EXPECT_EQ(paint(file, Paint::kGood, "CERTIFIED"), "CERTIFIED");
  set_color_mode(ColorMode::kAuto);  // a file is no terminal
  EXPECT_FALSE(colors(file));
  EXPECT_EQ(paint(file, Paint::kWarn, "gave up"), "gave up");
  std::fclose(file);
}

}  // namespace
}  // namespace sortkey::support
