// File: properties/props/key_condition_props.h
//
// The specification of KeyConditionExpression as a Query runs it
// (sortkey/table.h), as a framework-free property function over any
// expression text and placeholders, on a fixed table held by both the
// engine and the naive oracle (oracles/naive_query.h).
//
// The table (names bare identifiers, none reserved): p (S) and c (N); index
// g on p2 (B) with the two-attribute sort key s1 (S), s2 (N); index h on c
// alone (hash only, keys only); index m on the two-attribute partition key
// s1, p2 with sort key c. Fifteen items whose key values collide, prefix one
// another and miss index attributes (sparse).
//
// Which key conditions DynamoDB accepts is restated in
// key_condition_props.cc from AWS "Key condition expressions for the Query
// operation", Alternator's test_key_condition_expression.py, and the
// multi-attribute key rules of AWS "Using Global Secondary Indexes in
// DynamoDB".

#ifndef SORTKEY_PROPERTIES_KEY_CONDITION_PROPS_H_
#define SORTKEY_PROPERTIES_KEY_CONDITION_PROPS_H_

#include <string>

#include "properties/props/expression_props.h"
#include "properties/props/outcome.h"
#include "sortkey/error.h"
#include "sortkey/expression.h"

namespace sortkey::props {

// A Query of the fixed table with a key condition.
struct KeyConditionQuery {
  std::string text;  // the KeyConditionExpression
  ExpressionAttributes attributes;
  std::string index;    // "g", "h" or "m"; "" or any other name queries the table
  bool forward = true;  // ScanIndexForward
  int limit = 2;        // the Limit of the second, paged read: 1..9
};

// The Query fails with the parse error, or the unused-placeholder error,
// when those fail (refused_as_parsed); otherwise it succeeds iff the
// condition is one DynamoDB accepts for the target's key schema; an
// accepted Query returns, over its pages, exactly the oracle's key range in
// sort order (ties in any order); evaluating the condition as a filter on
// every entry of the target selects exactly that range; and the Query with
// `limit` returns the same sequence page by page, in as many pages as the
// limit makes. `parsed` and `uses` are parse_condition's on q.text as a key
// condition. `answered`, when set, receives what the first read returned.
Outcome key_condition_query_matches_oracle(const KeyConditionQuery& q,
                                           const Result<Condition>& parsed,
                                           const ExpressionUses& uses,
                                           const AnswerNote& answered = {});

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_KEY_CONDITION_PROPS_H_
