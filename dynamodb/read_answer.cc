#include "dynamodb/read_answer.h"

#include <fmt/format.h>

#include <algorithm>

#include "dynamodb/answer.h"
#include "dynamodb/retry.h"
#include "sortkey/items_file.h"
#include "support/json_input.h"
#include "support/text.h"

namespace sortkey::dynamodb {
namespace {

// "com.amazonaws.dynamodb.v20120810#ValidationException" -> "ValidationException".
std::string short_type(const std::string& t) {
  const std::size_t hash = t.rfind('#');
  std::string s = hash == std::string::npos ? t : t.substr(hash + 1);
  const std::size_t colon = s.find(':');  // some emulators append ":http://..."
  return colon == std::string::npos ? s : s.substr(0, colon);
}

bool blank_byte(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Valid UTF-8 without control characters other than tab, newline and carriage return.
bool is_text(std::string_view text) {
  const bool controls = std::any_of(text.begin(), text.end(), [](char ch) {
    const auto c = static_cast<unsigned char>(ch);
    return (c < 0x20 && !blank_byte(ch)) || c == 0x7F;
  });
  return !controls && support::valid_utf8(text);
}

// The first line of `text` that is not blank, without the line break.
std::string_view first_line(std::string_view text) {
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t nl = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, nl - at);
    if (!std::all_of(line.begin(), line.end(), blank_byte)) return line;
    at = nl + 1;
  }
  return {};
}

AnswerReading reply_of(Reply reply) {
  AnswerReading r;
  r.reply = std::move(reply);
  return r;
}

AnswerReading retry_of(std::string why, bool throttled) {
  AnswerReading r;
  r.retry_because = std::move(why);
  r.throttled = throttled;
  return r;
}

}  // namespace

BodySummary summarize_body(std::string_view text, const Credentials& credentials) {
  BodySummary out;
  out.bytes = text.size();
  std::string_view rest = text;
  if (rest.substr(0, 3) == "\xEF\xBB\xBF") rest.remove_prefix(3);  // a byte order mark
  while (!rest.empty() && blank_byte(rest.front())) rest.remove_prefix(1);
  const nlohmann::json parsed = support::json_depth(text) <= support::kMaxJsonDepth
                                    ? nlohmann::json::parse(text, nullptr, false)
                                    : nlohmann::json(nlohmann::json::value_t::discarded);
  if (text.empty()) {
    out.type = "empty";
  } else if (!parsed.is_discarded()) {
    out.type = "JSON";
    const auto type = parsed.is_object() ? parsed.find("__type") : parsed.end();
    if (parsed.is_object() && type != parsed.end() && type->is_string()) {
      out.error_type = credentials.redact(support::excerpt(
          credentials.redact(short_type(type->get<std::string>())), kFirstLineBytes / 2));
    }
  } else if (!rest.empty() && rest.front() == '<') {
    out.type = "HTML";
  } else {
    out.type = is_text(text) ? "text" : "binary";
  }
  // Redacted before it is cut: a secret that starts within what is quoted
  // ends within what is kept, so no part of it shows. And after it is
  // quoted: an escape can complete one ("\x0F" + "QoGZ..." is quoted
  // "\u000FQoGZ...").
  const std::string_view line = first_line(text);
  const std::size_t keep = kFirstLineBytes + credentials.keys.secret_access_key.size() +
                           credentials.keys.session_token.size();
  out.first_line = credentials.redact(
      support::excerpt(credentials.redact(std::string(line.substr(0, keep))), kFirstLineBytes));
  return out;
}

std::string describe_body(const BodySummary& body) {
  if (body.type == "empty" || body.bytes == 0) return "an empty body";
  std::string out = fmt::format("{} {} body of {} byte{}", body.type == "HTML" ? "an" : "a",
                                body.type, body.bytes, body.bytes == 1 ? "" : "s");
  if (!body.error_type.empty()) out += fmt::format(" (__type {})", body.error_type);
  if (!body.first_line.empty()) out += ": " + body.first_line;
  return out;
}

