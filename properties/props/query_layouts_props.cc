#include "properties/props/query_layouts_props.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "properties/props/query_conversions.h"
#include "properties/props/query_internal.h"
#include "properties/props/query_page_props.h"
#include "properties/props/query_spec.h"
#include "sortkey/composite.h"
#include "sortkey/expression_builder.h"
#include "sortkey/layout.h"
#include "sortkey/unique.h"

namespace sortkey::props {

using oracle::NItem;
using oracle::NKey;
using oracle::NSchema;
using T = oracle::NValue::T;
using query_internal::read_all;
using query_internal::show_request;
using query_internal::str;

namespace {

// Builds and runs a RangeRead from layout.h through the expression builder.
Result<Page> run_range(const Table& table, const std::string& pk, const RangeRead& read) {
  KeyQuery q;
  q.partition = {{"PK", AttributeValue::S(pk)}};
  q.sort_attribute = "SK";
  q.sort = read.op == "<=" ? SortCondition::le(AttributeValue::S(read.value))
                           : SortCondition::ge(AttributeValue::S(read.value));
  q.scan_index_forward = read.direction == Direction::kForward;
  if (read.limit > 0) q.limit = read.limit;
  auto built = build_key_condition(q);
  if (!built) return built.error();
  return table.query(to_query_request(*built));
}

std::vector<std::string> sks(const std::vector<StoredItem>& items) {
  std::vector<std::string> out;
  for (const StoredItem& i : items) out.push_back(i.at("SK").as_string());
  return out;
}

std::string show_list(const std::vector<std::string>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + v[i];
  return out + "]";
}

TableSchema pk_sk_schema() {
  TableSchema s;
  s.partition_key = {"PK", AttributeType::kS};
  s.sort_key = KeyAttribute{"SK", AttributeType::kS};
  return s;
}

std::string iso_minutes(int minutes) {
  return fmt::format("2026-06-{:02}T{:02}:{:02}:00Z", 1 + minutes / 1440, minutes / 60 % 24,
                     minutes % 60);
}

}  // namespace

Outcome ticket_tracker(const std::vector<std::pair<int, int>>& updates, int tickets) {
  NSchema s;
  s.pk = {"OrgId", T::S};
  s.sk = NKey{"TicketId", T::S};
  s.indexes.push_back({"ByUpdatedAt", {{"OrgId", T::S}}, {{"UpdatedAt", T::S}}, {}, {}});
  oracle::NaiveTable model(s);
  auto table = Table::create(to_engine(s));
  int clock = 0;
  std::vector<int> last(static_cast<std::size_t>(tickets));
  for (int i = 0; i < tickets; ++i) {
    const NItem item = {{"OrgId", str("ORG#1")},
                        {"TicketId", str(fmt::format("TICKET#{:03}", i))},
                        {"UpdatedAt", str(iso_minutes(++clock))}};
    model.put(item);
    if (!table->put(to_engine(item))) return Outcome::fails("a ticket was rejected");
    last[static_cast<std::size_t>(i)] = clock;
  }
  int latest = tickets - 1;
  for (const auto& [ticket, step] : updates) {
    const int t = ticket % tickets;
    clock += 1 + step % 30;
    const NItem key = {{"OrgId", str("ORG#1")}, {"TicketId", str(fmt::format("TICKET#{:03}", t))}};
    const NItem set = {{"UpdatedAt", str(iso_minutes(clock))}};
    model.update(key, set, {});
    auto ok = table->update(to_engine(key),
                            ItemUpdate{{{"UpdatedAt", AttributeValue::S(iso_minutes(clock))}}, {}});
    if (!ok) return Outcome::fails("an update was rejected: " + describe(ok.error()));
    last[static_cast<std::size_t>(t)] = clock;
    latest = t;
  }
  if (table->item_count() != static_cast<std::size_t>(tickets)) {
    return Outcome::fails(
        fmt::format("{} tickets, but the table holds {} items: an update rewrote a key", tickets,
                    table->item_count()));
  }
  QuerySpec q;
  q.index = "ByUpdatedAt";
  q.key.partition = {str("ORG#1")};
  q.forward = false;
  q.limit = 3;
  if (auto o = check_query(model, *table, q); !o.ok()) return o;
  QueryRequest first = render_query(s, q);
  auto page = table->query(first);
  if (!page || page->items.empty()) return Outcome::fails("the recency Query returned nothing");
  const std::string want = fmt::format("TICKET#{:03}", latest);
  if (page->items.front().at("TicketId").as_string() != want) {
    return Outcome::fails(fmt::format("most recently updated first: expected {}, got {}", want,
                                      page->items.front().at("TicketId").as_string()));
  }
  return Outcome::holds();
}

Outcome iot_latest_readings(const std::vector<unsigned>& readings,
                            const std::vector<unsigned>& neighbour) {
  for (ReadingOrder order : {ReadingOrder::kNewestLast, ReadingOrder::kNewestFirst}) {
    auto table = Table::create(pk_sk_schema());
    auto put = [&](const std::string& pk, const std::string& sk) {
      Item item;
      item["PK"] = AttributeValue::S(pk);
      item["SK"] = AttributeValue::S(sk);
      return table->put(std::move(item)).has_value();
    };
    std::set<unsigned> mine(readings.begin(), readings.end());
    if (!put("DEVICE#D1", *device_key("D1"))) return Outcome::fails("the device was rejected");
    for (unsigned r : mine) {
      if (!put("DEVICE#D1", *reading_key(order, r, 5)))
        return Outcome::fails("a reading was rejected");
    }
    put("DEVICE#D2", *device_key("D2"));
    for (unsigned r : neighbour) put("DEVICE#D2", *reading_key(order, r, 5));
    auto range = device_with_latest_readings(order, "D1", 10);
    if (!range) return Outcome::fails(describe(range.error()));
    auto page = run_range(*table, "DEVICE#D1", *range);
    if (!page) return Outcome::fails(describe(page.error()));
    std::vector<std::string> want = {*device_key("D1")};
    for (auto it = mine.rbegin(); it != mine.rend() && want.size() < 11; ++it)
      want.push_back(*reading_key(order, *it, 5));
    const std::vector<std::string> got = sks(page->items);
    if (got != want) {
      return Outcome::fails(fmt::format(
          "{} layout: the Query {} {} {} returned {}, expected the device and its 10 "
          "newest readings {}",
          order == ReadingOrder::kNewestLast ? "#READING# backward" : "READING#<inverse> forward",
          range->op, range->value, range->direction == Direction::kForward ? "forward" : "backward",
          show_list(got), show_list(want)));
    }
  }
  return Outcome::holds();
}

Outcome saas_org_collection(const std::vector<std::string>& teams,
                            const std::vector<std::string>& users) {
  auto layout = make_layout("ORG", "TEAM", "USER");
  if (!layout) return Outcome::fails(describe(layout.error()));
  auto table = Table::create(pk_sk_schema());
  const std::string pk = "ORG#MCDONALDS";
  auto put = [&](const std::string& sk) {
    Item item;
    item["PK"] = AttributeValue::S(pk);
    item["SK"] = AttributeValue::S(sk);
    return table->put(std::move(item)).has_value();
  };
  const std::set<std::string> team_set(teams.begin(), teams.end());
  const std::set<std::string> user_set(users.begin(), users.end());
  if (!put(*layout->parent_key("MCDONALDS"))) return Outcome::fails("the org was rejected");
  for (const std::string& t : team_set) put(*layout->before_key(t));
  for (const std::string& u : user_set) put(*layout->after_key(u));
  auto before = run_range(*table, pk, *layout->parent_and_before("MCDONALDS"));
  auto after = run_range(*table, pk, *layout->parent_and_after("MCDONALDS"));
  if (!before || !after) return Outcome::fails("a layout Query was rejected");
  std::vector<std::string> want_before = {*layout->parent_key("MCDONALDS")};
  for (auto it = team_set.rbegin(); it != team_set.rend(); ++it)
    want_before.push_back(*layout->before_key(*it));
  std::vector<std::string> want_after = {*layout->parent_key("MCDONALDS")};
  for (const std::string& u : user_set) want_after.push_back(*layout->after_key(u));
  if (sks(before->items) != want_before) {
    return Outcome::fails(fmt::format("SK <= org, backward: {}, expected the org then its teams {}",
                                      show_list(sks(before->items)), show_list(want_before)));
  }
  if (sks(after->items) != want_after) {
    return Outcome::fails(fmt::format("SK >= org, forward: {}, expected the org then its users {}",
                                      show_list(sks(after->items)), show_list(want_after)));
  }
  return Outcome::holds();
}

std::ostream& operator<<(std::ostream& os, const Event& e) {
  return os << fmt::format("2026-06-{:02}T{:02}:{:02}:{:02}Z", 1 + e.day, e.hour, e.minute,
                           e.second);
}

Outcome audit_log(const std::vector<Event>& events, const Event& from, const Event& to, int limit) {
  auto iso = [](const Event& e) { return fmt::format("{}", fmt::streamed(e)); };
  auto table = Table::create(pk_sk_schema());
  const std::string pk = "ACTOR#u_8814";
  std::map<std::string, int> per_instant;
  std::vector<std::string> keys;  // the events' sort keys, in the naive order of (time, sequence)
  for (const Event& e : events) {
    const std::string at = iso(e);
    const int seq = per_instant[at]++;
    auto key = encode_composite({"EVT", at, fmt::format("{:03}", seq)});
    if (!key) return Outcome::fails(describe(key.error()));
    Item item;
    item["PK"] = AttributeValue::S(pk);
    item["SK"] = AttributeValue::S(*key);
    item["at"] = AttributeValue::S(at);
    item["seq"] = *AttributeValue::N(std::to_string(seq));
    if (!table->put(std::move(item))) return Outcome::fails("an event was rejected");
    keys.push_back(*key);
  }
  // Naively: sort by (time, sequence), the tuple the key encodes.
  std::vector<std::pair<std::string, int>> naive;
  for (const auto& [at, n] : per_instant) {
    for (int s = 0; s < n; ++s) naive.emplace_back(at, s);
  }
  std::sort(naive.begin(), naive.end());
  auto key_of = [](const std::pair<std::string, int>& p) {
    return *encode_composite({"EVT", p.first, fmt::format("{:03}", p.second)});
  };
  // Newest first.
  KeyQuery newest;
  newest.partition = {{"PK", AttributeValue::S(pk)}};
  newest.scan_index_forward = false;
  newest.limit = limit;
  auto built = build_key_condition(newest);
  auto page = table->query(to_query_request(*built));
  if (!page) return Outcome::fails(describe(page.error()));
  std::vector<std::string> want;
  for (auto it = naive.rbegin(); it != naive.rend() && static_cast<int>(want.size()) < limit; ++it)
    want.push_back(key_of(*it));
  if (sks(page->items) != want) {
    return Outcome::fails(
        fmt::format("newest first: {}, expected {}", show_list(sks(page->items)), show_list(want)));
  }
  // The window between two instants, bounds from the composite codec.
  std::string lo = iso(from), hi = iso(to);
  if (hi < lo) std::swap(lo, hi);
  auto bounds = window_bounds({"EVT"}, lo, hi);
  if (!bounds) return Outcome::fails(describe(bounds.error()));
  KeyQuery window;
  window.partition = {{"PK", AttributeValue::S(pk)}};
  window.sort_attribute = "SK";
  window.sort =
      SortCondition::between(AttributeValue::S(bounds->low), AttributeValue::S(bounds->high));
  built = build_key_condition(window);
  if (!built) return Outcome::fails(describe(built.error()));
  QueryRequest r = to_query_request(*built);
  auto all = read_all(r, [&table](const QueryRequest& q) { return table->query(q); });
  if (!all) return Outcome::fails(describe(all.error()));
  want.clear();
  for (const auto& p : naive) {
    if (lo <= p.first && p.first <= hi) want.push_back(key_of(p));
  }
  if (sks(*all) != want) {
    return Outcome::fails(fmt::format("{}: {}, expected every event from {} to {}: {}",
                                      show_request(r), show_list(sks(*all)), lo, hi,
                                      show_list(want)));
  }
  return Outcome::holds();
}

Outcome version_history(int versions, int width) {
  auto table = Table::create(pk_sk_schema());
  for (int v = 1; v <= versions; ++v) {
    for (int copy = 0; copy < 2; ++copy) {
      // Each new version is written as itself and as the copy at v0.
      Item item;
      item["PK"] = AttributeValue::S("DOC#1");
      item["SK"] =
          AttributeValue::S(*version_key(copy == 0 ? static_cast<unsigned>(v) : 0u, width));
      item["body"] = AttributeValue::S(fmt::format("version {}", v));
      if (!table->put(std::move(item))) return Outcome::fails("a version was rejected");
    }
  }
  KeyQuery q;
  q.partition = {{"PK", AttributeValue::S("DOC#1")}};
  q.limit = 1;
  auto built = build_key_condition(q);
  auto page = table->query(to_query_request(*built));
  if (!page)
    return Outcome::fails("the latest-version Query was rejected: " + describe(page.error()));
  if (page->items.size() != 1) {
    return Outcome::fails(
        fmt::format("the latest-version Query (forward, Limit 1) returned {} items: {}",
                    page->items.size(), show_list(sks(page->items))));
  }
  const std::string latest = fmt::format("version {}", versions);
  if (page->items[0].at("body").as_string() != latest ||
      page->items[0].at("SK").as_string() != *version_key(0, width)) {
    return Outcome::fails(fmt::format("Limit 1 forward returned {} ({}), expected v0 holding {}",
                                      page->items[0].at("SK").as_string(),
                                      page->items[0].at("body").as_string(), latest));
  }
  q.limit.reset();
  q.sort_attribute = "SK";
  q.sort = SortCondition::begins_with(AttributeValue::S("v"));
  built = build_key_condition(q);
  auto all = table->query(to_query_request(*built));
  std::vector<std::string> want;
  for (int v = 0; v <= versions; ++v) want.push_back(*version_key(static_cast<unsigned>(v), width));
  if (!all || sks(all->items) != want) {
    return Outcome::fails(fmt::format("all versions: {}, expected {}",
                                      all ? show_list(sks(all->items)) : "error", show_list(want)));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
