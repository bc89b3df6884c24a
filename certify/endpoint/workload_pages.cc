// The workload's Query and Scan checks (workload.h): every page held to
// the oracle's, and partitions over 1 MB paged by DynamoDB's page rule.

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <thread>

#include "certify/endpoint/transaction_answer.h"
#include "certify/endpoint/workload.h"
#include "certify/endpoint/workload_internal.h"
#include "oracles/naive_unsettled.h"
#include "properties/props/query_conversions.h"

namespace sortkey::certify::endpoint {

using oracle::NCond;
using oracle::NItem;
using oracle::NKey;
using oracle::NPage;
using oracle::NSchema;
using workload_internal::actual_json;
using workload_internal::items_json;
using workload_internal::recorded_request;

// ---------------------------------------------------------------- requests

namespace {

// What a Query and a Scan share: index, filter, attributes, Limit, Select, consistency.
template <class Request>
nlohmann::json read_params(const std::string& table, const Request& r) {
  nlohmann::json j = {{"TableName", table}};
  if (!r.index_name.empty()) j["IndexName"] = r.index_name;
  if (r.filter) j["FilterExpression"] = *r.filter;
  if (!r.attributes.names.empty()) j["ExpressionAttributeNames"] = r.attributes.names;
  if (!r.attributes.values.empty()) {
    nlohmann::json values = nlohmann::json::object();
    for (const auto& [k, v] : r.attributes.values) values[k] = dynamodb::to_json_value(v);
    j["ExpressionAttributeValues"] = values;
  }
  if (r.limit) j["Limit"] = *r.limit;
  if (r.select != Select::kDefault) j["Select"] = select_name(r.select);
  if (r.projection) j["ProjectionExpression"] = *r.projection;
  if (r.consistent_read) j["ConsistentRead"] = true;
  if (r.exclusive_start_key) {
    nlohmann::json key = nlohmann::json::object();
    for (const auto& [k, v] : *r.exclusive_start_key) key[k] = dynamodb::to_json_value(v);
    j["ExclusiveStartKey"] = key;
  }
  return j;
}

nlohmann::json query_params(const std::string& table, const QueryRequest& r) {
  nlohmann::json j = read_params(table, r);
  j["KeyConditionExpression"] = r.key_condition;
  if (!r.scan_index_forward) j["ScanIndexForward"] = false;
  return j;
}

nlohmann::json scan_params(const std::string& table, const ScanRequest& r) {
  return read_params(table, r);
}

}  // namespace

nlohmann::json query_request_json(const std::string& table, const QueryRequest& r) {
  return query_params(table, r);
}

// ---------------------------------------------------------------- pages

namespace {

std::vector<NKey> sort_of(const NSchema& s, const std::string& index) {
  if (index.empty()) return s.sk ? std::vector<NKey>{*s.sk} : std::vector<NKey>{};
  for (const auto& i : s.indexes) {
    if (i.name == index) return i.sk;
  }
  return {};
}

// What differs between the oracle's page and the endpoint's: (kind, detail), or nullopt.
template <class KeyOf>
std::optional<std::pair<std::string, std::string>> page_difference(
    const std::vector<NItem>& sequence, const NPage& want, const Workload::Answer& got,
    bool count_only, KeyOf key_of) {
  if (got.scanned != static_cast<int>(want.scanned)) {
    return std::pair{
        std::string("scanned_count"),
        fmt::format("ScannedCount {}, but the oracle reads {} items", got.scanned, want.scanned)};
  }
  if (got.count != static_cast<int>(want.items.size())) {
    return std::pair{std::string("count"),
                     fmt::format("Count {}, but {} of the {} items read pass the filter", got.count,
                                 want.items.size(), want.scanned)};
  }
  if (count_only && !got.items.empty()) {
    return std::pair{std::string("items"),
                     fmt::format("Select COUNT returned {} items", got.items.size())};
  }
  if (!count_only) {
    if (got.items.size() != want.items.size()) {
      return std::pair{std::string("items"),
                       fmt::format("{} items for Count {}, the oracle has {}", got.items.size(),
                                   got.count, want.items.size())};
    }
    for (std::size_t i = 0; i < want.items.size(); ++i) {
      if (!oracle::naive_items_equal(got.items[i], want.items[i])) {
        return std::pair{std::string("items"), fmt::format("item {} is {}, the oracle expects {}",
                                                           i, oracle::naive_show(got.items[i]),
                                                           oracle::naive_show(want.items[i]))};
      }
    }
  }
  if (want.lek_required && !got.lek) {
    return std::pair{std::string("lek_missing"),
                     fmt::format("no LastEvaluatedKey, but {} items remain after the {} read",
                                 sequence.size() - want.next, want.scanned)};
  }
  if (got.lek) {
    if (!want.lek_allowed) {
      return std::pair{
          std::string("lek_unexpected"),
          fmt::format("a LastEvaluatedKey {} after reading the whole range without reaching Limit",
                      oracle::naive_show(*got.lek))};
    }
    if (want.next == 0) {
      return std::pair{std::string("lek_unexpected"),
                       std::string("a LastEvaluatedKey on a page that read nothing")};
    }
    const NItem expected = key_of(sequence[want.next - 1]);
    if (!oracle::naive_items_equal(*got.lek, expected)) {
      return std::pair{std::string("lek_value"),
                       fmt::format("LastEvaluatedKey {}, but the last item read has the key {}",
                                   oracle::naive_show(*got.lek), oracle::naive_show(expected))};
    }
  }
  return std::nullopt;
}

template <class KeyOf>
nlohmann::json expected_page(const std::vector<NItem>& sequence, const NPage& want, KeyOf key_of,
                             bool count_only, const char* order, bool forward) {
  nlohmann::json j = {{"Count", want.items.size()},
                      {"ScannedCount", want.scanned},
                      {"order", order},
                      {"forward", forward}};
  if (!count_only) j["Items"] = items_json(want.items);
  if (want.lek_required) {
    j["LastEvaluatedKey"] = naive_to_json(key_of(sequence[want.next - 1]));
  } else if (want.lek_allowed && want.next > 0) {
    j["LastEvaluatedKey"] = "allowed";
  } else {
    j["LastEvaluatedKey"] = "forbidden";
  }
  return j;
}

}  // namespace

// ---------------------------------------------------------------- Query and Scan

void Workload::check_query(const std::string& table, const oracle::NaiveTable& model,
                           const props::QuerySpec& q, const Observe& observe) {
  if (std::optional<Divergence> d = query_divergence(table, model, q)) {
    CheckContext context{table, &model};
    context.query = &q;
    observe(*d, context);
  }
}

void Workload::check_scan(const std::string& table, const oracle::NaiveTable& model,
                          const props::ScanSpec& s, const Observe& observe) {
  if (std::optional<Divergence> d = scan_divergence(table, model, s)) {
    CheckContext context{table, &model};
    context.scan = &s;
    observe(*d, context);
  }
}

// One Query or Scan under check: the words its divergences carry, and the
// reads and page checks the two operations share.
class Workload::Read {
 public:
  using KeyOf = std::function<NItem(const NItem&)>;

