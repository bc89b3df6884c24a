// File: design/import/import.h (not installed: `sortkey design import`)
//
// `sortkey design import SOURCE [-o OUT.yaml] [--from KIND] [--table NAME]`:
// a design file (docs/design-format.md) written from a design the user
// already has: a NoSQL Workbench data model (workbench.h). The tables,
// indexes, entity types, attributes and key templates are filled in; the
// access patterns are left to the user as a commented skeleton.
//
// SOURCE and OUT may be `-` (standard input, standard output); OUT is written
// atomically (support/files.h). The source is outside input: read within
// kMaxImportSourceBytes, and a source that cannot be read or is not a model
// is one line on standard error and exit 2.
//
// Example:
//   ImportOptions o{.source = "model.json", .output = "design.yaml"};
//   int status = import_design(o);   // 0: written, 2: not

#ifndef SORTKEY_DESIGN_IMPORT_IMPORT_H_
#define SORTKEY_DESIGN_IMPORT_IMPORT_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "sortkey/error.h"

namespace sortkey::design_import {

// The largest model read: a Workbench export with thousands of sample items
// is a few megabytes.
inline constexpr std::size_t kMaxImportSourceBytes = std::size_t{16} << 20;

struct ImportOptions {
  std::string source;  // a path, or "-" for standard input
  std::string output = "-";
  std::string from;   // "workbench", or empty: detected
  std::string table;  // the model's table, empty: its first
};

// The design file's text for the model in `text` (named `source` in
// messages). Errors: "<source> is not JSON: ...", "<source>: not a NoSQL
// Workbench model (no DataModel)", "<source>: /DataModel/0/...: ...".
Result<std::string> import_design_text(std::string_view text, const ImportOptions& options);

// Reads, imports and writes; returns the exit status (0 or 2) after printing
// what it wrote, or why not, on standard error.
int import_design(const ImportOptions& options);

}  // namespace sortkey::design_import

#endif  // SORTKEY_DESIGN_IMPORT_IMPORT_H_
