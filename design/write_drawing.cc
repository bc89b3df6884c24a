#include "design/write_drawing.h"

#include <algorithm>
#include <set>

#include "design/items.h"
#include "design/transaction_props.h"

namespace sortkey::design {
namespace {

using Kind = TransactionAction::Kind;

const KeyTemplate* template_of(const EntityType& e, std::string_view attribute) {
  for (const KeyTemplate& k : e.keys) {
    if (k.attribute == attribute) return &k;
  }
  return nullptr;
}

// Whether items of `e` carry the key attribute: a template makes it, or it
// is one of the entity's own attributes.
bool carries(const EntityType& e, std::string_view attribute) {
  return template_of(e, attribute) != nullptr || e.attribute(attribute) != nullptr;
}

// The entity attributes the key attribute is made of (its template's
// references and its `when`'s attributes, or the attribute itself).
std::set<std::string> made_of(const EntityType& e, const std::string& attribute) {
  std::set<std::string> out;
  if (const KeyTemplate* k = template_of(e, attribute)) {
    for (const Template::Piece& p : k->value.pieces) {
      if (p.is_ref) out.insert(p.ref);
    }
    if (k->when) {
      for (const Comparison& c : k->when->all) out.insert(c.attribute);
    }
  }
  if (e.attribute(attribute) != nullptr) out.insert(attribute);
  return out;
}

// The attributes of the `when`s of the key attributes among `keys`.
std::vector<std::string> when_of(const EntityType& e, const std::vector<std::string>& keys) {
  std::set<std::string> out;
  for (const std::string& a : keys) {
    const KeyTemplate* k = template_of(e, a);
    if (k == nullptr || !k->when) continue;
    for (const Comparison& c : k->when->all) out.insert(c.attribute);
  }
  return {out.begin(), out.end()};
}

std::vector<std::string> index_keys(const IndexDesign& ix) {
  std::vector<std::string> out;
  for (const KeyAttribute& a : ix.schema.partition_key) out.push_back(a.name);
  for (const KeyAttribute& a : ix.schema.sort_key) out.push_back(a.name);
  return out;
}

std::vector<std::string> table_keys(const Design& d) {
  std::vector<std::string> out{d.schema.partition_key.name};
  if (d.schema.sort_key) out.push_back(d.schema.sort_key->name);
  return out;
}

bool among(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// What an update does to its item in one index it is in; nullopt: nothing.
std::optional<IndexEffect> update_effect(const EntityType& e, const EntityUpdate& u,
                                         IndexEffect effect) {
  std::set<std::string> changed(u.set.begin(), u.set.end());
  changed.insert(u.remove.begin(), u.remove.end());
  changed.insert(u.add.begin(), u.add.end());
  std::set<std::string> stale_from;
  for (const std::string& a : effect.keys) {
    // An index key that is an attribute the update changes moves with it.
    const bool rewritten = among(u.keys, a) || (e.attribute(a) != nullptr && changed.count(a));
    std::vector<std::string> from;
    for (const std::string& s : made_of(e, a)) {
      if (changed.count(s) != 0) from.push_back(s);
    }
    if (rewritten) {
      effect.written.push_back(a);
    } else if (!from.empty()) {
      effect.from.insert(effect.from.end(), from.begin(), from.end());
      stale_from.insert(a);
    }
  }
  if (!stale_from.empty()) {
    effect.move = IndexMove::kStale;
    effect.written.assign(stale_from.begin(), stale_from.end());
    std::set<std::string> from(effect.from.begin(), effect.from.end());
    effect.from.assign(from.begin(), from.end());
    return effect;
  }
  if (effect.written.empty()) return std::nullopt;
  effect.when = when_of(e, effect.written);
  const bool removed = std::any_of(effect.written.begin(), effect.written.end(),
                                   [&](const std::string& a) { return among(u.remove, a); });
  effect.move = effect.when.empty() && !removed ? IndexMove::kMoves : IndexMove::kEntersOrLeaves;
  return effect;
}

std::vector<IndexEffect> effects_of(const Design& d, const WriteAction& a) {
  std::vector<IndexEffect> out;
  if (a.kind == Kind::kConditionCheck || (a.kind == Kind::kUpdate && a.update == nullptr)) {
    return out;
  }
  for (const IndexDesign& ix : d.indexes) {
    IndexEffect effect;
    effect.index = ix.schema.name;
    effect.local = ix.local;
    effect.keys = index_keys(ix);
    if (!std::all_of(effect.keys.begin(), effect.keys.end(),
                     [&](const std::string& k) { return carries(*a.entity, k); })) {
      continue;  // its items are never in the index
    }
    if (a.kind == Kind::kUpdate) {
      if (auto moved = update_effect(*a.entity, *a.update, std::move(effect))) {
        out.push_back(std::move(*moved));
      }
      continue;
    }
    effect.move = a.kind == Kind::kPut ? IndexMove::kEnters : IndexMove::kLeaves;
    effect.when = when_of(*a.entity, effect.keys);
    out.push_back(std::move(effect));
  }
  return out;
}

std::string condition_text(const Design& d, TransactionAction::Condition c) {
  using C = TransactionAction::Condition;
  const std::string& pk = d.schema.partition_key.name;
  if (c == C::kUnique) return "attribute_not_exists(" + pk + ")";
  if (c == C::kExists) return "attribute_exists(" + pk + ")";
  return "";
}

WriteAction action_of(const Design& d, const TransactionAction& t) {
  WriteAction a;
  a.kind = t.kind;
  a.entity = d.entity(t.entity);
  for (const EntityUpdate& u : a.entity->updates) {
    if (t.kind == Kind::kUpdate && u.name == t.update) a.update = &u;
  }
  a.condition = condition_text(d, t.condition);
  const std::vector<std::string> table = table_keys(d);
  for (const KeyTemplate& k : a.entity->keys) {
    const KeyWritten written{k.attribute, k.value.source};
    if (among(table, k.attribute)) {
      a.key.push_back(written);
    } else if (t.kind == Kind::kPut ||
               (a.update != nullptr && among(a.update->keys, k.attribute))) {
      a.writes.push_back(written);
    }
  }
  a.refers_to = t.refers_to;
  for (const KeyValue& kv : t.refers) a.refers.push_back({kv.attribute, kv.value.source});
  a.indexes = effects_of(d, a);
  return a;
}

// A single write as the one action of a transaction would state it.
TransactionAction as_action(const Write& w) {
  TransactionAction t;
  t.kind = w.kind == Write::Kind::kPut      ? Kind::kPut
           : w.kind == Write::Kind::kUpdate ? Kind::kUpdate
                                            : Kind::kDelete;
  t.entity = w.entity;
  t.update = w.update;
  t.condition = w.condition == Write::Condition::kUnique   ? TransactionAction::Condition::kUnique
                : w.condition == Write::Condition::kExists ? TransactionAction::Condition::kExists
                                                           : TransactionAction::Condition::kNone;
  return t;
}

// What the action's `refers` templates make of `e`; an attribute whose
// template does not render is left out.
std::vector<KeyWritten> refers_of(const TransactionAction& t, const Entity& e) {
  const Resolver resolve = entity_resolver(e);
  std::vector<KeyWritten> out;
  for (const KeyValue& kv : t.refers) {
    if (auto text = render(kv.value, resolve)) out.push_back({kv.attribute, std::move(*text)});
  }
  return out;
}

}  // namespace

std::string_view to_string(IndexMove move) {
  switch (move) {
    case IndexMove::kEnters:
      return "enters";
    case IndexMove::kLeaves:
      return "leaves";
    case IndexMove::kMoves:
      return "moves within";
    case IndexMove::kEntersOrLeaves:
      return "enters, leaves or moves within";
    case IndexMove::kStale:
      return "stale in";
  }
  return "";
}

std::string_view move_word(IndexMove move) {
  switch (move) {
    case IndexMove::kEnters:
      return "enters";
    case IndexMove::kLeaves:
      return "leaves";
    case IndexMove::kMoves:
      return "moves";
    case IndexMove::kEntersOrLeaves:
      return "enters-or-leaves";
    case IndexMove::kStale:
      return "stale";
  }
  return "";
}

std::string kind_text(const Write& w) {
  switch (w.kind) {
    case Write::Kind::kPut:
      return w.condition == Write::Condition::kNone ? "put" : "conditional put";
    case Write::Kind::kUpdate:
      return w.condition == Write::Condition::kNone ? "update" : "conditional update";
    case Write::Kind::kDelete:
      return w.condition == Write::Condition::kNone ? "delete" : "conditional delete";
    case Write::Kind::kTransaction:
      return "transaction";
  }
  return "";
}

std::string_view action_text(TransactionAction::Kind kind) {
  switch (kind) {
    case Kind::kPut:
      return "Put";
    case Kind::kUpdate:
      return "Update";
    case Kind::kDelete:
      return "Delete";
    case Kind::kConditionCheck:
      return "ConditionCheck";
  }
  return "";
}

std::vector<WriteDrawing> draw_writes(const Design& design, const Population& sample) {
  std::vector<WriteDrawing> out;
  for (const Write& w : design.writes) {
    WriteDrawing drawing;
    drawing.write = &w;
    const EntityType* subject_type = design.entity(w.entity);
    for (const Entity& e : sample) {
      if (e.type == subject_type) {
        drawing.subject = e;
        break;
      }
    }
    const std::vector<TransactionAction> actions =
        w.kind == Write::Kind::kTransaction ? w.actions : std::vector{as_action(w)};
    for (const TransactionAction& t : actions) {
      WriteAction a = action_of(design, t);
      if (drawing.subject) {
        const Entity bound = bound_entity(*a.entity, *drawing.subject);
        a.example_refers = refers_of(t, bound);
        if (auto item = build_item(design, bound)) {
          Item keys;
          for (const KeyAttribute& k : key_attributes(design.schema)) {
            if (const auto it = item->find(k.name); it != item->end()) keys[k.name] = it->second;
          }
          a.example = std::move(keys);
        }
      }
      drawing.actions.push_back(std::move(a));
    }
    out.push_back(std::move(drawing));
  }
  return out;
}

}  // namespace sortkey::design