  // `key`: a Query's key condition (nullptr for a Scan).
  Read(Workload& w, const oracle::NaiveTable& model, std::string operation, nlohmann::json order,
       std::string index, const oracle::NKeyCond* key = nullptr)
      : w_(w),
        model_(model),
        operation_(std::move(operation)),
        order_(std::move(order)),
        index_(std::move(index)),
        key_(key) {}

  // A divergence of this read: its kind, what differs, and the reproduction.
  Divergence make(std::string kind, std::string detail, const nlohmann::json& params,
                  nlohmann::json expected, const nlohmann::json& actual) const {
    Divergence d;
    d.kind = std::move(kind);
    d.detail = std::move(detail);
    d.reproduction = {{"table", schema_to_json(model_.schema())},
                      {"items", items_json(model_.items())},
                      {"request", recorded_request(operation_, params)},
                      {"expected", std::move(expected)},
                      {"actual", actual}};
    return d;
  }

  // A refused or unreadable answer.
  std::optional<Divergence> bad_answer(const Answer& a, const nlohmann::json& params,
                                       const nlohmann::json& expected) const {
    if (!a.no_answer.empty()) {
      return make(failure_kind(a), fmt::format("a valid {} got {}", operation_, failure_text(a)),
                  params, expected, actual_json(a));
    }
    if (a.error || !a.malformed.empty()) {
      return make(
          a.error ? "rejected" : "malformed",
          fmt::format("a valid {} was {}: {}", operation_, a.error ? "refused" : "answered badly",
                      a.error ? a.error->type + ": " + a.error->message : a.malformed),
          params, expected, actual_json(a.body, a.error));
    }
    return std::nullopt;
  }

