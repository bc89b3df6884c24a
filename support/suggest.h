// File: support/suggest.h (not installed: what several rooms share)
//
// "Did you mean": the names nearest a mistyped one (a command, an option, a
// codec, a property id), so that a message can offer the right spelling
// instead of a list of every name.
//
// Example:
//   nearest_names("widht", {"width", "unit", "case"})   // {"width"}
//   did_you_mean("padd", {"padded", "inverse"})         // "did you mean padded?"

#ifndef SORTKEY_SUPPORT_SUGGEST_H_
#define SORTKEY_SUPPORT_SUGGEST_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace sortkey::support {

// The optimal string alignment distance of `a` and `b`: the fewest
// insertions, deletions, substitutions and swaps of two neighbouring bytes
// that make `a` into `b` (each substring edited once). Compares bytes.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidates nearest `word` (all at the least distance, in the
// candidates' order), at most `limit`, none twice: of those within an edit
// distance that grows with
// the word (1 up to 3 bytes, 2 up to 6, then 3) or, when none is, those that
// `word` of at least 3 bytes begins (a prefix of a name names it). Empty when
// none is.
std::vector<std::string> nearest_names(std::string_view word,
                                       const std::vector<std::string>& candidates,
                                       std::size_t limit = 3);

// "did you mean X?", "did you mean X or Y?", "did you mean X, Y or Z?" for
// nearest_names(), each name with `prefix` before it ("--"); "" when no
// candidate is near.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates,
                         std::string_view prefix = "");

}  // namespace sortkey::support

#endif  // SORTKEY_SUPPORT_SUGGEST_H_
