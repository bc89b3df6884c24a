#include "properties/props/transaction_props.h"

#include <fmt/format.h>

#include <optional>
#include <utility>

#include "properties/props/query_conversions.h"
#include "properties/props/query_internal.h"
#include "properties/props/query_spec.h"
#include "properties/props/update_props.h"

namespace sortkey::props {
namespace {

using oracle::NItem;
using oracle::NTxAnswer;
using oracle::NTxReason;
using oracle::NTxWrite;

std::string tx_show_writes(const std::vector<NTxWrite>& actions,
                           const std::vector<TransactWriteAction>& rendered) {
  std::string out = "TransactWriteItems [";
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const NTxWrite& a = actions[i];
    out += fmt::format("{}{} {} {}", i == 0 ? "" : "; ", oracle::naive_tx_action_name(a.kind),
                       a.table, oracle::naive_show(a.item));
    if (a.update) out += " " + oracle::naive_show(*a.update);
    if (a.condition) out += " IF " + oracle::naive_show(*a.condition);
    if (a.old_on_failure) out += " (ALL_OLD on failure)";
    if (i < rendered.size()) {
      if (rendered[i].update_expression) out += " \"" + *rendered[i].update_expression + "\"";
      if (rendered[i].condition) out += " \"" + *rendered[i].condition + "\"";
    }
  }
  return out + "]";
}

NTxReason::Code tx_naive_code(CancellationReason::Code c) {
  switch (c) {
    case CancellationReason::Code::kNone:
      return NTxReason::Code::kNone;
    case CancellationReason::Code::kConditionalCheckFailed:
      return NTxReason::Code::kConditionalCheckFailed;
    case CancellationReason::Code::kValidationError:
      return NTxReason::Code::kValidationError;
  }
  return NTxReason::Code::kNone;
}

bool tx_same_optional(const std::optional<NItem>& a, const std::optional<NItem>& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a || oracle::naive_items_equal(*a, *b);
}

std::string tx_show_optional(const std::optional<NItem>& a) {
  return a ? oracle::naive_show(*a) : std::string("none");
}

// The same items, as multisets: what is left of `b` after each item of `a`
// takes an equal one.
bool tx_same_multiset(const std::vector<NItem>& a, std::vector<NItem> b) {
  if (a.size() != b.size()) return false;
  for (const NItem& x : a) {
    bool taken = false;
    for (std::size_t i = 0; i < b.size() && !taken; ++i) {
      if (oracle::naive_items_equal(x, b[i])) {
        b.erase(b.begin() + static_cast<std::ptrdiff_t>(i));
        taken = true;
      }
    }
    if (!taken) return false;
  }
  return true;
}

std::string tx_show_items(const std::vector<NItem>& items) {
  std::string out = "[";
  for (const NItem& i : items) out += (out.size() > 1 ? ", " : "") + oracle::naive_show(i);
  return out + "]";
}

// Every item of each engine table, read whole.
Result<std::map<std::string, std::vector<NItem>>> tx_read_tables(const TableSet& engine) {
  std::map<std::string, std::vector<NItem>> out;
  for (const auto& [name, table] : engine) {
    const Table* t = table;  // a structured binding is not captured before C++20's clang 16
    auto items =
        query_internal::read_all(ScanRequest{}, [t](const ScanRequest& r) { return t->scan(r); });
    if (!items) return items.error();
    out[name] = query_internal::to_naive_all(*items);
  }
  return out;
}

std::string tx_render_projection(const std::vector<oracle::NPath>& paths,
                                 ExpressionAttributes& attributes) {
  std::string out;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    const std::string ph = fmt::format("#p{}", i);
    attributes.names[ph] = paths[i][0].name;
    out += (i == 0 ? "" : ", ") + ph;
  }
  return out;
}

