#include "certify/endpoint/page_answer.h"

#include <fmt/format.h>

#include <limits>

#include "properties/props/query_conversions.h"
#include "sortkey/attribute.h"
#include "support/text.h"

namespace sortkey::certify::endpoint {
namespace {

using dynamodb::TransportError;

[[noreturn]] void wrong_member(std::string_view action, const char* name, const nlohmann::json& v,
                               std::string_view want) {
  throw dynamodb::TransportError(
      dynamodb::TransportError::Kind::kProtocol,
      fmt::format("the {} answer's \"{}\" is {}, not {}", action, name,
                  support::utf8_prefix(
                      v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), 100),
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
