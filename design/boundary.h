// File: design/boundary.h
//
// The boundary domains of a design: for each attribute the few values that
// decide byte order against the design's key templates, and the entities
// made of them. The small scope of `sortkey design check` (design/scope.h)
// enumerates every population of up to k of these entities, and the
// generators (design/population_gen.h) draw the same boundary characters
// when they make related values.
//
// A domain, per type (the first value is the attribute's base):
//   string     the shortest value of a plain character ("A"); another of
//              the same length ("B"); "" when the length allows it; the
//              base extended by the alphabet's character just below, at
//              and just above each separator ("A ", "A#", "A$": a value
//              and the same value extended, where an unescaped separator
//              breaks the order); a separator before the base ("#A"); the
//              base in its other case ("a"); a non-ASCII character ("é");
//   integer    0 (or the range's low end), the range's ends, -1 and 1, 9
//              and 10, 99 and 100, and 10^W - 1 and 10^W for each width W
//              a template writes (where unpadded and too narrow numbers
//              break), all within the range;
//   timestamp  the first instant of the range's second day, one unit of
//              the precision before it (the last instant of the first day)
//              and after it, one second after it, the range's ends;
//   enum       every value, in the declared order;
//   boolean    false, true;
//   id         the smallest and the largest id of the format.
// Separators are the characters a template writes just before or after a
// reference ('#', '_', '$'), with '#' and '$' (the composite codec's
// escape) whenever a template uses `segment`.
//
// Example:
//
//   const Boundaries b(design);
//   b.domain(*design.entity("Team")->attribute("team_name"));  // "A", "B", "A\"", "A#", ...
//   b.universe();  // every base entity, then each with one attribute changed

#ifndef SORTKEY_DESIGN_BOUNDARY_H_
#define SORTKEY_DESIGN_BOUNDARY_H_

#include <map>
#include <string>
#include <vector>

#include "design/design.h"
#include "design/population.h"

namespace sortkey::design {

// The separators of the design's templates (entity keys, pattern
// conditions and filters), as bytes in ascending order, each once.
std::string key_separators(const Design& design);

// The characters of a string attribute's alphabet just below, at and just
// above each separator in byte order, each once, in alphabet order.
std::vector<std::string> boundary_chars(const AttributeSpec& spec, const std::string& separators);

// Whether `v` is a value of the attribute's declared domain.
bool fits(const Value& v, const AttributeSpec& spec);

// The values one unit below and above `v` that fit `spec`: integers one
// apart, instants one unit of the precision apart; none for other types.
std::vector<Value> neighbours(const Value& v, const AttributeSpec& spec);

class Boundaries {
 public:
  // REQUIRES: `design` outlives this object and what it returns.
  explicit Boundaries(const Design& design);

  // The domain of `spec`, base first. Attributes of one name share their
  // values: each type's domain holds those of the others that fit it, so
  // that entities of several types meet in one partition.
  const std::vector<Value>& domain(const AttributeSpec& spec) const;

  // The entities of the scope: per entity type its base entity (every
  // attribute at its base), then the entities that differ from it in one
  // attribute, each domain value in turn.
  const Population& universe() const { return universe_; }

 private:
  std::map<const AttributeSpec*, std::vector<Value>> domains_;
  Population universe_;
};

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_BOUNDARY_H_
