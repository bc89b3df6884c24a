#include "certify/endpoint/workload.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <thread>

#include "certify/endpoint/workload_internal.h"
#include "dynamodb/tables.h"
#include "properties/props/query_conversions.h"
#include "sortkey/attribute.h"
#include "sortkey/number.h"

namespace sortkey::certify::endpoint {

using oracle::NCond;
using oracle::NItem;
using oracle::NKey;
using oracle::NKeyCond;
using oracle::NPage;
using oracle::NSchema;
using oracle::NValue;
using T = NValue::T;

// ---------------------------------------------------------------- schemas and values

namespace {

const char* key_type(T t) { return t == T::S ? "S" : (t == T::N ? "N" : "B"); }

Result<T> key_type_from(const std::string& s) {
  if (s == "S") return T::S;
  if (s == "N") return T::N;
  if (s == "B") return T::B;
  return make_error(ErrorCode::kBadFormat, 0, "a key type must be S, N or B, got \"" + s + "\"");
}

nlohmann::json keys_json(const std::vector<NKey>& keys) {
  nlohmann::json out = nlohmann::json::array();
  for (const NKey& k : keys) out.push_back({k.name, key_type(k.type)});
  return out;
}

Result<std::vector<NKey>> keys_from(const nlohmann::json& j) {
  std::vector<NKey> out;
  if (!j.is_array())
    return make_error(ErrorCode::kBadFormat, 0, "key lists are arrays of [name, type]");
  for (const auto& k : j) {
    if (!k.is_array() || k.size() != 2 || !k[0].is_string() || !k[1].is_string()) {
      return make_error(ErrorCode::kBadFormat, 0, "a key is [name, type]");
    }
    auto t = key_type_from(k[1].get<std::string>());
    if (!t) return t.error();
    out.push_back({k[0].get<std::string>(), *t});
  }
  return out;
}

const char* projection_name(oracle::NIndex::Projection p) {
  switch (p) {
    case oracle::NIndex::Projection::kAll:
      return "ALL";
    case oracle::NIndex::Projection::kKeysOnly:
      return "KEYS_ONLY";
    case oracle::NIndex::Projection::kInclude:
      return "INCLUDE";
  }
  return "ALL";
}

}  // namespace

nlohmann::json schema_to_json(const NSchema& s) {
  nlohmann::json j = {{"pk", {s.pk.name, key_type(s.pk.type)}}};
  if (s.sk) j["sk"] = {s.sk->name, key_type(s.sk->type)};
  j["indexes"] = nlohmann::json::array();
  for (const oracle::NIndex& i : s.indexes) {
    nlohmann::json index = {{"name", i.name},
                            {"pk", keys_json(i.pk)},
                            {"sk", keys_json(i.sk)},
                            {"projection", projection_name(i.projection)}};
    if (i.projection == oracle::NIndex::Projection::kInclude) index["include"] = i.include;
    j["indexes"].push_back(index);
  }
  return j;
}

Result<NSchema> schema_from_json(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("pk"))
    return make_error(ErrorCode::kBadFormat, 0, "a table needs \"pk\"");
  NSchema s;
  auto pk = keys_from(nlohmann::json::array({j["pk"]}));
  if (!pk) return pk.error();
  s.pk = (*pk)[0];
  if (j.contains("sk") && !j["sk"].is_null()) {
    auto sk = keys_from(nlohmann::json::array({j["sk"]}));
    if (!sk) return sk.error();
    s.sk = (*sk)[0];
  }
  for (const auto& i : j.value("indexes", nlohmann::json::array())) {
    oracle::NIndex index;
    index.name = i.value("name", std::string());
    auto ipk = keys_from(i.value("pk", nlohmann::json::array()));
    auto isk = keys_from(i.value("sk", nlohmann::json::array()));
    if (!ipk) return ipk.error();
    if (!isk) return isk.error();
    index.pk = *ipk;
    index.sk = *isk;
    const std::string p = i.value("projection", std::string("ALL"));
    index.projection = p == "KEYS_ONLY" ? oracle::NIndex::Projection::kKeysOnly
                                        : (p == "INCLUDE" ? oracle::NIndex::Projection::kInclude
                                                          : oracle::NIndex::Projection::kAll);
    index.include = i.value("include", std::vector<std::string>());
    s.indexes.push_back(std::move(index));
  }
  return s;
}

