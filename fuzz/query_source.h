// File: fuzz/query_source.h
//
// Decodes the query differential target's bytes into the oracle's terms
// (oracles/naive_query.h): a table schema with sparse indexes, items whose
// keys follow the guides' strategies (examples/), key conditions, filters and Query and
// Scan specs. Every choice reads one byte (or a few) in order, so a small
// mutation changes one choice; an exhausted input reads zeros, which always
// decode to something valid.
//
// Key strategies for S keys (a byte: its low 3 bits the strategy, the rest
// its argument), after the key designs of examples/:
//   0-2  a small pool of keys that collide and prefix one another
//        ("a", "a#", "a\0", "ab", U+FF5E, an emoji, U+E000, ...)
//   3    1-3 atoms joined (NUL, 0x01, '#', letters, code points at the
//        UTF-8 length edges and in the supplementary planes)
//   4    a composite key of 1-3 segments (EVENT#2026-06#..., escapes '#')
//   5    a Reading: READING#<padded 3> or READING#<inverse 3> (examples/iot_*.yaml)
//   6    a ULID text whose time and entropy vary in one byte each
//   7    an event with a sequence: EVT#<time>#<seq> (examples/audit_log.yaml), or a
//        version key v<3 digits>_ (version history)
// N keys come from a pool of spellings ("1e0", "+1", "1.0", ".5", "-0",
// the range's ends, 38 digits); B keys join 1-3 atoms (0x00, 0x01, 0x7F,
// 0x80, 0xFE, 0xFF).

#ifndef SORTKEY_FUZZ_QUERY_SOURCE_H_
#define SORTKEY_FUZZ_QUERY_SOURCE_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fuzz/byte_source.h"
#include "oracles/naive_casefold.h"
#include "oracles/naive_query.h"
#include "properties/props/query_pools.h"
#include "properties/props/query_props.h"
#include "sortkey/composite.h"
#include "sortkey/inverse.h"
#include "sortkey/layout.h"
#include "sortkey/padded.h"
#include "sortkey/ulid.h"
#include "sortkey/unique.h"

namespace sortkey::fuzz {

class QuerySource {
 public:
  using NValue = oracle::NValue;
  using T = NValue::T;

  explicit QuerySource(ByteSource& src) : src_(src) {}

  bool empty() const { return src_.empty(); }
  std::uint8_t byte() { return src_.byte(); }

