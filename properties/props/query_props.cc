#include "props/query_props.h"

#include <fmt/format.h>

#include <fmt/ostream.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "sortkey/composite.h"
#include "sortkey/expression_builder.h"
#include "sortkey/layout.h"
#include "sortkey/unique.h"

namespace sortkey::props {

using oracle::NCond;
using oracle::NItem;
using oracle::NKey;
using oracle::NKeyCond;
using oracle::NOperand;
using oracle::NPage;
using oracle::NSchema;
using oracle::NValue;
using T = NValue::T;

// ---------------------------------------------------------------- conversions

AttributeValue to_engine(const NValue& v) {
  switch (v.t) {
    case T::S: return AttributeValue::S(v.s);
    case T::N: return *AttributeValue::N(std::string_view(v.s));
    case T::B: return AttributeValue::B(v.s);
    case T::BOOL: return AttributeValue::Bool(v.b);
    case T::NUL: return AttributeValue::Null();
    case T::L: {
      AttributeValue::List list;
      for (const NValue& e : v.list) list.push_back(to_engine(e));
      return AttributeValue::L(std::move(list));
    }
    case T::M: {
      AttributeValue::Map map;
      for (const auto& [k, e] : v.map) map.emplace(k, to_engine(e));
      return AttributeValue::M(std::move(map));
    }
    case T::SS: return *AttributeValue::SS(v.set);
    case T::BS: return *AttributeValue::BS(v.set);
    case T::NS: {
      std::vector<Number> numbers;
      for (const std::string& s : v.set) numbers.push_back(*parse_number(s));
      return *AttributeValue::NS(std::move(numbers));
    }
  }
  return {};
}

Item to_engine(const NItem& item) {
  Item out;
  for (const auto& [k, v] : item) out.insert_or_assign(k, to_engine(v));
  return out;
}

namespace {

AttributeType engine_type(T t) {
  return t == T::S ? AttributeType::kS : (t == T::N ? AttributeType::kN : AttributeType::kB);
}

std::vector<KeyAttribute> engine_keys(const std::vector<NKey>& keys) {
  std::vector<KeyAttribute> out;
  for (const NKey& k : keys) out.push_back({k.name, engine_type(k.type)});
  return out;
}

}  // namespace

TableSchema to_engine(const NSchema& s) {
  TableSchema out;
  out.partition_key = {s.pk.name, engine_type(s.pk.type)};
  if (s.sk) out.sort_key = KeyAttribute{s.sk->name, engine_type(s.sk->type)};
  for (const oracle::NIndex& i : s.indexes) {
    IndexSchema index;
    index.name = i.name;
    index.partition_key = engine_keys(i.pk);
    index.sort_key = engine_keys(i.sk);
    index.projection.type = i.projection == oracle::NIndex::Projection::kAll
                                ? ProjectionType::kAll
                                : (i.projection == oracle::NIndex::Projection::kKeysOnly ? ProjectionType::kKeysOnly
                                                                                        : ProjectionType::kInclude);
    if (index.projection.type == ProjectionType::kInclude) index.projection.non_key_attributes = i.include;
    out.indexes.push_back(std::move(index));
  }
  return out;
}

NValue to_naive(const AttributeValue& v) {
  NValue out;
  switch (v.type()) {
    case AttributeType::kS: out.t = T::S; out.s = v.as_string(); break;
    case AttributeType::kB: out.t = T::B; out.s = v.as_string(); break;
    case AttributeType::kN: out.t = T::N; out.s = to_string(v.as_number()); break;
    case AttributeType::kBool: out.t = T::BOOL; out.b = v.as_bool(); break;
    case AttributeType::kNull: out.t = T::NUL; break;
    case AttributeType::kL:
      out.t = T::L;
      for (const AttributeValue& e : v.as_list()) out.list.push_back(to_naive(e));
      break;
    case AttributeType::kM:
      out.t = T::M;
      for (const auto& [k, e] : v.as_map()) out.map.emplace_back(k, to_naive(e));
      break;
    case AttributeType::kSS: out.t = T::SS; out.set = v.as_strings(); break;
    case AttributeType::kBS: out.t = T::BS; out.set = v.as_strings(); break;
    case AttributeType::kNS:
      out.t = T::NS;
      for (const Number& n : v.as_numbers()) out.set.push_back(to_string(n));
      break;
  }
  return out;
}

NItem to_naive(const Item& item) {
  NItem out;
  for (const auto& [k, v] : item) out.emplace_back(k, to_naive(v));
  return out;
}

namespace {

std::vector<NItem> to_naive_all(const std::vector<Item>& items) {
  std::vector<NItem> out;
  for (const Item& i : items) out.push_back(to_naive(i));
  return out;
}

// ---------------------------------------------------------------- rendering

// The rendering choices, drawn from the spec's style seed (xorshift64*).
class Style {
 public:
  explicit Style(std::uint64_t seed) : x_(seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL) {}
  std::uint64_t next() {
    x_ ^= x_ >> 12;
    x_ ^= x_ << 25;
    x_ ^= x_ >> 27;
    return x_ * 0x2545F4914F6CDD1DULL;
  }
  bool chance(int percent) { return static_cast<int>(next() % 100) < percent; }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
  // Keywords are case-insensitive: AND, and, And, aND.
  std::string kw(std::string_view word) {
    std::string out(word);
    const int mode = static_cast<int>(below(4));
    for (std::size_t i = 0; i < out.size(); ++i) {
      const bool lower = mode == 1 || (mode == 2 && i > 0) || (mode == 3 && i % 2 == 1);
      if (lower && out[i] >= 'A' && out[i] <= 'Z') out[i] = static_cast<char>(out[i] - 'A' + 'a');
    }
    return out;
  }
  std::string sp() { return chance(80) ? " " : (chance(50) ? "  " : "\t"); }

