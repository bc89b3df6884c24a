#include "design/endpoint_store.h"

#include <fmt/format.h>

#include <chrono>
#include <map>
#include <random>
#include <thread>

#include "dynamodb/client.h"
#include "dynamodb/credentials.h"
#include "dynamodb/interrupts.h"
#include "dynamodb/run_notes.h"
#include "dynamodb/tables.h"
#include "support/text.h"

namespace sortkey::design {
namespace {

using dynamodb::Reply;
using dynamodb::TransportError;

// ---------------------------------------------------------------- requests

nlohmann::json attributes_json(const ExpressionAttributes& a) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [k, v] : a.names) j["ExpressionAttributeNames"][k] = v;
  for (const auto& [k, v] : a.values)
    j["ExpressionAttributeValues"][k] = dynamodb::to_json_value(v);
  return j;
}

nlohmann::json query_json(const std::string& table, const QueryRequest& r) {
  nlohmann::json j = attributes_json(r.attributes);
  j["TableName"] = table;
  if (!r.index_name.empty()) j["IndexName"] = r.index_name;
  j["KeyConditionExpression"] = r.key_condition;
  if (r.filter) j["FilterExpression"] = *r.filter;
  j["ScanIndexForward"] = r.scan_index_forward;
  if (r.limit) j["Limit"] = *r.limit;
  if (r.exclusive_start_key)
    j["ExclusiveStartKey"] = dynamodb::to_json_item(*r.exclusive_start_key);
  if (r.consistent_read) j["ConsistentRead"] = true;
  j["ReturnConsumedCapacity"] = "TOTAL";
  return j;
}

nlohmann::json scan_json(const std::string& table, const ScanRequest& r) {
  nlohmann::json j = attributes_json(r.attributes);
  j["TableName"] = table;
  if (!r.index_name.empty()) j["IndexName"] = r.index_name;
  if (r.filter) j["FilterExpression"] = *r.filter;
  if (r.limit) j["Limit"] = *r.limit;
  if (r.exclusive_start_key)
    j["ExclusiveStartKey"] = dynamodb::to_json_item(*r.exclusive_start_key);
  j["ReturnConsumedCapacity"] = "TOTAL";
  return j;
}

nlohmann::json update_json(const std::string& table, const Item& key, const ItemUpdate& u) {
  nlohmann::json j = {{"TableName", table}, {"Key", dynamodb::to_json_item(key)}};
  std::string set;
  std::string remove;
  int n = 0;
  for (const auto& [name, value] : u.set) {
    const std::string ph = fmt::format("#a{}", n), vh = fmt::format(":v{}", n++);
    set += (set.empty() ? "SET " : ", ") + ph + " = " + vh;
    j["ExpressionAttributeNames"][ph] = name;
    j["ExpressionAttributeValues"][vh] = dynamodb::to_json_value(value);
  }
  for (const std::string& name : u.remove) {
    const std::string ph = fmt::format("#a{}", n++);
    remove += (remove.empty() ? "REMOVE " : ", ") + ph;
    j["ExpressionAttributeNames"][ph] = name;
  }
  // No change: UpdateItem without an expression, which DynamoDB accepts (an empty one it refuses).
  if (!set.empty() || !remove.empty()) {
    j["UpdateExpression"] = set + (set.empty() || remove.empty() ? "" : " ") + remove;
  }
  return j;
}

Result<void> refused(const dynamodb::Reply& r, std::string_view action) {
  if (r.ok()) return {};
  return make_error(ErrorCode::kBadParameter, 0,
                    fmt::format("{} answers {}: {}", action, r.error->type, r.error->message));
}

// A write's request: the table, the condition and the expression attributes.
nlohmann::json write_json(const std::string& table, const std::optional<std::string>& condition,
                          const ExpressionAttributes& a) {
  nlohmann::json j = {{"TableName", table}};
  if (condition) j["ConditionExpression"] = *condition;
  for (const auto& [k, v] : a.names) j["ExpressionAttributeNames"][k] = v;
  for (const auto& [k, v] : a.values)
    j["ExpressionAttributeValues"][k] = dynamodb::to_json_value(v);
  return j;
}

const char* return_values_name(ReturnValues r) {
  switch (r) {
    case ReturnValues::kNone:
      return "NONE";
    case ReturnValues::kAllOld:
      return "ALL_OLD";
    case ReturnValues::kUpdatedOld:
      return "UPDATED_OLD";
    case ReturnValues::kAllNew:
      return "ALL_NEW";
    case ReturnValues::kUpdatedNew:
      return "UPDATED_NEW";
  }
  return "NONE";
}

