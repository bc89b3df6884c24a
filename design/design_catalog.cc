#include "design/design_catalog.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <set>
#include <utility>

#include "design/population_gen.h"
#include "design/scope.h"
#include "design/transaction_props.h"
#include "design/values.h"
#include "design/write_props.h"

namespace sortkey::design {
namespace {

using Feeds = std::set<std::pair<const EntityType*, std::size_t>>;  // (type, attribute index)

std::size_t index_of(const EntityType& e, std::string_view attr) {
  for (std::size_t i = 0; i < e.attributes.size(); ++i) {
    if (e.attributes[i].name == attr) return i;
  }
  return e.attributes.size();
}

void add_refs(const EntityType& e, const Template& t, Feeds& feeds) {
  for (const Template::Piece& p : t.pieces) {
    if (p.is_ref) feeds.insert({&e, index_of(e, p.ref)});
  }
}

// The mutable attributes that feed any of `keys` (item attribute names).
Feeds mutable_feeds(const Design& d, const std::vector<std::string>& keys) {
  Feeds all;
  for (const EntityType& e : d.entities) {
    for (const KeyTemplate& k : e.keys) {
      if (std::find(keys.begin(), keys.end(), k.attribute) == keys.end()) continue;
      add_refs(e, k.value, all);
      if (!k.when) continue;
      for (const Comparison& c : k.when->all) all.insert({&e, index_of(e, c.attribute)});
    }
    for (const std::string& key : keys) {
      if (e.attribute(key) != nullptr) all.insert({&e, index_of(e, key)});
    }
  }
  Feeds out;
  for (const auto& f : all) {
    if (f.second < f.first->attributes.size() && f.first->attributes[f.second].is_mutable) {
      out.insert(f);
    }
  }
  return out;
}

Feeds every_mutable(const Design& d) {
  Feeds out;
  for (const EntityType& e : d.entities) {
    for (std::size_t i = 0; i < e.attributes.size(); ++i) {
      if (e.attributes[i].is_mutable) out.insert({&e, i});
    }
  }
  return out;
}

std::vector<std::string> index_keys(const IndexSchema& ix) {
  std::vector<std::string> out;
  for (const auto* side : {&ix.partition_key, &ix.sort_key}) {
    for (const KeyAttribute& k : *side) out.push_back(k.name);
  }
  return out;
}

// The (entity, attribute) pairs of the population that `feeds` names.
std::vector<std::pair<std::size_t, std::size_t>> candidates_of(const Feeds& feeds,
                                                               const Population& population) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t i = 0; i < population.size(); ++i) {
    for (const auto& [type, attr] : feeds) {
      if (population[i].type == type) out.emplace_back(i, attr);
    }
  }
  return out;
}

// An update of one of the candidates. REQUIRES: candidates not empty.
rc::Gen<AttributeUpdate> gen_update(std::vector<std::pair<std::size_t, std::size_t>> candidates,
                                    const Population& population) {
  // By value: RapidCheck shrinks the value after this call has returned.
  return rc::gen::exec([candidates, population] {
    const auto [entity, attr] = *rc::gen::elementOf(candidates);
    const AttributeSpec& spec = population[entity].type->attributes[attr];
    return attribute_update(population, entity, attr, *gen_value(spec));
  });
}

// Hands the outcome to RapidCheck, noting a failing case (made by `what`)
// in `seen` first.
template <class Case>
void require(const Outcome& outcome, Observations& seen, Case what) {
  if (!outcome.ok()) {
    FailingCase c = what();
    c.message = outcome.message();
    seen.failures[c.property] = std::move(c);
  }
  props::rc_require(outcome);
}

// Runs the property's small scope before its first sampled case; true when
// the scope failed: the target reports that failure (design_target.cc), and
// the sampled cases pass without a look.
template <class Run>
bool scope_failed(Observations& seen, const std::string& id, Run run) {
  auto it = seen.scopes.find(id);
  if (it == seen.scopes.end()) {
    it = seen.scopes.emplace(id, run()).first;
    if (it->second.failure) seen.failures[id] = *it->second.failure;
  }
  return it->second.failure.has_value();
}

UpdateTargets targets_of(const Feeds& feeds) { return UpdateTargets(feeds.begin(), feeds.end()); }

// Whether the pattern declares more than `n` entities of `pop` for `params`.
bool returns_more_than(const Pattern& p, const Population& pop, const Params& params, int n) {
  int count = 0;
  for (const Entity& e : pop) {
    if (selected(p.returns, e, params) && ++count > n) return true;
  }
  return false;
}

