// The design loader's writes: an entity's `updates:` (what an UpdateItem of
// it sets, removes, adds to, and which derived keys it rewrites) and the
// design's `writes:` (conditional puts, updates and deletes, proven like
// patterns), a transaction (TransactWriteItems) among them.
#include <fmt/format.h>

#include <algorithm>

#include "design/load.h"
#include "design/load_internal.h"
#include "sortkey/transaction.h"

namespace sortkey::design::load_internal {
namespace {

bool listed_in(const std::vector<std::string>& list, const std::string& name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

}  // namespace

Result<std::vector<std::string>> Loader::read_names(const Node& n) const {
  std::vector<std::string> out;
  if (!n) return out;
  auto entries = list(n, kMaxAttributes);
  if (!entries) return entries.error();
  for (const Node& e : *entries) {
    auto s = name(e);
    if (!s) return s.error();
    if (listed_in(out, *s)) return fail(e, fmt::format("{} is listed twice", *s));
    out.push_back(*s);
  }
  return out;
}

Result<EntityUpdate> Loader::read_update(const std::string& update_name, const Node& n,
                                         const EntityType& e, const Design& d) const {
  if (!valid_name(update_name)) return fail(n, not_a_name(update_name));
  if (auto ok = object(n, {"set", "remove", "add", "keys"}); !ok) return ok.error();
  EntityUpdate u;
  u.name = update_name;
  std::vector<std::string> seen;
  for (const auto& [clause, out] :
       {std::pair<const char*, std::vector<std::string>*>{"set", &u.set},
        {"remove", &u.remove},
        {"add", &u.add}}) {
    const Node c = child(n, clause);
    auto names = read_names(c);
    if (!names) return names.error();
    for (std::size_t i = 0; i < names->size(); ++i) {
      const std::string& a = (*names)[i];
      const Node at = item(c, i);
      const AttributeSpec* spec = e.attribute(a);
      if (spec == nullptr) return fail(at, fmt::format("{} is not an attribute of {}", a, e.name));
      if (!spec->is_mutable) {
        return fail(at, fmt::format("{}.{} is not mutable: declare it `mutable: true` to update it",
                                    e.name, a));
      }
      if (std::string(clause) == "add" && spec->type != AttrType::kInteger) {
        return fail(at, fmt::format("ADD adds to a number, and {}.{} is {}", e.name, a,
                                    a_type(spec->type)));
      }
      if (listed_in(seen, a)) {
        return fail(at, fmt::format("{} is written twice by one update (DynamoDB: Two document "
                                    "paths overlap with each other)",
                                    a));
      }
      seen.push_back(a);
    }
    *out = std::move(*names);
  }
  if (seen.empty()) return fail(n, "sets, removes and adds nothing: name what the update writes");
  const Node k = child(n, "keys");
  auto keys = read_names(k);
  if (!keys) return keys.error();
  for (std::size_t i = 0; i < keys->size(); ++i) {
    const std::string& key = (*keys)[i];
    const auto named = [&key](const KeyTemplate& t) { return t.attribute == key; };
    if (std::none_of(e.keys.begin(), e.keys.end(), named)) {
      return fail(item(k, i), fmt::format("{} has no key template {}", e.name, key));
    }
    if (key == d.schema.partition_key.name ||
        (d.schema.sort_key && key == d.schema.sort_key->name)) {
      return fail(item(k, i), fmt::format("{} is the table's key, which an update never changes "
                                          "(DynamoDB: Cannot update attribute {}. This attribute "
                                          "is part of the key)",
                                          key, key));
    }
  }
  u.keys = std::move(*keys);
  return u;
}

Result<void> Loader::read_updates(const Node& n, EntityType& e, const Design& d) const {
  if (!n) return {};
  auto entries = members(n, kMaxPatterns);
  if (!entries) return entries.error();
  for (const auto& [update_name, un] : *entries) {
    auto u = read_update(update_name, un, e, d);
    if (!u) return u.error();
    e.updates.push_back(std::move(*u));
  }
  return {};
}

Result<Write> Loader::read_write(const std::string& write_name, const Node& n,
                                 const Design& d) const {
  if (!valid_name(write_name)) return fail(n, not_a_name(write_name));
  if (const Node t = child(n, "transaction")) {
    if (auto ok = object(n, {"transaction"}); !ok) return ok.error();
    return read_transaction(write_name, t, d);
  }
  if (auto ok = object(n, {"put", "update", "delete", "condition", "transaction"}); !ok) {
    return ok.error();
  }
  Write w;
  w.name = write_name;
  int actions = 0;
  Node target;
  for (const auto& [word, kind] : {std::pair<const char*, Write::Kind>{"put", Write::Kind::kPut},
                                   {"update", Write::Kind::kUpdate},
                                   {"delete", Write::Kind::kDelete}}) {
    if (const Node a = child(n, word)) {
      ++actions;
      w.kind = kind;
      target = a;
    }
  }
  if (actions != 1) return fail(n, "needs exactly one of put, update, delete");
  auto s = text(target);
  if (!s) return s.error();
  std::string entity = *s;
  if (w.kind == Write::Kind::kUpdate) {
    const auto dot = entity.find('.');
    if (dot == std::string::npos) {
      return fail(target, fmt::format("names Entity.update, not \"{}\"", entity));
    }
    w.update = entity.substr(dot + 1);
    entity = entity.substr(0, dot);
  }
  const EntityType* e = d.entity(entity);
  if (e == nullptr) return fail(target, fmt::format("no entity type {}", entity));
  w.entity = entity;
  if (w.kind == Write::Kind::kUpdate) {
    const auto named = [&w](const EntityUpdate& u) { return u.name == w.update; };
    if (std::none_of(e->updates.begin(), e->updates.end(), named)) {
      return fail(target, fmt::format("{} declares no update {}", entity, w.update));
    }
  }
  if (const Node c = child(n, "condition")) {
    auto cs = text(c);
    if (!cs) return cs.error();
    const bool put = w.kind == Write::Kind::kPut;
    if (*cs == "unique" && put) {
      w.condition = Write::Condition::kUnique;
    } else if (*cs == "exists" && !put) {
      w.condition = Write::Condition::kExists;
    } else {
      return fail(
          c, fmt::format("a {} takes the condition {}, not \"{}\"", put ? "put" : "write",
                         put ? "unique (attribute_not_exists)" : "exists (attribute_exists)", *cs));
    }
  } else {
    return fail(n,
                "needs a condition: a write without one is a plain PutItem, UpdateItem or "
                "DeleteItem, which the check does not prove");
  }
  return w;
}

Result<void> Loader::read_refers(const Node& r, const EntityType& e, const Design& d,
                                 TransactionAction& a) const {
  auto targets = members(r, 1);
  if (!targets) return targets.error();
  if (targets->size() != 1) return fail(r, "names one entity: {Entity: {attribute: template}}");
  const auto& [to, tn] = (*targets)[0];
  if (d.entity(to) == nullptr) return fail(tn, fmt::format("no entity type {}", to));
  a.refers_to = to;
  const std::size_t want = d.schema.sort_key ? 2 : 1;
  auto attrs = members(tn, want);
  if (!attrs) return attrs.error();
  if (attrs->size() != want) {
    return fail(tn, fmt::format("names {} attribute{}, one per attribute of the table's key "
                                "({}{}), in that order",
                                want, want == 1 ? "" : "s", d.schema.partition_key.name,
                                d.schema.sort_key ? ", " + d.schema.sort_key->name : ""));
  }
  for (const auto& [name, vn] : *attrs) {
    const std::string attr = name;  // a structured binding is not captured (clang 14)
    if (!valid_name(attr)) return fail(vn, not_a_name(attr));
    const bool key = std::any_of(e.keys.begin(), e.keys.end(),
                                 [&attr](const KeyTemplate& k) { return k.attribute == attr; });
    if (key || e.attribute(attr) != nullptr) {
      return fail(vn, fmt::format("{} is already an attribute of {}'s item", attr, e.name));
    }
    auto t = read_template(vn, &e, nullptr);
    if (!t) return t.error();
    a.refers.push_back(KeyValue{attr, std::move(*t)});
  }
  return {};
}

Result<TransactionAction> Loader::read_action(const Node& n, const Design& d) const {
  using Kind = TransactionAction::Kind;
  if (n.j == nullptr || !n.j->is_object()) {
    return fail(n,
                "an action is a map: {put: E}, {update: E.update}, {delete: E} or "
                "{condition_check: E, condition: ...}");
  }
  if (auto ok = object(n, {"put", "update", "delete", "condition_check", "condition", "refers"});
      !ok) {
    return ok.error();
  }
  TransactionAction a;
  int kinds = 0;
  Node target;
  for (const auto& [word, kind] : {std::pair<const char*, Kind>{"put", Kind::kPut},
                                   {"update", Kind::kUpdate},
                                   {"delete", Kind::kDelete},
                                   {"condition_check", Kind::kConditionCheck}}) {
    if (const Node k = child(n, word)) {
      ++kinds;
      a.kind = kind;
      target = k;
    }
  }
  if (kinds != 1) return fail(n, "needs exactly one of put, update, delete, condition_check");
  auto s = text(target);
  if (!s) return s.error();
  std::string entity = *s;
  if (a.kind == Kind::kUpdate) {
    const auto dot = entity.find('.');
    if (dot == std::string::npos) {
      return fail(target, fmt::format("names Entity.update, not \"{}\"", entity));
    }
    a.update = entity.substr(dot + 1);
    entity = entity.substr(0, dot);
  }
  const EntityType* e = d.entity(entity);
  if (e == nullptr) return fail(target, fmt::format("no entity type {}", entity));
  a.entity = entity;
  if (a.kind == Kind::kUpdate) {
    const auto named = [&a](const EntityUpdate& u) { return u.name == a.update; };
    if (std::none_of(e->updates.begin(), e->updates.end(), named)) {
      return fail(target, fmt::format("{} declares no update {}", entity, a.update));
    }
  }
  if (const Node c = child(n, "condition")) {
    auto cs = text(c);
    if (!cs) return cs.error();
    const bool put = a.kind == Kind::kPut;
    const bool check = a.kind == Kind::kConditionCheck;
    if (*cs == "unique" && (put || check)) {
      a.condition = TransactionAction::Condition::kUnique;
    } else if (*cs == "exists" && !put) {
      a.condition = TransactionAction::Condition::kExists;
    } else {
      return fail(c, fmt::format("a {} takes the condition {}, not \"{}\"",
                                 put     ? "put"
                                 : check ? "condition_check"
                                         : "write",
                                 put     ? "unique (attribute_not_exists)"
                                 : check ? "unique or exists"
                                         : "exists (attribute_exists)",
                                 *cs));
    }
  } else if (a.kind == Kind::kConditionCheck) {
    return fail(n, "a condition_check needs a condition: unique or exists");
  } else if (a.kind == Kind::kUpdate) {
    return fail(n,
                "an update needs condition: exists (attribute_exists): without it, UpdateItem "
                "creates an item of the update alone");
  }
  if (const Node r = child(n, "refers")) {
    if (a.kind != Kind::kPut) return fail(r, "only a put writes the attributes that refer");
    if (auto ok = read_refers(r, *e, d, a); !ok) return ok.error();
  }
  return a;
}

Result<Write> Loader::read_transaction(const std::string& write_name, const Node& n,
                                       const Design& d) const {
  auto entries = list(n, kMaxTransactItems);
  if (!entries) {
    if (n.j->is_array()) {
      return fail(n, fmt::format("has {} actions, more than TransactWriteItems takes ({})",
                                 n.j->size(), kMaxTransactItems));
    }
    return entries.error();
  }
  if (entries->empty()) return fail(n, "lists no action: a transaction has 1 to 100");
  Write w;
  w.name = write_name;
  w.kind = Write::Kind::kTransaction;
  for (const Node& an : *entries) {
    auto a = read_action(an, d);
    if (!a) return a.error();
    for (const TransactionAction& before : w.actions) {
      if (before.entity == a->entity) {
        return fail(an, fmt::format("writes {} twice: both actions compute one item from the "
                                    "transaction's values (DynamoDB: Transaction request cannot "
                                    "include multiple operations on one item)",
                                    a->entity));
      }
    }
    w.actions.push_back(std::move(*a));
  }
  const EntityType& subject = *d.entity(w.actions[0].entity);
  w.entity = subject.name;
  for (std::size_t i = 0; i < w.actions.size(); ++i) {
    const TransactionAction& a = w.actions[i];
    const EntityType& e = *d.entity(a.entity);
    for (const AttributeSpec& spec : e.attributes) {
      const AttributeSpec* from = subject.attribute(spec.name);
      if (from == nullptr || from->type != spec.type) {
        return fail(item(n, i),
                    fmt::format("{}.{} is not {} attribute of {}: the items of a transaction are "
                                "made of one {}'s values",
                                e.name, spec.name, from == nullptr ? "an" : a_type(spec.type),
                                subject.name, subject.name));
      }
    }
    if (!a.refers_to.empty()) {
      const auto named = [&a](const TransactionAction& o) { return o.entity == a.refers_to; };
      if (a.refers_to == a.entity || std::none_of(w.actions.begin(), w.actions.end(), named)) {
        return fail(child(item(n, i), "refers"),
                    fmt::format("refers to {}, which no other action of the transaction writes",
                                a.refers_to));
      }
    }
  }
  return w;
}

Result<void> Loader::read_writes(const Node& n, Design& d) const {
  if (!n) return {};
  auto entries = members(n, kMaxPatterns);
  if (!entries) return entries.error();
  for (const auto& [write_name, wn] : *entries) {
    auto w = read_write(write_name, wn, d);
    if (!w) return w.error();
    d.writes.push_back(std::move(*w));
  }
  return {};
}

}  // namespace sortkey::design::load_internal
