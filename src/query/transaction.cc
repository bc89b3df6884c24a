// transact_write, transact_get and batch_get (sortkey/transaction.h), on the
// tables' public operations and the single-item requests only: each write
// action is evaluated by the single-item request itself (put_if,
// update_item, delete_item) on a scratch table of the same schema holding
// only the item the action targets, so an action means exactly what the
// request alone means, and the real tables are written only once every
// action has passed.

#include "sortkey/transaction.h"

#include <fmt/format.h>

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace sortkey {
namespace {

using Kind = TransactWriteAction::Kind;

Error tx_invalid(std::string message) {
  return make_error(ErrorCode::kBadParameter, 0, std::move(message));
}

Error tx_duplicate_items() {
  return tx_invalid("Transaction request cannot include multiple operations on one item");
}

// The table key attributes `item` holds.
Item tx_key_of(const TableSchema& schema, const Item& item) {
  Item key;
  for (const std::string* name :
       {&schema.partition_key.name, schema.sort_key ? &schema.sort_key->name : nullptr}) {
    if (name == nullptr) continue;
    if (auto it = item.find(*name); it != item.end()) key.insert(*it);
  }
  return key;
}

// One item, one text: the table's name and the key, its Numbers normalized
// (so 1000 and 1e3 name one item).
std::string tx_identity(const std::string& table, const Item& key) {
  return table + '\0' + to_json(key);
}

Result<Table*> tx_table(const TableSet& tables, const std::string& name) {
  const auto it = tables.find(name);
  if (it == tables.end() || it->second == nullptr) {
    return tx_invalid(fmt::format("Requested resource not found: Table: {} not found", name));
  }
  return it->second;
}

Result<void> tx_count(std::size_t n, std::string_view parameter) {
  if (n == 0) {
    return make_error(ErrorCode::kOutOfRange, 0,
                      fmt::format("1 validation error detected: Value '[]' at '{}' failed to "
                                  "satisfy constraint: Member must have length greater than or "
                                  "equal to 1",
                                  parameter));
  }
  if (n > kMaxTransactItems) {
    return make_error(ErrorCode::kOutOfRange, 0,
                      fmt::format("1 validation error detected: Value at '{}' failed to satisfy "
                                  "constraint: Member must have length less than or equal to 100",
                                  parameter));
  }
  return {};
}

Error tx_missing(std::size_t i, std::string_view member) {
  return tx_invalid(
      fmt::format("1 validation error detected: Value null at 'transactItems.{}.member.{}' failed "
                  "to satisfy constraint: Member must not be null",
                  i + 1, member));
}

// Step 2 of the header: what refuses the whole request before any item is read.
Result<void> validate_action(const TableSet& tables, const TransactWriteAction& a, std::size_t i) {
  auto table = tx_table(tables, a.table);
  if (!table) return table.error();
  if (a.kind == Kind::kUpdate && !a.update_expression) {
    return tx_missing(i, "update.updateExpression");
  }
  if (a.kind != Kind::kUpdate && a.update_expression) {
    return tx_invalid("UpdateExpression is a parameter of an Update action only");
  }
  if (a.kind == Kind::kConditionCheck && !a.condition) {
    return tx_missing(i, "conditionCheck.conditionExpression");
  }
  ExpressionUses uses;
  std::optional<UpdateExpression> update;
  if (a.update_expression) {
    auto u = parse_update(*a.update_expression, a.attributes, &uses);
    if (!u) return u.error();
    update = std::move(*u);
  }
  if (a.condition) {
    auto c = parse_condition(*a.condition, ExpressionKind::kCondition, a.attributes, &uses);
    if (!c) return c.error();
  }
  if (auto ok = check_all_used(a.attributes, uses); !ok) return ok.error();
  const ReturnValues r = a.return_values_on_condition_check_failure;
  if (r != ReturnValues::kNone && r != ReturnValues::kAllOld) {
    return tx_invalid(
        "1 validation error detected: Value at 'returnValuesOnConditionCheckFailure' failed to "
        "satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]");
  }
  if (update) {
    const TableSchema& schema = (*table)->schema();
    for (const UpdateAction& u : update->actions) {
      const std::string& top = u.path[0].name;
      if (top == schema.partition_key.name || (schema.sort_key && top == schema.sort_key->name)) {
        return tx_invalid(fmt::format(
            "One or more parameter values were invalid: Cannot update attribute {}. This "
            "attribute is part of the key",
            top));
      }
    }
  }
  return {};
}

// An action evaluated against the item the transaction found.
struct Evaluated {
  CancellationReason reason;
  Item key;
  std::optional<Item> before;  // the item found
  std::optional<Item> after;   // the item the action leaves (writes only)
  bool writes = false;
};

CancellationReason condition_failed(const TransactWriteAction& a, std::optional<Item> found) {
  CancellationReason r;
  r.code = CancellationReason::Code::kConditionalCheckFailed;
  r.message = "The conditional request failed";
  if (a.return_values_on_condition_check_failure == ReturnValues::kAllOld)
    r.item = std::move(found);
  return r;
}

// Steps 4 and 5 of the header for one action, which step 2 accepted: its
// verdict and what it would write, the table left as it is.
Result<Evaluated> evaluate_action(const Table& table, const TransactWriteAction& a) {
  Evaluated e;
  auto refuse = [&e](const Error& error) {
    e.reason.code = CancellationReason::Code::kValidationError;
    e.reason.message = error.message;
    return e;
  };
  e.key = a.kind == Kind::kPut ? tx_key_of(table.schema(), a.item) : a.item;
  auto held = table.get(e.key);
  // A Put's item with a bad key is refused by put() below, with its message.
  if (!held && a.kind != Kind::kPut) return refuse(held.error());
  if (held) e.before = std::move(*held);
  auto scratch = Table::create(table.schema());
  if (!scratch) return scratch.error();
  if (e.before) {
    if (auto ok = scratch->put(*e.before); !ok) return ok.error();
  }
  switch (a.kind) {
    case Kind::kPut: {
      if (a.condition) {
        auto written = put_if(*scratch, a.item, *a.condition, a.attributes);
        if (!written) return refuse(written.error());
        if (!*written) e.reason = condition_failed(a, e.before);
      } else if (auto ok = scratch->put(a.item); !ok) {
        return refuse(ok.error());
      }
      e.writes = true;
      break;
    }
    case Kind::kUpdate: {
      UpdateItemRequest r;
      r.key = a.item;
      r.update_expression = a.update_expression;
      r.condition = a.condition;
      r.attributes = a.attributes;
      r.return_values_on_condition_check_failure = a.return_values_on_condition_check_failure;
      auto out = update_item(*scratch, r);
      if (!out) return refuse(out.error());
      if (out->condition_failed) e.reason = condition_failed(a, out->attributes);
      e.writes = true;
      break;
    }
    case Kind::kDelete:
    case Kind::kConditionCheck: {
      DeleteItemRequest r;
      r.key = a.item;
      r.condition = a.condition;
      r.attributes = a.attributes;
      r.return_values_on_condition_check_failure = a.return_values_on_condition_check_failure;
      auto out = delete_item(*scratch, r);
      if (!out) return refuse(out.error());
      if (out->condition_failed) e.reason = condition_failed(a, out->attributes);
      e.writes = a.kind == Kind::kDelete;
      break;
    }
  }
  if (e.writes && e.reason.code == CancellationReason::Code::kNone) {
    auto after = scratch->get(e.key);
    if (!after) return after.error();
    e.after = std::move(*after);
  }
  return e;
}

// Writes `item` (nullopt: none) under `key`.
Result<void> tx_write(Table& table, const Item& key, const std::optional<Item>& item) {
  if (item) return table.put(*item);
  auto gone = table.delete_item(key);
  if (!gone) return gone.error();
  return {};
}

// Step 6: every write, or, should one fail, none (those done are undone).
Result<void> commit(const TableSet& tables, const std::vector<TransactWriteAction>& actions,
                    const std::vector<Evaluated>& evaluated) {
  for (std::size_t i = 0; i < actions.size(); ++i) {
    if (!evaluated[i].writes) continue;
    Table& table = *tables.find(actions[i].table)->second;
    if (auto ok = tx_write(table, evaluated[i].key, evaluated[i].after); !ok) {
      for (std::size_t j = 0; j < i; ++j) {
        if (!evaluated[j].writes) continue;
        Table& done = *tables.find(actions[j].table)->second;
        (void)tx_write(done, evaluated[j].key, evaluated[j].before);
      }
      return ok.error();
    }
  }
  return {};
}

// A read's projection: the paths, or nullopt for whole items. Errors: the
// projection's and names it does not use (a value is never used).
Result<std::optional<std::vector<DocumentPath>>> read_paths(
    const std::optional<std::string>& projection, const ExpressionAttributes& attributes) {
  ExpressionUses uses;
  std::optional<std::vector<DocumentPath>> paths;
  if (projection) {
    auto p = parse_projection(*projection, attributes, &uses);
    if (!p) return p.error();
    paths = std::move(*p);
  }
  if (auto ok = check_all_used(attributes, uses); !ok) return ok.error();
  return paths;
}

Item projected(Item item, const std::optional<std::vector<DocumentPath>>& paths) {
  if (!paths) return item;
  return project_paths(item, *paths);
}

}  // namespace

std::string_view cancellation_code_name(CancellationReason::Code code) {
  switch (code) {
    case CancellationReason::Code::kNone:
      return "None";
    case CancellationReason::Code::kConditionalCheckFailed:
      return "ConditionalCheckFailed";
    case CancellationReason::Code::kValidationError:
      break;
  }
  return "ValidationError";
}

Result<TransactWriteOutcome> transact_write(const TableSet& tables,
                                            const std::vector<TransactWriteAction>& actions) {
  if (actions.empty()) return tx_count(0, "TransactItems").error_as<TransactWriteOutcome>();
  if (auto ok = tx_count(actions.size(), "transactItems"); !ok) return ok.error();
  for (std::size_t i = 0; i < actions.size(); ++i) {
    if (auto ok = validate_action(tables, actions[i], i); !ok) return ok.error();
  }
  std::set<std::string> items;
  for (const TransactWriteAction& a : actions) {
    const Table& table = *tables.find(a.table)->second;
    const Item key = a.kind == Kind::kPut ? tx_key_of(table.schema(), a.item) : a.item;
    if (!items.insert(tx_identity(a.table, key)).second) return tx_duplicate_items();
  }
  std::vector<Evaluated> evaluated;
  for (const TransactWriteAction& a : actions) {
    auto e = evaluate_action(*tables.find(a.table)->second, a);
    if (!e) return e.error();
    evaluated.push_back(std::move(*e));
  }
  TransactWriteOutcome out;
  // The first action an item-level error refuses is the only reason given.
  for (std::size_t i = 0; i < evaluated.size(); ++i) {
    if (evaluated[i].reason.code != CancellationReason::Code::kValidationError) continue;
    out.cancelled = true;
    out.reasons.resize(evaluated.size());
    out.reasons[i] = evaluated[i].reason;
    return out;
  }
  for (const Evaluated& e : evaluated) {
    out.cancelled = out.cancelled || e.reason.code != CancellationReason::Code::kNone;
  }
  if (out.cancelled) {
    for (Evaluated& e : evaluated) out.reasons.push_back(std::move(e.reason));
    return out;
  }
  if (auto ok = commit(tables, actions, evaluated); !ok) return ok.error();
  return out;
}

Result<std::vector<std::optional<Item>>> transact_get(const TableSet& tables,
                                                      const std::vector<TransactGetAction>& gets) {
  using Out = std::vector<std::optional<Item>>;
  if (gets.empty()) return tx_count(0, "TransactItems").error_as<Out>();
  if (auto ok = tx_count(gets.size(), "transactItems"); !ok) return ok.error();
  std::vector<std::optional<std::vector<DocumentPath>>> paths;
  std::set<std::string> items;
  for (const TransactGetAction& g : gets) {
    auto table = tx_table(tables, g.table);
    if (!table) return table.error();
    auto p = read_paths(g.projection, g.attributes);
    if (!p) return p.error();
    paths.push_back(std::move(*p));
    if (auto held = (*table)->get(g.key); !held) return held.error();
  }
  for (const TransactGetAction& g : gets) {
    if (!items.insert(tx_identity(g.table, g.key)).second) return tx_duplicate_items();
  }
  Out out;
  for (std::size_t i = 0; i < gets.size(); ++i) {
    auto held = tables.find(gets[i].table)->second->get(gets[i].key);
    if (!held) return held.error();
    if (*held) {
      out.emplace_back(projected(std::move(**held), paths[i]));
    } else {
      out.emplace_back();
    }
  }
  return out;
}

Result<BatchGetResponses> batch_get(const TableSet& tables, const BatchGetRequest& request) {
  if (request.empty()) {
    return tx_invalid(
        "1 validation error detected: Value '{}' at 'requestItems' failed to satisfy constraint: "
        "Member must have length greater than or equal to 1");
  }
  std::size_t total = 0;
  for (const auto& [name, r] : request) {
    if (auto table = tx_table(tables, name); !table) return table.error();
    if (r.keys.empty() || r.keys.size() > kMaxBatchGetKeys) {
      return make_error(
          ErrorCode::kOutOfRange, 0,
          fmt::format("1 validation error detected: Value at 'requestItems.{}.member.keys' failed "
                      "to satisfy constraint: Member must have length {}",
                      name,
                      r.keys.empty() ? "greater than or equal to 1" : "less than or equal to 100"));
    }
    total += r.keys.size();
  }
  if (total > kMaxBatchGetKeys) {
    return make_error(ErrorCode::kOutOfRange, 0,
                      "Too many items requested for the BatchGetItem call");
  }
  std::map<std::string, std::optional<std::vector<DocumentPath>>, std::less<>> paths;
  for (const auto& [name, r] : request) {
    auto p = read_paths(r.projection, r.attributes);
    if (!p) return p.error();
    paths.emplace(name, std::move(*p));
  }
  for (const auto& [name, r] : request) {
    const Table& table = *tables.find(name)->second;
    std::set<std::string> keys;
    for (const Item& key : r.keys) {
      if (auto held = table.get(key); !held) return held.error();
      if (!keys.insert(to_json(key)).second) {
        return tx_invalid("Provided list of item keys contains duplicates");
      }
    }
  }
  BatchGetResponses out;
  for (const auto& [name, r] : request) {
    std::vector<Item>& found = out[name];
    for (const Item& key : r.keys) {
      auto held = tables.find(name)->second->get(key);
      if (!held) return held.error();
      if (*held) found.push_back(projected(std::move(**held), paths.find(name)->second));
    }
  }
  return out;
}

}  // namespace sortkey