// Whether two values of one string attribute name are a proper prefix one
// of the other ("X" and "X Y"): where an unescaped separator breaks order.
bool prefix_related(const Population& pop) {
  std::map<std::string, std::set<std::string>> texts;
  for (const Entity& e : pop) {
    for (std::size_t a = 0; a < e.values.size(); ++a) {
      if (e.values[a].type == AttrType::kString) {
        texts[e.type->attributes[a].name].insert(e.values[a].text);
      }
    }
  }
  for (const auto& [name, values] : texts) {
    for (auto it = values.begin(); it != values.end(); ++it) {
      const auto next = std::next(it);
      if (next != values.end() && next->size() > it->size() && next->rfind(*it, 0) == 0) {
        return true;
      }
    }
  }
  return false;
}

FailingCase population_case(std::string property, const Population& pop) {
  FailingCase c;
  c.property = std::move(property);
  c.population = pop;
  return c;
}

// Draws an update among `feeds` and checks it; nothing when the population
// has no entity with such an attribute.
template <class Check>
void check_update(const Design& d, const Feeds& feeds, const std::string& property,
                  const IndexDesign* index, Observations& seen, Check check) {
  const Population pop = *gen_population(d);
  const auto candidates = candidates_of(feeds, pop);
  if (candidates.empty()) return;
  const AttributeUpdate update = *gen_update(candidates, pop);
  require(check(pop, update), seen, [&] {
    FailingCase c = population_case(property, pop);
    c.index = index;
    c.update = update;
    return c;
  });
}

void add_update_properties(props::Catalog& catalog, const std::shared_ptr<const Design>& d,
                           const std::shared_ptr<Observations>& seen,
                           const std::shared_ptr<StoreSource>& stores,
                           const std::shared_ptr<const Scope>& scope) {
  if (!every_mutable(*d).empty()) {
    catalog.add("keys", "immutable",
                "no mutable attribute feeds the table's key: an update never moves an item",
                [d, seen, stores, scope] {
                  if (scope_failed(*seen, "keys/immutable", [&] {
                        return scope->keys_immutable(targets_of(every_mutable(*d)));
                      })) {
                    return;
                  }
                  check_update(*d, every_mutable(*d), "keys/immutable", nullptr, *seen,
                               [&d, &stores](const Population& pop, const AttributeUpdate& u) {
                                 return keys_immutable(*stores, *d, pop, u);
                               });
                });
  }
  for (const IndexDesign& index : d->indexes) {
    const Feeds feeds = mutable_feeds(*d, index_keys(index.schema));
    if (feeds.empty()) continue;
    catalog.add(
        "index", index.schema.name + "/follows_updates",
        "an update of a mutable attribute that feeds the index's keys moves the item in "
        "the index, and in or out of it when its key comes or goes",
        [d, &index, feeds, seen, stores, scope] {
          const std::string id = "index/" + index.schema.name + "/follows_updates";
          if (scope_failed(*seen, id,
                           [&] { return scope->index_follows(index, targets_of(feeds)); })) {
            return;
          }
          check_update(*d, feeds, id, &index, *seen,
                       [&d, &index, &stores](const Population& pop, const AttributeUpdate& u) {
                         return index_follows(*stores, *d, index, pop, u);
                       });
        });
  }
}

void add_width_properties(props::Catalog& catalog, const std::shared_ptr<const Design>& d,
                          const std::shared_ptr<Observations>& observed,
                          const std::shared_ptr<const Scope>& scope) {
  std::set<std::string> seen;
  for (const WidthUse& use : width_uses(*d)) {
    const std::string name =
        fmt::format("{}.{}/{}", use.entity->name, use.attribute->name, use.key);
    if (!seen.insert(name + use.codec.text).second) continue;
    catalog.add(
        "width", name,
        fmt::format("{} in {} holds every value of the declared range", use.codec.text, use.key),
        [d, use, observed, scope, id = "width/" + name] {
          if (scope_failed(*observed, id, [&] { return scope->width(use); })) return;
          const Value v = *gen_value(*use.attribute);
          require(width_holds(use, v), *observed, [&] {
            FailingCase c;
            c.property = id;
            c.spec = use.attribute;
            c.value = v;
            return c;
          });
        });
  }
}

// An entity of `type`: its attributes drawn.
Entity draw_entity(const EntityType& type) {
  Entity e{&type, {}};
  for (const AttributeSpec& a : type.attributes) e.values.push_back(*gen_value(a));
  return e;
}

