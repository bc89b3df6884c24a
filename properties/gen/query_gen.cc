#include "properties/gen/query_gen.h"

#include <algorithm>
#include <tuple>

#include "oracles/naive_decimal.h"
#include "properties/gen/built_once.h"
#include "properties/gen/draws.h"
#include "properties/gen/number_gen.h"
#include "properties/gen/text_gen.h"
#include "properties/props/query_pools.h"

namespace sortkey::oracle {

void showValue(const NValue& v, std::ostream& os) { os << naive_show(v); }
void showValue(NValue::T t, std::ostream& os) { os << naive_type_name(t); }

void showValue(const NCond& c, std::ostream& os) { os << naive_show(c); }

void showValue(const NSchema& s, std::ostream& os) {
  auto keys = [](const std::vector<NKey>& ks) {
    std::string out;
    for (const NKey& k : ks)
      out += (out.empty() ? "" : ",") + k.name + ":" + naive_type_name(k.type);
    return out;
  };
  os << "table(" << s.pk.name << ":" << naive_type_name(s.pk.type);
  if (s.sk) os << "; " << s.sk->name << ":" << naive_type_name(s.sk->type);
  os << ")";
  for (const NIndex& i : s.indexes) {
    static const char* const kProj[] = {"ALL", "KEYS_ONLY", "INCLUDE"};
    os << " " << (i.local ? "local " : "") << i.name << "(" << keys(i.pk) << "; " << keys(i.sk)
       << "; " << kProj[static_cast<int>(i.projection)] << ")";
  }
}

}  // namespace sortkey::oracle

