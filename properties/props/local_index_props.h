// File: properties/props/local_index_props.h
//
// Local secondary indexes as properties, framework-free: CreateTable's
// refusals against the reference's messages and the oracle's verdict, and a
// Query of a local index with a ProjectionExpression or Select
// ALL_ATTRIBUTES, whose items and cost include what it fetches from the
// table (oracles/naive_query.h, naive_fetches). The stateful test
// (query/model_based) reads local indexes page by page as it reads GSIs.

#ifndef SORTKEY_PROPERTIES_PROPS_LOCAL_INDEX_PROPS_H_
#define SORTKEY_PROPERTIES_PROPS_LOCAL_INDEX_PROPS_H_

#include <string>
#include <string_view>
#include <vector>

#include "oracles/naive_query.h"
#include "properties/props/outcome.h"
#include "sortkey/table.h"

namespace sortkey::props {

// Table::create accepts the schema iff the oracle does
// (naive_local_index_refusal), and when it refuses, its message holds
// `want`, the reference's words for the fault planted ("" for none).
Outcome check_local_index_schema(const oracle::NSchema& schema, std::string_view want);

// A Query of the whole partition `partition` of the local index `index`,
// returning the top-level attributes `names` (a ProjectionExpression; all
// attributes with Select ALL_ATTRIBUTES when `names` is empty): each item is
// the oracle's entry, or its table item when the read fetches, projected;
// the capacity is the entries' read plus one table read per item fetched.
// REQUIRES: the partition's entries fit in one 1 MB page.
Outcome check_local_index_projection(const oracle::NaiveTable& model, const Table& table,
                                     const std::string& index, const oracle::NValue& partition,
                                     const std::vector<std::string>& names, bool consistent);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_PROPS_LOCAL_INDEX_PROPS_H_