// The values a declared update of `e` writes: SET values drawn, ADD deltas
// that keep the attribute in its declared range.
DrawnUpdate draw_update(const Entity& e, std::size_t at, const EntityUpdate& u) {
  DrawnUpdate out{at, &u, {}, {}};
  for (const std::string& a : u.set) out.set_values.push_back(*gen_value(*e.type->attribute(a)));
  for (const std::string& a : u.add) {
    const AttributeSpec& spec = *e.type->attribute(a);
    const std::int64_t now = e.value(a)->integer;
    // inRange's end is exclusive: the delta to max itself is drawn apart,
    // so that no bound overflows.
    const std::int64_t lo = spec.min - now;
    const std::int64_t hi = spec.max - now;
    out.deltas.push_back(
        lo == hi ? 0 : *rc::gen::oneOf(rc::gen::just(hi), rc::gen::inRange<std::int64_t>(lo, hi)));
  }
  return out;
}

void add_write_properties(props::Catalog& catalog, const std::shared_ptr<const Design>& d,
                          const std::shared_ptr<Observations>& seen,
                          const std::shared_ptr<StoreSource>& stores) {
  for (const EntityType& type : d->entities) {
    for (const EntityUpdate& u : type.updates) {
      const std::string id = "update/" + type.name + "." + u.name;
      catalog.add("update", type.name + "." + u.name,
                  "after the update, every index holds the item where its key templates put it, "
                  "or not at all",
                  [d, &type, &u, seen, stores, id] {
                    const Population pop = *gen_population(*d);
                    std::vector<std::size_t> of_type;
                    for (std::size_t i = 0; i < pop.size(); ++i) {
                      if (pop[i].type == &type) of_type.push_back(i);
                    }
                    if (of_type.empty()) return;
                    const std::size_t at = *rc::gen::elementOf(of_type);
                    const DrawnUpdate drawn = draw_update(pop[at], at, u);
                    require(update_keeps_indexes(*stores, *d, pop, drawn), *seen,
                            [&] { return population_case(id, pop); });
                  });
    }
  }
  for (const Write& w : d->writes) {
    const std::string id = "write/" + w.name;
    const EntityType& type = *d->entity(w.entity);
    if (w.kind == Write::Kind::kTransaction) {
      catalog.add("write", w.name,
                  "the transaction commits with every item where its templates put it, in the "
                  "table and every index, the keys agreeing as declared; a second one whose "
                  "condition fails is cancelled and changes nothing",
                  [d, &w, &type, seen, stores, id] {
                    const Population pop = *gen_population(*d);
                    const auto drawn = [&w, d](const Entity& subject) {
                      DrawnTransaction t{subject, {}};
                      for (const TransactionAction& a : w.actions) {
                        DrawnUpdate u;
                        const EntityType& at = *d->entity(a.entity);
                        for (const EntityUpdate& up : at.updates) {
                          if (up.name == a.update)
                            u = draw_update(bound_entity(at, subject), 0, up);
                        }
                        t.updates.push_back(std::move(u));
                      }
                      return t;
                    };
                    const Entity first = draw_entity(type);
                    Entity second = first;
                    for (std::size_t a = 0; a < type.attributes.size(); ++a) {
                      if (*rc::gen::arbitrary<bool>()) {
                        second.values[a] = *gen_value(type.attributes[a]);
                      }
                    }
                    const DrawnTransaction one = drawn(first);
                    const DrawnTransaction two = drawn(second);
                    require(transaction_writes(*stores, *d, w, pop, one, two), *seen, [&] {
                      Population shown = pop;
                      shown.push_back(first);
                      shown.push_back(second);
                      return population_case(id, shown);
                    });
                  });
      continue;
    }
    const char* statement = w.kind == Write::Kind::kPut
                                ? "a second put of a taken key is refused and keeps the first "
                                  "item; a put of another key is accepted"
                                : "the write applies to a stored item and is refused on an absent "
                                  "one, which it never creates";
    catalog.add("write", w.name, statement, [d, &w, &type, seen, stores, id] {
      const Entity first = draw_entity(type);
      Entity second = first;
      for (std::size_t a = 0; a < type.attributes.size(); ++a) {
        if (*rc::gen::arbitrary<bool>()) second.values[a] = *gen_value(type.attributes[a]);
      }
      if (w.kind == Write::Kind::kPut) {
        require(unique_put(*stores, *d, w, first, second), *seen, [&] {
          return population_case(id, {first, second});
        });
        return;
      }
      DrawnUpdate u;
      if (w.kind == Write::Kind::kUpdate) {
        for (const EntityUpdate& up : type.updates) {
          if (up.name == w.update) u = draw_update(first, 0, up);
        }
      }
      require(exists_write(*stores, *d, w, {first}, second, u), *seen, [&] {
        return population_case(id, {first, second});
      });
    });
  }
}

