// File: design/import/attributes.h (not installed: `sortkey design import`)
//
// An attribute's declaration in the design format guessed from the values
// sample items hold: the type, and a domain wide enough to test what the
// samples suggest (docs/design-format.md, "Attributes"). A guess always says
// where it came from in a comment, for the reader to set the real domain.
//
// Example:
//   guess_attribute({{'N', "70"}, {'N', "600"}}, false).settings
//   // {type: integer, range: [0, 999]}

#ifndef SORTKEY_DESIGN_IMPORT_ATTRIBUTES_H_
#define SORTKEY_DESIGN_IMPORT_ATTRIBUTES_H_

#include <string>
#include <vector>

#include "design/import/infer.h"

namespace sortkey::design_import {

// One sample value: type 'S' (string), 'N' (number), 'B' (boolean) or 'X'
// (anything the design format has no type for: maps, lists, sets, binary).
struct SampleValue {
  char type = 'S';
  std::string text;
};

struct AttributeGuess {
  bool usable = false;                    // false: the attribute is left out (comments say why)
  SampleType type = SampleType::kString;  // how templates may render it
  std::string settings;                   // YAML flow mapping
  std::vector<std::string> comments;
};

// `discriminator`: the attribute names the entity type (an enum of the
// values seen). REQUIRES: !values.empty().
AttributeGuess guess_attribute(const std::vector<SampleValue>& values, bool discriminator);

}  // namespace sortkey::design_import

#endif  // SORTKEY_DESIGN_IMPORT_ATTRIBUTES_H_
