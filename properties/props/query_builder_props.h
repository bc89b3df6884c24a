// File: properties/props/query_builder_props.h
//
// The expression builder (sortkey/expression_builder.h) against the oracle:
// what it builds selects exactly the naive key range.

#ifndef SORTKEY_PROPERTIES_QUERY_BUILDER_PROPS_H_
#define SORTKEY_PROPERTIES_QUERY_BUILDER_PROPS_H_

#include "oracles/naive_query.h"
#include "properties/props/outcome.h"
#include "sortkey/table.h"

namespace sortkey::props {

// The expression builder: the built request parses, is accepted by the
// engine and selects exactly the naive key range; reversed BETWEEN bounds
// are rejected by the builder.
Outcome builder_selects_range(const oracle::NaiveTable& model, const Table& table,
                              const oracle::NKeyCond& key, bool reverse_bounds);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_QUERY_BUILDER_PROPS_H_
