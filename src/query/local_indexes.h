// File: src/query/local_indexes.h
//
// What sets a local secondary index apart from a global one in the table
// (sortkey/table.h): CreateTable's checks of LocalSecondaryIndexes, and the
// reads that fetch from the table what the index does not project. The
// stores do not tell the two kinds apart: an LSI is kept as an index whose
// partition key is the table's.

#ifndef SORTKEY_SRC_QUERY_LOCAL_INDEXES_H_
#define SORTKEY_SRC_QUERY_LOCAL_INDEXES_H_

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "sortkey/table.h"

namespace sortkey::internal {

// CreateTable's refusals of schema.local_indexes, in DynamoDB's words (the
// reference on writes, section 6.1; DYN createTable.js; ALT test_lsi.py::
// test_lsi_wrong_no_sort_key, test_lsi_and_gsi_same_name). `index_names`
// holds the GSIs' names and gains the LSIs'; `define` records an
// attribute's type and refuses a second type or a non-key type. The
// schema's shape rules out DynamoDB's other refusals: an LSI's partition key
// is the table's, and its sort key is one attribute.
Result<void> check_local_indexes(const TableSchema& schema,
                                 std::set<std::string, std::less<>>& index_names,
                                 const std::function<Result<void>(const KeyAttribute&)>& define);

// The global indexes, then each local one as an index on the table's
// partition key and its own sort key.
std::vector<IndexSchema> all_indexes(const TableSchema& schema);

// Whether a read of the local index `index` fetches its items from the
// table: when it does not project them all, for Select ALL_ATTRIBUTES or a
// ProjectionExpression naming an attribute it does not project (AWS API
// reference "Query", Select: "DynamoDB fetches each of these attributes
// from the parent table"). `table_key`: the table's key attributes.
bool fetches_from_table(const IndexSchema& index, const std::vector<KeyAttribute>& table_key,
                        Select select, const std::optional<std::vector<DocumentPath>>& paths);

// Each entry of the page replaced by its table item (`find` of the entry's
// table key; REQUIRES: every entry's item is there), and a table read
// charged for each: its size rounded up to 4 KB (AWS, "Local secondary
// indexes", "Read capacity units": "you are charged for read capacity
// units for every base table item fetched ... each entire item").
void fetch_from_table(Page& page, const std::vector<KeyAttribute>& table_key, bool consistent,
                      const std::function<const StoredItem*(const Item&)>& find);

}  // namespace sortkey::internal

#endif  // SORTKEY_SRC_QUERY_LOCAL_INDEXES_H_
