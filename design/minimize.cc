#include "design/minimize.h"

#include <algorithm>

#include "design/design_props.h"

namespace sortkey::design {
namespace {

bool starts_with(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

// `c` without the entities [from, from + n), or nullopt when that removes
// the entity its update changes.
std::optional<FailingCase> without(const FailingCase& c, std::size_t from, std::size_t n) {
  if (c.update && c.update->entity >= from && c.update->entity < from + n) return std::nullopt;
  FailingCase out = c;
  out.population.erase(out.population.begin() + static_cast<std::ptrdiff_t>(from),
                       out.population.begin() + static_cast<std::ptrdiff_t>(from + n));
  if (out.update && out.update->entity >= from + n) {
    out.update = attribute_update(out.population, out.update->entity - n, out.update->attribute,
                                  out.update->value);
  }
  return out;
}

}  // namespace

std::optional<props::Outcome> recheck(const Design& design, StoreSource& stores,
                                      const FailingCase& c) {
  const std::string& id = c.property;
  if (id == "items/build") return items_build(stores, design, c.population);
  if (id == "keys/unique") return keys_unique(design, c.population);
  if (id == "keys/immutable" && c.update) {
    return keys_immutable(stores, design, c.population, *c.update);
  }
  if (starts_with(id, "index/") && c.index != nullptr) {
    if (c.update) return index_follows(stores, design, *c.index, c.population, *c.update);
    return index_holds(stores, design, *c.index, c.population);
  }
  if (starts_with(id, "pattern/") && c.pattern != nullptr) {
    return pattern_returns(stores, design, *c.pattern, c.population, c.params, c.page_limit,
                           nullptr);
  }
  return std::nullopt;
}

FailingCase minimize_case(const Design& design, StoreSource& stores, FailingCase c) {
  const auto fails = [&design, &stores](FailingCase& candidate) {
    const auto outcome = recheck(design, stores, candidate);
    if (!outcome || outcome->ok()) return false;
    candidate.message = outcome->message();
    return true;
  };
  if (!fails(c)) return c;
  std::size_t chunk = std::max<std::size_t>(1, c.population.size() / 2);
  while (!c.population.empty()) {
    bool removed = false;
    for (std::size_t from = 0; from < c.population.size();) {
      const std::size_t n = std::min(chunk, c.population.size() - from);
      auto smaller = without(c, from, n);
      if (smaller && fails(*smaller)) {
        c = std::move(*smaller);
        removed = true;
      } else {
        from += n;
      }
    }
    if (!removed && chunk == 1) break;
    if (!removed) chunk /= 2;
  }
  return c;
}

}  // namespace sortkey::design
