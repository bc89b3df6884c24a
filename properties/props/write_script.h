// File: properties/props/write_script.h
//
// The writes the guides' designs (examples/) rely on, and items at DynamoDB's limits, as
// a script of steps whose every answer the naive oracle decides: the same
// script runs against the engine (check_write_script, a query property) and
// against a DynamoDB-compatible endpoint (certify/endpoint/workload.h).
//
//   PutItem        written when the oracle's can_put holds, else refused
//                  (ValidationException): keys, key and item sizes, Numbers;
//   PutItem with ConditionExpression attribute_not_exists(<partition key>),
//                  the guides' uniqueness: refused as above, else written
//                  when the table holds no item of the key, else
//                  ConditionalCheckFailedException and nothing written;
//   UpdateItem     SET and REMOVE of top-level attributes, index key
//                  attributes included (the item moves in, out of or within
//                  the index, examples/tickets.yaml's UpdatedAt); refused when a table key
//                  attribute is touched or the result is not a valid item;
//   DeleteItem     of a key, held or not;
//   BatchWriteItem puts and deletes of distinct keys, all or none;
//   GetItem        the item of a key or none, strongly consistent or not
//                  (a read of a table after its own write sees the write in
//                  either mode on one node: the oracle asks the same of both).
//
// After the script, the table and every index must hold exactly what the
// oracle holds.

#ifndef SORTKEY_PROPERTIES_WRITE_SCRIPT_H_
#define SORTKEY_PROPERTIES_WRITE_SCRIPT_H_

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "oracles/naive_query.h"
#include "properties/props/outcome.h"

namespace sortkey::props {

struct WriteStep {
  enum class Kind { kPut, kPutIfAbsent, kUpdate, kDelete, kBatch, kGet };
  Kind kind = Kind::kPut;
  oracle::NItem item;               // kPut, kPutIfAbsent: the item; kUpdate, kDelete, kGet: a key
  oracle::NItem set;                // kUpdate: SET name = value
  std::vector<std::string> remove;  // kUpdate: REMOVE name
  std::vector<oracle::NItem> puts;  // kBatch
  std::vector<oracle::NItem> keys;  // kBatch: deletes
  bool consistent = true;           // kGet
};
std::ostream& operator<<(std::ostream& os, const WriteStep& step);
inline void showValue(const WriteStep& s, std::ostream& os) { os << s; }

// "PutItem", "UpdateItem", ...: the operation a step sends.
const char* step_operation(const WriteStep& step);

// What DynamoDB answers to a step.
struct StepAnswer {
  enum class Kind { kOk, kRefused, kConditionFailed };
  Kind kind = Kind::kOk;
  std::optional<oracle::NItem> item;  // kGet: the item read, nullopt when none
};
// "ok", "ValidationException", "ConditionalCheckFailedException".
const char* answer_name(StepAnswer::Kind kind);

// The oracle's answer to `step`, applied to `model`.
StepAnswer expect_step(oracle::NaiveTable& model, const WriteStep& step);

// The script on a fresh engine table of `schema`: every answer is the
// oracle's, and afterwards the table and each index hold what the oracle's do.
Outcome check_write_script(const oracle::NSchema& schema, const std::vector<WriteStep>& steps);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_WRITE_SCRIPT_H_
