// File: design/import/node_source.h (not installed: `sortkey design import`)
//
// Entity definitions in code (ElectroDB), read by running the user's module
// under Node.js: design/import/node/entities.mjs loads it, puts two sample
// items of each entity through the library's own key builders, and prints
// them as a NoSQL Workbench-shaped model, which workbench.h then reads. The
// keys are what the library really writes (its casing, its prefixes, its
// unescaped values), inferred like a Workbench model's.
//
// The script is found at $SORTKEY_IMPORT_NODE_SCRIPT, else where the
// packages put it (bin/../share/sortkey/import/entities.mjs), else in the
// source tree the build came from. The child runs at most kNodeSourceTimeout, its output is read
// within kMaxImportSourceBytes, and it is stopped with its whole process
// group on every way out.
//
// Example:
//   auto model = run_entity_script("src/entities.mjs");  // JSON text, or the error

#ifndef SORTKEY_DESIGN_IMPORT_NODE_SOURCE_H_
#define SORTKEY_DESIGN_IMPORT_NODE_SOURCE_H_

#include <chrono>
#include <string>
#include <string_view>

#include "sortkey/error.h"

namespace sortkey::design_import {

inline constexpr std::chrono::seconds kNodeSourceTimeout{60};

// Whether `path` names a JavaScript module (.js, .mjs, .cjs).
bool is_javascript_source(std::string_view path);

// The model the script prints for `module`. Errors: "cannot run node: ...",
// "<module>: <the script's one line>" (the module does not load, exports no
// entity), "<module>: the entity script took longer than 60 s", "<module>:
// the entity script wrote more than N bytes".
Result<std::string> run_entity_script(const std::string& module);

}  // namespace sortkey::design_import

#endif  // SORTKEY_DESIGN_IMPORT_NODE_SOURCE_H_