nlohmann::json create_table_request(const std::string& name, const NSchema& s) {
  nlohmann::json j = dynamodb::table_definition(props::to_engine(s));
  j["TableName"] = name;
  return j;
}

nlohmann::json naive_to_json(const NValue& v) {
  switch (v.t) {
    case T::S:
      return {{"S", v.s}};
    case T::N:
      return {{"N", v.s}};
    case T::B:
      return {{"B", encode_base64(v.s)}};
    case T::BOOL:
      return {{"BOOL", v.b}};
    case T::NUL:
      return {{"NULL", true}};
    case T::L: {
      nlohmann::json list = nlohmann::json::array();
      for (const NValue& e : v.list) list.push_back(naive_to_json(e));
      return {{"L", list}};
    }
    case T::M: {
      nlohmann::json map = nlohmann::json::object();
      for (const auto& [k, e] : v.map) map[k] = naive_to_json(e);
      return {{"M", map}};
    }
    case T::SS:
      return {{"SS", v.set}};
    case T::NS:
      return {{"NS", v.set}};
    case T::BS: {
      nlohmann::json set = nlohmann::json::array();
      for (const std::string& e : v.set) set.push_back(encode_base64(e));
      return {{"BS", set}};
    }
  }
  return {{"NULL", true}};
}

nlohmann::json naive_to_json(const NItem& item) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [k, v] : item) out[k] = naive_to_json(v);
  return out;
}

std::vector<std::string> non_canonical_numbers(const nlohmann::json& value) {
  std::vector<std::string> out;
  auto check = [&out](const nlohmann::json& text) {
    if (!text.is_string()) return;
    const std::string s = text.get<std::string>();
    auto n = parse_number(s);
    if (!n) {
      out.push_back(fmt::format("\"{}\" (not a number: {})", s, describe(n.error())));
    } else if (to_string(*n) != s) {
      out.push_back(fmt::format("\"{}\" (canonical: \"{}\")", s, to_string(*n)));
    }
  };
  if (value.is_object()) {
    for (const auto& [k, v] : value.items()) {
      if (k == "N") {
        check(v);
      } else if (k == "NS" && v.is_array()) {
        for (const auto& e : v) check(e);
      } else if (v.is_object() || v.is_array()) {
        for (std::string& s : non_canonical_numbers(v)) out.push_back(std::move(s));
      }
    }
  } else if (value.is_array()) {
    for (const auto& v : value) {
      for (std::string& s : non_canonical_numbers(v)) out.push_back(std::move(s));
    }
  }
  return out;
}

// ---------------------------------------------------------------- pages

Workload::Answer Workload::send(const std::string& action, const nlohmann::json& params) {
  if (!gone_.empty())
    throw dynamodb::TransportError(dynamodb::TransportError::Kind::kUnreachable, gone_);
  ++checked_;
  try {
    return read_page(action, client_.call(action, params));
  } catch (const dynamodb::TransportError& e) {
    const bool unanswered = e.kind() == dynamodb::TransportError::Kind::kTimeout ||
                            e.kind() == dynamodb::TransportError::Kind::kConnectionLost;
    if (!unanswered) throw;
    Answer a;
    a.body = nlohmann::json::object();
    a.no_answer =
        e.kind() == dynamodb::TransportError::Kind::kTimeout ? "timeout" : "connection lost";
    a.error = dynamodb::ApiError{0, "no answer: " + a.no_answer, e.what()};
    unanswered_ = Unanswered{action, params, a.error};
    try {
      client_.call("DescribeTable", {{"TableName", tables_.probe_name()}});
    } catch (const dynamodb::TransportError& again) {
      if (again.kind() == dynamodb::TransportError::Kind::kInterrupted) throw;
      gone_ = fmt::format("the endpoint stopped answering: {} got no answer ({}), then {}", action,
                          e.what(), again.what());
    }
    return a;
  }
}

