#include "properties/gen/update_gen.h"

#include <string>
#include <utility>
#include <vector>

#include "properties/gen/query_gen.h"

namespace sortkey::props {
namespace {

using oracle::NItem;
using oracle::NPath;
using oracle::NStep;
using oracle::NUpdAction;
using oracle::NUpdate;
using oracle::NUpdOperand;
using oracle::NValue;
using T = oracle::NValue::T;

NStep upd_name_step(std::string name) {
  NStep s;
  s.name = std::move(name);
  return s;
}

NStep upd_index_step(std::size_t i) {
  NStep s;
  s.is_index = true;
  s.index = i;
  return s;
}

// A target and the value held there (nullptr: none).
struct UpdTarget {
  NPath path;
  const NValue* held = nullptr;
  T key_type = T::NUL;  // an index key attribute's type, NUL for others
};

void upd_collect_paths(const NValue& v, NPath& at, std::vector<UpdTarget>& out, int depth) {
  if (depth >= 3) return;
  if (v.t == T::M) {
    for (const oracle::NField& f : v.map) {
      at.push_back(upd_name_step(f.first));
      out.push_back({at, &f.second});
      upd_collect_paths(f.second, at, out, depth + 1);
      at.pop_back();
    }
    at.push_back(upd_name_step("new"));
    out.push_back({at, nullptr});
    at.pop_back();
  } else if (v.t == T::L) {
    for (std::size_t i = 0; i < v.list.size(); ++i) {
      at.push_back(upd_index_step(i));
      out.push_back({at, &v.list[i]});
      upd_collect_paths(v.list[i], at, out, depth + 1);
      at.pop_back();
    }
    for (std::size_t past : {v.list.size(), v.list.size() + 3}) {
      at.push_back(upd_index_step(past));
      out.push_back({at, nullptr});
      at.pop_back();
    }
  }
}

std::vector<UpdTarget> upd_targets_of(const oracle::NSchema& schema,
                                      const std::optional<NItem>& held) {
  std::vector<UpdTarget> out;
  auto held_value = [&held](const std::string& name) -> const NValue* {
    return held ? oracle::naive_get(*held, name) : nullptr;
  };
  for (const oracle::NIndex& i : schema.indexes) {
    for (const auto* side : {&i.pk, &i.sk}) {
      for (const oracle::NKey& k : *side) {
        out.push_back({{upd_name_step(k.name)}, held_value(k.name), k.type});
      }
    }
  }
  for (const std::string& n : value_attribute_names()) {
    out.push_back({{upd_name_step(n)}, held_value(n)});
  }
  if (held) {
    for (const auto& [name, value] : *held) {
      NPath at = {upd_name_step(name)};
      upd_collect_paths(value, at, out, 0);
    }
  }
  return out;
}

NValue upd_number(std::string text) { return oracle::naive_scalar(T::N, std::move(text)); }

rc::Gen<NValue> upd_gen_small_number() {
  return rc::gen::map(
      rc::gen::element<std::string>("1", "-1", "2.5", "0", "1e2", "-0.001",
                                    "9.9999999999999999999999999999999999999e125", "1e-130",
                                    "12345678901234567890123456789012345678"),
      upd_number);
}

NValue upd_set_of(T type, std::vector<std::string> elements) {
  NValue v;
  v.t = type;
  v.set = std::move(elements);
  return v;
}

// A set of `type` with fresh elements, and some of `held`'s when it is one.
NValue upd_gen_set(T type, const NValue* held) {
  std::vector<std::string> elements;
  if (held != nullptr && held->t == type) {
    for (const std::string& e : held->set) {
      if (chance(50)) elements.push_back(e);
    }
  }
  const int fresh = elements.empty() ? *rc::gen::inRange(1, 3) : *rc::gen::inRange(0, 2);
  static const std::vector<std::string> kStrings = {"a", "b", "c", "\xF0\x9F\x98\x80"};
  static const std::vector<std::string> kNumbers = {"1", "2", "3.5", "-7"};
  for (int i = 0; i < fresh; ++i) {
    const std::string e = *rc::gen::elementOf(type == T::NS ? kNumbers : kStrings);
    bool dup = false;
    for (const std::string& x : elements) {
      dup = dup || (type == T::NS ? oracle::naive_number_compare(x, e) == 0 : x == e);
    }
    if (!dup) elements.push_back(e);
  }
  if (elements.empty()) elements.push_back(type == T::NS ? "42" : "z");
  return upd_set_of(type, std::move(elements));
}

NUpdOperand upd_value_operand(NValue v) {
  NUpdOperand o;
  o.value = std::move(v);
  return o;
}

NUpdOperand upd_path_operand(NPath p) {
  NUpdOperand o;
  o.kind = NUpdOperand::Kind::kPath;
  o.path = std::move(p);
  return o;
}

NValue upd_gen_list() {
  NValue v;
  v.t = T::L;
  const int n = *rc::gen::inRange(0, 3);
  for (int i = 0; i < n; ++i) v.list.push_back(*gen_attribute_value());
  return v;
}

// SET's right-hand side.
void upd_gen_set_value(NUpdAction& a, const UpdTarget& t, const std::vector<UpdTarget>& pool) {
  const UpdTarget& other = pool[uniform_index(pool.size())];
  const int shape = *rc::gen::inRange(0, 10);
  if (shape < 4) {
    const bool key = t.key_type != T::NUL && t.path.size() == 1 && chance(85);
    a.operands.push_back(
        upd_value_operand(key ? *gen_key_value(t.key_type) : *gen_attribute_value()));
  } else if (shape == 4) {
    a.operands.push_back(upd_path_operand(other.path));
  } else if (shape < 7) {
    NUpdOperand left = upd_path_operand(t.path);
    if (chance(50)) {
      left.kind = NUpdOperand::Kind::kIfNotExists;
      left.args.push_back(upd_value_operand(upd_number("0")));
    }
    a.operands.push_back(left);
    a.op = chance(50) ? '+' : '-';
    // A non-number constant now and then: refused from the request.
    a.operands.push_back(
        upd_value_operand(chance(95) ? *upd_gen_small_number() : *gen_attribute_value()));
    if (chance(30)) std::swap(a.operands[0], a.operands[1]);
  } else if (shape < 9) {
    NUpdOperand append;
    append.kind = NUpdOperand::Kind::kListAppend;
    NUpdOperand held = upd_path_operand(t.path);
    if (chance(60)) {
      held.kind = NUpdOperand::Kind::kIfNotExists;
      held.args.push_back(upd_value_operand(upd_gen_list()));
    }
    append.args.push_back(held);
    append.args.push_back(upd_value_operand(chance(95) ? upd_gen_list() : *gen_attribute_value()));
    if (chance(40)) std::swap(append.args[0], append.args[1]);
    a.operands.push_back(append);
  } else {
    NUpdOperand o;
    o.kind = NUpdOperand::Kind::kIfNotExists;
    o.path = other.path;
    o.args.push_back(upd_value_operand(*gen_attribute_value()));
    a.operands.push_back(o);
  }
}

bool upd_clashes(const NPath& a, const NPath& b) {
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) {
    const bool same = a[i].is_index == b[i].is_index &&
                      (a[i].is_index ? a[i].index == b[i].index : a[i].name == b[i].name);
    if (!same) return a[i].is_index != b[i].is_index;
  }
  return true;
}

}  // namespace

