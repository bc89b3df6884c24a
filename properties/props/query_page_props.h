// File: properties/props/query_page_props.h
//
// The query model's page checks: the engine (sortkey/table.h) against the
// naive oracle (oracles/naive_query.h), page by page, for any QuerySpec or
// ScanSpec (props/query_spec.h); and the checks of each write between them.
//
// How a Query is checked (check_query):
//   0. A filter the oracle refuses (oracle::naive_refusal) must be refused,
//      with DynamoDB's message (matches_refusal); nothing else is checked.
//   1. The engine reads the whole key range without filter or limit: its
//      order must be one DynamoDB may give (accept_query_order: sorted by the
//      sort key, ties in any order, exactly the oracle's items). That order is
//      then the one every page is held to, as DynamoDB's tie order is fixed
//      between two reads with no write in between.
//   2. The request itself is paged from the start: every page must be the
//      oracle's page_at (items and their order, Count, ScannedCount,
//      consumed capacity), carry a LastEvaluatedKey when items remain, carry
//      none when the range was read without reaching Limit or 1 MB, and that
//      key must be the key of the last item read. The next page starts there.
//   3. One read without Limit returns, over its pages, what the limited
//      pages returned together.
//   4. Resuming from the key of any item of the range continues exactly.

#ifndef SORTKEY_PROPERTIES_QUERY_PAGE_PROPS_H_
#define SORTKEY_PROPERTIES_QUERY_PAGE_PROPS_H_

#include <functional>
#include <string>

#include "oracles/naive_query.h"
#include "properties/props/outcome.h"
#include "properties/props/query_spec.h"
#include "sortkey/table.h"

namespace sortkey::props {

// Steps 1-4 above; `table` and `model` hold the same writes.
Outcome check_query(const oracle::NaiveTable& model, const Table& table, const QuerySpec& q);
// The same for Scan; the order of partitions is DynamoDB's to choose, each
// partition read in one piece and in sort-key order (accept_scan_order).
Outcome check_scan(const oracle::NaiveTable& model, const Table& table, const ScanSpec& s);
// A start key need not exist (ALT test_query.py::test_query_exclusivestartkey):
// on a table with a sort key (`model` and `table` holding the same items, and
// `gone` the table key of none of them, in the range of `q`), a Query of the
// table from `gone` reads on from the next key in its direction, exactly the
// oracle's page there. REQUIRES: q.index is "" and the table has a sort key.
Outcome check_resume_from_missing_key(const oracle::NaiveTable& model, const Table& table,
                                      const QuerySpec& q, const oracle::NItem& gone);
// After a write: the engine accepted it iff the oracle did, and the table and
// every index hold as many items as the oracle's projection says.
Outcome check_counts(const oracle::NaiveTable& model, const Table& table, const std::string& what);
// The same, with the write named by `what()` only in a failure message.
Outcome check_counts(const oracle::NaiveTable& model, const Table& table,
                     const std::function<std::string()>& what);
// After any command: each index of the table (local ones included), read
// whole by a Scan, holds exactly the oracle's entries: the items that have
// every key attribute of the index (of its type: the oracle refuses other
// writes), each once, projected, with the keys the item holds.
Outcome check_index_contents(const oracle::NaiveTable& model, const Table& table,
                             const std::function<std::string()>& what);
// A Put or an Update: the engine accepted it (`got` holds no error) iff the
// oracle accepts it (NaiveTable::can_put, can_update).
Outcome check_write_verdict(const Result<void>& got, bool oracle_accepts);
// A Delete of a key: the engine accepts the key, and says it deleted an item
// (`*got`) iff the oracle held one (`held`).
Outcome check_delete(const Result<bool>& got, bool held);
// The engine creates a table (`created`) for a schema the oracle holds:
// every schema a driver builds is a valid one.
Outcome check_schema_accepted(const Result<Table>& created);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_QUERY_PAGE_PROPS_H_