// A write's answer: ConditionalCheckFailedException is a false condition.
Result<WriteOutcome> write_outcome(const dynamodb::Reply& r, std::string_view action) {
  WriteOutcome out;
  if (!r.ok() && r.error->type.find("ConditionalCheckFailed") != std::string::npos) {
    out.condition_failed = true;
    return out;
  }
  if (auto ok = refused(r, action); !ok) return ok.error();
  if (r.body.contains("Attributes")) {
    auto item = dynamodb::item_from_json(r.body["Attributes"]);
    if (!item) return item.error();
    out.attributes = std::move(*item);
  }
  return out;
}

Result<Page> page_from(const dynamodb::Reply& r) {
  Page p;
  const nlohmann::json& b = r.body;
  for (const auto& item : b.value("Items", nlohmann::json::array())) {
    auto parsed = dynamodb::item_from_json(item);
    if (!parsed) {
      return make_error(
          ErrorCode::kBadFormat, 0,
          "the endpoint answered an item that is not DynamoDB JSON: " + parsed.error().message);
    }
    p.items.emplace_back(*parsed);
  }
  p.count = b.value("Count", static_cast<int>(p.items.size()));
  p.scanned_count = b.value("ScannedCount", p.count);
  if (b.contains("LastEvaluatedKey") && !b["LastEvaluatedKey"].is_null()) {
    auto lek = dynamodb::item_from_json(b["LastEvaluatedKey"]);
    if (!lek) {
      return make_error(ErrorCode::kBadFormat, 0,
                        "the endpoint answered a LastEvaluatedKey that is not DynamoDB JSON: " +
                            lek.error().message);
    }
    p.last_evaluated_key = std::move(*lek);
  }
  if (b.contains("ConsumedCapacity") && b["ConsumedCapacity"].is_object()) {
    const auto& units = b["ConsumedCapacity"].value("CapacityUnits", nlohmann::json(0.0));
    if (units.is_number()) p.consumed_capacity = units.get<double>();
  }
  return p;
}

// ------------------------------------------------------------- the session

// The client, the one table, the keys written since it was last emptied.
struct Session {
  dynamodb::EndpointConfig config;
  std::string url_source;
  std::unique_ptr<dynamodb::DynamoDbClient> client;
  std::unique_ptr<dynamodb::TableManager> tables;
  std::string table;
  bool has_indexes = false;
  int index_wait_ms = 0;
  bool keep_tables = false;
  std::vector<std::string> key_names;   // the table's partition and sort key
  std::map<std::string, Item> written;  // the key of every item put since the table was emptied
  bool index_stale = false;             // writes since the last read of an index
  std::optional<std::string> fatal;
  bool closed = false;

  // `action` with `request`; an endpoint that cannot be used any more is
  // noted as fatal and reported as an error.
  Result<dynamodb::Reply> call(std::string_view action, const nlohmann::json& request) {
    if (fatal) return make_error(ErrorCode::kUnavailable, 0, *fatal);
    try {
      return client->call(action, request);
    } catch (const dynamodb::TransportError& e) {
      fatal = e.what();
      return make_error(ErrorCode::kUnavailable, 0, *fatal);
    }
  }
};

class EndpointStore final : public Store {
 public:
  explicit EndpointStore(std::shared_ptr<Session> s) : s_(std::move(s)) {}

  std::string name() const override { return "the table " + s_->table + " of " + s_->config.url; }