rc::Gen<NUpdate> gen_update(const oracle::NSchema& schema, const std::optional<NItem>& held) {
  return rc::gen::exec([schema, held] {
    std::vector<UpdTarget> pool = upd_targets_of(schema, held);
    // A path through a missing or scalar parent, and now and then a table key.
    {
      const UpdTarget& t = pool[uniform_index(pool.size())];
      NPath p = t.path;
      p.push_back(chance(50) ? upd_name_step("deep") : upd_index_step(0));
      pool.push_back({p, nullptr});
    }
    if (chance(4)) {
      for (const oracle::NKey& k : oracle::naive_table_keys(schema)) {
        pool.push_back({{upd_name_step(k.name)}, nullptr, k.type});
      }
    }
    NUpdate u;
    const int n = *rc::gen::inRange(1, 5);
    for (int i = 0; i < n; ++i) {
      const UpdTarget& t = pool[uniform_index(pool.size())];
      bool clash = false;
      for (const NUpdAction& a : u.actions) clash = clash || upd_clashes(a.path, t.path);
      if (clash && chance(90)) continue;
      NUpdAction a;
      a.path = t.path;
      const int kind = *rc::gen::weightedElement<int>({{40, 0}, {25, 1}, {20, 2}, {15, 3}});
      a.kind = static_cast<NUpdAction::Kind>(kind);
      const T held_type = t.held != nullptr ? t.held->t : T::NUL;
      switch (a.kind) {
        case NUpdAction::Kind::kSet:
          upd_gen_set_value(a, t, pool);
          break;
        case NUpdAction::Kind::kRemove:
          break;
        case NUpdAction::Kind::kAdd: {
          T type = held_type;
          if (type != T::N && type != T::SS && type != T::NS && type != T::BS) {
            type = *rc::gen::element(T::N, T::SS, T::NS, T::BS);
          }
          if (chance(10)) type = *rc::gen::element(T::N, T::SS, T::NS, T::BS, T::S, T::L);
          if (type == T::N) {
            a.constant = *upd_gen_small_number();
          } else if (type == T::S || type == T::L) {
            a.constant = *gen_attribute_value();
          } else {
            a.constant = upd_gen_set(type, t.held);
          }
          break;
        }
        case NUpdAction::Kind::kDelete: {
          T type = held_type;
          if (type != T::SS && type != T::NS && type != T::BS) {
            type = *rc::gen::element(T::SS, T::NS, T::BS);
          }
          if (chance(5)) {
            a.constant = *upd_gen_small_number();
          } else {
            a.constant = upd_gen_set(chance(90) ? type : *rc::gen::element(T::SS, T::NS), t.held);
          }
          break;
        }
      }
      u.actions.push_back(std::move(a));
    }
    if (u.actions.empty()) {
      NUpdAction a;
      a.kind = NUpdAction::Kind::kRemove;
      a.path = {upd_name_step("x")};
      u.actions.push_back(a);
    }
    return u;
  });
}