  // Byte 0: bits 0-1 the partition key's type (S, N, B), bits 2-3 the sort
  // key's, bit 4 no sort key, bit 5 a second index. Byte 1: the types of
  // g1, g2 and "g 5" (2 bits each). Per index: a byte (bit 0 two partition
  // attributes, bits 1-2 zero to two sort attributes, bits 3-4 the
  // projection, bits 5-7 the INCLUDE list), then a byte per key attribute
  // picking from those left of pk, sk, g1, g2, Status, "g 5". With
  // `local_indexes` (the write differential target) and a table sort key, one
  // more byte: bits 0-1 zero to two local indexes (3 reads as 0); per local
  // index a byte: bits 0-1 its sort attribute (g1, g2, Status, "g 5"), bits
  // 2-3 the projection, bits 4-6 the INCLUDE list.
  oracle::NSchema schema(bool local_indexes = false) {
    static constexpr T kTypes[] = {T::S, T::N, T::B, T::S};
    oracle::NSchema s;
    const std::uint8_t table = byte();
    s.pk = oracle::NKey{"pk", kTypes[table & 3]};
    if ((table & 0x10) == 0) s.sk = oracle::NKey{"sk", kTypes[(table >> 2) & 3]};
    const std::uint8_t types = byte();
    std::vector<oracle::NKey> pool = {s.pk};
    if (s.sk) pool.push_back(*s.sk);
    pool.push_back({"g1", kTypes[types & 3]});
    pool.push_back({"g2", kTypes[(types >> 2) & 3]});
    pool.push_back({"Status", T::S});
    pool.push_back({"g 5", kTypes[(types >> 4) & 3]});
    static constexpr oracle::NIndex::Projection kProjections[] = {
        oracle::NIndex::Projection::kAll, oracle::NIndex::Projection::kKeysOnly,
        oracle::NIndex::Projection::kInclude, oracle::NIndex::Projection::kAll};
    static const char* const kIncluded[] = {"x", "Size", "doc"};
    const int indexes = 1 + ((table >> 5) & 1);
    for (int i = 0; i < indexes; ++i) {
      oracle::NIndex index;
      index.name = "gsi" + std::to_string(i + 1);
      const std::uint8_t shape = byte();
      const int pks = 1 + (shape & 1);
      const int sks = ((shape >> 1) & 3) % 3;
      std::vector<oracle::NKey> left = pool;
      auto draw = [&] {
        const std::size_t at = byte() % left.size();
        oracle::NKey k = left[at];
        left.erase(left.begin() + static_cast<std::ptrdiff_t>(at));
        return k;
      };
      for (int k = 0; k < pks; ++k) index.pk.push_back(draw());
      for (int k = 0; k < sks; ++k) index.sk.push_back(draw());
      index.projection = kProjections[(shape >> 3) & 3];
      if (index.projection == oracle::NIndex::Projection::kInclude) {
        for (int k = 0; k < 3; ++k) {
          if ((shape >> (5 + k)) & 1) index.include.push_back(kIncluded[k]);
        }
      }
      s.indexes.push_back(std::move(index));
    }
    if (local_indexes && s.sk) {
      const int locals = (byte() & 3) % 3;
      const std::vector<oracle::NKey> sorts(pool.end() - 4, pool.end());
      for (int i = 0; i < locals; ++i) {
        oracle::NIndex index;
        index.name = "lsi" + std::to_string(i + 1);
        index.local = true;
        const std::uint8_t shape = byte();
        index.pk = {s.pk};
        index.sk = {sorts[shape & 3]};
        index.projection = kProjections[(shape >> 2) & 3];
        if (index.projection == oracle::NIndex::Projection::kInclude) {
          for (int k = 0; k < 3; ++k) {
            if ((shape >> (4 + k)) & 1) index.include.push_back(kIncluded[k]);
          }
        }
        s.indexes.push_back(std::move(index));
      }
    }
    return s;
  }

  NValue key_value(T type) {
    const std::uint8_t b = byte();
    if (type == T::N) return oracle::naive_scalar(T::N, pick(props::query_number_spellings(), b));
    if (type == T::B)
      return oracle::naive_scalar(T::B, joined(props::query_byte_atoms(), 1 + b % 3));
    const int arg = b >> 3;
    switch (b & 7) {
      case 3:
        return oracle::naive_scalar(T::S, joined(props::query_string_atoms(), 1 + arg % 3));
      case 4: {
        static const char* const kSegments[] = {"EVENT", "2026-06", "ORG", "USER",
                                                "A#B",   "a!",      "#",   "x$y"};
        Path path;
        for (int i = 0; i <= arg % 3; ++i) path.emplace_back(kSegments[byte() % 8]);
        auto key = encode_composite(path);
        return oracle::naive_scalar(T::S, key ? *key : "EVENT");
      }
      case 5: {
        const auto n = static_cast<UInt128>(src_.in_range(0, 999));
        auto key = (arg & 1) ? encode_inverse(n, 3) : encode_padded(n, 3);
        return oracle::naive_scalar(T::S, "READING#" + *key);
      }
      case 6: {
        Ulid::Bytes bytes{};
        bytes[0] = 0x01;
        bytes[5] = byte();
        bytes[15] = static_cast<std::uint8_t>(arg);
        return oracle::naive_scalar(T::S, encode_ulid(Ulid(bytes)));
      }
      case 7: {
        if (arg & 1)
          return oracle::naive_scalar(T::S, *version_key(static_cast<UInt128>(byte() % 16), 3));
        static const char* const kTimes[] = {"2026-06-23T00:00:00Z", "2026-06-23T10:00:00Z",
                                             "2026-06-23T23:59:59Z", "2026-06-24T00:00:00Z"};
        return oracle::naive_scalar(T::S,
                                    *with_sequence(std::string("EVT#") + kTimes[(arg >> 1) % 4],
                                                   static_cast<UInt128>(byte() % 4), 3));
      }
      default:
        return oracle::naive_scalar(
            T::S, pick(props::query_string_keys(), static_cast<std::size_t>(arg)));
    }
  }

