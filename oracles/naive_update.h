// File: oracles/naive_update.h
//
// Reference implementation for tests; never link into the library.
//
// DynamoDB's UpdateItem and conditional PutItem and DeleteItem on the naive table
// (naive_query.h), as a tree: an update is a list of actions on document
// paths, each SET with its value operands, each ADD and DELETE with its
// constant. The properties render the tree to UpdateExpression text for the
// engine and hand the tree to this oracle, so a parser bug in the engine
// shows up as a disagreement. The oracle decides by walking the tree over
// copies of the item, the rules one by one, in the order the engine's
// header (sortkey/update.h) states; it compares verdicts, not messages.
// Numbers are added long-hand on their digit strings (naive_decimal.h).
// Rules and sources: oracles/RULES.md, "UpdateItem".

#ifndef SORTKEY_ORACLES_NAIVE_UPDATE_H_
#define SORTKEY_ORACLES_NAIVE_UPDATE_H_

#include <optional>
#include <string>
#include <vector>

#include "oracles/naive_query.h"

namespace sortkey::oracle {

using NPath = std::vector<NStep>;

// A SET operand.
struct NUpdOperand {
  enum class Kind { kPath, kValue, kIfNotExists, kListAppend };
  Kind kind = Kind::kValue;
  NPath path;                     // kPath, kIfNotExists (its first argument)
  NValue value;                   // kValue
  std::vector<NUpdOperand> args;  // kIfNotExists: 1 (the fallback); kListAppend: 2
};

struct NUpdAction {
  enum class Kind { kSet, kRemove, kAdd, kDelete };
  Kind kind = Kind::kSet;
  NPath path;
  // kSet: operands[0], or operands[0] op operands[1] with op '+' or '-'.
  std::vector<NUpdOperand> operands;
  char op = 0;
  NValue constant;  // kAdd, kDelete
};

struct NUpdate {
  std::vector<NUpdAction> actions;  // in the order written; at least one
};

enum class NReturn { kNone, kAllOld, kUpdatedOld, kAllNew, kUpdatedNew };

struct NUpdateRequest {
  NItem key;
  std::optional<NUpdate> update;  // nullopt: no UpdateExpression
  std::optional<NCond> condition;
  NReturn return_values = NReturn::kNone;
  bool old_on_failure = false;  // ReturnValuesOnConditionCheckFailure = ALL_OLD
};

struct NWriteAnswer {
  enum class Verdict { kOk, kRefused, kConditionFailed };
  Verdict verdict = Verdict::kOk;
  std::optional<NItem> attributes;  // ReturnValues, or the item of a failed condition
  std::string why;                  // kRefused: the rule, for messages
};

// UpdateItem: the answer, and the table changed when the verdict is kOk.
NWriteAnswer naive_update_item(NaiveTable& table, const NUpdateRequest& request);

// DeleteItem with an optional condition; return_values kNone or kAllOld.
NWriteAnswer naive_delete_item(NaiveTable& table, const NItem& key,
                               const std::optional<NCond>& condition, NReturn return_values,
                               bool old_on_failure);

// PutItem with an optional condition; return_values kNone or kAllOld. In
// DynamoDB's order: a condition it refuses, a ReturnValues other than NONE
// or ALL_OLD (AWS API reference PutItem), an item the table refuses
// (can_put), then the condition on the item held under the key (an empty
// item when none is). ALL_OLD: the item replaced, none when there was none.
NWriteAnswer naive_put_item(NaiveTable& table, const NItem& item,
                            const std::optional<NCond>& condition, NReturn return_values,
                            bool old_on_failure);

// Why UpdateItem refuses the update tree before it reads any item (a
// constant of the wrong type for +, -, list_append, ADD or DELETE; two paths
// that overlap or conflict), as a few words, or "" when it accepts it.
std::string naive_update_refusal(const NUpdate& u);

// The tree as text, for messages: SET a.b = a + {N:1} REMOVE c[2].
std::string naive_show(const NUpdate& u);

}  // namespace sortkey::oracle

#endif  // SORTKEY_ORACLES_NAIVE_UPDATE_H_
