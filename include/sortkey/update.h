// File: sortkey/update.h
//
// DynamoDB's UpdateItem with its full UpdateExpression, and PutItem and
// DeleteItem with a ConditionExpression, on the in-memory table (sortkey/table.h): the parser
// of update expressions, their evaluation against an item, conditions, and
// ReturnValues. The write itself goes through Table::put / delete_item, so
// the updated item is checked and re-indexed as any written item is (it
// leaves a sparse index when one of its key attributes is removed).
//
// Grammar (AWS DG "Update expressions"; reference dynamodb-write-semantics.md §1.2):
//
//   update  := clause+            each of SET REMOVE ADD DELETE at most once, any order
//   clause  := SET set ("," set)* | REMOVE path ("," path)*
//            | ADD path :value ("," path :value)* | DELETE path :value (...)*
//   set     := path "=" operand [ ("+" | "-") operand ]
//   operand := path | :value | "(" operand ")"
//            | if_not_exists "(" path "," operand ")" | list_append "(" operand "," operand ")"
//   path    := name ( "." name | "[" digits "]" )*
//
// Clause keywords are case-insensitive, function names are not.
//
// Evaluation (§1.3 - §1.8): every action reads the item as it was before the
// update (on a missing item, the key). SET at a list index past the end
// appends (several in ascending index order); REMOVE of a list element
// shifts the later ones down, past the end it does nothing; ADD adds to a
// Number or unites a set (a missing attribute counts as 0 or the empty set);
// DELETE takes elements out of a set, and the attribute goes with its last
// element. An update of a missing item that only removes or deletes writes
// nothing; otherwise the item is created from its key.
//
// Errors, all kBadParameter (ValidationException) unless said otherwise,
// with DynamoDB's messages, checked in this order:
//   * the expression ("Invalid UpdateExpression: ..."): kEmpty for an empty
//     text; kBadFormat for syntax ("Syntax error; token: ..."), a clause
//     twice (`The "SET" section can only be used once in an update
//     expression;`); undefined or reserved names, unknown functions, wrong
//     arity, a constant of the wrong type for +, -, list_append, ADD or
//     DELETE, list_append inside list_append, two paths that overlap ("Two
//     document paths overlap with each other; ...") or conflict;
//   * the ConditionExpression's errors (sortkey/expression.h), then names
//     and values no expression uses;
//   * a table key attribute as a target ("Cannot update attribute a. This
//     attribute is part of the key"), a bad key;
//   * the condition, false: not an error but WriteOutcome::condition_failed;
//   * evaluation: "The provided expression refers to an attribute that does
//     not exist in the item", "An operand in the update expression has an
//     incorrect data type", "The document path provided in the update
//     expression is invalid for update", kOutOfRange "Number overflow. ...";
//   * the errors of Table::put for the item the update makes.
// On any error and on a false condition the table is unchanged.
//
// ReturnValues (§3): kAllOld / kAllNew the whole item before / after
// (absent when there is none); kUpdatedOld / kUpdatedNew the item before /
// after projected on the paths the update writes (sortkey/expression.h's
// project_paths), absent when the projection is empty. PutItem and
// DeleteItem take kNone and kAllOld only ("ReturnValues can only be ALL_OLD
// or NONE"; AWS API reference PutItem, ReturnValues: "PutItem does not
// recognize any values other than NONE or ALL_OLD",
// https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_PutItem.html;
// ALT test_returnvalues.py::test_put_item_returnvalues); ReturnValuesOnConditionCheckFailure takes
// kNone and kAllOld, and with kAllOld a false condition on an existing item returns it.
//
// Example:
//
//   sortkey::UpdateItemRequest r;
//   r.key = *sortkey::parse_item(R"({"PK": {"S": "ORG#1"}})");
//   r.update_expression = "SET visits = if_not_exists(visits, :zero) + :one REMOVE draft";
//   r.attributes.values[":zero"] = *sortkey::AttributeValue::N("0");
//   r.attributes.values[":one"] = *sortkey::AttributeValue::N("1");
//   r.return_values = sortkey::ReturnValues::kUpdatedNew;
//   auto out = sortkey::update_item(table, r);   // out->attributes: {visits: 1}

