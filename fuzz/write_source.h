// File: fuzz/write_source.h
//
// Decodes the write differential target's writes in the oracle's terms
// (oracles/naive_query.h, oracles/naive_update.h): items, table keys,
// UpdateItem requests over the whole UpdateExpression grammar, conditional
// PutItem and DeleteItem. Schemas, conditions, Query and Scan come from
// QuerySource (query_source.h), which reads the same bytes.
//
// The values are few and small on purpose, so that writes collide: three
// values per key type (S "a" "b" "c", N 1 2 -1, B 00 01 FF), top-level
// attributes x, y, doc (a map: doc.a, doc.b), tags (a list or a set:
// tags[0], tags[1], tags[3]) and the index keys, Numbers 1, 2, -1, 1e2, 0.5,
// sets of one or two of those elements. Now and then a value has the wrong
// type for where it goes (an index key, ADD, DELETE, `+`, list_append), so
// refusals are drawn too. Every choice reads one byte in order; an
// exhausted input reads zeros, which decode to something valid.

#ifndef SORTKEY_FUZZ_WRITE_SOURCE_H_
#define SORTKEY_FUZZ_WRITE_SOURCE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fuzz/byte_source.h"
#include "fuzz/query_source.h"
#include "oracles/naive_query.h"
#include "oracles/naive_update.h"
#include "properties/props/update_props.h"

namespace sortkey::fuzz {

class WriteSource {
 public:
  using NValue = oracle::NValue;
  using T = NValue::T;

  WriteSource(ByteSource& src, QuerySource& query) : src_(src), query_(query) {}

  std::uint8_t byte() { return src_.byte(); }

  // One of three values of a key type.
  NValue key_value(T type) {
    const std::uint8_t b = byte() % 3;
    if (type == T::N) return oracle::naive_scalar(T::N, kNumbers[b]);
    if (type == T::B) return oracle::naive_scalar(T::B, std::string(1, "\x00\x01\xff"[b]));
    return oracle::naive_scalar(T::S, std::string(1, static_cast<char>('a' + b)));
  }

  // A small value of any type (the file comment's pools).
  NValue value(int depth = 1) {
    const std::uint8_t b = byte();
    const int arg = b >> 4;
    switch (b % 12) {
      case 0:
      case 1:
        return oracle::naive_scalar(T::N, kNumbers[arg % 5]);
      case 2:
      case 3:
        return oracle::naive_scalar(T::S, std::string(1, static_cast<char>('a' + arg % 3)));
      case 4:
        return set(T::SS, arg);
      case 5:
        return set(T::NS, arg);
      case 6:
        return set(T::BS, arg);
      case 7:
      case 8: {
        NValue v;
        v.t = b % 12 == 7 ? T::L : T::M;
        const int n = depth > 0 ? 1 + arg % 2 : 0;
        for (int i = 0; i < n; ++i) {
          if (v.t == T::L) {
            v.list.push_back(value(depth - 1));
          } else {
            v.map.emplace_back(i == 0 ? "a" : "b", value(depth - 1));
          }
        }
        return v;
      }
      case 9: {
        NValue v;
        v.t = T::BOOL;
        v.b = (arg & 1) != 0;
        return v;
      }
      case 10:
        return NValue{};
      default:
        return oracle::naive_scalar(T::B, std::string(1, "\x00\x01\xff"[arg % 3]));
    }
  }

  // A value for the attribute `name`: doc mostly a map and tags mostly a
  // list (their nested paths then resolve), any small value otherwise.
  NValue attribute(const std::string& name) {
    if (name != "doc" && name != "tags") return value();
    const std::uint8_t b = byte();
    if (b % 4 == 3) return value();
    NValue v;
    v.t = name == "doc" ? T::M : T::L;
    for (int i = 0; i < 1 + (b >> 2) % 2; ++i) {
      if (v.t == T::L) {
        v.list.push_back(value(0));
      } else {
        v.map.emplace_back(i == 0 ? "a" : "b", value(0));
      }
    }
    return v;
  }

  // A value for `name`: of its key type mostly when it is an index key
  // (`type` not NUL), else any small value.
  NValue value_for(T type) {
    if (type != T::NUL && byte() % 8 != 7) return key_value(type);
    return value();
  }

  // A PutItem's item: the table key, each index-only key attribute when its
  // bit says so (of the wrong type when the fault bit 0x80 of the next byte
  // is set), and x, y, doc, tags when theirs do.
  oracle::NItem item(const oracle::NSchema& s) {
    oracle::NItem item;
    item.emplace_back(s.pk.name, key_value(s.pk.type));
    if (s.sk) item.emplace_back(s.sk->name, key_value(s.sk->type));
    const std::uint8_t present = byte();
    int bit = 0;
    for (const oracle::NKey& k : QuerySource::index_only_keys(s)) {
      if (((present >> (bit++ % 8)) & 1) == 0) continue;
      item.emplace_back(k.name, value_for(k.type));
    }
    const std::uint8_t others = byte();
    for (std::size_t i = 0; i < kValueNames.size(); ++i) {
      if (((others >> i) & 1) != 0) item.emplace_back(kValueNames[i], attribute(kValueNames[i]));
    }
    return item;
  }

