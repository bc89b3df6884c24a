// The requests of endpoint/transactions (transaction_request.h): the
// oracle's answer, the parameters and the words of a divergence's signature.

#include "certify/endpoint/transaction_request.h"

#include <fmt/format.h>

#include <set>

#include "certify/endpoint/workload.h"
#include "dynamodb/client.h"
#include "properties/props/transaction_props.h"

namespace sortkey::certify::endpoint {

using oracle::NItem;
using oracle::NTxReason;
using oracle::NTxWrite;

namespace {

std::string tx_name(const std::map<std::string, std::string>& names, const std::string& table) {
  const auto it = names.find(table);
  return it == names.end() ? table : it->second;
}

// "#p0, #p1": a projection of top-level names, each by a placeholder.
std::string tx_projection(const std::vector<oracle::NPath>& paths, nlohmann::json& names) {
  std::string out;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    const std::string ph = fmt::format("#p{}", i);
    names[ph] = paths[i][0].name;
    out += (i == 0 ? "" : ", ") + ph;
  }
  return out;
}

void tx_attributes_json(const ExpressionAttributes& a, nlohmann::json& target) {
  if (!a.names.empty()) target["ExpressionAttributeNames"] = a.names;
  if (!a.values.empty()) {
    nlohmann::json values = nlohmann::json::object();
    for (const auto& [k, v] : a.values) values[k] = dynamodb::to_json_value(v);
    target["ExpressionAttributeValues"] = values;
  }
}

}  // namespace

const char* transaction_operation(const TransactionRequest& r) {
  switch (r.kind) {
    case TransactionRequest::Kind::kWrite:
      return "TransactWriteItems";
    case TransactionRequest::Kind::kGet:
      return "TransactGetItems";
    case TransactionRequest::Kind::kBatchGet:
      return "BatchGetItem";
  }
  return "TransactWriteItems";
}

std::string reproduction_table_name(const std::string& name) {
  return name == "t0" ? "<table>" : "<table 2>";
}

std::ostream& operator<<(std::ostream& os, const TransactionRequest& r) {
  os << transaction_operation(r) << " [";
  const char* sep = "";
  for (const NTxWrite& a : r.writes) {
    os << sep << oracle::naive_tx_action_name(a.kind) << " " << a.table << " "
       << oracle::naive_show(a.item);
    if (a.update) os << " " << oracle::naive_show(*a.update);
    if (a.condition) os << " if " << oracle::naive_show(*a.condition);
    if (a.old_on_failure) os << " (ALL_OLD on failure)";
    sep = "; ";
  }
  for (const oracle::NTxGet& g : r.gets) {
    os << sep << g.table << " " << oracle::naive_show(g.key) << (g.projection ? " projected" : "");
    sep = "; ";
  }
  for (const auto& [table, t] : r.batch) {
    os << sep << table << ":";
    for (const NItem& k : t.keys) os << " " << oracle::naive_show(k);
    if (t.projection) os << " projected";
    if (t.consistent) os << " consistent";
    sep = "; ";
  }
  return os << "]";
}

bool TransactionAnswer::refused() const {
  return write.verdict == oracle::NTxAnswer::Verdict::kRefused || get.refused || batch.refused;
}

TransactionAnswer expect_transaction(const oracle::NTables& tables, const TransactionRequest& r) {
  TransactionAnswer out;
  oracle::NReadTables read;
  for (const auto& [name, t] : tables) read[name] = t;
  switch (r.kind) {
    case TransactionRequest::Kind::kWrite:
      out.write = oracle::naive_transact_write(tables, r.writes);
      break;
    case TransactionRequest::Kind::kGet:
      out.get = oracle::naive_transact_get(read, r.gets);
      break;
    case TransactionRequest::Kind::kBatchGet:
      out.batch = oracle::naive_batch_get(read, r.batch);
      break;
  }
  return out;
}

nlohmann::json transaction_params(const TransactionRequest& r,
                                  const std::map<std::string, std::string>& names) {
  switch (r.kind) {
    case TransactionRequest::Kind::kWrite: {
      const std::vector<TransactWriteAction> rendered =
          props::render_transact_writes(r.writes, r.style);
      nlohmann::json items = nlohmann::json::array();
      for (std::size_t i = 0; i < r.writes.size(); ++i) {
        const NTxWrite& a = r.writes[i];
        nlohmann::json body = {{"TableName", tx_name(names, a.table)}};
        body[a.kind == NTxWrite::Kind::kPut ? "Item" : "Key"] = naive_to_json(a.item);
        if (rendered[i].update_expression)
          body["UpdateExpression"] = *rendered[i].update_expression;
        if (rendered[i].condition) body["ConditionExpression"] = *rendered[i].condition;
        tx_attributes_json(rendered[i].attributes, body);
        if (a.old_on_failure) body["ReturnValuesOnConditionCheckFailure"] = "ALL_OLD";
        items.push_back({{oracle::naive_tx_action_name(a.kind), body}});
      }
      return {{"TransactItems", items}};
    }
    case TransactionRequest::Kind::kGet: {
      nlohmann::json items = nlohmann::json::array();
      for (const oracle::NTxGet& g : r.gets) {
        nlohmann::json body = {{"TableName", tx_name(names, g.table)},
                               {"Key", naive_to_json(g.key)}};
        if (g.projection) {
          nlohmann::json ph = nlohmann::json::object();
          body["ProjectionExpression"] = tx_projection(*g.projection, ph);
          body["ExpressionAttributeNames"] = ph;
        }
        items.push_back({{"Get", body}});
      }
      return {{"TransactItems", items}};
    }
    case TransactionRequest::Kind::kBatchGet:
      break;
  }
  nlohmann::json request = nlohmann::json::object();
  for (const auto& [table, t] : r.batch) {
    nlohmann::json keys = nlohmann::json::array();
    for (const NItem& k : t.keys) keys.push_back(naive_to_json(k));
    nlohmann::json body = {{"Keys", keys}};
    if (t.projection) {
      nlohmann::json ph = nlohmann::json::object();
      body["ProjectionExpression"] = tx_projection(*t.projection, ph);
      body["ExpressionAttributeNames"] = ph;
    }
    if (t.consistent) body["ConsistentRead"] = true;
    request[tx_name(names, table)] = body;
  }
  return {{"RequestItems", request}};
}

