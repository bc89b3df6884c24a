// File: design/import/import_props.h (not installed: `sortkey design import`)
//
// What the importer promises of any text, framework-free (props::Outcome),
// for the fuzz target and the unit tests:
//   * an error is one line that names the source;
//   * a design it writes loads as a design (design/load.h): every name valid,
//     every template parsed, every key given, whatever the model held; the
//     import's own last guard (a design that does not load is refused, not
//     written) never has to act.
//
// Example:
//   check(imported_design_loads(text, "model.json"));

#ifndef SORTKEY_DESIGN_IMPORT_IMPORT_PROPS_H_
#define SORTKEY_DESIGN_IMPORT_IMPORT_PROPS_H_

#include <string_view>

#include "properties/props/outcome.h"

namespace sortkey::design_import {

props::Outcome imported_design_loads(std::string_view text, std::string_view source);

}  // namespace sortkey::design_import

#endif  // SORTKEY_DESIGN_IMPORT_IMPORT_PROPS_H_