namespace sortkey::props {

using oracle::NCond;
using oracle::NIndex;
using oracle::NItem;
using oracle::NKey;
using oracle::NKeyCond;
using oracle::NOperand;
using oracle::NSchema;
using oracle::NStep;
using oracle::NValue;
using T = NValue::T;

namespace {

NValue scalar(T t, std::string s) { return oracle::naive_scalar(t, std::move(s)); }

const std::string& pick(Draws& d, const std::vector<std::string>& from) {
  return from[d.below(from.size())];
}

// One to `max` atoms (a count as rc::gen::inRange draws it), joined.
std::string read_joined(Draws& d, const std::vector<std::string>& atoms, int max) {
  const int n = d.in_range(1, max + 1);
  std::string s;
  for (int i = 0; i < n; ++i) s += pick(d, atoms);
  return s;
}

// Up to `max_code_points` atoms or code points, two in three an atom.
std::string read_unicode(Draws& d, int max_code_points) {
  const int n = d.in_range(0, max_code_points + 1);
  std::string s;
  for (int i = 0; i < n; ++i) {
    if (d.weighted({2, 1}) == 0) {
      s += pick(d, query_string_atoms());
    } else {
      s += utf8_of(read_code_point(d, false));
    }
  }
  return s;
}

// As rc::gen::suchThat would draw it: again at one size more each try.
std::string read_nonempty_unicode(Draws& d, int max_code_points) {
  const int size = d.size();
  for (int tries = 0; tries < 100; ++tries) {
    d.resize(size + tries);
    std::string s = read_unicode(d, max_code_points);
    if (!s.empty()) {
      d.resize(size);
      return s;
    }
  }
  throw rc::GenerationFailure("no non-empty text in 100 tries");
}

NValue read_spelled(Draws& d, const std::string& canonical) {
  return scalar(T::N, read_spelling(d, NumberValue{oracle::read_number(canonical).value}).text);
}

NValue read_number_spelling(Draws& d) {
  if (d.weighted({3, 1}) == 0) return read_spelled(d, pick(d, query_canonical_numbers()));
  return scalar(T::N, read_number_text(d).text);
}

NValue read_scalar_value(Draws& d) {
  switch (d.weighted({3, 2, 3, 2})) {
    case 0:
      return scalar(T::S, read_unicode(d, 4));
    case 1:
      return scalar(T::S, pick(d, query_string_keys()));
    case 2:
      return read_number_spelling(d);
    default:
      return scalar(T::B, d.weighted({3, 1}) == 0 ? read_joined(d, query_byte_atoms(), 3) : "");
  }
}

NValue read_key_value(Draws& d, T type) {
  switch (type) {
    case T::S:
      switch (d.weighted({3, 2, 1})) {
        case 0:
          return scalar(T::S, pick(d, query_string_keys()));
        case 1:
          return scalar(T::S, read_joined(d, query_string_atoms(), 3));
        default:
          return scalar(T::S, read_nonempty_unicode(d, 3));
      }
    case T::B:
      return scalar(T::B, read_joined(d, query_byte_atoms(), 3));
    default:
      return read_spelled(d, pick(d, query_canonical_numbers()));
  }
}

NValue read_partition_value(Draws& d, T type) {
  static const std::vector<std::string> strings = {"a", "\xF0\x9F\x98\x80", std::string("a\0", 2)};
  static const std::vector<std::string> bytes = {std::string(1, '\0'), "\xff", "\x80\x00"};
  static const std::vector<std::string> numbers = {"1", "-1e-130", "100"};
  if (d.weighted({4, 1}) == 1) return read_key_value(d, type);
  switch (type) {
    case T::S:
      return scalar(T::S, pick(d, strings));
    case T::B:
      return scalar(T::B, pick(d, bytes));
    default:
      return read_spelled(d, pick(d, numbers));
  }
}

// One to three distinct elements for a set of `t`.
NValue read_set(Draws& d, T t) {
  const T element = t == T::SS ? T::S : (t == T::NS ? T::N : T::B);
  const int n = d.in_range(1, 4);
  NValue v;
  v.t = t;
  for (int i = 0; i < n; ++i) {
    const NValue e = read_key_value(d, element);
    bool dup = false;
    for (const std::string& x : v.set) {
      dup = dup || (element == T::N ? oracle::naive_number_compare(x, e.s) == 0 : x == e.s);
    }
    if (!dup) v.set.push_back(e.s);
  }
  return v;
}

rc::Gen<NValue> gen_scalar_value() {
  static const rc::Gen<NValue> g = gen_drawn<NValue>(read_scalar_value);
  return g;
}

NValue read_attribute_value(Draws& d) {
  NValue v;
  switch (d.weighted({8, 1, 1, 1, 1, 1, 1, 1})) {
    case 0:
      return read_scalar_value(d);
    case 1:
      v.t = T::BOOL;
      v.b = d.coin();
      return v;
    case 2:
      return v;
    case 3:
      return read_set(d, T::SS);
    case 4:
      return read_set(d, T::NS);
    case 5:
      return read_set(d, T::BS);
    case 6: {
      v.t = T::L;
      const int n = d.in_range(0, 4);
      for (int i = 0; i < n; ++i) v.list.push_back(read_scalar_value(d));
      return v;
    }
    default:
      v.t = T::M;
      for (const char* name : {"a", "b", "Size"}) {
        if (d.chance(67)) v.map.emplace_back(name, read_scalar_value(d));
      }
      return v;
  }
}

}  // namespace

// A generator draws everything from the Random it is given, so one built once
// draws what a fresh one would: the generators drawn from for every value are
// built once (building one allocates its whole tree of alternatives).

bool chance(int percent) {
  static const std::vector<rc::Gen<bool>> by_percent = [] {
    std::vector<rc::Gen<bool>> out;
    for (std::size_t p = 0; p <= 100; ++p)
      out.push_back(rc::gen::weightedElement<bool>({{p, true}, {100 - p, false}}));
    return out;
  }();
  return *by_percent.at(static_cast<std::size_t>(percent));
}

// What rc::gen::elementOf draws from a container of n elements (its index),
// without building the container.
std::size_t uniform_index(std::size_t n) {
  return *built_once(n, [n] {
    return rc::Gen<std::size_t>([n](const rc::Random& random, int) {
      if (n == 0) throw rc::GenerationFailure("Cannot pick element from empty container.");
      return rc::shrinkable::just(static_cast<std::size_t>(rc::Random(random).next() % n));
    });
  });
}

// Each value is one draw (gen/draws.h): as nested weightedOneOf, map and
// exec generators they were a quarter of the stateful query test's time.

rc::Gen<NValue> gen_partition_value(T type) {
  return built_once(type, [type] {
    return gen_drawn<NValue>([type](Draws& d) { return read_partition_value(d, type); });
  });
}

rc::Gen<std::string> gen_unicode(int max_code_points) {
  return built_once(max_code_points, [max_code_points] {
    return gen_drawn<std::string>(
        [max_code_points](Draws& d) { return read_unicode(d, max_code_points); });
  });
}

rc::Gen<NValue> gen_number_spelling() {
  static const rc::Gen<NValue> g = gen_drawn<NValue>(read_number_spelling);
  return g;
}

rc::Gen<NValue> gen_key_value(T type) {
  return built_once(type, [type] {
    return gen_drawn<NValue>([type](Draws& d) { return read_key_value(d, type); });
  });
}

rc::Gen<NValue> gen_attribute_value() {
  static const rc::Gen<NValue> g = gen_drawn<NValue>(read_attribute_value);
  return g;
}

const std::vector<std::string>& value_attribute_names() {
  static const std::vector<std::string> names = {"x", "y", "Size", "doc", "tags", "note w"};
  return names;
}

rc::Gen<NSchema> gen_query_schema() {
  return rc::gen::exec([] {
    const std::vector<T> key_types = {T::S, T::N, T::B};
    NSchema s;
    s.pk = NKey{"pk", *rc::gen::elementOf(key_types)};
    if (chance(70)) s.sk = NKey{"sk", *rc::gen::elementOf(key_types)};
    // Index key attributes: the table keys, plain names, reserved words and
    // a name that is no identifier; each with one type for the whole table.
    std::vector<NKey> pool = {s.pk};
    if (s.sk) pool.push_back(*s.sk);
    pool.push_back({"g1", *rc::gen::elementOf(key_types)});
    pool.push_back({"g2", *rc::gen::elementOf(key_types)});
    pool.push_back({"Status", T::S});
    pool.push_back({"Date", T::S});
    pool.push_back({"g 5", *rc::gen::elementOf(key_types)});
    const int indexes = *rc::gen::element(1, 2, 3);
    for (int i = 0; i < indexes; ++i) {
      NIndex index;
      index.name = "gsi" + std::to_string(i + 1);
      const int pks = *rc::gen::weightedElement<int>({{16, 1}, {3, 2}, {1, 4}});
      const int sks = *rc::gen::weightedElement<int>({{5, 0}, {10, 1}, {4, 2}, {1, 4}});
      std::vector<NKey> left = pool;
      auto draw = [&left]() {
        const auto at = uniform_index(left.size());
        NKey k = left[at];
        left.erase(left.begin() + static_cast<std::ptrdiff_t>(at));
        return k;
      };
      for (int k = 0; k < pks && !left.empty(); ++k) index.pk.push_back(draw());
      for (int k = 0; k < sks && !left.empty(); ++k) index.sk.push_back(draw());
      index.projection =
          *rc::gen::weightedElement<NIndex::Projection>({{2, NIndex::Projection::kAll},
                                                         {1, NIndex::Projection::kKeysOnly},
                                                         {1, NIndex::Projection::kInclude}});
      if (index.projection == NIndex::Projection::kInclude) {
        for (const char* name : {"x", "Size", "doc"}) {
          if (*rc::gen::arbitrary<bool>()) index.include.push_back(name);
        }
      }
      s.indexes.push_back(std::move(index));
    }
    // Local indexes on half the tables with a sort key: one or two, each
    // sorted by a pool attribute other than the partition key (the table's
    // sort key too: ALT test_lsi.py::test_lsi_identical).
    const int locals = s.sk ? *rc::gen::weightedElement<int>({{2, 0}, {1, 1}, {1, 2}}) : 0;
    for (int i = 0; i < locals; ++i) {
      NIndex index;
      index.name = "lsi" + std::to_string(i + 1);
      index.local = true;
      index.pk = {s.pk};
      index.sk = {pool[1 + uniform_index(pool.size() - 1)]};
      index.projection =
          *rc::gen::weightedElement<NIndex::Projection>({{1, NIndex::Projection::kAll},
                                                         {1, NIndex::Projection::kKeysOnly},
                                                         {1, NIndex::Projection::kInclude}});
      if (index.projection == NIndex::Projection::kInclude) {
        for (const char* name : {"x", "doc"}) {
          if (*rc::gen::arbitrary<bool>()) index.include.push_back(name);
        }
      }
      s.indexes.push_back(std::move(index));
    }
    return s;
  });
}

namespace {

// A key value that is now and then of the wrong type or empty: one draw.
// Its Random picks the branch (1 in `wrong_in` any value, then 1 in
// `empty_in` an empty S or B, else a key value), which never shrinks, as
// before; the value comes from its own generator and shrinks as it does.
rc::Gen<NValue> gen_written_key(T type, int wrong_in, int empty_in, bool partition) {
  return built_once(std::tuple(type, wrong_in, empty_in, partition), [=] {
    return rc::Gen<NValue>([=](const rc::Random& random, int size) {
      rc::Random r(random);
      const rc::Random for_value = r.split();
      if (r.next() % static_cast<std::uint64_t>(wrong_in) == 0)
        return gen_attribute_value()(for_value, size);
      if (type != T::N && r.next() % static_cast<std::uint64_t>(empty_in) == 0)
        return rc::shrinkable::just(oracle::naive_scalar(type, ""));
      return (partition ? gen_partition_value(type) : gen_key_value(type))(for_value, size);
    });
  });
}

std::vector<NKey> index_key_attributes(const NSchema& schema) {
  std::vector<NKey> out;
  for (const NIndex& i : schema.indexes) {
    for (const auto* side : {&i.pk, &i.sk}) {
      for (const NKey& k : *side) {
        const bool base = k.name == schema.pk.name || (schema.sk && k.name == schema.sk->name);
        const bool seen =
            std::any_of(out.begin(), out.end(), [&](const NKey& o) { return o.name == k.name; });
        if (!base && !seen) out.push_back(k);
      }
    }
  }
  return out;
}

bool is_partition(const NSchema& schema, const std::string& name) {
  for (const NIndex& i : schema.indexes) {
    for (const NKey& k : i.pk) {
      if (k.name == name) return true;
    }
  }
  return false;
}

// An attribute an item may carry besides its table key, and how often.
struct OptionalAttribute {
  std::string name;
  bool index_key;  // else a value attribute, of any type
  T type;          // an index key's
  bool partition;  // an index key that is some index's partition key
  int percent;     // how often an item has it
};

// The index key attributes (each on about two items in three) and then the
// value attributes (each on one in two).
std::vector<OptionalAttribute> optional_attributes(const NSchema& schema) {
  std::vector<OptionalAttribute> out;
  for (const NKey& k : index_key_attributes(schema))
    out.push_back({k.name, true, k.type, is_partition(schema, k.name), 67});
  for (const std::string& name : value_attribute_names())
    out.push_back({name, false, T::NUL, false, 50});
  return out;
}

// Which of the attributes are present, as one draw of a bit set (as a coin
// each they were most of an item's draws): bit i is set with probability
// percents[i] / 100, each from its own number of one Random. It shrinks by
// clearing one set bit at a time, an attribute dropped, so a counterexample's
// items keep only the attributes the failure needs.
// A schema has at most 64 such attributes (gen_query_schema's have 11).
rc::Gen<std::uint64_t> gen_present(std::vector<int> percents) {
  return [percents](const rc::Random& random, int /*size*/) {
    if (percents.size() > 64) throw rc::GenerationFailure("more than 64 optional attributes");
    rc::Random r(random);
    std::uint64_t bits = 0;
    for (std::size_t i = 0; i < percents.size(); ++i) {
      if (r.next() % 100 < static_cast<std::uint64_t>(percents[i])) bits |= std::uint64_t{1} << i;
    }
    return rc::shrinkable::shrinkRecur(bits, [](std::uint64_t b) {
      std::vector<std::uint64_t> fewer;
      for (std::uint64_t bit = 1; bit != 0 && bit <= b; bit <<= 1) {
        if ((b & bit) != 0) fewer.push_back(b & ~bit);
      }
      return rc::seq::fromContainer(std::move(fewer));
    });
  };
}

}  // namespace

rc::Gen<NItem> gen_item(const NSchema& schema) {
  std::vector<OptionalAttribute> optional = optional_attributes(schema);
  std::vector<int> percents;
  for (const OptionalAttribute& a : optional) percents.push_back(a.percent);
  rc::Gen<std::uint64_t> present = gen_present(std::move(percents));
  return rc::gen::exec([pk = schema.pk, sk = schema.sk, optional, present] {
    NItem item;
    item.emplace_back(pk.name, *gen_written_key(pk.type, 100, 100, true));
    if (sk) item.emplace_back(sk->name, *gen_written_key(sk->type, 100, 100, false));
    const std::uint64_t bits = *present;
    for (std::size_t i = 0; i < optional.size(); ++i) {
      const OptionalAttribute& a = optional[i];
      if ((bits >> i & 1U) == 0 || oracle::naive_get(item, a.name) != nullptr) continue;
      item.emplace_back(a.name, a.index_key ? *gen_written_key(a.type, 150, 200, a.partition)
                                            : *gen_attribute_value());
    }
    return item;
  });
}

// Generators capture what they read by value: RapidCheck re-runs them when
// it shrinks, after the caller's locals are gone.
rc::Gen<NItem> gen_table_key(const oracle::NaiveTable& table) {
  return gen_table_key(std::make_shared<const oracle::NaiveTable>(table));
}

rc::Gen<NItem> gen_table_key(std::shared_ptr<const oracle::NaiveTable> t) {
  return rc::gen::exec([t] {
    const NSchema& s = t->schema();
    NItem key;
    if (!t->items().empty() && chance(80)) {
      const NItem& from = t->items()[uniform_index(t->items().size())];
      key.emplace_back(s.pk.name, *oracle::naive_get(from, s.pk.name));
      if (s.sk) key.emplace_back(s.sk->name, *oracle::naive_get(from, s.sk->name));
      return key;
    }
    key.emplace_back(s.pk.name, *gen_partition_value(s.pk.type));
    if (s.sk) key.emplace_back(s.sk->name, *gen_key_value(s.sk->type));
    return key;
  });
}

rc::Gen<std::string> gen_target(const NSchema& schema) {
  std::vector<std::string> targets = {""};
  for (const NIndex& i : schema.indexes) targets.push_back(i.name);
  return rc::gen::elementOf(targets);
}

namespace {

// A non-empty prefix of a key value (whole code points for S).
NValue prefix_of(const NValue& v, std::size_t cut) {
  std::size_t n = 1 + cut % v.s.size();
  if (v.t == T::S) {
    while (n < v.s.size() && (static_cast<unsigned char>(v.s[n]) & 0xC0) == 0x80) ++n;
  }
  return oracle::naive_scalar(v.t, v.s.substr(0, n));
}

}  // namespace

rc::Gen<NKeyCond> gen_key_condition(const oracle::NaiveTable& table, const std::string& index) {
  return gen_key_condition(std::make_shared<const oracle::NaiveTable>(table), index);
}

rc::Gen<NKeyCond> gen_key_condition(std::shared_ptr<const oracle::NaiveTable> t,
                                    const std::string& index) {
  return rc::gen::exec([t, index] {
    const std::vector<NKey> pk = t->partition_of(index);
    const std::vector<NKey> sk = t->sort_of(index);
    const std::vector<NItem> entries = t->entries(index);
    NKeyCond c;
    const NItem* anchor = nullptr;
    if (!entries.empty() && chance(85)) anchor = &entries[uniform_index(entries.size())];
    for (const NKey& k : pk)
      c.partition.push_back(anchor ? *oracle::naive_get(*anchor, k.name) : *gen_key_value(k.type));
    if (sk.empty()) return c;
    // The entries of that partition, for sort values that exist.
    std::vector<NItem> same;
    for (const NItem& e : entries) {
      bool in = true;
      for (std::size_t i = 0; i < pk.size(); ++i)
        in = in && oracle::naive_equal(*oracle::naive_get(e, pk[i].name), c.partition[i]);
      if (in) same.push_back(e);
    }
    auto existing = [&](std::size_t attr) -> NValue {
      if (!same.empty() && chance(75))
        return *oracle::naive_get(*rc::gen::elementOf(same), sk[attr].name);
      return *gen_key_value(sk[attr].type);
    };
    const std::size_t eqs = uniform_index(sk.size());
    const NItem* row = same.empty() ? nullptr : &same[uniform_index(same.size())];
    for (std::size_t i = 0; i < eqs; ++i) {
      c.sort_eq.push_back(row != nullptr && chance(80) ? *oracle::naive_get(*row, sk[i].name)
                                                       : *gen_key_value(sk[i].type));
    }
    const T type = sk[eqs].type;
    std::vector<NKeyCond::Op> ops = {NKeyCond::Op::kNone,   NKeyCond::Op::kEq, NKeyCond::Op::kLt,
                                     NKeyCond::Op::kLe,     NKeyCond::Op::kGt, NKeyCond::Op::kGe,
                                     NKeyCond::Op::kBetween};
    if (type != T::N) ops.push_back(NKeyCond::Op::kBeginsWith);
    c.op = *rc::gen::elementOf(ops);
    if (c.op == NKeyCond::Op::kNone) return c;
    c.a = existing(eqs);
    if (c.op == NKeyCond::Op::kBetween) {
      c.b = existing(eqs);
      if (oracle::naive_compare_scalar(c.a, c.b) > 0) std::swap(c.a, c.b);
    }
    if (c.op == NKeyCond::Op::kBeginsWith)
      c.a = prefix_of(c.a, *rc::gen::inRange<std::size_t>(0, 8));
    return c;
  });
}

namespace {

struct FilterContext {
  std::vector<std::string> names;                   // attributes the filter may read
  std::shared_ptr<const oracle::NaiveTable> table;  // its items, for constants that match
};
using Ctx = std::shared_ptr<const FilterContext>;

NOperand path_operand(std::vector<NStep> path) {
  NOperand o;
  o.kind = NOperand::Kind::kPath;
  o.path = std::move(path);
  return o;
}

NOperand value_operand(NValue v) {
  NOperand o;
  o.kind = NOperand::Kind::kValue;
  o.value = std::move(v);
  return o;
}

bool same_steps(const std::vector<NStep>& a, const std::vector<NStep>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].is_index != b[i].is_index || a[i].name != b[i].name || a[i].index != b[i].index)
      return false;
  }
  return true;
}

