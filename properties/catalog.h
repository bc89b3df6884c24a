// File: properties/catalog.h
//
// The catalog of every built-in property, as RapidCheck properties with a
// stable id ("<codec>/<property>") and the one-sentence statement they check.
// One catalog, several drivers: the GoogleTest suite registers one test per
// entry, and `sortkey certify` runs the same entries with a chosen seed and
// number of cases.
//
// Each codec family adds its entries in its own `<codec>_catalog.cc` through
// an `add_<codec>_properties(Catalog&)` function listed in catalog.cc.

#ifndef SORTKEY_PROPERTIES_CATALOG_H_
#define SORTKEY_PROPERTIES_CATALOG_H_

#include <rapidcheck.h>

#include <string>
#include <utility>
#include <vector>

#include "properties/props/outcome.h"

namespace sortkey::props {

struct PropertyEntry {
  std::string codec;      // "padded"
  std::string name;       // "order"
  std::string statement;  // "key(a) <=> key(b) has the sign of a <=> b"
  rc::detail::Property property;

  std::string id() const { return codec + "/" + name; }
};

class Catalog {
 public:
  // `testable` is any callable RapidCheck accepts: its arguments are
  // generated with rc::gen::arbitrary, or drawn inside with `*gen`.
  template <class Testable>
  void add(std::string codec, std::string name, std::string statement, Testable&& testable) {
    entries_.push_back(PropertyEntry{std::move(codec), std::move(name), std::move(statement),
                                     rc::detail::toProperty(std::forward<Testable>(testable))});
  }
  const std::vector<PropertyEntry>& entries() const { return entries_; }

 private:
  std::vector<PropertyEntry> entries_;
};

// Every built-in property, in a stable order.
const Catalog& builtin_catalog();

// The per-family registration functions (one `<codec>_catalog.cc` each).
void add_padded_properties(Catalog& catalog);
void add_name_properties(Catalog& catalog);
void add_composite_properties(Catalog& catalog);
void add_ksuid_properties(Catalog& catalog);
void add_ulid_properties(Catalog& catalog);
void add_timestamp_properties(Catalog& catalog);
void add_number_properties(Catalog& catalog);
// Every codec's "<codec>/neighbours" on the built-in codecs (neighbour_catalog.h).
void add_neighbour_properties(Catalog& catalog);
void add_layout_properties(Catalog& catalog);
void add_query_properties(Catalog& catalog);

// Turns an Outcome into RapidCheck's verdict: RC_FAIL on kFails (so that
// RapidCheck shrinks the inputs), RC_DISCARD on kDiscard.
void rc_require(const Outcome& outcome);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_CATALOG_H_
