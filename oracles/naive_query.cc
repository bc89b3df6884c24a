// Reference implementation for tests; never link into the library.
//
// naive_query.h's tables: NaiveTable's writes, reads and key ranges, the
// orders DynamoDB may give a Query or a Scan, and the page it returns.

#include "oracles/naive_query.h"

#include <algorithm>
#include <span>

#include "oracles/naive_decimal.h"

namespace sortkey::oracle {
namespace {

constexpr std::size_t kMegabyte = 1024 * 1024;
constexpr std::size_t kMaxItem = 400 * 1024;

bool key_value_ok(const NValue* v, const NKey& k, std::size_t limit) {
  if (v == nullptr || v->t != k.type) return false;
  if (k.type == NValue::T::N) return true;
  return !v->s.empty() && v->s.size() <= limit;
}

// Every Number text in the value is a DynamoDB Number.
bool numbers_valid(const NValue& v) {
  if (v.t == NValue::T::N) return naive_number_valid(v.s);
  if (v.t == NValue::T::NS) {
    for (const std::string& e : v.set) {
      if (!naive_number_valid(e)) return false;
    }
  }
  for (const NValue& e : v.list) {
    if (!numbers_valid(e)) return false;
  }
  for (const NField& f : v.map) {
    if (!numbers_valid(f.second)) return false;
  }
  return true;
}

bool has_attrs(const NItem& item, const std::vector<NKey>& keys) {
  for (const NKey& k : keys) {
    if (naive_get(item, k.name) == nullptr) return false;
  }
  return true;
}

void set_attr(NItem& item, const std::string& name, const NValue& v) {
  for (auto& [k, e] : item) {
    if (k == name) {
      e = v;
      return;
    }
  }
  item.emplace_back(name, v);
}

void remove_attr(NItem& item, const std::string& name) {
  item.erase(
      std::remove_if(item.begin(), item.end(), [&](const auto& p) { return p.first == name; }),
      item.end());
}

// Naive multiset equality of items: each item of `a` matched to a distinct
// equal item of `b`.
bool same_multiset(std::span<const NItem> a, std::span<const NItem> b) {
  if (a.size() != b.size()) return false;
  std::vector<bool> used(b.size(), false);
  for (const NItem& x : a) {
    bool found = false;
    for (std::size_t j = 0; j < b.size() && !found; ++j) {
      if (!used[j] && naive_items_equal(x, b[j])) found = used[j] = true;
    }
    if (!found) return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> NaiveTable::key_text(const NItem& item) const {
  std::string out;
  auto add = [&](const NKey& k) {
    const NValue* v = naive_get(item, k.name);
    if (v == nullptr) return false;
    const std::string text = v->t == NValue::T::N ? canonical_text(read_number(v->s).value) : v->s;
    // Appended piece by piece: GCC 12 at -O3 warns falsely (-Wrestrict) on
    // " " + std::string, the operator+ that inserts before a temporary.
    out += naive_type_name(v->t);
    out += " ";
    out += std::to_string(text.size());
    out += ":";
    out += text;
    return true;
  };
  if (!add(schema_.pk) || (schema_.sk && !add(*schema_.sk))) return std::nullopt;
  return out;
}

// Two keys are equal (naive_same_values on the key attributes) iff their
// key texts are: the same types, the same bytes, Numbers of the same value.
std::optional<std::size_t> NaiveTable::find(const NItem& key) const {
  const std::optional<std::string> text = key_text(key);
  return text ? find_text(*text) : std::nullopt;
}

std::optional<std::size_t> NaiveTable::find_text(const std::string& text) const {
  for (std::size_t i = 0; i < keys_.size(); ++i) {
    if (keys_[i] == text) return i;
  }
  return std::nullopt;
}

bool NaiveTable::can_put(const NItem& item) const {
  for (const auto& [name, v] : item) {
    if (!numbers_valid(v)) return false;
  }
  if (!key_value_ok(naive_get(item, schema_.pk.name), schema_.pk, 2048)) return false;
  if (schema_.sk && !key_value_ok(naive_get(item, schema_.sk->name), *schema_.sk, 1024))
    return false;
  for (const NIndex& index : schema_.indexes) {
    for (const NKey& k : index.pk) {
      const NValue* v = naive_get(item, k.name);
      if (v != nullptr && !key_value_ok(v, k, 2048)) return false;
    }
    for (const NKey& k : index.sk) {
      const NValue* v = naive_get(item, k.name);
      if (v != nullptr && !key_value_ok(v, k, 1024)) return false;
    }
  }
  return naive_item_size(item) <= kMaxItem;
}

bool NaiveTable::put(const NItem& item) {
  if (!can_put(item)) return false;
  std::string text = *key_text(item);  // can_put: the key attributes are there
  if (auto at = find_text(text)) {
    items_[*at] = item;
  } else {
    items_.push_back(item);
    keys_.push_back(std::move(text));
  }
  return true;
}

bool NaiveTable::can_update(const NItem& key, const NItem& set,
                            const std::vector<std::string>& remove) const {
  const std::optional<NItem> item = updated(key, set, remove);
  return item && can_put(*item);
}

bool NaiveTable::update(const NItem& key, const NItem& set,
                        const std::vector<std::string>& remove) {
  const std::optional<NItem> item = updated(key, set, remove);
  return item && put(*item);
}

std::optional<NItem> NaiveTable::updated(const NItem& key, const NItem& set,
                                         const std::vector<std::string>& remove) const {
  std::vector<std::string> touched;
  for (const auto& [name, v] : set) touched.push_back(name);
  for (const std::string& name : remove) touched.push_back(name);
  for (std::size_t i = 0; i < touched.size(); ++i) {
    if (touched[i] == schema_.pk.name || (schema_.sk && touched[i] == schema_.sk->name))
      return std::nullopt;
    for (std::size_t j = 0; j < i; ++j) {
      if (touched[i] == touched[j]) return std::nullopt;
    }
  }
  NItem item = key;
  if (auto at = find(key)) item = items_[*at];
  for (const auto& [name, v] : set) set_attr(item, name, v);
  for (const std::string& name : remove) remove_attr(item, name);
  return item;
}

void NaiveTable::append_unchecked(std::vector<NItem> items) {
  for (NItem& item : items) {
    keys_.push_back(*key_text(item));
    items_.push_back(std::move(item));
  }
}

std::optional<NItem> NaiveTable::get(const NItem& key) const {
  if (auto at = find(key)) return items_[*at];
  return std::nullopt;
}

void NaiveTable::erase(const NItem& key) {
  if (auto at = find(key)) {
    items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(*at));
    keys_.erase(keys_.begin() + static_cast<std::ptrdiff_t>(*at));
  }
}

std::vector<NKey> NaiveTable::partition_of(const std::string& index) const {
  if (index.empty()) return {schema_.pk};
  for (const NIndex& i : schema_.indexes) {
    if (i.name == index) return i.pk;
  }
  return {};
}

std::vector<NKey> NaiveTable::sort_of(const std::string& index) const {
  if (index.empty()) return schema_.sk ? std::vector<NKey>{*schema_.sk} : std::vector<NKey>{};
  for (const NIndex& i : schema_.indexes) {
    if (i.name == index) return i.sk;
  }
  return {};
}

std::string naive_local_index_refusal(const NSchema& schema) {
  std::size_t locals = 0;
  std::vector<std::string> names;
  for (const NIndex& i : schema.indexes) {
    if (std::find(names.begin(), names.end(), i.name) != names.end())
      return "duplicate index name " + i.name;
    names.push_back(i.name);
    if (!i.local) continue;
    ++locals;
    if (!schema.sk) return "a local index on a table without a sort key";
    if (i.pk.size() != 1 || i.pk[0].name != schema.pk.name || i.pk[0].type != schema.pk.type)
      return "local index " + i.name + " without the table's partition key";
    if (i.sk.size() != 1) return "local index " + i.name + " without one sort key attribute";
    if (i.sk[0].name == schema.pk.name)
      return "local index " + i.name + " sorted by the partition key";
  }
  if (locals > 5) return "more than five local indexes";
  return "";
}

bool naive_fetches(const NSchema& schema, const NIndex& index, bool all_attributes,
                   const std::vector<std::string>& named) {
  if (!index.local || index.projection == NIndex::Projection::kAll) return false;
  if (all_attributes) return true;
  for (const std::string& name : named) {
    bool projected = name == schema.pk.name || (schema.sk && name == schema.sk->name);
    for (const NKey& k : index.sk) projected = projected || k.name == name;
    for (const std::string& i : index.include) projected = projected || i == name;
    if (!projected) return true;
  }
  return false;
}

double naive_fetch_capacity(const std::vector<NItem>& items, bool consistent) {
  double total = 0;
  for (const NItem& item : items) {
    NPage one;
    one.bytes = naive_item_size(item);
    total += one.capacity(consistent);
  }
  return total;
}

const NIndex* NaiveTable::index_named(const std::string& index) const {
  for (const NIndex& i : schema_.indexes) {
    if (i.name == index) return &i;
  }
  return nullptr;
}

NItem NaiveTable::fetch(const NItem& entry) const { return *get(naive_table_key(schema_, entry)); }

std::vector<NKey> naive_table_keys(const NSchema& schema) {
  std::vector<NKey> keys = {schema.pk};
  if (schema.sk) keys.push_back(*schema.sk);
  return keys;
}

NItem naive_table_key(const NSchema& schema, const NItem& item) {
  NItem key;
  for (const NKey& k : naive_table_keys(schema)) {
    if (const NValue* v = naive_get(item, k.name)) key.emplace_back(k.name, *v);
  }
  return key;
}

NItem NaiveTable::key_of(const std::string& index, const NItem& entry) const {
  std::vector<NKey> keys = partition_of(index);
  for (const NKey& k : sort_of(index)) keys.push_back(k);
  for (const NKey& k : naive_table_keys(schema_)) keys.push_back(k);
  NItem out;
  for (const NKey& k : keys) {
    if (naive_get(out, k.name) == nullptr) out.emplace_back(k.name, *naive_get(entry, k.name));
  }
  return out;
}

NItem NaiveTable::project(const NItem& item, const NIndex& index) const {
  if (index.projection == NIndex::Projection::kAll) return item;
  std::vector<std::string> keep = {schema_.pk.name};
  if (schema_.sk) keep.push_back(schema_.sk->name);
  for (const NKey& k : index.pk) keep.push_back(k.name);
  for (const NKey& k : index.sk) keep.push_back(k.name);
  if (index.projection == NIndex::Projection::kInclude)
    keep.insert(keep.end(), index.include.begin(), index.include.end());
  NItem out;
  for (const auto& [name, v] : item) {
    if (std::find(keep.begin(), keep.end(), name) != keep.end()) out.emplace_back(name, v);
  }
  return out;
}

std::vector<NaiveTable::Member> NaiveTable::members(const std::string& index) const {
  std::vector<Member> out;
  if (index.empty()) {
    for (const NItem& item : items_) out.push_back({&item, nullptr});
    return out;
  }
  for (const NIndex& i : schema_.indexes) {
    if (i.name != index) continue;
    for (const NItem& item : items_) {
      if (has_attrs(item, i.pk) && has_attrs(item, i.sk)) out.push_back({&item, &i});
    }
  }
  return out;
}

NItem NaiveTable::entry(const Member& m) const {
  return m.index == nullptr ? *m.item : project(*m.item, *m.index);
}

std::vector<NItem> NaiveTable::entries(const std::string& index) const {
  if (index.empty()) return items_;
  std::vector<NItem> out;
  for (const Member& m : members(index)) out.push_back(entry(m));
  return out;
}

std::size_t NaiveTable::entry_count(const std::string& index) const {
  return members(index).size();
}

std::vector<NItem> NaiveTable::key_range(const std::string& index, const NKeyCond& cond,
                                         bool forward) const {
  const std::vector<NKey> pk = partition_of(index);
  const std::vector<NKey> sk = sort_of(index);
  std::vector<NItem> out;
  for (const Member& m : members(index)) {
    // The index's key attributes are in its projection: the stored item
    // answers for the entry.
    const NItem& e = *m.item;
    bool keep = true;
    for (std::size_t i = 0; i < pk.size() && keep; ++i)
      keep = naive_equal(*naive_get(e, pk[i].name), cond.partition[i]);
    for (std::size_t i = 0; i < cond.sort_eq.size() && keep; ++i)
      keep = naive_equal(*naive_get(e, sk[i].name), cond.sort_eq[i]);
    if (keep && cond.op != NKeyCond::Op::kNone) {
      const NValue& v = *naive_get(e, sk[cond.sort_eq.size()].name);
      switch (cond.op) {
        case NKeyCond::Op::kEq:
          keep = naive_compare_scalar(v, cond.a) == 0;
          break;
        case NKeyCond::Op::kLt:
          keep = naive_compare_scalar(v, cond.a) < 0;
          break;
        case NKeyCond::Op::kLe:
          keep = naive_compare_scalar(v, cond.a) <= 0;
          break;
        case NKeyCond::Op::kGt:
          keep = naive_compare_scalar(v, cond.a) > 0;
          break;
        case NKeyCond::Op::kGe:
          keep = naive_compare_scalar(v, cond.a) >= 0;
          break;
        case NKeyCond::Op::kBetween:
          keep = naive_compare_scalar(v, cond.a) >= 0 && naive_compare_scalar(v, cond.b) <= 0;
          break;
        case NKeyCond::Op::kBeginsWith:
          keep = v.s.size() >= cond.a.s.size() && v.s.compare(0, cond.a.s.size(), cond.a.s) == 0;
          break;
        case NKeyCond::Op::kNone:
          break;
      }
    }
    if (keep) out.push_back(entry(m));
  }
  std::stable_sort(out.begin(), out.end(), [&](const NItem& a, const NItem& b) {
    return naive_compare_sort(sk, a, b) < 0;
  });
  if (!forward) std::reverse(out.begin(), out.end());
  return out;
}

int naive_compare_sort(const std::vector<NKey>& sort, const NItem& a, const NItem& b) {
  for (const NKey& k : sort) {
    const int c = naive_compare_scalar(*naive_get(a, k.name), *naive_get(b, k.name));
    if (c != 0) return c;
  }
  return 0;
}

bool naive_same_values(const std::vector<NKey>& attrs, const NItem& a, const NItem& b) {
  for (const NKey& k : attrs) {
    const NValue* x = naive_get(a, k.name);
    const NValue* y = naive_get(b, k.name);
    if (x == nullptr || y == nullptr || !naive_equal(*x, *y)) return false;
  }
  return true;
}

bool accept_query_order(const std::vector<NItem>& expected, const std::vector<NItem>& engine,
                        const std::vector<NKey>& sort, bool forward, std::string* why) {
  (void)forward;  // `expected` is already in the direction read
  if (expected.size() != engine.size()) {
    *why = "the engine read " + std::to_string(engine.size()) + " items, the oracle expects " +
           std::to_string(expected.size());
    return false;
  }
  std::size_t i = 0;
  while (i < expected.size()) {
    std::size_t j = i + 1;
    while (j < expected.size() && naive_compare_sort(sort, expected[i], expected[j]) == 0) ++j;
    // [i, j) is a tie group: any order of exactly these items is DynamoDB's.
    for (std::size_t k = i; k < j; ++k) {
      if (!naive_same_values(sort, engine[k], expected[i])) {
        *why = "position " + std::to_string(k) + ": the engine has " + naive_show(engine[k]) +
               " where the sort order puts " + naive_show(expected[k]);
        return false;
      }
    }
    const std::span<const NItem> a = std::span(expected).subspan(i, j - i);
    const std::span<const NItem> b = std::span(engine).subspan(i, j - i);
    if (!same_multiset(a, b)) {
      *why = "positions " + std::to_string(i) + ".." + std::to_string(j - 1) +
             ": items with equal sort keys differ from the oracle's, e.g. the engine's " +
             naive_show(b.front());
      return false;
    }
    i = j;
  }
  return true;
}

bool accept_scan_order(const std::vector<NItem>& expected, const std::vector<NItem>& engine,
                       const std::vector<NKey>& partition, const std::vector<NKey>& sort,
                       std::string* why) {
  if (!same_multiset(expected, engine)) {
    *why = "the engine's scan holds " + std::to_string(engine.size()) +
           " items, not the oracle's " + std::to_string(expected.size()) + " (or different ones)";
    return false;
  }
  for (std::size_t i = 1; i < engine.size(); ++i) {
    if (naive_same_values(partition, engine[i - 1], engine[i])) {
      if (naive_compare_sort(sort, engine[i - 1], engine[i]) > 0) {
        *why = "within a partition, " + naive_show(engine[i]) + " comes after " +
               naive_show(engine[i - 1]);
        return false;
      }
      continue;
    }
    for (std::size_t k = 0; k + 1 < i; ++k) {
      if (naive_same_values(partition, engine[k], engine[i])) {
        *why = "the partition of " + naive_show(engine[i]) + " is read in two pieces";
        return false;
      }
    }
  }
  return true;
}

NPage page_at(const std::vector<NItem>& sequence, std::size_t start, std::optional<int> limit,
              const NCond* filter) {
  return page_at(sequence, start, limit, filter, NReading{}, nullptr);
}

NPage page_at(const std::vector<NItem>& sequence, std::size_t start, std::optional<int> limit,
              const NCond* filter, const NReading& reading, const std::vector<NItem>* filter_on) {
  NPage p;
  std::size_t i = start;
  auto at_limit = [&] { return limit && p.scanned >= static_cast<std::size_t>(*limit); };
  while (i < sequence.size() && !at_limit() && p.bytes < kMegabyte) {
    const NItem& item = sequence[i];
    const NItem& read = filter_on != nullptr ? (*filter_on)[i] : item;
    ++i;
    ++p.scanned;
    p.bytes += naive_item_size(item);
    if (filter == nullptr || naive_eval(*filter, read, reading)) p.items.push_back(item);
  }
  p.next = i;
  p.lek_required = i < sequence.size();
  p.lek_allowed = p.lek_required || at_limit() || p.bytes >= kMegabyte;
  return p;
}

double NPage::capacity(bool consistent) const {
  std::size_t units = bytes / 4096 + (bytes % 4096 != 0 ? 1 : 0);
  if (units == 0) units = 1;
  return consistent ? static_cast<double>(units) : static_cast<double>(units) * 0.5;
}

}  // namespace sortkey::oracle