TransportError server_error_after(std::string_view where, const BadAnswer& answer, int attempts,
                                  const RetrySettings& retry, const Credentials& credentials) {
  return TransportError(
      TransportError::Kind::kServerError,
      credentials.redact(fmt::format(
          "{}: HTTP {} after {} attempt{} (retry mode {}, settings from {}; AWS_MAX_ATTEMPTS and "
          "AWS_RETRY_MODE change them): {}",
          where, answer.status, attempts, attempts == 1 ? "" : "s", retry_mode_name(retry.mode),
          retry.source, describe_body(answer.body))),
      answer);
}

AnswerReading read_answer(std::string_view action, std::string_view where, long status,
                          std::string_view text, const Credentials& credentials) {
  // `reason` in words that stay the same between occurrences, `said` as the message says it.
  const auto bad = [&](const std::string& reason, const std::string& said) {
    const std::string why = support::excerpt(credentials.redact(reason), 300);
    return TransportError(TransportError::Kind::kProtocol,
                          credentials.redact(fmt::format("{}: HTTP {}{}", where, status, said)),
                          BadAnswer{status, why, summarize_body(text, credentials)});
  };
  if (status >= 500) {
    BodySummary body = summarize_body(text, credentials);
    if (is_throttling(body.error_type)) {
      return retry_of(fmt::format("{}: HTTP {}", body.error_type, status), true);
    }
    AnswerReading r = retry_of(fmt::format("HTTP {}: {}", status, describe_body(body)), false);
    r.server_error = BadAnswer{status, "a server error", std::move(body)};
    return r;
  }
  // One pass for the nesting and the keys named twice, before the parse.
  const JsonScan scan = scan_json_within(text, support::kMaxJsonDepth);
  if (scan.stop == JsonScan::Stop::kTooDeep) {
    const std::string why =
        fmt::format("JSON nested deeper than {} levels", support::kMaxJsonDepth);
    throw bad(why, " with " + why);
  }
  nlohmann::json parsed = nlohmann::json::parse(text, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) {
    const std::string why = "a body that is not a JSON object";
    throw bad(why,
              fmt::format(" with {} ({})", why, describe_body(summarize_body(text, credentials))));
  }
  // `{"Count":77,...,"Count":0}`: nlohmann keeps the last; DynamoDB never
  // writes a key twice, so such an answer is refused, not read one way.
  if (scan.stop == JsonScan::Stop::kDuplicateKey) {
    const std::string why = support::excerpt(
        fmt::format("the body: an object names the key {} twice", scan.detail), 300);
    throw bad(why, " with " + why);
  }
  if (status == 200) {
    if (auto typed = check_answer_types(action, parsed); !typed) {
      throw bad(typed.error().message,
                ": in the answer, " + support::excerpt(typed.error().message, 300));
    }
    return reply_of(Reply{std::nullopt, std::move(parsed)});
  }
  if (auto typed = check_error_types(parsed); !typed) {
    throw bad(typed.error().message,
              ": in the error answer, " + support::excerpt(typed.error().message, 300));
  }
  ApiError e;
  e.http_status = static_cast<int>(status);
  e.type = short_type(parsed.value("__type", std::string()));
  // DynamoDB's messages are a sentence or two; an endpoint's may be any size,
  // and reports, signatures and one-line errors carry it: the first
  // kMaxErrorMessage bytes are kept, never half a character.
  e.message = std::string(support::utf8_prefix(
      credentials.redact(parsed.value("message", parsed.value("Message", std::string()))),
      kMaxErrorMessage));
  if (is_throttling(e.type) || status == 429)
    return retry_of(e.type + ": " + support::excerpt(e.message, 300), true);
  if (is_transient(e.type))
    return retry_of(e.type + ": " + support::excerpt(e.message, 300), false);
  return reply_of(Reply{std::move(e), std::move(parsed)});
}

}  // namespace sortkey::dynamodb
