#include "properties/catalog.h"

namespace sortkey::props {
void rc_require(const Outcome& outcome) {
  switch (outcome.kind()) {
    case Outcome::Kind::kHolds:
      return;
    // Thrown as RC_DISCARD/RC_FAIL do, without their file:line preamble: the
    // outcome's message already names the inputs and what went wrong.
    case Outcome::Kind::kDiscard:
      throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Discard, outcome.message());
    case Outcome::Kind::kFails:
      throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Failure, outcome.message());
  }
}

const Catalog& builtin_catalog() {
  static const Catalog catalog = [] {
    Catalog c;
    add_padded_properties(c);
    add_name_properties(c);
    add_composite_properties(c);
    add_ksuid_properties(c);
    add_ulid_properties(c);
    add_timestamp_properties(c);
    add_number_properties(c);
    add_neighbour_properties(c);
    add_layout_properties(c);
    add_query_properties(c);
    return c;
  }();
  return catalog;
}

}  // namespace sortkey::props
