// File: certify/endpoint/edge_values.h
//
// The boundary values of each DynamoDB type under every filter operator, as
// a fixed sweep that every run of endpoint/edge_values takes first, in the
// same order whatever the seed: a cause that only shows on an edge (a value
// the endpoint reads as "false" because it is empty, a comparison at the
// extreme Numbers) is met in the first run, so that a file recorded from it
// covers the runs of other seeds after it.
//
// The values, each the attribute "x" of one item: String "" (empty), "a", a
// character above U+FFFF and U+FF5E (which sort differently in UTF-8 and
// UTF-16); Binary empty, 0x00, 0x7F, 0x80 (in order unsigned, reversed as
// signed bytes) and 0xFF (with 0x80, two bytes that are not UTF-8); Number 0, the smallest and
// largest magnitudes DynamoDB stores, a negative; BOOL false and true; NULL; empty List and Map; a
// List holding "", a Map holding "", and one-element sets. The same values, where an operator takes
// them, are the constants.
//
// The families, one per case of the sweep: = and <> (each constant), the
// four orderings (scalar constants), BETWEEN (every ordered pair of scalar
// constants of one type), IN (each constant alone), begins_with, contains,
// attribute_type (every type name), size() against 0 and 1,
// attribute_exists / attribute_not_exists, and two paths compared (= <> <
// <= > >=: x against y, over every pair of scalar values of one type). A filter the oracle says
// DynamoDB refuses is left out (endpoint/invalid_requests judges those).
// The cases after the sweep join its atoms (gen_edge_value_scans).
//
// Example:
//   for (int f = 0; f < edge_value_families(); ++f)
//     for (const props::ScanSpec& s : edge_value_scans(f)) ...

#ifndef SORTKEY_CERTIFY_ENDPOINT_EDGE_VALUES_H_
#define SORTKEY_CERTIFY_ENDPOINT_EDGE_VALUES_H_

#include <string>
#include <vector>

#include "oracles/naive_query.h"
#include "properties/props/query_spec.h"

namespace sortkey::certify::endpoint {

// How many families the sweep has, and a family's name ("IN", "BETWEEN", ...).
int edge_value_families();
std::string edge_value_family_name(int family);

// The items of `family`'s case (-1: of a case after the sweep), keyed for
// `schema` (distinct table keys of its key types), with no index key
// attribute, so that they are in no index: one per boundary value, the
// value as attribute "x"; for "path, path", one per ordered pair of scalar
// boundary values of one type, as "x" and "y".
std::vector<oracle::NItem> edge_value_items(const oracle::NSchema& schema, int family = -1);

// The Scans of the table, one filter each, of `family`. REQUIRES: 0 <=
// family < edge_value_families().
std::vector<props::ScanSpec> edge_value_scans(int family);

// After the sweep: one to three Scans, each filtering on two of the
// sweep's atoms joined by AND or OR, or one under NOT, rendered in a drawn
// style. Draws with RapidCheck.
std::vector<props::ScanSpec> gen_edge_value_scans();

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_EDGE_VALUES_H_
