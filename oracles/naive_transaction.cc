#include "oracles/naive_transaction.h"

#include <cstddef>
#include <utility>

namespace sortkey::oracle {
namespace {

constexpr std::size_t kMaxActions = 100;

using WKind = NTxWrite::Kind;

NTxAnswer tx_refused(std::string why) {
  NTxAnswer a;
  a.verdict = NTxAnswer::Verdict::kRefused;
  a.why = std::move(why);
  return a;
}

// The item an action targets, as a key: a Put's table key attributes, the
// key itself otherwise.
NItem target_key(const NaiveTable& table, const NTxWrite& a) {
  return a.kind == WKind::kPut ? naive_table_key(table.schema(), a.item) : a.item;
}

bool same_item(const std::string& ta, const NItem& a, const std::string& tb, const NItem& b) {
  return ta == tb && naive_items_equal(a, b);
}

// What refuses the request before any item is read, or "".
std::string tx_request_refusal(const NTables& tables, const NTxWrite& a) {
  const auto it = tables.find(a.table);
  if (it == tables.end()) return "a table not named";
  if (a.kind == WKind::kUpdate && !a.update) return "an Update without an UpdateExpression";
  if (a.kind != WKind::kUpdate && a.update) return "an UpdateExpression outside an Update";
  if (a.kind == WKind::kConditionCheck && !a.condition) {
    return "a ConditionCheck without a ConditionExpression";
  }
  if (a.update) {
    if (std::string why = naive_update_refusal(*a.update); !why.empty()) return why;
  }
  if (a.condition) {
    if (std::string why = naive_refusal(*a.condition); !why.empty()) return why;
  }
  if (a.update) {
    for (const NUpdAction& u : a.update->actions) {
      for (const NKey& k : naive_table_keys(it->second->schema())) {
        if (u.path[0].name == k.name) return "a table key attribute updated";
      }
    }
  }
  return "";
}

// An action run alone on a copy of its table: its reason, and the item it
// leaves under its key (`*after`, nullopt for none) when it passes.
NTxReason run_alone(NaiveTable copy, const NTxWrite& a, std::optional<NItem>* after,
                    std::string* why) {
  NTxReason r;
  auto invalid = [&r, why](std::string rule) {
    r.code = NTxReason::Code::kValidationError;
    *why = std::move(rule);
    return r;
  };
  auto failed = [&r, &a](const std::optional<NItem>& found) {
    r.code = NTxReason::Code::kConditionalCheckFailed;
    if (a.old_on_failure) r.item = found;
    return r;
  };
  const NItem key = target_key(copy, a);
  if (a.kind != WKind::kPut && !naive_key_ok(copy, key)) return invalid("a bad key");
  const std::optional<NItem> found = copy.get(key);
  switch (a.kind) {
    case WKind::kPut:
      if (!copy.can_put(a.item)) return invalid("an item the table refuses");
      if (a.condition && !naive_eval(*a.condition, found.value_or(NItem{}))) return failed(found);
      *after = a.item;
      return r;
    case WKind::kUpdate: {
      NUpdateRequest u;
      u.key = key;
      u.update = a.update;
      u.condition = a.condition;
      u.old_on_failure = a.old_on_failure;
      const NWriteAnswer w = naive_update_item(copy, u);
      if (w.verdict == NWriteAnswer::Verdict::kRefused) return invalid(w.why);
      if (w.verdict == NWriteAnswer::Verdict::kConditionFailed) return failed(found);
      *after = copy.get(key);
      return r;
    }
    case WKind::kDelete:
    case WKind::kConditionCheck:
      if (a.condition && !naive_eval(*a.condition, found.value_or(NItem{}))) return failed(found);
      *after = std::nullopt;
      return r;
  }
  return r;
}

}  // namespace

const char* naive_tx_action_name(NTxWrite::Kind kind) {
  switch (kind) {
    case NTxWrite::Kind::kPut:
      return "Put";
    case NTxWrite::Kind::kUpdate:
      return "Update";
    case NTxWrite::Kind::kDelete:
      return "Delete";
    case NTxWrite::Kind::kConditionCheck:
      return "ConditionCheck";
  }
  return "?";
}

const char* naive_tx_code_name(NTxReason::Code code) {
  switch (code) {
    case NTxReason::Code::kNone:
      return "None";
    case NTxReason::Code::kConditionalCheckFailed:
      return "ConditionalCheckFailed";
    case NTxReason::Code::kValidationError:
      return "ValidationError";
  }
  return "?";
}

bool naive_key_ok(const NaiveTable& table, const NItem& key) {
  const std::vector<NKey> keys = naive_table_keys(table.schema());
  if (key.size() != keys.size()) return false;
  for (const NKey& k : keys) {
    const NValue* v = naive_get(key, k.name);
    if (v == nullptr || v->t != k.type) return false;
  }
  // can_put checks the key's emptiness and sizes; a key holds no other attribute.
  return table.can_put(key);
}

NTxAnswer naive_transact_write(const NTables& tables, const std::vector<NTxWrite>& actions) {
  if (actions.empty()) return tx_refused("no action");
  if (actions.size() > kMaxActions) return tx_refused("more than 100 actions");
  for (const NTxWrite& a : actions) {
    if (std::string why = tx_request_refusal(tables, a); !why.empty()) return tx_refused(why);
  }
  for (std::size_t i = 0; i < actions.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      const NItem ki = target_key(*tables.at(actions[i].table), actions[i]);
      const NItem kj = target_key(*tables.at(actions[j].table), actions[j]);
      if (same_item(actions[i].table, ki, actions[j].table, kj)) {
        return tx_refused("two actions on one item");
      }
    }
  }
  std::vector<NTxReason> reasons;
  std::vector<std::optional<NItem>> afters(actions.size());
  std::string why;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    reasons.push_back(run_alone(*tables.at(actions[i].table), actions[i], &afters[i], &why));
  }
  NTxAnswer out;
  for (std::size_t i = 0; i < reasons.size(); ++i) {
    if (reasons[i].code != NTxReason::Code::kValidationError) continue;
    out.verdict = NTxAnswer::Verdict::kCancelled;
    out.reasons.assign(reasons.size(), NTxReason{});
    out.reasons[i] = reasons[i];
    out.why = why;
    return out;
  }
  for (const NTxReason& r : reasons) {
    if (r.code != NTxReason::Code::kNone) out.verdict = NTxAnswer::Verdict::kCancelled;
  }
  if (out.verdict == NTxAnswer::Verdict::kCancelled) {
    out.reasons = std::move(reasons);
    return out;
  }
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const NTxWrite& a = actions[i];
    if (a.kind == WKind::kConditionCheck) continue;
    NaiveTable& table = *tables.at(a.table);
    if (afters[i]) {
      table.put(*afters[i]);
    } else {
      table.erase(target_key(table, a));
    }
  }
  return out;
}

