// The workload's transactions (workload.h, transaction_request.h):
// TransactWriteItems, TransactGetItems and BatchGetItem over one or two
// tables, each answer held to the oracle's, the items a write touches read
// back, and the replay of their reproductions.

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <set>

#include "certify/endpoint/transaction_answer.h"
#include "certify/endpoint/unknown_outcome.h"
#include "certify/endpoint/workload.h"
#include "certify/endpoint/workload_internal.h"
#include "oracles/naive_unsettled.h"
#include "properties/props/query_conversions.h"

namespace sortkey::certify::endpoint {

using oracle::NItem;
using oracle::NTxAnswer;
using workload_internal::actual_json;
using workload_internal::items_json;

namespace {

using Replayed = Result<std::optional<std::string>>;

std::string tx_show(const std::optional<NItem>& i) {
  return i ? oracle::naive_show(*i) : std::string("none");
}

// `params` with each reproduction name of a table ("<table>", "<table 2>")
// replaced by the endpoint's (`names`), or the reverse.
nlohmann::json tx_aimed(nlohmann::json params, const std::map<std::string, std::string>& names) {
  const auto rename = [&](const std::string& n) {
    const auto it = names.find(n);
    return it == names.end() ? n : it->second;
  };
  if (params.contains("TransactItems") && params["TransactItems"].is_array()) {
    for (nlohmann::json& action : params["TransactItems"]) {
      if (!action.is_object()) continue;
      for (auto& [kind, body] : action.items()) {
        if (body.is_object() && body.contains("TableName") && body["TableName"].is_string())
          body["TableName"] = rename(body["TableName"].get<std::string>());
      }
    }
  }
  if (params.contains("RequestItems") && params["RequestItems"].is_object()) {
    nlohmann::json renamed = nlohmann::json::object();
    for (auto& [table, body] : params["RequestItems"].items()) renamed[rename(table)] = body;
    params["RequestItems"] = renamed;
  }
  return params;
}

std::string tx_rule(oracle::NUnsettled r) { return oracle::naive_unsettled_rule(r).id; }

// Whether action `a` is an Update of DELETE actions only (REMOVE beside
// them) on an item `before` does not hold.
bool tx_delete_only_on_missing(const oracle::NTxWrite& a, const oracle::NaiveTable& before) {
  if (a.kind != oracle::NTxWrite::Kind::kUpdate || !a.update || before.get(a.item)) return false;
  bool deletes = false;
  for (const oracle::NUpdAction& x : a.update->actions) {
    if (x.kind == oracle::NUpdAction::Kind::kDelete) {
      deletes = true;
    } else if (x.kind != oracle::NUpdAction::Kind::kRemove) {
      return false;
    }
  }
  return deletes;
}

// The unsettled rules by whose other reading of the actions' conditions
// the endpoint's verdict is the oracle's: each action's truth on the item
// it finds in `before` under another reading (size() of a String that is
// not ASCII), the request applied when all hold, else cancelled with
// ConditionalCheckFailed where one fails. Only for a request the oracle
// neither refuses nor cancels with a ValidationError.
std::vector<std::string> tx_reading_rules(const TransactionRequest& r,
                                          const std::map<std::string, oracle::NaiveTable>& before,
                                          const oracle::NTxAnswer& want, const PageAnswer& a) {
  if (want.verdict == oracle::NTxAnswer::Verdict::kRefused || !want.why.empty() ||
      !a.no_answer.empty())
    return {};
  std::vector<oracle::NReading> readings;
  for (const oracle::NTxWrite& x : r.writes) {
    if (!x.condition) continue;
    for (const oracle::NReading& g : oracle::naive_other_readings(*x.condition, false))
      readings.push_back(g);
  }
  const std::optional<std::vector<std::string>> got =
      a.error ? cancellation_codes(a.body) : std::optional<std::vector<std::string>>();
  if (a.error && (a.error->type != "TransactionCanceledException" || !got)) return {};
  for (const oracle::NReading& g : readings) {
    std::vector<std::string> codes;
    bool all = true;
    for (const oracle::NTxWrite& x : r.writes) {
      const oracle::NaiveTable& t = before.at(x.table);
      const NItem key = x.kind == oracle::NTxWrite::Kind::kPut
                            ? oracle::naive_table_key(t.schema(), x.item)
                            : x.item;
      const bool holds =
          !x.condition || oracle::naive_eval(*x.condition, t.get(key).value_or(NItem{}), g);
      all = all && holds;
      codes.push_back(holds ? "None" : "ConditionalCheckFailed");
    }
    if ((!a.error && all) || (a.error && !all && *got == codes)) {
      std::vector<std::string> out;
      for (oracle::NUnsettled u : oracle::naive_departures(g)) out.push_back(tx_rule(u));
      return out;
    }
  }
  return {};
}

// The rules by which the endpoint reports ConditionalCheckFailed where the
// oracle's reason is a ValidationError of an Update whose condition is
// false on the item (the condition read first: the other reading of
// transaction-update-error-under-false-condition), false under the model's
// reading or under another one of size() (its departures added); none when
// it does not.
std::vector<std::string> tx_condition_first(const TransactionRequest& r,
                                            const std::map<std::string, oracle::NaiveTable>& before,
                                            const oracle::NTxAnswer& want, const PageAnswer& a) {
  if (want.verdict != oracle::NTxAnswer::Verdict::kCancelled || !a.error ||
      a.error->type != "TransactionCanceledException")
    return {};
  const std::optional<std::vector<std::string>> got = cancellation_codes(a.body);
  if (!got || got->size() != r.writes.size()) return {};
  for (std::size_t i = 0; i < r.writes.size(); ++i) {
    const oracle::NTxWrite& x = r.writes[i];
    if (want.reasons[i].code != oracle::NTxReason::Code::kValidationError) continue;
    if (x.kind != oracle::NTxWrite::Kind::kUpdate || !x.condition ||
        (*got)[i] != "ConditionalCheckFailed")
      return {};
    const NItem held = before.at(x.table).get(x.item).value_or(NItem{});
    std::vector<std::string> out = {
        tx_rule(oracle::NUnsettled::kTransactionUpdateErrorUnderFalseCondition)};
    if (!oracle::naive_eval(*x.condition, held)) return out;
    for (const oracle::NReading& g : oracle::naive_other_readings(*x.condition, false)) {
      if (oracle::naive_eval(*x.condition, held, g)) continue;
      for (oracle::NUnsettled u : oracle::naive_departures(g)) out.push_back(tx_rule(u));
      return out;
    }
    return {};
  }
  return {};
}

// The unsettled rules by whose other reading the endpoint's verdict is
// right (oracles/naive_unsettled.h), for a divergence of kind `kind`.
std::vector<std::string> tx_verdict_unsettled(
    const std::string& kind, const TransactionRequest& r,
    const std::map<std::string, oracle::NaiveTable>& before, const oracle::NTxAnswer& want,
    const PageAnswer& a) {
  std::vector<std::string> out;
  const bool cancelled = a.error && a.error->type == "TransactionCanceledException";
  if (kind == "error_type" && cancelled && want.why == "two actions on one item")
    out.push_back(tx_rule(oracle::NUnsettled::kTransactionSameItemTwice));
  if (kind == "error_type" && cancelled && want.why == "a table key attribute updated")
    out.push_back(tx_rule(oracle::NUnsettled::kTransactionKeyUpdateUnderFalseCondition));
  for (std::string& rule : tx_condition_first(r, before, want, a)) out.push_back(std::move(rule));
  if (out.empty()) out = tx_reading_rules(r, before, want, a);
  return out;
}

}  // namespace

// BatchGetItem's items by the endpoint's table name, its UnprocessedKeys
// sent again (up to 10 times, as paging is followed); "" when read, else
// why the answer could not be read (`*kind` "malformed" or a failure's).
std::string Workload::batch_items(nlohmann::json params, Answer a,
                                  std::map<std::string, std::vector<NItem>>& out,
                                  std::string* kind) {
  for (int round = 0;; ++round) {
    if (!a.no_answer.empty() || a.error) {
      *kind = a.error && a.no_answer.empty() ? "rejected" : failure_kind(a);
      return a.error && a.no_answer.empty()
                 ? fmt::format("UnprocessedKeys sent again: refused: {}: {}", a.error->type,
                               a.error->message)
                 : "got " + failure_text(a);
    }
    nlohmann::json left;
    if (std::string why = batch_answer_items(a.body, out, &left); !why.empty()) {
      *kind = "malformed";
      return why;
    }
    if (left.empty()) return "";
    if (round == 10) {
      *kind = "items";
      return "UnprocessedKeys still left after 10 requests";
    }
    params["RequestItems"] = left;
    a = send("BatchGetItem", params);
  }
}

std::optional<Divergence> Workload::transaction_divergence(const TxTables& tables,
                                                           const TransactionRequest& r) {
  oracle::NTables models;
  oracle::NReadTables read;
  std::map<std::string, std::string> names, recorded;
  for (const auto& [n, t] : tables) {
    models[n] = t.model;
    read[n] = t.model;
    names[n] = t.name;
    recorded[n] = reproduction_table_name(n);
  }
  std::map<std::string, oracle::NaiveTable> before;
  for (const auto& [n, t] : tables) before.emplace(n, *t.model);
  const TransactionAnswer want = expect_transaction(models, r);
  const nlohmann::json params = transaction_params(r, names);
  const std::string operation = transaction_operation(r);
  const std::string shown = fmt::format("{}", fmt::streamed(r));
  nlohmann::json expected = transaction_expected(r, want);
  const auto diverged = [&](std::string kind, std::string detail, nlohmann::json actual) {
    Divergence d;
    d.kind = std::move(kind);
    d.detail = shown + " " + detail;
    const oracle::NaiveTable& t0 = before.at("t0");
    d.reproduction = {
        {"table", schema_to_json(t0.schema())},
        {"items", items_json(t0.items())},
        {"request", {{"action", operation}, {"params", transaction_params(r, recorded)}}},
        {"expected", expected},
        {"actual", std::move(actual)}};
    for (const auto& [n, t] : before) {
      if (n == "t0") continue;
      d.reproduction["more_tables"][reproduction_table_name(n)] = {
          {"table", schema_to_json(t.schema())}, {"items", items_json(t.items())}};
    }
    return d;
  };
  const auto targets = transaction_targets(read, r);
  std::map<std::string, const oracle::NaiveTable*> after_models, before_models;
  for (const auto& [n, t] : tables) after_models[n] = t.model;
  for (const auto& [n, t] : before) before_models[n] = &t;
  const Answer a = send(operation, params);
  if (a.outcome_unknown && !repeat_safe(operation, params)) {
    // Settled by what is stored: applied, its answer is not judged; as it
    // was, the retry met the state it was meant for and is judged.
    TxStored probe;
    const bool applied = tx_stored(targets, names, after_models, &probe).empty();
    const bool as_was = tx_stored(targets, names, before_models, &probe).empty();
    const char* settled = applied && as_was ? "unchanged"
                          : applied         ? "applied"
                          : as_was          ? "not applied"
                                            : "neither";
    unknown_outcomes_.push_back(
        {{"request", {{"action", operation}, {"params", params}}}, {"settled", settled}});
    if (applied && !as_was) return std::nullopt;
    if (!applied && !as_was) {
      return diverged("items",
                      "after an attempt of unknown outcome: the items it touches are neither as "
                      "the oracle applies it nor as they were",
                      actual_json(a));
    }
  }
  std::string detail;
  if (std::string kind = transaction_verdict_kind(expected, a, &detail); !kind.empty()) {
    Divergence d = diverged(kind, detail, transaction_actual(a));
    d.unsettled = tx_verdict_unsettled(kind, r, before, want.write, a);
    return d;
  }
  if (r.kind == TransactionRequest::Kind::kGet && !a.error) {
    if (std::string kind = transact_get_kind(a, want.get, &detail); !kind.empty())
      return diverged(kind, detail, actual_json(a));
  }
  if (r.kind == TransactionRequest::Kind::kBatchGet && !a.error) {
    std::map<std::string, std::vector<NItem>> found;
    std::string kind;
    if (std::string why = batch_items(params, a, found, &kind); !why.empty())
      return diverged(kind, why, actual_json(a));
    if (kind = batch_kind(found, want.batch, names, &detail); !kind.empty())
      return diverged(kind, detail, actual_json(a));
  }
  if (r.kind != TransactionRequest::Kind::kWrite) return std::nullopt;
  // The items as stored: a refused or cancelled request changed nothing, an
  // applied one wrote the oracle's items.
  TxStored stored;
  const std::string why = tx_stored(targets, names, after_models, &stored);
  if (why.empty()) return std::nullopt;
  expected["stored"] = stored.items;
  Divergence d = diverged(stored.failed.error ? "rejected" : "items", why,
                          {{"answer", actual_json(a)}, {"stored", actual_json(stored.failed)}});
  // The item of its key made by DELETE actions only on a missing item.
  for (const oracle::NTxWrite& x : r.writes) {
    if (stored.failed.error || x.table != stored.table ||
        !oracle::naive_items_equal(x.item, stored.key) ||
        !tx_delete_only_on_missing(x, before.at(x.table)))
      continue;
    if (stored.have && oracle::naive_items_equal(*stored.have, stored.key))
      d.unsettled.push_back(tx_rule(oracle::NUnsettled::kDeleteOnlyUpdateOfMissingItem));
  }
  return d;
}

std::string Workload::tx_stored(const std::vector<std::pair<std::string, NItem>>& targets,
                                const std::map<std::string, std::string>& names,
                                const std::map<std::string, const oracle::NaiveTable*>& model,
                                TxStored* out) {
  std::set<std::pair<std::string, std::string>> seen;
  for (const auto& [n, key] : targets) {
    if (!oracle::naive_key_ok(*model.at(n), key)) continue;
    if (!seen.emplace(n, oracle::naive_show(key)).second) continue;
    const Answer got =
        send("GetItem",
             {{"TableName", names.at(n)}, {"Key", naive_to_json(key)}, {"ConsistentRead", true}});
    if (got.error) {
      out->failed = got;
      return fmt::format("then GetItem of {} on {} refused: {}", oracle::naive_show(key), n,
                         got.error->type);
    }
    const std::optional<NItem> have =
        answer_item(got.body.is_object() ? got.body.value("Item", nlohmann::json()) : nullptr);
    const std::optional<NItem> ought = model.at(n)->get(key);
    out->items.push_back({{"table", reproduction_table_name(n)},
                          {"key", naive_to_json(key)},
                          {"item", ought ? naive_to_json(*ought) : nlohmann::json(nullptr)}});
    if (!same_answer_item(have, ought)) {
      out->table = n;
      out->key = key;
      out->have = have;
      return fmt::format("then GetItem on {} reads {}, the oracle holds {}", n, tx_show(have),
                         tx_show(ought));
    }
  }
  return "";
}

namespace {

// The cause a transaction's divergence `d` is named by, when it is a rule
// of the oracle the endpoint answers otherwise (the refusal, the
// ValidationError reason, the Item of a reason), not the actions that met
// it; "" otherwise. `narrowed` is the request narrowed on `before`.
std::string tx_cause(const Divergence& d, const std::map<std::string, oracle::NaiveTable>& before,
                     const TransactionRequest& narrowed) {
  if (d.kind == "error_type" || d.kind == "rejected" || d.kind == "accepted" ||
      d.kind == "reasons") {
    // Which rule of the oracle the endpoint answers otherwise: the refusal
    // or the ValidationError reason, not the actions that met it.
    std::map<std::string, oracle::NaiveTable> copies = before;
    oracle::NTables models;
    for (auto& [n, t] : copies) models[n] = &t;
    const TransactionAnswer want = expect_transaction(models, narrowed);
    if (want.refused()) {
      const std::string why = !want.write.why.empty() ? want.write.why
                              : !want.get.why.empty() ? want.get.why
                                                      : want.batch.why;
      return "refused by DynamoDB: " + why;
    } else if (want.write.verdict == NTxAnswer::Verdict::kCancelled && !want.write.why.empty()) {
      // One cause whatever the item-level error: the whole request refused
      // instead, or the other actions given reasons of their own.
      return d.kind == "reasons" && validation_kept(want.write, d.reproduction)
                 ? "cancelled with a ValidationError: the other actions' reasons"
             : d.kind == "reasons" ? "cancelled with a ValidationError: another reason in its place"
             : d.error_type() == "ValidationException"
                 ? "cancelled with a ValidationError: an item-level error refused as the whole "
                   "request"
                 : "cancelled with a ValidationError: " + want.write.why;
    }
  }
  // The item a failed condition returns under ALL_OLD: one cause whatever
  // the actions and the condition.
  if (d.kind == "reason_item")
    return "ReturnValuesOnConditionCheckFailure ALL_OLD: the cancellation reason's Item";
  return "";
}

}  // namespace

void Workload::check_transaction(const TxTables& tables, const TransactionRequest& r,
                                 const Observe& observe) {
  std::map<std::string, oracle::NaiveTable> before;
  oracle::NReadTables read;
  for (const auto& [n, t] : tables) {
    before.emplace(n, *t.model);
    read[n] = t.model;
  }
  const auto targets = transaction_targets(read, r);
  // Every item the request touches written back as `model` holds it.
  const auto restore_all = [&](const std::map<std::string, const oracle::NaiveTable*>& model) {
    bool ok = true;
    for (const auto& [n, key] : targets) {
      if (!oracle::naive_key_ok(*model.at(n), key)) continue;
      ok = restore(tables.at(n).name, key, model.at(n)->get(key)) && ok;
    }
    return ok;
  };
  std::optional<Divergence> d = transaction_divergence(tables, r);
  if (!d) return tx_indexes(tables, before, targets, r, observe);
  TransactionRequest narrowed = r;
  // Narrowed to one action, on the items as they were, where that one
  // alone diverges alike. A request without an answer is not replayed.
  std::map<std::string, const oracle::NaiveTable*> as_was;
  for (const auto& [n, t] : before) as_was[n] = &t;
  // A candidate that diverges alike (the same kind and error, or the same
  // refusal: a request refused whole is "rejected" alone where it was
  // "error_type") becomes the divergence and the request narrowed.
  const auto alike = [&](const TransactionRequest& c) {
    if (!restore_all(as_was)) return false;
    std::map<std::string, oracle::NaiveTable> copies = before;
    TxTables candidate;
    for (auto& [n, t] : copies) candidate[n] = TxTable{tables.at(n).name, &t};
    std::optional<Divergence> e = transaction_divergence(candidate, c);
    const bool same_refusal = !d->error_type().empty() && e && e->error_type() == d->error_type() &&
                              e->error_message() == d->error_message();
    if (!e || (e->kind != d->kind && !same_refusal) || e->error_type() != d->error_type() ||
        !e->unsettled.empty())
      return false;
    d = std::move(e);
    narrowed = c;
    return true;
  };
  const bool replayable =
      d->kind != "no_answer" && d->kind != "server_error" && d->unsettled.empty();
  for (std::size_t i = 0; replayable && r.writes.size() > 1 && i < r.writes.size(); ++i) {
    const std::optional<TransactionRequest> one = with_transaction_action(r, i);
    if (one && alike(*one)) break;
  }
  // Then the one action's condition, when it diverges alike without it.
  if (replayable && narrowed.writes.size() == 1 && narrowed.writes[0].condition &&
      narrowed.writes[0].kind != oracle::NTxWrite::Kind::kConditionCheck) {
    TransactionRequest plain = narrowed;
    plain.writes[0].condition.reset();
    plain.writes[0].old_on_failure = false;
    alike(plain);
  }
  if (std::string cause = tx_cause(*d, before, narrowed); !cause.empty()) narrowed.cause = cause;
  CheckContext context{tables.at("t0").name, &before.at("t0")};
  context.transaction = &narrowed;
  for (const auto& [n, t] : tables) {
    if (n != "t0") context.table2 = t.name;
  }
  observe(*d, context);
  std::map<std::string, const oracle::NaiveTable*> now;
  for (const auto& [n, t] : tables) now[n] = t.model;
  if (!restore_all(now)) {
    // An item the endpoint refuses to hold as the oracle does: both left without it.
    for (const auto& [n, key] : targets) {
      if (!oracle::naive_key_ok(*now.at(n), key)) continue;
      tables.at(n).model->erase(key);
      restore(tables.at(n).name, key, std::nullopt);
    }
  }
  tx_indexes(tables, before, targets, r, observe);
}

void Workload::tx_indexes(const TxTables& tables,
                          const std::map<std::string, oracle::NaiveTable>& before,
                          const std::vector<std::pair<std::string, NItem>>& targets,
                          const TransactionRequest& r, const Observe& observe) {
  if (r.kind != TransactionRequest::Kind::kWrite) return;
  std::map<std::string, std::vector<std::optional<NItem>>> fed;
  for (const auto& [n, key] : targets) {
    if (!oracle::naive_key_ok(before.at(n), key)) continue;
    fed[n].push_back(before.at(n).get(key));
    fed[n].push_back(tables.at(n).model->get(key));
  }
  for (const auto& [n, items] : fed)
    check_fed_indexes(tables.at(n).name, *tables.at(n).model, items, observe);
}

Result<std::optional<std::string>> Workload::replay_transaction(const nlohmann::json& r,
                                                                bool* unsure) {
  std::map<std::string, std::string> names;  // reproduction name -> fresh table
  std::vector<std::string> made;
  struct Dropper {
    dynamodb::TableManager& tables;
    std::vector<std::string>& names;
    ~Dropper() {
      for (const std::string& n : names) {
        try {
          tables.drop(n);
        } catch (const dynamodb::TransportError&) {
        }
      }
    }
  } dropper{tables_, made};
  nlohmann::json all = {{"<table>",
                         {{"table", r.value("table", nlohmann::json())},
                          {"items", r.value("items", nlohmann::json::array())}}}};
  if (r.contains("more_tables") && r["more_tables"].is_object()) {
    for (const auto& [n, t] : r["more_tables"].items()) all[n] = t;
  }
  for (const auto& [n, t] : all.items()) {
    auto schema = schema_from_json(t.value("table", nlohmann::json()));
    if (!schema) return schema.error();
    auto name = tables_.create(props::to_engine(*schema));
    if (!name) return name.error();
    made.push_back(*name);
    names[n] = *name;
    for (const auto& raw : t.value("items", nlohmann::json::array())) {
      const Answer a = send("PutItem", {{"TableName", *name}, {"Item", raw}});
      if (a.error) {
        return std::optional<std::string>("writing the reproduction's items failed: " +
                                          a.error->message);
      }
    }
  }
  const nlohmann::json& request = r["request"];
  const std::string action = request.value("action", std::string());
  const nlohmann::json params = tx_aimed(request.value("params", nlohmann::json()), names);
  const nlohmann::json& expected = r["expected"];
  const Answer a = send(action, params);
  *unsure = a.outcome_unknown && !repeat_safe(action, params);
  std::string detail;
  if (!transaction_verdict_kind(expected, a, &detail).empty())
    return std::optional<std::string>(detail);
  if (auto differs = transact_get_replayed(expected, a)) return std::optional<std::string>(differs);
  if (expected.contains("Responses") && expected["Responses"].is_object()) {
    std::map<std::string, std::vector<NItem>> found;
    std::string kind;
    if (std::string why = batch_items(params, a, found, &kind); !why.empty())
      return std::optional<std::string>(why);
    for (const auto& [n, items] : expected["Responses"].items()) {
      std::vector<NItem> want;
      for (const auto& raw : items) {
        if (auto i = answer_item(raw)) want.push_back(*i);
      }
      if (!same_answer_items(want, found[names[n]]))
        return std::optional<std::string>("the items of " + n + " differ from the expected ones");
    }
  }
  for (const auto& s : expected.value("stored", nlohmann::json::array())) {
    const std::string table = names[s.value("table", std::string("<table>"))];
    const Answer got = send("GetItem", {{"TableName", table},
                                        {"Key", s.value("key", nlohmann::json::object())},
                                        {"ConsistentRead", true}});
    if (got.error)
      return std::optional<std::string>("reading an item back failed: " + got.error->message);
    if (!same_answer_item(answer_item(got.body.value("Item", nlohmann::json())),
                          answer_item(s["item"])))
      return std::optional<std::string>(
          "then GetItem: the item read differs from the expected one");
  }
  return std::optional<std::string>();
}

}  // namespace sortkey::certify::endpoint
