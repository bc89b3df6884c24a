#include "design/failure_case_props.h"

#include "design/failure_case.h"
#include "design/load.h"

namespace sortkey::design {
namespace {

// Every attribute type, an update target, an index and a pattern.
constexpr const char* kCasePropsDesign = R"(
design: stored
table:
  partition_key: PK
  sort_key: SK
  indexes:
    - {name: ByStatus, partition_key: GSI1PK, sort_key: GSI1SK}
entities:
  Person:
    identity: [city, last]
    attributes:
      city: {type: string, alphabet: upper, length: [1, 3]}
      last: {type: string, alphabet: name, length: [1, 8]}
      age: {type: integer, range: [0, 150]}
      seen: {type: timestamp, range: ["2026-01-01T00:00:00Z", "2026-12-31T23:59:59Z"], precision: 3}
      status: {type: enum, values: [OPEN, DONE], mutable: true}
      admin: {type: boolean}
    keys:
      PK: "CITY#{city}"
      SK: "P#{last}#{age:padded(3)}"
      GSI1PK: "{status}"
      GSI1SK: "{seen:timestamp(3)}"
patterns:
  people:
    query: {partition: {PK: "CITY#{city}"}}
    parameters: {city: {like: Person.city}}
    returns: [{entity: Person, where: {city: $city}}]
    order: any
)";

const Design& case_props_design() {
  static const Design kDesign = *load_design_text(kCasePropsDesign, "stored.yaml");
  return kDesign;
}

}  // namespace

props::Outcome stored_case_holds(const std::string& property, const nlohmann::json& stored) {
  const Design& d = case_props_design();
  const auto c = failing_case_from_json(d, property, stored);
  if (!c) {
    if (c.error().message.empty()) return props::Outcome::fails("a refusal without a message");
    return props::Outcome::holds();
  }
  const nlohmann::json written = failing_case_json(*c);
  const auto again = failing_case_from_json(d, property, written);
  if (!again) {
    return props::Outcome::fails("an accepted case, as written, is refused: " +
                                 again.error().message);
  }
  if (failing_case_json(*again) != written) {
    return props::Outcome::fails("an accepted case, as written, reads back otherwise");
  }
  return props::Outcome::holds();
}

}  // namespace sortkey::design
