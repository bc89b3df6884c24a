// The workload's replay of a reproduction (workload.h): a fresh table, the
// reproduction's items, its request, and the answer held to the expected one.

#include <fmt/format.h>

#include <string>
#include <utility>
#include <vector>

#include "certify/endpoint/unknown_outcome.h"
#include "certify/endpoint/workload.h"
#include "properties/props/query_conversions.h"

namespace sortkey::certify::endpoint {

using oracle::NItem;

// ---------------------------------------------------------------- replay

namespace {

// What a replay finds: nullopt when the endpoint gives the expected answer,
// else a sentence saying what still differs. Errors: a malformed
// reproduction.
using Replayed = Result<std::optional<std::string>>;

Replayed agrees() { return std::optional<std::string>(); }
Replayed differs(std::string why) { return std::optional<std::string>(std::move(why)); }

// Numbers not in canonical text in `value`, when `numbers` asks: what
// differs, or nullopt.
std::optional<std::string> number_text(const nlohmann::json& value, bool numbers) {
  if (!numbers) return std::nullopt;
  if (auto bad = non_canonical_numbers(value); !bad.empty())
    return "Numbers not in canonical text: " + bad.front();
  return std::nullopt;
}

// A GetItem's answer against the expected item (null: none): nullopt when
// they agree, else what differs; the text of its Numbers last, when
// `numbers` asks.
std::optional<std::string> replayed_item(const nlohmann::json& want, const nlohmann::json& body,
                                         bool numbers) {
  const nlohmann::json got = body.value("Item", nlohmann::json(nullptr));
  if (want.is_null() || got.is_null()) {
    if (want.is_null() && got.is_null()) return std::nullopt;
    return std::string(got.is_null() ? "no item, the expected answer has one"
                                     : "an item, the expected answer has none");
  }
  auto a = dynamodb::item_from_json(want);
  auto b = dynamodb::item_from_json(got);
  if (a && b && oracle::naive_items_equal(props::to_naive(*a), props::to_naive(*b)))
    return number_text(got, numbers);
  return std::string("the item read differs from the expected one");
}

// Drops the replay's table however the replay ends; a drop that fails is
// left to the cleanup at the end of the run (drop_all), which tries again.
struct TableDropper {
  dynamodb::TableManager& tables;
  std::string name;
  ~TableDropper() {
    try {
      tables.drop(name);
    } catch (const dynamodb::TransportError&) {
    }
  }
};

// A table the endpoint would not make (table_refusal.cc): made now, it
// agrees; refused or answered badly again, it still differs. Errors: a
// table not ACTIVE in time.
Replayed replay_table(dynamodb::TableManager& tables, const oracle::NSchema& schema) {
  try {
    auto name = tables.create(props::to_engine(schema));
    if (name) {
      const TableDropper dropper{tables, *name};
      return agrees();
    }
    if (!tables.last_refusal()) return name.error();
    return differs(fmt::format("CreateTable was refused: {}: {}", tables.last_refusal()->type,
                               tables.last_refusal()->message));
  } catch (const dynamodb::TransportError& e) {
    std::optional<PageAnswer> failed = failed_answer(e);
    if (!failed || !failed->bad) throw;
    return differs("CreateTable got " + failure_text(*failed));
  }
}

// Writes the reproduction's items to `table` as recorded (spellings
// included), one PutItem each, and puts them in `model`. nullopt when all
// were written, else a sentence (the endpoint refused one). Errors: an
// item that is not DynamoDB JSON. Throws TransportError.
Replayed write_items(Workload& w, const std::string& table, const nlohmann::json& items,
                     oracle::NaiveTable& model) {
  for (const auto& raw : items) {
    auto item = dynamodb::item_from_json(raw);
    if (!item)
      return make_error(ErrorCode::kBadFormat, 0, "a reproduction item: " + describe(item.error()));
    Workload::Answer a = w.send("PutItem", {{"TableName", table}, {"Item", raw}});
    if (a.error) return differs("writing the reproduction's items failed: " + a.error->message);
    model.put(props::to_naive(*item));
  }
  return agrees();
}

// The recorded request's parameters aimed at `table`: a batch names it as
// the one key of RequestItems, any other request as TableName.
nlohmann::json aimed_at(nlohmann::json params, const std::string& table) {
  if (params.contains("RequestItems") && params["RequestItems"].is_object() &&
      params["RequestItems"].size() == 1) {
    params["RequestItems"] = {{table, params["RequestItems"].begin().value()}};
  } else {
    params["TableName"] = table;
  }
  return params;
}

// An item a write returns (`member` of its answer: ReturnValues'
// "Attributes", a failed condition's "Item") against the expected one
// (null: none; an empty map counts as none): nullopt when they agree.
std::optional<std::string> returned_item(const nlohmann::json& want, const nlohmann::json& body,
                                         const std::string& member) {
  nlohmann::json got = body.is_object() ? body.value(member, nlohmann::json()) : nlohmann::json();
  if (got.is_object() && got.empty()) got = nullptr;
  if (want.is_null() || got.is_null()) {
    if (want.is_null() && got.is_null()) return std::nullopt;
    return fmt::format("{} {}", got.is_null() ? "no" : "an", member) +
           (got.is_null() ? ", the expected answer has one" : ", the expected answer has none");
  }
  auto a = dynamodb::item_from_json(want);
  auto b = dynamodb::item_from_json(got);
  if (a && b && oracle::naive_items_equal(props::to_naive(*a), props::to_naive(*b)))
    return std::nullopt;
  return "the " + member + " returned differs from the expected one";
}

// An answer expected to be refused with the error type `want`: nullopt when
// it is, else how it went instead.
std::optional<std::string> refusal_difference(const std::string& want, const std::string& action,
                                              const Workload::Answer& a) {
  if (a.error && a.error->type == want) return std::nullopt;
  return a.error ? fmt::format("{} was refused with {}, the expected answer is {}", action,
                               a.error->type, want)
                 : fmt::format("{} was accepted, the expected answer is {}", action, want);
}

// A page's answer against the expected page (workload.h's page form): its
// Count, ScannedCount, items in an order DynamoDB may give (`model` knows
// the keys of the index read) and LastEvaluatedKey. Errors: expected items
// or a LastEvaluatedKey that are not DynamoDB JSON.
Replayed page_difference(const nlohmann::json& expected, const nlohmann::json& params,
                         const Workload::Answer& a, const oracle::NaiveTable& model) {
  std::vector<NItem> want;
  for (const auto& raw : expected.value("Items", nlohmann::json::array())) {
    auto item = dynamodb::item_from_json(raw);
    if (!item)
      return make_error(ErrorCode::kBadFormat, 0, "an expected item: " + describe(item.error()));
    want.push_back(props::to_naive(*item));
  }
  if (expected.contains("Count") && a.count != expected["Count"].get<int>())
    return differs(fmt::format("Count {}, expected {}", a.count, expected["Count"].get<int>()));
  if (expected.contains("ScannedCount") && a.scanned != expected["ScannedCount"].get<int>()) {
    return differs(fmt::format("ScannedCount {}, expected {}", a.scanned,
                               expected["ScannedCount"].get<int>()));
  }
  if (expected.contains("Items")) {
    const std::string index = params.value("IndexName", std::string());
    std::string why;
    const bool ok = expected.value("order", std::string()) == "scan"
                        ? oracle::accept_scan_order(want, a.items, model.partition_of(index),
                                                    model.sort_of(index), &why)
                        : oracle::accept_query_order(want, a.items, model.sort_of(index),
                                                     expected.value("forward", true), &why);
    if (!ok) return differs(why);
  }
  const nlohmann::json lek = expected.value("LastEvaluatedKey", nlohmann::json("allowed"));
  if (lek.is_string() && lek.get<std::string>() == "forbidden" && a.lek)
    return differs("a LastEvaluatedKey where none is expected");
  if (lek.is_object()) {
    auto key = dynamodb::item_from_json(lek);
    if (!key)
      return make_error(ErrorCode::kBadFormat, 0,
                        "the expected LastEvaluatedKey: " + describe(key.error()));
    if (!a.lek || !oracle::naive_items_equal(*a.lek, props::to_naive(*key)))
      return differs("the LastEvaluatedKey differs from the expected one");
  }
  return agrees();
}

// The replayed answer of `action` against `expected` (workload.h's page
// form): a refusal, an accepted write, a GetItem's item, or a page; with
// `numbers`, then the text of the Numbers in it.
Replayed answer_difference(const nlohmann::json& expected, const std::string& action,
                           const nlohmann::json& params, const Workload::Answer& a,
                           const oracle::NaiveTable& model, bool numbers) {
  if (expected.contains("error")) {
    if (auto d = refusal_difference(expected.value("error", std::string()), action, a)) return d;
    if (expected.contains("Item")) {
      if (auto d = returned_item(expected["Item"], a.body, "Item")) return differs(*d);
    }
    return agrees();
  }
  if (a.error)
    return differs(fmt::format("{} refused: {}: {}", action, a.error->type, a.error->message));
  if (expected.contains("Attributes")) {
    if (auto d = returned_item(expected["Attributes"], a.body, "Attributes")) return differs(*d);
  }
  if (expected.contains("ok")) return agrees();
  if (!a.malformed.empty()) return differs(a.malformed);
  if (expected.contains("Item")) return replayed_item(expected["Item"], a.body, numbers);
  Replayed page = page_difference(expected, params, a, model);
  if (!page || page->has_value()) return page;
  return number_text(a.body, numbers);
}

}  // namespace

Result<std::optional<std::string>> Workload::replay(const nlohmann::json& reproduction,
                                                    bool numbers) {
  for (int attempt = 1;; ++attempt) {
    bool unsure = false;
    auto outcome = replay_once(reproduction, numbers, &unsure);
    if (!unsure || attempt == 3) return outcome;
  }
}

Result<std::optional<std::string>> Workload::replay_once(const nlohmann::json& r, bool numbers,
                                                         bool* unsure) {
  auto schema = schema_from_json(r.value("table", nlohmann::json()));
  if (!schema) return schema.error();
  const nlohmann::json& request = r["request"];
  const nlohmann::json& expected = r["expected"];
  if (!request.is_object() || !request.contains("action") || !request.contains("params")) {
    return make_error(ErrorCode::kBadFormat, 0,
                      "a reproduction's request needs \"action\" and \"params\"");
  }
  if (request["action"] == "CreateTable") return replay_table(tables_, *schema);
  if (request["action"] == "TransactWriteItems" || request["action"] == "TransactGetItems" ||
      request["action"] == "BatchGetItem")
    return replay_transaction(r, unsure);
  auto name = tables_.create(props::to_engine(*schema));
  if (!name) return name.error();
  const TableDropper dropper{tables_, *name};
  oracle::NaiveTable model(*schema);
  if (Replayed written = write_items(*this, *name, r["items"], model);
      !written || written->has_value())
    return written;
  const nlohmann::json params = aimed_at(request["params"], *name);
  const std::string action = request["action"].get<std::string>();
  const Answer a = send(action, params);
  *unsure = a.outcome_unknown && !repeat_safe(action, params);
  Replayed answered = answer_difference(expected, action, params, a, model, numbers);
  if (!answered || answered->has_value() || !expected.contains("stored")) return answered;
  // A write's item read back (Workload::write_divergence): its key is the
  // request's Key, or the table key of its Item.
  const nlohmann::json written = params.value("Key", params.value("Item", nlohmann::json()));
  auto item = dynamodb::item_from_json(written);
  if (!item) return make_error(ErrorCode::kBadFormat, 0, "a write without a Key or an Item");
  const NItem key = oracle::naive_table_key(*schema, props::to_naive(*item));
  const Answer read = send(
      "GetItem", {{"TableName", *name}, {"Key", naive_to_json(key)}, {"ConsistentRead", true}});
  if (read.error) return differs("reading the item back failed: " + read.error->message);
  if (auto d = replayed_item(expected["stored"], read.body, false))
    return differs("then GetItem: " + *d);
  return agrees();
}

}  // namespace sortkey::certify::endpoint
