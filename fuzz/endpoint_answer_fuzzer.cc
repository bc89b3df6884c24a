// Endpoint answers: one HTTP status and body read as the DynamoDB client
// reads them (read_answer, certify/endpoint/page_answer.h), and a
// successful answer read as a Query or Scan page (read_page).
// Input: a first line "<status> <action>" (e.g. "200 Query"), then the body.
// Without a newline, or with a first line that does not start with digits,
// the whole input is the body of "200 Query".
//
// Checks (certify/endpoint/page_answer_props.h):
//   * the reader is total: a reply, a retry with its reason, or a
//     TransportError kProtocol; no other exception escapes;
//   * a persistent 5xx and a body that is not DynamoDB's JSON, read as the
//     endpoint workload reads them (failed_answer), are divergences whose
//     sentence is one short line of valid UTF-8 and whose recorded answer
//     is valid UTF-8 JSON with the status, without a secret;
//   * HTTP 5xx is retried (unless the body nests too deep); a reply to 200
//     is the body, an object, without error; a reply to anything else is an
//     API error with that status and a short type (no '#', no ':');
//   * the secret key and session token never appear in an error's text;
//   * a page is total too: malformed with a reason, a TransportError
//     kProtocol naming the member, or items that each write back to the
//     item read, the Count and ScannedCount the body holds (-1 when absent),
//     and a LastEvaluatedKey exactly when the body has a non-null one;
//   * the readers of the answers to TransactWriteItems, TransactGetItems
//     and BatchGetItem (certify/endpoint/transaction_answer.h: the
//     CancellationReasons with their Items, Responses, UnprocessedKeys) are
//     total on the answer as read and on the body parsed alone, with
//     duplicate keys, wrong types and null members: no exception, a known
//     kind with one short line of UTF-8, and agreement with an expected
//     answer made of what they read.

#include <cstdint>
#include <string>
#include <string_view>

#include "certify/endpoint/page_answer_props.h"
#include "fuzz/fuzz_adapter.h"

namespace {

struct Input {
  long status = 200;
  std::string action = "Query";
  std::string_view body;
};

// The first line's status and action, and the body after it, as the
// layout above says.
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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("endpoint_answer_fuzzer");
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const Input in = split(bytes);
  fuzz::check(certify::endpoint::endpoint_answer_holds(in.status, in.action, in.body),
              "endpoint/answer", [&] {
                return "HTTP " + std::to_string(in.status) + " " + in.action + ": " +
                       std::string(in.body.substr(0, 2000));
              });
  fuzz::check(certify::endpoint::transaction_answer_holds(in.status, in.action, in.body),
              "endpoint/transaction_answer", [&] {
                return "HTTP " + std::to_string(in.status) + " " + in.action + ": " +
                       std::string(in.body.substr(0, 2000));
              });
  return 0;
}