#ifndef SORTKEY_UPDATE_H_
#define SORTKEY_UPDATE_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sortkey/attribute.h"
#include "sortkey/error.h"
#include "sortkey/expression.h"
#include "sortkey/table.h"

namespace sortkey {

// The right-hand side of SET, one operand.
struct UpdateOperand {
  enum class Kind { kPath, kValue, kIfNotExists, kListAppend };
  Kind kind = Kind::kValue;
  DocumentPath path;                // kPath; kIfNotExists: its first argument
  AttributeValue value;             // kValue
  std::vector<UpdateOperand> args;  // kIfNotExists: the fallback; kListAppend: the two lists
};

// SET's value: `left`, or `left + right`, or `left - right`.
struct UpdateValue {
  UpdateOperand left;
  char op = 0;                       // 0, '+' or '-'
  std::vector<UpdateOperand> right;  // one operand when op != 0
};

struct UpdateAction {
  enum class Kind { kSet, kRemove, kAdd, kDelete };
  Kind kind = Kind::kSet;
  DocumentPath path;       // the target
  UpdateValue value;       // kSet
  AttributeValue operand;  // kAdd, kDelete
};

struct UpdateExpression {
  std::vector<UpdateAction> actions;  // in the order written
};

// Parses an UpdateExpression, resolving placeholders against `attributes`
// and recording those used in `*uses`. Errors: the expression's (see the
// file comment). REQUIRES: uses != nullptr.
Result<UpdateExpression> parse_update(std::string_view text, const ExpressionAttributes& attributes,
                                      ExpressionUses* uses);

// The item the update makes of `old` (nullopt: no item under the key), or
// nullopt when it leaves none. `key` is the item's table key, readable on a
// missing item. Errors: the evaluation errors of the file comment.
Result<std::optional<Item>> apply_update(const UpdateExpression& update,
                                         const std::optional<Item>& old, const Item& key);

enum class ReturnValues { kNone, kAllOld, kUpdatedOld, kAllNew, kUpdatedNew };

struct UpdateItemRequest {
  Item key;
  // Absent: the item is created with its key only (or left as it is).
  std::optional<std::string> update_expression;
  std::optional<std::string> condition;
  ExpressionAttributes attributes;
  ReturnValues return_values = ReturnValues::kNone;
  ReturnValues return_values_on_condition_check_failure = ReturnValues::kNone;
};

struct DeleteItemRequest {
  Item key;
  std::optional<std::string> condition;
  ExpressionAttributes attributes;
  ReturnValues return_values = ReturnValues::kNone;
  ReturnValues return_values_on_condition_check_failure = ReturnValues::kNone;
};

struct PutItemRequest {
  Item item;  // replaces the item under its table key whole
  std::optional<std::string> condition;
  ExpressionAttributes attributes;
  ReturnValues return_values = ReturnValues::kNone;  // kNone or kAllOld
  ReturnValues return_values_on_condition_check_failure = ReturnValues::kNone;
};

struct WriteOutcome {
  // ConditionalCheckFailedException: nothing was written.
  bool condition_failed = false;
  // The response's Attributes, or on a failed condition the exception's Item.
  std::optional<Item> attributes;
};

Result<WriteOutcome> update_item(Table& table, const UpdateItemRequest& request);
Result<WriteOutcome> delete_item(Table& table, const DeleteItemRequest& request);

// PutItem: put_if (sortkey/table.h) with ReturnValues. Errors, in this
// order, the table then unchanged: the condition's and placeholders it does
// not use; a ReturnValuesOnConditionCheckFailure or ReturnValues other than
// kNone or kAllOld (kBadParameter); the errors of Table::put for the item
// (checked before the condition is read). A false condition is
// WriteOutcome::condition_failed, with the held item under
// ReturnValuesOnConditionCheckFailure kAllOld. On success, kAllOld returns
// the item replaced, absent when the key held none (reference §3 rule 2).
Result<WriteOutcome> put_item(Table& table, const PutItemRequest& request);

}  // namespace sortkey

#endif  // SORTKEY_UPDATE_H_