  // Notes the first Numbers not in canonical text in `numbers`, a part of
  // the answer `a`. They are reported by numbers() once the read is done,
  // so that an endpoint that keeps the text as written (DynamoDB Local)
  // hides no other divergence of the read behind this one.
  void note_number_text(const Answer& a, const nlohmann::json& numbers,
                        const nlohmann::json& params, const nlohmann::json& expected) {
    if (numbers_) return;
    if (auto bad = non_canonical_numbers(numbers); !bad.empty()) {
      // What DynamoDB answers: each Number in its canonical text.
      numbers_ = make("number_text",
                      fmt::format("Numbers not in DynamoDB's canonical text: {}", bad.front()),
                      params, canonical_numbers(expected), actual_json(a.body, a.error));
    }
  }
  // The first Numbers noted, when nothing else diverged.
  std::optional<Divergence> numbers() const { return numbers_; }

  // Reads `whole` (no filter, no Limit) page by page into `sequence` until
  // `accept` takes it; an index is read again until the index wait is over.
  // `what` names the range in the divergence.
  std::optional<Divergence> read_whole(
      const nlohmann::json& whole, const std::vector<NItem>& expected,
      const std::function<bool(const std::vector<NItem>&, std::string*)>& accept,
      const std::string& what, std::vector<NItem>& sequence) {
    nlohmann::json want = order_;
    want["Items"] = items_json(expected);
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(w_.options_.index_wait_ms);
    for (;;) {
      Answer first;
      if (auto d = read_pages(whole, expected.size(), want, first, sequence)) return d;
      std::string why;
      if (accept(sequence, &why)) return std::nullopt;
      if (index_.empty() || std::chrono::steady_clock::now() > deadline) {
        want["Count"] = expected.size();
        want["LastEvaluatedKey"] = "forbidden";
        return make(same_answer_items(expected, sequence) ? "order" : "items",
                    fmt::format("{}: {}", what, why), whole, want,
                    actual_json(first.body, first.error));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }

  // Pages through `params` from position `pos` of `sequence`, each page held
  // to the oracle's; with `numbers`, each page's Numbers must be canonical.
  std::optional<Divergence> page_through(nlohmann::json params, const std::vector<NItem>& sequence,
                                         std::size_t pos, std::optional<int> limit,
                                         const NCond* filter, bool count_only, bool numbers) {
    for (std::size_t n = 0;; ++n) {
      if (n > sequence.size() + 2) {
        return make("lek_value", "the LastEvaluatedKey does not move on", params,
                    nlohmann::json::object(), nlohmann::json::object());
      }
      Answer a;
      if (auto d = check_page(params, sequence, pos, limit, filter, count_only, numbers, &a)) {
        return d;
      }
      if (!a.lek) return std::nullopt;
      pos = oracle::page_at(sequence, pos, limit, filter).next;
      params["ExclusiveStartKey"] = a.lek_raw;
    }
  }

  // One page read at `params`, which must be the oracle's page at `pos`.
  std::optional<Divergence> check_page(const nlohmann::json& params,
                                       const std::vector<NItem>& sequence, std::size_t pos,
                                       std::optional<int> limit, const NCond* filter,
                                       bool count_only, bool numbers, Answer* out) {
    Answer a = w_.send(operation_, params);
    const NPage want = oracle::page_at(sequence, pos, limit, filter);
    const KeyOf key_of = [this](const NItem& entry) { return model_.key_of(index_, entry); };
    const nlohmann::json exp =
        expected_page(sequence, want, key_of, count_only,
                      order_.at("order").get<std::string>().c_str(), order_.value("forward", true));
    if (auto d = bad_answer(a, params, exp)) {
      d->unsettled = refused_unsettled(a, params, filter);
      return d;
    }
    if (auto diff = page_difference(sequence, want, a, count_only, key_of)) {
      Divergence d = make(diff->first, diff->second, params, exp, actual_json(a.body, a.error));
      d.unsettled = page_unsettled(sequence, pos, limit, filter, count_only, a);
      return d;
    }
    if (numbers) note_number_text(a, a.body, params, exp);
    *out = std::move(a);
    return std::nullopt;
  }

 private:
  // One pass over `whole`; a key that never moves on must not loop (without
  // Limit, small data fits one page).
  std::optional<Divergence> read_pages(const nlohmann::json& whole, std::size_t expected_size,
                                       const nlohmann::json& want, Answer& first,
                                       std::vector<NItem>& sequence) {
    sequence.clear();
    nlohmann::json params = whole;
    for (std::size_t n = 0;; ++n) {
      if (n > expected_size + 2) {
        return make("lek_value",
                    fmt::format("{} pages for {} items: the LastEvaluatedKey does not move on", n,
                                expected_size),
                    whole, want, actual_json(first.body, first.error));
      }
      Answer a = w_.send(operation_, params);
      if (n == 0) first = a;
      const nlohmann::json items = a.body.value("Items", nlohmann::json::array());
      if (auto d = bad_answer(a, params, want)) return d;
      note_number_text(a, items, params, want);
      sequence.insert(sequence.end(), a.items.begin(), a.items.end());
      if (!a.lek) return std::nullopt;
      params["ExclusiveStartKey"] = a.lek_raw;
    }
  }

  // The unsettled rules (oracles/naive_unsettled.h) whose other reading
  // refuses the request as the endpoint did: a ValidationException whose
  // message holds the fragment the sources quote, for a filter naming an
  // attribute the index does not project or a start key at an inclusive
  // bound.
  std::vector<std::string> refused_unsettled(const Answer& a, const nlohmann::json& params,
                                             const NCond* filter) const {
    std::vector<std::string> out;
    if (!a.error || !a.no_answer.empty() || a.error->type != "ValidationException") return out;
    const auto says = [&](oracle::NUnsettled rule) {
      return a.error->message.find(oracle::naive_unsettled_rule(rule).refusal) != std::string::npos;
    };
    const auto rule = oracle::NUnsettled::kFilterOnUnprojectedAttribute;
    if (filter != nullptr && says(rule) &&
        !oracle::naive_unprojected_names(model_.schema(), index_, *filter).empty()) {
      out.push_back(oracle::naive_unsettled_rule(rule).id);
    }
    const auto start = oracle::NUnsettled::kStartKeyAtInclusiveBound;
    if (key_ != nullptr && params.contains("ExclusiveStartKey") && says(start)) {
      auto esk = dynamodb::item_from_json(params["ExclusiveStartKey"]);
      if (esk && oracle::naive_start_key_at_inclusive_bound(*key_, model_.sort_of(index_),
                                                            props::to_naive(*esk))) {
        out.push_back(oracle::naive_unsettled_rule(start).id);
      }
    }
    return out;
  }

  // The unsettled rules by whose other reading the page read at `pos` is
  // the endpoint's answer `a`: the first of naive_other_readings whose page
  // has no difference from it.
  std::vector<std::string> page_unsettled(const std::vector<NItem>& sequence, std::size_t pos,
                                          std::optional<int> limit, const NCond* filter,
                                          bool count_only, const Answer& a) const {
    if (filter == nullptr) return {};
    const bool unprojected =
        !oracle::naive_unprojected_names(model_.schema(), index_, *filter).empty();
    std::vector<NItem> table_items;
    if (unprojected) {
      for (const NItem& entry : sequence) {
        const auto item = model_.get(oracle::naive_table_key(model_.schema(), entry));
        table_items.push_back(item ? *item : entry);
      }
    }
    const KeyOf key_of = [this](const NItem& entry) { return model_.key_of(index_, entry); };
    for (const oracle::NReading& r : oracle::naive_other_readings(*filter, unprojected)) {
      const NPage alt = oracle::page_at(sequence, pos, limit, filter, r,
                                        r.filter_reads_table_item ? &table_items : nullptr);
      if (page_difference(sequence, alt, a, count_only, key_of)) continue;
      std::vector<std::string> out;
      for (oracle::NUnsettled u : oracle::naive_departures(r))
        out.push_back(oracle::naive_unsettled_rule(u).id);
      return out;
    }
    return {};
  }

  Workload& w_;
  const oracle::NaiveTable& model_;
  std::string operation_;
  nlohmann::json order_;
  std::string index_;
  const oracle::NKeyCond* key_;
  std::optional<Divergence> numbers_;
};

std::optional<Divergence> Workload::query_divergence(const std::string& table,
                                                     const oracle::NaiveTable& model,
                                                     const props::QuerySpec& q) {
  const NSchema& schema = model.schema();
  const std::vector<NKey> sort = sort_of(schema, q.index);
  Read read(*this, model, "Query", {{"order", "query"}, {"forward", q.forward}}, q.index, &q.key);

  // 1. The whole range, in an order DynamoDB may give; bounded re-reads on an index.
  props::QuerySpec plain = q;
  plain.filter.reset();
  plain.limit.reset();
  plain.count_only = false;
  const nlohmann::json whole = query_params(table, props::render_query(schema, plain));
  std::vector<NItem> expected = model.key_range(q.index, q.key, q.forward);
  // A local index read for more than it projects returns the table's items
  // (AWS API reference "Query", Select).
  const oracle::NIndex* index = model.index_named(q.index);
  if (index != nullptr && oracle::naive_fetches(schema, *index, q.all_attributes, {})) {
    for (NItem& entry : expected) entry = model.fetch(entry);
  }
  std::vector<NItem> sequence;
  const auto accept = [&](const std::vector<NItem>& got, std::string* why) {
    return oracle::accept_query_order(expected, got, sort, q.forward, why);
  };
  if (auto d = read.read_whole(whole, expected, accept,
                               "the whole key range, read without filter or Limit", sequence)) {
    return d;
  }

  // 2. The request paged from the start; 3. resumed from an item's key.
  const NCond* filter = q.filter ? &*q.filter : nullptr;
  const nlohmann::json base = query_params(table, props::render_query(schema, q));
  if (auto d = read.page_through(base, sequence, 0, q.limit, filter, q.count_only, true)) return d;
  const bool resumable = !q.index.empty() || schema.sk.has_value();
  if (!sequence.empty() && resumable) {
    const std::size_t k = q.resume_at % sequence.size();
    nlohmann::json resume = base;
    resume["ExclusiveStartKey"] = naive_to_json(model.key_of(q.index, sequence[k]));
    Answer a;
    if (auto d =
            read.check_page(resume, sequence, k + 1, q.limit, filter, q.count_only, true, &a)) {
      return d;
    }
  }
  return read.numbers();
}

std::optional<Divergence> Workload::scan_divergence(const std::string& table,
                                                    const oracle::NaiveTable& model,
                                                    const props::ScanSpec& s) {
  Read read(*this, model, "Scan", {{"order", "scan"}}, s.index);
  ScanRequest plain;
  plain.index_name = s.index;
  plain.consistent_read = s.consistent;
  const std::vector<NItem> expected = model.entries(s.index);
  std::vector<NItem> sequence;
  const auto accept = [&](const std::vector<NItem>& got, std::string* why) {
    return oracle::accept_scan_order(expected, got, model.partition_of(s.index),
                                     model.sort_of(s.index), why);
  };
  if (auto d = read.read_whole(scan_params(table, plain), expected, accept,
                               "the whole table or index, scanned without filter", sequence)) {
    return d;
  }
  const NCond* filter = s.filter ? &*s.filter : nullptr;
  if (auto d = read.page_through(scan_params(table, props::render_scan(s)), sequence, 0, s.limit,
                                 filter, s.count_only, false)) {
    return d;
  }
  return read.numbers();
}

// ---------------------------------------------------------------- partitions over 1 MB

namespace {

// The oracle's sizes of sequence[from, to).
std::size_t bytes_of(const std::vector<NItem>& sequence, std::size_t from, std::size_t to) {
  std::size_t n = 0;
  for (std::size_t i = from; i < to; ++i) n += oracle::naive_item_size(sequence[i]);
  return n;
}

// Whether a page of `k` items read from `pos` breaks the 1 MB rule: "" or why.
std::string page_cut_error(const std::vector<NItem>& sequence, std::size_t pos, std::size_t k,
                           std::optional<int> limit, bool lek) {
  constexpr double kMargin = 0.01;  // DynamoDB does not document its byte accounting
  const double mb = static_cast<double>(kMaxPageBytes);
  const std::size_t read = bytes_of(sequence, pos, pos + k);
  const std::size_t before_last = k == 0 ? 0 : bytes_of(sequence, pos, pos + k - 1);
  if (static_cast<double>(before_last) >= mb * (1 + kMargin)) {
    return fmt::format("the page read {} items ({} bytes): it went on past 1 MB", k, read);
  }
  const bool at_limit = limit && static_cast<int>(k) >= *limit;
  if (lek && !at_limit && pos + k < sequence.size() &&
      static_cast<double>(read) < mb * (1 - kMargin)) {
    return fmt::format(
        "the page stopped after {} items ({} bytes), before 1 MB, before Limit and before the end",
        k, read);
  }
  return "";
}

}  // namespace

std::optional<Divergence> Workload::large_query_divergence(const std::string& table,
                                                           const oracle::NaiveTable& model,
                                                           const props::QuerySpec& q) {
  Read read(*this, model, "Query", {{"order", "query"}, {"forward", q.forward}}, q.index);
  const std::vector<NItem> sequence = model.key_range(q.index, q.key, q.forward);
  nlohmann::json params = query_params(table, props::render_query(model.schema(), q));
  const auto key_of = [&](const NItem& e) { return model.key_of(q.index, e); };
  for (std::size_t pos = 0, n = 0;; ++n) {
    const NPage exact = oracle::page_at(sequence, pos, q.limit, nullptr);
    nlohmann::json want = expected_page(sequence, exact, key_of, false, "query", q.forward);
    want["cut"] = "about 1 MB";
    if (n > sequence.size() + 2) {
      return read.make("lek_value", "the LastEvaluatedKey does not move on", params, want,
                       nlohmann::json::object());
    }
    const Answer a = send("Query", params);
    if (auto d = read.bad_answer(a, params, want)) return d;
    const std::size_t k = a.items.size();
    std::string kind, why;
    if (a.count != static_cast<int>(k) || a.scanned != static_cast<int>(k)) {
      kind = "count";
      why = fmt::format("Count {} and ScannedCount {} for {} items read without a filter", a.count,
                        a.scanned, k);
    } else if (pos + k > sequence.size() || (q.limit && static_cast<int>(k) > *q.limit) ||
               (k == 0 && pos < sequence.size())) {
      kind = "items";
      why = fmt::format("{} items in a page from item {} of {}", k, pos, sequence.size());
    }
    for (std::size_t i = 0; kind.empty() && i < k; ++i) {
      if (!oracle::naive_items_equal(a.items[i], sequence[pos + i])) {
        kind = "items";
        why = fmt::format("item {} of the page is not item {} of the range", i, pos + i);
      }
    }
    if (kind.empty() && !a.lek && pos + k < sequence.size()) {
      kind = "lek_missing";
      why = fmt::format("no LastEvaluatedKey, but {} items remain", sequence.size() - pos - k);
    }
    if (kind.empty() && a.lek &&
        (k == 0 || !oracle::naive_items_equal(*a.lek, key_of(sequence[pos + k - 1])))) {
      kind = "lek_value";
      why = "the LastEvaluatedKey is not the key of the page's last item";
    }
    if (kind.empty()) {
      why = page_cut_error(sequence, pos, k, q.limit, a.lek.has_value());
      if (!why.empty()) kind = "lek_cut";
    }
    if (!kind.empty()) return read.make(kind, why, params, want, actual_json(a.body, a.error));
    read.note_number_text(a, a.body, params, want);
    if (!a.lek) return read.numbers();
    pos += k;
    params["ExclusiveStartKey"] = a.lek_raw;
  }
}

void Workload::check_large_query(const std::string& table, const oracle::NaiveTable& model,
                                 const props::QuerySpec& q, const Observe& observe) {
  if (std::optional<Divergence> d = large_query_divergence(table, model, q)) {
    CheckContext context{table, &model};
    context.query = &q;
    context.large = true;
    observe(*d, context);
  }
}

}  // namespace sortkey::certify::endpoint
