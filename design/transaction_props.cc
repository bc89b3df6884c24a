#include "design/transaction_props.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "design/items.h"
#include "design/template.h"
#include "design/values.h"

namespace sortkey::design {
namespace {

using props::Outcome;
using Action = TransactionAction;
using Code = CancellationReason::Code;

// The table as the check expects it: to_json(primary key) -> the item.
using TableState = std::map<std::string, Item>;

std::string key_text(const Design& d, const Item& item) { return to_json(primary_key(d, item)); }

const char* kind_name(Action::Kind k) {
  switch (k) {
    case Action::Kind::kPut:
      return "Put";
    case Action::Kind::kUpdate:
      return "Update";
    case Action::Kind::kDelete:
      return "Delete";
    case Action::Kind::kConditionCheck:
      return "ConditionCheck";
  }
  return "?";
}

std::string codes_text(const std::vector<Code>& codes) {
  std::string out;
  for (Code c : codes) out += (out.empty() ? "" : ", ") + std::string(cancellation_code_name(c));
  return "[" + out + "]";
}

std::string action_text(const Write& w, std::size_t i) {
  const Action& a = w.actions[i];
  return fmt::format("{} {}{}", kind_name(a.kind), a.entity,
                     a.update.empty() ? "" : "." + a.update);
}

// Every item a Scan of the table, or of `index`, returns.
Result<std::vector<Item>> scan_every_item(Store& store, const std::string& index,
                                          std::size_t held) {
  std::vector<Item> out;
  ScanRequest r;
  r.index_name = index;
  for (int page = 0; page < max_pages_for(held); ++page) {
    auto p = store.scan(r);
    if (!p) return p.error();
    for (const StoredItem& stored : p->items) out.push_back(stored.to_item());
    if (!p->last_evaluated_key) return out;
    r.exclusive_start_key = p->last_evaluated_key;
  }
  return endless_pages(max_pages_for(held), held);
}

// The item's entry in `index` (its key attributes that the index reads),
// "" when it is not in the index.
std::string entry_of(const Design& d, const IndexDesign& index, const Item& item) {
  Item entry;
  for (const std::string& a : keys_read(d, index.schema.name)) {
    const auto it = item.find(a);
    if (it == item.end()) return {};
    entry[a] = it->second;
  }
  return to_json(entry);
}

// The differences of two multisets of texts, at most a few of each side.
std::string differences(const std::multiset<std::string>& actual,
                        const std::multiset<std::string>& wanted) {
  std::vector<std::string> extra;
  std::vector<std::string> missing;
  std::set_difference(actual.begin(), actual.end(), wanted.begin(), wanted.end(),
                      std::back_inserter(extra));
  std::set_difference(wanted.begin(), wanted.end(), actual.begin(), actual.end(),
                      std::back_inserter(missing));
  std::string out;
  constexpr std::size_t kShown = 4;
  for (std::size_t i = 0; i < missing.size() && i < kShown; ++i) {
    out += "\n      missing:    " + missing[i];
  }
  for (std::size_t i = 0; i < extra.size() && i < kShown; ++i) {
    out += "\n      unexpected: " + extra[i];
  }
  return out;
}

// The table and every index hold exactly what `state` says, each index
// entry where the templates put it.
std::optional<std::string> holds_state(Store& store, const Design& d, const TableState& state) {
  const std::size_t held = state.size() + 1;
  auto table = scan_every_item(store, "", held);
  if (!table) return "the Scan of the table is refused: " + table.error().message;
  std::multiset<std::string> actual;
  std::multiset<std::string> wanted;
  for (const Item& item : *table) actual.insert(to_json(item));
  for (const auto& [key, item] : state) wanted.insert(to_json(item));
  if (actual != wanted) {
    // An item under the key the check expects, with other attributes: name
    // them (a key attribute among them is a stale key).
    std::string stale;
    for (const Item& item : *table) {
      const auto it = state.find(key_text(d, item));
      if (it == state.end() || it->second == item) continue;
      std::set<std::string> names;
      for (const auto* side : {&item, &it->second}) {
        for (const auto& [name, value] : *side) names.insert(name);
      }
      for (const std::string& name : names) {
        const auto was = item.find(name);
        const auto should = it->second.find(name);
        if (was != item.end() && should != it->second.end() && was->second == should->second) {
          continue;
        }
        stale += fmt::format("\n      under {}: {} is {} where the templates make {}", it->first,
                             name, was == item.end() ? "absent" : to_json(was->second),
                             should == it->second.end() ? "it absent" : to_json(should->second));
      }
    }
    return "the table holds other items:" + differences(actual, wanted) + stale;
  }
  for (const IndexDesign& index : d.indexes) {
    auto in_index = scan_every_item(store, index.schema.name, held);
    if (!in_index) return "the Scan of the index is refused: " + in_index.error().message;
    actual.clear();
    wanted.clear();
    for (const Item& item : *in_index) actual.insert(entry_of(d, index, item));
    for (const auto& [key, item] : state) {
      if (std::string e = entry_of(d, index, item); !e.empty()) wanted.insert(e);
    }
    if (actual != wanted) {
      return fmt::format(
          "the index {} does not hold the items where their key templates put them (a stale "
          "or missing entry):{}",
          index.schema.name, differences(actual, wanted));
    }
  }
  return std::nullopt;
}

// One action of a transaction as sent and as the check expects it to act.
struct Planned {
  TransactWriteAction sent;
  std::string key;            // to_json(primary key)
  std::optional<Item> put;    // kPut: the item
  std::optional<Item> truth;  // kUpdate: the item the templates make of the updated entity
  const EntityUpdate* update = nullptr;
  const EntityType* type = nullptr;
};

ExpressionAttributes pk_name(const Design& d) {
  ExpressionAttributes a;
  a.names["#pk"] = d.schema.partition_key.name;
  return a;
}

std::optional<std::string> condition_of(Action::Condition c) {
  if (c == Action::Condition::kUnique) return "attribute_not_exists(#pk)";
  if (c == Action::Condition::kExists) return "attribute_exists(#pk)";
  return std::nullopt;
}

// The entity a declared update leaves of `before`.
Entity applied(const Entity& before, const DrawnUpdate& u) {
  Entity after = before;
  const EntityType& type = *before.type;
  for (std::size_t i = 0; i < type.attributes.size(); ++i) {
    const std::string& name = type.attributes[i].name;
    for (std::size_t k = 0; k < u.update->set.size(); ++k) {
      if (u.update->set[k] == name) after.values[i] = u.set_values[k];
    }
    for (std::size_t k = 0; k < u.update->add.size(); ++k) {
      if (u.update->add[k] == name) after.values[i].integer += u.deltas[k];
    }
  }
  return after;
}

// `stored`: per action, the entity the table holds under its key when it is
// not the one made of the subject (an earlier transaction updated it).
Result<std::vector<Planned>> plan(const Design& d, const Write& w, const DrawnTransaction& t,
                                  const std::vector<std::optional<Entity>>& stored = {}) {
  std::vector<Planned> out;
  for (std::size_t i = 0; i < w.actions.size(); ++i) {
    const Action& a = w.actions[i];
    const EntityType& type = *d.entity(a.entity);
    const Entity e = i < stored.size() && stored[i] ? *stored[i] : bound_entity(type, t.subject);
    PartialItem built = build_partial_item(d, e);
    if (built.item.count(d.schema.partition_key.name) == 0 ||
        (d.schema.sort_key && built.item.count(d.schema.sort_key->name) == 0)) {
      for (const auto& [key, why] : built.unbuilt) return why;
      return make_error(ErrorCode::kBadParameter, 0, show_entity(e) + ": no table key");
    }
    Planned p;
    p.type = &type;
    p.key = key_text(d, built.item);
    using Sent = TransactWriteAction::Kind;
    p.sent.kind = a.kind == Action::Kind::kPut      ? Sent::kPut
                  : a.kind == Action::Kind::kUpdate ? Sent::kUpdate
                  : a.kind == Action::Kind::kDelete ? Sent::kDelete
                                                    : Sent::kConditionCheck;
    p.sent.condition = condition_of(a.condition);
    if (p.sent.condition) p.sent.attributes = pk_name(d);
    if (a.kind == Action::Kind::kPut) {
      const Resolver r = entity_resolver(e);
      std::vector<const KeyAttribute*> table_key{&d.schema.partition_key};
      if (d.schema.sort_key) table_key.push_back(&*d.schema.sort_key);
      for (std::size_t k = 0; k < a.refers.size(); ++k) {
        auto text = render(a.refers[k].value, r);
        if (!text) {
          return make_error(text.error().code, 0,
                            fmt::format("{}: {}: {}", show_entity(e), a.refers[k].attribute,
                                        text.error().message));
        }
        const bool number = table_key[k]->type == AttributeType::kN;
        auto v =
            number ? AttributeValue::N(*text) : Result<AttributeValue>(AttributeValue::S(*text));
        if (!v) {
          return make_error(v.error().code, 0,
                            fmt::format("{}: {}: \"{}\" is not a number", show_entity(e),
                                        a.refers[k].attribute, *text));
        }
        built.item[a.refers[k].attribute] = std::move(*v);
      }
      p.sent.item = built.item;
      p.put = built.item;
    } else {
      p.sent.item = primary_key(d, built.item);
    }
    if (a.kind == Action::Kind::kUpdate) {
      DrawnUpdate u = t.updates.at(i);
      Item truth;
      UpdateItemRequest r = declared_update_request(d, e, u, &truth);
      p.sent.update_expression = r.update_expression;
      p.sent.attributes = r.attributes;
      p.sent.condition = condition_of(a.condition);
      if (!p.sent.condition) p.sent.attributes.names.erase("#pk");
      p.truth = std::move(truth);
      p.update = u.update;
    }
    out.push_back(std::move(p));
  }
  return out;
}

// The item an update leaves: `old` with every attribute and key of the
// entity as the templates make it of the updated entity (absent when they
// no longer make it); other attributes kept.
Item updated(const Item& old, const Planned& p) {
  Item out = old;
  std::vector<std::string> owned;
  for (const AttributeSpec& a : p.type->attributes) owned.push_back(a.name);
  for (const KeyTemplate& k : p.type->keys) owned.push_back(k.attribute);
  for (const std::string& a : owned) {
    const auto it = p.truth->find(a);
    if (it == p.truth->end()) {
      out.erase(a);
    } else {
      out[a] = it->second;
    }
  }
  return out;
}

struct Expected {
  std::vector<Code> reasons;  // empty: it commits
  TableState after;
};

// What DynamoDB does with the transaction on the table `before` holds: the
// conditions are read on the items as it finds them (reference §4 rule 6).
Expected expect(const Write& w, const std::vector<Planned>& plan, const TableState& before) {
  Expected out;
  bool cancelled = false;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const bool present = before.count(plan[i].key) != 0;
    const Action::Condition c = w.actions[i].condition;
    const bool failed = (c == Action::Condition::kUnique && present) ||
                        (c == Action::Condition::kExists && !present);
    cancelled = cancelled || failed;
    out.reasons.push_back(failed ? Code::kConditionalCheckFailed : Code::kNone);
  }
  out.after = before;
  if (cancelled) return out;
  out.reasons.clear();
  for (const Planned& p : plan) {
    switch (p.sent.kind) {
      case TransactWriteAction::Kind::kPut:
        out.after[p.key] = *p.put;
        break;
      case TransactWriteAction::Kind::kUpdate: {
        const auto it = out.after.find(p.key);
        out.after[p.key] = updated(it == out.after.end() ? p.sent.item : it->second, p);
        break;
      }
      case TransactWriteAction::Kind::kDelete:
        out.after.erase(p.key);
        break;
      case TransactWriteAction::Kind::kConditionCheck:
        break;
    }
  }
  return out;
}

std::string sent_text(const Write& w, const std::vector<Planned>& plan) {
  std::string out;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const TransactWriteAction& a = plan[i].sent;
    out += fmt::format(
        "\n      {}: {} {}{}{}", i, action_text(w, i), to_json(a.item),
        a.update_expression ? fmt::format(", \"{}\"", *a.update_expression) : "",
        a.condition ? fmt::format(", ConditionExpression \"{}\"", *a.condition) : std::string());
  }
  return out;
}

