// File: sortkey/query.h
//
// Query and Scan requests and the page they return, with DynamoDB's paging
// semantics (AWS API reference "Query" and "Scan"; AWS "Filter expressions
// for the Query operation"):
//
//   * Items are read in key order (the index key for an index; ties in an
//     index broken by the base-table key), reversed when scan_index_forward
//     is false. Scan reads partition after partition, in the order of their
//     encoded keys; DynamoDB leaves that order to its hash function.
//   * A page reads at most `limit` items and stops after the item whose size
//     brings the total read to 1 MB (that item is still read and returned if
//     it passes the filter). Items are counted and charged *before* the
//     FilterExpression: scanned_count counts every item read, count the ones
//     that pass it, so count <= scanned_count <= limit.
//   * last_evaluated_key is the key of the last item read (table keys; on an
//     index, the index keys plus the table keys), present when the page
//     stopped at the limit or at 1 MB and more items remain in the range.
//     Pass it as exclusive_start_key to read on; a page may be empty and still
//     carry it, when every item read was filtered out.
//   * consumed_capacity is the read capacity DynamoDB charges for the page:
//     the sizes of all items read (index entries on an index) summed and
//     rounded up to 4 KB, one unit per 4 KB, at least one unit, halved for an
//     eventually consistent read; a local index that fetches from the table
//     adds a read per item fetched (sortkey/table.h).
//
// Example (examples/audit_log.yaml, the actor audit log, newest first):
//
//   sortkey::QueryRequest q;
//   q.key_condition = "#pk = :pk";
//   q.attributes.names["#pk"] = "PK";
//   q.attributes.values[":pk"] = sortkey::AttributeValue::S("ACTOR#u_8814");
//   q.scan_index_forward = false;
//   q.limit = 20;
//   sortkey::Result<sortkey::Page> page = table.query(q);

#ifndef SORTKEY_QUERY_H_
#define SORTKEY_QUERY_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sortkey/attribute.h"
#include "sortkey/expression.h"
#include "sortkey/stored_item.h"

namespace sortkey {

// DynamoDB's Select. kDefault is ALL_ATTRIBUTES on a table and
// ALL_PROJECTED_ATTRIBUTES on an index, or SPECIFIC_ATTRIBUTES with a
// projection. Refused (AWS API reference "Query", Select; ALT test_query.py::
// test_query_select): ALL_PROJECTED_ATTRIBUTES on a table, ALL_ATTRIBUTES on
// a global index whose projection is not ALL (a local index fetches the
// items from the table instead, sortkey/table.h), SPECIFIC_ATTRIBUTES without a
// projection, and a projection with any Select but SPECIFIC_ATTRIBUTES.
enum class Select {
  kDefault,
  kAllAttributes,
  kAllProjectedAttributes,
  kCount,
  kSpecificAttributes
};
// "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES", "COUNT", "SPECIFIC_ATTRIBUTES";
// "" for kDefault (the parameter left out).
std::string_view select_name(Select select);

// The 1 MB a single Query or Scan reads at most.
inline constexpr std::size_t kMaxPageBytes = 1024 * 1024;

struct QueryRequest {
  std::string index_name;             // empty: the table itself
  std::string key_condition;          // KeyConditionExpression (required)
  std::optional<std::string> filter;  // FilterExpression; "" is an error, as in DynamoDB
  ExpressionAttributes attributes;    // ExpressionAttributeNames / Values
  bool scan_index_forward = true;
  std::optional<int> limit;  // >= 1 when given
  std::optional<Item> exclusive_start_key;
  Select select = Select::kDefault;
  bool consistent_read = false;           // not allowed on a global index
  std::optional<std::string> projection;  // ProjectionExpression (sortkey/expression.h)
};

struct ScanRequest {
  std::string index_name;
  std::optional<std::string> filter;
  ExpressionAttributes attributes;
  std::optional<int> limit;
  std::optional<Item> exclusive_start_key;
  Select select = Select::kDefault;
  bool consistent_read = false;
  std::optional<std::string> projection;  // ProjectionExpression
};

struct Page {
  std::vector<StoredItem> items;  // shared with the table; empty for Select kCount; projected
                                  // with a ProjectionExpression
  int count = 0;                  // items that passed the filter
  int scanned_count = 0;          // items read
  std::optional<Item> last_evaluated_key;
  std::size_t bytes_read = 0;    // sizes of the items read, before the filter
  double consumed_capacity = 0;  // read capacity units
};

// Read capacity units for `bytes` read in one Query or Scan.
double read_capacity_units(std::size_t bytes, bool consistent_read);

}  // namespace sortkey

#endif  // SORTKEY_QUERY_H_
