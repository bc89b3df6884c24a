// Endpoint answers: one HTTP status and body read as the DynamoDB client
// reads them (read_answer, certify/endpoint/page_answer.h), and a
// successful answer read as a Query or Scan page (read_page).
// Input: a first line "<status> <action>" (e.g. "200 Query"), then the body.
// Without a newline, or with a first line that does not start with digits,
// the whole input is the body of "200 Query".
//
// Checks:
//   * the reader is total: a reply, a retry with its reason, or a
//     TransportError kProtocol; no other exception escapes;
//   * HTTP 5xx is retried (unless the body nests too deep); a reply to 200
//     is the body, an object, without error; a reply to anything else is an
//     API error with that status and a short type (no '#', no ':');
//   * the secret key and session token never appear in an error's text;
//   * a page is total too: malformed with a reason, a TransportError
//     kProtocol naming the member, or items that each write back to the
//     item read, the Count and ScannedCount the body holds (-1 when absent),
//     and a LastEvaluatedKey exactly when the body has a non-null one.

#include <cstdint>
#include <string>
#include <string_view>

#include "certify/endpoint/page_answer.h"
#include "dynamodb/read_answer.h"
#include "fuzz/fuzz_adapter.h"
#include "oracles/naive_query.h"
#include "properties/props/outcome.h"
#include "properties/props/query_conversions.h"
#include "sortkey/attribute.h"

namespace {

using namespace sortkey;
using certify::endpoint::PageAnswer;
using dynamodb::AnswerReading;
using dynamodb::TransportError;
using nlohmann::json;
using props::Outcome;

struct Input {
  long status = 200;
  std::string action = "Query";
  std::string_view body;
};

Input split(std::string_view bytes) {
  Input in;
  in.body = bytes;
  const std::size_t nl = bytes.find('\n');
  if (nl == std::string_view::npos || nl == 0 || bytes[0] < '0' || bytes[0] > '9') return in;
  const std::string_view head = bytes.substr(0, nl);
  std::size_t digits = 0;
  long status = 0;
  while (digits < head.size() && digits < 3 && head[digits] >= '0' && head[digits] <= '9') {
    status = status * 10 + (head[digits++] - '0');
  }
  in.status = status;
  std::string_view action = head.substr(digits);
  while (!action.empty() && action.front() == ' ') action.remove_prefix(1);
  in.action = std::string(action);
  in.body = bytes.substr(nl + 1);
  return in;
}

const dynamodb::Credentials& credentials() {
  static const dynamodb::Credentials c{
      {"AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "FQoGZXIvYXdzEXAMPLETOKEN"},
      "the fuzz target"};
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

Outcome protocol_error(const dynamodb::TransportError& e) {
  if (e.kind() != dynamodb::TransportError::Kind::kProtocol) {
    return Outcome::fails(std::string("a dynamodb::TransportError of another kind: ") + e.what());
  }
  if (std::string_view(e.what()).empty()) return Outcome::fails("a protocol error without a text");
  return no_secret(e.what());
}

bool same_item(const oracle::NItem& a, const oracle::NItem& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].first != b[i].first || !oracle::naive_equal(a[i].second, b[i].second)) return false;
  }
  return true;
}

Outcome page_holds(const Input& in, const dynamodb::Reply& reply) {
  PageAnswer page;
  try {
    page = certify::endpoint::read_page(in.action, reply);
  } catch (const dynamodb::TransportError& e) {
    return protocol_error(e);
  }
  if (!page.malformed.empty() || (in.action != "Query" && in.action != "Scan")) {
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

Outcome answer_holds(const Input& in) {
  dynamodb::AnswerReading answer;
  try {
    answer = dynamodb::read_answer(in.action, "http://endpoint " + in.action, in.status, in.body,
                                   credentials());
  } catch (const dynamodb::TransportError& e) {
    return protocol_error(e);
  }
  if (answer.reply.has_value() == !answer.retry_because.empty()) {
    return Outcome::fails("neither a reply nor a retry, or both");
  }
  if (!answer.reply) {
    // Retried: HTTP 5xx, or an error type the SDKs retry (throttling, transient).
    return in.status >= 500 || in.status == 429 ||
                   answer.retry_because.find(':') != std::string::npos
               ? no_secret(answer.retry_because)
               : Outcome::fails("retried HTTP " + std::to_string(in.status) + ": " +
                                answer.retry_because);
  }
  const dynamodb::Reply& reply = *answer.reply;
  if (in.status >= 500) return Outcome::fails("a reply to HTTP " + std::to_string(in.status));
  if (!reply.body.is_object()) return Outcome::fails("a reply whose body is not an object");
  if (in.status == 200) {
    if (reply.error) return Outcome::fails("an API error in a 200 answer");
    return page_holds(in, reply);
  }
  if (!reply.error || reply.error->http_status != in.status) {
    return Outcome::fails("a non-200 answer without its API error and status");
  }
  if (reply.error->type.find_first_of("#:") != std::string::npos) {
    return Outcome::fails("an error type that is not short: " + reply.error->type);
  }
  return no_secret(reply.error->message);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sortkey::fuzz::set_target_name("endpoint_answer_fuzzer");
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const Input in = split(bytes);
  sortkey::fuzz::check(answer_holds(in), "endpoint/answer", [&] {
    return "HTTP " + std::to_string(in.status) + " " + in.action + ": " +
           std::string(in.body.substr(0, 2000));
  });
  return 0;
}