rc::Gen<std::vector<NStep>> gen_path(Ctx ctx) {
  return rc::gen::exec([ctx] {
    const std::string name = *rc::gen::elementOf(ctx->names);
    std::vector<NStep> path = {NStep{false, name, 0}};
    if (name == "doc" && *rc::gen::arbitrary<bool>())
      path.push_back(NStep{false, *rc::gen::element<std::string>("a", "b", "Size"), 0});
    if (name == "tags" && *rc::gen::arbitrary<bool>())
      path.push_back(NStep{true, {}, *rc::gen::inRange<std::size_t>(0, 3)});
    return path;
  });
}

// A constant: one the table holds at that path now and then (so filters
// match), else any value; `scalar_only` for the ordering comparisons.
rc::Gen<NValue> gen_constant(Ctx ctx, const std::vector<NStep>& path, bool scalar_only) {
  return rc::gen::exec([ctx, path, scalar_only] {
    std::vector<NValue> seen;
    for (const NItem& item : ctx->table->items()) {
      const NValue* v = oracle::naive_get(item, path.front().name);
      if (v != nullptr && path.size() == 1 &&
          (!scalar_only || v->t == T::S || v->t == T::N || v->t == T::B)) {
        seen.push_back(*v);
      }
    }
    if (!seen.empty() && chance(50)) return *rc::gen::elementOf(seen);
    return scalar_only ? *gen_scalar_value() : *gen_attribute_value();
  });
}

