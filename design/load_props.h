// File: design/load_props.h
//
// What the design loader (design/load.h) and the builders of items and
// requests (design/items.h) promise of any text, as framework-free property
// functions: a design file is hostile, so these hold for whatever the
// loader accepts or refuses. They live beside the loader, not in
// properties/props/, because design/ builds on properties/ (its checks run
// the catalog), and a fuzz build links them from sortkey_design_format.
//
// Example (a driver over any text):
//   auto design = load_design_text(text, "fuzz.yaml");
//   if (!design) return check(load_error_names_a_place(design.error(), "fuzz.yaml"));
//   check(edge_entities_build(*design));

#ifndef SORTKEY_DESIGN_LOAD_PROPS_H_
#define SORTKEY_DESIGN_LOAD_PROPS_H_

#include <string_view>

#include "design/design.h"
#include "design/population.h"
#include "properties/props/outcome.h"
#include "sortkey/error.h"

namespace sortkey::design {

// A refusal of load_design_text(text, path) names a place: its message
// starts "<path>:" and a ": " follows ("fuzz.yaml:L:C: ...").
props::Outcome load_error_names_a_place(const Error& e, std::string_view path);

// One entity of the type with a value at the edge of each attribute's
// domain: the shortest string of the alphabet's last letter, the largest
// integer, the latest time, the last enum value, true, and the largest KSUID
// or a fixed ULID.
Entity edge_entity(const EntityType& type);

// For the edge entity of each type of a loaded design: every item that
// builds has the table's key attributes, of the key's types (the loader's
// promise that every entity gives them); building the items and every
// pattern's request never crashes (a value a codec refuses, or a request
// DynamoDB's builder refuses, is an error).
props::Outcome edge_entities_build(const Design& d);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_LOAD_PROPS_H_