// Sends the transaction and holds the answer and the table to `want`.
std::optional<std::string> run(Store& store, const Design& d, const Write& w,
                               const std::vector<Planned>& plan, const Expected& want,
                               const std::string& which) {
  std::vector<TransactWriteAction> actions;
  for (const Planned& p : plan) actions.push_back(p.sent);
  auto answer = store.transact_write(actions);
  const std::string sent = "  TransactWriteItems:" + sent_text(w, plan);
  if (!answer) {
    return fmt::format("the {} transaction is refused: {}\n{}", which, answer.error().message,
                       sent);
  }
  std::vector<Code> got;
  for (const CancellationReason& r : answer->reasons) got.push_back(r.code);
  if (answer->cancelled != !want.reasons.empty() || got != want.reasons) {
    return fmt::format(
        "the {} transaction is {} where its conditions, read on the items it finds, {}\n{}", which,
        answer->cancelled ? "cancelled with the reasons " + codes_text(got) : "committed",
        want.reasons.empty() ? "all hold: it must commit"
                             : "cancel it with the reasons " + codes_text(want.reasons),
        sent);
  }
  if (auto wrong = holds_state(store, d, want.after)) {
    return fmt::format("after the {} transaction ({}), {}\n{}", which,
                       answer->cancelled ? "cancelled: it must change nothing" : "committed",
                       *wrong, sent);
  }
  return std::nullopt;
}

