// File: design/load.h
//
// Reads a design file (docs/design-format.md) into a Design. The file is
// hostile until proven otherwise: every value is checked for its type and
// range, every name for what it refers to, every key for a typo, and the
// first problem is reported with the file, the line and column, and the
// JSON pointer of the value ("saas.yaml:12:9: /entities/User/keys/SK: ...").
//
// Example:
//
//   auto design = sortkey::design::load_design_text(text, "examples/saas.yaml");
//   if (!design) { fmt::print(stderr, "{}\n", design.error().message); return 2; }

#ifndef SORTKEY_DESIGN_LOAD_H_
#define SORTKEY_DESIGN_LOAD_H_

#include <string>
#include <string_view>

#include "design/design.h"
#include "sortkey/error.h"

namespace sortkey::design {

// Limits on what one design declares, beyond the document's own
// (design/document.h): far above any real design, low enough that a check
// of the largest one still ends.
inline constexpr std::size_t kMaxEntityTypes = 32;
// Attributes an index's projection lists (DynamoDB: 100 over all indexes).
inline constexpr std::size_t kMaxProjected = 100;
inline constexpr std::size_t kMaxAttributes = 32;
inline constexpr std::size_t kMaxPatterns = 64;
inline constexpr std::size_t kMaxAlphabet = 512;
inline constexpr int kMaxStringLength = 64;
inline constexpr int kMaxPopulation = 100;

// `path` names the file in messages and is kept in the Design. Errors
// (kBadFormat for the text, kBadParameter for the design), the message
// starting with "<path>:<line>:<column>: ".
Result<Design> load_design_text(std::string_view text, const std::string& path);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_LOAD_H_