  // One of three per type most of the time, so that partitions fill up.
  NValue partition_value(T type) {
    const std::uint8_t b = byte();
    if (b >= 0xC0) return key_value(type);
    if (type == T::S)
      return oracle::naive_scalar(
          T::S, std::array<std::string, 3>{"a", "\xF0\x9F\x98\x80", std::string("a\0", 2)}[b % 3]);
    if (type == T::B)
      return oracle::naive_scalar(T::B,
                                  std::array<std::string, 3>{std::string(1, '\0'), "\xff",
                                                             std::string("\x80\x00", 2)}[b % 3]);
    return oracle::naive_scalar(
        T::N, std::array<const char*, 6>{"1", "-1e-130", "100", "1e2", "+1", "1.0"}[b % 6]);
  }

  // A value of any type: S, N, B (the key strategies), free text, BOOL,
  // NULL, SS, NS, BS, and (depth permitting) L and M.
  NValue attribute_value(int depth = 2) {
    const std::uint8_t b = byte();
    switch (b % 12) {
      case 0:
        return key_value(T::S);
      case 1:
        return key_value(T::N);
      case 2:
        return key_value(T::B);
      case 3:
        return oracle::naive_scalar(T::S, text(b >> 4));
      case 4: {
        NValue v;
        v.t = T::BOOL;
        v.b = (b & 0x80) != 0;
        return v;
      }
      case 5:
        return NValue{};
      case 6:
        return set(T::SS);
      case 7:
        return set(T::NS);
      case 8:
        return set(T::BS);
      case 9:
      case 10: {
        if (depth == 0) return key_value(T::N);
        NValue v;
        v.t = b % 12 == 9 ? T::L : T::M;
        const int n = (b >> 4) % 4;
        static const char* const kKeys[] = {"a", "b", "Size"};
        for (int i = 0; i < n; ++i) {
          if (v.t == T::L) {
            v.list.push_back(attribute_value(depth - 1));
          } else if (i < 3) {
            v.map.emplace_back(kKeys[i], attribute_value(depth - 1));
          }
        }
        return v;
      }
      default:
        return key_value(T::S);
    }
  }

  // A write's item: the table key (now and then of the wrong type or empty,
  // as `fault` says: 1 the partition key, 2 the sort key, 3 an index key),
  // each index-only key attribute when its bit says so, and the other
  // attributes x, y, Size, doc, tags, "note w" when theirs do.
  oracle::NItem item(const oracle::NSchema& s, int fault) {
    oracle::NItem item;
    item.emplace_back(s.pk.name,
                      fault == 1 ? wrong_or_empty(s.pk.type) : partition_value(s.pk.type));
    if (s.sk)
      item.emplace_back(s.sk->name,
                        fault == 2 ? wrong_or_empty(s.sk->type) : key_value(s.sk->type));
    const std::uint8_t present = byte();
    int bit = 0;
    for (const oracle::NKey& k : index_only_keys(s)) {
      if (((present >> (bit++ % 8)) & 1) == 0) continue;
      item.emplace_back(k.name, fault == 3 ? wrong_or_empty(k.type) : key_value(k.type));
      fault = 0;
    }
    const std::uint8_t others = byte();
    for (std::size_t i = 0; i < value_names().size(); ++i) {
      if (((others >> i) & 1) != 0 && oracle::naive_get(item, value_names()[i]) == nullptr) {
        item.emplace_back(value_names()[i], attribute_value());
      }
    }
    return item;
  }

