#include "certify/endpoint/page_answer_props.h"

#include <nlohmann/json.hpp>
#include <set>
#include <utility>
#include <vector>

#include "certify/endpoint/divergences.h"
#include "certify/endpoint/page_answer.h"
#include "certify/endpoint/transaction_answer.h"
#include "dynamodb/read_answer.h"
#include "oracles/naive_query.h"
#include "properties/props/query_conversions.h"
#include "sortkey/attribute.h"
#include "support/json_input.h"
#include "support/text.h"

namespace sortkey::certify::endpoint {
namespace {

using nlohmann::json;
using props::Outcome;

// Keys that sign nothing: the secret and the token are only looked for in
// the texts the readers make.
const dynamodb::Credentials& credentials() {
  static const dynamodb::Credentials c{
      {"AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "FQoGZXIvYXdzEXAMPLETOKEN"},
      "the example keys of endpoint_answer_holds"};
  return c;
}

Outcome no_secret(std::string_view text) {
  const auto& keys = credentials().keys;
  if (text.find(keys.secret_access_key) != std::string_view::npos ||
      text.find(keys.session_token) != std::string_view::npos) {
    return Outcome::fails("a secret in an error's text: " + std::string(text.substr(0, 500)));
  }
  return Outcome::holds();
}

// The longest sentence failure_text makes: the status, the reason (300
// bytes and a cut), the body's kind, length and first line (120 and a cut).
constexpr std::size_t kFailureTextBytes = 700;

// `e` read as the workload reads an answer DynamoDB never gives
// (failed_answer): a failure of `kind`, its sentence one line of valid
// UTF-8 within kFailureTextBytes, its recorded answer valid UTF-8 JSON with
// the status, neither with a secret; as a divergence's actual answer, one
// that is never replayed, its error type and masked message read back.
Outcome failure_holds(const dynamodb::TransportError& e, const std::string& kind) {
  const std::optional<PageAnswer> a = failed_answer(e);
  if (!a) return Outcome::fails("an answer of the endpoint not read as one");
  if (failure_kind(*a) != kind || !a->error || !a->bad) {
    return Outcome::fails("read as a failure of kind \"" + failure_kind(*a) + "\", not " + kind);
  }
  const std::string text = failure_text(*a);
  const nlohmann::json recorded = recorded_answer(*a);
  std::string dumped;
  try {
    dumped = recorded.dump() + json(text).dump();  // both throw on text that is not UTF-8
  } catch (const json::exception& x) {
    return Outcome::fails(std::string("a failure's text is not UTF-8: ") + x.what());
  }
  if (text.find_first_of("\r\n") != std::string::npos || text.size() > kFailureTextBytes) {
    return Outcome::fails("a failure's sentence is not one short line: " + dumped.substr(0, 1000));
  }
  if (recorded.value("status", 0L) != a->bad->status) {
    return Outcome::fails("a recorded failure without its status: " + dumped.substr(0, 1000));
  }
  Divergence d;
  d.kind = kind;
  d.reproduction = {{"actual", recorded}};
  if (!d.unanswered() || d.error_type() != a->error->type) {
    return Outcome::fails("a divergence of it would be replayed, or not read back");
  }
  (void)mask_message(d.error_message(), {"pk", "sk"});
  return props::first_failure({no_secret(text), no_secret(dumped)});
}

Outcome protocol_error(const dynamodb::TransportError& e) {
  if (e.kind() != dynamodb::TransportError::Kind::kProtocol) {
    return Outcome::fails(std::string("a dynamodb::TransportError of another kind: ") + e.what());
  }
  if (std::string_view(e.what()).empty()) return Outcome::fails("a protocol error without a text");
  // A body that is not DynamoDB's JSON is the endpoint's answer: it carries it.
  if (!e.answer()) return Outcome::fails("a protocol error without the answer");
  return props::first_failure({no_secret(e.what()), failure_holds(e, "malformed")});
}

// The same attributes in the same order, each value equal.
bool same_item(const oracle::NItem& a, const oracle::NItem& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].first != b[i].first || !oracle::naive_equal(a[i].second, b[i].second)) return false;
  }
  return true;
}

