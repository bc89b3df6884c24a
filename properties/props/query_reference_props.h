// File: properties/props/query_reference_props.h
//
// Rules of the shared reference (dynamodb-query-semantics.md, mapped rule by
// rule in oracles/RULES.md) that the engine-against-oracle properties did
// not hold to the reference's own examples: there both the engine and the
// oracle are held to what the reference states, so a mistake they share
// shows up too.
//
//   reference_order_holds       sections 1.1-1.3: the reference's lists of
//                               S, N and B keys come back in the listed
//                               order, both ways, over pages, and BETWEEN
//                               two of them selects the slice between;
//   reference_numbers_read_back section 1.2: a Number is returned in the
//                               reference's canonical text whatever its
//                               spelling, as a key and inside L and M;
//   rejects_reference_fault     sections 2 and 3.4: key conditions and
//                               start keys DynamoDB refuses, with its message;
//   reference_filter_holds      section 5's type semantics: the reference's
//                               statements on =, <>, ordering, BETWEEN,
//                               contains, begins_with and size() as items
//                               and filters with the verdict it gives;
//   reference_write_refused     section 6: keys and items over the limits,
//                               and empty keys, refused with DynamoDB's text;
//   reference_filter_beyond_projection  section 5: a filter reads what the
//                               projection does not return.

#ifndef SORTKEY_PROPERTIES_QUERY_REFERENCE_PROPS_H_
#define SORTKEY_PROPERTIES_QUERY_REFERENCE_PROPS_H_

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "oracles/naive_query.h"
#include "properties/props/outcome.h"
#include "properties/props/query_invalid_props.h"
#include "properties/props/query_spec.h"
#include "sortkey/table.h"

namespace sortkey::props {

// The reference's ascending list of sort-key values of one type (S, N or B):
// DYN's "1,10,2,A,B,a,aa,ab,b" and the UTF-8/UTF-16 examples of 1.1, ALT's
// test_query_sort_order_number list with DYN's -0.01 < 0 < 0.01 (1.2),
// the unsigned-byte list of 1.3.
const std::vector<std::string>& reference_order(oracle::NValue::T type);

// Writes the values of reference_order(type) at `picked` (indexes, in the
// order written, distinct) as sort keys of one partition, then Queries it
// (`forward`, `limit`, every page): the items come in the reference's order
// (reversed when backward), the oracle's key_range agrees, and a BETWEEN of
// the values at `lo` <= `hi` (indexes into `picked`) selects exactly those
// between them in the reference's order.
Outcome reference_order_holds(oracle::NValue::T type, const std::vector<std::size_t>& picked,
                              bool forward, std::optional<int> limit, std::size_t lo,
                              std::size_t hi);

// The spellings of 1.2's normalization cases, each with the text DynamoDB
// returns (ALT test_number.py::_NORMALIZATION_CASES as the reference lists
// them).
const std::vector<std::pair<std::string, std::string>>& reference_number_cases();

// Each (spelling, canonical) is written as a Number sort key and as Number
// values at the top level, in a list and in a map; a Query returns each in
// exactly the canonical text, and the oracle's canonical text agrees.
// REQUIRES: the values are distinct.
Outcome reference_numbers_read_back(const std::vector<std::pair<std::string, std::string>>& cases);

// A request DynamoDB refuses, planted in a valid one (`fault` 0 to
// kReferenceFaults - 1): 0 no partition-key condition, 1 three conditions,
// 2 a value of the wrong type, 3 begins_with on a Number sort key, 4 size()
// in a key condition, 5 a nested path, 6 a non-key attribute, 7 an
// undefined value, 8 an unused name, 9 `!=`, 10 an empty expression, 11
// BETWEEN bounds of two types, 12 a start key in another partition, 13 a
// start key outside the sort-key condition, 14 two pairs of redundant
// parentheses (ALT test_key_condition_expression_parser; DynamoDB's message
// is not recorded, the engine's is checked), 15 attribute_type, 16 a table
// key that is not a key of the queried index. Where the target cannot carry
// the fault (no sort key, no Number sort key, no entry), another fault of
// the list that it can carry is planted.
PlantedRequest plant_reference_fault(const oracle::NaiveTable& model, const QuerySpec& valid,
                                     int fault);
inline constexpr int kReferenceFaults = 17;

Outcome rejects_reference_fault(const oracle::NaiveTable& model, const Table& table,
                                const QuerySpec& valid, int fault);

// One statement of section 5 as a case: an item's attribute `a` (absent
// when nullopt), a filter on it, and whether DynamoDB keeps the item.
struct FilterCase {
  std::string rule;  // "= is false across types", for messages
  std::optional<oracle::NValue> a;
  oracle::NCond filter;
  bool keeps = false;
};
const std::vector<FilterCase>& reference_filter_cases();

// A table holding the case's one item, scanned with its filter (rendered in
// the `style` the seed picks): the engine keeps the item iff the reference
// says so, and so does the oracle's naive_eval.
Outcome reference_filter_holds(const FilterCase& c, std::uint64_t style);

// A write section 6 says DynamoDB refuses, with its message: a table with
// an S partition key `pk` and a sort key `sk` of the case's type, and the
// item {pk, sk} (padded with an S attribute to `item_bytes` when not 0).
struct WriteCase {
  std::string rule;
  oracle::NValue pk, sk;
  std::size_t item_bytes = 0;
  std::string want;
};
const std::vector<WriteCase>& reference_write_cases();

// The oracle refuses the write, and the engine refuses it with the message.
Outcome reference_write_refused(const WriteCase& c);

// Section 5: the filter may read an attribute the projection does not
// return. Items {pk: p, sk: i, x: flags[i], y: "y<i>"} queried with filter
// x = true and ProjectionExpression y: the items whose x is true, each as
// {y} alone (the oracle's naive_project), in sort-key order.
Outcome reference_filter_beyond_projection(const std::vector<bool>& flags);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_QUERY_REFERENCE_PROPS_H_