namespace {

// What a Query and a Scan share: index, filter, attributes, Limit, Select, consistency.
template <class Request>
nlohmann::json read_params(const std::string& table, const Request& r) {
  nlohmann::json j = {{"TableName", table}};
  if (!r.index_name.empty()) j["IndexName"] = r.index_name;
  if (r.filter) j["FilterExpression"] = *r.filter;
  if (!r.attributes.names.empty()) j["ExpressionAttributeNames"] = r.attributes.names;
  if (!r.attributes.values.empty()) {
    nlohmann::json values = nlohmann::json::object();
    for (const auto& [k, v] : r.attributes.values) values[k] = dynamodb::to_json_value(v);
    j["ExpressionAttributeValues"] = values;
  }
  if (r.limit) j["Limit"] = *r.limit;
  if (r.select != Select::kDefault) j["Select"] = select_name(r.select);
  if (r.projection) j["ProjectionExpression"] = *r.projection;
  if (r.consistent_read) j["ConsistentRead"] = true;
  if (r.exclusive_start_key) {
    nlohmann::json key = nlohmann::json::object();
    for (const auto& [k, v] : *r.exclusive_start_key) key[k] = dynamodb::to_json_value(v);
    j["ExclusiveStartKey"] = key;
  }
  return j;
}

nlohmann::json query_params(const std::string& table, const QueryRequest& r) {
  nlohmann::json j = read_params(table, r);
  j["KeyConditionExpression"] = r.key_condition;
  if (!r.scan_index_forward) j["ScanIndexForward"] = false;
  return j;
}

nlohmann::json scan_params(const std::string& table, const ScanRequest& r) {
  return read_params(table, r);
}

}  // namespace

namespace workload_internal {

nlohmann::json items_json(const std::vector<NItem>& items) {
  nlohmann::json out = nlohmann::json::array();
  for (const NItem& i : items) out.push_back(naive_to_json(i));
  return out;
}

nlohmann::json recorded_request(const std::string& action, nlohmann::json params) {
  params.erase("TableName");
  // A batch names its table as the key of RequestItems.
  if (params.contains("RequestItems") && params["RequestItems"].size() == 1) {
    nlohmann::json requests = params["RequestItems"].begin().value();
    params["RequestItems"] = {{"<table>", requests}};
  }
  return {{"action", action}, {"params", params}};
}

nlohmann::json actual_json(const nlohmann::json& body,
                           const std::optional<dynamodb::ApiError>& error) {
  if (error) return {{"error", error->type}, {"message", error->message}};
  return body;
}

}  // namespace workload_internal

nlohmann::json query_request_json(const std::string& table, const QueryRequest& r) {
  return query_params(table, r);
}