Outcome page_holds(const std::string& action, const dynamodb::Reply& reply) {
  PageAnswer page;
  try {
    page = read_page(action, reply);
  } catch (const dynamodb::TransportError& e) {
    return protocol_error(e);
  }
  if (!page.malformed.empty() || (action != "Query" && action != "Scan")) {
    return Outcome::holds();
  }
  const json& body = reply.body;
  const auto items = body.find("Items");
  if (items != body.end() && !items->is_array()) {
    return Outcome::fails("Items read from a " + std::string(items->type_name()));
  }
  const std::size_t listed = items == body.end() ? 0 : items->size();
  if (page.items.size() != listed) {
    return Outcome::fails(std::to_string(page.items.size()) + " items read from " +
                          std::to_string(listed));
  }
  for (std::size_t i = 0; i < listed; ++i) {
    auto item = parse_item((*items)[i].dump());
    if (!item || !same_item(props::to_naive(*item), page.items[i])) {
      return Outcome::fails("item " + std::to_string(i) + " is not the one in the body");
    }
  }
  for (const auto& [member, got] :
       {std::pair{"Count", page.count}, {"ScannedCount", page.scanned}}) {
    const auto it = body.find(member);
    if (it == body.end() ? got != -1 : *it != got) {
      return Outcome::fails(std::string(member) + " read as " + std::to_string(got) + " from " +
                            (it == body.end() ? "nothing" : it->dump()));
    }
  }
  const auto lek = body.find("LastEvaluatedKey");
  if (page.lek.has_value() != (lek != body.end() && !lek->is_null())) {
    return Outcome::fails("a LastEvaluatedKey read where the body has none, or lost");
  }
  return Outcome::holds();
}

// ---------------------------------------------------------------- transactions

Outcome first_of(const std::vector<Outcome>& outcomes) {
  for (const Outcome& o : outcomes) {
    if (!o.ok()) return o;
  }
  return Outcome::holds();
}

// A reader's verdict: a known kind, its sentence one short line of UTF-8.
Outcome verdict_holds(const std::string& reader, const std::string& kind,
                      const std::string& detail) {
  static const std::set<std::string> kKinds = {"",          "rejected",    "accepted", "error_type",
                                               "reasons",   "reason_item", "items",    "malformed",
                                               "no_answer", "server_error"};
  if (!kKinds.contains(kind)) return Outcome::fails(reader + ": an unknown kind " + kind);
  if (kind.empty()) return Outcome::holds();
  if (detail.empty() || detail.size() > kTransactionDetailBytes ||
      detail.find_first_of("\r\n") != std::string::npos || !support::valid_utf8(detail)) {
    return Outcome::fails(
        reader + ": its sentence is not one short line of UTF-8: " + support::excerpt(detail, 500));
  }
  return Outcome::holds();
}

// Expected answers of every form transaction_expected writes, and one of
// wrong types as a hand-edited reproduction may hold.
const std::vector<json>& expected_answers() {
  static const std::vector<json> all = [] {
    const json item = {{"pk", {{"S", "a"}}}, {"n", {{"N", "1"}}}};
    return std::vector<json>{
        {{"ok", true}},
        {{"error", "ValidationException"}},
        {{"error", "TransactionCanceledException"},
         {"CancellationReasons", {"None", "ConditionalCheckFailed"}}},
        {{"error", "TransactionCanceledException"},
         {"CancellationReasons",
          {{{"Code", "ConditionalCheckFailed"}, {"Item", item}},
           {{"Code", "ConditionalCheckFailed"}},
           "None"}}},
        {{"error", 7}, {"CancellationReasons", {nullptr, 1, {{"Code", 2}, {"Item", "x"}}}}},
        {{"error", "TransactionCanceledException"}, {"CancellationReasons", "None"}},
        {{"Responses", {item, nullptr}}},
        json::array(),
    };
  }();
  return all;
}

