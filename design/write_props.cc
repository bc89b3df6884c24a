#include "design/write_props.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "design/items.h"
#include "design/values.h"

namespace sortkey::design {
namespace {

using props::Outcome;

std::size_t attribute_index(const EntityType& e, std::string_view attr) {
  for (std::size_t i = 0; i < e.attributes.size(); ++i) {
    if (e.attributes[i].name == attr) return i;
  }
  return e.attributes.size();
}

// The entity attributes a key template of `e` reads: its references and the
// attributes of its `when`.
std::set<std::string> key_sources(const EntityType& e, const std::string& key) {
  std::set<std::string> out;
  for (const KeyTemplate& k : e.keys) {
    if (k.attribute != key) continue;
    for (const Template::Piece& p : k.value.pieces) {
      if (p.is_ref) out.insert(p.ref);
    }
    if (k.when) {
      for (const Comparison& c : k.when->all) out.insert(c.attribute);
    }
  }
  if (e.attribute(key) != nullptr) out.insert(key);  // an index key that is the attribute itself
  return out;
}

// The item's entry in the index, "" when the item is not in it.
std::string entry_in(const Design& d, const IndexDesign& index, const Item& item) {
  Item entry;
  std::vector<std::string> names = keys_read(d, index.schema.name);
  for (const std::string& a : names) {
    const auto it = item.find(a);
    if (it == item.end()) return {};
    entry[a] = it->second;
  }
  return to_json(entry);
}

// The entries of the item with `key` that a Scan of the index returns.
Result<std::set<std::string>> entries_of(Store& store, const Design& d, const IndexDesign& index,
                                         const Item& key, std::size_t held) {
  std::set<std::string> out;
  ScanRequest r;
  r.index_name = index.schema.name;
  for (int page = 0; page < max_pages_for(held); ++page) {
    auto p = store.scan(r);
    if (!p) return p.error();
    for (const StoredItem& stored : p->items) {
      const Item item = stored.to_item();
      if (primary_key(d, item) == key) out.insert(entry_in(d, index, item));
    }
    if (!p->last_evaluated_key) return out;
    r.exclusive_start_key = p->last_evaluated_key;
  }
  return endless_pages(max_pages_for(held), held);
}

// The item the table holds under `key`, read by a Scan of the table.
Result<std::optional<Item>> table_item(Store& store, const Design& d, const Item& key,
                                       std::size_t held) {
  ScanRequest r;
  for (int page = 0; page < max_pages_for(held); ++page) {
    auto p = store.scan(r);
    if (!p) return p.error();
    for (const StoredItem& stored : p->items) {
      Item item = stored.to_item();
      if (primary_key(d, item) == key) return std::optional<Item>(std::move(item));
    }
    if (!p->last_evaluated_key) return std::optional<Item>();
    r.exclusive_start_key = p->last_evaluated_key;
  }
  return endless_pages(max_pages_for(held), held);
}

std::string shown_or_absent(const Item& item, const std::string& key) {
  const auto it = item.find(key);
  return it == item.end() ? std::string("absent") : to_json(it->second);
}

// "UpdateItem {Key, UpdateExpression, ...}" as sent.
std::string request_text(const UpdateItemRequest& r) {
  std::string values;
  for (const auto& [k, v] : r.attributes.values) {
    values += fmt::format("{}{}: {}", values.empty() ? "" : ", ", k, to_json(v));
  }
  std::string names;
  for (const auto& [k, v] : r.attributes.names) {
    names += fmt::format("{}{}: {}", names.empty() ? "" : ", ", k, v);
  }
  return fmt::format(
      "UpdateItem Key {}, UpdateExpression \"{}\", ConditionExpression \"{}\", "
      "names {{{}}}, values {{{}}}",
      to_json(r.key), r.update_expression.value_or(""), r.condition.value_or(""), names, values);
}

ExpressionAttributes pk_names(const Design& d) {
  ExpressionAttributes a;
  a.names["#pk"] = d.schema.partition_key.name;
  return a;
}

}  // namespace

UpdateItemRequest declared_update_request(const Design& design, const Entity& before,
                                          const DrawnUpdate& u, Item* expected) {
  const EntityType& type = *before.type;
  const EntityUpdate& up = *u.update;
  Entity after = before;
  for (std::size_t i = 0; i < up.set.size(); ++i) {
    after.values[attribute_index(type, up.set[i])] = u.set_values[i];
  }
  for (std::size_t i = 0; i < up.add.size(); ++i) {
    after.values[attribute_index(type, up.add[i])].integer += u.deltas[i];
  }
  Item truth = build_partial_item(design, after).item;
  for (const std::string& a : up.remove) {
    truth.erase(a);
    // A key made of a removed attribute cannot be built any more.
    for (const KeyTemplate& k : type.keys) {
      if (key_sources(type, k.attribute).count(a) != 0) truth.erase(k.attribute);
    }
  }
  UpdateItemRequest r;
  r.key = primary_key(design, build_partial_item(design, before).item);
  r.attributes = pk_names(design);
  r.condition = "attribute_exists(#pk)";
  r.return_values = ReturnValues::kAllNew;
  std::string set;
  std::string remove;
  std::string add;
  int n = 0;
  const auto name_of = [&r, &n](const std::string& attr) {
    const std::string ph = fmt::format("#n{}", n++);
    r.attributes.names[ph] = attr;
    return ph;
  };
  const auto set_to = [&](const std::string& attr, const AttributeValue& v) {
    const std::string ph = name_of(attr);
    const std::string vh = fmt::format(":v{}", n);
    r.attributes.values[vh] = v;
    set += (set.empty() ? "" : ", ") + ph + " = " + vh;
  };
  for (const std::string& a : up.set) set_to(a, truth.at(a));
  for (const std::string& k : up.keys) {
    if (truth.count(k) != 0) {
      set_to(k, truth.at(k));
    } else {
      remove += (remove.empty() ? "" : ", ") + name_of(k);
    }
  }
  for (const std::string& a : up.remove) remove += (remove.empty() ? "" : ", ") + name_of(a);
  for (std::size_t i = 0; i < up.add.size(); ++i) {
    const std::string ph = name_of(up.add[i]);
    const std::string vh = fmt::format(":d{}", i);
    r.attributes.values[vh] = *AttributeValue::N(std::to_string(u.deltas[i]));
    add += (add.empty() ? "" : ", ") + ph + " " + vh;
  }
  std::string expression;
  for (const auto& [word, clause] : {std::pair<const char*, const std::string*>{"SET", &set},
                                     {"REMOVE", &remove},
                                     {"ADD", &add}}) {
    if (!clause->empty()) expression += (expression.empty() ? "" : " ") + (word + (" " + *clause));
  }
  r.update_expression = expression;
  if (expected != nullptr) *expected = std::move(truth);
  return r;
}

Outcome update_keeps_indexes(StoreSource& stores, const Design& design,
                             const Population& population, const DrawnUpdate& u) {
  const Entity& before = population[u.entity];
  const PartialItem old_item = build_partial_item(design, before);
  if (old_item.item.count(design.schema.partition_key.name) == 0 ||
      (design.schema.sort_key && old_item.item.count(design.schema.sort_key->name) == 0)) {
    return Outcome::holds();  // never stored: items/build's failure
  }
  Item expected;
  const UpdateItemRequest request = declared_update_request(design, before, u, &expected);
  if (!(primary_key(design, expected) == request.key)) {
    return Outcome::holds();  // the update moves the item: keys/immutable's failure
  }
  auto opened = open_loaded(stores, design, population);
  if (!opened) return Outcome::fails("the items cannot be built: " + opened.error().message);
  auto answer = opened->store->update_item(request);
  const std::string sent = request_text(request);
  if (!answer) {
    return Outcome::fails(fmt::format("the update {}.{} is refused: {}\n  entity: {}\n  {}",
                                      before.type->name, u.update->name, answer.error().message,
                                      show_entity(before), sent));
  }
  if (answer->condition_failed || !answer->attributes) {
    return Outcome::fails(fmt::format(
        "the update {}.{} of a stored item fails its condition attribute_exists\n  entity: {}\n  "
        "{}",
        before.type->name, u.update->name, show_entity(before), sent));
  }
  const Item& now = *answer->attributes;
  const std::size_t held = opened->loaded.items.size();
  for (const IndexDesign& index : design.indexes) {
    auto actual = entries_of(*opened->store, design, index, request.key, held);
    if (!actual) {
      return Outcome::fails("the Scan of the index is refused: " + actual.error().message);
    }
    std::set<std::string> wanted;
    if (std::string e = entry_in(design, index, expected); !e.empty()) wanted.insert(e);
    if (*actual == wanted) continue;
    std::string stale;
    for (const auto* side : {&index.schema.partition_key, &index.schema.sort_key}) {
      for (const KeyAttribute& k : *side) {
        const auto was = now.find(k.name);
        const auto should = expected.find(k.name);
        const bool same = (was == now.end()) == (should == expected.end()) &&
                          (was == now.end() || was->second == should->second);
        if (same) continue;
        std::vector<std::string> from;
        const std::set<std::string> sources = key_sources(*before.type, k.name);
        for (const auto* list : {&u.update->set, &u.update->remove, &u.update->add}) {
          for (const std::string& a : *list) {
            if (sources.count(a) != 0) from.push_back(before.type->name + "." + a);
          }
        }
        std::string derived;
        for (const std::string& f : from) derived += (derived.empty() ? "" : ", ") + f;
        stale += fmt::format(
            "  stale key: {} is {} where its template now makes {}: it is derived from {}, "
            "which the update changes, and the update does not rewrite it\n",
            k.name, shown_or_absent(now, k.name), shown_or_absent(expected, k.name),
            derived.empty() ? std::string("what the update changes") : derived);
      }
    }
    std::string held_at;
    for (const std::string& a : *actual) held_at += "      " + a + "\n";
    return Outcome::fails(fmt::format(
        "after the update {}.{}, the index {} holds the item{}\n{}  where its key templates put "
        "it at\n      {}\n{}  entity: {}\n  {}\n  rewrite every key derived from what the update "
        "changes: add it to the update's keys (the application's UpdateItem must SET it, or "
        "REMOVE it when it no longer applies)",
        before.type->name, u.update->name, index.schema.name, actual->empty() ? " nowhere" : " at",
        held_at, wanted.empty() ? std::string("(not in the index)") : *wanted.begin(), stale,
        show_entity(before), sent));
  }
  return Outcome::holds();
}

Outcome unique_put(StoreSource& stores, const Design& design, const Write& w, const Entity& first,
                   const Entity& second) {
  auto a = build_item(design, first);
  auto b = build_item(design, second);
  if (!a || !b) return Outcome::holds();  // items/build's failure
  auto store = stores.open(design);
  if (!store) return Outcome::fails(store.error().message);
  const ExpressionAttributes names = pk_names(design);
  const std::string condition = "attribute_not_exists(#pk)";
  const std::string what = fmt::format(
      "the write {} (PutItem of {} with ConditionExpression "
      "\"attribute_not_exists({})\")",
      w.name, w.entity, design.schema.partition_key.name);
  auto put = [&](const Item& item) { return (*store)->put_if(item, condition, names); };
  auto r1 = put(*a);
  if (!r1) return Outcome::fails(what + " is refused: " + r1.error().message);
  if (!*r1) {
    return Outcome::fails(
        fmt::format("{} is refused on an empty table\n  item: {}", what, to_json(*a)));
  }
  auto r2 = put(*a);
  if (!r2) return Outcome::fails(what + " is refused: " + r2.error().message);
  if (*r2) {
    return Outcome::fails(fmt::format(
        "{} writes a second item of the same unique value: the condition does not make it "
        "unique\n  item: {}",
        what, to_json(*a)));
  }
  const Item key_a = primary_key(design, *a);
  const bool taken = primary_key(design, *b) == key_a;
  auto r3 = put(*b);
  if (!r3) return Outcome::fails(what + " is refused: " + r3.error().message);
  if (*r3 == taken) {
    return Outcome::fails(
        fmt::format("{} {} the second of\n      {}\n      {}\n  whose keys are {} and {}", what,
                    taken ? "accepts" : "refuses", show_entity(first), show_entity(second),
                    to_json(key_a), to_json(primary_key(design, *b))));
  }
  if (taken && !same_entity(first, second)) {
    return Outcome::fails(fmt::format(
        "{} refuses {} because {} holds {}, another {}: the unique value is not all the key is "
        "made of, or distinct entities share it (see keys/unique)",
        what, show_entity(second), to_json(key_a), show_entity(first), w.entity));
  }
  auto kept = table_item(**store, design, key_a, 2);
  if (!kept) return Outcome::fails("the Scan of the table is refused: " + kept.error().message);
  if (!*kept || !(**kept == *a)) {
    return Outcome::fails(
        fmt::format("after a refused {}, the table holds {} under {}, not the "
                    "first item {}",
                    what, *kept ? to_json(**kept) : "nothing", to_json(key_a), to_json(*a)));
  }
  return Outcome::holds();
}

Outcome exists_write(StoreSource& stores, const Design& design, const Write& w,
                     const Population& stored, const Entity& absent, const DrawnUpdate& u) {
  auto opened = open_loaded(stores, design, stored);
  if (!opened) return Outcome::holds();  // items/build's failure
  auto absent_item = build_item(design, absent);
  if (!absent_item || stored.empty()) return Outcome::holds();
  const Item absent_key = primary_key(design, *absent_item);
  if (opened->loaded.owner.count(to_json(absent_key)) != 0) return Outcome::holds();
  const std::size_t held = opened->loaded.items.size() + 1;
  Store& store = *opened->store;
  const auto write = [&](const Entity& e) -> Result<WriteOutcome> {
    if (w.kind == Write::Kind::kUpdate) {
      return store.update_item(declared_update_request(design, e, u, nullptr));
    }
    DeleteItemRequest r;
    r.key = primary_key(design, build_partial_item(design, e).item);
    r.condition = "attribute_exists(#pk)";
    r.attributes = pk_names(design);
    return store.delete_item(r);
  };
  const std::string what =
      fmt::format("the write {} ({} of {} with ConditionExpression \"attribute_exists({})\")",
                  w.name, w.kind == Write::Kind::kUpdate ? "UpdateItem" : "DeleteItem", w.entity,
                  design.schema.partition_key.name);
  const Item stored_key = primary_key(design, opened->loaded.items[0]);
  auto on_stored = write(stored[0]);
  if (!on_stored) return Outcome::fails(what + " is refused: " + on_stored.error().message);
  if (on_stored->condition_failed) {
    return Outcome::fails(fmt::format("{} fails its condition on a stored item\n  entity: {}", what,
                                      show_entity(stored[0])));
  }
  auto after = table_item(store, design, stored_key, held);
  if (!after) return Outcome::fails("the Scan of the table is refused: " + after.error().message);
  if (after->has_value() == (w.kind == Write::Kind::kDelete)) {
    return Outcome::fails(fmt::format("after {} of a stored item, the table {} it\n  entity: {}",
                                      what, after->has_value() ? "still holds" : "no longer holds",
                                      show_entity(stored[0])));
  }
  auto on_absent = write(absent);
  if (!on_absent) return Outcome::fails(what + " is refused: " + on_absent.error().message);
  auto made = table_item(store, design, absent_key, held);
  if (!made) return Outcome::fails("the Scan of the table is refused: " + made.error().message);
  if (!on_absent->condition_failed || made->has_value()) {
    return Outcome::fails(fmt::format(
        "{} of an item the table does not hold is not refused{}\n  entity: {}", what,
        made->has_value() ? fmt::format(": it creates {}", to_json(**made)) : std::string(),
        show_entity(absent)));
  }
  return Outcome::holds();
}

}  // namespace sortkey::design
