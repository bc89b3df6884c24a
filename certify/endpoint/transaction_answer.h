// File: certify/endpoint/transaction_answer.h
//
// The readers of an endpoint's answers to TransactWriteItems,
// TransactGetItems and BatchGetItem (endpoint/transactions,
// transaction_request.h): the CancellationReasons of a
// TransactionCanceledException (each Code, and the Item of an action sent
// with ReturnValuesOnConditionCheckFailure ALL_OLD), TransactGetItems'
// Responses, BatchGetItem's Responses and UnprocessedKeys, each judged
// against the oracle's expected answer (transaction_expected's form).
//
// Every reader is total: whatever JSON the endpoint answers (members
// missing, null or of another type, huge lists, any nesting read_answer
// lets through), it returns a verdict or a reason and never throws; its
// work is linear in the answer and the expected answer, and the sentences
// it makes (`detail`) are valid UTF-8 of at most kTransactionDetailBytes.
// The expected answer, which a reproduction file may hold, is read as
// totally. The fuzz target endpoint_answer_fuzzer checks this
// (page_answer_props.h, transaction_answer_holds).
//
// Example:
//   PageAnswer a;  // {"__type": "...TransactionCanceledException", "CancellationReasons":
//                  //  [{"Code": "None"}, {"Code": "ConditionalCheckFailed", "Item": {...}}]}
//   std::string detail;
//   transaction_verdict_kind(expected, a, &detail);  // "" when it is the expected one,
//                                                    // "reasons", "reason_item", ...

#ifndef SORTKEY_CERTIFY_ENDPOINT_TRANSACTION_ANSWER_H_
#define SORTKEY_CERTIFY_ENDPOINT_TRANSACTION_ANSWER_H_

#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "certify/endpoint/page_answer.h"
#include "oracles/naive_transaction.h"

namespace sortkey::certify::endpoint {

// The longest sentence a reader of this file makes.
inline constexpr std::size_t kTransactionDetailBytes = 1500;

// An item as an answer or a reproduction holds it: an object of DynamoDB
// JSON, even empty (a projection of attributes the item lacks), or none
// (null, absent, not an object, not DynamoDB JSON).
std::optional<oracle::NItem> answer_item(const nlohmann::json& j);
// Equal as DynamoDB compares items (Numbers by value); none equals none.
bool same_answer_item(const std::optional<oracle::NItem>& a, const std::optional<oracle::NItem>& b);
// The same items as multisets.
bool same_answer_items(const std::vector<oracle::NItem>& a, std::vector<oracle::NItem> b);

// One entry of CancellationReasons: its Code and its Item as given (null
// when absent).
struct CancellationReason {
  std::string code;
  nlohmann::json item;
};
// The CancellationReasons of an error answer's body, in order; nullopt when
// the member is missing or not a list of objects each with a string Code.
std::optional<std::vector<CancellationReason>> cancellation_reasons(const nlohmann::json& body);
// Their codes alone.
std::optional<std::vector<std::string>> cancellation_codes(const nlohmann::json& body);

// The answer's verdict against the expected one (transaction_expected's
// form): "" when they agree, else the divergence's kind, `detail` saying
// what differs: a failure's kind, "rejected", "accepted", "error_type",
// "reasons" (the codes, compared in order), "reason_item" (an entry
// expected as {"Code": ..., "Item": item} without that Item, or as
// {"Code": ...} with one) or "malformed" (such an Item that is not
// DynamoDB JSON). An expected entry that is a bare code judges no Item.
// Messages are not judged.
std::string transaction_verdict_kind(const nlohmann::json& expected, const PageAnswer& a,
                                     std::string* detail);

// TransactGetItems' Responses against the oracle's items, in order: "" when
// they agree, else "items" or "malformed", `detail` saying what differs.
std::string transact_get_kind(const PageAnswer& a, const oracle::NReadAnswer& want,
                              std::string* detail);
// The same against a reproduction's expected {"Responses": [item or null,
// ...]}: nullopt when they agree, else what differs.
std::optional<std::string> transact_get_replayed(const nlohmann::json& expected,
                                                 const PageAnswer& a);

// One answer of BatchGetItem read: the items of its Responses added to
// `out` by the endpoint's table name (a table answered with no item is
// named too), its UnprocessedKeys in `*left` (an empty object when none);
// "" when read, else why an item could not be.
std::string batch_answer_items(const nlohmann::json& body,
                               std::map<std::string, std::vector<oracle::NItem>>& out,
                               nlohmann::json* left);
// BatchGetItem's items found (by the endpoint's table names, `names` the
// request's) against the oracle's, per table as sets: "" or "items".
std::string batch_kind(const std::map<std::string, std::vector<oracle::NItem>>& found,
                       const oracle::NBatchAnswer& want,
                       const std::map<std::string, std::string>& names, std::string* detail);

// The answer as a reproduction records it, with its CancellationReasons
// when it has them: each a code, or {"Code": ..., "Item": ...} when it
// holds an Item.
nlohmann::json transaction_actual(const PageAnswer& a);

// Whether the endpoint's CancellationReasons (recorded beside its answer
// in the reproduction) hold ValidationError where the oracle's do.
bool validation_kept(const oracle::NTxAnswer& want, const nlohmann::json& reproduction);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_TRANSACTION_ANSWER_H_