  // A table key: of an item held (most of the time) or fresh.
  oracle::NItem table_key(const oracle::NaiveTable& t) {
    const oracle::NSchema& s = t.schema();
    const std::uint8_t b = byte();
    oracle::NItem key;
    if (!t.items().empty() && b < 0xC0) {
      const oracle::NItem& from = t.items()[b % t.items().size()];
      key.emplace_back(s.pk.name, *oracle::naive_get(from, s.pk.name));
      if (s.sk) key.emplace_back(s.sk->name, *oracle::naive_get(from, s.sk->name));
      return key;
    }
    key.emplace_back(s.pk.name, partition_value(s.pk.type));
    if (s.sk) key.emplace_back(s.sk->name, key_value(s.sk->type));
    return key;
  }

  std::string target(const oracle::NSchema& s) {
    const std::size_t at = byte() % (s.indexes.size() + 1);
    return at == 0 ? "" : s.indexes[at - 1].name;
  }

  // A key condition on the table or an index, its values mostly those of an
  // entry that exists: an anchor byte (0 for fresh values), then the number
  // of sort equalities, the operator (none, =, <, <=, >, >=, BETWEEN,
  // begins_with), its operands and, for begins_with, the prefix's length.
  oracle::NKeyCond key_condition(const oracle::NaiveTable& t, const std::string& index) {
    using Op = oracle::NKeyCond::Op;
    const std::vector<oracle::NKey> pk = t.partition_of(index);
    const std::vector<oracle::NKey> sk = t.sort_of(index);
    const std::vector<oracle::NItem> entries = t.entries(index);
    oracle::NKeyCond c;
    const std::uint8_t anchor_byte = byte();
    const oracle::NItem* anchor =
        entries.empty() || anchor_byte == 0 ? nullptr : &entries[anchor_byte % entries.size()];
    for (const oracle::NKey& k : pk)
      c.partition.push_back(anchor ? *oracle::naive_get(*anchor, k.name) : key_value(k.type));
    if (sk.empty()) return c;
    std::vector<oracle::NItem> same;
    for (const oracle::NItem& e : entries) {
      bool in = true;
      for (std::size_t i = 0; i < pk.size(); ++i)
        in = in && oracle::naive_equal(*oracle::naive_get(e, pk[i].name), c.partition[i]);
      if (in) same.push_back(e);
    }
    auto existing = [&](std::size_t attr) -> NValue {
      const std::uint8_t b = byte();
      if (!same.empty() && b < 0xC0)
        return *oracle::naive_get(same[b % same.size()], sk[attr].name);
      return key_value(sk[attr].type);
    };
    const std::size_t eqs = byte() % sk.size();
    for (std::size_t i = 0; i < eqs; ++i) c.sort_eq.push_back(existing(i));
    const T type = sk[eqs].type;
    static constexpr Op kOps[] = {Op::kNone, Op::kEq, Op::kLt,      Op::kLe,
                                  Op::kGt,   Op::kGe, Op::kBetween, Op::kBeginsWith};
    c.op = kOps[byte() % (type == T::N ? 7 : 8)];
    if (c.op == Op::kNone) return c;
    c.a = existing(eqs);
    if (c.op == Op::kBetween) {
      c.b = existing(eqs);
      if (oracle::naive_compare_scalar(c.a, c.b) > 0) std::swap(c.a, c.b);
    }
    if (c.op == Op::kBeginsWith) c.a = prefix_of(c.a, byte());
    return c;
  }

  // A filter on what a Query of `index` may filter on (a Scan: anything),
  // at most `depth` AND/OR/NOT deep.
  oracle::NCond filter(const oracle::NaiveTable& t, const std::string& index, bool scan,
                       int depth = 2) {
    std::vector<std::string> keys;
    if (!scan) {
      for (const oracle::NKey& k : t.partition_of(index)) keys.push_back(k.name);
      for (const oracle::NKey& k : t.sort_of(index)) keys.push_back(k.name);
    }
    std::vector<std::string> names;
    std::vector<std::string> all = value_names();
    all.push_back(t.schema().pk.name);
    if (t.schema().sk) all.push_back(t.schema().sk->name);
    for (const oracle::NKey& k : index_only_keys(t.schema())) all.push_back(k.name);
    for (const std::string& n : all) {
      if (std::find(keys.begin(), keys.end(), n) == keys.end()) names.push_back(n);
    }
    return tree(t, names, depth);
  }

