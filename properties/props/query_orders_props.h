// File: properties/props/query_orders_props.h
//
// The filtering guide's scenarios (examples/orders.yaml, examples/sparse.yaml) as properties:
// orders of a customer by status and date (a composite sort key, a multi-attribute index, the
// reversed key) and its sparse indexes, each against a naive answer.

#ifndef SORTKEY_PROPERTIES_QUERY_ORDERS_PROPS_H_
#define SORTKEY_PROPERTIES_QUERY_ORDERS_PROPS_H_

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "properties/props/outcome.h"

namespace sortkey::props {

// examples/orders.yaml: "orders of customer C with status S between d1 and d2". The
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
                                const std::string& status, const std::string& d1,
                                const std::string& d2, int limit, std::string* costs);

// The filtering guide's "Book vs today": a native multi-attribute index (Status, Date)
// and a hand-built STATUS#DATE key answer the same question with the same
// items in the same order. `shape`: 0 status only, 1 date =, 2 date <=,
// 3 date >=, 4 BETWEEN, 5 begins_with(date).
Outcome multi_attribute_equals_composite(const std::vector<Order>& orders,
                                         const std::string& customer, const std::string& status,
                                         int shape, const std::string& d1, const std::string& d2,
                                         std::uint64_t style);

// The filtering guide's warning (examples/broken/orders_date_status.yaml): with the reversed key
// DATE#STATUS, the tightest key condition that holds every answer (BETWEEN the first and the last
// answer's key) returns every order of the customer between them, of any status: exactly the naive
// window. `interleaved` is set when other statuses are among them, i.e. when no key condition can
// answer the question.
Outcome reversed_composite_cannot_filter(const std::vector<Order>& orders,
                                         const std::string& customer, const std::string& status,
                                         const std::string& d1, const std::string& d2,
                                         bool* interleaved);

// examples/sparse.yaml's sparse indexes after a sequence of writes that add and remove
// the attribute: the Admins index (PK, GSI1SK, only admins have GSI1SK) and
// the every-Customer index (CustomerIndexId, only customers have it) hold
// exactly the items a naive projection says.
struct SparseOp {
  int kind = 0;  // 0 put user, 1 make admin, 2 revoke admin, 3 put customer, 4 put order, 5 delete
  int org = 0, who = 0;  // small ids
  bool admin = false;
};
std::ostream& operator<<(std::ostream& os, const SparseOp& o);
inline void showValue(const SparseOp& o, std::ostream& os) { os << o; }
Outcome sparse_indexes_are_exact(const std::vector<SparseOp>& ops);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_QUERY_ORDERS_PROPS_H_
