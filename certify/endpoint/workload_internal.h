// File: certify/endpoint/workload_internal.h
//
// What the workload's files share (workload_load.cc, workload_pages.cc,
// workload_writes.cc) with connections.cc: the pieces of a reproduction,
// defined in workload.cc.

#ifndef SORTKEY_CERTIFY_ENDPOINT_WORKLOAD_INTERNAL_H_
#define SORTKEY_CERTIFY_ENDPOINT_WORKLOAD_INTERNAL_H_

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "certify/endpoint/page_answer.h"
#include "dynamodb/client.h"
#include "oracles/naive_query.h"
#include "properties/props/write_script.h"

namespace sortkey::certify::endpoint::workload_internal {

nlohmann::json items_json(const std::vector<oracle::NItem>& items);
// The request as recorded in a reproduction: the table name is the fresh
// table's, filled in on replay.
nlohmann::json recorded_request(const std::string& action, nlohmann::json params);
// The answer as recorded: the body, or {"error": type, "message": ...}.
nlohmann::json actual_json(const nlohmann::json& body,
                           const std::optional<dynamodb::ApiError>& error);
// The same for any answer (page_answer.h, recorded_answer), with "status"
// and "body" for a server error or an answer that is not DynamoDB's JSON.
nlohmann::json actual_json(const PageAnswer& answer);
// The kind of a write's divergence ("rejected", "accepted", "error_type",
// a failure's kind; with `get`, of GetItem's item: "items", "malformed",
// "number_text"), or "" when the endpoint's answer `got` is `want`;
// `detail` says what differs.
std::string step_kind(const props::StepAnswer& want, const PageAnswer& got, bool get,
                      std::string* detail);

}  // namespace sortkey::certify::endpoint::workload_internal

#endif  // SORTKEY_CERTIFY_ENDPOINT_WORKLOAD_INTERNAL_H_
