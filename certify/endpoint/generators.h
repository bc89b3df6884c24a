// File: certify/endpoint/generators.h
//
// What the endpoint's properties (endpoint_catalog.cc) draw for a case: the
// fixed table shapes, the items written to them, the Queries and Scans read
// back, the guides' key designs (examples/) built by sortkey's codecs, requests
// DynamoDB refuses, partitions over 1 MB, and the rewrite that takes the
// leading '+' off Numbers. Every generator draws with RapidCheck's
// operator*, so it runs only inside a property; the same seed draws the same
// case, in the same order of draws.
//
// Numbers: items and requests are drawn with every spelling of a Number
// DynamoDB accepts, then drop_plus takes a leading '+' off (an endpoint that
// refuses "+3" would refuse every request holding one and mask the rest);
// gen_plus_write writes the '+' spellings in PutItems of their own.
//
// Example (inside a property):
//   const oracle::NSchema& schema = table_shapes()[0];
//   const auto items = gen_items(schema);
//   props::QuerySpec q = gen_query_spec(predicted(schema, items));
//   drop_plus(q);

#ifndef SORTKEY_CERTIFY_ENDPOINT_GENERATORS_H_
#define SORTKEY_CERTIFY_ENDPOINT_GENERATORS_H_

#include <optional>
#include <vector>

#include "certify/endpoint/expression_write.h"
#include "certify/endpoint/transaction_request.h"
#include "oracles/naive_query.h"
#include "properties/gen/transaction_gen.h"
#include "properties/props/query_invalid_props.h"
#include "properties/props/query_spec.h"
#include "properties/props/write_script.h"

namespace sortkey::certify::endpoint {

// ---------------------------------------------------------------- tables

// The fixed shapes, created once per run and emptied between cases: S, N
// and B table keys, a table without sort key, sparse GSIs with S, N and B
// keys, a hash-only GSI, an index sharing the table's sort key, the three
// projections, and attribute names that are reserved words or not
// identifiers. A case names its shape by its position here.
const std::vector<oracle::NSchema>& table_shapes();
// Shapes with local secondary indexes (sparse, any projection) beside a
// global one; a case names shape i of them as kLocalShapes + i. Kept apart
// from table_shapes() so that the cases the older properties draw stay as
// they were on every seed.
inline constexpr int kLocalShapes = 100;
const std::vector<oracle::NSchema>& local_index_shapes();
// The schema a case's shape names: table_shapes(), local_index_shapes()
// from kLocalShapes, strategy_schema() for -1.
const oracle::NSchema& shape_schema(int shape);
// The guides' layout (examples/orders.yaml): one table (PK, SK), a sparse index GSI1 for
// STATUS#DATE. A case names it as shape -1.
const oracle::NSchema& strategy_schema();

// The items the oracle ends up holding after `items`, for drawing requests
// before the endpoint has them.
oracle::NaiveTable predicted(const oracle::NSchema& schema,
                             const std::vector<oracle::NItem>& items);

// ---------------------------------------------------------------- items

// Up to 30 items of the shape (full Unicode, high-byte binary, every
// spelling of numbers but a leading '+', keys of the wrong type).
std::vector<oracle::NItem> gen_items(const oracle::NSchema& schema);
// Items of strategy_schema(): one to three partitions COLL#n, each holding
// keys of one or two codec strategies; orders carry STATUS#DATE in the
// sparse index, other items do not.
std::vector<oracle::NItem> gen_strategy_items();
// For about one Query case in twenty-five: a PutItem of its own whose one
// non-key attribute is a Number written with a leading '+', on the key of
// an item `after` holds (or a fresh one); else nullopt.
std::optional<oracle::NItem> gen_plus_write(const oracle::NaiveTable& after);
// A partition "big" of five to seven items of 200 to 400 KB (over 1 MB),
// beside a smaller one, on table_shapes()[0].
std::vector<oracle::NItem> gen_large_items();

// ---------------------------------------------------------------- requests

// A Query of `m`: any index, every key-condition operator, a filter now and
// then, both directions, Limit (now and then exactly the size of the
// range), Select COUNT, consistency, rendering style and a resumption point.
props::QuerySpec gen_query_spec(const oracle::NaiveTable& m);
// A Scan of `m`'s table or an index: filter, Limit, Select COUNT, consistency.
props::ScanSpec gen_scan_spec(const oracle::NaiveTable& m);
// A Query of strategy_schema() from the codecs: the strategy's prefix, a
// longer prefix of a key, BETWEEN two codec keys, <= and >=, STATUS# and
// STATUS#DATE windows on the index; otherwise the generic key condition.
props::QuerySpec gen_strategy_query(const oracle::NaiveTable& m);
// A Query DynamoDB refuses, from the model's generator: a fault planted in
// a valid Query (props::plant_invalid_request), or a filter the oracle
// refuses (gen_refused_filter), with the name of its fault: of kind
// `kind` (0 to invalid_request_kinds() - 1) when given, else of any.
props::PlantedRequest gen_invalid_request(const oracle::NaiveTable& m,
                                          std::optional<int> kind = std::nullopt);
int invalid_request_kinds();
// A Query of the partition "big" of gen_large_items(): either direction,
// Limit now and then, consistency and rendering style; no filter.
props::QuerySpec gen_large_query();

// ---------------------------------------------------------------- writes with expressions

// An UpdateItem of `m`'s keys (held or not) from the model's generator
// (props::gen_update_request): the full UpdateExpression grammar, index key
// attributes among the targets (the item moves in and out of sparse
// indexes), a condition one time in three, every ReturnValues.
ExpressionWrite gen_update_write(const oracle::NaiveTable& m);
// A PutItem, UpdateItem or DeleteItem with a ConditionExpression, on a key
// held or not: a filter of the model's generator over the table's values
// (true or false on the item), or attribute_exists / attribute_not_exists
// of the partition key; ReturnValues (NONE or ALL_OLD for PutItem and
// DeleteItem) and ReturnValuesOnConditionCheckFailure ALL_OLD or not.
ExpressionWrite gen_conditional_write(const oracle::NaiveTable& m);

// ---------------------------------------------------------------- transactions

// A TransactWriteItems (three times in five), TransactGetItems or
// BatchGetItem over `tables` (named "t0" and "t1") from the model's
// generators (properties/gen/transaction_gen.h): 0 to 4 Put, Update, Delete
// and ConditionCheck actions on items held or not, conditions true and
// false, one item twice now and then; Gets and batches of keys held and
// missing. Updates keep index key attributes of their type (an Update left
// with no action becomes a Delete); Numbers without a leading '+'.
// REQUIRES: at least one table.
TransactionRequest gen_transaction(const std::vector<props::NamedModel>& tables);

// ---------------------------------------------------------------- numbers

// A leading '+' taken off every Number the request or the steps hold. The
// value is the same, so the oracle's answers are too.
void drop_plus(props::QuerySpec& q);
void drop_plus(props::ScanSpec& s);
void drop_plus(std::vector<props::WriteStep>& steps);
void drop_plus(ExpressionWrite& w);

}  // namespace sortkey::certify::endpoint

#endif  // SORTKEY_CERTIFY_ENDPOINT_GENERATORS_H_