  // Byte layout: target, key condition, flags (bit 0 a filter, bit 1
  // backward, bit 2 COUNT, bit 3 consistent read), the limit (0 none, else
  // 1, 1, 2, 3, 5), two bytes of rendering style, the resume position.
  props::QuerySpec query(const oracle::NaiveTable& t) {
    props::QuerySpec q;
    q.index = target(t.schema());
    q.key = key_condition(t, q.index);
    const std::uint8_t flags = byte();
    if (flags & 1) q.filter = filter(t, q.index, false);
    q.forward = (flags & 2) == 0;
    q.count_only = (flags & 4) != 0 && (flags & 0x30) == 0;
    q.consistent = q.index.empty() && (flags & 8) != 0;
    q.limit = limit(byte(), {1, 1, 2, 3, 5});
    q.style = src_.in_range(0, 0xFFFF);
    q.resume_at = byte();
    return q;
  }

  props::ScanSpec scan(const oracle::NaiveTable& t) {
    props::ScanSpec s;
    s.index = target(t.schema());
    const std::uint8_t flags = byte();
    if (flags & 1) s.filter = filter(t, s.index, true);
    s.count_only = (flags & 4) != 0 && (flags & 0x30) == 0;
    s.consistent = s.index.empty() && (flags & 8) != 0;
    s.limit = limit(byte(), {1, 2, 3, 7, 2});
    s.style = src_.in_range(0, 0xFFFF);
    return s;
  }

  // The attributes items carry besides their keys.
  static const std::vector<std::string>& value_names() {
    static const std::vector<std::string> names = {"x", "y", "Size", "doc", "tags", "note w"};
    return names;
  }

  // Index key attributes that are not table keys, each once.
  static std::vector<oracle::NKey> index_only_keys(const oracle::NSchema& s) {
    std::vector<oracle::NKey> out;
    for (const oracle::NIndex& i : s.indexes) {
      for (const auto* side : {&i.pk, &i.sk}) {
        for (const oracle::NKey& k : *side) {
          const bool base = k.name == s.pk.name || (s.sk && k.name == s.sk->name);
          const bool seen = std::any_of(out.begin(), out.end(),
                                        [&](const oracle::NKey& o) { return o.name == k.name; });
          if (!base && !seen) out.push_back(k);
        }
      }
    }
    return out;
  }

 private:
  // Up to 3 code points anywhere in Unicode (3 bytes each, surrogates moved
  // past), so that S values also leave the atoms' pools.
  std::string text(int n) {
    std::string out;
    for (int i = 0; i < n % 4; ++i) {
      char32_t c = static_cast<char32_t>(src_.in_range(0, 0x10FFFF));
      if (c >= 0xD800 && c <= 0xDFFF) c += 0x800;
      out += oracle::utf8_of(c);
    }
    return out;
  }

  static const std::string& pick(const std::vector<std::string>& pool, std::size_t i) {
    return pool[i % pool.size()];
  }

  std::string joined(const std::vector<std::string>& atoms, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += atoms[byte() % atoms.size()];
    return out;
  }

  NValue set(T t) {
    const T element = t == T::SS ? T::S : (t == T::NS ? T::N : T::B);
    NValue v;
    v.t = t;
    const int n = 1 + byte() % 3;
    for (int i = 0; i < n; ++i) {
      const NValue e = key_value(element);
      bool dup = false;
      for (const std::string& x : v.set) {
        dup = dup || (element == T::N ? oracle::naive_number_compare(x, e.s) == 0 : x == e.s);
      }
      if (!dup) v.set.push_back(e.s);
    }
    return v;
  }

  // A value of another type, or an empty S or B (a number key cannot be empty).
  NValue wrong_or_empty(T type) {
    const std::uint8_t b = byte();
    if ((b & 1) != 0 && type != T::N) return oracle::naive_scalar(type, "");
    NValue v = attribute_value(1);
    return v.t == type ? NValue{} : v;
  }