nlohmann::json transaction_expected(const TransactionRequest& r, const TransactionAnswer& a) {
  if (a.refused()) return {{"error", "ValidationException"}};
  switch (r.kind) {
    case TransactionRequest::Kind::kWrite: {
      if (a.write.verdict == oracle::NTxAnswer::Verdict::kOk) return {{"ok", true}};
      // A failed condition's reason under ALL_OLD carries the item found,
      // none for a missing one (reference on writes, section 4 rule 9).
      nlohmann::json codes = nlohmann::json::array();
      for (std::size_t i = 0; i < a.write.reasons.size(); ++i) {
        const NTxReason& reason = a.write.reasons[i];
        if (reason.code != NTxReason::Code::kConditionalCheckFailed || i >= r.writes.size() ||
            !r.writes[i].old_on_failure) {
          codes.push_back(oracle::naive_tx_code_name(reason.code));
          continue;
        }
        nlohmann::json entry = {{"Code", oracle::naive_tx_code_name(reason.code)}};
        if (reason.item) entry["Item"] = naive_to_json(*reason.item);
        codes.push_back(std::move(entry));
      }
      return {{"error", "TransactionCanceledException"}, {"CancellationReasons", codes}};
    }
    case TransactionRequest::Kind::kGet: {
      nlohmann::json items = nlohmann::json::array();
      for (const std::optional<NItem>& i : a.get.items)
        items.push_back(i ? naive_to_json(*i) : nlohmann::json(nullptr));
      return {{"Responses", items}};
    }
    case TransactionRequest::Kind::kBatchGet:
      break;
  }
  nlohmann::json responses = nlohmann::json::object();
  for (const auto& [table, items] : a.batch.responses) {
    nlohmann::json list = nlohmann::json::array();
    for (const NItem& i : items) list.push_back(naive_to_json(i));
    responses[reproduction_table_name(table)] = list;
  }
  return {{"Responses", responses}};
}

std::vector<std::pair<std::string, NItem>> transaction_targets(const oracle::NReadTables& tables,
                                                               const TransactionRequest& r) {
  std::vector<std::pair<std::string, NItem>> out;
  for (const NTxWrite& a : r.writes) {
    const auto it = tables.find(a.table);
    if (it == tables.end()) continue;
    out.emplace_back(a.table, a.kind == NTxWrite::Kind::kPut
                                  ? oracle::naive_table_key(it->second->schema(), a.item)
                                  : a.item);
  }
  return out;
}

std::string transaction_feature(const TransactionRequest& r) {
  std::string out = transaction_operation(r);
  std::set<std::string> tables;
  bool condition = false, projection = false;
  std::set<std::string> kinds;
  for (const NTxWrite& a : r.writes) {
    kinds.insert(oracle::naive_tx_action_name(a.kind));
    tables.insert(a.table);
    condition = condition || a.condition.has_value();
  }
  for (const oracle::NTxGet& g : r.gets) {
    tables.insert(g.table);
    projection = projection || g.projection.has_value();
  }
  for (const auto& [table, t] : r.batch) {
    tables.insert(table);
    projection = projection || t.projection.has_value();
  }
  if (!r.cause.empty()) return out + " " + r.cause;
  const char* sep = " ";
  for (const std::string& k : kinds) {
    out += sep + k;
    sep = ", ";
  }
  if (condition) out += "; a condition";
  if (projection) out += "; a projection";
  if (tables.size() > 1) out += "; two tables";
  return out;
}

std::optional<TransactionRequest> with_transaction_action(const TransactionRequest& r,
                                                          std::size_t action) {
  if (r.kind != TransactionRequest::Kind::kWrite || r.writes.size() < 2 ||
      action >= r.writes.size())
    return std::nullopt;
  TransactionRequest one = r;
  one.writes = {r.writes[action]};
  one.style = r.style + action;  // the action rendered as it was
  return one;
}

}  // namespace sortkey::certify::endpoint
