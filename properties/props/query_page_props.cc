#include "properties/props/query_page_props.h"

#include <fmt/format.h>

#include <functional>
#include <string>
#include <vector>

#include "properties/props/query_internal.h"
#include "properties/props/query_invalid_props.h"
#include "properties/props/query_spec.h"

namespace sortkey::props {

using oracle::NCond;
using oracle::NItem;
using oracle::NPage;
using query_internal::read_all;
using query_internal::show_request;
using query_internal::to_naive_all;

namespace {

// One page against the oracle's page. `key_of` gives the key the page's
// LastEvaluatedKey must be, from the entry last read; `context()` names the
// page in a failure message (built only for one).
// `fetched`: the capacity of the items fetched from the table (a local
// index's), on top of the page's own.
template <class KeyOf, class Context>
Outcome compare_page(const std::vector<NItem>& sequence, const NPage& want, const Page& got,
                     bool count_only, bool consistent, double fetched, KeyOf key_of,
                     Context context) {
  if (got.scanned_count != static_cast<int>(want.scanned)) {
    return Outcome::fails(fmt::format("{}: ScannedCount {}, but the oracle reads {} items",
                                      context(), got.scanned_count, want.scanned));
  }
  if (got.count != static_cast<int>(want.items.size())) {
    return Outcome::fails(fmt::format("{}: Count {}, but {} of the {} items read pass the filter",
                                      context(), got.count, want.items.size(), want.scanned));
  }
  if (count_only && !got.items.empty()) {
    return Outcome::fails(
        fmt::format("{}: Select COUNT returned {} items", context(), got.items.size()));
  }
  if (!count_only) {
    if (got.items.size() != want.items.size()) {
      return Outcome::fails(
          fmt::format("{}: {} items for Count {}", context(), got.items.size(), got.count));
    }
    for (std::size_t i = 0; i < want.items.size(); ++i) {
      const NItem item = to_naive(got.items[i]);
      if (!oracle::naive_items_equal(item, want.items[i])) {
        return Outcome::fails(fmt::format("{}: item {} is {}, the oracle expects {}", context(), i,
                                          oracle::naive_show(item),
                                          oracle::naive_show(want.items[i])));
      }
    }
  }
  if (got.bytes_read != want.bytes) {
    return Outcome::fails(fmt::format("{}: read {} bytes, the oracle's item sizes add up to {}",
                                      context(), got.bytes_read, want.bytes));
  }
  if (got.consumed_capacity != want.capacity(consistent) + fetched) {
    return Outcome::fails(fmt::format(
        "{}: ConsumedCapacity {} RCU, the oracle computes {} for {} bytes read ({}) and {} for "
        "the items fetched from the table",
        context(), got.consumed_capacity, want.capacity(consistent), want.bytes,
        consistent ? "strongly consistent" : "eventually consistent", fetched));
  }
  if (want.lek_required && !got.last_evaluated_key) {
    return Outcome::fails(
        fmt::format("{}: no LastEvaluatedKey, but {} items remain after the {} read", context(),
                    sequence.size() - want.next, want.scanned));
  }
  if (got.last_evaluated_key) {
    if (!want.lek_allowed) {
      return Outcome::fails(
          fmt::format("{}: a LastEvaluatedKey {} after reading the whole range without reaching "
                      "Limit or 1 MB",
                      context(), to_json(*got.last_evaluated_key)));
    }
    if (want.next == 0) {
      return Outcome::fails(
          fmt::format("{}: a LastEvaluatedKey on a page that read nothing", context()));
    }
    const NItem expected = key_of(sequence[want.next - 1]);
    const NItem lek = to_naive(*got.last_evaluated_key);
    if (!oracle::naive_items_equal(lek, expected)) {
      return Outcome::fails(
          fmt::format("{}: LastEvaluatedKey {}, but the last item read has the key {}", context(),
                      oracle::naive_show(lek), oracle::naive_show(expected)));
    }
  }
  return Outcome::holds();
}

// The shared session of check_query and check_scan over the order `sequence`
// the engine committed to. The request is shown (show_request) only in a
// failure message. `fetch`, when given, is what the page returns for an
// entry that passes the filter: its table item (a local index fetching).
template <class Request, class Read, class KeyOf>
Outcome check_session(const std::vector<NItem>& sequence, const Request& request, Read read,
                      KeyOf key_of, const NCond* filter, std::optional<int> limit, bool count_only,
                      bool consistent, std::size_t resume_at, bool resumable,
                      const std::function<NItem(const NItem&)>& fetch = {}) {
  // The oracle's page, its items fetched when the read fetches, and the
  // capacity of the fetches.
  auto oracle_page = [&](std::size_t at, double* fetched) {
    NPage want = oracle::page_at(sequence, at, limit, filter);
    *fetched = 0;
    if (fetch && !count_only) {
      for (NItem& item : want.items) item = fetch(item);
      *fetched = oracle::naive_fetch_capacity(want.items, consistent);
    }
    return want;
  };
  auto shown = [&request] { return show_request(request); };
  std::size_t pos = 0;
  std::optional<Item> start;
  std::vector<NItem> collected;
  int counted = 0;
  for (std::size_t n = 0;; ++n) {
    if (n > sequence.size() + 2) {
      return Outcome::fails(
          fmt::format("{}: {} pages for {} items: the LastEvaluatedKey does not move on", shown(),
                      n, sequence.size()));
    }
    Request r = request;
    r.exclusive_start_key = start;
    auto page = read(r);
    auto context = [&] {
      return fmt::format("{}, page {}{}", shown(), n + 1,
                         start ? ", ExclusiveStartKey " + to_json(*start) : std::string());
    };
    if (!page)
      return Outcome::fails(fmt::format("{}: rejected: {}", context(), describe(page.error())));
    double fetched = 0;
    const NPage want = oracle_page(pos, &fetched);
    if (auto o =
            compare_page(sequence, want, *page, count_only, consistent, fetched, key_of, context);
        !o.ok())
      return o;
    collected.insert(collected.end(), want.items.begin(), want.items.end());
    counted += page->count;
    if (!page->last_evaluated_key) break;
    start = page->last_evaluated_key;
    pos = want.next;
  }
  // All pages of the unlimited request return what the limited pages did.
  Request unlimited = request;
  unlimited.limit.reset();
  int total = 0;
  std::vector<StoredItem> all;
  for (std::optional<Item> at;;) {
    unlimited.exclusive_start_key = at;
    auto page = read(unlimited);
    if (!page)
      return Outcome::fails(
          fmt::format("{} without Limit: rejected: {}", shown(), describe(page.error())));
    total += page->count;
    all.insert(all.end(), page->items.begin(), page->items.end());
    if (!page->last_evaluated_key) break;
    at = page->last_evaluated_key;
  }
  if (total != counted || (!count_only && all.size() != collected.size())) {
    return Outcome::fails(
        fmt::format("{}: the pages counted {} items, one read without Limit counts {}", shown(),
                    counted, total));
  }
  for (std::size_t i = 0; !count_only && i < all.size(); ++i) {
    if (!oracle::naive_items_equal(to_naive(all[i]), collected[i])) {
      return Outcome::fails(fmt::format(
          "{}: item {} differs between the paged read and the read without Limit", shown(), i));
    }
  }
  // Resuming from the key of any item read continues exactly after it (not
  // on a table without a sort key: DynamoDB refuses a start key there, ALT
  // test_query_no_sort_key_exclusive_start_key).
  if (!sequence.empty() && resumable) {
    const std::size_t k = resume_at % sequence.size();
    Request r = request;
    r.exclusive_start_key = to_engine(key_of(sequence[k]));
    auto page = read(r);
    auto context = [&] {
      return fmt::format("{}, resumed after item {} with ExclusiveStartKey {}", shown(), k,
                         to_json(*r.exclusive_start_key));
    };
    if (!page)
      return Outcome::fails(fmt::format("{}: rejected: {}", context(), describe(page.error())));
    double fetched = 0;
    const NPage want = oracle_page(k + 1, &fetched);
    if (auto o =
            compare_page(sequence, want, *page, count_only, consistent, fetched, key_of, context);
        !o.ok())
      return o;
  }
  return Outcome::holds();
}

}  // namespace

Outcome check_query(const oracle::NaiveTable& model, const Table& table, const QuerySpec& q) {
  const QueryRequest request = render_query(model.schema(), q);
  auto read = [&table](const QueryRequest& r) { return table.query(r); };
  if (q.filter && !oracle::naive_refusal(*q.filter).empty()) {
    auto page = read(request);
    return matches_refusal(page ? nullptr : &page.error(), *q.filter, show_request(request));
  }
  // 1. The engine's order of the whole range, held to DynamoDB's rules.
  QuerySpec plain = q;
  plain.filter.reset();
  plain.limit.reset();
  plain.count_only = false;
  plain.all_attributes = false;  // the entries, in the index's order
  const QueryRequest whole = render_query(model.schema(), plain);
  auto items = read_all(whole, read);
  if (!items) {
    return Outcome::fails(fmt::format("{}: rejected a valid Query: {}", show_request(whole),
                                      describe(items.error())));
  }
  const std::vector<NItem> sequence = to_naive_all(*items);
  const std::vector<NItem> expected = model.key_range(q.index, q.key, q.forward);
  std::string why;
  if (!oracle::accept_query_order(expected, sequence, model.sort_of(q.index), q.forward, &why)) {
    return Outcome::fails(fmt::format("{} (read whole): {}", show_request(whole), why));
  }
  // 2-4.
  auto key_of = [&model, &q](const NItem& entry) { return model.key_of(q.index, entry); };
  const bool resumable = !q.index.empty() || model.schema().sk.has_value();
  // Select ALL_ATTRIBUTES on a local index that does not project them all:
  // each item returned is fetched from the table (AWS API reference
  // "Query", Select).
  const oracle::NIndex* index = model.index_named(q.index);
  std::function<NItem(const NItem&)> fetch;
  if (index != nullptr && oracle::naive_fetches(model.schema(), *index, q.all_attributes, {}))
    fetch = [&model](const NItem& entry) { return model.fetch(entry); };
  return check_session(sequence, request, read, key_of, q.filter ? &*q.filter : nullptr, q.limit,
                       q.count_only, q.consistent, q.resume_at, resumable, fetch);
}

Outcome check_scan(const oracle::NaiveTable& model, const Table& table, const ScanSpec& s) {
  const ScanRequest request = render_scan(s);
  auto read = [&table](const ScanRequest& r) { return table.scan(r); };
  if (s.filter && !oracle::naive_refusal(*s.filter).empty()) {
    auto page = read(request);
    return matches_refusal(page ? nullptr : &page.error(), *s.filter, show_request(request));
  }
  ScanRequest whole;
  whole.index_name = s.index;
  whole.consistent_read = s.consistent;
  auto items = read_all(whole, read);
  if (!items)
    return Outcome::fails(fmt::format("Scan {}: rejected: {}", s.index, describe(items.error())));
  const std::vector<NItem> sequence = to_naive_all(*items);
  std::string why;
  if (!oracle::accept_scan_order(model.entries(s.index), sequence, model.partition_of(s.index),
                                 model.sort_of(s.index), &why)) {
    return Outcome::fails(
        fmt::format("Scan {} (whole): {}", s.index.empty() ? "table" : s.index, why));
  }
  auto key_of = [&model, &s](const NItem& entry) { return model.key_of(s.index, entry); };
  return check_session(sequence, request, read, key_of, s.filter ? &*s.filter : nullptr, s.limit,
                       s.count_only, s.consistent, static_cast<std::size_t>(s.style % 97), true);
}

Outcome check_resume_from_missing_key(const oracle::NaiveTable& model, const Table& table,
                                      const QuerySpec& q, const NItem& gone) {
  QueryRequest request = render_query(model.schema(), q);
  request.exclusive_start_key = to_engine(gone);
  auto shown = [&request] {
    return fmt::format("{}, ExclusiveStartKey {} (no such item)", show_request(request),
                       to_json(*request.exclusive_start_key));
  };
  // The table's order is strict: the page starts at the first key past `gone`.
  const std::vector<NItem> sequence = model.key_range("", q.key, q.forward);
  const std::vector<oracle::NKey> sort = model.sort_of("");
  std::size_t pos = 0;
  while (pos < sequence.size()) {
    const int c = oracle::naive_compare_sort(sort, sequence[pos], gone);
    if (q.forward ? c > 0 : c < 0) break;
    ++pos;
  }
  auto page = table.query(request);
  if (!page)
    return Outcome::fails(fmt::format("{}: rejected: {}", shown(), describe(page.error())));
  const NPage want = oracle::page_at(sequence, pos, q.limit, q.filter ? &*q.filter : nullptr);
  auto key_of = [&model](const NItem& entry) { return model.key_of("", entry); };
  return compare_page(sequence, want, *page, q.count_only, q.consistent, 0, key_of, shown);
}

Outcome check_counts(const oracle::NaiveTable& model, const Table& table,
                     const std::function<std::string()>& what) {
  if (table.item_count() != model.items().size()) {
    return Outcome::fails(fmt::format("after {}: the table holds {} items, the oracle {}", what(),
                                      table.item_count(), model.items().size()));
  }
  for (const oracle::NIndex& i : model.schema().indexes) {
    const std::size_t want = model.entry_count(i.name);
    const std::size_t got = *table.index_item_count(i.name);
    if (got != want) {
      return Outcome::fails(
          fmt::format("after {}: index {} holds {} items, the oracle's projection {}", what(),
                      i.name, got, want));
    }
  }
  return Outcome::holds();
}

Outcome check_index_contents(const oracle::NaiveTable& model, const Table& table,
                             const std::function<std::string()>& what) {
  for (const oracle::NIndex& i : model.schema().indexes) {
    ScanRequest whole;
    whole.index_name = i.name;
    auto items = read_all(whole, [&table](const ScanRequest& r) { return table.scan(r); });
    if (!items) {
      return Outcome::fails(fmt::format("after {}: a Scan of index {} is rejected: {}", what(),
                                        i.name, describe(items.error())));
    }
    std::string why;
    if (!oracle::accept_scan_order(model.entries(i.name), to_naive_all(*items),
                                   model.partition_of(i.name), model.sort_of(i.name), &why)) {
      return Outcome::fails(fmt::format("after {}: index {}: {}", what(), i.name, why));
    }
  }
  return Outcome::holds();
}

Outcome check_counts(const oracle::NaiveTable& model, const Table& table, const std::string& what) {
  return check_counts(model, table, [&what] { return what; });
}

Outcome check_write_verdict(const Result<void>& got, bool oracle_accepts) {
  const bool engine = got.has_value();
  if (engine == oracle_accepts) return Outcome::holds();
  return Outcome::fails(fmt::format("the engine {} it{}, the oracle {} it",
                                    engine ? "accepted" : "rejected",
                                    got ? std::string() : " (" + describe(got.error()) + ")",
                                    oracle_accepts ? "accepts" : "rejects"));
}

Outcome check_delete(const Result<bool>& got, bool held) {
  if (!got) return Outcome::fails("the engine rejected the key: " + describe(got.error()));
  if (*got != held) {
    return Outcome::fails(fmt::format("the engine says it deleted {}, the oracle held {}",
                                      *got ? "an item" : "nothing", held ? "one" : "none"));
  }
  return Outcome::holds();
}

Outcome check_schema_accepted(const Result<Table>& created) {
  if (created) return Outcome::holds();
  return Outcome::fails("the engine rejects the schema: " + describe(created.error()));
}

}  // namespace sortkey::props