  static std::optional<int> limit(std::uint8_t b, std::array<int, 5> values) {
    if (b % 6 == 0) return std::nullopt;
    return values[b % 6 - 1];
  }

  // A non-empty prefix of a key value (whole code points for S).
  static NValue prefix_of(const NValue& v, std::size_t cut) {
    if (v.s.empty()) return v;
    std::size_t n = 1 + cut % v.s.size();
    if (v.t == T::S) {
      while (n < v.s.size() && (static_cast<unsigned char>(v.s[n]) & 0xC0) == 0x80) ++n;
    }
    return oracle::naive_scalar(v.t, v.s.substr(0, n));
  }

  std::vector<oracle::NStep> path(const std::vector<std::string>& names) {
    const std::uint8_t b = byte();
    const std::string& name = names[b % names.size()];
    std::vector<oracle::NStep> p = {oracle::NStep{false, name, 0}};
    static const char* const kKeys[] = {"a", "b", "Size"};
    if (name == "doc" && (b & 0x80)) p.push_back(oracle::NStep{false, kKeys[(b >> 5) % 3], 0});
    if (name == "tags" && (b & 0x80))
      p.push_back(oracle::NStep{true, {}, static_cast<std::size_t>((b >> 5) % 3)});
    return p;
  }

  // A constant: one the table holds at that path now and then (so filters
  // match), else any value; only S, N and B when `scalar_only`.
  NValue constant(const oracle::NaiveTable& t, const std::vector<oracle::NStep>& p,
                  bool scalar_only) {
    const std::uint8_t b = byte();
    if (b < 0x80 && p.size() == 1) {
      std::vector<const NValue*> seen;
      for (const oracle::NItem& item : t.items()) {
        const NValue* v = oracle::naive_get(item, p.front().name);
        if (v != nullptr && (!scalar_only || v->t == T::S || v->t == T::N || v->t == T::B))
          seen.push_back(v);
      }
      if (!seen.empty()) return *seen[b % seen.size()];
    }
    if (!scalar_only) return attribute_value(1);
    static constexpr T kScalars[] = {T::S, T::N, T::B};
    return key_value(kScalars[b % 3]);
  }

  static oracle::NOperand path_operand(std::vector<oracle::NStep> p, bool size = false) {
    oracle::NOperand o;
    o.kind = size ? oracle::NOperand::Kind::kSize : oracle::NOperand::Kind::kPath;
    o.path = std::move(p);
    return o;
  }
  static oracle::NOperand value_operand(NValue v) {
    oracle::NOperand o;
    o.kind = oracle::NOperand::Kind::kValue;
    o.value = std::move(v);
    return o;
  }

