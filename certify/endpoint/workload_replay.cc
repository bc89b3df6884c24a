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

// A GetItem's answer against the expected item (null: none): nullopt when
// they agree, else what differs.
std::optional<std::string> replayed_item(const nlohmann::json& want, const nlohmann::json& body) {
  const nlohmann::json got = body.value("Item", nlohmann::json(nullptr));
  if (auto bad = non_canonical_numbers(got); !bad.empty())
    return "Numbers not in canonical text: " + bad.front();
  if (want.is_null() || got.is_null()) {
    if (want.is_null() && got.is_null()) return std::nullopt;
    return std::string(got.is_null() ? "no item, the expected answer has one"
                                     : "an item, the expected answer has none");
  }
  auto a = dynamodb::item_from_json(want);
  auto b = dynamodb::item_from_json(got);
  if (a && b && oracle::naive_items_equal(props::to_naive(*a), props::to_naive(*b)))
    return std::nullopt;
  return std::string("the item read differs from the expected one");
}

}  // namespace

Result<std::optional<std::string>> Workload::replay(const nlohmann::json& reproduction) {
  for (int attempt = 1;; ++attempt) {
    bool unsure = false;
    auto outcome = replay_once(reproduction, &unsure);
    if (!unsure || attempt == 3) return outcome;
  }
}

Result<std::optional<std::string>> Workload::replay_once(const nlohmann::json& r, bool* unsure) {
  auto schema = schema_from_json(r.value("table", nlohmann::json()));
  if (!schema) return schema.error();
  const nlohmann::json& request = r["request"];
  const nlohmann::json& expected = r["expected"];
  if (!request.is_object() || !request.contains("action") || !request.contains("params")) {
    return make_error(ErrorCode::kBadFormat, 0,
                      "a reproduction's request needs \"action\" and \"params\"");
  }
  auto name = tables_.create(props::to_engine(*schema));
  if (!name) return name.error();
  struct Dropper {
    dynamodb::TableManager& t;
    std::string n;
    ~Dropper() {
      try {
        t.drop(n);
      } catch (const dynamodb::TransportError&) {
        // drop_all at the end of the run tries again
      }
    }
  } dropper{tables_, *name};

  oracle::NaiveTable model(*schema);
  std::vector<NItem> items;
  for (const auto& raw : r["items"]) {
    auto item = dynamodb::item_from_json(raw);
    if (!item)
      return make_error(ErrorCode::kBadFormat, 0, "a reproduction item: " + describe(item.error()));
    // Written as recorded (spellings included), one by one.
    Answer a = send("PutItem", {{"TableName", *name}, {"Item", raw}});
    if (a.error)
      return std::optional<std::string>("writing the reproduction's items failed: " +
                                        a.error->message);
    model.put(props::to_naive(*item));
  }
  nlohmann::json params = request["params"];
  if (params.contains("RequestItems") && params["RequestItems"].is_object() &&
      params["RequestItems"].size() == 1) {
    params["RequestItems"] = {{*name, params["RequestItems"].begin().value()}};
  } else {
    params["TableName"] = *name;
  }
  const std::string action = request["action"].get<std::string>();
  Answer a = send(action, params);
  *unsure = a.outcome_unknown && !repeat_safe(action, params);

  if (expected.contains("error")) {
    const std::string want = expected.value("error", std::string());
    if (a.error && a.error->type == want) return std::optional<std::string>();
    return std::optional<std::string>(
        a.error ? fmt::format("{} was refused with {}, the expected answer is {}", action,
                              a.error->type, want)
                : fmt::format("{} was accepted, the expected answer is {}", action, want));
  }
  if (a.error)
    return std::optional<std::string>(
        fmt::format("{} refused: {}: {}", action, a.error->type, a.error->message));
  if (expected.contains("ok")) return std::optional<std::string>();
  if (!a.malformed.empty()) return std::optional<std::string>(a.malformed);
  if (expected.contains("Item")) return replayed_item(expected["Item"], a.body);
  if (auto bad = non_canonical_numbers(a.body); !bad.empty()) {
    return std::optional<std::string>("Numbers not in canonical text: " + bad.front());
  }
  std::vector<NItem> want;
  for (const auto& raw : expected.value("Items", nlohmann::json::array())) {
    auto item = dynamodb::item_from_json(raw);
    if (!item)
      return make_error(ErrorCode::kBadFormat, 0, "an expected item: " + describe(item.error()));
    want.push_back(props::to_naive(*item));
  }
  if (expected.contains("Count") && a.count != expected["Count"].get<int>()) {
    return std::optional<std::string>(
        fmt::format("Count {}, expected {}", a.count, expected["Count"].get<int>()));
  }
  if (expected.contains("ScannedCount") && a.scanned != expected["ScannedCount"].get<int>()) {
    return std::optional<std::string>(fmt::format("ScannedCount {}, expected {}", a.scanned,
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
    if (!ok) return std::optional<std::string>(why);
  }
  const nlohmann::json lek = expected.value("LastEvaluatedKey", nlohmann::json("allowed"));
  if (lek.is_string() && lek.get<std::string>() == "forbidden" && a.lek) {
    return std::optional<std::string>("a LastEvaluatedKey where none is expected");
  }
  if (lek.is_object()) {
    auto key = dynamodb::item_from_json(lek);
    if (!key)
      return make_error(ErrorCode::kBadFormat, 0,
                        "the expected LastEvaluatedKey: " + describe(key.error()));
    if (!a.lek || !oracle::naive_items_equal(*a.lek, props::to_naive(*key))) {
      return std::optional<std::string>("the LastEvaluatedKey differs from the expected one");
    }
  }
  return std::optional<std::string>();
}

}  // namespace sortkey::certify::endpoint