 private:
  std::uint64_t x_;
};

// Names a property may write bare: identifiers that are not reserved words.
bool bare_ok(const std::string& name) {
  static const std::set<std::string> safe = {"pk", "sk", "g1", "g2", "x", "y", "doc", "tags", "a", "b",
                                             "PK", "SK", "GSI1SK", "OrgId", "TicketId", "UpdatedAt",
                                             "CustomerId", "OrderId", "OrderStatusDate", "CustomerIndexId"};
  return safe.contains(name);
}

class Renderer {
 public:
  Renderer(Style& style, ExpressionAttributes& attrs) : st_(style), attrs_(attrs) {
    // Continue the numbering of placeholders already in `attrs`.
    next_name_ = attrs.names.size();
    next_value_ = attrs.values.size();
  }

  std::string name(const std::string& attr) {
    if (bare_ok(attr) && st_.chance(40)) return attr;
    const auto it = placeholder_.find(attr);
    if (it != placeholder_.end() && st_.chance(70)) return it->second;
    std::string ph;
    do {
      ph = fmt::format("#n{}", next_name_++);
    } while (attrs_.names.contains(ph));
    attrs_.names[ph] = attr;
    placeholder_[attr] = ph;
    return ph;
  }

  std::string value(const NValue& v) {
    std::string ph;
    do {
      ph = st_.chance(85) ? fmt::format(":v{}", next_value_++) : fmt::format(":_{}x", next_value_++);
    } while (attrs_.values.contains(ph));
    attrs_.values[ph] = to_engine(v);
    return ph;
  }

  std::string path(const std::vector<oracle::NStep>& steps) {
    std::string out;
    for (const oracle::NStep& s : steps) {
      if (s.is_index) {
        out += fmt::format("[{}]", s.index);
      } else {
        out += (out.empty() ? "" : ".") + name(s.name);
      }
    }
    return out;
  }

  std::string operand(const NOperand& o) {
    switch (o.kind) {
      case NOperand::Kind::kValue: return value(o.value);
      case NOperand::Kind::kPath: return path(o.path);
      case NOperand::Kind::kSize: return "size(" + path(o.path) + ")";
    }
    return {};
  }

  // Binding: OR 1, AND 2, NOT 3, everything else 4.
  std::string cond(const NCond& c, int parent) {
    int prec = 4;
    std::string s;
    static const char* const kOps[] = {"=", "<>", "<", "<=", ">", ">="};
    static const char* const kFlipped[] = {"=", "<>", ">", ">=", "<", "<="};
    switch (c.op) {
      case NCond::Op::kOr:
        prec = 1;
        s = cond(c.kids[0], 1) + st_.sp() + st_.kw("OR") + st_.sp() + cond(c.kids[1], 2);
        break;
      case NCond::Op::kAnd:
        prec = 2;
        s = cond(c.kids[0], 2) + st_.sp() + st_.kw("AND") + st_.sp() + cond(c.kids[1], 3);
        break;
      case NCond::Op::kNot:
        prec = 3;
        s = st_.kw("NOT") + " " + cond(c.kids[0], 3);
        break;
      case NCond::Op::kBetween:
        s = operand(c.args[0]) + " " + st_.kw("BETWEEN") + " " + operand(c.args[1]) + " " + st_.kw("AND") + " " +
            operand(c.args[2]);
        break;
      case NCond::Op::kIn: {
        s = operand(c.args[0]) + " " + st_.kw("IN") + st_.sp() + "(";
        for (std::size_t i = 1; i < c.args.size(); ++i) s += (i > 1 ? "," + st_.sp() : "") + operand(c.args[i]);
        s += ")";
        break;
      }
      case NCond::Op::kExists: s = "attribute_exists(" + operand(c.args[0]) + ")"; break;
      case NCond::Op::kNotExists: s = "attribute_not_exists(" + operand(c.args[0]) + ")"; break;
      case NCond::Op::kType: {
        NValue t;
        t.t = T::S;
        t.s = c.type_name;
        s = "attribute_type(" + operand(c.args[0]) + "," + st_.sp() + value(t) + ")";
        break;
      }
      case NCond::Op::kBeginsWith: s = "begins_with(" + operand(c.args[0]) + ", " + operand(c.args[1]) + ")"; break;
      case NCond::Op::kContains: s = "contains(" + operand(c.args[0]) + ", " + operand(c.args[1]) + ")"; break;
      default: {
        const int op = static_cast<int>(c.op);
        // `a < b` may be written `b > a`.
        if (st_.chance(30)) {
          const std::string right = operand(c.args[1]);
          s = right + st_.sp() + kFlipped[op] + st_.sp() + operand(c.args[0]);
        } else {
          const std::string left = operand(c.args[0]);
          s = left + st_.sp() + kOps[op] + st_.sp() + operand(c.args[1]);
        }
      }
    }
    if (prec < parent || st_.chance(8)) s = "(" + s + ")";
    return s;
  }

  std::string key_condition(const NKeyCond& k, const std::vector<NKey>& pk, const std::vector<NKey>& sk) {
    std::vector<std::string> clauses;
    auto eq = [&](const NKey& key, const NValue& v) {
      const std::string n = name(key.name);
      const std::string ph = value(v);
      return st_.chance(20) ? ph + st_.sp() + "=" + st_.sp() + n : n + st_.sp() + "=" + st_.sp() + ph;
    };
    for (std::size_t i = 0; i < pk.size(); ++i) clauses.push_back(eq(pk[i], k.partition[i]));
    for (std::size_t i = 0; i < k.sort_eq.size(); ++i) clauses.push_back(eq(sk[i], k.sort_eq[i]));
    if (k.op != NKeyCond::Op::kNone) {
      const NKey& key = sk[k.sort_eq.size()];
      const std::string n = name(key.name);
      static const char* const kOps[] = {"", "=", "<", "<=", ">", ">="};
      static const char* const kFlipped[] = {"", "=", ">", ">=", "<", "<="};
      switch (k.op) {
        case NKeyCond::Op::kBetween: {
          const std::string a = value(k.a);
          clauses.push_back(n + " " + st_.kw("BETWEEN") + " " + a + " " + st_.kw("AND") + " " + value(k.b));
          break;
        }
        case NKeyCond::Op::kBeginsWith: clauses.push_back("begins_with(" + n + "," + st_.sp() + value(k.a) + ")"); break;
        default: {
          const int op = static_cast<int>(k.op);
          const std::string ph = value(k.a);
          clauses.push_back(st_.chance(25) ? ph + st_.sp() + kFlipped[op] + st_.sp() + n
                                           : n + st_.sp() + kOps[op] + st_.sp() + ph);
        }
      }
    }
    // Clause order does not matter; one level of parentheses is allowed.
    for (std::size_t i = clauses.size(); i > 1; --i) std::swap(clauses[i - 1], clauses[st_.below(i)]);
    const bool wrap_each = st_.chance(15);
    std::string out;
    for (const std::string& c : clauses) {
      out += (out.empty() ? "" : st_.sp() + st_.kw("AND") + st_.sp()) + (wrap_each ? "(" + c + ")" : c);
    }
    if (!wrap_each && st_.chance(10)) out = "(" + out + ")";
    return (st_.chance(10) ? " " : "") + out;
  }