// Whether a `refers` attribute holds another key than the item it names:
// the failure's words, or nullopt when the keys agree as declared.
std::optional<std::string> keys_disagree(const Design& d, const Write& w,
                                         const std::vector<Planned>& one,
                                         const DrawnTransaction& first) {
  for (std::size_t i = 0; i < w.actions.size(); ++i) {
    const Action& a = w.actions[i];
    if (a.refers_to.empty()) continue;
    std::size_t to = 0;
    while (w.actions[to].entity != a.refers_to) ++to;
    const Item& target = one[to].sent.item;  // a put's item, or the key of another action
    std::vector<std::string> key_names{d.schema.partition_key.name};
    if (d.schema.sort_key) key_names.push_back(d.schema.sort_key->name);
    for (std::size_t k = 0; k < a.refers.size(); ++k) {
      const AttributeValue& held = one[i].put->at(a.refers[k].attribute);
      const AttributeValue& key = target.at(key_names[k]);
      if (held == key) continue;
      return fmt::format(
          "the write {}: the {} item refers to its {} by {} = {}, but the {} written with it has "
          "{} = {}: the templates of `refers` and {}'s key templates disagree, and the lookup "
          "finds no item\n  subject: {}\n  TransactWriteItems:{}",
          w.name, a.entity, a.refers_to, a.refers[k].attribute, to_json(held), a.refers_to,
          key_names[k], to_json(key), a.refers_to, show_entity(first.subject), sent_text(w, one));
    }
  }
  return std::nullopt;
}

