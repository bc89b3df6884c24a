#include "design/scope.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "design/boundary.h"
#include "design/hints.h"
#include "design/items.h"
#include "design/load.h"
#include "design/minimize.h"
#include "design/tests/test_values.h"

namespace sortkey::design {
namespace {

using testing::number_value;
using testing::text_value;

// People by "{last}#{first}": LAST_REF is the last name's reference.
constexpr const char* kScopePeople = R"(
table: {partition_key: PK, sort_key: SK}
entities:
  Person:
    identity: [city, last, first]
    attributes:
      city: {type: string, alphabet: upper, length: [1, 3]}
      last: {type: string, alphabet: name, length: [1, 8]}
      first: {type: string, alphabet: name, length: [1, 8]}
    keys: {PK: "CITY#{city}", SK: "LAST_REF#{first}"}
patterns:
  people_in_order:
    query: {partition: {PK: "CITY#{city}"}}
    parameters: {city: {like: Person.city}}
    returns: [{entity: Person, where: {city: $city}}]
    order: [{attribute: last}, {attribute: first}]
)";

Design scope_people(const std::string& last_ref) {
  std::string text = kScopePeople;
  text.replace(text.find("LAST_REF"), 8, last_ref);
  auto d = load_design_text(text, "people.yaml");
  EXPECT_TRUE(d) << (d ? "" : d.error().message);
  return *d;
}

bool scope_holds_text(const std::vector<Value>& domain, const std::string& text) {
  return std::any_of(domain.begin(), domain.end(),
                     [&text](const Value& v) { return v.text == text; });
}

TEST(Boundaries, AStringBeforeASeparatorGetsTheCharactersBelowAtAndAboveIt) {
  const Design d = scope_people("{last}");
  EXPECT_EQ(key_separators(d).find('#') != std::string::npos, true);
  const Boundaries b(d);
  const auto& domain = b.domain(*d.entities[0].attribute("last"));
  EXPECT_EQ(domain.front().text, "A");
  EXPECT_TRUE(scope_holds_text(domain, "A ")) << "a space sorts below '#'";
}

TEST(Scope, FindsFreeTextBeforeASeparatorWithTwoEntities) {
  const Design d = scope_people("{last}");
  const Scope scope(d, ScopeSettings{}, in_memory_source());
  const ScopeResult r = scope.pattern(d.patterns[0]);
  ASSERT_TRUE(r.ran);
  ASSERT_TRUE(r.failure.has_value());
  EXPECT_TRUE(r.failure->from_scope);
  EXPECT_EQ(r.failure->population.size(), 2U);
  EXPECT_FALSE(r.exhausted);
}

TEST(Scope, ExhaustsTheEscapedDesign) {
  const Design d = scope_people("{last:segment}");
  const Scope scope(d, ScopeSettings{2, false, 0}, in_memory_source());
  const ScopeResult r = scope.pattern(d.patterns[0]);
  EXPECT_FALSE(r.failure.has_value()) << r.failure->message;
  EXPECT_TRUE(r.exhausted);
  EXPECT_EQ(r.k, 2);
  EXPECT_EQ(r.checked, r.total);
}

TEST(Scope, NoScopeRunsNothing) {
  const Design d = scope_people("{last}");
  const Scope scope(d, ScopeSettings{0, false, 0}, in_memory_source());
  EXPECT_FALSE(scope.pattern(d.patterns[0]).ran);
}

TEST(Minimize, KeepsOnlyTheEntitiesTheFailureNeeds) {
  const Design d = scope_people("{last}");
  const EntityType* p = &d.entities[0];
  FailingCase c;
  c.property = "pattern/people_in_order";
  c.pattern = &d.patterns[0];
  c.params = {{"city", text_value("A")}};
  c.page_limit = 1;
  c.population = {Entity{p, {text_value("A"), text_value("Zed"), text_value("B")}},
                  Entity{p, {text_value("A"), text_value("X"), text_value("B")}},
                  Entity{p, {text_value("B"), text_value("Q"), text_value("B")}},
                  Entity{p, {text_value("A"), text_value("X Y"), text_value("B")}},
                  Entity{p, {text_value("A"), text_value("Abe"), text_value("C")}}};
  const FailingCase small = minimize_case(d, *in_memory_source(), c);
  ASSERT_EQ(small.population.size(), 2U);
  EXPECT_EQ(small.population[0].values[1].text, "X");
  EXPECT_EQ(small.population[1].values[1].text, "X Y");
  EXPECT_FALSE(small.message.empty());
  const std::string hint = fix_hint(d, small);
  EXPECT_NE(hint.find("{last:segment}"), std::string::npos) << hint;
}

constexpr const char* kScopeReadings = R"(
table:
  partition_key: PK
  sort_key: SK
  indexes: [{name: G, partition_key: PK, sort_key: GSI1SK}]
entities:
  Reading:
    attributes:
      device: {type: string, alphabet: upper, length: [1, 3]}
      n: {type: integer, range: [0, 999]}
    keys: {PK: "D#{device}", SK: "R#{n:padded(3)}", GSI1SK: "{n:padded(2)}"}
)";

TEST(PartialItem, BuildsEveryKeyThatBuildsAndNamesTheOneThatDoesNot) {
  auto d = load_design_text(kScopeReadings, "readings.yaml");
  ASSERT_TRUE(d) << d.error().message;
  const Entity e{&d->entities[0], {text_value("A"), number_value(100)}};
  const PartialItem built = build_partial_item(*d, e);
  EXPECT_EQ(built.item.count("PK"), 1U);
  EXPECT_EQ(built.item.count("SK"), 1U);
  EXPECT_EQ(built.item.count("GSI1SK"), 0U);
  ASSERT_EQ(built.unbuilt.size(), 1U);
  EXPECT_EQ(built.unbuilt[0].first, "GSI1SK");
  // The table's keys build: a property that reads only them is not failed by it.
  EXPECT_FALSE(unbuilt_key(*d, {e}, keys_read(*d, "")).has_value());
  EXPECT_TRUE(unbuilt_key(*d, {e}, keys_read(*d, "G")).has_value());
}

}  // namespace
}  // namespace sortkey::design
