// Reference implementation for tests; never link into the library.
//
// naive_unsettled.h: the rules the sources leave unsettled, the readings
// each allows, and when a request touches one.

#include "oracles/naive_unsettled.h"

#include <algorithm>
#include <string>
#include <vector>

namespace sortkey::oracle {

const std::vector<NUnsettledRule>& naive_unsettled_rules() {
  static const std::vector<NUnsettledRule> kRules = {
      {NUnsettled::kSizeOfNonAsciiString, "size-of-non-ascii-string",
       "size() of a String that is not ASCII", "UTF-8 bytes",
       "UTF-16 code units (a third-party check against AWS, dynalite, DynamoDB Local) or code "
       "points (AWS's \"length of the string\")",
       "reference sections 8(f), 9.4: AWS DG 'Comparison operator and function reference' says "
       "only 'length'; Alternator test_condition_expression.py::test_update_condition_size is "
       "ASCII only; dynalite has no test",
       ""},
      {NUnsettled::kFilterOnUnprojectedAttribute, "filter-on-unprojected-attribute",
       "a filter of an index read naming an attribute the index does not project",
       "the attribute is absent from the entry",
       "the request refused with a ValidationException (third-party AWS answers, DynamoDB "
       "Local's Query) or the filter reads the table's item (DynamoDB Local's Scan)",
       "reference sections 8(b), 9.3: AWS DG 'Global secondary indexes' and the Query API's "
       "Select say an index read cannot fetch table attributes, not what a filter on one does; "
       "Alternator and dynalite have no test",
       "does not project"},
      {NUnsettled::kStartKeyAtInclusiveBound, "start-key-at-inclusive-bound",
       "a Query's ExclusiveStartKey equal to an inclusive bound of the key condition (BETWEEN, "
       ">=, <=)",
       "accepted: the page starts after it",
       "refused with a ValidationException, 'does not match the range key predicate' (DynamoDB "
       "Local)",
       "reference sections 8(a), 9.2: dynalite query.js tests only strict bounds (refused); "
       "BETWEEN is inclusive (AWS DG 'Comparison operator and function reference'); no source "
       "tests an inclusive bound",
       "does not match the range key predicate"},
      {NUnsettled::kDeleteOnlyUpdateOfMissingItem, "delete-only-update-of-missing-item",
       "an UpdateExpression of DELETE actions only (with or without REMOVE) on a missing item",
       "no item is created", "the item of the key is created (dynalite, DynamoDB Local)",
       "reference section 1 rule 3 and unsettled rule 6: REMOVE alone creates nothing "
       "(Alternator test_item.py::test_update_item_non_existent, test_update_item_delete); an "
       "UpdateExpression of DELETE alone is untested",
       ""},
      {NUnsettled::kKeyUpdateUnderFalseCondition, "key-update-under-false-condition",
       "an UpdateItem targeting a table key attribute with a ConditionExpression false on the "
       "item",
       "refused with a ValidationException before the condition is evaluated",
       "ConditionalCheckFailedException: the condition first (DynamoDB Local)",
       "reference section 1 rule 32 and unsettled rule 9: the key refusal is tested with no "
       "condition (Alternator test_update_expression.py::test_update_expression_cannot_modify_key, "
       "dynalite updateItem.js 'trying to update key'); which error comes first is unrecorded",
       ""},
      {NUnsettled::kUpdateErrorUnderFalseCondition, "update-error-under-false-condition",
       "an UpdateItem whose actions cannot be applied to the item (an operand reading a missing "
       "attribute or of the wrong type, a document path the item lacks, an overflow) with a "
       "ConditionExpression false on the item",
       "ConditionalCheckFailedException: the condition first",
       "ValidationException: the actions first (dynalite)",
       "reference section 9, unsettled rule 9: each fault is tested alone (Alternator "
       "test_update_expression.py, test_condition_expression.py); which error comes first is "
       "unrecorded",
       ""},
      {NUnsettled::kTransactionSameItemTwice, "transaction-same-item-twice",
       "a TransactWriteItems with two actions on one item (the same table and key)",
       "the whole request refused with a ValidationException, no CancellationReasons",
       "TransactionCanceledException (the AWS API reference lists it among that exception's "
       "causes; DynamoDB Local cancels, evaluating the conditions)",
       "reference section 4 rule 4 and unsettled rule 1: Alternator "
       "test_transact.py::test_transact_write_items_multi_action_conflict (ValidationException) "
       "against the AWS API reference, TransactionCanceledException",
       ""},
      {NUnsettled::kTransactionKeyUpdateUnderFalseCondition,
       "transaction-key-update-under-false-condition",
       "a TransactWriteItems Update that targets a table key attribute, its ConditionExpression "
       "false on the item",
       "the whole request refused with a ValidationException (an expression-level error)",
       "TransactionCanceledException with ConditionalCheckFailed: the condition first (DynamoDB "
       "Local)",
       "reference section 4 rule 8 and section 1 rule 32: which errors are expression-level is "
       "tested for names, values and syntax only (Alternator test_transact.py); a key update in "
       "a transaction is untested",
       ""},
      {NUnsettled::kTransactionUpdateErrorUnderFalseCondition,
       "transaction-update-error-under-false-condition",
       "a TransactWriteItems Update whose UpdateExpression is refused whatever the item holds "
       "(a constant of the wrong type for its operator, two paths that overlap) and whose "
       "ConditionExpression is false on the item",
       "its reason is ValidationError: such an expression is refused before the item is read, "
       "as naive_update_item refuses it (an error that depends on the item, a missing parent "
       "or an attribute of the wrong type, comes after the condition there and here: "
       "update-error-under-false-condition)",
       "ConditionalCheckFailed: the condition first (DynamoDB Local)",
       "reference section 4 rules 7 and 8: the ValidationError reasons are tested without a "
       "condition (Alternator test_transact.py::test_transact_write_cancellation_reasons_"
       "validationerror); which comes first is unrecorded",
       ""},
  };
  return kRules;
}

const NUnsettledRule& naive_unsettled_rule(NUnsettled rule) {
  for (const NUnsettledRule& r : naive_unsettled_rules()) {
    if (r.rule == rule) return r;
  }
  return naive_unsettled_rules().front();  // unreachable: every rule is listed
}

const NUnsettledRule* naive_unsettled_rule(const std::string& id) {
  for (const NUnsettledRule& r : naive_unsettled_rules()) {
    if (id == r.id) return &r;
  }
  return nullptr;
}

namespace {

bool has_size(const NCond& c) {
  for (const NOperand& o : c.args) {
    if (o.kind == NOperand::Kind::kSize) return true;
  }
  for (const NCond& k : c.kids) {
    if (has_size(k)) return true;
  }
  return false;
}

void named(const NCond& c, std::vector<std::string>& out) {
  for (const NOperand& o : c.args) {
    if (o.kind == NOperand::Kind::kValue || o.path.empty() || o.path.front().is_index) continue;
    if (std::find(out.begin(), out.end(), o.path.front().name) == out.end())
      out.push_back(o.path.front().name);
  }
  for (const NCond& k : c.kids) named(k, out);
}

}  // namespace

std::vector<NReading> naive_other_readings(const NCond& filter, bool unprojected) {
  std::vector<NReading::Size> sizes = {NReading::Size::kUtf8Bytes};
  if (has_size(filter)) {
    sizes.push_back(NReading::Size::kUtf16CodeUnits);
    sizes.push_back(NReading::Size::kCodePoints);
  }
  std::vector<NReading> out;
  for (const bool table_item : {false, true}) {
    if (table_item && !unprojected) continue;
    for (const NReading::Size size : sizes) {
      if (!table_item && size == NReading::Size::kUtf8Bytes) continue;  // the model's
      NReading r;
      r.size = size;
      r.filter_reads_table_item = table_item;
      out.push_back(r);
    }
  }
  return out;
}

std::vector<NUnsettled> naive_departures(const NReading& reading) {
  std::vector<NUnsettled> out;
  if (reading.size != NReading::Size::kUtf8Bytes) out.push_back(NUnsettled::kSizeOfNonAsciiString);
  if (reading.filter_reads_table_item) out.push_back(NUnsettled::kFilterOnUnprojectedAttribute);
  return out;
}

std::vector<std::string> naive_unprojected_names(const NSchema& schema, const std::string& index,
                                                 const NCond& filter) {
  const NIndex* target = nullptr;
  for (const NIndex& i : schema.indexes) {
    if (i.name == index) target = &i;
  }
  if (index.empty() || target == nullptr || target->projection == NIndex::Projection::kAll)
    return {};
  std::vector<std::string> projected;
  for (const NKey& k : naive_table_keys(schema)) projected.push_back(k.name);
  for (const NKey& k : target->pk) projected.push_back(k.name);
  for (const NKey& k : target->sk) projected.push_back(k.name);
  if (target->projection == NIndex::Projection::kInclude)
    projected.insert(projected.end(), target->include.begin(), target->include.end());
  std::vector<std::string> names;
  named(filter, names);
  std::vector<std::string> out;
  for (const std::string& n : names) {
    if (std::find(projected.begin(), projected.end(), n) == projected.end()) out.push_back(n);
  }
  return out;
}

bool naive_start_key_at_inclusive_bound(const NKeyCond& cond, const std::vector<NKey>& sort,
                                        const NItem& start_key) {
  if (cond.sort_eq.size() >= sort.size()) return false;
  const NValue* v = naive_get(start_key, sort[cond.sort_eq.size()].name);
  if (v == nullptr) return false;
  const auto equal = [&](const NValue& bound) {
    return bound.t == v->t && naive_compare_scalar(*v, bound) == 0;
  };
  switch (cond.op) {
    case NKeyCond::Op::kGe:
    case NKeyCond::Op::kLe:
      return equal(cond.a);
    case NKeyCond::Op::kBetween:
      return equal(cond.a) || equal(cond.b);
    default:
      return false;
  }
}

}  // namespace sortkey::oracle
