#include "dynamodb/read_answer.h"

#include <fmt/format.h>

#include "dynamodb/answer.h"
#include "dynamodb/retry.h"
#include "sortkey/items_file.h"
#include "support/json_input.h"

namespace sortkey::dynamodb {
namespace {

// "com.amazonaws.dynamodb.v20120810#ValidationException" -> "ValidationException".
std::string short_type(const std::string& t) {
  const std::size_t hash = t.rfind('#');
  std::string s = hash == std::string::npos ? t : t.substr(hash + 1);
  const std::size_t colon = s.find(':');  // some emulators append ":http://..."
  return colon == std::string::npos ? s : s.substr(0, colon);
}

}  // namespace

AnswerReading read_answer(std::string_view action, std::string_view where, long status,
                          std::string_view text, const Credentials& credentials) {
  const auto protocol = [&](const std::string& why) {
    return TransportError(TransportError::Kind::kProtocol,
                          credentials.redact(fmt::format("{}: HTTP {}{}", where, status, why)));
  };
  if (support::json_depth(text) > support::kMaxJsonDepth) {
    throw protocol(fmt::format(" with JSON nested deeper than {} levels", support::kMaxJsonDepth));
  }
  if (status >= 500) {
    // Redacted before it is cut: a secret at the cut would otherwise show in part.
    const std::string body = credentials.redact(std::string(text)).substr(0, 200);
    return {std::nullopt, fmt::format("HTTP {}: {}", status, body), false};
  }
  nlohmann::json parsed = nlohmann::json::parse(text, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) {
    throw protocol(fmt::format(" with a body that is not a JSON object: {}", text.substr(0, 300)));
  }
  // `{"Count":77,...,"Count":0}`: nlohmann keeps the last; DynamoDB never
  // writes a key twice, so such an answer is refused, not read one way.
  if (auto unique = check_json_within(text, "the body", support::kMaxJsonDepth); !unique) {
    throw protocol(" with " + unique.error().message);
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

}  // namespace sortkey::dynamodb