rc::Gen<NCond> gen_atom(Ctx ctx) {
  return rc::gen::exec([ctx] {
    NCond c;
    const auto path = *gen_path(ctx);
    const int kind = *rc::gen::weightedElement<int>(
        {{6, 0}, {2, 1}, {2, 2}, {2, 3}, {1, 4}, {2, 5}, {2, 6}, {2, 7}});
    switch (kind) {
      case 0: {  // comparison
        c.op = *rc::gen::element(NCond::Op::kEq, NCond::Op::kNe, NCond::Op::kLt, NCond::Op::kLe,
                                 NCond::Op::kGt, NCond::Op::kGe);
        const bool ordering = c.op != NCond::Op::kEq && c.op != NCond::Op::kNe;
        const int shape = static_cast<int>(
            uniform_index(5));  // 0-2 path op value, 3 value op path, 4 path op path
        if (shape == 4) {       // two paths, distinct: DynamoDB refuses `a = a` (naive_refusal)
          c.args = {path_operand(path), path_operand(*rc::gen::suchThat(
                                            gen_path(ctx), [path](const std::vector<NStep>& p) {
                                              return !same_steps(p, path);
                                            }))};
        } else {
          NOperand v = value_operand(*gen_constant(ctx, path, ordering));
          c.args = shape == 3 ? std::vector<NOperand>{v, path_operand(path)}
                              : std::vector<NOperand>{path_operand(path), v};
        }
        return c;
      }
      case 1: {  // BETWEEN with constant bounds of one type, in order
        c.op = NCond::Op::kBetween;
        NValue lo = *gen_constant(ctx, path, true);
        NValue hi = *rc::gen::suchThat(gen_constant(ctx, path, true),
                                       [&lo](const NValue& v) { return v.t == lo.t; });
        if (oracle::naive_compare_scalar(lo, hi) > 0) std::swap(lo, hi);
        c.args = {path_operand(path), value_operand(lo), value_operand(hi)};
        return c;
      }
      case 2: {
        c.op = NCond::Op::kIn;
        c.args = {path_operand(path)};
        const int n = *rc::gen::inRange(1, 5);
        for (int i = 0; i < n; ++i)
          c.args.push_back(value_operand(*gen_constant(ctx, path, false)));
        return c;
      }
      case 3:
        c.op = *rc::gen::element(NCond::Op::kExists, NCond::Op::kNotExists);
        c.args = {path_operand(path)};
        return c;
      case 4:
        c.op = NCond::Op::kType;
        c.args = {path_operand(path)};
        c.type_name = *rc::gen::element<std::string>("S", "N", "B", "BOOL", "NULL", "L", "M", "SS",
                                                     "NS", "BS");
        return c;
      case 5: {
        c.op = NCond::Op::kBeginsWith;
        NValue v = *rc::gen::suchThat(gen_constant(ctx, path, true),
                                      [](const NValue& x) { return x.t != T::N; });
        if (!v.s.empty() && *rc::gen::arbitrary<bool>())
          v = prefix_of(v, *rc::gen::inRange<std::size_t>(0, 8));
        c.args = {path_operand(path), value_operand(v)};
        return c;
      }
      case 6:
        c.op = NCond::Op::kContains;
        c.args = {path_operand(path), value_operand(*gen_constant(ctx, path, false))};
        return c;
      default: {  // size(path) compared with a small count
        c.op = *rc::gen::element(NCond::Op::kEq, NCond::Op::kLt, NCond::Op::kGe, NCond::Op::kNe);
        NOperand size = path_operand(path);
        size.kind = NOperand::Kind::kSize;
        c.args = {size,
                  value_operand(oracle::naive_scalar(
                      T::N, *rc::gen::element<std::string>("0", "1", "2", "3", "+2", "1e0")))};
        return c;
      }
    }
  });
}