namespace {

using workload_internal::actual_json;
using workload_internal::items_json;
using workload_internal::recorded_request;

std::vector<NKey> sort_of(const NSchema& s, const std::string& index) {
  if (index.empty()) return s.sk ? std::vector<NKey>{*s.sk} : std::vector<NKey>{};
  for (const auto& i : s.indexes) {
    if (i.name == index) return i.sk;
  }
  return {};
}

// What differs between the oracle's page and the endpoint's: (kind, detail), or nullopt.
template <class KeyOf>
std::optional<std::pair<std::string, std::string>> page_difference(
    const std::vector<NItem>& sequence, const NPage& want, const Workload::Answer& got,
    bool count_only, KeyOf key_of) {
  if (got.scanned != static_cast<int>(want.scanned)) {
    return std::pair{
        std::string("scanned_count"),
        fmt::format("ScannedCount {}, but the oracle reads {} items", got.scanned, want.scanned)};
  }
  if (got.count != static_cast<int>(want.items.size())) {
    return std::pair{std::string("count"),
                     fmt::format("Count {}, but {} of the {} items read pass the filter", got.count,
                                 want.items.size(), want.scanned)};
  }
  if (count_only && !got.items.empty()) {
    return std::pair{std::string("items"),
                     fmt::format("Select COUNT returned {} items", got.items.size())};
  }
  if (!count_only) {
    if (got.items.size() != want.items.size()) {
      return std::pair{std::string("items"),
                       fmt::format("{} items for Count {}, the oracle has {}", got.items.size(),
                                   got.count, want.items.size())};
    }
    for (std::size_t i = 0; i < want.items.size(); ++i) {
      if (!oracle::naive_items_equal(got.items[i], want.items[i])) {
        return std::pair{std::string("items"), fmt::format("item {} is {}, the oracle expects {}",
                                                           i, oracle::naive_show(got.items[i]),
                                                           oracle::naive_show(want.items[i]))};
      }
    }
  }
  if (want.lek_required && !got.lek) {
    return std::pair{std::string("lek_missing"),
                     fmt::format("no LastEvaluatedKey, but {} items remain after the {} read",
                                 sequence.size() - want.next, want.scanned)};
  }
  if (got.lek) {
    if (!want.lek_allowed) {
      return std::pair{
          std::string("lek_unexpected"),
          fmt::format("a LastEvaluatedKey {} after reading the whole range without reaching Limit",
                      oracle::naive_show(*got.lek))};
    }
    if (want.next == 0) {
      return std::pair{std::string("lek_unexpected"),
                       std::string("a LastEvaluatedKey on a page that read nothing")};
    }
    const NItem expected = key_of(sequence[want.next - 1]);
    if (!oracle::naive_items_equal(*got.lek, expected)) {
      return std::pair{std::string("lek_value"),
                       fmt::format("LastEvaluatedKey {}, but the last item read has the key {}",
                                   oracle::naive_show(*got.lek), oracle::naive_show(expected))};
    }
  }
  return std::nullopt;
}

template <class KeyOf>
nlohmann::json expected_page(const std::vector<NItem>& sequence, const NPage& want, KeyOf key_of,
                             bool count_only, const char* order, bool forward) {
  nlohmann::json j = {{"Count", want.items.size()},
                      {"ScannedCount", want.scanned},
                      {"order", order},
                      {"forward", forward}};
  if (!count_only) j["Items"] = items_json(want.items);
  if (want.lek_required) {
    j["LastEvaluatedKey"] = naive_to_json(key_of(sequence[want.next - 1]));
  } else if (want.lek_allowed && want.next > 0) {
    j["LastEvaluatedKey"] = "allowed";
  } else {
    j["LastEvaluatedKey"] = "forbidden";
  }
  return j;
}

bool same_multiset(std::vector<NItem> a, std::vector<NItem> b) {
  if (a.size() != b.size()) return false;
  for (const NItem& x : a) {
    const auto it = std::find_if(b.begin(), b.end(),
                                 [&](const NItem& y) { return oracle::naive_items_equal(x, y); });
    if (it == b.end()) return false;
    b.erase(it);
  }
  return true;
}

}  // namespace

const char* sort_op_name(NKeyCond::Op op) {
  static const char* const kOps[] = {"none", "=", "<", "<=", ">", ">=", "BETWEEN", "begins_with"};
  return kOps[static_cast<int>(op)];
}

namespace {

// Whether the value holds a Number text DynamoDB refuses (in lists, maps and sets too).
bool bad_number(const NValue& v) {
  if (v.t == T::N && !oracle::naive_number_valid(v.s)) return true;
  if (v.t == T::NS) {
    for (const std::string& e : v.set) {
      if (!oracle::naive_number_valid(e)) return true;
    }
  }
  return std::any_of(v.list.begin(), v.list.end(), bad_number) ||
         std::any_of(v.map.begin(), v.map.end(),
                     [](const oracle::NField& f) { return bad_number(f.second); });
}

}  // namespace

std::pair<std::string, std::string> rejection_cause(const NSchema& schema, const NItem& item) {
  for (const auto& [name, v] : item) {
    if (bad_number(v)) return {"number", name};
  }
  auto check = [&item](const NKey& k, bool partition, bool table) -> std::string {
    const std::string side = table ? "table_key_" : "index_key_";
    const NValue* v = oracle::naive_get(item, k.name);
    if (v == nullptr) return table ? side + "missing" : "";
    if (v->t != k.type) return side + "type";
    if (v->t != T::N && v->s.empty()) return side + "empty";
    if (v->t != T::N && v->s.size() > (partition ? 2048u : 1024u)) return side + "size";
    return "";
  };
  std::vector<std::pair<NKey, std::pair<bool, bool>>> keys = {{schema.pk, {true, true}}};
  if (schema.sk) keys.push_back({*schema.sk, {false, true}});
  for (const oracle::NIndex& i : schema.indexes) {
    for (const NKey& k : i.pk) keys.push_back({k, {true, false}});
    for (const NKey& k : i.sk) keys.push_back({k, {false, false}});
  }
  for (const auto& [k, where] : keys) {
    if (auto r = check(k, where.first, where.second); !r.empty()) return {r, k.name};
  }
  if (oracle::naive_item_size(item) > kMaxItemSize) return {"item_size", ""};
  return {"other", ""};
}

