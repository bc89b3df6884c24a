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
//   AnswerReading a = read_answer("Query", where, 400, R"({"__type":"x#ValidationException"})",
//                                 creds);
//   // a.reply->error->type == "ValidationException"
//   PageAnswer p = read_page("Query", *read_answer("Query", where, 200,
//                                                  R"({"Items":[],"Count":0})", creds).reply);
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

// Reads the answer to `action` (HTTP `status`, body `text`); `where` starts
// every message ("http://h:p/ Query"). Throws TransportError kProtocol for
// a body that is not a JSON object, nests too deep, or has a member of the
// wrong type (answer.h). Messages pass through `credentials.redact`.
AnswerReading read_answer(std::string_view action, std::string_view where, long status,
                          std::string_view text, const Credentials& credentials);

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
  // The request got no answer (Workload::send): "timeout" or "connection
  // lost"; `error` then says "no answer: <that>" with the client's message,
  // so that no check takes it for an answer it expects.
  std::string no_answer;
  bool outcome_unknown = false;  // Reply::outcome_unknown
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
