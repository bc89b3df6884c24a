// File: properties/props/query_props.h
//
// The query model's properties as plain functions: the engine
// (sortkey/table.h) against the naive oracle (oracles/naive_query.h), page
// by page. The properties hold trees and key conditions in the oracle's
// terms, render them to expression text with placeholders for the engine
// (clause order, operand order, keyword case, redundant parentheses and the
// choice of placeholder or bare name all vary with a style seed), and hand
// the trees themselves to the oracle, so a parser bug shows up as a
// disagreement.
//
// How a Query is checked (check_query):
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

#ifndef SORTKEY_PROPERTIES_QUERY_PROPS_H_
#define SORTKEY_PROPERTIES_QUERY_PROPS_H_

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "naive_query.h"
#include "props/outcome.h"
#include "sortkey/attribute.h"
#include "sortkey/query.h"
#include "sortkey/table.h"

namespace sortkey::props {

// ---- conversions between the oracle's values and the engine's.
// to_engine REQUIRES numbers the engine accepts (the generators make only those).
AttributeValue to_engine(const oracle::NValue& v);
Item to_engine(const oracle::NItem& item);
TableSchema to_engine(const oracle::NSchema& schema);
oracle::NValue to_naive(const AttributeValue& v);
oracle::NItem to_naive(const Item& item);

struct QuerySpec {
  std::string index;                 // "" for the table
  oracle::NKeyCond key;
  std::optional<oracle::NCond> filter;
  bool forward = true;
  std::optional<int> limit;
  bool count_only = false;
  bool consistent = false;           // never on an index
  std::uint64_t style = 0;           // rendering choices
  std::size_t resume_at = 0;         // check 4 resumes after the item at this position (mod size)
};
std::ostream& operator<<(std::ostream& os, const QuerySpec& q);
inline void showValue(const QuerySpec& q, std::ostream& os) { os << q; }

struct ScanSpec {
  std::string index;
  std::optional<oracle::NCond> filter;
  std::optional<int> limit;
  bool count_only = false;
  bool consistent = false;
  std::uint64_t style = 0;
};
std::ostream& operator<<(std::ostream& os, const ScanSpec& s);
inline void showValue(const ScanSpec& s, std::ostream& os) { os << s; }

// The engine request for a spec (rendered text, placeholders, options).
QueryRequest render_query(const oracle::NSchema& schema, const QuerySpec& q);
ScanRequest render_scan(const ScanSpec& s);
// The filter alone, as text with its placeholders added to `attributes`.
std::string render_filter(const oracle::NCond& c, std::uint64_t style, ExpressionAttributes& attributes);

// Steps 1-4 above; `table` and `model` hold the same writes.
Outcome check_query(const oracle::NaiveTable& model, const Table& table, const QuerySpec& q);
// The same for Scan; the order of partitions is DynamoDB's to choose, each
// partition read in one piece and in sort-key order (accept_scan_order).
Outcome check_scan(const oracle::NaiveTable& model, const Table& table, const ScanSpec& s);
// After a write: the engine accepted it iff the oracle did, and the table and
// every index hold as many items as the oracle's projection says.
Outcome check_counts(const oracle::NaiveTable& model, const Table& table, const std::string& what);

// Seed 003: "orders of customer C with status S between d1 and d2". The
// composite sort key STATUS#DATE answers with a key condition, exactly the
// naive two-attribute filter's answer; Limit=k returns min(k, matches)
// items; the same question as a FilterExpression on the table returns the
// same items over its pages but may fill a page with fewer than Limit (with
// a LastEvaluatedKey), and reads and pays at least as much (`costs` gets
// "key: N RCU, filter: M RCU").
struct Order {
  std::string customer, order_id, status, date;
};
std::ostream& operator<<(std::ostream& os, const Order& o);
inline void showValue(const Order& o, std::ostream& os) { os << o; }
Outcome composite_key_vs_filter(const std::vector<Order>& orders, const std::string& customer,
                                const std::string& status, const std::string& d1, const std::string& d2, int limit,
                                std::string* costs);

// Seed 003 "Book vs today": a native multi-attribute index (Status, Date)
// and a hand-built STATUS#DATE key answer the same question with the same
// items in the same order. `shape`: 0 status only, 1 date =, 2 date <=,
// 3 date >=, 4 BETWEEN, 5 begins_with(date).
Outcome multi_attribute_equals_composite(const std::vector<Order>& orders, const std::string& customer,
                                         const std::string& status, int shape, const std::string& d1,
                                         const std::string& d2, std::uint64_t style);

// Seed 003's warning: with the reversed key DATE#STATUS, the tightest key
// condition that holds every answer (BETWEEN the first and the last answer's
// key) returns every order of the customer between them, of any status:
// exactly the naive window. `interleaved` is set when other statuses are
// among them, i.e. when no key condition can answer the question.
Outcome reversed_composite_cannot_filter(const std::vector<Order>& orders, const std::string& customer,
                                         const std::string& status, const std::string& d1,
                                         const std::string& d2, bool* interleaved);

// Seed 003's sparse indexes after a sequence of writes that add and remove
// the attribute: the Admins index (PK, GSI1SK, only admins have GSI1SK) and
// the every-Customer index (CustomerIndexId, only customers have it) hold
// exactly the items a naive projection says.
struct SparseOp {
  int kind = 0;           // 0 put user, 1 make admin, 2 revoke admin, 3 put customer, 4 put order, 5 delete
  int org = 0, who = 0;   // small ids
  bool admin = false;
};
std::ostream& operator<<(std::ostream& os, const SparseOp& o);
inline void showValue(const SparseOp& o, std::ostream& os) { os << o; }
Outcome sparse_indexes_are_exact(const std::vector<SparseOp>& ops);

// The seeds' layouts with generated data.
// Seed 002: tickets keyed by TicketId, an index on (OrgId, UpdatedAt); the
// updates touch UpdatedAt only; the index read backward is most recently
// updated first, and the base table never gains an item from an update.
Outcome ticket_tracker(const std::vector<std::pair<int, int>>& updates, int tickets);
// Seed 002: a Device and its Readings; both layouts (#READING#<padded>
// read backward, READING#<inverse> read forward) return the Device and its
// ten newest Readings in one Query, with other devices' items around.
Outcome iot_latest_readings(const std::vector<unsigned>& readings, const std::vector<unsigned>& neighbour);
// Seed 002: the Org with Teams before it and Users after it: `SK <= org`
// backward is the Org then its Teams, `SK >= org` forward the Org then its
// Users in order.
Outcome saas_org_collection(const std::vector<std::string>& teams, const std::vector<std::string>& users);
// Seed 004: an actor's audit log EVT#<ISO-8601>#<seq>: newest first, and a
// BETWEEN window built by the expression builder, against the naive sort.
struct Event {
  int day, hour, minute, second;
};
std::ostream& operator<<(std::ostream& os, const Event& e);
inline void showValue(const Event& e, std::ostream& os) { os << e; }
Outcome audit_log(const std::vector<Event>& events, const Event& from, const Event& to, int limit);
// The version history: v000_ (a copy of the latest) then v001_, v002_, ...:
// a forward Query with Limit 1 returns the latest; all of them come in
// version order.
Outcome version_history(int versions, int width);

// The expression builder: the built request parses, is accepted by the
// engine and selects exactly the naive key range; reversed BETWEEN bounds
// are rejected by the builder.
Outcome builder_selects_range(const oracle::NaiveTable& model, const Table& table, const oracle::NKeyCond& key,
                              bool reverse_bounds);

// Requests DynamoDB rejects, each with the fragment its message must hold.
// `mutation` picks the fault planted in a valid request.
Outcome rejects_invalid_request(const oracle::NaiveTable& model, const Table& table, const QuerySpec& valid,
                                int mutation);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_QUERY_PROPS_H_