  Result<void> put(const Item& item) override {
    auto r =
        s_->call("PutItem", {{"TableName", s_->table}, {"Item", dynamodb::to_json_item(item)}});
    if (!r) return r.error();
    if (auto ok = refused(*r, "PutItem"); !ok) return ok;
    note_written(item);
    return {};
  }
  Result<void> update(const Item& key, const ItemUpdate& u) override {
    auto r = s_->call("UpdateItem", update_json(s_->table, key, u));
    if (!r) return r.error();
    if (auto ok = refused(*r, "UpdateItem"); !ok) return ok;
    note_written(key);
    return {};
  }
  Result<WriteOutcome> update_item(const UpdateItemRequest& request) override {
    nlohmann::json j = write_json(s_->table, request.condition, request.attributes);
    j["Key"] = dynamodb::to_json_item(request.key);
    if (request.update_expression) j["UpdateExpression"] = *request.update_expression;
    j["ReturnValues"] = return_values_name(request.return_values);
    auto r = s_->call("UpdateItem", j);
    if (!r) return r.error();
    note_written(request.key);
    return write_outcome(*r, "UpdateItem");
  }
  Result<bool> put_if(const Item& item, const std::string& condition,
                      const ExpressionAttributes& attributes) override {
    nlohmann::json j = write_json(s_->table, condition, attributes);
    j["Item"] = dynamodb::to_json_item(item);
    auto r = s_->call("PutItem", j);
    if (!r) return r.error();
    auto out = write_outcome(*r, "PutItem");
    if (!out) return out.error();
    if (!out->condition_failed) note_written(item);
    return !out->condition_failed;
  }
  Result<WriteOutcome> delete_item(const DeleteItemRequest& request) override {
    nlohmann::json j = write_json(s_->table, request.condition, request.attributes);
    j["Key"] = dynamodb::to_json_item(request.key);
    j["ReturnValues"] = return_values_name(request.return_values);
    auto r = s_->call("DeleteItem", j);
    if (!r) return r.error();
    return write_outcome(*r, "DeleteItem");
  }
  Result<TransactWriteOutcome> transact_write(
      const std::vector<TransactWriteAction>& actions) override {
    nlohmann::json items = nlohmann::json::array();
    for (const TransactWriteAction& a : actions) {
      nlohmann::json j = write_json(s_->table, a.condition, a.attributes);
      using Kind = TransactWriteAction::Kind;
      const char* kind = a.kind == Kind::kPut      ? "Put"
                         : a.kind == Kind::kUpdate ? "Update"
                         : a.kind == Kind::kDelete ? "Delete"
                                                   : "ConditionCheck";
      j[a.kind == Kind::kPut ? "Item" : "Key"] = dynamodb::to_json_item(a.item);
      if (a.update_expression) j["UpdateExpression"] = *a.update_expression;
      items.push_back({{kind, std::move(j)}});
    }
    auto r = s_->call("TransactWriteItems", {{"TransactItems", items}});
    if (!r) return r.error();
    TransactWriteOutcome out;
    if (!r->ok() && r->error->type.find("TransactionCanceled") != std::string::npos) {
      out.cancelled = true;
      const auto text_of = [](const nlohmann::json& o, const char* key) {
        const auto it = o.is_object() ? o.find(key) : o.end();
        return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
      };
      const auto reasons =
          r->body.is_object() ? r->body.find("CancellationReasons") : r->body.end();
      if (reasons == r->body.end() || !reasons->is_array()) {
        return make_error(ErrorCode::kBadFormat, 0,
                          "TransactWriteItems answers TransactionCanceledException without "
                          "CancellationReasons");
      }
      for (const auto& reason : *reasons) {
        CancellationReason c;
        const std::string code = text_of(reason, "Code");
        c.code = code == "ConditionalCheckFailed"
                     ? CancellationReason::Code::kConditionalCheckFailed
                 : code == "None" || code.empty() ? CancellationReason::Code::kNone
                                                  : CancellationReason::Code::kValidationError;
        c.message = text_of(reason, "Message");
        out.reasons.push_back(std::move(c));
      }
      return out;
    }
    if (auto ok = refused(*r, "TransactWriteItems"); !ok) return ok.error();
    for (const TransactWriteAction& a : actions) note_written(a.item);
    return out;
  }
  Result<Page> query(const QueryRequest& request) override {
    wait_for_index(request.index_name);
    return read("Query", query_json(s_->table, request));
  }
  Result<Page> scan(const ScanRequest& request) override {
    wait_for_index(request.index_name);
    return read("Scan", scan_json(s_->table, request));
  }

 private:
  void note_written(const Item& item) {
    Item key;
    for (const std::string& name : s_->key_names) {
      if (const auto it = item.find(name); it != item.end()) key[name] = it->second;
    }
    s_->written[to_json(key)] = key;
    s_->index_stale = s_->has_indexes;
  }
  void wait_for_index(const std::string& index) {
    if (index.empty() || !s_->index_stale || s_->index_wait_ms <= 0) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(s_->index_wait_ms));
    s_->index_stale = false;
  }
  Result<Page> read(std::string_view action, const nlohmann::json& request) {
    auto r = s_->call(action, request);
    if (!r) return r.error();
    if (auto ok = refused(*r, action); !ok) return ok.error();
    return page_from(*r);
  }

  std::shared_ptr<Session> s_;
};

class EndpointSource final : public StoreSource {
 public:
  explicit EndpointSource(std::shared_ptr<Session> s) : s_(std::move(s)) {}
  ~EndpointSource() override { close(); }

