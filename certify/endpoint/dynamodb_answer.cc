#include "certify/endpoint/dynamodb_answer.h"

#include <fmt/format.h>

#include <limits>

#include "certify/endpoint/answer.h"
#include "certify/endpoint/retry.h"
#include "certify/internal/json_input.h"
#include "props/query_conversions.h"
#include "sortkey/attribute.h"

namespace sortkey::certify::endpoint {
namespace {

// "com.amazonaws.dynamodb.v20120810#ValidationException" -> "ValidationException".
std::string short_type(const std::string& t) {
  const std::size_t hash = t.rfind('#');
  std::string s = hash == std::string::npos ? t : t.substr(hash + 1);
  const std::size_t colon = s.find(':');  // some emulators append ":http://..."
  return colon == std::string::npos ? s : s.substr(0, colon);
}

[[noreturn]] void wrong_member(std::string_view action, const char* name, const nlohmann::json& v,
                               std::string_view want) {
  throw TransportError(
      TransportError::Kind::kProtocol,
      fmt::format("the {} answer's \"{}\" is {}, not {}", action, name,
                  v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).substr(0, 100),
                  want));
}

// The member `name` of a page, of type `type`; null when absent or null.
nlohmann::json member_of(const nlohmann::json& body, std::string_view action, const char* name,
                         nlohmann::json::value_t type) {
  const auto it = body.find(name);
  if (it == body.end() || it->is_null()) return nullptr;
  if (it->type() != type) {
    wrong_member(action, name, *it,
                 type == nlohmann::json::value_t::array ? "an array" : "an object");
  }
  return *it;
}

// A count of a page: a non-negative integer, -1 when absent.
int count_of(const nlohmann::json& body, std::string_view action, const char* name) {
  const auto it = body.find(name);
  if (it == body.end()) return -1;
  if (!it->is_number_integer() || *it < 0 || *it > std::numeric_limits<int>::max()) {
    wrong_member(action, name, *it, "a count (an integer from 0)");
  }
  return it->get<int>();
}

}  // namespace

AnswerReading read_answer(std::string_view action, std::string_view where, long status,
                          std::string_view text, const Credentials& credentials) {
  const auto protocol = [&](const std::string& why) {
    return TransportError(TransportError::Kind::kProtocol,
                          credentials.redact(fmt::format("{}: HTTP {}{}", where, status, why)));
  };
  if (internal::json_depth(text) > internal::kMaxJsonDepth) {
    throw protocol(fmt::format(" with JSON nested deeper than {} levels", internal::kMaxJsonDepth));
  }
  if (status >= 500) {
    return {std::nullopt, fmt::format("HTTP {}: {}", status, text.substr(0, 200)), false};
  }
  nlohmann::json parsed = nlohmann::json::parse(text, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) {
    throw protocol(fmt::format(" with a body that is not a JSON object: {}", text.substr(0, 300)));
  }
  if (status == 200) {
    if (auto typed = check_answer_types(action, parsed); !typed) {
      throw protocol(": in the answer, " + typed.error().message);
    }
    return {Reply{std::nullopt, std::move(parsed)}, "", false};
  }
  if (auto typed = check_error_types(parsed); !typed) {
    throw protocol(": in the error answer, " + typed.error().message);
  }
  ApiError e;
  e.http_status = static_cast<int>(status);
  e.type = short_type(parsed.value("__type", std::string()));
  e.message = credentials.redact(parsed.value("message", parsed.value("Message", std::string())));
  if (is_throttling(e.type) || status == 429)
    return {std::nullopt, e.type + ": " + e.message, true};
  if (is_transient(e.type)) return {std::nullopt, e.type + ": " + e.message, false};
  return {Reply{std::move(e), std::move(parsed)}, "", false};
}

PageAnswer read_page(std::string_view action, Reply reply) {
  PageAnswer a;
  a.error = reply.error;
  a.body = std::move(reply.body);
  a.outcome_unknown = reply.outcome_unknown;
  if (a.error || (action != "Query" && action != "Scan")) return a;
  const nlohmann::json items = member_of(a.body, action, "Items", nlohmann::json::value_t::array);
  for (const auto& raw : items) {
    auto item = parse_item(raw.dump());
    if (!item) {
      a.malformed = fmt::format("an item of the answer is not valid DynamoDB JSON: {}: {}",
                                describe(item.error()),
                                raw.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
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

}  // namespace sortkey::certify::endpoint
