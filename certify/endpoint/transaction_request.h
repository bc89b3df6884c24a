// File: certify/endpoint/transaction_request.h
//
// The requests of endpoint/transactions over one or two tables:
// TransactWriteItems (1 to 4 Put, Update, Delete and ConditionCheck
// actions), TransactGetItems and BatchGetItem, in the oracle's terms
// (oracles/naive_transaction.h) with the tables named "t0" and "t1"; what
// DynamoDB answers is the oracle's (naive_transact_write, naive_transact_get,
// naive_batch_get; AWS API reference TransactWriteItems, TransactGetItems,
// BatchGetItem; reference on writes, sections 4 and 5).
//
// The request's text is rendered from the oracle's trees as the model's
// properties render it (props::render_transact_writes, a style per action),
// so that the endpoint's parser reads the request the oracle judges. In a
// reproduction the tables are named "<table>" (t0) and "<table 2>" (t1).
//
// Example:
//   TransactionRequest r;
//   r.kind = TransactionRequest::Kind::kWrite;
//   r.writes = {put_on_t0, condition_check_on_t1};
//   std::map<std::string, std::string> names = {{"t0", "sortkey-cert-1-0"}, {"t1", ...}};
//   nlohmann::json params = transaction_params(r, names);  // TransactWriteItems'

#ifndef SORTKEY_CERTIFY_ENDPOINT_TRANSACTION_REQUEST_H_
#define SORTKEY_CERTIFY_ENDPOINT_TRANSACTION_REQUEST_H_

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "oracles/naive_transaction.h"

namespace sortkey::certify::endpoint {

struct TransactionRequest {
  enum class Kind { kWrite, kGet, kBatchGet };
  Kind kind = Kind::kWrite;
  std::vector<oracle::NTxWrite> writes;                 // kWrite
  std::vector<oracle::NTxGet> gets;                     // kGet
  std::map<std::string, oracle::NBatchGetTable> batch;  // kBatchGet
  std::uint64_t style = 0;                              // rendering choices
  // Set on a divergence's request when its cause is a rule of the oracle
  // (a refusal, a ValidationError reason); names it in the signature
  // instead of the actions.
  std::string cause;
};
std::ostream& operator<<(std::ostream& os, const TransactionRequest& r);

// "TransactWriteItems", "TransactGetItems", "BatchGetItem".
const char* transaction_operation(const TransactionRequest& r);

// The oracle's answer, one of the three by the request's kind.
struct TransactionAnswer {
  oracle::NTxAnswer write;
  oracle::NReadAnswer get;
  oracle::NBatchAnswer batch;
  bool refused() const;
};

// The oracle's answer; the tables (by the request's names) change when a
// TransactWriteItems applies.
TransactionAnswer expect_transaction(const oracle::NTables& tables, const TransactionRequest& r);

// The request's parameters, each table named by `names` (request name ->
// the endpoint's table).
nlohmann::json transaction_params(const TransactionRequest& r,
                                  const std::map<std::string, std::string>& names);

// The expected answer in a reproduction: {"ok": true}, {"error":
// "ValidationException"}, {"error": "TransactionCanceledException",
// "CancellationReasons": ["None", "ConditionalCheckFailed", ...]}, the
// reason of an action with ReturnValuesOnConditionCheckFailure ALL_OLD
// whose condition failed {"Code": "ConditionalCheckFailed", "Item": the
// item found} (no "Item" when none was: it must then be absent);
// TransactGetItems' {"Responses": [item or null, ...]}; BatchGetItem's
// {"Responses": {"<table>": [items]}} (the tables' reproduction names).
nlohmann::json transaction_expected(const TransactionRequest& r, const TransactionAnswer& a);

// The table and key each write action touches, in order ("t0", key).
std::vector<std::pair<std::string, oracle::NItem>> transaction_targets(
    const oracle::NReadTables& tables, const TransactionRequest& r);

// What a divergence of the request is about, for its signature
// (attribution.h): the operation and its actions' kinds, e.g.
// "TransactWriteItems Put, ConditionCheck; a condition; two tables", or
// "BatchGetItem; a projection"; the request's `cause` instead when set.
std::string transaction_feature(const TransactionRequest& r);

// The same request with its one action (a TransactWriteItems of several):
// the candidates by which a divergence is narrowed.
std::optional<TransactionRequest> with_transaction_action(const TransactionRequest& r,
                                                          std::size_t action);

// The reproduction's name of request table `name` ("t0" -> "<table>",
// "t1" -> "<table 2>").
std::string reproduction_table_name(const std::string& name);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_TRANSACTION_REQUEST_H_
