// File: certify/endpoint/dynamodb_answer.h
//
// An endpoint's answer read, with no connection behind it: what the HTTP
// status and body of one exchange of DynamoDB's JSON protocol mean (the
// failure handling of dynamodb_client.h), and what a Query or Scan page
// holds (its Items, Count, ScannedCount and LastEvaluatedKey, as the
// workload's checks read them). DynamoDbClient::call and Workload call these
// on every answer; the fuzz target endpoint_answer_fuzzer calls them on any
// status and bytes.
//
// Example:
//   HttpAnswer a = read_http_answer(400, R"({"__type":"x#ValidationException"})", where, creds);
//   // a.reply->error->type == "ValidationException"
//   PageAnswer p = read_page("Query", *read_http_answer(200, R"({"Items":[],"Count":0})",
//   ...).reply);
//   // p.items.empty(), p.count == 0

#ifndef SORTKEY_CERTIFY_ENDPOINT_DYNAMODB_ANSWER_H_
#define SORTKEY_CERTIFY_ENDPOINT_DYNAMODB_ANSWER_H_

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "certify/endpoint/credentials.h"
#include "certify/endpoint/dynamodb_client.h"
#include "naive_query.h"

namespace sortkey::certify::endpoint {

// One HTTP exchange's answer: a reply, or why another attempt is due.
struct HttpAnswer {
  std::optional<Reply> reply;  // HTTP 200 (the body) or an API error other than throttling
  std::string retry;           // when no reply: "HTTP 503: ..." or "ThrottlingException: ..."
};

// The answer of HTTP `status` with `body`. Throws TransportError kProtocol
// when the body is nested too deep, is not a JSON object (a 5xx is retried
// whatever its body), or names its error with a member that is not a string.
// Messages start with `where` ("URL Action") and pass through creds.redact.
HttpAnswer read_http_answer(long status, std::string_view body, std::string_view where,
                            const Credentials& creds);

// A page as the workload's checks read it.
struct PageAnswer {
  std::optional<ApiError> error;
  nlohmann::json body;
  std::vector<oracle::NItem> items;
  int count = 0;
  int scanned = 0;
  std::optional<oracle::NItem> lek;
  nlohmann::json lek_raw;
  std::string malformed;  // why the body could not be read
};

// `reply` to `action` read: for a Query or Scan that succeeded, its items,
// counts and LastEvaluatedKey; `malformed` says which item or key is not
// DynamoDB JSON. Throws TransportError kProtocol naming the member when one
// has the wrong JSON type: Items not an array, Count or ScannedCount not an
// integer from 0 to INT_MAX, LastEvaluatedKey not an object (null counts as
// absent).
PageAnswer read_page(std::string_view action, Reply reply);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_DYNAMODB_ANSWER_H_
