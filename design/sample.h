// File: design/sample.h
//
// The population `sortkey design show` draws for a design that passes: drawn
// by the check's own generators (design/population_gen.h) under a fixed
// seed, so the same seed draws the same page, and of a few dozen draws the
// one that shows the most: for every access pattern, parameters under which
// it returns several items, some outside its range or dropped by its filter,
// over more than one page, for a window (a BETWEEN, a begins_with over a
// parameter) items beyond both its bounds; collections that mix entity types.
//
// Example:
//
//   Sample s = choose_sample(design, 20260623);
//   draw_pattern(design, design.patterns[0], s.population, s.patterns[0].params,
//                s.patterns[0].page_limit);

#ifndef SORTKEY_DESIGN_SAMPLE_H_
#define SORTKEY_DESIGN_SAMPLE_H_

#include <cstdint>
#include <vector>

#include "design/design.h"
#include "design/population.h"

namespace sortkey::design {

inline constexpr int kSampleDraws = 24;  // populations drawn to choose one

struct PatternSample {
  Params params;
  int page_limit = 1;  // the Limit of every page: about a third of what the range holds
};

struct Sample {
  Population population;
  std::vector<PatternSample> patterns;  // one per pattern, in the design's order
};

// REQUIRES: `design` outlives the sample (its entities point into it).
Sample choose_sample(const Design& design, std::uint64_t seed);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_SAMPLE_H_
