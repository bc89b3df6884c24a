// File: certify/endpoint/unknown_outcome.h
//
// A write whose outcome is unknown: the client sent it in full, the
// connection broke before a complete answer or the endpoint answered a 5xx
// that is not throttling (which it may have answered after applying it),
// and the answer judged came from a retry (Reply::outcome_unknown,
// dynamodb/client.h). If the endpoint
// applied the first attempt, the retry of a write that is not idempotent
// meets the state the first left: a conditional write fails its condition,
// `SET n = n + :one` or ADD applies twice, ReturnValues describes the first
// attempt's result. Its answer then says nothing about how the endpoint
// answers one request, so the workload does not judge it: it reads the
// item back with a consistent GetItem and settles by what is stored
// (Workload::step_divergence, Workload::write_divergence):
//
//   applied      the item as the model holds it with the write applied (by
//                the first attempt or the retry): the answer is not judged;
//   not applied  the item as it was without the write: the first attempt
//                changed nothing, so the retry met the state the write was
//                meant for and its answer is judged as any other;
//   unchanged    the write changes nothing as DynamoDB answers it (refused,
//                or a condition that fails) and the item is as it was: the
//                answer is judged;
//   applied twice  the item as the write applied to the item it made leaves
//                it (`SET n = n + :one` or ADD by the first attempt and the
//                retry): what a correct endpoint does with a retried write
//                that is not idempotent, so the answer is not judged;
//   neither      something else (a third state): a divergence stating what
//                was stored and the items it could have been;
//   unread       the read-back was refused or got no answer: a divergence,
//                unless DynamoDB refuses the write and the key alike (a key
//                over its size limit), whose answer is then judged.
//
// A write that is idempotent answers its retry as it would have answered
// once, and is judged as usual: PutItem and DeleteItem without a condition
// or ReturnValues, UpdateItem that only SETs values and REMOVEs attributes,
// BatchWriteItem (whole-item puts and deletes; its UnprocessedItems are
// sent again whatever the attempt that left them).

#ifndef SORTKEY_CERTIFY_ENDPOINT_UNKNOWN_OUTCOME_H_
#define SORTKEY_CERTIFY_ENDPOINT_UNKNOWN_OUTCOME_H_

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "oracles/naive_query.h"

namespace sortkey::certify::endpoint {

// Whether sending `action` with `params` twice answers and leaves the table
// as sending it once does (see above). Reads are; CreateTable, DeleteTable
// and actions not listed are not.
bool repeat_safe(std::string_view action, const nlohmann::json& params);

enum class Settled { kApplied, kNotApplied, kUnchanged, kNeither, kAppliedTwice };
// "applied", "not applied", "unchanged", "neither", "applied twice".
const char* settled_name(Settled s);

// How a write of unknown outcome is settled by the item `stored` under its
// key (nullopt: none), against the model's item with the write applied and
// without it, and (`twice`, when given) with the write applied to the item
// it made.
Settled settle(const std::optional<oracle::NItem>& stored,
               const std::optional<oracle::NItem>& applied,
               const std::optional<oracle::NItem>& not_applied,
               const std::optional<std::optional<oracle::NItem>>& twice = std::nullopt);

// One write settled, for the run's report: {"request": {"action", "params"},
// "settled", "stored", "applied", "not_applied"} (items in DynamoDB JSON,
// null for none).
nlohmann::json settled_json(const nlohmann::json& request, Settled s,
                            const std::optional<oracle::NItem>& stored,
                            const std::optional<oracle::NItem>& applied,
                            const std::optional<oracle::NItem>& not_applied);

// The writes of one property, for its JSON result: {"count", "settled":
// {"applied": n, ...}, "writes": [...]}; null when there are none.
nlohmann::json unknown_outcomes_json(const std::vector<nlohmann::json>& writes);
// The line of the run's notes, for the writes of each property: "  3
// writes with an unknown outcome (...): 2 applied, 1 unchanged\n"; "" when
// there are none.
std::string unknown_outcomes_line(const std::map<std::string, std::vector<nlohmann::json>>& writes);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_UNKNOWN_OUTCOME_H_