 private:
  Style& st_;
  ExpressionAttributes& attrs_;
  std::map<std::string, std::string> placeholder_;
  std::size_t next_name_ = 0;
  std::size_t next_value_ = 0;
};

std::vector<NKey> sort_keys_of(const NSchema& s, const std::string& index) {
  if (index.empty()) return s.sk ? std::vector<NKey>{*s.sk} : std::vector<NKey>{};
  for (const oracle::NIndex& i : s.indexes) {
    if (i.name == index) return i.sk;
  }
  return {};
}

std::vector<NKey> partition_keys_of(const NSchema& s, const std::string& index) {
  if (index.empty()) return {s.pk};
  for (const oracle::NIndex& i : s.indexes) {
    if (i.name == index) return i.pk;
  }
  return {};
}

// The request as a person reads it in a failure message.
std::string show_request(const QueryRequest& r) {
  std::string out = fmt::format("KeyConditionExpression \"{}\"", r.key_condition);
  if (r.filter) out += fmt::format(", FilterExpression \"{}\"", *r.filter);
  if (!r.index_name.empty()) out += fmt::format(", IndexName {}", r.index_name);
  if (!r.scan_index_forward) out += ", ScanIndexForward false";
  if (r.limit) out += fmt::format(", Limit {}", *r.limit);
  if (r.select == Select::kCount) out += ", Select COUNT";
  if (r.consistent_read) out += ", ConsistentRead";
  for (const auto& [k, v] : r.attributes.names) out += fmt::format(", {} = \"{}\"", k, v);
  for (const auto& [k, v] : r.attributes.values) out += fmt::format(", {} = {}", k, to_json(v));
  return out;
}

std::string show_request(const ScanRequest& r) {
  std::string out = "Scan";
  if (r.filter) out += fmt::format(" FilterExpression \"{}\"", *r.filter);
  if (!r.index_name.empty()) out += fmt::format(", IndexName {}", r.index_name);
  if (r.limit) out += fmt::format(", Limit {}", *r.limit);
  if (r.select == Select::kCount) out += ", Select COUNT";
  for (const auto& [k, v] : r.attributes.names) out += fmt::format(", {} = \"{}\"", k, v);
  for (const auto& [k, v] : r.attributes.values) out += fmt::format(", {} = {}", k, to_json(v));
  return out;
}

}  // namespace

std::string render_filter(const NCond& c, std::uint64_t style, ExpressionAttributes& attributes) {
  Style st(style ^ 0xF17E5ULL);
  Renderer r(st, attributes);
  return r.cond(c, 0);
}

QueryRequest render_query(const NSchema& schema, const QuerySpec& q) {
  QueryRequest r;
  Style st(q.style);
  Renderer ren(st, r.attributes);
  r.index_name = q.index;
  r.key_condition = ren.key_condition(q.key, partition_keys_of(schema, q.index), sort_keys_of(schema, q.index));
  if (q.filter) r.filter = ren.cond(*q.filter, 0);
  r.scan_index_forward = q.forward;
  r.limit = q.limit;
  r.select = q.count_only ? Select::kCount : Select::kDefault;
  r.consistent_read = q.consistent;
  return r;
}

ScanRequest render_scan(const ScanSpec& s) {
  ScanRequest r;
  Style st(s.style);
  Renderer ren(st, r.attributes);
  r.index_name = s.index;
  if (s.filter) r.filter = ren.cond(*s.filter, 0);
  r.limit = s.limit;
  r.select = s.count_only ? Select::kCount : Select::kDefault;
  r.consistent_read = s.consistent;
  return r;
}

namespace {

std::string show_tree(const NCond& c) { return oracle::naive_show(c); }

}  // namespace

std::ostream& operator<<(std::ostream& os, const QuerySpec& q) {
  os << "Query " << (q.index.empty() ? "table" : q.index) << " partition(";
  for (std::size_t i = 0; i < q.key.partition.size(); ++i) os << (i ? ", " : "") << oracle::naive_show(q.key.partition[i]);
  os << ")";
  for (const NValue& v : q.key.sort_eq) os << " sort= " << oracle::naive_show(v);
  static const char* const kOps[] = {"", "=", "<", "<=", ">", ">=", "BETWEEN", "begins_with"};
  if (q.key.op != NKeyCond::Op::kNone) {
    os << " sort " << kOps[static_cast<int>(q.key.op)] << " " << oracle::naive_show(q.key.a);
    if (q.key.op == NKeyCond::Op::kBetween) os << " AND " << oracle::naive_show(q.key.b);
  }
  if (q.filter) os << " filter " << show_tree(*q.filter);
  os << (q.forward ? " forward" : " backward");
  if (q.limit) os << " limit " << *q.limit;
  if (q.count_only) os << " COUNT";
  if (q.consistent) os << " consistent";
  return os << " style " << q.style << " resume_at " << q.resume_at;
}

std::ostream& operator<<(std::ostream& os, const ScanSpec& s) {
  os << "Scan " << (s.index.empty() ? "table" : s.index);
  if (s.filter) os << " filter " << show_tree(*s.filter);
  if (s.limit) os << " limit " << *s.limit;
  if (s.count_only) os << " COUNT";
  return os << " style " << s.style;
}

// ---------------------------------------------------------------- checking pages

namespace {

// Reads every page of a request; the items, or the engine's error.
template <class Request, class Read>
Result<std::vector<Item>> read_all(Request r, Read read, int* pages = nullptr) {
  std::vector<Item> out;
  for (int n = 0; n < 100000; ++n) {
    auto page = read(r);
    if (!page) return page.error();
    out.insert(out.end(), page->items.begin(), page->items.end());
    if (pages != nullptr) *pages = n + 1;
    if (!page->last_evaluated_key) return out;
    r.exclusive_start_key = page->last_evaluated_key;
  }
  return make_error(ErrorCode::kOverflow, 0, "more than 100000 pages");
}

// One page against the oracle's page. `keys` gives the key the page's
// LastEvaluatedKey must be, from the entry last read.
template <class KeyOf>
Outcome compare_page(const std::vector<NItem>& sequence, const NPage& want, const Page& got, bool count_only,
                     bool consistent, KeyOf key_of, const std::string& context) {
  if (got.scanned_count != static_cast<int>(want.scanned)) {
    return Outcome::fails(fmt::format("{}: ScannedCount {}, but the oracle reads {} items", context, got.scanned_count,
                                      want.scanned));
  }
  if (got.count != static_cast<int>(want.items.size())) {
    return Outcome::fails(fmt::format("{}: Count {}, but {} of the {} items read pass the filter", context, got.count,
                                      want.items.size(), want.scanned));
  }
  if (count_only && !got.items.empty()) {
    return Outcome::fails(fmt::format("{}: Select COUNT returned {} items", context, got.items.size()));
  }
  if (!count_only) {
    if (got.items.size() != want.items.size()) {
      return Outcome::fails(fmt::format("{}: {} items for Count {}", context, got.items.size(), got.count));
    }
    for (std::size_t i = 0; i < want.items.size(); ++i) {
      const NItem item = to_naive(got.items[i]);
      if (!oracle::naive_items_equal(item, want.items[i])) {
        return Outcome::fails(fmt::format("{}: item {} is {}, the oracle expects {}", context, i,
                                          oracle::naive_show(item), oracle::naive_show(want.items[i])));
      }
    }
  }
  if (got.bytes_read != want.bytes) {
    return Outcome::fails(fmt::format("{}: read {} bytes, the oracle's item sizes add up to {}", context,
                                      got.bytes_read, want.bytes));
  }
  if (got.consumed_capacity != want.capacity(consistent)) {
    return Outcome::fails(fmt::format("{}: ConsumedCapacity {} RCU, the oracle computes {} for {} bytes read ({})",
                                      context, got.consumed_capacity, want.capacity(consistent), want.bytes,
                                      consistent ? "strongly consistent" : "eventually consistent"));
  }
  if (want.lek_required && !got.last_evaluated_key) {
    return Outcome::fails(fmt::format("{}: no LastEvaluatedKey, but {} items remain after the {} read", context,
                                      sequence.size() - want.next, want.scanned));
  }
  if (got.last_evaluated_key) {
    if (!want.lek_allowed) {
      return Outcome::fails(fmt::format("{}: a LastEvaluatedKey {} after reading the whole range without reaching "
                                        "Limit or 1 MB",
                                        context, to_json(*got.last_evaluated_key)));
    }
    if (want.next == 0) {
      return Outcome::fails(fmt::format("{}: a LastEvaluatedKey on a page that read nothing", context));
    }
    const NItem expected = key_of(sequence[want.next - 1]);
    const NItem lek = to_naive(*got.last_evaluated_key);
    if (!oracle::naive_items_equal(lek, expected)) {
      return Outcome::fails(fmt::format("{}: LastEvaluatedKey {}, but the last item read has the key {}", context,
                                        oracle::naive_show(lek), oracle::naive_show(expected)));
    }
  }
  return Outcome::holds();
}

// The shared session of check_query and check_scan over the order `sequence`
// the engine committed to.
template <class Request, class Read, class KeyOf>
Outcome check_session(const std::vector<NItem>& sequence, const Request& request, Read read, KeyOf key_of,
                      const NCond* filter, std::optional<int> limit, bool count_only, bool consistent,
                      std::size_t resume_at, bool resumable, const std::string& shown) {
  std::size_t pos = 0;
  std::optional<Item> start;
  std::vector<NItem> collected;
  int counted = 0;
  for (std::size_t n = 0;; ++n) {
    if (n > sequence.size() + 2) {
      return Outcome::fails(fmt::format("{}: {} pages for {} items: the LastEvaluatedKey does not move on", shown, n,
                                        sequence.size()));
    }
    Request r = request;
    r.exclusive_start_key = start;
    auto page = read(r);
    const std::string context = fmt::format("{}, page {}{}", shown, n + 1,
                                            start ? ", ExclusiveStartKey " + to_json(*start) : std::string());
    if (!page) return Outcome::fails(fmt::format("{}: rejected: {}", context, describe(page.error())));
    const NPage want = oracle::page_at(sequence, pos, limit, filter);
    if (auto o = compare_page(sequence, want, *page, count_only, consistent, key_of, context); !o.ok()) return o;
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
  std::vector<Item> all;
  for (std::optional<Item> at;;) {
    unlimited.exclusive_start_key = at;
    auto page = read(unlimited);
    if (!page) return Outcome::fails(fmt::format("{} without Limit: rejected: {}", shown, describe(page.error())));
    total += page->count;
    all.insert(all.end(), page->items.begin(), page->items.end());
    if (!page->last_evaluated_key) break;
    at = page->last_evaluated_key;
  }
  if (total != counted || (!count_only && all.size() != collected.size())) {
    return Outcome::fails(fmt::format("{}: the pages counted {} items, one read without Limit counts {}", shown,
                                      counted, total));
  }
  for (std::size_t i = 0; !count_only && i < all.size(); ++i) {
    if (!oracle::naive_items_equal(to_naive(all[i]), collected[i])) {
      return Outcome::fails(fmt::format("{}: item {} differs between the paged read and the read without Limit",
                                        shown, i));
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
    const std::string context =
        fmt::format("{}, resumed after item {} with ExclusiveStartKey {}", shown, k, to_json(*r.exclusive_start_key));
    if (!page) return Outcome::fails(fmt::format("{}: rejected: {}", context, describe(page.error())));
    const NPage want = oracle::page_at(sequence, k + 1, limit, filter);
    if (auto o = compare_page(sequence, want, *page, count_only, consistent, key_of, context); !o.ok()) return o;
  }
  return Outcome::holds();
}

}  // namespace

Outcome check_query(const oracle::NaiveTable& model, const Table& table, const QuerySpec& q) {
  const QueryRequest request = render_query(model.schema(), q);
  const std::string shown = show_request(request);
  auto read = [&table](const QueryRequest& r) { return table.query(r); };
  // 1. The engine's order of the whole range, held to DynamoDB's rules.
  QuerySpec plain = q;
  plain.filter.reset();
  plain.limit.reset();
  plain.count_only = false;
  const QueryRequest whole = render_query(model.schema(), plain);
  auto items = read_all(whole, read);
  if (!items) {
    return Outcome::fails(fmt::format("{}: rejected a valid Query: {}", show_request(whole), describe(items.error())));
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
  return check_session(sequence, request, read, key_of, q.filter ? &*q.filter : nullptr, q.limit, q.count_only,
                       q.consistent, q.resume_at, resumable, shown);
}

Outcome check_scan(const oracle::NaiveTable& model, const Table& table, const ScanSpec& s) {
  const ScanRequest request = render_scan(s);
  const std::string shown = show_request(request);
  auto read = [&table](const ScanRequest& r) { return table.scan(r); };
  ScanRequest whole;
  whole.index_name = s.index;
  whole.consistent_read = s.consistent;
  auto items = read_all(whole, read);
  if (!items) return Outcome::fails(fmt::format("Scan {}: rejected: {}", s.index, describe(items.error())));
  const std::vector<NItem> sequence = to_naive_all(*items);
  std::string why;
  if (!oracle::accept_scan_order(model.entries(s.index), sequence, model.partition_of(s.index),
                                 model.sort_of(s.index), &why)) {
    return Outcome::fails(fmt::format("Scan {} (whole): {}", s.index.empty() ? "table" : s.index, why));
  }
  auto key_of = [&model, &s](const NItem& entry) { return model.key_of(s.index, entry); };
  return check_session(sequence, request, read, key_of, s.filter ? &*s.filter : nullptr, s.limit, s.count_only,
                       s.consistent, static_cast<std::size_t>(s.style % 97), true, shown);
}

Outcome check_counts(const oracle::NaiveTable& model, const Table& table, const std::string& what) {
  if (table.item_count() != model.items().size()) {
    return Outcome::fails(fmt::format("after {}: the table holds {} items, the oracle {}", what, table.item_count(),
                                      model.items().size()));
  }
  for (const oracle::NIndex& i : model.schema().indexes) {
    const std::size_t want = model.entries(i.name).size();
    const std::size_t got = *table.index_item_count(i.name);
    if (got != want) {
      return Outcome::fails(fmt::format("after {}: index {} holds {} items, the oracle's projection {}", what, i.name,
                                        got, want));
    }
  }
  return Outcome::holds();
}

// ---------------------------------------------------------------- seed 003

std::ostream& operator<<(std::ostream& os, const Order& o) {
  return os << "{" << o.customer << " " << o.order_id << " " << o.status << " " << o.date << "}";
}

namespace {

NValue str(std::string s) {
  NValue v;
  v.t = T::S;
  v.s = std::move(s);
  return v;
}

NItem order_item(const Order& o) {
  return {{"CustomerId", str(o.customer)},         {"OrderId", str(o.order_id)},
          {"Status", str(o.status)},               {"Date", str(o.date)},
          {"OrderStatusDate", str(o.status + "#" + o.date)}, {"DateStatus", str(o.date + "#" + o.status)}};
}

// A table of orders keyed (CustomerId, OrderId) with the seed's indexes.
NSchema order_schema() {
  NSchema s;
  s.pk = {"CustomerId", T::S};
  s.sk = NKey{"OrderId", T::S};
  s.indexes.push_back({"OrderStatusDateGSI", {{"CustomerId", T::S}}, {{"OrderStatusDate", T::S}}, {}, {}});
  s.indexes.push_back({"StatusThenDate", {{"CustomerId", T::S}}, {{"Status", T::S}, {"Date", T::S}}, {}, {}});
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
                                const std::string& status, const std::string& d1, const std::string& d2) {
  std::vector<NItem> out;
  for (const NItem& i : items) {
    const std::string& date = oracle::naive_get(i, "Date")->s;
    if (oracle::naive_get(i, "CustomerId")->s == customer && oracle::naive_get(i, "Status")->s == status &&
        d1 <= date && date <= d2) {
      out.push_back(i);
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const NItem& a, const NItem& b) {
    return oracle::naive_get(a, "Date")->s < oracle::naive_get(b, "Date")->s;
  });
  return out;
}

struct Totals {
  std::vector<Item> items;
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
                                const std::string& status, const std::string& d1, const std::string& d2, int limit,
                                std::string* costs) {
  OrderWorld w;
  if (auto ok = load(w, orders); !ok) return Outcome::fails("loading the orders failed: " + describe(ok.error()));
  const std::vector<NItem> answer = naive_answer(w.model.items(), customer, status, d1, d2);
  // The key condition of the seed, built by the expression builder.
  KeyQuery kq;
  kq.index_name = "OrderStatusDateGSI";
  kq.partition = {{"CustomerId", AttributeValue::S(customer)}};
  kq.sort_attribute = "OrderStatusDate";
  kq.sort = SortCondition::between(AttributeValue::S(status + "#" + d1), AttributeValue::S(status + "#" + d2));
  auto built = build_key_condition(kq);
  if (!built) return Outcome::fails("the builder rejected the seed's window: " + describe(built.error()));
  const QueryRequest by_key = to_query_request(*built);
  auto keyed = run_pages(*w.table, by_key);
  if (!keyed) return Outcome::fails(fmt::format("{}: rejected: {}", show_request(by_key), describe(keyed.error())));
  std::string why;
  if (!oracle::accept_query_order(answer, to_naive_all(keyed->items), {{"OrderStatusDate", T::S}}, true, &why)) {
    return Outcome::fails(fmt::format("{}: not the naive two-attribute filter's answer: {}", show_request(by_key), why));
  }
  // Limit=k through the key: exactly min(k, matches) items on the first page.
  QueryRequest first = by_key;
  first.limit = limit;
  auto page = w.table->query(first);
  if (!page) return Outcome::fails(describe(page.error()));
  const int want = std::min<int>(limit, static_cast<int>(answer.size()));
  if (page->count != want) {
    return Outcome::fails(fmt::format("{}: Count {} with Limit {} and {} matches; a key condition must fill the page",
                                      show_request(first), page->count, limit, answer.size()));
  }
  // The same question as a FilterExpression on the table.
  QueryRequest by_filter;
  by_filter.key_condition = "CustomerId = :c";
  by_filter.filter = "#s = :s AND #d BETWEEN :d1 AND :d2";
  by_filter.attributes.names = {{"#s", "Status"}, {"#d", "Date"}};
  by_filter.attributes.values = {{":c", AttributeValue::S(customer)}, {":s", AttributeValue::S(status)},
                                 {":d1", AttributeValue::S(d1)}, {":d2", AttributeValue::S(d2)}};
  by_filter.limit = limit;
  auto filtered = run_pages(*w.table, by_filter);
  if (!filtered) return Outcome::fails(fmt::format("{}: rejected: {}", show_request(by_filter), describe(filtered.error())));
  std::vector<NItem> got = to_naive_all(filtered->items);
  std::vector<NItem> sorted_answer = answer;
  auto by_id = [](const NItem& a, const NItem& b) {
    return oracle::naive_get(a, "OrderId")->s < oracle::naive_get(b, "OrderId")->s;
  };
  std::sort(got.begin(), got.end(), by_id);
  std::sort(sorted_answer.begin(), sorted_answer.end(), by_id);
  if (got.size() != sorted_answer.size() ||
      !std::equal(got.begin(), got.end(), sorted_answer.begin(), oracle::naive_items_equal)) {
    return Outcome::fails(fmt::format("{}: the pages hold {} items, the answer has {}", show_request(by_filter),
                                      got.size(), sorted_answer.size()));
  }
  // Cost of one read without Limit each: the filter reads (and pays for) a superset.
  QueryRequest key_all = by_key;
  QueryRequest filter_all = by_filter;
  filter_all.limit.reset();
  auto k = run_pages(*w.table, key_all);
  auto f = run_pages(*w.table, filter_all);
  if (!k || !f) return Outcome::fails("an unlimited read was rejected");
  if (f->scanned < k->scanned || f->capacity < k->capacity) {
    return Outcome::fails(fmt::format("the filter read {} items for {} RCU, the key condition {} for {} RCU: a filter "
                                      "cannot read less than the key condition",
                                      f->scanned, f->capacity, k->scanned, k->capacity));
  }
  *costs = fmt::format("key: {} items read, {} RCU; filter: {} items read, {} RCU{}{}", k->scanned, k->capacity,
                       f->scanned, f->capacity, filtered->short_page ? "; a filtered page came back short" : "",
                       f->capacity > k->capacity ? "; the filter paid more" : "");
  return Outcome::holds();
}

Outcome multi_attribute_equals_composite(const std::vector<Order>& orders, const std::string& customer,
                                         const std::string& status, int shape, const std::string& d1,
                                         const std::string& d2, std::uint64_t style) {
  OrderWorld w;
  if (auto ok = load(w, orders); !ok) return Outcome::fails("loading the orders failed: " + describe(ok.error()));
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
  if (!ra) return Outcome::fails(fmt::format("{}: rejected: {}", show_request(a), describe(ra.error())));
  if (!rb) return Outcome::fails(fmt::format("{}: rejected: {}", show_request(b), describe(rb.error())));
  const std::vector<NItem> expected = naive_answer(w.model.items(), customer, status, low, high);
  std::string why;
  if (!oracle::accept_query_order(expected, to_naive_all(*ra), {{"Date", T::S}}, true, &why)) {
    return Outcome::fails(fmt::format("native index, {}: {}", show_request(a), why));
  }
  if (!oracle::accept_query_order(to_naive_all(*ra), to_naive_all(*rb), {{"Date", T::S}}, true, &why)) {
    return Outcome::fails(fmt::format("{} and {} disagree: {}", show_request(a), show_request(b), why));
  }
  return Outcome::holds();
}

Outcome reversed_composite_cannot_filter(const std::vector<Order>& orders, const std::string& customer,
                                         const std::string& status, const std::string& d1,
                                         const std::string& d2, bool* interleaved) {
  *interleaved = false;
  OrderWorld w;
  if (auto ok = load(w, orders); !ok) return Outcome::fails("loading the orders failed: " + describe(ok.error()));
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
    return Outcome::fails(fmt::format("the range [{}, {}] holds {} orders, fewer than the {} answers", lo, hi, window,
                                      answer.size()));
  }
  if ((window > answer.size()) != *interleaved) {
    return Outcome::fails("the window holds extra orders that are not of other statuses");
  }
  return Outcome::holds();
}

// ---------------------------------------------------------------- sparse indexes

std::ostream& operator<<(std::ostream& os, const SparseOp& o) {
  static const char* const kNames[] = {"put user", "make admin", "revoke admin", "put customer", "put order", "delete"};
  return os << kNames[o.kind % 6] << " org " << o.org << " who " << o.who << (o.admin ? " admin" : "");
}

Outcome sparse_indexes_are_exact(const std::vector<SparseOp>& ops) {
  NSchema s;
  s.pk = {"PK", T::S};
  s.sk = NKey{"SK", T::S};
  s.indexes.push_back({"Admins", {{"PK", T::S}}, {{"GSI1SK", T::S}}, oracle::NIndex::Projection::kKeysOnly, {}});
  s.indexes.push_back({"Customers", {{"CustomerIndexId", T::S}}, {}, oracle::NIndex::Projection::kAll, {}});
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
        NItem item = {{"PK", str(org)}, {"SK", str(user)}, {"Name", str(fmt::format("user {}", o.who))}};
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
        const NItem item = {{"PK", str(cust)}, {"SK", str(cust)}, {"CustomerIndexId", str(cust)}, {"Email", str(cust + "@x")}};
        ok_model = model.put(item);
        ok_engine = table->put(to_engine(item)).has_value();
        break;
      }
      case 4: {
        const NItem item = {{"PK", str(cust)}, {"SK", str(fmt::format("ORDER#{}", o.org))}, {"Total", str("9")}};
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
      return Outcome::fails(fmt::format("step {} ({}): the engine {} the write, the oracle {} it", step + 1,
                                        fmt::streamed(o), ok_engine ? "accepted" : "rejected",
                                        ok_model ? "accepts" : "rejects"));
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

// ---------------------------------------------------------------- seeds 002 and 004

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

std::vector<std::string> sks(const std::vector<Item>& items) {
  std::vector<std::string> out;
  for (const Item& i : items) out.push_back(i.at("SK").as_string());
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
  return fmt::format("2026-06-{:02}T{:02}:{:02}:00Z", 1 + minutes / 1440, minutes / 60 % 24, minutes % 60);
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
    const NItem item = {{"OrgId", str("ORG#1")}, {"TicketId", str(fmt::format("TICKET#{:03}", i))},
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
    auto ok = table->update(to_engine(key), ItemUpdate{{{"UpdatedAt", AttributeValue::S(iso_minutes(clock))}}, {}});
    if (!ok) return Outcome::fails("an update was rejected: " + describe(ok.error()));
    last[static_cast<std::size_t>(t)] = clock;
    latest = t;
  }
  if (table->item_count() != static_cast<std::size_t>(tickets)) {
    return Outcome::fails(fmt::format("{} tickets, but the table holds {} items: an update rewrote a key", tickets,
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

Outcome iot_latest_readings(const std::vector<unsigned>& readings, const std::vector<unsigned>& neighbour) {
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
      if (!put("DEVICE#D1", *reading_key(order, r, 5))) return Outcome::fails("a reading was rejected");
    }
    put("DEVICE#D2", *device_key("D2"));
    for (unsigned r : neighbour) put("DEVICE#D2", *reading_key(order, r, 5));
    auto range = device_with_latest_readings(order, "D1", 10);
    if (!range) return Outcome::fails(describe(range.error()));
    auto page = run_range(*table, "DEVICE#D1", *range);
    if (!page) return Outcome::fails(describe(page.error()));
    std::vector<std::string> want = {*device_key("D1")};
    for (auto it = mine.rbegin(); it != mine.rend() && want.size() < 11; ++it) want.push_back(*reading_key(order, *it, 5));
    const std::vector<std::string> got = sks(page->items);
    if (got != want) {
      return Outcome::fails(fmt::format("{} layout: the Query {} {} {} returned {}, expected the device and its 10 "
                                        "newest readings {}",
                                        order == ReadingOrder::kNewestLast ? "#READING# backward" : "READING#<inverse> forward",
                                        range->op, range->value, range->direction == Direction::kForward ? "forward" : "backward",
                                        show_list(got), show_list(want)));
    }
  }
  return Outcome::holds();
}

Outcome saas_org_collection(const std::vector<std::string>& teams, const std::vector<std::string>& users) {
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
  for (auto it = team_set.rbegin(); it != team_set.rend(); ++it) want_before.push_back(*layout->before_key(*it));
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
  return os << fmt::format("2026-06-{:02}T{:02}:{:02}:{:02}Z", 1 + e.day, e.hour, e.minute, e.second);
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
  for (auto it = naive.rbegin(); it != naive.rend() && static_cast<int>(want.size()) < limit; ++it) want.push_back(key_of(*it));
  if (sks(page->items) != want) {
    return Outcome::fails(fmt::format("newest first: {}, expected {}", show_list(sks(page->items)), show_list(want)));
  }
  // The window between two instants, bounds from the composite codec.
  std::string lo = iso(from), hi = iso(to);
  if (hi < lo) std::swap(lo, hi);
  auto bounds = window_bounds({"EVT"}, lo, hi);
  if (!bounds) return Outcome::fails(describe(bounds.error()));
  KeyQuery window;
  window.partition = {{"PK", AttributeValue::S(pk)}};
  window.sort_attribute = "SK";
  window.sort = SortCondition::between(AttributeValue::S(bounds->low), AttributeValue::S(bounds->high));
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
    return Outcome::fails(fmt::format("{}: {}, expected every event from {} to {}: {}", show_request(r),
                                      show_list(sks(*all)), lo, hi, show_list(want)));
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
      item["SK"] = AttributeValue::S(*version_key(copy == 0 ? static_cast<unsigned>(v) : 0u, width));
      item["body"] = AttributeValue::S(fmt::format("version {}", v));
      if (!table->put(std::move(item))) return Outcome::fails("a version was rejected");
    }
  }
  KeyQuery q;
  q.partition = {{"PK", AttributeValue::S("DOC#1")}};
  q.limit = 1;
  auto built = build_key_condition(q);
  auto page = table->query(to_query_request(*built));
  if (!page) return Outcome::fails("the latest-version Query was rejected: " + describe(page.error()));
  if (page->items.size() != 1) {
    return Outcome::fails(fmt::format("the latest-version Query (forward, Limit 1) returned {} items: {}",
                                      page->items.size(), show_list(sks(page->items))));
  }
  const std::string latest = fmt::format("version {}", versions);
  if (page->items[0].at("body").as_string() != latest || page->items[0].at("SK").as_string() != *version_key(0, width)) {
    return Outcome::fails(fmt::format("Limit 1 forward returned {} ({}), expected v0 holding {}",
                                      page->items[0].at("SK").as_string(), page->items[0].at("body").as_string(), latest));
  }
  q.limit.reset();
  q.sort_attribute = "SK";
  q.sort = SortCondition::begins_with(AttributeValue::S("v"));
  built = build_key_condition(q);
  auto all = table->query(to_query_request(*built));
  std::vector<std::string> want;
  for (int v = 0; v <= versions; ++v) want.push_back(*version_key(static_cast<unsigned>(v), width));
  if (!all || sks(all->items) != want) {
    return Outcome::fails(fmt::format("all versions: {}, expected {}", all ? show_list(sks(all->items)) : "error",
                                      show_list(want)));
  }
  return Outcome::holds();
}

// ---------------------------------------------------------------- builder and errors

Outcome builder_selects_range(const oracle::NaiveTable& model, const Table& table, const NKeyCond& key,
                              bool reverse_bounds) {
  const NSchema& s = model.schema();
  KeyQuery q;
  q.partition = {{s.pk.name, to_engine(key.partition[0])}};
  if (key.op != NKeyCond::Op::kNone && s.sk) {
    q.sort_attribute = s.sk->name;
    const AttributeValue a = to_engine(key.a);
    switch (key.op) {
      case NKeyCond::Op::kEq: q.sort = SortCondition::eq(a); break;
      case NKeyCond::Op::kLt: q.sort = SortCondition::lt(a); break;
      case NKeyCond::Op::kLe: q.sort = SortCondition::le(a); break;
      case NKeyCond::Op::kGt: q.sort = SortCondition::gt(a); break;
      case NKeyCond::Op::kGe: q.sort = SortCondition::ge(a); break;
      case NKeyCond::Op::kBeginsWith: q.sort = SortCondition::begins_with(a); break;
      default: q.sort = SortCondition::between(a, to_engine(key.b));
    }
  }
  const bool swapped = reverse_bounds && key.op == NKeyCond::Op::kBetween &&
                       oracle::naive_compare_scalar(key.a, key.b) != 0;
  if (swapped) std::swap(q.sort.value, q.sort.upper);
  auto built = build_key_condition(q);
  if (swapped) {
    if (built || built.error().code != ErrorCode::kOutOfRange) {
      return Outcome::fails(fmt::format("the builder accepted BETWEEN {} AND {} (lower > upper)",
                                        to_json(q.sort.value), to_json(q.sort.upper)));
    }
    return Outcome::holds();
  }
  if (!built) return Outcome::fails("the builder rejected a valid key condition: " + describe(built.error()));
  const QueryRequest r = to_query_request(*built);
  auto items = read_all(r, [&table](const QueryRequest& x) { return table.query(x); });
  if (!items) return Outcome::fails(fmt::format("{}: rejected: {}", show_request(r), describe(items.error())));
  NKeyCond naive = key;
  naive.sort_eq.clear();
  if (!s.sk) naive.op = NKeyCond::Op::kNone;
  std::string why;
  if (!oracle::accept_query_order(model.key_range("", naive, true), to_naive_all(*items), model.sort_of(""), true, &why)) {
    return Outcome::fails(fmt::format("{}: {}", show_request(r), why));
  }
  return Outcome::holds();
}

Outcome rejects_invalid_request(const oracle::NaiveTable& model, const Table& table, const QuerySpec& valid,
                                int mutation) {
  const NSchema& s = model.schema();
  QuerySpec base = valid;
  base.filter.reset();  // the mutations add their own
  QueryRequest r = render_query(s, base);
  const std::vector<NKey> pk = model.partition_of(valid.index);
  const std::vector<NKey> sk = model.sort_of(valid.index);
  std::string want;
  switch (mutation) {
    case 0: {  // filter on a key attribute of what is queried
      const NKey& k = sk.empty() || valid.style % 2 == 0 ? pk[0] : sk[0];
      r.attributes.names["#key"] = k.name;
      r.filter = "attribute_exists(#key)";
      want = "Filter Expression can only contain non-primary key attributes: Primary key attribute: " + k.name;
      break;
    }
    case 1:
      r.attributes.values[":unused"] = AttributeValue::S("x");
      want = "Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}";
      break;
    case 2:
      r.filter = "attribute_exists(#nobody)";
      want = "attribute name: #nobody";
      break;
    case 3: {  // the partition key with <
      r.key_condition = "#pk0 < :pk0";
      r.attributes.names = {{"#pk0", pk[0].name}};
      r.attributes.values = {{":pk0", to_engine(valid.key.partition[0])}};
      want = "Query key condition not supported";
      break;
    }
    case 4:
      r.limit = 0;
      want = "Member must have value greater than or equal to 1";
      break;
    case 5:
      if (valid.index.empty()) {
        r.select = Select::kAllProjectedAttributes;
        want = "ALL_PROJECTED_ATTRIBUTES";
      } else {
        r.consistent_read = true;
        want = "Consistent reads are not supported on global secondary indexes";
      }
      break;
    case 6:
      r.index_name = "no_such_index";
      want = "The table does not have the specified index: no_such_index";
      break;
    case 7:
      r.filter = " ";
      want = "Invalid FilterExpression: The expression can not be empty;";
      break;
    case 8:
      r.filter = "Size = :v";  // a reserved word, bare
      r.attributes.values[":v"] = AttributeValue::S("x");
      want = "reserved keyword: Size";
      break;
    default: {  // BETWEEN with the bounds reversed, on the first sort attribute or in a filter
      r.attributes.values[":lo"] = *AttributeValue::N("2");
      r.attributes.values[":hi"] = *AttributeValue::N("1");
      r.filter = "x BETWEEN :lo AND :hi";
      want = "The BETWEEN operator requires upper bound to be greater than or equal to lower bound";
      break;
    }
  }
  auto page = table.query(r);
  if (page) return Outcome::fails(fmt::format("{}: accepted; DynamoDB rejects it with \"{}\"", show_request(r), want));
  if (page.error().message.find(want) == std::string::npos) {
    return Outcome::fails(fmt::format("{}: rejected with \"{}\", expected a message with \"{}\"", show_request(r),
                                      page.error().message, want));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