rc::Gen<NCond> gen_tree(Ctx ctx, int depth) {
  if (depth == 0) return gen_atom(ctx);
  return rc::gen::weightedOneOf<NCond>({
      {2, gen_atom(ctx)},
      {3, rc::gen::exec([ctx, depth] {
         NCond c;
         c.op = *rc::gen::element(NCond::Op::kAnd, NCond::Op::kOr);
         c.kids = {*gen_tree(ctx, depth - 1), *gen_tree(ctx, depth - 1)};
         return c;
       })},
      {1, rc::gen::exec([ctx, depth] {
         NCond c;
         c.op = NCond::Op::kNot;
         c.kids = {*gen_tree(ctx, depth - 1)};
         return c;
       })},
  });
}

// An atom DynamoDB refuses before reading any item (naive_refusal), of the
// kind asked (see gen_refused_filter).
rc::Gen<NCond> gen_refused_atom(Ctx ctx, RefusedKind kind) {
  return rc::gen::exec([ctx, kind] {
    NCond c;
    const auto path = *gen_path(ctx);
    auto constant = [&](bool scalar_only) {
      return value_operand(*gen_constant(ctx, path, scalar_only));
    };
    switch (kind) {
      case RefusedKind::kSameOperand: {
        c.op = *rc::gen::element(NCond::Op::kEq, NCond::Op::kNe, NCond::Op::kLt, NCond::Op::kLe,
                                 NCond::Op::kGt, NCond::Op::kGe, NCond::Op::kBetween,
                                 NCond::Op::kIn, NCond::Op::kBeginsWith, NCond::Op::kContains);
        c.args = {path_operand(path)};
        if (c.op == NCond::Op::kBetween) {
          c.args.push_back(constant(true));
          c.args.push_back(path_operand(path));
          if (*rc::gen::arbitrary<bool>()) std::swap(c.args[1], c.args[2]);
        } else if (c.op == NCond::Op::kIn) {
          const int n = *rc::gen::inRange(0, 4);
          for (int i = 0; i < n; ++i) c.args.push_back(constant(false));
          const auto at = 1 + uniform_index(c.args.size());
          c.args.insert(c.args.begin() + static_cast<std::ptrdiff_t>(at), path_operand(path));
        } else {
          c.args.push_back(path_operand(path));
        }
        return c;
      }
      case RefusedKind::kBetweenReversed: {
        c.op = NCond::Op::kBetween;
        NValue lo = *gen_constant(ctx, path, true);
        NValue hi = *rc::gen::suchThat(gen_constant(ctx, path, true), [&lo](const NValue& v) {
          return v.t == lo.t && oracle::naive_compare_scalar(lo, v) != 0;
        });
        if (oracle::naive_compare_scalar(lo, hi) < 0) std::swap(lo, hi);
        c.args = {path_operand(path), value_operand(lo), value_operand(hi)};
        return c;
      }
      case RefusedKind::kBetweenTypes: {
        c.op = NCond::Op::kBetween;
        NValue lo = *gen_constant(ctx, path, true);
        NValue hi = *rc::gen::suchThat(gen_constant(ctx, path, true),
                                       [&lo](const NValue& v) { return v.t != lo.t; });
        c.args = {path_operand(path), value_operand(lo), value_operand(hi)};
        return c;
      }
      case RefusedKind::kBeginsWithNumber:
        c.op = NCond::Op::kBeginsWith;
        c.args = {path_operand(path), value_operand(*gen_number_spelling())};
        return c;
      default:
        c.op = NCond::Op::kType;
        c.args = {path_operand(path)};
        c.type_name = *rc::gen::element<std::string>("HELLO", "s", "STRING", "Bool", "SN", "");
        return c;
    }
  });
}