  // One atom: a kind byte (comparison, BETWEEN, IN, attribute_exists / _not_exists,
  // attribute_type, begins_with, contains, size comparison), a path, its operands.
  oracle::NCond atom(const oracle::NaiveTable& t, const std::vector<std::string>& names) {
    using Op = oracle::NCond::Op;
    oracle::NCond c;
    const std::uint8_t kind = byte();
    const auto p = path(names);
    switch (kind % 8) {
      case 0: {
        static constexpr Op kCompare[] = {Op::kEq, Op::kNe, Op::kLt, Op::kLe, Op::kGt, Op::kGe};
        c.op = kCompare[(kind >> 3) % 6];
        const bool ordering = c.op != Op::kEq && c.op != Op::kNe;
        const int shape = byte() % 5;  // 0-2 path op value, 3 value op path, 4 path op path
        if (shape == 4) {
          c.args = {path_operand(p), path_operand(path(names))};
        } else {
          oracle::NOperand v = value_operand(constant(t, p, ordering));
          c.args = shape == 3 ? std::vector<oracle::NOperand>{v, path_operand(p)}
                              : std::vector<oracle::NOperand>{path_operand(p), v};
        }
        return c;
      }
      case 1: {
        c.op = Op::kBetween;
        NValue lo = constant(t, p, true);
        NValue hi = constant(t, p, true);
        if (hi.t != lo.t) hi = lo;
        if (oracle::naive_compare_scalar(lo, hi) > 0) std::swap(lo, hi);
        c.args = {path_operand(p), value_operand(lo), value_operand(hi)};
        return c;
      }
      case 2: {
        c.op = Op::kIn;
        c.args = {path_operand(p)};
        const int n = 1 + (kind >> 3) % 4;
        for (int i = 0; i < n; ++i) c.args.push_back(value_operand(constant(t, p, false)));
        return c;
      }
      case 3:
        c.op = (kind & 0x80) ? Op::kNotExists : Op::kExists;
        c.args = {path_operand(p)};
        return c;
      case 4: {
        static const char* const kTypeNames[] = {"S", "N", "B",  "BOOL", "NULL",
                                                 "L", "M", "SS", "NS",   "BS"};
        c.op = Op::kType;
        c.args = {path_operand(p)};
        c.type_name = kTypeNames[(kind >> 3) % 10];
        return c;
      }
      case 5: {
        c.op = Op::kBeginsWith;
        NValue v = constant(t, p, true);
        if (v.t == T::N) v = oracle::naive_scalar(T::S, v.s);
        if (kind & 0x80) v = prefix_of(v, byte());
        c.args = {path_operand(p), value_operand(v)};
        return c;
      }
      case 6:
        c.op = Op::kContains;
        c.args = {path_operand(p), value_operand(constant(t, p, false))};
        return c;
      default: {
        static constexpr Op kSize[] = {Op::kEq, Op::kLt, Op::kGe, Op::kNe};
        static const char* const kCounts[] = {"0", "1", "2", "3", "+2", "1e0"};
        c.op = kSize[(kind >> 3) % 4];
        c.args = {path_operand(p, true),
                  value_operand(oracle::naive_scalar(T::N, kCounts[(kind >> 5) % 6]))};
        return c;
      }
    }
  }

  oracle::NCond tree(const oracle::NaiveTable& t, const std::vector<std::string>& names,
                     int depth) {
    using Op = oracle::NCond::Op;
    const std::uint8_t b = byte();
    if (depth == 0 || b % 6 < 2) return atom(t, names);
    oracle::NCond c;
    if (b % 6 == 5) {
      c.op = Op::kNot;
      c.kids = {tree(t, names, depth - 1)};
      return c;
    }
    c.op = (b & 0x80) ? Op::kOr : Op::kAnd;
    c.kids = {tree(t, names, depth - 1), tree(t, names, depth - 1)};
    return c;
  }

  ByteSource& src_;
};

// The schema as the targets print it: table(pk:S; sk:N) gsi1(g1:S; ; ALL)
// lsi1(pk:S; g2:N; INCLUDE x doc; local).
inline std::string show_schema(const oracle::NSchema& s) {
  auto keys = [](const std::vector<oracle::NKey>& ks) {
    std::string out;
    for (const oracle::NKey& k : ks)
      out += (out.empty() ? "" : ",") + k.name + ":" + oracle::naive_type_name(k.type);
    return out;
  };
  std::string out = "table(" + s.pk.name + ":" + oracle::naive_type_name(s.pk.type);
  if (s.sk) out += "; " + s.sk->name + ":" + oracle::naive_type_name(s.sk->type);
  out += ")";
  static const char* const kProjection[] = {"ALL", "KEYS_ONLY", "INCLUDE"};
  for (const oracle::NIndex& i : s.indexes) {
    out += " " + i.name + "(" + keys(i.pk) + "; " + keys(i.sk) + "; " +
           kProjection[static_cast<int>(i.projection)];
    for (const std::string& n : i.include) out += " " + n;
    if (i.local) out += "; local";
    out += ")";
  }
  return out;
}

// The schema and every step decoded so far, numbered, as a failure of a
// differential target prints them. Steps: a vector of what has `show()`.
template <class Steps>
std::string show_steps(const oracle::NSchema& schema, const Steps& steps) {
  std::string out = show_schema(schema);
  for (std::size_t i = 0; i < steps.size(); ++i)
    out += "\n     " + std::to_string(i + 1) + ". " + steps[i].show();
  return out;
}

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_QUERY_SOURCE_H_
