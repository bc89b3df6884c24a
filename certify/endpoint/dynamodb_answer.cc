#include "certify/endpoint/dynamodb_answer.h"

#include <fmt/format.h>

#include <limits>

#include "certify/internal/json_input.h"
#include "props/query_conversions.h"
#include "sortkey/attribute.h"

namespace sortkey::certify::endpoint {
namespace {

// The string member `name` of an error answer, "" when absent. A member of
// another type is the endpoint breaking the protocol.
std::string error_member(const nlohmann::json& answer, const char* name, const std::string& where) {
  const auto it = answer.find(name);
  if (it == answer.end()) return {};
  if (!it->is_string()) {
    throw TransportError(TransportError::Kind::kProtocol,
                         fmt::format("{}: the error answer's \"{}\" is a {}, not a string", where,
                                     name, it->type_name()));
  }
  return it->get<std::string>();
}

bool throttling(const std::string& type) {
  return type == "ProvisionedThroughputExceededException" || type == "ThrottlingException" ||
         type == "RequestLimitExceeded";
}

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

HttpAnswer read_http_answer(long status, std::string_view body, std::string_view where,
                            const Credentials& creds) {
  if (internal::json_depth(body) > internal::kMaxJsonDepth) {
    throw TransportError(TransportError::Kind::kProtocol,
                         fmt::format("{}: HTTP {} with JSON nested deeper than {} levels", where,
                                     status, internal::kMaxJsonDepth));
  }
  nlohmann::json parsed = nlohmann::json::parse(body, nullptr, false);
  if (status >= 500) return {std::nullopt, fmt::format("HTTP {}: {}", status, body.substr(0, 200))};
  if (parsed.is_discarded() || !parsed.is_object()) {
    throw TransportError(
        TransportError::Kind::kProtocol,
        creds.redact(fmt::format("{}: HTTP {} with a body that is not a JSON object: {}", where,
                                 status, body.substr(0, 300))));
  }
  if (status == 200) return {Reply{std::nullopt, std::move(parsed)}, ""};
  ApiError e;
  e.http_status = static_cast<int>(status);
  const std::string at = fmt::format("{}: HTTP {}", where, status);
  e.type = short_type(error_member(parsed, "__type", at));
  e.message = creds.redact(parsed.contains("message") ? error_member(parsed, "message", at)
                                                      : error_member(parsed, "Message", at));
  if (throttling(e.type)) return {std::nullopt, e.type + ": " + e.message};
  return {Reply{std::move(e), std::move(parsed)}, ""};
}

PageAnswer read_page(std::string_view action, Reply reply) {
  PageAnswer a;
  a.error = reply.error;
  a.body = std::move(reply.body);
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
