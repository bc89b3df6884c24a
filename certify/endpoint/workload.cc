// The workload's core (workload.h): schemas and values as JSON, send, the
// pieces of a reproduction (workload_internal.h) and why DynamoDB refuses
// an item. Its checks live beside it: workload_load.cc (loading a table),
// workload_pages.cc (Query and Scan pages), workload_writes.cc (write
// scripts, invalid requests) and workload_replay.cc (reproductions).

#include "certify/endpoint/workload.h"

#include <fmt/format.h>

#include <algorithm>

#include "certify/endpoint/workload_internal.h"
#include "dynamodb/tables.h"
#include "properties/props/query_conversions.h"
#include "sortkey/attribute.h"
#include "sortkey/number.h"

namespace sortkey::certify::endpoint {

using oracle::NItem;
using oracle::NKey;
using oracle::NKeyCond;
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

}  // namespace

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
    if (i.local) index["local"] = true;
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
    index.local = i.value("local", false);
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

nlohmann::json canonical_numbers(nlohmann::json value) {
  auto canonical = [](nlohmann::json& text) {
    if (!text.is_string()) return;
    if (auto n = parse_number(text.get<std::string>())) text = to_string(*n);
  };
  if (value.is_object()) {
    for (auto& [k, v] : value.items()) {
      if (k == "N") {
        canonical(v);
      } else if (k == "NS" && v.is_array()) {
        for (auto& e : v) canonical(e);
      } else if (v.is_object() || v.is_array()) {
        v = canonical_numbers(std::move(v));
      }
    }
  } else if (value.is_array()) {
    for (auto& v : value) v = canonical_numbers(std::move(v));
  }
  return value;
}

// ---------------------------------------------------------------- send

Workload::Answer Workload::send(const std::string& action, const nlohmann::json& params) {
  if (!gone_.empty())
    throw dynamodb::TransportError(dynamodb::TransportError::Kind::kUnreachable, gone_);
  ++checked_;
  return exchange(action, params);
}

Workload::Answer Workload::exchange(const std::string& action, const nlohmann::json& params) {
  if (!gone_.empty())
    throw dynamodb::TransportError(dynamodb::TransportError::Kind::kUnreachable, gone_);
  std::optional<Answer> failed;
  try {
    return read_page(action, client_.call(action, params));
  } catch (const dynamodb::TransportError& e) {
    failed = failed_answer(e);
    if (!failed) throw;
  }
  unanswered_ = Unanswered{action, params, *failed};
  const std::string what =
      failed->bad ? failure_text(*failed) : fmt::format("no answer ({})", failed->failure);
  answers_probe(fmt::format("{} got {}", action, what));
  return std::move(*failed);
}

bool Workload::answers_probe(const std::string& what_failed) {
  try {
    client_.call("DescribeTable", {{"TableName", tables_.probe_name()}});
    return true;
  } catch (const dynamodb::TransportError& again) {
    if (again.kind() == dynamodb::TransportError::Kind::kInterrupted ||
        again.kind() == dynamodb::TransportError::Kind::kOverBudget) {
      throw;
    }
    gone_ = fmt::format("the endpoint stopped answering: {}, then {}", what_failed, again.what());
    return false;
  }
}

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

nlohmann::json actual_json(const PageAnswer& answer) { return recorded_answer(answer); }

}  // namespace workload_internal

// ---------------------------------------------------------------- names and causes

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

}  // namespace sortkey::certify::endpoint