  // A table key: of an item held (most of the time) or one of the few values.
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
    key.emplace_back(s.pk.name, key_value(s.pk.type));
    if (s.sk) key.emplace_back(s.sk->name, key_value(s.sk->type));
    return key;
  }

  // An optional condition on the item under the key (QuerySource::filter,
  // one level of AND/OR/NOT): flags bit 0.
  std::optional<oracle::NCond> condition(const oracle::NaiveTable& t, std::uint8_t flags) {
    if ((flags & 1) == 0) return std::nullopt;
    return query_.filter(t, "", true, 1);
  }

  std::uint64_t style() { return src_.in_range(0, 0xFFFF); }

  // PutItem: flags (bit 0 a condition), the item, the condition, the style.
  props::PutSpec put(const oracle::NaiveTable& t, bool conditional) {
    props::PutSpec p;
    p.item = item(t.schema());
    if (conditional) p.condition = query_.filter(t, "", true, 1);
    p.style = style();
    return p;
  }

  // UpdateItem: the key, flags (bit 0 a condition, bits 1-3 ReturnValues
  // NONE ALL_OLD UPDATED_OLD ALL_NEW UPDATED_NEW, bit 4 ALL_OLD on a failed
  // condition; bits 5-7 101: a table key among the targets, 11x: no
  // UpdateExpression), the update, the condition, the style.
  oracle::NUpdateRequest update_request(const oracle::NaiveTable& t) {
    oracle::NUpdateRequest r;
    r.key = table_key(t);
    const std::uint8_t flags = byte();
    static constexpr oracle::NReturn kReturns[] = {
        oracle::NReturn::kNone, oracle::NReturn::kAllOld, oracle::NReturn::kUpdatedOld,
        oracle::NReturn::kAllNew, oracle::NReturn::kUpdatedNew};
    r.return_values = kReturns[((flags >> 1) & 7) % 5];
    r.old_on_failure = (flags & 0x10) != 0;
    if ((flags & 0xC0) != 0xC0) r.update = update(t.schema(), (flags & 0xE0) == 0xA0);
    r.condition = condition(t, flags);
    return r;
  }

  // DeleteItem: the key, flags (bit 0 a condition, bit 1 ALL_OLD, bit 2
  // ALL_OLD on a failed condition), the condition, the style.
  props::DeleteSpec delete_spec(const oracle::NaiveTable& t) {
    props::DeleteSpec d;
    d.key = table_key(t);
    const std::uint8_t flags = byte();
    d.all_old = (flags & 2) != 0;
    d.old_on_failure = (flags & 4) != 0;
    d.condition = condition(t, flags);
    d.style = style();
    return d;
  }

  // A count byte (bits 0-1: one to three actions; bit 7: targets may
  // repeat, so paths overlap: refused), then per action a kind byte (bits 0-1 SET REMOVE ADD
  // DELETE, the rest the operand shape), the target path, the operands.
  oracle::NUpdate update(const oracle::NSchema& s, bool with_table_key) {
    targets_.clear();
    for (const oracle::NKey& k : QuerySource::index_only_keys(s)) targets_.push_back(k);
    for (const std::string& n : kValueNames) targets_.push_back({n, T::NUL});
    if (with_table_key) targets_.push_back(s.sk && byte() % 2 ? *s.sk : s.pk);
    oracle::NUpdate u;
    const std::uint8_t count = byte();
    overlap_ = (count & 0x80) != 0;
    used_.assign(targets_.size(), false);
    const int n = 1 + count % 3;
    for (int i = 0; i < n; ++i) u.actions.push_back(action());
    return u;
  }

 private:
  using NUpdAction = oracle::NUpdAction;
  using NUpdOperand = oracle::NUpdOperand;

  static constexpr const char* kNumbers[] = {"1", "2", "-1", "1e2", "0.5"};
  static inline const std::vector<std::string> kValueNames = {"x", "y", "doc", "tags"};

  // One or two elements of the set type; `arg` picks which.
  static NValue set(T t, int arg) {
    NValue v;
    v.t = t;
    static const char* const kStrings[] = {"a", "b"};
    static const char* const kBytes[] = {"\x01", "\x02"};
    auto element = [&](int i) -> std::string {
      if (t == T::SS) return kStrings[i];
      if (t == T::NS) return kNumbers[i];
      return kBytes[i];
    };
    if (arg % 3 != 1) v.set.push_back(element(0));
    if (arg % 3 != 0) v.set.push_back(element(1));
    return v;
  }