  std::string against() const override { return "endpoint " + s_->config.url; }
  std::string replay_args() const override {
    return "--endpoint " + support::shell_quote(s_->config.url);
  }
  Result<std::unique_ptr<Store>> open(const Design&) override {
    for (auto it = s_->written.begin(); it != s_->written.end();) {
      auto r = s_->call("DeleteItem",
                        {{"TableName", s_->table}, {"Key", dynamodb::to_json_item(it->second)}});
      if (!r) return r.error();
      if (!r->ok()) {
        s_->fatal =
            fmt::format("cannot empty the table {} between cases: DeleteItem answers {}: {}",
                        s_->table, r->error->type, r->error->message);
        return make_error(ErrorCode::kUnavailable, 0, *s_->fatal);
      }
      it = s_->written.erase(it);
    }
    return std::unique_ptr<Store>(std::make_unique<EndpointStore>(s_));
  }
  std::optional<std::string> fatal() const override { return s_->fatal; }
  std::string summary(double seconds) override {
    const dynamodb::ClientStats& st = s_->client->stats();
    return fmt::format(
        "endpoint {}: {} requests ({} retried) in {:.1f}s, {:.0f} requests/s, on the table {}\n  "
        "{}\n",
        s_->config.url, st.requests, st.retries, seconds,
        seconds > 0 ? static_cast<double>(st.requests) / seconds : 0.0, s_->table,
        dynamodb::client_summary(*s_->client, s_->url_source));
  }
  std::vector<std::string> close() override {
    if (s_->closed) return {};
    s_->closed = true;
    // A first interrupt stops the check, not the cleanup.
    s_->client->set_interrupt_threshold(2);
    std::vector<std::string> said = s_->keep_tables
                                        ? dynamodb::kept_tables(s_->tables->names())
                                        : dynamodb::dropped_tables(*s_->tables, s_->config.url);
    dynamodb::restore_interrupt_handlers();
    return said;
  }

 private:
  std::shared_ptr<Session> s_;
};

Result<void> connect(Session& s, const EndpointStoreOptions& options, const dynamodb::Getenv& env) {
  auto url = dynamodb::resolve_endpoint_url(env, options.url);
  if (!url) return url.error();
  s.url_source = url->source;
  const std::string host = dynamodb::url_host(url->url);
  if (host.empty()) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("the endpoint (from {}) must be an http:// or https:// URL, got "
                                  "\"{}\"",
                                  url->source, url->url));
  }
  const bool loopback = dynamodb::is_loopback_host(host);
  s.index_wait_ms = options.index_wait_ms >= 0 ? options.index_wait_ms : (loopback ? 0 : 1000);
  auto retry = dynamodb::resolve_retry(env);
  if (!retry) return retry.error();
  auto creds = dynamodb::resolve_credentials(env, loopback);
  if (!creds) return creds.error();
  s.config.url = url->url;
  auto region = dynamodb::resolve_region(env, options.region, host);
  if (!region) return region.error();
  s.config.region = *region;
  s.config.credentials = *creds;
  s.config.request_timeout_ms = options.request_timeout_ms;
  s.config.retry = *retry;
  auto client = dynamodb::DynamoDbClient::create(s.config);
  if (!client) return client.error();
  s.client = std::move(*client);
  std::random_device rd;
  s.tables = std::make_unique<dynamodb::TableManager>(*s.client, fmt::format("{:08x}", rd()));
  s.keep_tables = options.keep_tables;
  if (options.keep_tables) s.tables->keep_all();
  return {};
}

// A DescribeTable of a table that does not exist must say ResourceNotFound.
Result<void> probe(Session& s) {
  auto r = s.call("DescribeTable", {{"TableName", s.tables->probe_name()}});
  if (!r) return r.error();
  if (r->ok() || r->error->type != "ResourceNotFoundException") {
    return make_error(
        ErrorCode::kUnavailable, 0,
        fmt::format("{} does not answer like DynamoDB: DescribeTable of a missing table gave {}",
                    s.config.url,
                    r->ok() ? std::string("success")
                            : support::excerpt(r->error->type + ": " + r->error->message, 300)));
  }
  return {};
}

}  // namespace

Result<std::shared_ptr<StoreSource>> open_endpoint_source(const Design& design,
                                                          const EndpointStoreOptions& options,
                                                          const dynamodb::Getenv& env) {
  auto s = std::make_shared<Session>();
  if (auto ok = connect(*s, options, env); !ok) return ok.error();
  if (auto ok = probe(*s); !ok) return ok.error();
  s->key_names.push_back(design.schema.partition_key.name);
  if (design.schema.sort_key) s->key_names.push_back(design.schema.sort_key->name);
  // A local index read without ConsistentRead is eventually consistent too.
  s->has_indexes = !design.schema.indexes.empty() || !design.schema.local_indexes.empty();
  dynamodb::install_interrupt_handlers(
      "\nsortkey design check: interrupted; deleting the table this check created (interrupt "
      "again to abort)\n",
      "\nsortkey design check: aborted; a table named sortkey-cert-* may remain\n");
  // From here the source deletes what it made, whatever happens.
  auto source = std::make_shared<EndpointSource>(s);
  try {
    auto table = s->tables->create(design.schema);
    if (!table) {
      return make_error(table.error().code, 0,
                        fmt::format("{}: {}", s->config.url, table.error().message));
    }
    s->table = *table;
  } catch (const dynamodb::TransportError& e) {
    return make_error(ErrorCode::kUnavailable, 0, e.what());
  }
  return std::shared_ptr<StoreSource>(source);
}

}  // namespace sortkey::design
