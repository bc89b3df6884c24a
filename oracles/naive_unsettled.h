// File: oracles/naive_unsettled.h
//
// Reference implementation for tests; never link into the library.
//
// The rules of DynamoDB that the accepted sources (the AWS API reference and
// developer guide, ScyllaDB Alternator's tests that run against AWS,
// dynalite's AWS-checked tests) leave unsettled: they disagree, or are
// silent. No verdict is guessed into the oracle for them. The query model
// and naive_query.h follow one reading of each (the default NReading);
// this file names the other readings a source gives, and says when a
// request touches a rule, so that a certifier can tell an endpoint that
// reads a rule another way (an unsettled divergence: reported, never a
// failure) from one that is wrong by every reading.
//
//   size-of-non-ascii-string (reference sections 8(f) and 9.4)
//     size() of an S that is not ASCII. AWS says only "the length of the
//     string"; Alternator tests ASCII only; dynalite has no test. The model
//     counts UTF-8 bytes; a third-party check against AWS, dynalite and
//     DynamoDB Local count UTF-16 code units; "length" may also be read as
//     code points. A page is unsettled when the endpoint's equals the page
//     under one of the other two readings.
//   filter-on-unprojected-attribute (sections 8(b) and 9.3)
//     a FilterExpression of a Query or Scan of an index that names an
//     attribute the index does not project. The accepted sources are
//     silent. The model reads the entry as projected (the attribute is
//     absent); third-party AWS answers and DynamoDB Local's Query refuse the
//     request with a ValidationException ("Secondary index ... does not
//     project one or more filter attributes"); DynamoDB Local's Scan reads
//     the table's item. Unsettled: the refusal (ValidationException) of such
//     a request, and a page equal to the page whose filter reads the table's
//     items.
//   start-key-at-inclusive-bound (sections 8(a) and 9.2)
//     a Query's ExclusiveStartKey whose ranged sort attribute equals an
//     inclusive bound of the key condition (either bound of BETWEEN, the
//     bound of >= or <=). The sources require the start key to satisfy the
//     condition, and test only strict bounds (refused); read literally,
//     inclusive equality is accepted, and the model answers the page after
//     it. DynamoDB Local refuses it ("The provided starting key does not
//     match the range key predicate"). Unsettled: the refusal
//     (ValidationException) of such a request. The bound of = is settled
//     (accepted, Alternator test_gsi.py::
//     test_gsi_query_exclusivestartkey_wrong_partition) and is not here.
//   delete-only-update-of-missing-item (reference on writes, section 1
//     rule 3, and its list of unsettled rules, 6)
//     an UpdateExpression of DELETE actions only (REMOVE beside them) on a
//     missing item. REMOVE alone creates nothing (Alternator test_item.py::
//     test_update_item_non_existent); DELETE alone is untested. The model
//     creates nothing; dynalite and DynamoDB Local create the item of its key.
//     Unsettled: the item of the key stored (and returned by ALL_NEW).
//   key-update-under-false-condition (reference on writes, section 1 rule
//     32 and its list of unsettled rules, 9)
//     an UpdateItem that targets a table key attribute, with a condition
//     that is false on the item. The model refuses it (ValidationException,
//     before the condition); DynamoDB Local answers
//     ConditionalCheckFailedException; no source sends both faults.
//     Unsettled: ConditionalCheckFailedException for such a request.
//   update-error-under-false-condition (reference on writes, its list of
//     unsettled rules, 9)
//     an UpdateItem whose actions cannot be applied to the item (an operand
//     that reads a missing attribute or is of the wrong type, a document
//     path the item does not have, an overflow), with a condition that is
//     false on the item. The model evaluates the condition first
//     (ConditionalCheckFailedException); dynalite applies the actions first
//     (ValidationException); no source sends both faults.
//     Unsettled: a ValidationException for such a request.

#ifndef SORTKEY_ORACLES_NAIVE_UNSETTLED_H_
#define SORTKEY_ORACLES_NAIVE_UNSETTLED_H_

#include <string>
#include <vector>

#include "oracles/naive_query.h"

namespace sortkey::oracle {

enum class NUnsettled {
  kSizeOfNonAsciiString,
  kFilterOnUnprojectedAttribute,
  kStartKeyAtInclusiveBound,
  kDeleteOnlyUpdateOfMissingItem,
  kKeyUpdateUnderFalseCondition,
  kUpdateErrorUnderFalseCondition,
  kTransactionSameItemTwice,
  kTransactionKeyUpdateUnderFalseCondition,
  kTransactionUpdateErrorUnderFalseCondition,
};

// One rule, as reports name and cite it.
struct NUnsettledRule {
  NUnsettled rule;
  const char* id;       // "size-of-non-ascii-string"
  const char* what;     // the rule, one line
  const char* model;    // the reading the model and naive_query.h follow
  const char* others;   // the other readings and who gives them
  const char* sources;  // where the sources are cited
  // For a reading that refuses the request: a fragment of the refusal's
  // message (a ValidationException) as the sources quote it; "" for none.
  const char* refusal;
};
const std::vector<NUnsettledRule>& naive_unsettled_rules();
const NUnsettledRule& naive_unsettled_rule(NUnsettled rule);
// The rule of `id`, or nullptr.
const NUnsettledRule* naive_unsettled_rule(const std::string& id);

// Every reading of the rules that bear on a filter's value that differs
// from the model's and that the filter can tell apart: the other sizes when
// it holds a size(), the table's items when `unprojected` (the filter names
// an attribute the index read does not project), and both together.
std::vector<NReading> naive_other_readings(const NCond& filter, bool unprojected);
// The rules on which `reading` departs from the model's reading.
std::vector<NUnsettled> naive_departures(const NReading& reading);

// The attributes the filter names (the first name of each path) that a read
// of `index` does not project, in the order first named: none for the table
// ("") and for an index that projects ALL. Table keys, the index's keys and
// its INCLUDE attributes are projected.
std::vector<std::string> naive_unprojected_names(const NSchema& schema, const std::string& index,
                                                 const NCond& filter);

// Whether the start key's value of the ranged sort attribute (`sort` after
// the attributes `cond.sort_eq` fixes) equals an inclusive bound of `cond`:
// either bound of BETWEEN, the bound of >= or <=.
bool naive_start_key_at_inclusive_bound(const NKeyCond& cond, const std::vector<NKey>& sort,
                                        const NItem& start_key);

}  // namespace sortkey::oracle

#endif  // SORTKEY_ORACLES_NAIVE_UNSETTLED_H_
