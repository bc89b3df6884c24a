#include "design/scope.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "design/items.h"
#include "design/values.h"

namespace sortkey::design {
namespace {

// The failing case of one population, if any; adds the cases it ran to `cases`.
using Visit = std::function<std::optional<FailingCase>(const Population&, long& cases)>;

long combinations(long n, int k) {
  if (k > n) return 0;
  long out = 1;
  for (int i = 1; i <= k; ++i) out = out * (n - k + i) / i;
  return out;
}

FailingCase scope_case(std::string property, const Population& population) {
  FailingCase c;
  c.property = std::move(property);
  c.population = population;
  c.from_scope = true;
  return c;
}

// Whether two entities of `population` are one (the same identity).
bool repeats_an_identity(const Population& population) {
  for (std::size_t i = 0; i < population.size(); ++i) {
    for (std::size_t j = i + 1; j < population.size(); ++j) {
      if (same_entity(population[i], population[j])) return true;
    }
  }
  return false;
}

// Advances `at` to the next combination of at.size() indexes below n, in
// lexicographic order; false after the last.
bool next_combination(std::vector<std::size_t>& at, std::size_t n) {
  std::size_t i = at.size();
  while (i > 0) {
    --i;
    if (at[i] < n - (at.size() - i)) {
      ++at[i];
      for (std::size_t j = i + 1; j < at.size(); ++j) at[j] = at[j - 1] + 1;
      return true;
    }
  }
  return false;
}

// Every population of 1 to `most` entities of `universe` (up to
// `settings.k`, one more while the budget lasts), smallest first, until a
// failure or the budget's end.
ScopeResult enumerate(const Population& universe, int most, const ScopeSettings& settings,
                      const Visit& visit) {
  ScopeResult r;
  r.ran = true;
  const int asked = std::min(most, settings.k);
  const int target = settings.grow && settings.budget > 0 ? std::min(most, asked + 1) : asked;
  r.target = target;
  const auto n = static_cast<long>(universe.size());
  for (int size = 1; size <= target; ++size) r.total += combinations(n, size);
  for (int size = 1; size <= target && size <= n; ++size) {
    std::vector<std::size_t> at(static_cast<std::size_t>(size));
    for (std::size_t i = 0; i < at.size(); ++i) at[i] = i;
    do {
      if (settings.budget > 0 && r.cases >= settings.budget) {
        r.exhausted = false;
        return r;
      }
      Population population;
      for (std::size_t i : at) population.push_back(universe[i]);
      ++r.checked;
      if (repeats_an_identity(population)) continue;
      if (auto failure = visit(population, r.cases)) {
        r.failure = std::move(failure);
        return r;
      }
    } while (next_combination(at, universe.size()));
    r.k = size;
  }
  r.exhausted = r.checked == r.total;
  return r;
}

// 12345 as "12,345".
std::string grouped(long n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0 && digits[i - 1] != '-') out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

Scope::Scope(const Design& design, ScopeSettings settings, std::shared_ptr<StoreSource> stores)
    : design_(design), settings_(settings), stores_(std::move(stores)), boundaries_(design) {}

ScopeResult Scope::items_build() const {
  if (settings_.k == 0) return {};
  return enumerate(boundaries_.universe(), 1, settings_,
                   [this](const Population& pop, long& cases) -> std::optional<FailingCase> {
                     ++cases;
                     const Outcome o = design::items_build(*stores_, design_, pop);
                     if (o.ok()) return std::nullopt;
                     FailingCase c = scope_case("items/build", pop);
                     c.message = o.message();
                     return c;
                   });
}

ScopeResult Scope::keys_unique() const {
  if (settings_.k == 0) return {};
  return enumerate(boundaries_.universe(), 2, settings_,
                   [this](const Population& pop, long& cases) -> std::optional<FailingCase> {
                     ++cases;
                     const Outcome o = design::keys_unique(design_, pop);
                     if (o.ok()) return std::nullopt;
                     FailingCase c = scope_case("keys/unique", pop);
                     c.message = o.message();
                     return c;
                   });
}

namespace {

// Every update of `targets` to another value of its domain, on each entity.
std::vector<AttributeUpdate> updates_of(const Boundaries& b, const UpdateTargets& targets,
                                        const Population& pop) {
  std::vector<AttributeUpdate> out;
  for (std::size_t i = 0; i < pop.size(); ++i) {
    for (const auto& [type, attr] : targets) {
      if (pop[i].type != type) continue;
      for (const Value& v : b.domain(type->attributes[attr])) {
        if (!(v == pop[i].values[attr])) out.push_back(attribute_update(pop, i, attr, v));
      }
    }
  }
  return out;
}

}  // namespace

ScopeResult Scope::keys_immutable(const UpdateTargets& targets) const {
  if (settings_.k == 0) return {};
  return enumerate(
      boundaries_.universe(), 1, settings_,
      [this, &targets](const Population& pop, long& cases) -> std::optional<FailingCase> {
        for (const AttributeUpdate& u : updates_of(boundaries_, targets, pop)) {
          ++cases;
          const Outcome o = design::keys_immutable(*stores_, design_, pop, u);
          if (o.ok()) continue;
          FailingCase c = scope_case("keys/immutable", pop);
          c.update = u;
          c.message = o.message();
          return c;
        }
        return std::nullopt;
      });
}

ScopeResult Scope::index_follows(const IndexDesign& index, const UpdateTargets& targets) const {
  if (settings_.k == 0) return {};
  return enumerate(
      boundaries_.universe(), 2, settings_,
      [this, &index, &targets](const Population& pop, long& cases) -> std::optional<FailingCase> {
        for (const AttributeUpdate& u : updates_of(boundaries_, targets, pop)) {
          ++cases;
          const Outcome o = design::index_follows(*stores_, design_, index, pop, u);
          if (o.ok()) continue;
          FailingCase c = scope_case("index/" + index.schema.name + "/follows_updates", pop);
          c.index = &index;
          c.update = u;
          c.message = o.message();
          return c;
        }
        return std::nullopt;
      });
}

ScopeResult Scope::index_holds(const IndexDesign& index) const {
  if (settings_.k == 0) return {};
  return enumerate(
      boundaries_.universe(), kMaxScope, settings_,
      [this, &index](const Population& pop, long& cases) -> std::optional<FailingCase> {
        ++cases;
        const Outcome o = design::index_holds(*stores_, design_, index, pop);
        if (o.ok()) return std::nullopt;
        FailingCase c = scope_case("index/" + index.schema.name + "/holds", pop);
        c.index = &index;
        c.message = o.message();
        return c;
      });
}

ScopeResult Scope::width(const WidthUse& use) const {
  ScopeResult r;
  if (settings_.k == 0) return r;
  r.ran = true;
  r.unit = "values";
  r.k = 1;
  r.target = 1;
  for (const Value& v : boundaries_.domain(*use.attribute)) {
    ++r.total;
    ++r.checked;
    ++r.cases;
    const Outcome o = width_holds(use, v);
    if (o.ok()) continue;
    FailingCase c = scope_case(
        fmt::format("width/{}.{}/{}", use.entity->name, use.attribute->name, use.key), {});
    c.spec = use.attribute;
    c.value = v;
    c.message = o.message();
    r.failure = std::move(c);
    return r;
  }
  r.exhausted = true;
  return r;
}

std::vector<Params> Scope::parameters(const Pattern& pattern, const Population& population) const {
  std::vector<Params> out{Params{}};
  for (const Parameter& param : pattern.parameters) {
    const AttributeSpec& spec = *design_.entity(param.entity)->attribute(param.attribute);
    std::vector<Value> values{boundaries_.domain(spec).front()};
    const auto add = [&values](const Value& v) {
      if (std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
    };
    for (const Entity& e : population) {
      const Value* v = e.value(param.attribute);
      if (v == nullptr || !fits(*v, spec)) continue;
      add(*v);
      for (const Value& n : neighbours(*v, spec)) add(n);
    }
    std::vector<Params> next;
    for (const Params& p : out) {
      for (const Value& v : values) {
        Params q = p;
        q[param.name] = v;
        if (!param.at_least.empty() && compare_values(v, q.at(param.at_least), spec) < 0) {
          std::swap(q[param.name], q[param.at_least]);
        }
        if (std::find(next.begin(), next.end(), q) == next.end()) next.push_back(std::move(q));
      }
    }
    out = std::move(next);
  }
  return out;
}

ScopeResult Scope::pattern(const Pattern& pattern) const {
  if (settings_.k == 0) return {};
  return enumerate(
      boundaries_.universe(), kMaxScope, settings_,
      [this, &pattern](const Population& pop, long& cases) -> std::optional<FailingCase> {
        const int limit = pattern.limit ? *pattern.limit : 1;
        for (const Params& params : parameters(pattern, pop)) {
          ++cases;
          const Outcome o =
              pattern_returns(*stores_, design_, pattern, pop, params, limit, nullptr);
          if (o.ok()) continue;
          FailingCase c = scope_case("pattern/" + pattern.name, pop);
          c.pattern = &pattern;
          c.params = params;
          c.page_limit = limit;
          c.message = o.message();
          return c;
        }
        return std::nullopt;
      });
}

std::string describe_scope(const std::string& property, const ScopeResult& r) {
  const std::string what = r.unit == "values" ? std::string("values")
                                              : fmt::format("populations of up to {} entit{}",
                                                            r.target, r.target == 1 ? "y" : "ies");
  std::string how = "exhausted";
  if (r.failure) {
    how = "stopped at its first failure";
  } else if (!r.exhausted) {
    how = fmt::format("every one of up to {} entit{}, then the budget ended", r.k,
                      r.k == 1 ? "y" : "ies");
  }
  return fmt::format("{}: {} of {} {} ({} cases), {}", property, grouped(r.checked),
                     grouped(r.total), what, grouped(r.cases), how);
}

}  // namespace sortkey::design
