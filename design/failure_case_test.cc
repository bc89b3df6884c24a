// A failing case as the failure store keeps it (design/failure_case.h): the
// population that failed on "{last}#{first}" read back against the same
// file fixed with :segment passes there, and fails again on the broken one;
// a case that no longer fits the design is refused saying what.

#include "design/failure_case.h"

#include <gtest/gtest.h>

#include <string>

#include "design/load.h"
#include "design/minimize.h"
#include "design/scope.h"

namespace sortkey::design {
namespace {

constexpr const char* kCaseTestPeople = R"(
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

Design case_test_people(const std::string& last_ref, const std::string& rename = "") {
  std::string text = kCaseTestPeople;
  text.replace(text.find("LAST_REF"), 8, last_ref);
  for (auto at = text.find("first"); !rename.empty() && at != std::string::npos;
       at = text.find("first", at)) {
    text.replace(at, 5, rename);
  }
  auto d = load_design_text(text, "people.yaml");
  EXPECT_TRUE(d) << (d ? "" : d.error().message);
  return *d;
}

// The small scope's failure of the broken design, as the store keeps it.
nlohmann::json case_test_stored_failure(const Design& broken) {
  const Scope scope(broken, ScopeSettings{}, in_memory_source());
  const ScopeResult r = scope.pattern(broken.patterns[0]);
  EXPECT_TRUE(r.failure.has_value());
  return r.failure ? failing_case_json(*r.failure) : nlohmann::json();
}

TEST(FailureCase, AStoredPopulationPassesOnTheFixedDesignAndFailsOnTheBrokenOne) {
  const Design broken = case_test_people("{last}");
  const nlohmann::json stored = case_test_stored_failure(broken);
  ASSERT_EQ(stored["population"].size(), 2U);
  EXPECT_EQ(stored["population"][0]["entity"], "Person");
  ASSERT_TRUE(stored["params"].contains("city"));

  const auto again = failing_case_from_json(broken, "pattern/people_in_order", stored);
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(failing_case_json(*again), stored);
  const auto fails = recheck(broken, *in_memory_source(), *again);
  ASSERT_TRUE(fails.has_value());
  EXPECT_FALSE(fails->ok());

  const Design fixed = case_test_people("{last:segment}");
  const auto replayed = failing_case_from_json(fixed, "pattern/people_in_order", stored);
  ASSERT_TRUE(replayed) << replayed.error().message;
  const auto passes = recheck(fixed, *in_memory_source(), *replayed);
  ASSERT_TRUE(passes.has_value());
  EXPECT_TRUE(passes->ok()) << passes->message();
}

TEST(FailureCase, ACaseThatNoLongerFitsIsRefusedSayingWhat) {
  const Design broken = case_test_people("{last}");
  const nlohmann::json stored = case_test_stored_failure(broken);
  const auto refused = [&](const Design& d, const std::string& property, nlohmann::json c,
                           const std::string& why) {
    const auto r = failing_case_from_json(d, property, c);
    ASSERT_FALSE(r) << why;
    EXPECT_NE(r.error().message.find(why), std::string::npos) << r.error().message;
  };
  refused(broken, "pattern/gone", stored, "the design has no pattern/gone");
  refused(case_test_people("{last}", "given"), "pattern/people_in_order", stored,
          "Person has no stored value for given");
  nlohmann::json wrong = stored;
  wrong["population"][0]["values"]["last"] = 7;
  refused(broken, "pattern/people_in_order", wrong, "is not a string");
  wrong = stored;
  wrong["population"][0]["entity"] = "Robot";
  refused(broken, "pattern/people_in_order", wrong, "no entity type Robot");
  wrong = stored;
  wrong["params"].erase("city");
  refused(broken, "pattern/people_in_order", wrong, "the pattern has no stored value for city");
  wrong = stored;
  wrong["update"] = {{"entity", 5}, {"attribute", "last"}, {"value", "X"}};
  refused(broken, "pattern/people_in_order", wrong, "outside its population");
  refused(broken, "width/Person", nlohmann::json::object(), "is not a width property");
  refused(broken, "pattern/people_in_order", nlohmann::json::array(), "not an object");
}

}  // namespace
}  // namespace sortkey::design
