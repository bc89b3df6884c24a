// The design loader's writes: an entity's `updates:` (what an UpdateItem of
// it sets, removes, adds to, and which derived keys it rewrites) and the
// design's `writes:` (conditional puts, updates and deletes, proven like
// patterns). A transaction is refused until the model has TransactWriteItems.
#include <fmt/format.h>

#include <algorithm>

#include "design/load.h"
#include "design/load_internal.h"

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
    return fail(t,
                "a transaction (TransactWriteItems) is not supported yet: declare each write "
                "on its own");
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
