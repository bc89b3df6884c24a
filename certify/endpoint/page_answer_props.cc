#include "certify/endpoint/page_answer_props.h"

#include <nlohmann/json.hpp>
#include <utility>

#include "certify/endpoint/divergences.h"
#include "certify/endpoint/page_answer.h"
#include "dynamodb/read_answer.h"
#include "oracles/naive_query.h"
#include "properties/props/query_conversions.h"
#include "sortkey/attribute.h"

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
