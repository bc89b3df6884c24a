#include "design/design_props.h"

#include <gtest/gtest.h>

#include <string>

#include "design/load.h"
#include "design/tests/test_values.h"
#include "design/values.h"

namespace sortkey::design {
namespace {

using testing::text_value;

constexpr const char* kSaas = R"(
table: {partition_key: PK, sort_key: SK}
entities:
  Org:
    attributes: {org_name: {type: string, alphabet: upper}}
    keys: {PK: "ORG#{org_name}", SK: "ORG#{org_name}"}
  Team:
    attributes:
      org_name: {type: string, alphabet: upper}
      team_name: {type: string, alphabet: text}
    keys: {PK: "ORG#{org_name}", SK: "TEAM_SK"}
patterns:
  org_and_teams:
    query:
      partition: {PK: "ORG#{org}"}
      sort: {SK: {le: "ORG#{org}"}}
      forward: false
    parameters: {org: {like: Org.org_name}}
    returns:
      - {entity: Org, where: {org_name: $org}}
      - {entity: Team, where: {org_name: $org}}
    order: [{entity: [Org, Team]}]
)";

Design load(std::string text, const std::string& team_sk) {
  text.replace(text.find("TEAM_SK"), 7, team_sk);
  auto d = load_design_text(text, "saas.yaml");
  EXPECT_TRUE(d) << (d ? "" : d.error().message);
  return *d;
}

Population org_with_team(const Design& d) {
  return {Entity{&d.entities[0], {text_value("ACME")}},
          Entity{&d.entities[1], {text_value("ACME"), text_value("GRILL")}}};
}

TEST(PatternReturns, TeamsBeforeTheOrgAreReadBackward) {
  const Design d = load(kSaas, "#TEAM#{team_name}");
  const Population pop = org_with_team(d);
  const Outcome o = pattern_returns(*in_memory_source(), d, d.patterns[0], pop,
                                    {{"org", text_value("ACME")}}, 1, nullptr);
  EXPECT_TRUE(o.ok()) << o.message();
}

TEST(PatternReturns, TeamsWithoutTheHashSortAfterTheOrgAndAreMissed) {
  const Design d = load(kSaas, "TEAM#{team_name}");
  const Population pop = org_with_team(d);
  const Outcome o = pattern_returns(*in_memory_source(), d, d.patterns[0], pop,
                                    {{"org", text_value("ACME")}}, 5, nullptr);
  ASSERT_FALSE(o.ok());
  EXPECT_NE(
      o.message().find("the answer ends after 1 entity; next expected: Team{org_name=\"ACME\", "
                       "team_name=\"GRILL\"}"),
      std::string::npos)
      << o.message();
  EXPECT_NE(o.message().find("request: Query {"), std::string::npos) << o.message();
  EXPECT_NE(o.message().find("items as stored"), std::string::npos) << o.message();
}

TEST(HitRate, FailsBelowTheDesignsMinimumAndHoldsAtIt) {
  Pattern p;
  p.name = "by_filter";
  p.min_hit_rate = 30;
  ReadCost c;
  c.requests = 4;
  c.read = 10;
  c.returned = 3;
  EXPECT_TRUE(hit_rate_holds(p, c).ok());
  c.returned = 2;
  const Outcome o = hit_rate_holds(p, c);
  ASSERT_FALSE(o.ok());
  EXPECT_NE(o.message().find("returns 2 of the 10 items it reads, a 20.0% hit rate, below the "
                             "design's min_hit_rate of 30%"),
            std::string::npos)
      << o.message();
  p.min_hit_rate.reset();
  EXPECT_TRUE(hit_rate_holds(p, c).ok());
  EXPECT_DOUBLE_EQ(hit_rate_percent(ReadCost{}), 100.0);
}

}  // namespace
}  // namespace sortkey::design
