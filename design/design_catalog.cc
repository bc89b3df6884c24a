#include "design/design_catalog.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <utility>

#include "design/population_gen.h"
#include "design/values.h"

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
    AttributeUpdate u{entity, attr, *gen_value(spec), {}};
    u.label = fmt::format("entity {}, {}.{} = {}", entity + 1, population[entity].type->name,
                          spec.name, show_value(u.value, spec));
    return u;
  });
}

// Draws an update among `feeds` and checks it; nothing when the population
// has no entity with such an attribute.
template <class Check>
void check_update(const Design& d, const Feeds& feeds, Check check) {
  const Population pop = *gen_population(d);
  const auto candidates = candidates_of(feeds, pop);
  if (candidates.empty()) return;
  const AttributeUpdate update = *gen_update(candidates, pop);
  props::rc_require(check(pop, update));
}

void add_update_properties(props::Catalog& catalog, const std::shared_ptr<const Design>& d) {
  if (!every_mutable(*d).empty()) {
    catalog.add("keys", "immutable",
                "no mutable attribute feeds the table's key: an update never moves an item", [d] {
                  check_update(*d, every_mutable(*d),
                               [&d](const Population& pop, const AttributeUpdate& u) {
                                 return keys_immutable(*d, pop, u);
                               });
                });
  }
  for (const IndexDesign& index : d->indexes) {
    const Feeds feeds = mutable_feeds(*d, index_keys(index.schema));
    if (feeds.empty()) continue;
    catalog.add("index", index.schema.name + "/follows_updates",
                "an update of a mutable attribute that feeds the index's keys moves the item in "
                "the index, and in or out of it when its key comes or goes",
                [d, &index, feeds] {
                  check_update(*d, feeds,
                               [&d, &index](const Population& pop, const AttributeUpdate& u) {
                                 return index_follows(*d, index, pop, u);
                               });
                });
  }
}

void add_width_properties(props::Catalog& catalog, const std::shared_ptr<const Design>& d) {
  std::set<std::string> seen;
  for (const WidthUse& use : width_uses(*d)) {
    const std::string name =
        fmt::format("{}.{}/{}", use.entity->name, use.attribute->name, use.key);
    if (!seen.insert(name + use.codec.text).second) continue;
    catalog.add(
        "width", name,
        fmt::format("{} in {} holds every value of the declared range", use.codec.text, use.key),
        [d, use] { props::rc_require(width_holds(use, *gen_value(*use.attribute))); });
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
                              std::shared_ptr<std::vector<ReadCost>> costs) {
  props::Catalog catalog;
  const std::shared_ptr<const Design>& d = design;
  catalog.add("items", "build",
              "every entity's item builds from its key templates and the table accepts it",
              [d] { props::rc_require(items_build(*d, *gen_population(*d))); });
  catalog.add("keys", "unique", "distinct entities never share a primary key",
              [d] { props::rc_require(keys_unique(*d, *gen_population(*d))); });
  add_update_properties(catalog, d);
  for (const IndexDesign& index : d->indexes) {
    if (!index.holds) continue;
    catalog.add("index", index.schema.name + "/holds",
                "the index holds exactly the entities it declares, and no other",
                [d, &index] { props::rc_require(index_holds(*d, index, *gen_population(*d))); });
  }
  add_width_properties(catalog, d);
  for (std::size_t i = 0; i < d->patterns.size(); ++i) {
    const Pattern& p = d->patterns[i];
    catalog.add("pattern", p.name, pattern_statement(p), [d, &p, costs, i] {
      const Population pop = *gen_population(*d);
      const Params params = *gen_params(*d, p, pop);
      int page_limit = 0;  // a pattern with its own Limit sends that one
      if (!p.limit) {
        page_limit = (*gen_page_limit(pop.size())).value;
      }
      ReadCost* cost = p.filter ? &(*costs)[i] : nullptr;
      props::rc_require(pattern_returns(*d, p, pop, params, page_limit, cost));
    });
  }
  return catalog;
}

}  // namespace sortkey::design
