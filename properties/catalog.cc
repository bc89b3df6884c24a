#include "catalog.h"

namespace sortkey::props {

void rc_require(const Outcome& outcome) {
  switch (outcome.kind()) {
    case Outcome::Kind::kHolds: return;
    case Outcome::Kind::kDiscard: RC_DISCARD(outcome.message());
    case Outcome::Kind::kFails: RC_FAIL(outcome.message());
  }
}

const Catalog& builtin_catalog() {
  static const Catalog catalog = [] {
    Catalog c;
    add_padded_properties(c);
    return c;
  }();
  return catalog;
}

}  // namespace sortkey::props
