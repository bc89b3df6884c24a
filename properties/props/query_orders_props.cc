#include "properties/props/query_orders_props.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "properties/props/query_conversions.h"
#include "properties/props/query_internal.h"
#include "properties/props/query_page_props.h"
#include "properties/props/query_spec.h"
#include "sortkey/composite.h"
#include "sortkey/expression_builder.h"

namespace sortkey::props {

using oracle::NItem;
using oracle::NKey;
using oracle::NKeyCond;
using oracle::NSchema;
using T = oracle::NValue::T;
using query_internal::read_all;
using query_internal::show_request;
using query_internal::str;
using query_internal::to_naive_all;

std::ostream& operator<<(std::ostream& os, const Order& o) {
  return os << "{" << o.customer << " " << o.order_id << " " << o.status << " " << o.date << "}";
}

namespace {

NItem order_item(const Order& o) {
  return {{"CustomerId", str(o.customer)},
          {"OrderId", str(o.order_id)},
          {"Status", str(o.status)},
          {"Date", str(o.date)},
          {"OrderStatusDate", str(o.status + "#" + o.date)},
          {"DateStatus", str(o.date + "#" + o.status)}};
}

// A table of orders keyed (CustomerId, OrderId) with the indexes of examples/orders.yaml.
NSchema order_schema() {
  NSchema s;
  s.pk = {"CustomerId", T::S};
  s.sk = NKey{"OrderId", T::S};
  s.indexes.push_back(
      {"OrderStatusDateGSI", {{"CustomerId", T::S}}, {{"OrderStatusDate", T::S}}, {}, {}});
  s.indexes.push_back(
      {"StatusThenDate", {{"CustomerId", T::S}}, {{"Status", T::S}, {"Date", T::S}}, {}, {}});
  s.indexes.push_back({"DateStatusGSI", {{"CustomerId", T::S}}, {{"DateStatus", T::S}}, {}, {}});
  return s;
}

struct OrderWorld {
  oracle::NaiveTable model{order_schema()};
  std::optional<Table> table;
};

Result<void> load(OrderWorld& w, const std::vector<Order>& orders) {
  auto t = Table::create(to_engine(w.model.schema()));
  if (!t) return t.error();
  w.table.emplace(std::move(*t));
  for (const Order& o : orders) {
    const NItem item = order_item(o);
    w.model.put(item);
    if (auto ok = w.table->put(to_engine(item)); !ok) return ok.error();
  }
  return {};
}

std::vector<NItem> naive_answer(const std::vector<NItem>& items, const std::string& customer,
                                const std::string& status, const std::string& d1,
                                const std::string& d2) {
  std::vector<NItem> out;
  for (const NItem& i : items) {
    const std::string& date = oracle::naive_get(i, "Date")->s;
    if (oracle::naive_get(i, "CustomerId")->s == customer &&
        oracle::naive_get(i, "Status")->s == status && d1 <= date && date <= d2) {
      out.push_back(i);
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const NItem& a, const NItem& b) {
    return oracle::naive_get(a, "Date")->s < oracle::naive_get(b, "Date")->s;
  });
  return out;
}

struct Totals {
  std::vector<StoredItem> items;
  int pages = 0;
  int scanned = 0;
  double capacity = 0;
  bool short_page = false;  // a page with fewer than Limit items and a LastEvaluatedKey
};

Result<Totals> run_pages(const Table& table, QueryRequest r) {
  Totals t;
  for (int n = 0; n < 100000; ++n) {
    auto page = table.query(r);
    if (!page) return page.error();
    t.items.insert(t.items.end(), page->items.begin(), page->items.end());
    ++t.pages;
    t.scanned += page->scanned_count;
    t.capacity += page->consumed_capacity;
    if (r.limit && page->count < *r.limit && page->last_evaluated_key) t.short_page = true;
    if (!page->last_evaluated_key) return t;
    r.exclusive_start_key = page->last_evaluated_key;
  }
  return make_error(ErrorCode::kOverflow, 0, "too many pages");
}

}  // namespace

Outcome composite_key_vs_filter(const std::vector<Order>& orders, const std::string& customer,
                                const std::string& status, const std::string& d1,
                                const std::string& d2, int limit, std::string* costs) {
  OrderWorld w;
  if (auto ok = load(w, orders); !ok)
    return Outcome::fails("loading the orders failed: " + describe(ok.error()));
  const std::vector<NItem> answer = naive_answer(w.model.items(), customer, status, d1, d2);
  // The key condition of the seed, built by the expression builder.
  KeyQuery kq;
  kq.index_name = "OrderStatusDateGSI";
  kq.partition = {{"CustomerId", AttributeValue::S(customer)}};
  kq.sort_attribute = "OrderStatusDate";
  kq.sort = SortCondition::between(AttributeValue::S(status + "#" + d1),
                                   AttributeValue::S(status + "#" + d2));
  auto built = build_key_condition(kq);
  if (!built)
    return Outcome::fails("the builder rejected the guide's window: " + describe(built.error()));
  const QueryRequest by_key = to_query_request(*built);
  auto keyed = run_pages(*w.table, by_key);
  if (!keyed)
    return Outcome::fails(
        fmt::format("{}: rejected: {}", show_request(by_key), describe(keyed.error())));
  std::string why;
  if (!oracle::accept_query_order(answer, to_naive_all(keyed->items), {{"OrderStatusDate", T::S}},
                                  true, &why)) {
    return Outcome::fails(fmt::format("{}: not the naive two-attribute filter's answer: {}",
                                      show_request(by_key), why));
  }
  // Limit=k through the key: exactly min(k, matches) items on the first page.
  QueryRequest first = by_key;
  first.limit = limit;
  auto page = w.table->query(first);
  if (!page) return Outcome::fails(describe(page.error()));
  const int want = std::min<int>(limit, static_cast<int>(answer.size()));
  if (page->count != want) {
    return Outcome::fails(
        fmt::format("{}: Count {} with Limit {} and {} matches; a key condition must fill the page",
                    show_request(first), page->count, limit, answer.size()));
  }
  // The same question as a FilterExpression on the table.
  QueryRequest by_filter;
  by_filter.key_condition = "CustomerId = :c";
  by_filter.filter = "#s = :s AND #d BETWEEN :d1 AND :d2";
  by_filter.attributes.names = {{"#s", "Status"}, {"#d", "Date"}};
  by_filter.attributes.values = {{":c", AttributeValue::S(customer)},
                                 {":s", AttributeValue::S(status)},
                                 {":d1", AttributeValue::S(d1)},
                                 {":d2", AttributeValue::S(d2)}};
  by_filter.limit = limit;
  auto filtered = run_pages(*w.table, by_filter);
  if (!filtered)
    return Outcome::fails(
        fmt::format("{}: rejected: {}", show_request(by_filter), describe(filtered.error())));
  std::vector<NItem> got = to_naive_all(filtered->items);
  std::vector<NItem> sorted_answer = answer;
  auto by_id = [](const NItem& a, const NItem& b) {
    return oracle::naive_get(a, "OrderId")->s < oracle::naive_get(b, "OrderId")->s;
  };
  std::sort(got.begin(), got.end(), by_id);
  std::sort(sorted_answer.begin(), sorted_answer.end(), by_id);
  if (got.size() != sorted_answer.size() ||
      !std::equal(got.begin(), got.end(), sorted_answer.begin(), oracle::naive_items_equal)) {
    return Outcome::fails(fmt::format("{}: the pages hold {} items, the answer has {}",
                                      show_request(by_filter), got.size(), sorted_answer.size()));
  }
  // Cost of one read without Limit each: the filter reads (and pays for) a superset.
  QueryRequest key_all = by_key;
  QueryRequest filter_all = by_filter;
  filter_all.limit.reset();
  auto k = run_pages(*w.table, key_all);
  auto f = run_pages(*w.table, filter_all);
  if (!k || !f) return Outcome::fails("an unlimited read was rejected");
  if (f->scanned < k->scanned || f->capacity < k->capacity) {
    return Outcome::fails(fmt::format(
        "the filter read {} items for {} RCU, the key condition {} for {} RCU: a filter "
        "cannot read less than the key condition",
        f->scanned, f->capacity, k->scanned, k->capacity));
  }
  *costs = fmt::format("key: {} items read, {} RCU; filter: {} items read, {} RCU{}{}", k->scanned,
                       k->capacity, f->scanned, f->capacity,
                       filtered->short_page ? "; a filtered page came back short" : "",
                       f->capacity > k->capacity ? "; the filter paid more" : "");
  return Outcome::holds();
}

Outcome multi_attribute_equals_composite(const std::vector<Order>& orders,
                                         const std::string& customer, const std::string& status,
                                         int shape, const std::string& d1, const std::string& d2,
                                         std::uint64_t style) {
  OrderWorld w;
  if (auto ok = load(w, orders); !ok)
    return Outcome::fails("loading the orders failed: " + describe(ok.error()));
  QuerySpec native;
  native.index = "StatusThenDate";
  native.key.partition = {str(customer)};
  native.style = style;
  QuerySpec composite;
  composite.index = "OrderStatusDateGSI";
  composite.key.partition = {str(customer)};
  composite.style = style + 1;
  const std::string p = status + "#";
  std::string low = "", high = "\xF4\x8F\xBF\xBF";  // the date window the question asks
  if (shape == 0) {
    native.key.op = NKeyCond::Op::kEq;
    native.key.a = str(status);
    composite.key.op = NKeyCond::Op::kBeginsWith;
    composite.key.a = str(p);
  } else {
    native.key.sort_eq = {str(status)};
    switch (shape) {
      case 1:
        native.key.op = NKeyCond::Op::kEq;
        native.key.a = str(d1);
        composite.key.op = NKeyCond::Op::kEq;
        composite.key.a = str(p + d1);
        low = high = d1;
        break;
      case 2:  // date <= d1: from "S#" (below every "S#<date>") to "S#d1"
        native.key.op = NKeyCond::Op::kLe;
        native.key.a = str(d1);
        composite.key.op = NKeyCond::Op::kBetween;
        composite.key.a = str(p);
        composite.key.b = str(p + d1);
        high = d1;
        break;
      case 3:  // date >= d1: to "S$", above every "S#<date>" ('$' = '#' + 1)
        native.key.op = NKeyCond::Op::kGe;
        native.key.a = str(d1);
        composite.key.op = NKeyCond::Op::kBetween;
        composite.key.a = str(p + d1);
        composite.key.b = str(status + "$");
        low = d1;
        break;
      case 4:
        native.key.op = NKeyCond::Op::kBetween;
        native.key.a = str(d1);
        native.key.b = str(d2);
        composite.key.op = NKeyCond::Op::kBetween;
        composite.key.a = str(p + d1);
        composite.key.b = str(p + d2);
        low = d1;
        high = d2;
        break;
      default:  // begins_with(date, the month of d1)
        native.key.op = NKeyCond::Op::kBeginsWith;
        native.key.a = str(d1.substr(0, 7));
        composite.key.op = NKeyCond::Op::kBeginsWith;
        composite.key.a = str(p + d1.substr(0, 7));
        low = d1.substr(0, 7);
        high = d1.substr(0, 7) + "\xF4";
        break;
    }
  }
  const QueryRequest a = render_query(w.model.schema(), native);
  const QueryRequest b = render_query(w.model.schema(), composite);
  auto ra = read_all(a, [&w](const QueryRequest& r) { return w.table->query(r); });
  auto rb = read_all(b, [&w](const QueryRequest& r) { return w.table->query(r); });
  if (!ra)
    return Outcome::fails(fmt::format("{}: rejected: {}", show_request(a), describe(ra.error())));
  if (!rb)
    return Outcome::fails(fmt::format("{}: rejected: {}", show_request(b), describe(rb.error())));
  const std::vector<NItem> expected = naive_answer(w.model.items(), customer, status, low, high);
  std::string why;
  if (!oracle::accept_query_order(expected, to_naive_all(*ra), {{"Date", T::S}}, true, &why)) {
    return Outcome::fails(fmt::format("native index, {}: {}", show_request(a), why));
  }
  if (!oracle::accept_query_order(to_naive_all(*ra), to_naive_all(*rb), {{"Date", T::S}}, true,
                                  &why)) {
    return Outcome::fails(
        fmt::format("{} and {} disagree: {}", show_request(a), show_request(b), why));
  }
  return Outcome::holds();
}

Outcome reversed_composite_cannot_filter(const std::vector<Order>& orders,
                                         const std::string& customer, const std::string& status,
                                         const std::string& d1, const std::string& d2,
                                         bool* interleaved) {
  *interleaved = false;
  OrderWorld w;
  if (auto ok = load(w, orders); !ok)
    return Outcome::fails("loading the orders failed: " + describe(ok.error()));
  const std::vector<NItem> answer = naive_answer(w.model.items(), customer, status, d1, d2);
  if (answer.empty()) return Outcome::holds();
  std::string lo = oracle::naive_get(answer.front(), "DateStatus")->s;
  std::string hi = lo;
  for (const NItem& i : answer) {
    const std::string& k = oracle::naive_get(i, "DateStatus")->s;
    lo = std::min(lo, k);
    hi = std::max(hi, k);
  }
  QuerySpec q;
  q.index = "DateStatusGSI";
  q.key.partition = {str(customer)};
  q.key.op = NKeyCond::Op::kBetween;
  q.key.a = str(lo);
  q.key.b = str(hi);
  if (auto o = check_query(w.model, *w.table, q); !o.ok()) return o;
  // The window the tightest range returns, naively: every order of the customer between lo and hi.
  std::size_t window = 0;
  for (const NItem& i : w.model.items()) {
    const std::string& k = oracle::naive_get(i, "DateStatus")->s;
    if (oracle::naive_get(i, "CustomerId")->s != customer || k < lo || k > hi) continue;
    ++window;
    *interleaved = *interleaved || oracle::naive_get(i, "Status")->s != status;
  }
  if (window < answer.size()) {
    return Outcome::fails(
        fmt::format("the range [{}, {}] holds {} orders, fewer than the {} answers", lo, hi, window,
                    answer.size()));
  }
  if ((window > answer.size()) != *interleaved) {
    return Outcome::fails("the window holds extra orders that are not of other statuses");
  }
  return Outcome::holds();
}

// ---------------------------------------------------------------- sparse indexes

std::ostream& operator<<(std::ostream& os, const SparseOp& o) {
  static const char* const kNames[] = {"put user",     "make admin", "revoke admin",
                                       "put customer", "put order",  "delete"};
  return os << kNames[o.kind % 6] << " org " << o.org << " who " << o.who
            << (o.admin ? " admin" : "");
}

Outcome sparse_indexes_are_exact(const std::vector<SparseOp>& ops) {
  NSchema s;
  s.pk = {"PK", T::S};
  s.sk = NKey{"SK", T::S};
  s.indexes.push_back(
      {"Admins", {{"PK", T::S}}, {{"GSI1SK", T::S}}, oracle::NIndex::Projection::kKeysOnly, {}});
  s.indexes.push_back(
      {"Customers", {{"CustomerIndexId", T::S}}, {}, oracle::NIndex::Projection::kAll, {}});
  oracle::NaiveTable model(s);
  auto table = Table::create(to_engine(s));
  if (!table) return Outcome::fails(describe(table.error()));
  for (std::size_t step = 0; step < ops.size(); ++step) {
    const SparseOp& o = ops[step];
    const std::string org = fmt::format("ORG#{}", o.org);
    const std::string user = fmt::format("USER#{}", o.who);
    const std::string cust = fmt::format("CUST#{}", o.who);
    bool ok_model = true;
    bool ok_engine = true;
    switch (o.kind % 6) {
      case 0: {
        NItem item = {
            {"PK", str(org)}, {"SK", str(user)}, {"Name", str(fmt::format("user {}", o.who))}};
        if (o.admin) item.emplace_back("GSI1SK", str("Admin"));
        ok_model = model.put(item);
        ok_engine = table->put(to_engine(item)).has_value();
        break;
      }
      case 1:
      case 2: {
        const NItem key = {{"PK", str(org)}, {"SK", str(user)}};
        NItem set;
        ItemUpdate update;
        std::vector<std::string> remove;
        if (o.kind % 6 == 1) {
          set.emplace_back("GSI1SK", str("Admin"));
          update.set.emplace_back("GSI1SK", AttributeValue::S("Admin"));
        } else {
          remove.push_back("GSI1SK");
          update.remove.push_back("GSI1SK");
        }
        ok_model = model.update(key, set, remove);
        ok_engine = table->update(to_engine(key), update).has_value();
        break;
      }
      case 3: {
        const NItem item = {{"PK", str(cust)},
                            {"SK", str(cust)},
                            {"CustomerIndexId", str(cust)},
                            {"Email", str(cust + "@x")}};
        ok_model = model.put(item);
        ok_engine = table->put(to_engine(item)).has_value();
        break;
      }
      case 4: {
        const NItem item = {
            {"PK", str(cust)}, {"SK", str(fmt::format("ORDER#{}", o.org))}, {"Total", str("9")}};
        ok_model = model.put(item);
        ok_engine = table->put(to_engine(item)).has_value();
        break;
      }
      default: {
        const NItem key = {{"PK", str(o.admin ? cust : org)}, {"SK", str(o.admin ? cust : user)}};
        model.erase(key);
        ok_engine = table->delete_item(to_engine(key)).has_value();
      }
    }
    if (ok_model != ok_engine) {
      return Outcome::fails(fmt::format(
          "step {} ({}): the engine {} the write, the oracle {} it", step + 1, fmt::streamed(o),
          ok_engine ? "accepted" : "rejected", ok_model ? "accepts" : "rejects"));
    }
    if (auto c = check_counts(model, *table, fmt::format("step {}", step + 1)); !c.ok()) return c;
  }
  for (int org = 0; org < 3; ++org) {
    QuerySpec q;
    q.index = "Admins";
    q.key.partition = {str(fmt::format("ORG#{}", org))};
    q.limit = 2;
    if (auto o = check_query(model, *table, q); !o.ok()) return o;
  }
  ScanSpec every;
  every.index = "Customers";
  every.limit = 3;
  return check_scan(model, *table, every);
}

}  // namespace sortkey::props
