// File: certify/endpoint/page_answer.h
//
// A Query or Scan page as the workload's checks read it: its Items, Count,
// ScannedCount and LastEvaluatedKey, the items as the oracle's values. Workload
// reads every answer with it; the fuzz target endpoint_answer_fuzzer calls it
// on any status and bytes (after dynamodb/read_answer.h).
//
// Example:
//   PageAnswer p = read_page("Query", *read_answer("Query", where, 200,
//                                                  R"({"Items":[],"Count":0})", creds).reply);
//   // p.items.empty(), p.count == 0

#ifndef SORTKEY_CERTIFY_ENDPOINT_PAGE_ANSWER_H_
#define SORTKEY_CERTIFY_ENDPOINT_PAGE_ANSWER_H_

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dynamodb/client.h"
#include "oracles/naive_query.h"

namespace sortkey::certify::endpoint {

// A page as the workload's checks read it.
struct PageAnswer {
  std::optional<dynamodb::ApiError> error;
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
  bool outcome_unknown = false;  // dynamodb::Reply::outcome_unknown
};

// `reply` to `action` read: for a Query or Scan that succeeded, its items,
// counts and LastEvaluatedKey; `malformed` says which item or key is not
// DynamoDB JSON. Throws dynamodb::TransportError kProtocol naming the member
// when one has the wrong JSON type: Items not an array, Count or ScannedCount
// not an integer from 0 to INT_MAX, LastEvaluatedKey not an object (null
// counts as absent).
PageAnswer read_page(std::string_view action, dynamodb::Reply reply);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_PAGE_ANSWER_H_
