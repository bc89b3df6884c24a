// The names offered for a mistyped one: the edit distance, its bounds, and
// the sentence.

#include "support/suggest.h"

#include <gtest/gtest.h>

namespace sortkey::support {
namespace {

TEST(EditDistance, CountsEachKindOfEdit) {
  EXPECT_EQ(edit_distance("width", "width"), 0U);
  EXPECT_EQ(edit_distance("widht", "width"), 1U);  // a swap of neighbours is one edit
  EXPECT_EQ(edit_distance("jbos", "jobs"), 1U);
  EXPECT_EQ(edit_distance("encod", "encode"), 1U);    // an insertion
  EXPECT_EQ(edit_distance("encodee", "encode"), 1U);  // a deletion
  EXPECT_EQ(edit_distance("padded", "padder"), 1U);   // a substitution
  EXPECT_EQ(edit_distance("", "abc"), 3U);
  EXPECT_EQ(edit_distance("abc", ""), 3U);
  EXPECT_EQ(edit_distance("ca", "abc"), 3U);  // optimal string alignment: no edit of a swapped pair
}

TEST(NearestNames, OffersTheNearestFirstWithinABound) {
  const std::vector<std::string> options{"width", "unit", "case", "output", "help"};
  EXPECT_EQ(nearest_names("widht", options), std::vector<std::string>{"width"});
  EXPECT_TRUE(nearest_names("zzzzz", options).empty());
  // A short word is only one edit from what it names: "x" is not "unit".
  EXPECT_TRUE(nearest_names("x", options).empty());
  const std::vector<std::string> codecs{"padded", "inverse", "name", "ksuid", "ulid"};
  EXPECT_EQ(nearest_names("padd", codecs), std::vector<std::string>{"padded"});
  // Near names first; a prefix names its names only when no name is near.
  const std::vector<std::string> ids{"padded", "padded/order", "padded/round_trip", "name"};
  EXPECT_EQ(nearest_names("padd", ids), std::vector<std::string>{"padded"});
  EXPECT_EQ(nearest_names("padded/ord", ids), std::vector<std::string>{"padded/order"});
  EXPECT_EQ(nearest_names("padde", ids), std::vector<std::string>{"padded"});
  EXPECT_EQ(nearest_names("padded/rou", ids), std::vector<std::string>{"padded/round_trip"});
  EXPECT_EQ(nearest_names("uild", codecs), std::vector<std::string>{"ulid"});
  EXPECT_EQ(nearest_names("padded", codecs), std::vector<std::string>{});  // itself is no hint
  // Only the nearest: "jbos" is one swap from "jobs", two edits from "json".
  EXPECT_EQ(nearest_names("jbos", {"json", "jobs"}), std::vector<std::string>{"jobs"});
}

TEST(NearestNames, AtMostTheLimitNoneTwice) {
  const std::vector<std::string> names{"ab", "ac", "ad", "ae", "ab"};
  EXPECT_EQ(nearest_names("aa", names, 3), (std::vector<std::string>{"ab", "ac", "ad"}));
  EXPECT_EQ(nearest_names("aa", names, 1), std::vector<std::string>{"ab"});
}

TEST(DidYouMean, ASentenceOrNothing) {
  EXPECT_EQ(did_you_mean("widht", {"width", "unit"}, "--"), "did you mean --width?");
  EXPECT_EQ(did_you_mean("ab", {"aa", "ac"}), "did you mean aa or ac?");
  EXPECT_EQ(did_you_mean("ab", {"aa", "ac", "ad"}), "did you mean aa, ac or ad?");
  EXPECT_EQ(did_you_mean("qqqq", {"width"}), "");
}

}  // namespace
}  // namespace sortkey::support
