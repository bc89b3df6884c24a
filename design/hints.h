// File: design/hints.h
//
// The likely fix of a failure that matches a classic key-design mistake of
// the guides, in one line, from the design and the failing case alone:
//
//   an unpadded number in a read sort key  the width that holds the declared range
//   a width too narrow for the range       the width that holds it
//   begins_with without its separator      the value ending in the separator the key has next
//   free text before a separator           the reference escaped with :segment (when the
//                                          failing population holds a value and its extension)
//   a mutable attribute in the table's key the key on immutable attributes, the order in a GSI
//   two entities, one key                  the identity's attribute the key leaves out
//   a FilterExpression under a Limit       the filter as a key condition
//
// A hint is a suggestion, never a verdict: it is printed under the failure
// ("likely fix: ..."), and "" when nothing matches (also for a property that
// fails only because a key it reads cannot be built: items/build has the
// hint).
//
// Example:
//
//   fix_hint(design, failing_case);
//   // "pad reading_id in SK to the width that holds its range up to 90000: ..."

#ifndef SORTKEY_DESIGN_HINTS_H_
#define SORTKEY_DESIGN_HINTS_H_

#include <string>

#include "design/design.h"
#include "design/observations.h"

namespace sortkey::design {

std::string fix_hint(const Design& design, const FailingCase& c);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_HINTS_H_