// What a filter may read on `index` of `table` (on a Query: not its keys).
Ctx filter_context(std::shared_ptr<const oracle::NaiveTable> shared, const std::string& index,
                   bool scan) {
  auto ctx = std::make_shared<FilterContext>();
  ctx->table = std::move(shared);
  const oracle::NaiveTable& table = *ctx->table;
  std::vector<std::string> keys;
  if (!scan) {
    for (const NKey& k : table.partition_of(index)) keys.push_back(k.name);
    for (const NKey& k : table.sort_of(index)) keys.push_back(k.name);
  }
  std::vector<std::string> all = value_attribute_names();
  all.push_back(table.schema().pk.name);
  if (table.schema().sk) all.push_back(table.schema().sk->name);
  for (const NKey& k : index_key_attributes(table.schema())) all.push_back(k.name);
  for (const std::string& n : all) {
    if (std::find(keys.begin(), keys.end(), n) == keys.end()) ctx->names.push_back(n);
  }
  return ctx;
}

}  // namespace

rc::Gen<NCond> gen_filter(const oracle::NaiveTable& table, const std::string& index, bool scan) {
  return gen_filter(std::make_shared<const oracle::NaiveTable>(table), index, scan);
}

rc::Gen<NCond> gen_filter(std::shared_ptr<const oracle::NaiveTable> table, const std::string& index,
                          bool scan) {
  return gen_tree(filter_context(std::move(table), index, scan), 3);
}

rc::Gen<NCond> gen_refused_filter(const oracle::NaiveTable& table, const std::string& index,
                                  bool scan, RefusedKind kind) {
  const Ctx ctx = filter_context(std::make_shared<const oracle::NaiveTable>(table), index, scan);
  return rc::gen::exec([ctx, kind] {
    NCond refused = *gen_refused_atom(ctx, kind);
    switch (uniform_index(4)) {
      case 0:
        return refused;
      case 1: {
        NCond c;
        c.op = NCond::Op::kNot;
        c.kids = {std::move(refused)};
        return c;
      }
      default: {  // joined to a valid filter, on either side
        NCond c;
        c.op = *rc::gen::element(NCond::Op::kAnd, NCond::Op::kOr);
        c.kids = {*gen_tree(ctx, 2), std::move(refused)};
        if (*rc::gen::arbitrary<bool>()) std::swap(c.kids[0], c.kids[1]);
        return c;
      }
    }
  });
}

}  // namespace sortkey::props
