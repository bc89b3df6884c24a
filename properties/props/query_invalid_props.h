// File: properties/props/query_invalid_props.h
//
// Requests DynamoDB rejects: a fault planted in a valid QuerySpec must be
// rejected by the engine with the message DynamoDB gives.

#ifndef SORTKEY_PROPERTIES_QUERY_INVALID_PROPS_H_
#define SORTKEY_PROPERTIES_QUERY_INVALID_PROPS_H_

#include "naive_query.h"
#include "props/outcome.h"
#include "props/query_spec.h"
#include "sortkey/table.h"

namespace sortkey::props {

// Requests DynamoDB rejects, each with the fragment its message must hold.
// `mutation` picks the fault planted in a valid request.
Outcome rejects_invalid_request(const oracle::NaiveTable& model, const Table& table,
                                const QuerySpec& valid, int mutation);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_QUERY_INVALID_PROPS_H_