Outcome tx_compare_reasons(const std::string& shown, const std::vector<NTxReason>& want,
                           const std::vector<CancellationReason>& got) {
  if (want.size() != got.size()) {
    return Outcome::fails(fmt::format("{}: {} cancellation reasons, the oracle gives {}", shown,
                                      got.size(), want.size()));
  }
  for (std::size_t i = 0; i < want.size(); ++i) {
    const std::optional<NItem> item =
        got[i].item ? std::optional<NItem>(to_naive(*got[i].item)) : std::nullopt;
    if (tx_naive_code(got[i].code) != want[i].code || !tx_same_optional(item, want[i].item)) {
      return Outcome::fails(
          fmt::format("{}: reason {} is {} with item {} (\"{}\"), the oracle's is {} with item {}",
                      shown, i, oracle::naive_tx_code_name(tx_naive_code(got[i].code)),
                      tx_show_optional(item), got[i].message,
                      oracle::naive_tx_code_name(want[i].code), tx_show_optional(want[i].item)));
    }
  }
  return Outcome::holds();
}

}  // namespace

std::vector<TransactWriteAction> render_transact_writes(const std::vector<NTxWrite>& actions,
                                                        std::uint64_t style) {
  std::vector<TransactWriteAction> out;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const NTxWrite& a = actions[i];
    TransactWriteAction r;
    r.kind = static_cast<TransactWriteAction::Kind>(a.kind);
    r.table = a.table;
    r.item = to_engine(a.item);
    if (a.update) r.update_expression = render_update(*a.update, style + i, r.attributes);
    if (a.condition) r.condition = render_filter(*a.condition, style + i, r.attributes);
    r.return_values_on_condition_check_failure =
        a.old_on_failure ? ReturnValues::kAllOld : ReturnValues::kNone;
    out.push_back(std::move(r));
  }
  return out;
}

Outcome check_same_tables(const ModelTables& model, const TableSet& engine,
                          const std::string& after) {
  auto held = tx_read_tables(engine);
  if (!held) return Outcome::fails(after + ": a Scan is rejected: " + describe(held.error()));
  for (const auto& [name, table] : model) {
    const std::vector<NItem>& got = (*held)[name];
    if (!tx_same_multiset(table->items(), got)) {
      return Outcome::fails(fmt::format("after {}: table {} holds {}, the oracle's {}", after, name,
                                        tx_show_items(got), tx_show_items(table->items())));
    }
  }
  return Outcome::holds();
}

Outcome check_transact_write(const ModelTables& model, const TableSet& engine,
                             const std::vector<NTxWrite>& actions, std::uint64_t style,
                             NTxAnswer::Verdict* verdict) {
  std::map<std::string, oracle::NaiveTable> copies;
  oracle::NTables tables;
  for (const auto& [name, table] : model) {
    auto it = copies.emplace(name, *table).first;
    tables[name] = &it->second;
  }
  const NTxAnswer want = oracle::naive_transact_write(tables, actions);
  if (verdict != nullptr) *verdict = want.verdict;
  const std::vector<TransactWriteAction> rendered = render_transact_writes(actions, style);
  const std::string shown = tx_show_writes(actions, rendered);
  auto before = tx_read_tables(engine);
  if (!before) return Outcome::fails(shown + ": a Scan is rejected: " + describe(before.error()));
  const auto got = transact_write(engine, rendered);
  if (!got) {
    if (want.verdict != NTxAnswer::Verdict::kRefused) {
      return Outcome::fails(
          fmt::format("{}: the engine refuses it ({}), the oracle {}", shown, describe(got.error()),
                      want.verdict == NTxAnswer::Verdict::kOk ? "applies it" : "cancels it"));
    }
  } else if (want.verdict == NTxAnswer::Verdict::kRefused) {
    return Outcome::fails(fmt::format("{}: the engine {} it, the oracle refuses it ({})", shown,
                                      got->cancelled ? "cancels" : "applies", want.why));
  } else if (got->cancelled != (want.verdict == NTxAnswer::Verdict::kCancelled)) {
    std::string reasons;
    for (const CancellationReason& r : got->reasons) reasons += " " + r.message;
    return Outcome::fails(fmt::format("{}: the engine {} it{}, the oracle {} it{}", shown,
                                      got->cancelled ? "cancels" : "applies", reasons,
                                      got->cancelled ? "applies" : "cancels",
                                      want.why.empty() ? "" : " (" + want.why + ")"));
  } else if (got->cancelled) {
    if (Outcome o = tx_compare_reasons(shown, want.reasons, got->reasons); !o.ok()) return o;
  }
  if (want.verdict != NTxAnswer::Verdict::kOk) {
    auto after = tx_read_tables(engine);
    if (!after) return Outcome::fails(shown + ": a Scan is rejected: " + describe(after.error()));
    for (const auto& [name, items] : *before) {
      if (!tx_same_multiset(items, (*after)[name])) {
        return Outcome::fails(
            fmt::format("{}: refused or cancelled, yet table {} changed: {} -> {}", shown, name,
                        tx_show_items(items), tx_show_items((*after)[name])));
      }
    }
  }
  ModelTables expected;
  for (const auto& [name, table] : copies) expected[name] = &table;
  return check_same_tables(expected, engine, shown);
}