// The expected answer made of what `a` holds: its error and reasons, each
// with its Item where that is DynamoDB JSON.
json expected_of(const PageAnswer& a) {
  if (!a.error) return {{"ok", true}};
  json out = {{"error", a.error->type}};
  if (const auto reasons = cancellation_reasons(a.body)) {
    json list = json::array();
    for (const CancellationReason& r : *reasons) {
      if (r.item.is_null()) {
        list.push_back({{"Code", r.code}});
      } else if (answer_item(r.item)) {
        list.push_back({{"Code", r.code}, {"Item", r.item}});
      } else {
        list.push_back(r.code);
      }
    }
    out["CancellationReasons"] = std::move(list);
  }
  return out;
}

Outcome transaction_readers_hold(const PageAnswer& a) {
  std::vector<Outcome> found;
  std::string detail;
  for (const json& e : expected_answers()) {
    detail.clear();
    found.push_back(
        verdict_holds("transaction_verdict_kind", transaction_verdict_kind(e, a, &detail), detail));
    (void)transact_get_replayed(e, a);
  }
  // An error without a type (HTTP 201 and no __type) makes no expected answer.
  if (a.no_answer.empty() && (!a.error || !a.error->type.empty())) {
    detail.clear();
    const std::string kind = transaction_verdict_kind(expected_of(a), a, &detail);
    if (!kind.empty())
      found.push_back(Outcome::fails("the answer's own reasons judged " + kind + ": " + detail));
  }
  try {
    (void)transaction_actual(a).dump();
  } catch (const json::exception& x) {
    found.push_back(Outcome::fails(std::string("a recorded answer is not UTF-8: ") + x.what()));
  }
  oracle::NTxAnswer cancelled;
  cancelled.verdict = oracle::NTxAnswer::Verdict::kCancelled;
  cancelled.reasons.resize(2);
  cancelled.reasons[1].code = oracle::NTxReason::Code::kValidationError;
  (void)validation_kept(cancelled, {{"actual", transaction_actual(a)}});
  // TransactGetItems: against two Gets, and against the items it holds.
  oracle::NReadAnswer two;
  two.items = {oracle::NItem{{"pk", oracle::naive_scalar(oracle::NValue::T::S, "a")}},
               std::nullopt};
  detail.clear();
  found.push_back(verdict_holds("transact_get_kind", transact_get_kind(a, two, &detail), detail));
  const json& responses =
      a.body.is_object() && a.body.contains("Responses") ? a.body["Responses"] : json::object();
  if (responses.is_array()) {
    oracle::NReadAnswer own;
    json replayed = {{"Responses", json::array()}};
    bool readable = true;
    for (const json& entry : responses) {
      const json item = entry.is_object() ? entry.value("Item", json()) : json();
      readable = readable && (!item.is_object() || answer_item(item));
      own.items.push_back(answer_item(item));
      replayed["Responses"].push_back(item.is_object() ? item : json());
    }
    detail.clear();
    const std::string kind = transact_get_kind(a, own, &detail);
    if (kind != (readable ? "" : "malformed"))
      found.push_back(Outcome::fails("TransactGetItems' own items judged " + kind + ": " + detail));
    if (readable && transact_get_replayed(replayed, a))
      found.push_back(Outcome::fails("TransactGetItems' own items differ on replay"));
  }
  // BatchGetItem: its items per table, then judged against themselves.
  std::map<std::string, std::vector<oracle::NItem>> items;
  json left;
  const std::string why = batch_answer_items(a.body, items, &left);
  if (!left.is_object()) found.push_back(Outcome::fails("UnprocessedKeys read as no object"));
  if (why.empty()) {
    oracle::NBatchAnswer own;
    std::map<std::string, std::string> names;
    for (const auto& [table, list] : items) {
      own.responses[table] = list;
      names[table] = table;
    }
    detail.clear();
    const std::string kind = batch_kind(items, own, names, &detail);
    if (!kind.empty())
      found.push_back(Outcome::fails("BatchGetItem's own items judged " + kind + ": " + detail));
    own.responses["t"] = {};
    detail.clear();
    found.push_back(verdict_holds("batch_kind", batch_kind(items, own, {}, &detail), detail));
  } else {
    found.push_back(verdict_holds("batch_answer_items", "malformed", why));
  }
  return first_of(found);
}

