// File: certify/endpoint/page_answer.h
//
// A Query or Scan page as the workload's checks read it: its Items, Count,
// ScannedCount and LastEvaluatedKey, the items as the oracle's values; and
// the answer of a request that got none DynamoDB gives (no answer at all, a
// server error, a body that is not DynamoDB's JSON), which the checks report
// as a divergence like any other. Workload reads every answer with it; the
// fuzz target endpoint_answer_fuzzer calls it on any status and bytes (after
// dynamodb/read_answer.h).
//
// Example:
//   PageAnswer p = read_page("Query", *read_answer("Query", where, 200,
//                                                  R"({"Items":[],"Count":0})", creds).reply);
//   // p.items.empty(), p.count == 0
//   PageAnswer e = *failed_answer(server_error);  // a TransportError kServerError
//   // e.no_answer == "server error", e.error->type == "HTTP 500", failure_kind(e) ==
//   // "server_error", recorded_answer(e) == {"error": "HTTP 500", "message": "an HTML body",
//   //   "status": 500, "body": {"type": "HTML", "bytes": 1234, "first_line": "<!DOCTYPE html>"}}

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
  std::string malformed;  // why an item or the LastEvaluatedKey could not be read
  // The request got no answer DynamoDB gives (failed_answer): "timeout" or
  // "connection lost" (none at all), "server error" (a 5xx through its
  // attempts) or "malformed answer" (a body that is not DynamoDB's JSON);
  // `error` is then set, so that no check takes it for an answer it expects.
  std::string no_answer;
  // The client's sentence for it (URL, attempts, what the body was).
  std::string failure;
  // For a server error or a malformed answer: the status and the body described.
  std::optional<dynamodb::BadAnswer> bad;
  bool outcome_unknown = false;  // dynamodb::Reply::outcome_unknown
};

// `reply` to `action` read: for a Query or Scan that succeeded, its items,
// counts and LastEvaluatedKey; `malformed` says which item or key is not
// DynamoDB JSON. Throws dynamodb::TransportError kProtocol naming the member
// when one has the wrong JSON type: Items not an array, Count or ScannedCount
// not an integer from 0 to INT_MAX, LastEvaluatedKey not an object (null
// counts as absent).
PageAnswer read_page(std::string_view action, dynamodb::Reply reply);

// The error of a request the endpoint gave no answer to, as its divergence's
// signature and a known-divergences entry name it.
inline constexpr const char* kNoAnswerTimeout = "no answer: timeout";
inline constexpr const char* kNoAnswerLost = "no answer: connection lost";

// The answer of a request that got none DynamoDB gives, read from the
// client's TransportError: kTimeout and kConnectionLost (no answer: `error`
// is {0, "no answer: timeout" or "no answer: connection lost", the client's
// message}), kServerError and kProtocol with its BadAnswer (`error` is
// {status, "HTTP <status>", a message that stays the same between
// occurrences: the body's kind ("an HTML body", "a JSON body (__type X)"),
// or what is wrong with it ("/Items is an object, not an array")}). Its body
// is an empty object. nullopt for every other failure (unreachable,
// throttled, interrupted, keys that could not be renewed).
std::optional<PageAnswer> failed_answer(const dynamodb::TransportError& e);

// The divergence kind of an answer the checks cannot judge as a page:
// "no_answer", "server_error" or "malformed"; "" for an answer.
std::string failure_kind(const PageAnswer& a);

// What was got instead, for a divergence's sentence: "no answer: <why>",
// "HTTP 500: an HTML body of 1234 bytes: <!DOCTYPE html>",
// "HTTP 200 that is not DynamoDB's JSON: /Items is an object, not an array
// (a JSON body of 14 bytes: {...})"; "" for an answer.
std::string failure_text(const PageAnswer& a);

// The answer as a reproduction records it (its "actual"): the body; an error
// as {"error": type, "message": ...}; a server error or a malformed answer
// also with "status" and "body" ({"type", "bytes", "first_line"}, and
// "__type" when a JSON body has one). Its text is valid UTF-8.
nlohmann::json recorded_answer(const PageAnswer& a);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_PAGE_ANSWER_H_
