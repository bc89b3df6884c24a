#include "certify/endpoint/divergences.h"

#include <gtest/gtest.h>

namespace sortkey::certify::endpoint {
namespace {

Divergence order_divergence() {
  Divergence d;
  d.property = "endpoint/query";
  d.kind = "order";
  d.shape = {{"operation", "Query"}, {"target", "table"}, {"sort_type", "S"}};
  d.detail = "position 3: the engine has {sk:\"\\u{1F600}\"}";
  return d;
}

TEST(KnownDivergences, MatchesOnPropertyKindShapeAndDetail) {
  auto k = parse_known_divergences(R"({"endpoint": "x", "divergences": [
      {"id": "a", "why": "w", "match": {"property": "endpoint/", "kind": "order",
                                        "shape": {"sort_type": ["S", "B"]}, "detail": "position \\d+"}}]})",
                                   "test.json");
  ASSERT_TRUE(k) << k.error().message;
  EXPECT_EQ(k->endpoint, "x");
  Divergence d = order_divergence();
  ASSERT_NE(k->match(d), nullptr);
  d.shape["sort_type"] = "N";
  EXPECT_EQ(k->match(d), nullptr);
  d = order_divergence();
  d.kind = "items";
  EXPECT_EQ(k->match(d), nullptr);
  d = order_divergence();
  d.property = "query/model_based";
  EXPECT_EQ(k->match(d), nullptr);
  d = order_divergence();
  d.detail = "something else";
  EXPECT_EQ(k->match(d), nullptr);
}

TEST(KnownDivergences, RejectsEntriesWithoutReasons) {
  for (
      const char* text : {
          R"({"divergences": [{"id": "a", "match": {"kind": "order"}}]})",
          R"({"divergences": [{"id": "a", "why": "", "match": {"kind": "order"}}]})",
          R"({"divergences": [{"why": "w", "match": {"kind": "order"}}]})",
          R"({"divergences": [{"id": "a", "why": "w", "match": {}}]})",
          R"({"divergences": [{"id": "a", "why": "w", "match": {"detail": "("}}]})",
          R"({"divergences": [{"id": "a", "why": "w", "match": {"kind": "x"}},
                               {"id": "a", "why": "w", "match": {"kind": "y"}}]})",
          R"({"divergences": [{"id": "a", "why": "w", "match": {"kind": "x"}, "reproduction": {"table": {}}}]})",
          R"({"nothing": []})",
          "not json",
      }) {
    auto k = parse_known_divergences(text, "bad.json");
    EXPECT_FALSE(k) << text;
    if (!k) {
      EXPECT_NE(k.error().message.find("bad.json"), std::string::npos);
    }
  }
}

TEST(KnownDivergences, SuggestedEntryParsesBack) {
  Divergence d = order_divergence();
  d.reproduction = {{"table", {{"pk", {"pk", "S"}}}},
                    {"items", nlohmann::json::array()},
                    {"request", {{"action", "Query"}, {"params", nlohmann::json::object()}}},
                    {"expected", nlohmann::json::object()},
                    {"actual", nlohmann::json::object()}};
  const nlohmann::json file = {{"divergences", {suggested_entry(d, "new-one")}}};
  auto k = parse_known_divergences(file.dump(), "suggested");
  ASSERT_TRUE(k) << k.error().message;
  EXPECT_NE(k->match(d), nullptr);
}

TEST(KnownDivergences, MatchTextOfAnotherTypeIsAnErrorNamingTheEntry) {
  for (const char* match :
       {R"({"kind": "order", "property": 7})", R"({"kind": "order", "detail": 3})"}) {
    auto k = parse_known_divergences(
        std::string(R"({"divergences": [{"id": "a", "why": "w", "match": )") + match + "}]}",
        "test.json");
    ASSERT_FALSE(k) << match;
    EXPECT_NE(k.error().message.find("test.json: \"a\": match."), std::string::npos)
        << k.error().message;
    EXPECT_NE(k.error().message.find("must be a string"), std::string::npos) << k.error().message;
  }
}

TEST(KnownDivergences, AnExponentialDetailPatternEndsWithoutAMatch) {
  auto k = parse_known_divergences(R"({"divergences": [
      {"id": "a", "why": "w", "match": {"detail": "((((((((((a*)*)*)*)*)*)*)*)*)*)*b"}}]})",
                                   "test.json");
  ASSERT_TRUE(k) << k.error().message;
  Divergence d = order_divergence();
  d.detail = std::string(40, 'a');
  EXPECT_EQ(k->match(d), nullptr);  // the bounded search gives up: no match, reported
  d.detail = "aab";
  EXPECT_NE(k->match(d), nullptr);
  auto bad = parse_known_divergences(
      R"({"divergences": [{"id": "a", "why": "w", "match": {"detail": "(unclosed["}}]})", "t.json");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("match.detail is not a valid regex"), std::string::npos)
      << bad.error().message;
}

}  // namespace
}  // namespace sortkey::certify::endpoint
