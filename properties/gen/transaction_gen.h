// File: properties/gen/transaction_gen.h
//
// RapidCheck generators of TransactWriteItems, TransactGetItems and
// BatchGetItem requests in the oracle's terms (oracles/naive_transaction.h),
// over the items named tables hold:
//   * one to four write actions, each a Put (gen_item's, so now and then an
//     item the table refuses, a condition one time in three), an Update
//     (gen_update_request's tree and condition: evaluation errors and
//     refused trees included), a Delete or a ConditionCheck
//     (gen_delete_spec's key and condition; a Delete keeps it half the
//     time, a ConditionCheck lacks one one time in thirty), ReturnValuesOnConditionCheck-
//     Failure ALL_OLD half the time; each on an item no earlier action
//     targets, except one time in eight, when it takes an earlier action's
//     key (two actions on one item); a condition that is surely false
//     (attribute_exists of the partition key on a missing item,
//     attribute_not_exists on a held one) one time in twelve; no action
//     one time in fifty;
//   * one to four Gets, a ProjectionExpression of one to three top-level
//     names now and then, one key twice one time in ten;
//   * a BatchGetItem of one to four keys per table asked, each table with
//     its own projection and ConsistentRead, one key twice one time in ten.

#ifndef SORTKEY_PROPERTIES_GEN_TRANSACTION_GEN_H_
#define SORTKEY_PROPERTIES_GEN_TRANSACTION_GEN_H_

#include <rapidcheck.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "oracles/naive_transaction.h"

namespace sortkey::props {

// A table of the oracle under the name a request gives it.
struct NamedModel {
  std::string name;
  std::shared_ptr<const oracle::NaiveTable> table;
};

// attribute_exists of the partition key when `table` holds no item under
// `key`, attribute_not_exists when it holds one: false either way.
oracle::NCond surely_false_condition(const oracle::NaiveTable& table, const oracle::NItem& key);

// REQUIRES (all three): at least one table.
rc::Gen<std::vector<oracle::NTxWrite>> gen_transact_writes(std::vector<NamedModel> tables);
rc::Gen<std::vector<oracle::NTxGet>> gen_transact_gets(std::vector<NamedModel> tables);
rc::Gen<std::map<std::string, oracle::NBatchGetTable>> gen_batch_get(
    std::vector<NamedModel> tables);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_GEN_TRANSACTION_GEN_H_
