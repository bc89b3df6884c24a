// File: properties/props/filter_expression_props.h
//
// The specification of FilterExpression (sortkey/expression.h: evaluate,
// and a Scan of sortkey/table.h with a filter) as framework-free property
// functions over any expression text and placeholders, against the naive
// oracle's naive_eval (oracles/naive_query.h): comparisons across types
// false, <> true for a missing attribute, size() of S in bytes and of N,
// BOOL, NULL without a value, contains on strings, sets and lists, ...
//
// They run on a fixed table with the partition key k (S) and eight items
// holding every type: strings with NUL, emoji and U+FF5E, empty S and B,
// numbers at the ends of the range, sets, lists and maps nested three deep,
// the reserved words Size and Status and the name "x y" as attribute names.

#ifndef SORTKEY_PROPERTIES_FILTER_EXPRESSION_PROPS_H_
#define SORTKEY_PROPERTIES_FILTER_EXPRESSION_PROPS_H_

#include <string>
#include <vector>

#include "properties/props/expression_props.h"
#include "properties/props/outcome.h"
#include "sortkey/attribute.h"
#include "sortkey/error.h"
#include "sortkey/expression.h"

namespace sortkey::props {

// evaluate(c, item) is the oracle's naive_eval on every item of the fixed
// table and on every item of `extra`.
Outcome filter_evaluate_matches_oracle(const Condition& c, const std::vector<Item>& extra);

// A Scan of the fixed table with a filter.
struct FilterScan {
  std::string text;  // the FilterExpression
  ExpressionAttributes attributes;
  int limit = 3;  // the Limit of the second, paged read: 1..9
};

// The Scan fails with the parse error, or the unused-placeholder error,
// when those fail (refused_as_parsed); otherwise it returns exactly the
// items the oracle's filter keeps, counts every item read in ScannedCount,
// and returns the same items with `limit`, page by page. `parsed` and
// `uses` are parse_condition's on s.text as a filter. `answered`, when set,
// receives what the first read returned.
Outcome filter_scan_matches_oracle(const FilterScan& s, const Result<Condition>& parsed,
                                   const ExpressionUses& uses, const AnswerNote& answered = {});

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_FILTER_EXPRESSION_PROPS_H_