// ---------------------------------------------------------------- clearing and loading

void Workload::clear(const std::string& table, const NSchema& schema) {
  std::vector<std::string> keys = {schema.pk.name};
  if (schema.sk) keys.push_back(schema.sk->name);
  dynamodb::empty_table(client_, table, keys);
}

namespace {

// A PutItem that went otherwise than DynamoDB's: a valid item refused
// (`want_ok`), or an item DynamoDB rejects accepted; `written` is what the
// table held before it.
Divergence put_divergence(const NSchema& schema, const std::vector<NItem>& written,
                          const std::string& kind, const NItem& item, const Workload::Answer& a,
                          bool want_ok) {
  Divergence d;
  d.kind = a.no_answer.empty() ? kind : "no_answer";
  d.detail = !a.no_answer.empty() ? fmt::format("PutItem got no answer: {}; the item: {}",
                                                a.error->message, oracle::naive_show(item))
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
                    {"actual", actual_json(a.body, a.error)}};
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

// The table key of `item` as an item.
}  // namespace

bool Workload::load(const std::string& table, oracle::NaiveTable& model,
                    const std::vector<NItem>& items, const Observe& observe) {
  const NSchema schema = model.schema();
  clear(table, schema);
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
        d.detail = "BatchWriteItem got no answer: " + a.error->message;
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

// ---------------------------------------------------------------- Query and Scan

void Workload::check_query(const std::string& table, const oracle::NaiveTable& model,
                           const props::QuerySpec& q, const Observe& observe) {
  if (std::optional<Divergence> d = query_divergence(table, model, q)) {
    CheckContext context{table, &model};
    context.query = &q;
    observe(*d, context);
  }
}

void Workload::check_scan(const std::string& table, const oracle::NaiveTable& model,
                          const props::ScanSpec& s, const Observe& observe) {
  if (std::optional<Divergence> d = scan_divergence(table, model, s)) {
    CheckContext context{table, &model};
    context.scan = &s;
    observe(*d, context);
  }
}

// One Query or Scan under check: the words its divergences carry, and the
// reads and page checks the two operations share.
class Workload::Read {
 public:
  using KeyOf = std::function<NItem(const NItem&)>;

  Read(Workload& w, const oracle::NaiveTable& model, std::string operation, nlohmann::json order,
       std::string index)
      : w_(w),
        model_(model),
        operation_(std::move(operation)),
        order_(std::move(order)),
        index_(std::move(index)) {}

  // A divergence of this read: its kind, what differs, and the reproduction.
  Divergence make(std::string kind, std::string detail, const nlohmann::json& params,
                  nlohmann::json expected, const nlohmann::json& actual) const {
    Divergence d;
    d.kind = std::move(kind);
    d.detail = std::move(detail);
    d.reproduction = {{"table", schema_to_json(model_.schema())},
                      {"items", items_json(model_.items())},
                      {"request", recorded_request(operation_, params)},
                      {"expected", std::move(expected)},
                      {"actual", actual}};
    return d;
  }

  // A refused or unreadable answer; with `numbers`, Numbers not in canonical text in it.
  std::optional<Divergence> bad_answer(const Answer& a, const nlohmann::json& params,
                                       const nlohmann::json& expected,
                                       const nlohmann::json* numbers) const {
    if (!a.no_answer.empty()) {
      return make("no_answer",
                  fmt::format("a valid {} got no answer: {}", operation_, a.error->message), params,
                  expected, actual_json(a.body, a.error));
    }
    if (a.error || !a.malformed.empty()) {
      return make(
          a.error ? "rejected" : "malformed",
          fmt::format("a valid {} was {}: {}", operation_, a.error ? "refused" : "answered badly",
                      a.error ? a.error->type + ": " + a.error->message : a.malformed),
          params, expected, actual_json(a.body, a.error));
    }
    if (numbers == nullptr) return std::nullopt;
    if (auto bad = non_canonical_numbers(*numbers); !bad.empty()) {
      return make("number_text",
                  fmt::format("Numbers not in DynamoDB's canonical text: {}", bad.front()), params,
                  expected, actual_json(a.body, a.error));
    }
    return std::nullopt;
  }

  // Reads `whole` (no filter, no Limit) page by page into `sequence` until
  // `accept` takes it; an index is read again until the index wait is over.
  // `what` names the range in the divergence.
  std::optional<Divergence> read_whole(
      const nlohmann::json& whole, const std::vector<NItem>& expected,
      const std::function<bool(const std::vector<NItem>&, std::string*)>& accept,
      const std::string& what, std::vector<NItem>& sequence) {
    nlohmann::json want = order_;
    want["Items"] = items_json(expected);
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(w_.options_.index_wait_ms);
    for (;;) {
      Answer first;
      if (auto d = read_pages(whole, expected.size(), want, first, sequence)) return d;
      std::string why;
      if (accept(sequence, &why)) return std::nullopt;
      if (index_.empty() || std::chrono::steady_clock::now() > deadline) {
        want["Count"] = expected.size();
        want["LastEvaluatedKey"] = "forbidden";
        return make(same_multiset(expected, sequence) ? "order" : "items",
                    fmt::format("{}: {}", what, why), whole, want,
                    actual_json(first.body, first.error));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }

  // Pages through `params` from position `pos` of `sequence`, each page held
  // to the oracle's; with `numbers`, each page's Numbers must be canonical.
  std::optional<Divergence> page_through(nlohmann::json params, const std::vector<NItem>& sequence,
                                         std::size_t pos, std::optional<int> limit,
                                         const NCond* filter, bool count_only, bool numbers) {
    for (std::size_t n = 0;; ++n) {
      if (n > sequence.size() + 2) {
        return make("lek_value", "the LastEvaluatedKey does not move on", params,
                    nlohmann::json::object(), nlohmann::json::object());
      }
      Answer a;
      if (auto d = check_page(params, sequence, pos, limit, filter, count_only, numbers, &a)) {
        return d;
      }
      if (!a.lek) return std::nullopt;
      pos = oracle::page_at(sequence, pos, limit, filter).next;
      params["ExclusiveStartKey"] = a.lek_raw;
    }
  }

  // One page read at `params`, which must be the oracle's page at `pos`.
  std::optional<Divergence> check_page(const nlohmann::json& params,
                                       const std::vector<NItem>& sequence, std::size_t pos,
                                       std::optional<int> limit, const NCond* filter,
                                       bool count_only, bool numbers, Answer* out) {
    Answer a = w_.send(operation_, params);
    const NPage want = oracle::page_at(sequence, pos, limit, filter);
    const KeyOf key_of = [this](const NItem& entry) { return model_.key_of(index_, entry); };
    const nlohmann::json exp =
        expected_page(sequence, want, key_of, count_only,
                      order_.at("order").get<std::string>().c_str(), order_.value("forward", true));
    if (auto d = bad_answer(a, params, exp, numbers ? &a.body : nullptr)) return d;
    if (auto diff = page_difference(sequence, want, a, count_only, key_of)) {
      return make(diff->first, diff->second, params, exp, actual_json(a.body, a.error));
    }
    *out = std::move(a);
    return std::nullopt;
  }

 private:
  // One pass over `whole`; a key that never moves on must not loop (without
  // Limit, small data fits one page).
  std::optional<Divergence> read_pages(const nlohmann::json& whole, std::size_t expected_size,
                                       const nlohmann::json& want, Answer& first,
                                       std::vector<NItem>& sequence) {
    sequence.clear();
    nlohmann::json params = whole;
    for (std::size_t n = 0;; ++n) {
      if (n > expected_size + 2) {
        return make("lek_value",
                    fmt::format("{} pages for {} items: the LastEvaluatedKey does not move on", n,
                                expected_size),
                    whole, want, actual_json(first.body, first.error));
      }
      Answer a = w_.send(operation_, params);
      if (n == 0) first = a;
      const nlohmann::json items = a.body.value("Items", nlohmann::json::array());
      if (auto d = bad_answer(a, params, want, &items)) return d;
      sequence.insert(sequence.end(), a.items.begin(), a.items.end());
      if (!a.lek) return std::nullopt;
      params["ExclusiveStartKey"] = a.lek_raw;
    }
  }

  Workload& w_;
  const oracle::NaiveTable& model_;
  std::string operation_;
  nlohmann::json order_;
  std::string index_;
};

std::optional<Divergence> Workload::query_divergence(const std::string& table,
                                                     const oracle::NaiveTable& model,
                                                     const props::QuerySpec& q) {
  const NSchema& schema = model.schema();
  const std::vector<NKey> sort = sort_of(schema, q.index);
  Read read(*this, model, "Query", {{"order", "query"}, {"forward", q.forward}}, q.index);

  // 1. The whole range, in an order DynamoDB may give; bounded re-reads on an index.
  props::QuerySpec plain = q;
  plain.filter.reset();
  plain.limit.reset();
  plain.count_only = false;
  const nlohmann::json whole = query_params(table, props::render_query(schema, plain));
  const std::vector<NItem> expected = model.key_range(q.index, q.key, q.forward);
  std::vector<NItem> sequence;
  const auto accept = [&](const std::vector<NItem>& got, std::string* why) {
    return oracle::accept_query_order(expected, got, sort, q.forward, why);
  };
  if (auto d = read.read_whole(whole, expected, accept,
                               "the whole key range, read without filter or Limit", sequence)) {
    return d;
  }

  // 2. The request paged from the start; 3. resumed from an item's key.
  const NCond* filter = q.filter ? &*q.filter : nullptr;
  const nlohmann::json base = query_params(table, props::render_query(schema, q));
  if (auto d = read.page_through(base, sequence, 0, q.limit, filter, q.count_only, true)) return d;
  const bool resumable = !q.index.empty() || schema.sk.has_value();
  if (!sequence.empty() && resumable) {
    const std::size_t k = q.resume_at % sequence.size();
    nlohmann::json resume = base;
    resume["ExclusiveStartKey"] = naive_to_json(model.key_of(q.index, sequence[k]));
    Answer a;
    if (auto d =
            read.check_page(resume, sequence, k + 1, q.limit, filter, q.count_only, true, &a)) {
      return d;
    }
  }
  return std::nullopt;
}

std::optional<Divergence> Workload::scan_divergence(const std::string& table,
                                                    const oracle::NaiveTable& model,
                                                    const props::ScanSpec& s) {
  Read read(*this, model, "Scan", {{"order", "scan"}}, s.index);
  ScanRequest plain;
  plain.index_name = s.index;
  plain.consistent_read = s.consistent;
  const std::vector<NItem> expected = model.entries(s.index);
  std::vector<NItem> sequence;
  const auto accept = [&](const std::vector<NItem>& got, std::string* why) {
    return oracle::accept_scan_order(expected, got, model.partition_of(s.index),
                                     model.sort_of(s.index), why);
  };
  if (auto d = read.read_whole(scan_params(table, plain), expected, accept,
                               "the whole table or index, scanned without filter", sequence)) {
    return d;
  }
  const NCond* filter = s.filter ? &*s.filter : nullptr;
  return read.page_through(scan_params(table, props::render_scan(s)), sequence, 0, s.limit, filter,
                           s.count_only, false);
}

// ---------------------------------------------------------------- partitions over 1 MB

namespace {

// The oracle's sizes of sequence[from, to).
std::size_t bytes_of(const std::vector<NItem>& sequence, std::size_t from, std::size_t to) {
  std::size_t n = 0;
  for (std::size_t i = from; i < to; ++i) n += oracle::naive_item_size(sequence[i]);
  return n;
}

// Whether a page of `k` items read from `pos` breaks the 1 MB rule: "" or why.
std::string page_cut_error(const std::vector<NItem>& sequence, std::size_t pos, std::size_t k,
                           std::optional<int> limit, bool lek) {
  constexpr double kMargin = 0.01;  // DynamoDB does not document its byte accounting
  const double mb = static_cast<double>(kMaxPageBytes);
  const std::size_t read = bytes_of(sequence, pos, pos + k);
  const std::size_t before_last = k == 0 ? 0 : bytes_of(sequence, pos, pos + k - 1);
  if (static_cast<double>(before_last) >= mb * (1 + kMargin)) {
    return fmt::format("the page read {} items ({} bytes): it went on past 1 MB", k, read);
  }
  const bool at_limit = limit && static_cast<int>(k) >= *limit;
  if (lek && !at_limit && pos + k < sequence.size() &&
      static_cast<double>(read) < mb * (1 - kMargin)) {
    return fmt::format(
        "the page stopped after {} items ({} bytes), before 1 MB, before Limit and before the end",
        k, read);
  }
  return "";
}

}  // namespace

std::optional<Divergence> Workload::large_query_divergence(const std::string& table,
                                                           const oracle::NaiveTable& model,
                                                           const props::QuerySpec& q) {
  Read read(*this, model, "Query", {{"order", "query"}, {"forward", q.forward}}, q.index);
  const std::vector<NItem> sequence = model.key_range(q.index, q.key, q.forward);
  nlohmann::json params = query_params(table, props::render_query(model.schema(), q));
  const auto key_of = [&](const NItem& e) { return model.key_of(q.index, e); };
  for (std::size_t pos = 0, n = 0;; ++n) {
    const NPage exact = oracle::page_at(sequence, pos, q.limit, nullptr);
    nlohmann::json want = expected_page(sequence, exact, key_of, false, "query", q.forward);
    want["cut"] = "about 1 MB";
    if (n > sequence.size() + 2) {
      return read.make("lek_value", "the LastEvaluatedKey does not move on", params, want,
                       nlohmann::json::object());
    }
    const Answer a = send("Query", params);
    if (auto d = read.bad_answer(a, params, want, &a.body)) return d;
    const std::size_t k = a.items.size();
    std::string kind, why;
    if (a.count != static_cast<int>(k) || a.scanned != static_cast<int>(k)) {
      kind = "count";
      why = fmt::format("Count {} and ScannedCount {} for {} items read without a filter", a.count,
                        a.scanned, k);
    } else if (pos + k > sequence.size() || (q.limit && static_cast<int>(k) > *q.limit) ||
               (k == 0 && pos < sequence.size())) {
      kind = "items";
      why = fmt::format("{} items in a page from item {} of {}", k, pos, sequence.size());
    }
    for (std::size_t i = 0; kind.empty() && i < k; ++i) {
      if (!oracle::naive_items_equal(a.items[i], sequence[pos + i])) {
        kind = "items";
        why = fmt::format("item {} of the page is not item {} of the range", i, pos + i);
      }
    }
    if (kind.empty() && !a.lek && pos + k < sequence.size()) {
      kind = "lek_missing";
      why = fmt::format("no LastEvaluatedKey, but {} items remain", sequence.size() - pos - k);
    }
    if (kind.empty() && a.lek &&
        (k == 0 || !oracle::naive_items_equal(*a.lek, key_of(sequence[pos + k - 1])))) {
      kind = "lek_value";
      why = "the LastEvaluatedKey is not the key of the page's last item";
    }
    if (kind.empty()) {
      why = page_cut_error(sequence, pos, k, q.limit, a.lek.has_value());
      if (!why.empty()) kind = "lek_cut";
    }
    if (!kind.empty()) return read.make(kind, why, params, want, actual_json(a.body, a.error));
    if (!a.lek) return std::nullopt;
    pos += k;
    params["ExclusiveStartKey"] = a.lek_raw;
  }
}

void Workload::check_large_query(const std::string& table, const oracle::NaiveTable& model,
                                 const props::QuerySpec& q, const Observe& observe) {
  if (std::optional<Divergence> d = large_query_divergence(table, model, q)) {
    CheckContext context{table, &model};
    context.query = &q;
    context.large = true;
    observe(*d, context);
  }
}

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
