#include "certify/endpoint/page_answer.h"

#include <fmt/format.h>

#include <limits>

#include "dynamodb/read_answer.h"
#include "properties/props/query_conversions.h"
#include "sortkey/attribute.h"
#include "support/text.h"

namespace sortkey::certify::endpoint {
namespace {

using dynamodb::TransportError;

std::string json_text(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// The body's member `name`, `v`, is not what a page holds: a protocol error
// carrying the answer (its text is the body as read, the client's to redact).
[[noreturn]] void wrong_member(std::string_view action, const nlohmann::json& body,
                               const char* name, const nlohmann::json& v, std::string_view want) {
  const std::string reason =
      fmt::format("/{} is {}, not {}", name, support::excerpt(json_text(v), 100), want);
  throw dynamodb::TransportError(
      dynamodb::TransportError::Kind::kProtocol,
      fmt::format("the {} answer's \"{}\" is {}, not {}", action, name,
                  support::excerpt(json_text(v), 100), want),
      dynamodb::BadAnswer{200, reason, dynamodb::summarize_body(json_text(body), {})});
}

// The member `name` of a page, of type `type`; null when absent or null.
nlohmann::json member_of(const nlohmann::json& body, std::string_view action, const char* name,
                         nlohmann::json::value_t type) {
  const auto it = body.find(name);
  if (it == body.end() || it->is_null()) return nullptr;
  if (it->type() != type) {
    wrong_member(action, body, name, *it,
                 type == nlohmann::json::value_t::array ? "an array" : "an object");
  }
  return *it;
}

// A count of a page: a non-negative integer, -1 when absent.
int count_of(const nlohmann::json& body, std::string_view action, const char* name) {
  const auto it = body.find(name);
  if (it == body.end()) return -1;
  if (!it->is_number_integer() || *it < 0 || *it > std::numeric_limits<int>::max()) {
    wrong_member(action, body, name, *it, "a count (an integer from 0)");
  }
  return it->get<int>();
}

// The body's kind, in words that stay the same between occurrences.
std::string body_kind(const dynamodb::BodySummary& body) {
  if (body.type == "empty" || body.bytes == 0) return "an empty body";
  std::string out = fmt::format("{} {} body", body.type == "HTML" ? "an" : "a", body.type);
  if (!body.error_type.empty()) out += fmt::format(" (__type {})", body.error_type);
  return out;
}

}  // namespace

PageAnswer read_page(std::string_view action, dynamodb::Reply reply) {
  PageAnswer a;
  a.error = reply.error;
  a.body = std::move(reply.body);
  a.outcome_unknown = reply.outcome_unknown;
  if (a.error || (action != "Query" && action != "Scan")) return a;
  const nlohmann::json items = member_of(a.body, action, "Items", nlohmann::json::value_t::array);
  for (const auto& raw : items) {
    auto item = parse_item(raw.dump());
    if (!item) {
      // The item quoted, never whole: it can be 400 KB.
      a.malformed = fmt::format("an item of the answer is not valid DynamoDB JSON: {}: {}",
                                describe(item.error()), support::excerpt(json_text(raw), 300));
      return a;
    }
    a.items.push_back(props::to_naive(*item));
  }
  a.count = count_of(a.body, action, "Count");
  a.scanned = count_of(a.body, action, "ScannedCount");
  a.lek_raw = member_of(a.body, action, "LastEvaluatedKey", nlohmann::json::value_t::object);
  if (!a.lek_raw.is_null()) {
    auto key = parse_item(a.lek_raw.dump());
    if (!key) {
      a.malformed = "the LastEvaluatedKey is not valid DynamoDB JSON: " + describe(key.error());
      return a;
    }
    a.lek = props::to_naive(*key);
  }
  return a;
}

std::optional<PageAnswer> failed_answer(const dynamodb::TransportError& e) {
  using Kind = dynamodb::TransportError::Kind;
  PageAnswer a;
  a.body = nlohmann::json::object();
  a.failure = support::excerpt(e.what(), 2000);
  if (e.kind() == Kind::kTimeout || e.kind() == Kind::kConnectionLost) {
    a.no_answer = e.kind() == Kind::kTimeout ? "timeout" : "connection lost";
    a.error = dynamodb::ApiError{0, "no answer: " + a.no_answer, a.failure};
    return a;
  }
  if (!e.answer() || (e.kind() != Kind::kServerError && e.kind() != Kind::kProtocol)) {
    return std::nullopt;
  }
  a.bad = *e.answer();
  const bool server = e.kind() == Kind::kServerError;
  a.no_answer = server ? "server error" : "malformed answer";
  a.error =
      dynamodb::ApiError{static_cast<int>(a.bad->status), fmt::format("HTTP {}", a.bad->status),
                         server ? body_kind(a.bad->body) : support::excerpt(a.bad->reason, 300)};
  return a;
}

std::string failure_kind(const PageAnswer& a) {
  if (a.no_answer.empty()) return "";
  if (!a.bad) return "no_answer";
  return a.no_answer == "server error" ? "server_error" : "malformed";
}

std::string failure_text(const PageAnswer& a) {
  if (a.no_answer.empty()) return "";
  if (!a.bad) return "no answer: " + a.failure;
  const std::string body = dynamodb::describe_body(a.bad->body);
  if (a.no_answer == "server error") return fmt::format("HTTP {}: {}", a.bad->status, body);
  return fmt::format("HTTP {} that is not DynamoDB's JSON: {} ({})", a.bad->status,
                     support::excerpt(a.bad->reason, 300), body);
}

nlohmann::json recorded_answer(const PageAnswer& a) {
  if (!a.error) return a.body;
  nlohmann::json out = {{"error", support::excerpt(a.error->type, 300)},
                        {"message", a.error->message}};
  if (a.bad) {
    const dynamodb::BodySummary& b = a.bad->body;
    out["status"] = a.bad->status;
    out["body"] = {{"type", b.type}, {"bytes", b.bytes}, {"first_line", b.first_line}};
    if (!b.error_type.empty()) out["body"]["__type"] = b.error_type;
  }
  return out;
}

}  // namespace sortkey::certify::endpoint
