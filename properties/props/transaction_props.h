// File: properties/props/transaction_props.h
//
// TransactWriteItems, TransactGetItems and BatchGetItem, the engine
// (sortkey/transaction.h) against the naive oracle
// (oracles/naive_transaction.h), over named tables: the oracle's requests
// rendered to expression text with placeholders (render_update's and
// render_filter's, a style seed per action), and the answers compared:
//   * TransactWriteItems: the same verdict (applied, ValidationException,
//     TransactionCanceledException; messages not compared); when cancelled,
//     the same reason per action in order (None, ConditionalCheckFailed,
//     ValidationError) and the same item with each failed condition;
//     afterwards every table holds exactly the oracle's items, and a
//     refused or cancelled transaction left every table exactly as it was
//     (each read whole before and after);
//   * TransactGetItems: the same verdict, and the same item or none for
//     each Get, in request order;
//   * BatchGetItem: the same verdict, the same tables in Responses, and the
//     same items per table as multisets (DynamoDB's order is unspecified).

#ifndef SORTKEY_PROPERTIES_PROPS_TRANSACTION_PROPS_H_
#define SORTKEY_PROPERTIES_PROPS_TRANSACTION_PROPS_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "oracles/naive_transaction.h"
#include "properties/props/outcome.h"
#include "sortkey/transaction.h"

namespace sortkey::props {

// The oracle's tables by the names the requests give them.
using ModelTables = oracle::NReadTables;

std::vector<TransactWriteAction> render_transact_writes(
    const std::vector<oracle::NTxWrite>& actions, std::uint64_t style);

// The engine's tables are written by the engine's answer; `model` is not
// (the oracle answers on copies). `*verdict`, when given, is the oracle's.
Outcome check_transact_write(const ModelTables& model, const TableSet& engine,
                             const std::vector<oracle::NTxWrite>& actions, std::uint64_t style,
                             oracle::NTxAnswer::Verdict* verdict = nullptr);
Outcome check_transact_get(const ModelTables& model, const TableSet& engine,
                           const std::vector<oracle::NTxGet>& gets);
Outcome check_batch_get(const ModelTables& model, const TableSet& engine,
                        const std::map<std::string, oracle::NBatchGetTable>& request);

// Each engine table holds exactly the items of the oracle's table of its
// name (compared as multisets).
Outcome check_same_tables(const ModelTables& model, const TableSet& engine,
                          const std::string& after);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_PROPS_TRANSACTION_PROPS_H_
