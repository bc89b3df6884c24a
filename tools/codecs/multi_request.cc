#include "tools/codecs/multi_request.h"

#include <fmt/format.h>

#include <utility>

#include "sortkey/items_file.h"

namespace sortkey::cli {
namespace {

using nlohmann::json;

Error multi_error(ErrorCode code, std::string message) {
  return Error{code, 0, std::move(message)};
}

// `place: message`, the place of a part of the request in front.
Error multi_at(std::string_view place, const Error& e) {
  return Error{e.code, 0, fmt::format("{}: {}", place, e.message)};
}

// Why a top-level or per-table field is refused by name; empty for one
// DynamoDB does not know.
std::string_view multi_refused(std::string_view name) {
  if (name == "ClientRequestToken") {
    return "the in-memory table keeps no tokens (a repeated transaction applies again); leave it "
           "out";
  }
  if (name == "ReturnConsumedCapacity" || name == "ReturnItemCollectionMetrics") {
    return "the in-memory table does not count capacity or item collections; leave it out";
  }
  if (name == "AttributesToGet") {
    return "a legacy parameter, not run here: write it as a ProjectionExpression";
  }
  return {};
}

Error multi_unknown(std::string_view place, std::string_view name, std::string_view of) {
  const std::string_view why = multi_refused(name);
  return multi_error(ErrorCode::kBadParameter,
                     why.empty()
                         ? fmt::format("{}{}: not a field of {}", place, printable(name), of)
                         : fmt::format("{}{}: {}", place, printable(name), why));
}

Result<Item> multi_item(std::string_view place, const json& j) {
  if (!j.is_object()) return wrong_type(place, "an object", j);
  auto item = parse_item(j.dump());
  if (!item) {
    return multi_error(item.error().code,
                       fmt::format("{}: {}", place, printable(item.error().message)));
  }
  return std::move(*item);
}

Result<std::string> multi_string(std::string_view place, const json& j) {
  if (!j.is_string()) return wrong_type(place, "a string", j);
  return j.get<std::string>();
}

Result<AttributeNames> multi_names(std::string_view place, const json& j) {
  if (!j.is_object()) return wrong_type(place, "an object", j);
  AttributeNames names;
  for (const auto& [k, v] : j.items()) {
    if (!v.is_string()) {
      return wrong_type(fmt::format("{}: {}", place, printable(k)), "a string", v);
    }
    names.emplace(k, v.get<std::string>());
  }
  return names;
}

// TransactItems: an array of 1 to kMaxTransactItems one-member objects.
Result<const json*> transact_items(const json& request, std::string_view op) {
  if (!request.is_object()) return wrong_type("the request", "a JSON object", request);
  const json* items = nullptr;
  for (const auto& [name, value] : request.items()) {
    if (name != "TransactItems") return multi_unknown("", name, op);
    items = &value;
  }
  if (items == nullptr) {
    return multi_error(ErrorCode::kBadParameter,
                       fmt::format("TransactItems: missing; {} needs it", op));
  }
  if (!items->is_array()) return wrong_type("TransactItems", "an array", *items);
  if (items->empty() || items->size() > kMaxTransactItems) {
    return multi_error(ErrorCode::kOutOfRange,
                       fmt::format("TransactItems: {} actions; DynamoDB takes 1 to {}",
                                   items->size(), kMaxTransactItems));
  }
  for (std::size_t i = 0; i < items->size(); ++i) {
    const json& action = (*items)[i];
    if (!action.is_object() || action.size() != 1) {
      return multi_error(ErrorCode::kBadParameter,
                         fmt::format("TransactItems[{}]: expected an object with one action, got "
                                     "{}",
                                     i,
                                     action.is_object() ? fmt::format("{} members", action.size())
                                                        : std::string(json_type_name(action))));
    }
  }
  return items;
}

Result<TransactWriteEntry> write_entry(const json& action, std::size_t i) {
  using Kind = TransactWriteAction::Kind;
  const std::string& kind = action.begin().key();
  TransactWriteEntry entry;
  if (kind == "Put") {
    entry.kind = Kind::kPut;
  } else if (kind == "Update") {
    entry.kind = Kind::kUpdate;
  } else if (kind == "Delete") {
    entry.kind = Kind::kDelete;
  } else if (kind == "ConditionCheck") {
    entry.kind = Kind::kConditionCheck;
  } else {
    return multi_error(ErrorCode::kBadParameter,
                       fmt::format("TransactItems[{}]: expected one of Put, Update, Delete, "
                                   "ConditionCheck, got {}",
                                   i, printable(kind)));
  }
  auto r = read_transact_write_action(action.begin().value(), kind);
  if (!r) return multi_at(fmt::format("TransactItems[{}].{}", i, kind), r.error());
  entry.request = std::move(*r);
  return entry;
}

Result<TransactGetEntry> get_entry(const json& action, std::size_t i) {
  const std::string& kind = action.begin().key();
  const std::string place = fmt::format("TransactItems[{}].Get", i);
  if (kind != "Get") {
    return multi_error(ErrorCode::kBadParameter,
                       fmt::format("TransactItems[{}]: expected Get, got {}", i, printable(kind)));
  }
  const json& get = action.begin().value();
  if (!get.is_object()) return wrong_type(place, "an object", get);
  TransactGetEntry entry;
  bool has_key = false;
  for (const auto& [name, value] : get.items()) {
    const std::string at = fmt::format("{}.{}", place, name);
    if (name == "TableName") {
      auto s = multi_string(at, value);
      if (!s) return s.error();
      entry.table_name = std::move(*s);
    } else if (name == "Key") {
      auto key = multi_item(at, value);
      if (!key) return key.error();
      entry.key = std::move(*key);
      has_key = true;
    } else if (name == "ProjectionExpression") {
      auto s = multi_string(at, value);
      if (!s) return s.error();
      entry.projection = std::move(*s);
    } else if (name == "ExpressionAttributeNames") {
      auto names = multi_names(at, value);
      if (!names) return names.error();
      entry.names = std::move(*names);
    } else {
      return multi_unknown(place + ".", name, "Get");
    }
  }
  if (!has_key) {
    return multi_error(ErrorCode::kBadParameter,
                       fmt::format("{}.Key: missing; Get needs it", place));
  }
  return entry;
}

Result<BatchGetEntry> batch_entry(const std::string& table, const json& j) {
  const std::string place = fmt::format("RequestItems.{}", printable(table));
  if (!j.is_object()) return wrong_type(place, "an object", j);
  BatchGetEntry entry;
  entry.table_name = table;
  bool has_keys = false;
  for (const auto& [name, value] : j.items()) {
    const std::string at = fmt::format("{}.{}", place, name);
    if (name == "Keys") {
      if (!value.is_array()) return wrong_type(at, "an array", value);
      for (std::size_t i = 0; i < value.size(); ++i) {
        auto key = multi_item(fmt::format("{}[{}]", at, i), value[i]);
        if (!key) return key.error();
        entry.keys.push_back(std::move(*key));
      }
      has_keys = true;
    } else if (name == "ProjectionExpression") {
      auto s = multi_string(at, value);
      if (!s) return s.error();
      entry.projection = std::move(*s);
    } else if (name == "ExpressionAttributeNames") {
      auto names = multi_names(at, value);
      if (!names) return names.error();
      entry.names = std::move(*names);
    } else if (name == "ConsistentRead") {
      if (!value.is_boolean()) return wrong_type(at, "a boolean", value);
      entry.consistent_read = value.get<bool>();
    } else {
      return multi_unknown(place + ".", name, "a table of RequestItems");
    }
  }
  if (!has_keys || entry.keys.empty() || entry.keys.size() > kMaxBatchGetKeys) {
    return multi_error(ErrorCode::kOutOfRange,
                       fmt::format("{}.Keys: {} keys; DynamoDB takes 1 to {} per table", place,
                                   entry.keys.size(), kMaxBatchGetKeys));
  }
  return entry;
}

Result<void> read_batch_get(const json& request, MultiRequest& out) {
  if (!request.is_object()) return wrong_type("the request", "a JSON object", request);
  const json* items = nullptr;
  for (const auto& [name, value] : request.items()) {
    if (name != "RequestItems") return multi_unknown("", name, "BatchGetItem");
    items = &value;
  }
  if (items == nullptr) {
    return multi_error(ErrorCode::kBadParameter, "RequestItems: missing; BatchGetItem needs it");
  }
  if (!items->is_object()) return wrong_type("RequestItems", "an object", *items);
  if (items->empty()) {
    return multi_error(ErrorCode::kOutOfRange, "RequestItems: no table; DynamoDB takes 1 or more");
  }
  std::size_t keys = 0;
  for (const auto& [table, value] : items->items()) {
    auto entry = batch_entry(table, value);
    if (!entry) return entry.error();
    keys += entry->keys.size();
    out.tables.push_back(std::move(*entry));
  }
  if (keys > kMaxBatchGetKeys) {
    return multi_error(ErrorCode::kOutOfRange,
                       fmt::format("RequestItems: {} keys in all; DynamoDB takes at most {}", keys,
                                   kMaxBatchGetKeys));
  }
  return {};
}

json item_json(const Item& item) { return json::parse(to_json(item)); }

}  // namespace

Result<MultiRequest> parse_multi_request(std::string_view text, WriteOperation op) {
  auto j = parse_request_json(text);
  if (!j) return j.error();
  MultiRequest out;
  out.operation = op;
  if (op == WriteOperation::kBatchGetItem) {
    if (auto ok = read_batch_get(*j, out); !ok) return ok.error();
    return out;
  }
  if (!is_multi_item(op)) {
    return multi_error(ErrorCode::kBadParameter,
                       fmt::format("{}: a single-item request, read by parse_write_request",
                                   write_operation_name(op)));
  }
  auto items = transact_items(*j, write_operation_name(op));
  if (!items) return items.error();
  for (std::size_t i = 0; i < (*items)->size(); ++i) {
    if (op == WriteOperation::kTransactWriteItems) {
      auto entry = write_entry((**items)[i], i);
      if (!entry) return entry.error();
      out.writes.push_back(std::move(*entry));
    } else {
      auto entry = get_entry((**items)[i], i);
      if (!entry) return entry.error();
      out.gets.push_back(std::move(*entry));
    }
  }
  return out;
}

nlohmann::json multi_request_json(const MultiRequest& r) {
  static constexpr std::string_view kKinds[] = {"Put", "Update", "Delete", "ConditionCheck"};
  json j = json::object();
  switch (r.operation) {
    case WriteOperation::kTransactWriteItems:
      j["TransactItems"] = json::array();
      for (const TransactWriteEntry& e : r.writes) {
        json action = write_request_json(e.request);
        j["TransactItems"].push_back(
            {{std::string(kKinds[static_cast<int>(e.kind)]), std::move(action)}});
      }
      break;
    case WriteOperation::kTransactGetItems:
      j["TransactItems"] = json::array();
      for (const TransactGetEntry& e : r.gets) {
        json get = {{"Key", item_json(e.key)}};
        if (e.table_name) get["TableName"] = *e.table_name;
        if (e.projection) get["ProjectionExpression"] = *e.projection;
        if (e.names) get["ExpressionAttributeNames"] = *e.names;
        j["TransactItems"].push_back({{"Get", std::move(get)}});
      }
      break;
    default:
      j["RequestItems"] = json::object();
      for (const BatchGetEntry& e : r.tables) {
        json table = {{"Keys", json::array()}};
        for (const Item& key : e.keys) table["Keys"].push_back(item_json(key));
        if (e.projection) table["ProjectionExpression"] = *e.projection;
        if (e.names) table["ExpressionAttributeNames"] = *e.names;
        if (e.consistent_read) table["ConsistentRead"] = *e.consistent_read;
        j["RequestItems"][e.table_name] = std::move(table);
      }
      break;
  }
  return j;
}

}  // namespace sortkey::cli
