// The workload's table loading (workload.h): a table emptied, generated
// items written as the oracle accepts or rejects them, and single PutItems.

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "certify/endpoint/workload.h"
#include "certify/endpoint/workload_internal.h"
#include "dynamodb/tables.h"

namespace sortkey::certify::endpoint {

using oracle::NItem;
using oracle::NKey;
using oracle::NSchema;
using oracle::NValue;
using workload_internal::actual_json;
using workload_internal::items_json;
using workload_internal::recorded_request;

// ---------------------------------------------------------------- clearing and loading

namespace {

// Far more pages than a table of the workload's holds (a few hundred items,
// a few MB), and far more items than it ever writes to one table: a Scan
// that pages or returns past them is not emptying anything, and its keys
// are not kept without end.
constexpr int kMaxEmptyingPages = 100;
constexpr std::size_t kMaxEmptyingItems = 20000;
// The items a divergence of the deletes keeps for its reproduction: a
// batch's worth and more, not the whole table.
constexpr std::size_t kMaxReproducedItems = 100;

}  // namespace

bool Workload::clear(const std::string& table, const NSchema& schema, const Observe& observe) {
  nlohmann::json params = {{"TableName", table}, {"ConsistentRead", true}};
  std::vector<nlohmann::json> keys;
  // A valid Scan that did not empty the table: a divergence, and the case
  // cannot go on (the next one would start from a table that is not empty).
  const auto diverge = [&](const std::string& kind, const std::string& what, const Answer& a) {
    const oracle::NaiveTable unknown(schema);
    props::ScanSpec whole;
    whole.consistent = true;
    Divergence d;
    d.kind = kind;
    d.detail = "the consistent Scan emptying the table " + what;
    d.reproduction = {{"table", schema_to_json(schema)},
                      {"items", nlohmann::json::array()},
                      {"request", recorded_request("Scan", params)},
                      {"expected", {{"ok", true}}},
                      {"actual", actual_json(a)}};
    CheckContext context{table, &unknown};
    context.scan = &whole;
    context.emptying = true;
    observe(d, context);
    return false;
  };
  nlohmann::json scanned = nlohmann::json::array();
  for (int page = 0;; ++page) {
    const Answer a = exchange("Scan", params);
    if (a.error || !a.malformed.empty()) {
      return diverge(!a.no_answer.empty() ? failure_kind(a)
                     : a.error            ? "rejected"
                                          : "malformed",
                     "got " + (!a.no_answer.empty() ? failure_text(a)
                               : a.error            ? a.error->type + ": " + a.error->message
                                                    : a.malformed),
                     a);
    }
    for (const auto& item : a.body.value("Items", nlohmann::json::array())) {
      nlohmann::json key = nlohmann::json::object();
      for (const NKey& k : oracle::naive_table_keys(schema))
        key[k.name] = item.value(k.name, nlohmann::json());
      keys.push_back(std::move(key));
      if (scanned.size() < kMaxReproducedItems) scanned.push_back(item);
    }
    if (keys.size() > kMaxEmptyingItems) {
      return diverge("malformed",
                     fmt::format("returned more than {} items, more than were ever written to it",
                                 kMaxEmptyingItems),
                     a);
    }
    if (!a.lek) break;
    if (page + 1 == kMaxEmptyingPages) {
      return diverge("malformed",
                     fmt::format("did not end after {} pages: each came with a LastEvaluatedKey",
                                 kMaxEmptyingPages),
                     a);
    }
    params["ExclusiveStartKey"] = a.lek_raw;
  }
  return delete_scanned(table, schema, keys, scanned, observe);
}

bool Workload::delete_scanned(const std::string& table, const NSchema& schema,
                              const std::vector<nlohmann::json>& keys,
                              const nlohmann::json& scanned, const Observe& observe) {
  bool emptied = true;
  for (std::size_t at = 0; at < keys.size(); at += 25) {
    nlohmann::json requests = nlohmann::json::array();
    for (std::size_t i = at; i < std::min(keys.size(), at + 25); ++i)
      requests.push_back({{"DeleteRequest", {{"Key", keys[i]}}}});
    nlohmann::json params = {{"RequestItems", {{table, requests}}}};
    for (int attempt = 0;; ++attempt) {
      const Answer a = exchange("BatchWriteItem", params);
      if (a.error || !a.malformed.empty()) {
        // Every key came from the endpoint's own Scan: a divergence. The
        // keys are then deleted one at a time, so that the case goes on
        // when the endpoint takes those.
        const oracle::NaiveTable unknown(schema);
        Divergence d;
        d.kind = !a.no_answer.empty() ? failure_kind(a) : a.error ? "rejected" : "malformed";
        d.detail = "the BatchWriteItem deleting items of the table its own Scan returned got " +
                   (!a.no_answer.empty() ? failure_text(a)
                    : a.error            ? a.error->type + ": " + a.error->message
                                         : a.malformed);
        d.reproduction = {{"table", schema_to_json(schema)},
                          {"items", scanned},
                          {"request", recorded_request("BatchWriteItem", params)},
                          {"expected", {{"ok", true}}},
                          {"actual", actual_json(a)}};
        CheckContext context{table, &unknown};
        context.emptying = true;
        observe(d, context);
        if (!gone_.empty()) return false;
        for (const auto& r : params["RequestItems"][table]) {
          const Answer one =
              exchange("DeleteItem", {{"TableName", table}, {"Key", r["DeleteRequest"]["Key"]}});
          emptied = emptied && !one.error && one.malformed.empty();
        }
        break;
      }
      const auto unprocessed = a.body.value("UnprocessedItems", nlohmann::json::object());
      if (unprocessed.empty() || !unprocessed.contains(table) || unprocessed[table].empty()) break;
      if (attempt == 20) {
        throw dynamodb::TransportError(dynamodb::TransportError::Kind::kThrottled,
                                       "emptying " + table + ": items stay unprocessed");
      }
      params = {{"RequestItems", unprocessed}};
      std::this_thread::sleep_for(std::chrono::milliseconds(10 << std::min(attempt, 6)));
    }
  }
  return emptied;
}

namespace {

// A PutItem that went otherwise than DynamoDB's: a valid item refused
// (`want_ok`), or an item DynamoDB rejects accepted; `written` is what the
// table held before it.
Divergence put_divergence(const NSchema& schema, const std::vector<NItem>& written,
                          const std::string& kind, const NItem& item, const Workload::Answer& a,
                          bool want_ok) {
  Divergence d;
  d.kind = a.no_answer.empty() ? kind : failure_kind(a);
  d.detail = !a.no_answer.empty() ? fmt::format("PutItem got {}; the item: {}", failure_text(a),
                                                oracle::naive_show(item))
             : want_ok ? fmt::format("PutItem of a valid item was refused: {}: {}; the item: {}",
                                     a.error ? a.error->type : "", a.error ? a.error->message : "",
                                     oracle::naive_show(item))
                       : fmt::format("PutItem of an item DynamoDB rejects was accepted: {}",
                                     oracle::naive_show(item));
  d.reproduction = {{"table", schema_to_json(schema)},
                    {"items", items_json(written)},
                    {"request", recorded_request("PutItem", {{"Item", naive_to_json(item)}})},
                    {"expected", want_ok ? nlohmann::json{{"ok", true}}
                                         : nlohmann::json{{"error", "ValidationException"}}},
                    {"actual", actual_json(a)}};
  return d;
}

// The table key of `item` in DynamoDB JSON.
nlohmann::json key_json(const std::vector<NKey>& table_keys, const NItem& item) {
  nlohmann::json key = nlohmann::json::object();
  for (const NKey& k : table_keys) {
    if (const NValue* v = oracle::naive_get(item, k.name)) key[k.name] = naive_to_json(*v);
  }
  return key;
}

}  // namespace

bool Workload::load(const std::string& table, oracle::NaiveTable& model,
                    const std::vector<NItem>& items, const Observe& observe) {
  const NSchema schema = model.schema();
  if (!clear(table, schema, observe)) return false;
  const std::vector<NKey> table_keys = oracle::naive_table_keys(schema);

  std::vector<NItem> written;  // what the endpoint took, in order
  std::vector<NItem> batch;
  auto rebuild = [&] {
    model = oracle::NaiveTable(schema);
    for (const NItem& i : written) model.put(i);
  };
  auto diverged = [&](const std::string& kind, const NItem& item, const Answer& a, bool want_ok) {
    Divergence d = put_divergence(schema, written, kind, item, a, want_ok);
    oracle::NaiveTable before(schema);
    for (const NItem& i : written) before.put(i);
    CheckContext context{table, &before};
    context.item = &item;
    observe(d, context);
  };
  auto flush = [&] {
    if (batch.empty()) return;
    nlohmann::json requests = nlohmann::json::array();
    for (const NItem& i : batch) requests.push_back({{"PutRequest", {{"Item", naive_to_json(i)}}}});
    nlohmann::json params = {{"RequestItems", {{table, requests}}}};
    for (int attempt = 0;; ++attempt) {
      Answer a = send("BatchWriteItem", params);
      if (!a.no_answer.empty()) {
        Divergence d = put_divergence(schema, written, "no_answer", batch.front(), a, true);
        d.detail = "BatchWriteItem got " + failure_text(a);
        d.reproduction["request"] = recorded_request("BatchWriteItem", params);
        oracle::NaiveTable before(schema);
        for (const NItem& i : written) before.put(i);
        CheckContext context{table, &before};
        context.item = &batch.front();
        observe(d, context);
      }
      if (a.error) {
        // Find the items the endpoint refuses, one PutItem at a time.
        for (const NItem& i : batch) {
          Answer one = send("PutItem", {{"TableName", table}, {"Item", naive_to_json(i)}});
          if (one.error) {
            diverged("rejected", i, one, true);
          } else {
            written.push_back(i);
          }
        }
        break;
      }
      const auto unprocessed = a.body.value("UnprocessedItems", nlohmann::json::object());
      if (unprocessed.empty() || !unprocessed.contains(table) || unprocessed[table].empty()) {
        written.insert(written.end(), batch.begin(), batch.end());
        break;
      }
      if (attempt == 20)
        throw dynamodb::TransportError(dynamodb::TransportError::Kind::kThrottled,
                                       "items stay unprocessed in " + table);
      params = {{"RequestItems", unprocessed}};
      std::this_thread::sleep_for(std::chrono::milliseconds(10 << std::min(attempt, 6)));
    }
    batch.clear();
    rebuild();
  };

  for (const NItem& item : items) {
    if (model.can_put(item)) {
      // BatchWriteItem refuses two writes of one key: flush first.
      const bool repeated = std::any_of(batch.begin(), batch.end(), [&](const NItem& b) {
        return oracle::naive_same_values(table_keys, b, item);
      });
      if (repeated || batch.size() == 25) flush();
      batch.push_back(item);
      model.put(item);
      continue;
    }
    flush();
    Answer a = send("PutItem", {{"TableName", table}, {"Item", naive_to_json(item)}});
    if (a.error && a.no_answer.empty()) continue;
    diverged("accepted", item, a, false);
    // Whether it was written is unknown: the case cannot go on.
    if (!a.no_answer.empty()) return false;
    // Take the item out again so that the table matches the model.
    Answer undo = send("DeleteItem", {{"TableName", table}, {"Key", key_json(table_keys, item)}});
    if (undo.error) return false;
    // An accepted item may have replaced one the model holds.
    written.erase(std::remove_if(written.begin(), written.end(),
                                 [&](const NItem& w) {
                                   return oracle::naive_same_values(table_keys, w, item);
                                 }),
                  written.end());
    rebuild();
  }
  flush();
  return true;
}

void Workload::check_write(const std::string& table, oracle::NaiveTable& model, const NItem& item,
                           const Observe& observe) {
  const bool want_ok = model.can_put(item);
  Answer a = send("PutItem", {{"TableName", table}, {"Item", naive_to_json(item)}});
  if (a.no_answer.empty() && !a.error == want_ok) {
    if (want_ok) model.put(item);
    return;
  }
  Divergence d = put_divergence(model.schema(), model.items(), want_ok ? "rejected" : "accepted",
                                item, a, want_ok);
  CheckContext context{table, &model};
  context.item = &item;
  observe(d, context);
  if (!want_ok) {
    const std::vector<NKey> table_keys = oracle::naive_table_keys(model.schema());
    send("DeleteItem", {{"TableName", table}, {"Key", key_json(table_keys, item)}});
    model.erase(oracle::naive_table_key(model.schema(), item));
  }
}

}  // namespace sortkey::certify::endpoint
