// File: oracles/naive_transaction.h
//
// Reference implementation for tests; never link into the library.
//
// DynamoDB's TransactWriteItems, TransactGetItems and BatchGetItem over
// named naive tables (naive_query.h), decided the slow and obvious way: each
// write action is run by the oracle's own single-item request
// (naive_update_item, naive_delete_item, NaiveTable::put with naive_eval of
// the condition) on a copy of its table, the verdicts are gathered, and only
// when every action passes are the items the copies hold written into the
// real tables. It shares no code with the engine (sortkey/transaction.h):
// the properties build the trees, render them to text for the engine, and
// compare verdicts, reasons and items, never messages.
//
// The rules, in the order the engine's header states them (reference on
// writes, §4 and §5; rows in oracles/RULES.md, "Transactions and
// BatchGetItem"):
//   * 1 to 100 actions (1 to 100 Gets), else refused;
//   * refused before any item is read: a table not named, an Update
//     without an update tree, a ConditionCheck without a condition, an
//     update or condition refusal (naive_update_refusal, naive_refusal), an
//     Update of a table key attribute;
//   * refused: two actions on one item (the same table and equal keys);
//   * cancelled, only the first such action's reason ValidationError: a key
//     that is not exactly the table's key attributes of their types and
//     sizes, a Put item can_put refuses, an Update the single-item oracle
//     refuses once it reads the item;
//   * cancelled, a reason per action: a false condition
//     (ConditionalCheckFailed, with the item found when ALL_OLD is asked);
//   * otherwise every write applied.

#ifndef SORTKEY_ORACLES_NAIVE_TRANSACTION_H_
#define SORTKEY_ORACLES_NAIVE_TRANSACTION_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "oracles/naive_query.h"
#include "oracles/naive_update.h"

namespace sortkey::oracle {

using NTables = std::map<std::string, NaiveTable*>;
using NReadTables = std::map<std::string, const NaiveTable*>;

struct NTxWrite {
  enum class Kind { kPut, kUpdate, kDelete, kConditionCheck };
  Kind kind = Kind::kPut;
  std::string table;
  NItem item;                      // kPut: the item; otherwise the key
  std::optional<NUpdate> update;   // kUpdate: required
  std::optional<NCond> condition;  // kConditionCheck: required
  bool old_on_failure = false;     // ReturnValuesOnConditionCheckFailure = ALL_OLD
};

struct NTxReason {
  enum class Code { kNone, kConditionalCheckFailed, kValidationError };
  Code code = Code::kNone;
  std::optional<NItem> item;  // kConditionalCheckFailed with ALL_OLD, the item found
};

struct NTxAnswer {
  enum class Verdict { kOk, kRefused, kCancelled };
  Verdict verdict = Verdict::kOk;
  std::vector<NTxReason> reasons;  // kCancelled: one per action, in order
  std::string why;                 // kRefused, or the ValidationError's rule
};

// The names DynamoDB's JSON gives them: "Put", "Update", "Delete",
// "ConditionCheck"; "None", "ConditionalCheckFailed", "ValidationError".
const char* naive_tx_action_name(NTxWrite::Kind kind);
const char* naive_tx_code_name(NTxReason::Code code);

// TransactWriteItems: the answer, and the tables written when it is kOk.
NTxAnswer naive_transact_write(const NTables& tables, const std::vector<NTxWrite>& actions);

// Whether `key` is a key DynamoDB accepts for the table: exactly its key
// attributes, each of its type, within the sizes a written key must keep.
bool naive_key_ok(const NaiveTable& table, const NItem& key);

struct NTxGet {
  std::string table;
  NItem key;
  std::optional<std::vector<NPath>> projection;  // no path a prefix of another
};

struct NReadAnswer {
  bool refused = false;
  std::string why;
  std::vector<std::optional<NItem>> items;  // transact: one per Get, nullopt when absent
};

// TransactGetItems. Two Gets of one item are refused: the sources say
// nothing (UNSETTLED), the oracle reads them as TransactWriteItems does.
NReadAnswer naive_transact_get(const NReadTables& tables, const std::vector<NTxGet>& gets);

struct NBatchGetTable {
  std::vector<NItem> keys;
  std::optional<std::vector<NPath>> projection;
  bool consistent = false;  // reads the same in the oracle
};

struct NBatchAnswer {
  bool refused = false;
  std::string why;
  // Per table asked, the items found, projected, in no order the properties rely on.
  std::map<std::string, std::vector<NItem>> responses;
};

// BatchGetItem: no table, or a table with no key or more than 100, more
// than 100 keys in all, a table not named, a bad key, or one key twice in
// a table (equal by value) are refused.
NBatchAnswer naive_batch_get(const NReadTables& tables,
                             const std::map<std::string, NBatchGetTable>& request);

}  // namespace sortkey::oracle

#endif  // SORTKEY_ORACLES_NAIVE_TRANSACTION_H_