NReadAnswer naive_transact_get(const NReadTables& tables, const std::vector<NTxGet>& gets) {
  NReadAnswer out;
  auto refuse = [&out](std::string why) {
    out.refused = true;
    out.why = std::move(why);
    return out;
  };
  if (gets.empty()) return refuse("no Get");
  if (gets.size() > kMaxActions) return refuse("more than 100 Gets");
  for (const NTxGet& g : gets) {
    const auto it = tables.find(g.table);
    if (it == tables.end()) return refuse("a table not named");
    if (!naive_key_ok(*it->second, g.key)) return refuse("a bad key");
  }
  for (std::size_t i = 0; i < gets.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (same_item(gets[i].table, gets[i].key, gets[j].table, gets[j].key)) {
        return refuse("two Gets of one item");
      }
    }
  }
  for (const NTxGet& g : gets) {
    std::optional<NItem> item = tables.at(g.table)->get(g.key);
    if (item && g.projection) item = naive_project(*item, *g.projection);
    out.items.push_back(std::move(item));
  }
  return out;
}

NBatchAnswer naive_batch_get(const NReadTables& tables,
                             const std::map<std::string, NBatchGetTable>& request) {
  NBatchAnswer out;
  auto refuse = [&out](std::string why) {
    out.refused = true;
    out.why = std::move(why);
    return out;
  };
  if (request.empty()) return refuse("no table");
  std::size_t total = 0;
  for (const auto& [name, r] : request) {
    if (tables.find(name) == tables.end()) return refuse("a table not named");
    if (r.keys.empty() || r.keys.size() > kMaxActions) return refuse("0 or over 100 keys a table");
    total += r.keys.size();
  }
  if (total > kMaxActions) return refuse("over 100 keys in all");
  for (const auto& [name, r] : request) {
    for (std::size_t i = 0; i < r.keys.size(); ++i) {
      if (!naive_key_ok(*tables.at(name), r.keys[i])) return refuse("a bad key");
      for (std::size_t j = 0; j < i; ++j) {
        if (naive_items_equal(r.keys[i], r.keys[j])) return refuse("a key twice");
      }
    }
  }
  for (const auto& [name, r] : request) {
    std::vector<NItem>& found = out.responses[name];
    for (const NItem& key : r.keys) {
      std::optional<NItem> item = tables.at(name)->get(key);
      if (!item) continue;
      found.push_back(r.projection ? naive_project(*item, *r.projection) : *item);
    }
  }
  return out;
}

}  // namespace sortkey::oracle
