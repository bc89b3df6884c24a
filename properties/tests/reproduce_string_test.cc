// The reproduce-string reader accepts what the runner writes and refuses,
// with a sentence, what RapidCheck would decode unsafely or without bound.

#include "properties/reproduce_string.h"

#include <gtest/gtest.h>

#include <string>

#include "properties/runner.h"

namespace sortkey::props {
namespace {

std::string written_by_the_runner() {
  Catalog c;
  c.add("planted", "below_10", "every generated int is below 10 (false on purpose)", [] {
    const int x = *rc::gen::inRange(0, 1000);
    rc_require(x < 10 ? Outcome::holds() : Outcome::fails("x"));
  });
  RunSettings s;
  s.seed = 3;
  return run_property(c.entries()[0], s).reproduce;
}

TEST(ReproduceString, ReadsWhatTheRunnerWrites) {
  const std::string text = written_by_the_runner();
  const auto r = read_reproduce_string(text);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->property_id, "planted/below_10");
  EXPECT_LE(r->size, kMaxReproduceSize);
  EXPECT_GE(r->shrink_steps, 1u);
}

TEST(ReproduceString, RefusesEveryCutAndEveryExtension) {
  const std::string text = written_by_the_runner();
  // Every proper prefix but those that end on a whole base64 group of the
  // same bytes is refused; none is accepted as another string.
  for (std::size_t n = 0; n < text.size(); ++n) {
    EXPECT_FALSE(read_reproduce_string(text.substr(0, n))) << n;
  }
  EXPECT_FALSE(read_reproduce_string(text + "AAAA"));
  EXPECT_FALSE(read_reproduce_string(text + "!"));
  EXPECT_FALSE(read_reproduce_string("seed=1"));
  EXPECT_FALSE(read_reproduce_string(std::string(kMaxReproduceText + 1, 'A')));
}

TEST(ReproduceString, RefusesACountBeyond64Bits) {
  // Only continuation bytes: a count RapidCheck would shift past 64 bits.
  const auto e = read_reproduce_string("reproduce=_____________");
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("the reproduce string"), std::string::npos);
}

}  // namespace
}  // namespace sortkey::props