rc::Gen<oracle::NUpdateRequest> gen_update_request(
    std::shared_ptr<const oracle::NaiveTable> table) {
  return rc::gen::exec([table] {
    oracle::NUpdateRequest r;
    r.key = *gen_table_key(table);
    const std::optional<NItem> held = table->get(r.key);
    if (chance(97)) r.update = *gen_update(table->schema(), held);
    if (chance(33)) r.condition = *gen_filter(table, "", true);
    r.return_values = *rc::gen::element(oracle::NReturn::kNone, oracle::NReturn::kAllOld,
                                        oracle::NReturn::kUpdatedOld, oracle::NReturn::kAllNew,
                                        oracle::NReturn::kUpdatedNew);
    r.old_on_failure = chance(50);
    return r;
  });
}

rc::Gen<DeleteSpec> gen_delete_spec(std::shared_ptr<const oracle::NaiveTable> table) {
  return rc::gen::exec([table] {
    DeleteSpec d;
    d.key = *gen_table_key(table);
    if (chance(70)) d.condition = *gen_filter(table, "", true);
    d.all_old = chance(50);
    d.old_on_failure = chance(50);
    d.style = *rc::gen::arbitrary<std::uint64_t>();
    return d;
  });
}

rc::Gen<PutSpec> gen_put_spec(std::shared_ptr<const oracle::NaiveTable> table) {
  return rc::gen::exec([table] {
    PutSpec p;
    p.item = *gen_table_key(table);
    const oracle::NSchema& schema = table->schema();
    for (auto& [name, value] : *gen_item(schema)) {
      if (name != schema.pk.name && !(schema.sk && name == schema.sk->name)) {
        p.item.emplace_back(name, value);
      }
    }
    if (chance(70)) p.condition = *gen_filter(table, "", true);
    p.all_old = chance(50);
    p.old_on_failure = chance(50);
    p.style = *rc::gen::arbitrary<std::uint64_t>();
    return p;
  });
}

}  // namespace sortkey::props
