#include "design/design_props.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "design/items.h"
#include "design/store.h"
#include "design/values.h"
#include "sortkey/epoch.h"
#include "sortkey/padded.h"
#include "support/text.h"

namespace sortkey::design {
namespace {

std::string items_as_stored(const Population& population, const Loaded& loaded) {
  std::string out = "  items as stored (in the order they were put):\n";
  for (std::size_t i = 0; i < loaded.items.size(); ++i) {
    out += fmt::format("      {}  <- {}\n", to_json(loaded.items[i]), show_entity(population[i]));
  }
  return out;
}

Outcome cannot_build(const Error& e) {
  return Outcome::fails("the items cannot be built: " + e.message);
}

// A property whose population holds an entity without a key the property
// reads fails for that key alone, and names the property that owns it.
std::optional<Outcome> needs_keys(const Design& d, const Population& population,
                                  const std::string& index) {
  auto missing = unbuilt_key(d, population, keys_read(d, index));
  if (!missing) return std::nullopt;
  return Outcome::fails(std::string(kUnbuiltKey) + missing->message +
                        "\n  the root is items/build: this property reads that key, and is "
                        "checked again once the key builds");
}

// Every page of a Scan of the index; an error names the page.
Result<std::vector<Item>> scan_all(Store& store, const std::string& index, std::size_t held) {
  std::vector<Item> items;
  ScanRequest r;
  r.index_name = index;
  const int most = max_pages_for(held);
  for (int page = 0; page < most; ++page) {
    auto p = store.scan(r);
    if (!p) return p.error();
    for (const StoredItem& item : p->items) items.push_back(item.to_item());
    if (!p->last_evaluated_key) return items;
    r.exclusive_start_key = p->last_evaluated_key;
  }
  return endless_pages(most, held);
}

std::vector<std::string> index_attributes(const Design& d, const IndexDesign& index) {
  std::vector<std::string> out{d.schema.partition_key.name};
  if (d.schema.sort_key) out.push_back(d.schema.sort_key->name);
  for (const auto* side : {&index.schema.partition_key, &index.schema.sort_key}) {
    for (const KeyAttribute& k : *side) out.push_back(k.name);
  }
  return out;
}

// The item's entry in the index ("" when the item is not in it): its table
// and index keys.
std::string index_entry(const Design& d, const IndexDesign& index, const Item& item) {
  Item entry;
  for (const std::string& a : index_attributes(d, index)) {
    const auto it = item.find(a);
    if (it == item.end()) return {};
    entry[a] = it->second;
  }
  return to_json(entry);
}

std::string listed(const std::set<std::string>& entries) {
  std::string out;
  for (const std::string& e : entries) out += "      " + e + "\n";
  return out.empty() ? "      (none)\n" : out;
}

std::string entity_list(const Population& population, const std::vector<std::size_t>& which) {
  std::string out;
  for (std::size_t i : which) out += "      " + show_entity(population[i]) + "\n";
  return out.empty() ? "      (none)\n" : out;
}

ItemUpdate update_between(const Design& d, const Item& before, const Item& after) {
  ItemUpdate u;
  const Item key = primary_key(d, before);
  for (const auto& [name, value] : after) {
    if (key.count(name) != 0) continue;
    const auto it = before.find(name);
    if (it == before.end() || !(it->second == value)) u.set.emplace_back(name, value);
  }
  for (const auto& [name, value] : before) {
    if (after.count(name) == 0) u.remove.push_back(name);
  }
  return u;
}

// The UpdateItem that makes `u` of the stored item: SET and REMOVE as `u`
// says, but an integer attribute `changed` by ADD of `delta` (what a counter
// update sends), on the condition that the item exists.
UpdateItemRequest update_request(const Design& d, const Item& stored, const ItemUpdate& u,
                                 const AttributeSpec& changed, std::int64_t delta) {
  UpdateItemRequest r;
  r.key = primary_key(d, stored);
  r.condition = "attribute_exists(#pk)";
  r.attributes.names["#pk"] = d.schema.partition_key.name;
  std::string set;
  std::string remove;
  std::string add;
  int n = 0;
  for (const auto& [name, value] : u.set) {
    const std::string ph = fmt::format("#u{}", n);
    const std::string vh = fmt::format(":u{}", n++);
    r.attributes.names[ph] = name;
    if (name == changed.name && changed.type == AttrType::kInteger) {
      r.attributes.values[vh] = *AttributeValue::N(std::to_string(delta));
      add += (add.empty() ? "ADD " : ", ") + ph + " " + vh;
      continue;
    }
    r.attributes.values[vh] = value;
    set += (set.empty() ? "SET " : ", ") + ph + " = " + vh;
  }
  for (const std::string& name : u.remove) {
    const std::string ph = fmt::format("#u{}", n++);
    r.attributes.names[ph] = name;
    remove += (remove.empty() ? "REMOVE " : ", ") + ph;
  }
  std::string expression;
  for (const std::string* clause : {&set, &remove, &add}) {
    if (!clause->empty()) expression += (expression.empty() ? "" : " ") + *clause;
  }
  // No change: an UpdateItem without an expression writes the key alone.
  if (!expression.empty()) r.update_expression = expression;
  return r;
}

std::string show_update(const AttributeSpec& spec, const Value& from, const Value& to) {
  return fmt::format("{} from {} to {}", spec.name, show_value(from, spec), show_value(to, spec));
}

// --- pattern_returns -------------------------------------------------------

struct Answer {
  std::vector<std::optional<std::size_t>> owners;  // the entity of each item returned
  std::vector<Item> items;
  std::string pages;  // one line per page
};

Result<Answer> run_requests(const Design& d, const Pattern& p, const Params& params, int page_limit,
                            Store& store, const Loaded& loaded, std::string* request_json,
                            ReadCost* cost) {
  const std::optional<int> limit = p.limit ? p.limit : std::optional<int>(page_limit);
  auto request = pattern_request(d, p, params, limit);
  if (!request) return request.error();
  *request_json = request->json;
  Answer a;
  const int most = max_pages_for(loaded.items.size());
  for (int page = 0; page < most; ++page) {
    auto result = request->scan ? store.scan(request->scan_request) : store.query(request->query);
    if (!result) return result.error();
    a.pages += fmt::format("      page {}: Limit {}, {} read, {} returned{}\n", page + 1, *limit,
                           result->scanned_count, result->count,
                           result->last_evaluated_key
                               ? ", LastEvaluatedKey " + to_json(*result->last_evaluated_key)
                               : std::string());
    if (cost != nullptr) {
      ++cost->requests;
      cost->read += result->scanned_count;
      cost->returned += result->count;
      cost->capacity += result->consumed_capacity;
    }
    for (const StoredItem& stored : result->items) {
      Item item = stored.to_item();
      a.owners.push_back(owner_of(d, loaded, item));
      a.items.push_back(std::move(item));
    }
    if (p.limit || !result->last_evaluated_key) return a;
    request->query.exclusive_start_key = result->last_evaluated_key;
    request->scan_request.exclusive_start_key = result->last_evaluated_key;
  }
  return endless_pages(most, loaded.items.size());
}

// "" when the answer is the declared groups (the first `limit` entities when
// the pattern has one); else where it first differs.
std::string first_difference(const std::vector<std::vector<std::size_t>>& groups, const Answer& a,
                             std::optional<int> limit, const Population& population) {
  std::size_t at = 0;
  std::size_t wanted = 0;
  const auto show_owner = [&](std::size_t i) {
    return a.owners[i] ? show_entity(population[*a.owners[i]])
                       : "an item of no entity " + to_json(a.items[i]);
  };
  for (const std::vector<std::size_t>& group : groups) {
    std::vector<std::size_t> left = group;
    while (!left.empty() && (!limit || wanted < static_cast<std::size_t>(*limit))) {
      if (at == a.owners.size()) {
        return fmt::format("the answer ends after {}; next expected: {}",
                           support::quantity(at, "entity", "entities"),
                           show_entity(population[left.front()]));
      }
      const auto it =
          a.owners[at] ? std::find(left.begin(), left.end(), *a.owners[at]) : left.end();
      if (it == left.end()) {
        return fmt::format("at position {}: expected {}{}, got {}", at + 1,
                           left.size() > 1 ? "one of the tied " : "",
                           show_entity(population[left.front()]), show_owner(at));
      }
      left.erase(it);
      ++at;
      ++wanted;
    }
  }
  if (at < a.owners.size()) {
    return fmt::format("at position {}: expected the end, got {}", at + 1, show_owner(at));
  }
  return {};
}

std::string expected_text(const std::vector<std::vector<std::size_t>>& groups,
                          const Population& population) {
  std::string out;
  std::size_t n = 0;
  for (const auto& g : groups) {
    for (std::size_t i : g) {
      out += fmt::format("      {}. {}{}\n", ++n, show_entity(population[i]),
                         g.size() > 1 ? "  (tied: any order among these)" : "");
    }
  }
  return out.empty() ? "      (none)\n" : out;
}

std::string actual_text(const Answer& a, const Population& population) {
  std::string out;
  for (std::size_t i = 0; i < a.owners.size(); ++i) {
    out += fmt::format("      {}. {}\n", i + 1,
                       a.owners[i] ? show_entity(population[*a.owners[i]]) : to_json(a.items[i]));
  }
  return out.empty() ? "      (none)\n" : out;
}

}  // namespace

Outcome items_build(StoreSource& stores, const Design& design, const Population& population) {
  for (const Entity& e : population) {
    if (auto item = build_item(design, e); !item) return cannot_build(item.error());
  }
  auto opened = open_loaded(stores, design, population);
  if (!opened) return cannot_build(opened.error());
  return Outcome::holds();
}

Outcome keys_unique(const Design& design, const Population& population) {
  if (auto needs = needs_keys(design, population, "")) return *needs;
  std::map<std::string, std::size_t> first;
  for (std::size_t i = 0; i < population.size(); ++i) {
    const Item item = build_partial_item(design, population[i]).item;
    const std::string key = to_json(primary_key(design, item));
    const auto [it, fresh] = first.emplace(key, i);
    if (fresh) continue;
    return Outcome::fails(fmt::format(
        "two distinct entities have the same primary key {}: the second PutItem silently "
        "overwrites the first, and the first is lost\n      {}\n      {}\n  add what tells them "
        "apart to the key (a sequence number or an id: a disambiguator)",
        key, show_entity(population[it->second]), show_entity(population[i])));
  }
  return Outcome::holds();
}

AttributeUpdate attribute_update(const Population& population, std::size_t entity,
                                 std::size_t attribute, Value value) {
  const AttributeSpec& spec = population[entity].type->attributes[attribute];
  AttributeUpdate u{entity, attribute, std::move(value), {}};
  u.label = fmt::format("entity {}, {}.{} = {}", entity + 1, population[entity].type->name,
                        spec.name, show_value(u.value, spec));
  return u;
}

Outcome keys_immutable(StoreSource& stores, const Design& design, const Population& population,
                       const AttributeUpdate& update) {
  const Entity& before = population[update.entity];
  Entity after = before;
  after.values[update.attribute] = update.value;
  if (auto needs = needs_keys(design, {before, after}, "")) return *needs;
  const Item old_item = build_partial_item(design, before).item;
  const Item new_item = build_partial_item(design, after).item;
  const Item old_key = primary_key(design, old_item);
  const Item new_key = primary_key(design, new_item);
  if (old_key == new_key) return Outcome::holds();
  // What UpdateItem answers when asked to move the item.
  auto store = stores.open(design);
  if (!store) return Outcome::fails(store.error().message);
  (void)(*store)->put(old_item);
  ItemUpdate u;
  for (const auto& [name, value] : new_key) {
    if (!(old_key.at(name) == value)) u.set.emplace_back(name, value);
  }
  const auto answer = (*store)->update(old_key, u);
  const AttributeSpec& spec = before.type->attributes[update.attribute];
  return Outcome::fails(fmt::format(
      "{}.{} is mutable and feeds the table's key: an update of {} moves the item from {} to "
      "{}\n  entity: {}\n  UpdateItem SET {} answers: {}\n  DynamoDB never changes a key: the "
      "update becomes a delete and a put, and an item is lost if one of them fails. Keep the key "
      "on immutable attributes and sort by {} in a global secondary index",
      before.type->name, spec.name,
      show_update(spec, before.values[update.attribute], update.value), to_json(old_key),
      to_json(new_key), show_entity(before), to_json(new_key),
      answer ? "ok (the model accepted it)" : answer.error().message, spec.name));
}

Outcome index_follows(StoreSource& stores, const Design& design, const IndexDesign& index,
                      const Population& population, const AttributeUpdate& update) {
  Population updated = population;
  updated[update.entity].values[update.attribute] = update.value;
  if (auto needs = needs_keys(design, population, index.schema.name)) return *needs;
  if (auto needs = needs_keys(design, {updated[update.entity]}, index.schema.name)) return *needs;
  auto opened = open_loaded(stores, design, population);
  if (!opened) return cannot_build(opened.error());
  const Item new_item = build_partial_item(design, updated[update.entity]).item;
  const Item& old_item = opened->loaded.items[update.entity];
  if (!(primary_key(design, old_item) == primary_key(design, new_item))) {
    return Outcome::holds();  // keys_immutable's failure, not this one's
  }
  const AttributeSpec& changed = population[update.entity].type->attributes[update.attribute];
  const UpdateItemRequest request = update_request(
      design, old_item, update_between(design, old_item, new_item), changed,
      update.value.integer - population[update.entity].values[update.attribute].integer);
  if (auto ok = opened->store->update_item(request); !ok || ok->condition_failed) {
    return Outcome::fails("UpdateItem " + request.update_expression.value_or("") + " is refused: " +
                          (ok ? std::string("its condition fails") : ok.error().message));
  }
  std::vector<Item> now = opened->loaded.items;
  now[update.entity] = new_item;
  std::set<std::string> expected;
  for (const auto& [key, owner] : opened->loaded.owner) {
    if (std::string e = index_entry(design, index, now[owner]); !e.empty()) expected.insert(e);
  }
  auto scanned = scan_all(*opened->store, index.schema.name, opened->loaded.items.size());
  if (!scanned)
    return Outcome::fails("the Scan of the index is refused: " + scanned.error().message);
  std::set<std::string> actual;
  for (const Item& item : *scanned) actual.insert(index_entry(design, index, item));
  if (actual == expected) return Outcome::holds();
  const AttributeSpec& spec = population[update.entity].type->attributes[update.attribute];
  return Outcome::fails(fmt::format(
      "after an update of {} of {}, the index {} holds\n{}  where the item's keys put it at\n{}",
      show_update(spec, population[update.entity].values[update.attribute], update.value),
      show_entity(population[update.entity]), index.schema.name, listed(actual), listed(expected)));
}

Outcome index_holds(StoreSource& stores, const Design& design, const IndexDesign& index,
                    const Population& population) {
  if (auto needs = needs_keys(design, population, index.schema.name)) return *needs;
  auto opened = open_loaded(stores, design, population);
  if (!opened) return cannot_build(opened.error());
  auto scanned = scan_all(*opened->store, index.schema.name, opened->loaded.items.size());
  if (!scanned)
    return Outcome::fails("the Scan of the index is refused: " + scanned.error().message);
  std::vector<std::size_t> actual;
  for (const Item& item : *scanned) {
    if (auto owner = owner_of(design, opened->loaded, item)) actual.push_back(*owner);
  }
  std::vector<std::size_t> expected;
  for (std::size_t i = 0; i < population.size(); ++i) {
    if (selected(*index.holds, population[i], {})) expected.push_back(i);
  }
  std::sort(actual.begin(), actual.end());
  if (actual == expected) return Outcome::holds();
  std::vector<std::size_t> extra;
  std::vector<std::size_t> missing;
  std::set_difference(actual.begin(), actual.end(), expected.begin(), expected.end(),
                      std::back_inserter(extra));
  std::set_difference(expected.begin(), expected.end(), actual.begin(), actual.end(),
                      std::back_inserter(missing));
  return Outcome::fails(fmt::format(
      "the index {} does not hold exactly what it declares\n  in it but not declared:\n{}  "
      "declared but not in it:\n{}{}",
      index.schema.name, entity_list(population, extra), entity_list(population, missing),
      items_as_stored(population, opened->loaded)));
}

std::vector<WidthUse> width_uses(const Design& design) {
  std::vector<WidthUse> out;
  for (const EntityType& e : design.entities) {
    for (const KeyTemplate& k : e.keys) {
      for (const Template::Piece& p : k.value.pieces) {
        if (!p.is_ref || p.codecs.empty()) continue;
        const Codec& c = p.codecs.front();
        if (c.kind == Codec::Kind::kPadded || c.kind == Codec::Kind::kInverse ||
            c.kind == Codec::Kind::kEpoch) {
          out.push_back(WidthUse{&e, e.attribute(p.ref), k.attribute, c});
        }
      }
    }
  }
  return out;
}

Outcome width_holds(const WidthUse& use, const Value& v) {
  Result<std::string> key = std::string();
  if (use.codec.kind == Codec::Kind::kEpoch) {
    key = encode_epoch(v.time, use.codec.unit, use.codec.width);
  } else if (v.integer < 0) {
    key = make_error(ErrorCode::kOutOfRange, 0, fmt::format("{} is negative", v.integer));
  } else {
    key = encode_padded(static_cast<UInt128>(v.integer), use.codec.width);
  }
  if (key) return Outcome::holds();
  return Outcome::fails(fmt::format(
      "{}.{} is declared to hold {}, which {}:{} in {} cannot write: {}. Widen the codec (and "
      "migrate the items already written) or narrow the declared range",
      use.entity->name, use.attribute->name, show_value(v, *use.attribute), use.attribute->name,
      use.codec.text, use.key, describe(key.error())));
}

std::string capacity_alert(const Design& design, const WidthUse& use) {
  if (use.codec.kind == Codec::Kind::kEpoch || use.attribute->max < 0) return {};
  auto c = check_capacity(static_cast<UInt128>(use.attribute->max), use.codec.width,
                          design.capacity_alert_percent);
  if (!c || !c->warn || !c->fits) return {};
  return fmt::format(
      "capacity alert: {}.{} may reach {}, {:.0f}% of what {} in {} holds (the alert is at {}%): "
      "pad for the largest count you can imagine, plus two or three digits",
      use.entity->name, use.attribute->name, use.attribute->max, c->fraction_used * 100,
      use.codec.text, use.key, design.capacity_alert_percent);
}

double hit_rate_percent(const ReadCost& cost) {
  if (cost.read == 0) return 100.0;
  return 100.0 * static_cast<double>(cost.returned) / static_cast<double>(cost.read);
}

Outcome hit_rate_holds(const Pattern& pattern, const ReadCost& cost) {
  if (!pattern.min_hit_rate || cost.requests == 0) return Outcome::holds();
  const double rate = hit_rate_percent(cost);
  if (rate >= *pattern.min_hit_rate) return Outcome::holds();
  return Outcome::fails(fmt::format(
      "the FilterExpression of {} returns {} of the {} items it reads, a {:.1f}% hit rate, below "
      "the design's min_hit_rate of {}%: every item filtered out is read and paid for ({:.1f} "
      "read capacity units over {} requests for {} populations), and a Limit of N returns fewer "
      "than N. Make the filter a key condition: the attribute in a composite sort key, or a "
      "sparse index that holds only what the filter keeps",
      pattern.name, cost.returned, cost.read, rate, *pattern.min_hit_rate, cost.capacity,
      cost.requests, cost.populations));
}

Outcome pattern_returns(StoreSource& stores, const Design& design, const Pattern& pattern,
                        const Population& population, const Params& params, int page_limit,
                        ReadCost* cost) {
  if (auto needs = needs_keys(design, population, pattern.index)) return *needs;
  auto opened = open_loaded(stores, design, population);
  if (!opened) return cannot_build(opened.error());
  std::string request_json;
  auto answer = run_requests(design, pattern, params, page_limit, *opened->store, opened->loaded,
                             &request_json, cost);
  if (cost != nullptr) ++cost->populations;
  if (!answer) {
    return Outcome::fails(
        fmt::format("the request is refused: {}\n  parameters: {}\n  request: {}",
                    answer.error().message, show_params(design, pattern, params),
                    request_json.empty() ? "(none sent: it cannot be built)" : request_json));
  }
  const auto groups = expected_groups(pattern, population, params);
  const std::string difference = first_difference(groups, *answer, pattern.limit, population);
  if (difference.empty()) return Outcome::holds();
  return Outcome::fails(fmt::format(
      "the access pattern {} returns what it does not declare: {}\n  parameters: {}\n  request: "
      "{}\n  pages:\n{}{}  expected (declared{}):\n{}  actual:\n{}",
      pattern.name, difference, show_params(design, pattern, params), request_json, answer->pages,
      items_as_stored(population, opened->loaded),
      pattern.limit ? fmt::format(", the first {}", *pattern.limit) : "",
      expected_text(groups, population), actual_text(*answer, population)));
}

}  // namespace sortkey::design