// The readers on `a`, any exception a failure.
Outcome transaction_readers_total(const PageAnswer& a) {
  try {
    return transaction_readers_hold(a);
  } catch (const std::exception& x) {
    return Outcome::fails(std::string("an exception escaped a transaction reader: ") + x.what());
  }
}

}  // namespace

Outcome endpoint_answer_holds(long status, const std::string& action, std::string_view body) {
  dynamodb::AnswerReading answer;
  try {
    answer =
        dynamodb::read_answer(action, "http://endpoint " + action, status, body, credentials());
  } catch (const dynamodb::TransportError& e) {
    return protocol_error(e);
  }
  if (answer.reply.has_value() == !answer.retry_because.empty()) {
    return Outcome::fails("neither a reply nor a retry, or both");
  }
  if (!answer.reply) {
    // Retried: HTTP 5xx, or an error type the SDKs retry (throttling, transient).
    if (status < 500 && status != 429 && answer.retry_because.find(':') == std::string::npos) {
      return Outcome::fails("retried HTTP " + std::to_string(status) + ": " + answer.retry_because);
    }
    if (!answer.server_error) return no_secret(answer.retry_because);
    // A server error through its attempts, as the client throws it.
    const dynamodb::TransportError e = dynamodb::server_error_after(
        "http://endpoint " + action, *answer.server_error, 3, {}, credentials());
    return props::first_failure(
        {no_secret(answer.retry_because), no_secret(e.what()), failure_holds(e, "server_error")});
  }
  const dynamodb::Reply& reply = *answer.reply;
  if (status >= 500) return Outcome::fails("a reply to HTTP " + std::to_string(status));
  if (!reply.body.is_object()) return Outcome::fails("a reply whose body is not an object");
  if (status == 200) {
    if (reply.error) return Outcome::fails("an API error in a 200 answer");
    return page_holds(action, reply);
  }
  if (!reply.error || reply.error->http_status != status) {
    return Outcome::fails("a non-200 answer without its API error and status");
  }
  if (reply.error->type.find_first_of("#:") != std::string::npos) {
    return Outcome::fails("an error type that is not short: " + reply.error->type);
  }
  return no_secret(reply.error->message);
}

}  // namespace sortkey::certify::endpoint

namespace sortkey::certify::endpoint {

Outcome transaction_answer_holds(long status, const std::string& action, std::string_view body) {
  std::vector<Outcome> found;
  // As the workload reads it: a reply, or the failure of one.
  try {
    const dynamodb::AnswerReading answer =
        dynamodb::read_answer(action, "http://endpoint " + action, status, body, credentials());
    if (answer.reply) {
      PageAnswer a;
      a.error = answer.reply->error;
      a.body = answer.reply->body;
      found.push_back(transaction_readers_total(a));
    } else if (answer.server_error) {
      const auto a = failed_answer(dynamodb::server_error_after(
          "http://endpoint " + action, *answer.server_error, 3, {}, credentials()));
      if (a) found.push_back(transaction_readers_total(*a));
    }
  } catch (const dynamodb::TransportError& e) {
    if (const auto a = failed_answer(e)) found.push_back(transaction_readers_total(*a));
  }
  // The body alone, whatever read_answer refuses of it but its nesting.
  if (support::json_depth(body) <= support::kMaxJsonDepth) {
    const json parsed = json::parse(body, nullptr, false);
    if (!parsed.is_discarded()) {
      PageAnswer a;
      a.body = parsed;
      found.push_back(transaction_readers_total(a));
      a.error = dynamodb::ApiError{400, "TransactionCanceledException", "Transaction cancelled"};
      found.push_back(transaction_readers_total(a));
    }
  }
  return first_of(found);
}

}  // namespace sortkey::certify::endpoint
