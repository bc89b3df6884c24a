// File: design/suggest.h
//
// "did you mean" for a name a design file gets wrong: the one known name
// closest to what was written, when it is close enough to be the intended
// one (a typo, a transposition, a case slip), and nothing otherwise. The
// loader (design/load*.cc) and the template reader add it to the message
// that refuses an unknown entity, attribute, index, parameter, key, codec
// or setting.
//
// Example:
//
//   did_you_mean("Tema", {"Org", "Team", "User"});   // " (did you mean Team?)"
//   did_you_mean("Zebra", {"Org", "Team", "User"});  // ""

#ifndef SORTKEY_DESIGN_SUGGEST_H_
#define SORTKEY_DESIGN_SUGGEST_H_

#include <string>
#include <string_view>
#include <vector>

namespace sortkey::design {

// The edits (insert, delete, replace, swap of two neighbours) from `a` to
// `b`, ASCII letters compared without case: a case slip costs nothing.
int name_distance(std::string_view a, std::string_view b);

// The closest of `known` to `name` within the distance a slip explains
// (1 for names up to 4 bytes, 2 up to 8, 3 beyond), or "" when none is.
// Ties go to the first listed. `name` itself is never suggested.
std::string closest_name(std::string_view name, const std::vector<std::string>& known);

// " (did you mean X?)" with closest_name's answer, or "".
std::string did_you_mean(std::string_view name, const std::vector<std::string>& known);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_SUGGEST_H_
