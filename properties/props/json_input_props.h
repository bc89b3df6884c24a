// File: properties/props/json_input_props.h
//
// The specification of the reader of outside JSON (support/json_input.h,
// what the certifier reads adapter lines, certificates, known-divergences
// files, snapshots and endpoint answers with) as a framework-free property
// function over any text.

#ifndef SORTKEY_PROPERTIES_JSON_INPUT_PROPS_H_
#define SORTKEY_PROPERTIES_JSON_INPUT_PROPS_H_

#include <string_view>

#include "properties/props/outcome.h"

namespace sortkey::props {

// parse_json is total on `text`; what it accepts nests at most kMaxJsonDepth
// deep (so printing or comparing it cannot exhaust the stack), nesting past
// the limit is always refused, and an accepted document prints and reads
// back as itself.
Outcome json_input_bounded_and_stable(std::string_view text);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_JSON_INPUT_PROPS_H_
