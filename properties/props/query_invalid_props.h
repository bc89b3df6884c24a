// File: properties/props/query_invalid_props.h
//
// Requests DynamoDB rejects: a fault planted in a valid QuerySpec must be
// rejected by the engine with the message DynamoDB gives.

#ifndef SORTKEY_PROPERTIES_QUERY_INVALID_PROPS_H_
#define SORTKEY_PROPERTIES_QUERY_INVALID_PROPS_H_

#include "oracles/naive_query.h"
#include "properties/props/outcome.h"
#include "properties/props/query_spec.h"
#include "sortkey/table.h"

namespace sortkey::props {

// A request DynamoDB rejects with a ValidationException: the request, the
// fragment its message must hold, and the rule it breaks, named for a
// person ("Select SPECIFIC_ATTRIBUTES without a projection"): one name per
// rule, whatever the table or the values.
struct PlantedRequest {
  QueryRequest request;
  std::string want;
  std::string fault;
};

// The fault `mutation` (0 to kInvalidRequestMutations - 1) planted in a
// valid request: 0-9 a filter on a key (as attribute_exists(k),
// attribute_exists(k.x), x = k, k[1] = x), an unused value, an undefined
// name, the partition key by <, Limit 0, Select ALL_PROJECTED_ATTRIBUTES on
// a table or ALL_ATTRIBUTES on a partial index or a consistent index read,
// an unknown index, an empty filter, a bare reserved word, an unknown
// function; 10-13 in the key condition: the same operand twice (pk = pk,
// #k = #k2 for one name, begins_with(sk, sk)), two conditions on one key, an
// operator refused there (OR, NOT, IN, <>, attribute_exists,
// attribute_not_exists, contains), BEGINS_WITH in capitals; 14 BETWEEN
// bounds in order as UTF-16, signed bytes or text but reversed in
// DynamoDB's order (a second condition on a target without sort key); 15 an
// ExclusiveStartKey with an attribute missing, one spurious, one of the
// wrong type, or any on a table without sort key (Limit 0 when there is no
// entry to start from); 16 Select SPECIFIC_ATTRIBUTES without a projection,
// or a ProjectionExpression with Select ALL_ATTRIBUTES or COUNT; 17 a
// ProjectionExpression whose paths overlap ("x, x", "x.a, x") or conflict
// ("x.a, x[1]"), with an undefined name, empty, or ending in a comma.
PlantedRequest plant_invalid_request(const oracle::NaiveTable& model, const QuerySpec& valid,
                                     int mutation);
inline constexpr int kInvalidRequestMutations = 18;

// The planted request must be rejected by the engine with its message.
Outcome rejects_invalid_request(const oracle::NaiveTable& model, const Table& table,
                                const QuerySpec& valid, int mutation);

// The engine's answer to a request whose filter the oracle refuses
// (oracle::naive_refusal): a rejection with "Invalid FilterExpression: " and
// the oracle's message, or for a comparison the message of the comparison
// as the renderer may have written it (`a < b` as `b > a`). `error` is the
// engine's error, nullptr when it accepted the request.
Outcome matches_refusal(const Error* error, const oracle::NCond& filter, const std::string& shown);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_QUERY_INVALID_PROPS_H_
