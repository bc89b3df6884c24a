#include "dynamodb/tables.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <thread>

namespace sortkey::dynamodb {
namespace {

// `definition` with its TableName.
nlohmann::json named(nlohmann::json definition, const std::string& name) {
  definition["TableName"] = name;
  return definition;
}

const char* projection_name(ProjectionType p) {
  switch (p) {
    case ProjectionType::kAll:
      return "ALL";
    case ProjectionType::kKeysOnly:
      return "KEYS_ONLY";
    case ProjectionType::kInclude:
      return "INCLUDE";
  }
  return "ALL";
}

}  // namespace

nlohmann::json table_definition(const TableSchema& s) {
  nlohmann::json defs = nlohmann::json::array();
  std::set<std::string> defined;
  auto define = [&](const KeyAttribute& k) {
    if (defined.insert(k.name).second)
      defs.push_back(
          {{"AttributeName", k.name}, {"AttributeType", std::string(type_name(k.type))}});
  };
  auto schema = [](const std::vector<KeyAttribute>& pk, const std::vector<KeyAttribute>& sk) {
    nlohmann::json out = nlohmann::json::array();
    for (const KeyAttribute& k : pk)
      out.push_back({{"AttributeName", k.name}, {"KeyType", "HASH"}});
    for (const KeyAttribute& k : sk)
      out.push_back({{"AttributeName", k.name}, {"KeyType", "RANGE"}});
    return out;
  };
  define(s.partition_key);
  if (s.sort_key) define(*s.sort_key);
  nlohmann::json j = {
      {"KeySchema", schema({s.partition_key}, s.sort_key ? std::vector<KeyAttribute>{*s.sort_key}
                                                         : std::vector<KeyAttribute>{})},
      {"BillingMode", "PAY_PER_REQUEST"}};
  if (!s.indexes.empty()) {
    nlohmann::json gsis = nlohmann::json::array();
    for (const IndexSchema& i : s.indexes) {
      for (const KeyAttribute& k : i.partition_key) define(k);
      for (const KeyAttribute& k : i.sort_key) define(k);
      nlohmann::json projection = {{"ProjectionType", projection_name(i.projection.type)}};
      if (i.projection.type == ProjectionType::kInclude)
        projection["NonKeyAttributes"] = i.projection.non_key_attributes;
      gsis.push_back({{"IndexName", i.name},
                      {"KeySchema", schema(i.partition_key, i.sort_key)},
                      {"Projection", projection}});
    }
    j["GlobalSecondaryIndexes"] = gsis;
  }
  // Local indexes: the table's partition key and one sort attribute (AWS API
  // reference "CreateTable", LocalSecondaryIndexes).
  if (!s.local_indexes.empty()) {
    nlohmann::json lsis = nlohmann::json::array();
    for (const LocalIndexSchema& i : s.local_indexes) {
      define(i.sort_key);
      nlohmann::json projection = {{"ProjectionType", projection_name(i.projection.type)}};
      if (i.projection.type == ProjectionType::kInclude)
        projection["NonKeyAttributes"] = i.projection.non_key_attributes;
      lsis.push_back({{"IndexName", i.name},
                      {"KeySchema", schema({s.partition_key}, {i.sort_key})},
                      {"Projection", projection}});
    }
    j["LocalSecondaryIndexes"] = lsis;
  }
  j["AttributeDefinitions"] = defs;
  return j;
}

Result<std::string> TableManager::create(const TableSchema& schema, int wait_ms) {
  const std::string name = fmt::format("{}{}-{}", kTablePrefix, run_id_, ++counter_);
  last_refusal_.reset();
  // Held before it is sent: a CreateTable cut by an interrupt may still make
  // the table, and cleanup must delete it (one that never came is not found,
  // which drop takes as gone).
  const auto sent_before = client_.stats().requests;
  live_.insert(name);
  Reply created;
  try {
    created = client_.call("CreateTable", named(table_definition(schema), name));
  } catch (const TransportError&) {
    // Stopped (by the budget or an interrupt) before a first attempt was
    // sent: there is no table to delete.
    if (client_.stats().requests == sent_before) live_.erase(name);
    throw;
  }
  // A retried CreateTable whose first attempt went through: the name is this run's own.
  const bool made_before =
      !created.ok() && created.attempts > 1 && created.error->type == "ResourceInUseException";
  if (!created.ok() && !made_before) {
    live_.erase(name);
    last_refusal_ = created.error;
    return make_error(ErrorCode::kUnavailable, 0,
                      fmt::format("CreateTable {} refused: {}: {}", name, created.error->type,
                                  created.error->message));
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(wait_ms);
  for (int delay = 5;; delay = std::min(delay * 2, 1000)) {
    const Reply d = client_.call("DescribeTable", {{"TableName", name}});
    if (d.ok()) {
      const auto& t = d.body.value("Table", nlohmann::json::object());
      bool active = t.value("TableStatus", std::string()) == "ACTIVE";
      for (const auto& i : t.value("GlobalSecondaryIndexes", nlohmann::json::array())) {
        active = active && i.value("IndexStatus", std::string("ACTIVE")) == "ACTIVE";
      }
      if (active) return name;
    }
    if (std::chrono::steady_clock::now() > deadline) {
      return make_error(ErrorCode::kUnavailable, 0,
                        fmt::format("table {} was not ACTIVE after {} ms", name, wait_ms));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(delay));
  }
}

bool TableManager::drop(const std::string& name) {
  if (keep_ || !live_.contains(name) || name.rfind(kTablePrefix, 0) != 0) return false;
  const Reply r = client_.call("DeleteTable", {{"TableName", name}});
  // Gone already is as good as deleted.
  if (r.ok() || r.error->type == "ResourceNotFoundException") {
    live_.erase(name);
    return true;
  }
  return false;
}

std::vector<std::string> TableManager::drop_all() {
  std::vector<std::string> failed;
  const std::vector<std::string> names(live_.begin(), live_.end());
  for (const std::string& name : names) {
    try {
      // A table still CREATING or UPDATING refuses deletion for a moment.
      bool done = false;
      for (int attempt = 0; attempt < 20 && !done; ++attempt) {
        done = drop(name);
        if (!done) std::this_thread::sleep_for(std::chrono::milliseconds(250));
      }
      if (!done) failed.push_back(name + ": DeleteTable kept failing");
    } catch (const TransportError& e) {
      failed.push_back(name + ": " + e.what());
    }
  }
  return failed;
}

void delete_items(DynamoDbClient& client, const std::string& table,
                  const std::vector<nlohmann::json>& keys) {
  for (std::size_t at = 0; at < keys.size(); at += 25) {
    nlohmann::json requests = nlohmann::json::array();
    for (std::size_t i = at; i < std::min(keys.size(), at + 25); ++i) {
      requests.push_back({{"DeleteRequest", {{"Key", keys[i]}}}});
    }
    nlohmann::json batch = {{"RequestItems", {{table, requests}}}};
    for (int attempt = 0;; ++attempt) {
      const Reply r = client.call("BatchWriteItem", batch);
      if (!r.ok()) {
        throw TransportError(TransportError::Kind::kProtocol,
                             fmt::format("emptying {}: BatchWriteItem refused: {}: {}", table,
                                         r.error->type, r.error->message));
      }
      const auto unprocessed = r.body.value("UnprocessedItems", nlohmann::json::object());
      if (unprocessed.empty() || !unprocessed.contains(table) || unprocessed[table].empty()) break;
      if (attempt == 20) {
        throw TransportError(TransportError::Kind::kThrottled,
                             "emptying " + table + ": items stay unprocessed");
      }
      batch = {{"RequestItems", unprocessed}};
      std::this_thread::sleep_for(std::chrono::milliseconds(10 << std::min(attempt, 6)));
    }
  }
}

}  // namespace sortkey::dynamodb
