#include "sortkey/error.h"

#include <gtest/gtest.h>

#include <string>

namespace sortkey {
namespace {

using namespace std::string_literals;

TEST(Printable, KeepsPrintableUtf8AndEscapesWhatCouldDriveATerminal) {
  EXPECT_EQ(printable("ACTOR#u_8814 é 日本 🙂"), "ACTOR#u_8814 é 日本 🙂");
  // An OSC sequence that would retitle the terminal, a NUL, DEL.
  EXPECT_EQ(printable("\x1b]0;PWNED\x07"), R"(\x1B]0;PWNED\x07)");
  EXPECT_EQ(printable("a\0b\x7f"s), R"(a\x00b\x7F)");
  EXPECT_EQ(printable("\r\n\t"), R"(\x0D\x0A\x09)");
  // C1 controls (CSI is U+009B) and the bidirectional overrides.
  EXPECT_EQ(printable("\u009b2J"), R"(\u{009B}2J)");
  EXPECT_EQ(printable("abc\u202Efed"), R"(abc\u{202E}fed)");
  // Bytes that are not UTF-8, one escape each; a backslash doubled so that
  // an escape and the text of one never look alike.
  EXPECT_EQ(printable("\xC3\x28\xFF"), R"(\xC3(\xFF)");
  EXPECT_EQ(printable(R"(\x1B)"), R"(\\x1B)");
  EXPECT_EQ(printable(""), "");
}

}  // namespace
}  // namespace sortkey