// A committed second transaction for another subject that replaced an item
// the first wrote with another one: the failure's words.
std::optional<std::string> replaced(const Write& w, const std::vector<Planned>& one,
                                    const std::vector<Planned>& two, const Entity& first,
                                    const Entity& second) {
  for (std::size_t i = 0; i < two.size(); ++i) {
    const Planned& p = two[i];
    if (!p.put) continue;
    for (const Planned& q : one) {
      if (q.put && q.key == p.key && !(*q.put == *p.put)) {
        return fmt::format(
            "the write {}: the second transaction, for another {}, replaces the {} item the "
            "first wrote under {}\n      was: {}\n      now: {}\n  so two {}s share one {} "
            "item: put it with condition: unique (attribute_not_exists), which cancels the "
            "second transaction\n  first subject:  {}\n  second subject: {}",
            w.name, w.entity, w.actions[i].entity, p.key, to_json(*q.put), to_json(*p.put),
            w.entity, w.actions[i].entity, show_entity(first), show_entity(second));
      }
    }
  }
  return std::nullopt;
}

}  // namespace

Entity bound_entity(const EntityType& type, const Entity& subject) {
  Entity e{&type, {}};
  for (const AttributeSpec& a : type.attributes) e.values.push_back(*subject.value(a.name));
  return e;
}

