// The composite path generators (gen/path_gen.h, gen_segment): they draw
// what breaks escaping often enough to be met within a default run, and a
// failure shrinks to a path of few short segments.

#include "properties/gen/path_gen.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "oracles/naive_casefold.h"
#include "properties/gen/text_gen.h"
#include "properties/runner.h"

namespace sortkey::props {
namespace {

using Path = std::vector<std::string>;

std::vector<Path> sample(char d, int n) {
  std::vector<Path> out;
  const rc::Gen<Path> gen = gen_composite_path(d);
  for (int i = 0; i < n; ++i)
    out.push_back(gen(rc::Random(static_cast<std::uint64_t>(i)), 50).value());
  return out;
}

// The share of paths with a segment for which `pred` holds, in percent.
template <class Pred>
double percent_with_segment(const std::vector<Path>& paths, Pred pred) {
  const auto n = std::count_if(paths.begin(), paths.end(), [&](const Path& p) {
    return std::any_of(p.begin(), p.end(), pred);
  });
  return 100.0 * static_cast<double>(n) / static_cast<double>(paths.size());
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

TEST(PathGen, DrawsWhatBreaksEscapingOften) {
  const std::vector<Path> paths = sample('#', 2000);
  // Escape-looking sequences: the escape of the delimiter and of the escape byte.
  EXPECT_GT(percent_with_segment(paths, [](const std::string& s) { return contains(s, "$23"); }),
            5);
  EXPECT_GT(percent_with_segment(paths, [](const std::string& s) { return contains(s, "$24"); }),
            5);
  EXPECT_GT(percent_with_segment(paths, [](const std::string& s) { return contains(s, "$$"); }), 5);
  EXPECT_GT(percent_with_segment(paths, [](const std::string& s) { return contains(s, "#"); }), 15);
  EXPECT_GT(percent_with_segment(paths,
                                 [](const std::string& s) {
                                   return std::any_of(s.begin(), s.end(),
                                                      [](char c) { return c >= 0 && c < '#'; });
                                 }),
            10);
  EXPECT_GT(percent_with_segment(paths, [](const std::string& s) { return s.empty(); }), 20);
  // The bytes next to the escape, for another delimiter too.
  const std::vector<Path> slash = sample('/', 2000);
  EXPECT_GT(percent_with_segment(slash, [](const std::string& s) { return contains(s, "02F"); }),
            5);
  EXPECT_GT(percent_with_segment(slash, [](const std::string& s) { return contains(s, "1"); }), 10);
}

TEST(PathGen, DrawsOneAndManySegmentsAndPrefixesOfEachOther) {
  const std::vector<Path> paths = sample('#', 2000);
  const auto with = [&paths](auto pred) {
    return 100.0 * static_cast<double>(std::count_if(paths.begin(), paths.end(), pred)) /
           static_cast<double>(paths.size());
  };
  EXPECT_GT(with([](const Path& p) { return p.size() == 1; }), 20);
  EXPECT_GT(with([](const Path& p) { return p.size() >= 4; }), 20);
  EXPECT_GT(with([](const Path& p) { return p.size() >= 9; }), 5);
  EXPECT_TRUE(std::none_of(paths.begin(), paths.end(), [](const Path& p) { return p.empty(); }));
  // Two non-empty segments of one path, one a proper prefix of the other.
  EXPECT_GT(with([](const Path& p) {
              for (const auto& a : p)
                for (const auto& b : p)
                  if (!a.empty() && a.size() < b.size() && b.compare(0, a.size(), a) == 0)
                    return true;
              return false;
            }),
            10);
}

TEST(PathGen, SegmentsAreUtf8) {
  for (const Path& p : sample('#', 2000)) {
    for (const std::string& s : p) EXPECT_TRUE(oracle::is_valid_utf8(s)) << Text{s};
  }
}

// Planted bugs over the path generator, run as the catalog runs them: each
// failure must shrink to the smallest path that shows it.
RunReport run_planted(const char* name, std::function<void()> property) {
  Catalog c;
  c.add("planted", name, "false on purpose", std::move(property));
  RunSettings s;  // the default seed and cases
  return run_property(c.entries()[0], s);
}

std::string joined(const Path& p, char d) {
  std::string out;
  for (std::size_t i = 0; i < p.size(); ++i) out += (i ? std::string(1, d) : "") + p[i];
  return out;
}

TEST(PathGen, AFailureShrinksToOneSegmentOfOneByte) {
  // An unescaped join: the path ("A#B") reads back as ("A", "B").
  const RunReport r = run_planted("split_round_trip", [] {
    const Path p = *gen_composite_path('#');
    const std::string key = joined(p, '#');
    Path back;
    std::size_t from = 0;
    for (std::size_t at; (at = key.find('#', from)) != std::string::npos; from = at + 1)
      back.push_back(key.substr(from, at - from));
    back.push_back(key.substr(from));
    rc_require(back == p ? Outcome::holds() : Outcome::fails("split"));
  });
  ASSERT_EQ(r.verdict, Verdict::kFailed);
  ASSERT_EQ(r.counterexample.size(), 1u);
  EXPECT_EQ(r.counterexample[0].second, "[\"#\"]");
}

TEST(PathGen, AnOrderFailureShrinksToTwoShortPaths) {
  // An unescaped join compared as bytes: ("", "") < ("\x01") but "#" > "\x01".
  // The last failing case RapidCheck meets is the shrunk one. The two paths
  // shrink one at a time, so a shared byte may stay (("%#") against ("%",
  // "$")): close to the minimum, two segments of two bytes at most.
  static std::vector<Path> last;
  const RunReport r = run_planted("join_order", [] {
    const Path a = *gen_composite_path('#');
    const Path b = *gen_composite_path('#');
    const bool tuple_less = a < b;
    const bool key_less = joined(a, '#') < joined(b, '#');
    if (tuple_less == key_less || a == b) return;
    last = {a, b};
    rc_require(Outcome::fails("order"));
  });
  ASSERT_EQ(r.verdict, Verdict::kFailed);
  ASSERT_EQ(last.size(), 2u);
  for (const Path& p : last) {
    EXPECT_LE(p.size(), 2u) << r.message;
    for (const std::string& s : p)
      EXPECT_LE(s.size(), 2u) << Segments{last[0]} << " vs " << Segments{last[1]};
  }
}

}  // namespace
}  // namespace sortkey::props