std::string pattern_statement(const Pattern& p) {
  return fmt::format("returns exactly the declared entities{}, {}",
                     p.ordered ? " in the declared order" : "",
                     p.limit ? fmt::format("with Limit {}", *p.limit)
                             : std::string("page by page, for any Limit"));
}

}  // namespace

props::Catalog design_catalog(std::shared_ptr<const Design> design,
                              std::shared_ptr<Observations> seen,
                              std::shared_ptr<StoreSource> stores, ScopeSettings scope_settings) {
  props::Catalog catalog;
  const std::shared_ptr<const Design>& d = design;
  const auto scope = std::make_shared<const Scope>(*design, scope_settings, stores);
  // A property over one drawn population, its failing case noted, after its scope.
  const auto over_population = [&d, &seen, &scope](std::string id, auto check, auto in_scope) {
    return [d, seen, scope, id = std::move(id), check, in_scope] {
      if (scope_failed(*seen, id, [&] { return in_scope(*scope); })) return;
      const Population pop = *gen_population(*d);
      require(check(pop), *seen, [&] { return population_case(id, pop); });
    };
  };
  catalog.add("items", "build",
              "every entity's item builds from its key templates and the table accepts it",
              over_population(
                  "items/build",
                  [d, stores](const Population& pop) { return items_build(*stores, *d, pop); },
                  [](const Scope& s) { return s.items_build(); }));
  catalog.add("keys", "unique", "distinct entities never share a primary key",
              over_population(
                  "keys/unique", [d](const Population& pop) { return keys_unique(*d, pop); },
                  [](const Scope& s) { return s.keys_unique(); }));
  add_update_properties(catalog, d, seen, stores, scope);
  for (const IndexDesign& index : d->indexes) {
    if (!index.holds) continue;
    const std::string id = "index/" + index.schema.name + "/holds";
    catalog.add("index", index.schema.name + "/holds",
                "the index holds exactly the entities it declares, and no other",
                [d, &index, seen, stores, scope, id] {
                  if (scope_failed(*seen, id, [&] { return scope->index_holds(index); })) return;
                  const Population pop = *gen_population(*d);
                  require(index_holds(*stores, *d, index, pop), *seen, [&] {
                    FailingCase c = population_case(id, pop);
                    c.index = &index;
                    return c;
                  });
                });
  }
  add_width_properties(catalog, d, seen, scope);
  add_write_properties(catalog, d, seen, stores);
  for (std::size_t i = 0; i < d->patterns.size(); ++i) {
    const Pattern& p = d->patterns[i];
    catalog.add("pattern", p.name, pattern_statement(p), [d, &p, seen, stores, scope, i] {
      if (scope_failed(*seen, "pattern/" + p.name, [&] { return scope->pattern(p); })) return;
      const Population pop = *gen_population_for(*d, p);
      const Params params = *gen_params(*d, p, pop);
      int page_limit = 0;  // a pattern with its own Limit sends that one
      Observations::CaseNote& note = seen->case_notes[i].emplace_back();
      if (!p.limit) {
        page_limit = (*gen_page_limit(pop.size())).value;
      } else {
        note.over_limit = returns_more_than(p, pop, params, *p.limit);
        note.over_two_limits = returns_more_than(p, pop, params, 2 * *p.limit);
        RC_CLASSIFY(note.over_limit, "more than its Limit to return");
        RC_CLASSIFY(note.over_two_limits, "more than two Limits");
      }
      note.prefix_related = prefix_related(pop);
      RC_CLASSIFY(note.prefix_related, "prefix-related values");
      ReadCost* cost = p.filter ? &note.cost : nullptr;
      require(pattern_returns(*stores, *d, p, pop, params, page_limit, cost), *seen, [&] {
        FailingCase c = population_case("pattern/" + p.name, pop);
        c.pattern = &p;
        c.params = params;
        c.page_limit = p.limit ? *p.limit : page_limit;
        return c;
      });
    });
  }
  return catalog;
}

}  // namespace sortkey::design