Result<std::vector<TransactWriteAction>> transaction_actions(
    const Design& design, const Write& w, const DrawnTransaction& t,
    std::vector<std::optional<Item>>* items) {
  auto planned = plan(design, w, t);
  if (!planned) return planned.error();
  std::vector<TransactWriteAction> out;
  for (const Planned& p : *planned) {
    out.push_back(p.sent);
    if (items != nullptr) {
      items->push_back(p.put     ? p.put
                       : p.truth ? std::optional<Item>(updated(p.sent.item, p))
                                 : std::nullopt);
    }
  }
  return out;
}

Outcome transaction_writes(StoreSource& stores, const Design& design, const Write& w,
                           const Population& stored, const DrawnTransaction& first,
                           const DrawnTransaction& second) {
  auto one = plan(design, w, first);
  if (!one) return Outcome::holds();  // an item that does not build: items/build's failure
  // The second transaction updates what the first left under a key they share.
  auto two = plan(design, w, second);
  if (!two) return Outcome::holds();
  std::vector<std::optional<Entity>> left(w.actions.size());
  for (std::size_t i = 0; i < w.actions.size(); ++i) {
    if (w.actions[i].kind == Action::Kind::kUpdate && (*one)[i].key == (*two)[i].key) {
      left[i] = applied(bound_entity(*(*one)[i].type, first.subject), first.updates[i]);
    }
  }
  two = plan(design, w, second, left);
  if (!two) return Outcome::holds();
  if (auto wrong = keys_disagree(design, w, *one, first)) return Outcome::fails(*wrong);
  // The stored population, without an item under a key either transaction
  // writes (keys/unique tells those apart), and the items the first one's
  // conditions `exists` need.
  std::set<std::string> written;
  for (const auto* p : {&*one, &*two}) {
    for (const Planned& action : *p) written.insert(action.key);
  }
  Population kept;
  for (const Entity& e : stored) {
    const PartialItem item = build_partial_item(design, e);
    if (item.item.count(design.schema.partition_key.name) == 0 ||
        (design.schema.sort_key && item.item.count(design.schema.sort_key->name) == 0)) {
      continue;
    }
    if (written.count(key_text(design, item.item)) == 0) kept.push_back(e);
  }
  for (std::size_t i = 0; i < w.actions.size(); ++i) {
    if (w.actions[i].condition == Action::Condition::kExists) {
      kept.push_back(bound_entity(*(*one)[i].type, first.subject));
    }
  }
  auto opened = open_loaded(stores, design, kept);
  if (!opened) return Outcome::fails("the items cannot be built: " + opened.error().message);
  Store& store = *opened->store;
  auto now = scan_every_item(store, "", opened->loaded.items.size() + 1);
  if (!now) return Outcome::fails("the Scan of the table is refused: " + now.error().message);
  TableState state;
  for (Item& item : *now) state[key_text(design, item)] = std::move(item);

  const Expected want_one = expect(w, *one, state);
  if (!want_one.reasons.empty()) {
    return Outcome::fails(fmt::format(
        "the write {} cannot commit on a table that holds what its conditions need: its "
        "conditions cancel it with the reasons {}\n  subject: {}\n  TransactWriteItems:{}",
        w.name, codes_text(want_one.reasons), show_entity(first.subject), sent_text(w, *one)));
  }
  if (auto wrong = run(store, design, w, *one, want_one, "first")) {
    return Outcome::fails(
        fmt::format("the write {}: {}\n  subject: {}", w.name, *wrong, show_entity(first.subject)));
  }
  const Expected want_two = expect(w, *two, want_one.after);
  if (auto wrong = run(store, design, w, *two, want_two, "second")) {
    return Outcome::fails(
        fmt::format("the write {}: {}\n  first subject:  {}\n  second subject: {}", w.name, *wrong,
                    show_entity(first.subject), show_entity(second.subject)));
  }
  // A committed second transaction for another subject never replaces an
  // item the first wrote with another one: that is a uniqueness the
  // design's conditions do not hold.
  if (!want_two.reasons.empty() || same_entity(first.subject, second.subject)) {
    return Outcome::holds();
  }
  if (auto wrong = replaced(w, *one, *two, first.subject, second.subject)) {
    return Outcome::fails(*wrong);
  }
  return Outcome::holds();
}

}  // namespace sortkey::design