Outcome check_transact_get(const ModelTables& model, const TableSet& engine,
                           const std::vector<oracle::NTxGet>& gets) {
  const oracle::NReadAnswer want = oracle::naive_transact_get(model, gets);
  std::vector<TransactGetAction> request;
  std::string shown = "TransactGetItems [";
  for (const oracle::NTxGet& g : gets) {
    TransactGetAction r;
    r.table = g.table;
    r.key = to_engine(g.key);
    if (g.projection) r.projection = tx_render_projection(*g.projection, r.attributes);
    shown +=
        fmt::format("{}{} {}{}", request.empty() ? "" : "; ", g.table, oracle::naive_show(g.key),
                    r.projection ? " \"" + *r.projection + "\"" : "");
    request.push_back(std::move(r));
  }
  shown += "]";
  const auto got = transact_get(engine, request);
  if (got.has_value() == want.refused) {
    return Outcome::fails(fmt::format("{}: the engine {}, the oracle {}", shown,
                                      got ? "answers" : "refuses it: " + describe(got.error()),
                                      want.refused ? "refuses it (" + want.why + ")" : "answers"));
  }
  if (!got) return Outcome::holds();
  if (got->size() != want.items.size()) {
    return Outcome::fails(
        fmt::format("{}: {} answers for {} Gets", shown, got->size(), gets.size()));
  }
  for (std::size_t i = 0; i < gets.size(); ++i) {
    const std::optional<NItem> item =
        (*got)[i] ? std::optional<NItem>(to_naive(*(*got)[i])) : std::nullopt;
    if (!tx_same_optional(item, want.items[i])) {
      return Outcome::fails(fmt::format("{}: Get {} answers {}, the oracle {}", shown, i,
                                        tx_show_optional(item), tx_show_optional(want.items[i])));
    }
  }
  return Outcome::holds();
}

Outcome check_batch_get(const ModelTables& model, const TableSet& engine,
                        const std::map<std::string, oracle::NBatchGetTable>& request) {
  const oracle::NBatchAnswer want = oracle::naive_batch_get(model, request);
  BatchGetRequest r;
  std::string shown = "BatchGetItem {";
  for (const auto& [name, t] : request) {
    BatchGetTableRequest& e = r[name];
    for (const NItem& k : t.keys) e.keys.push_back(to_engine(k));
    if (t.projection) e.projection = tx_render_projection(*t.projection, e.attributes);
    e.consistent_read = t.consistent;
    shown += fmt::format(" {}: {}{}", name, tx_show_items(t.keys),
                         e.projection ? " \"" + *e.projection + "\"" : "");
  }
  shown += " }";
  const auto got = batch_get(engine, r);
  if (got.has_value() == want.refused) {
    return Outcome::fails(fmt::format("{}: the engine {}, the oracle {}", shown,
                                      got ? "answers" : "refuses it: " + describe(got.error()),
                                      want.refused ? "refuses it (" + want.why + ")" : "answers"));
  }
  if (!got) return Outcome::holds();
  if (got->size() != want.responses.size()) {
    return Outcome::fails(fmt::format("{}: Responses name {} tables, the oracle's {}", shown,
                                      got->size(), want.responses.size()));
  }
  for (const auto& [name, items] : want.responses) {
    const auto it = got->find(name);
    if (it == got->end()) return Outcome::fails(shown + ": Responses leave out table " + name);
    std::vector<NItem> found;
    for (const Item& i : it->second) found.push_back(to_naive(i));
    if (!tx_same_multiset(items, found)) {
      return Outcome::fails(fmt::format("{}: table {} answers {}, the oracle {}", shown, name,
                                        tx_show_items(found), tx_show_items(items)));
    }
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
