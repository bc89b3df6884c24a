#include "design/sample.h"

#include <algorithm>
#include <set>

#include "design/drawing.h"
#include "design/population_gen.h"

namespace sortkey::design {
namespace {

constexpr int kParamDraws = 6;     // draws of a pattern's parameters, per population
constexpr int kSize = 100;         // RapidCheck's size: populations of up to max_entities
constexpr int kOneLimit = 1000;    // a Limit above any population: one page
constexpr double kBothEdges = 30;  // a window with items beyond both its bounds outweighs the rest

template <class T>
T draw(const rc::Gen<T>& gen, rc::Random& random) {
  return gen(random.split(), kSize).value();
}

std::size_t types_in(const Population& population, const std::vector<DrawnItem>& items) {
  std::set<const EntityType*> types;
  for (const DrawnItem& item : items) {
    if (item.entity) types.insert(population[*item.entity].type);
  }
  return types.size();
}

// Whether the pattern's sort condition is a window its parameters place: a
// BETWEEN, or a begins_with whose prefix holds a parameter (a month, a day).
bool has_window(const Pattern& p) {
  if (p.sort_op == SortCondition::Op::kBetween) return true;
  if (p.sort_op != SortCondition::Op::kBeginsWith) return false;
  return std::any_of(p.sort_value.pieces.begin(), p.sort_value.pieces.end(),
                     [](const Template::Piece& piece) { return piece.is_ref; });
}

// How much a read shows: returned items (a few), filtered ones, items
// outside the range, for a window items outside it on both sides (so both
// its edges show), mixed types; a collection too long to take in costs.
struct Scored {
  double score = -1;
  int in_range = 0;
};

Scored score_read(const Population& population, const PatternDrawing& pd) {
  Scored s;
  int returned = 0;
  int filtered = 0;
  int below = 0;  // outside the range, before it in key order
  int above = 0;  // outside the range, after it
  for (const Read::Row& r : pd.reads.front().rows) {
    s.in_range += r.in_range ? 1 : 0;
    returned += r.position > 0 ? 1 : 0;
    filtered += r.filtered ? 1 : 0;
    if (!r.in_range) ++(s.in_range == 0 ? below : above);
  }
  const int size = static_cast<int>(pd.collection.items.size());
  const bool both_sides = below > 0 && above > 0 && s.in_range > 0;
  s.score = std::min(returned, 6) * 4.0 + (filtered > 0 ? 4 : 0) + (below + above > 0 ? 3 : 0) +
            (has_window(*pd.pattern) && both_sides ? kBothEdges : 0) +
            static_cast<double>(types_in(population, pd.collection.items)) * 2 -
            std::max(0, size - 14);
  return s;
}

// The best of a few parameter draws for `p`, with its page Limit.
std::pair<double, PatternSample> best_params(const Design& d, const Pattern& p,
                                             const Population& population, rc::Random& random) {
  std::pair<double, PatternSample> best{-1, {}};
  for (int i = 0; i < kParamDraws; ++i) {
    const Params params = draw(gen_params(d, p, population), random);
    if (i == 0) best.second.params = params;  // every parameter has a value, drawable or not
    auto pd = draw_pattern(d, p, population, params, kOneLimit);
    if (!pd || pd->reads.empty()) continue;
    const Scored s = score_read(population, *pd);
    if (s.score <= best.first) continue;
    best = {s.score, PatternSample{params, std::max(1, (s.in_range + 2) / 3)}};
  }
  return best;
}

std::size_t text_bytes(const Population& population) {
  std::size_t n = 0;
  for (const Entity& e : population) {
    for (const Value& v : e.values) n += v.text.size();
  }
  return n;
}

}  // namespace

Sample choose_sample(const Design& design, std::uint64_t seed) {
  rc::Random random(seed);
  Sample best;
  double best_score = -1e9;
  for (int k = 0; k < kSampleDraws; ++k) {
    Sample s;
    s.population = draw(gen_population(design), random);
    double score = -static_cast<double>(text_bytes(s.population)) / 40;
    for (const Pattern& p : design.patterns) {
      auto [pattern_score, chosen] = best_params(design, p, s.population, random);
      score += pattern_score;
      s.patterns.push_back(std::move(chosen));
    }
    if (auto table = draw_table(design, s.population)) {
      std::size_t most = 0;
      for (const Collection& c : *table) most = std::max(most, types_in(s.population, c.items));
      score += static_cast<double>(most) * 3;
    }
    if (score > best_score) {
      best_score = score;
      best = std::move(s);
    }
  }
  return best;
}

}  // namespace sortkey::design