  // A path: a top-level name (b % names); with bit 7 nested: doc.a / doc.b
  // (bit 4), tags[0] tags[1] tags[3], and with bit 6 too, below any other
  // name (a map key or a list index, bit 5; through a scalar: refused).
  // An action's target (`target`) takes the next name no other target of
  // the update took, unless overlaps are allowed.
  oracle::NPath path(T* type = nullptr, bool target = false) {
    const std::uint8_t b = byte();
    std::size_t at = b % targets_.size();
    if (target && !overlap_) {
      for (std::size_t i = 0; i < targets_.size() && used_[at]; ++i)
        at = (at + 1) % targets_.size();
      used_[at] = true;
    }
    const oracle::NKey& k = targets_[at];
    if (type != nullptr) *type = k.type;
    oracle::NPath p = {oracle::NStep{false, k.name, 0}};
    const bool container = k.name == "doc" || k.name == "tags";
    if ((b & 0x80) == 0 || (!container && (b & 0x40) == 0)) return p;
    if (type != nullptr) *type = T::NUL;
    static constexpr std::size_t kIndexes[] = {0, 1, 3};
    if (k.name == "tags" || (k.name != "doc" && (b & 0x20) != 0)) {
      p.push_back(oracle::NStep{true, {}, kIndexes[(b >> 5) % 3]});
    } else {
      p.push_back(oracle::NStep{false, (b & 0x10) ? "b" : "a", 0});
    }
    return p;
  }

  NUpdOperand operand_value(NValue v) {
    NUpdOperand o;
    o.kind = NUpdOperand::Kind::kValue;
    o.value = std::move(v);
    return o;
  }
  NUpdOperand operand_path() {
    NUpdOperand o;
    o.kind = NUpdOperand::Kind::kPath;
    o.path = path();
    return o;
  }

  // A SET operand (shape % 5): a value (2 in 5), a path, if_not_exists(path,
  // value), list_append of two lists or paths.
  NUpdOperand operand(T type, int depth = 1) {
    const std::uint8_t shape = byte();
    switch (depth > 0 ? shape % 5 : shape % 3) {
      case 2:
        return operand_path();
      case 3: {
        NUpdOperand o;
        o.kind = NUpdOperand::Kind::kIfNotExists;
        o.path = path();
        o.args.push_back(operand_value(value_for(type)));
        return o;
      }
      case 4: {
        NUpdOperand o;
        o.kind = NUpdOperand::Kind::kListAppend;
        for (int i = 0; i < 2; ++i) {
          if ((shape >> (3 + i)) & 1) {
            o.args.push_back(operand_path());
          } else {
            NValue list = value();
            if (list.t != T::L && (shape & 0x80) == 0) {
              NValue wrapped;
              wrapped.t = T::L;
              wrapped.list.push_back(std::move(list));
              list = std::move(wrapped);
            }
            o.args.push_back(operand_value(std::move(list)));
          }
        }
        return o;
      }
      default:
        return operand_value(value_for(type));
    }
  }

  // A Number most of the time (the operand of ADD or of `+`/`-`).
  NValue number_or_other() {
    const std::uint8_t b = byte();
    if (b % 4 != 0) return oracle::naive_scalar(T::N, kNumbers[(b >> 2) % 5]);
    return value(0);
  }

  NUpdAction action() {
    const std::uint8_t kind = byte();
    NUpdAction a;
    T type = T::NUL;
    switch (kind & 3) {
      case 0: {
        a.kind = NUpdAction::Kind::kSet;
        a.path = path(&type, true);
        a.operands.push_back(operand(type));
        const int arith = (kind >> 2) % 3;
        if (arith != 0) {
          a.op = arith == 1 ? '+' : '-';
          a.operands.push_back((kind & 0x40) ? operand(T::NUL, 0)
                                             : operand_value(number_or_other()));
        }
        return a;
      }
      case 1:
        a.kind = NUpdAction::Kind::kRemove;
        a.path = path(nullptr, true);
        return a;
      case 2:
        // ADD: a Number, a set of one of the three types, or (1 in 8) another value.
        a.kind = NUpdAction::Kind::kAdd;
        a.path = path(nullptr, true);
        switch ((kind >> 2) % 8) {
          case 0:
          case 1:
          case 2:
            a.constant = number_or_other();
            break;
          case 7:
            a.constant = value(0);
            break;
          default:
            a.constant = set(kSetTypes[(kind >> 5) % 3], kind >> 2);
            break;
        }
        return a;
      default:
        // DELETE: a set, now and then another value.
        a.kind = NUpdAction::Kind::kDelete;
        a.path = path(nullptr, true);
        a.constant = (kind >> 2) % 8 == 7 ? value(0) : set(kSetTypes[(kind >> 5) % 3], kind >> 2);
        return a;
    }
  }

  static constexpr T kSetTypes[] = {T::SS, T::NS, T::BS};

  ByteSource& src_;
  QuerySource& query_;
  std::vector<oracle::NKey> targets_;  // the current update's top-level targets
  std::vector<bool> used_;             // targets_ an action of the update took
  bool overlap_ = false;
};

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_WRITE_SOURCE_H_
