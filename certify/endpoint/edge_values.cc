// The sweep of boundary values (edge_values.h).

#include "certify/endpoint/edge_values.h"

#include <fmt/format.h>
#include <rapidcheck.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sortkey::certify::endpoint {

using oracle::NCond;
using oracle::NItem;
using oracle::NOperand;
using oracle::NValue;
using T = NValue::T;
using Op = NCond::Op;

namespace {

NValue edge_scalar(T t, std::string s) { return oracle::naive_scalar(t, std::move(s)); }

NValue edge_bool(bool b) {
  NValue v;
  v.t = T::BOOL;
  v.b = b;
  return v;
}

NValue edge_of(T t) {
  NValue v;
  v.t = t;
  return v;
}

// The scalar boundary values (S, B, N), in the order the sweep takes them.
const std::vector<NValue>& edge_scalars() {
  static const std::vector<NValue> all = {
      edge_scalar(T::S, ""),
      edge_scalar(T::S, "a"),
      edge_scalar(T::S, "\xEF\xBD\x9E"),      // U+FF5E: above U+10000 in UTF-16 order only
      edge_scalar(T::S, "\xF0\x9F\x98\x80"),  // U+1F600
      edge_scalar(T::B, ""),
      edge_scalar(T::B, std::string(1, '\0')),
      edge_scalar(T::B, "\x7F"),  // 0x7F and 0x80: in order unsigned, reversed signed
      edge_scalar(T::B, "\x80"),
      edge_scalar(T::B, "\xFF"),  // 0x80 and 0xFF: neither is UTF-8, both decode as U+FFFD
      edge_scalar(T::N, "0"),
      edge_scalar(T::N, "-1"),
      edge_scalar(T::N, "1E-130"),
      edge_scalar(T::N, "9.9999999999999999999999999999999999999E+125"),
  };
  return all;
}

// Every boundary value: the scalars, then the others.
const std::vector<NValue>& edge_values() {
  static const std::vector<NValue> all = [] {
    std::vector<NValue> v = edge_scalars();
    v.push_back(edge_bool(false));
    v.push_back(edge_bool(true));
    NValue null = edge_of(T::NUL);
    null.b = true;
    v.push_back(null);
    v.push_back(edge_of(T::L));
    v.push_back(edge_of(T::M));
    NValue list = edge_of(T::L);
    list.list.push_back(edge_scalar(T::S, ""));
    v.push_back(list);
    NValue map = edge_of(T::M);
    map.map.emplace_back("a", edge_scalar(T::S, ""));
    v.push_back(map);
    NValue ss = edge_of(T::SS);
    ss.set = {"a"};
    v.push_back(ss);
    NValue ns = edge_of(T::NS);
    ns.set = {"0"};
    v.push_back(ns);
    NValue bs = edge_of(T::BS);
    bs.set = {std::string(1, '\0')};
    v.push_back(bs);
    return v;
  }();
  return all;
}

// A distinct table key value of type `t` for item `i`.
NValue edge_key(T t, std::size_t i) {
  switch (t) {
    case T::N:
      return edge_scalar(T::N, std::to_string(i));
    case T::B:
      return edge_scalar(T::B, std::string(1, static_cast<char>(i + 1)));
    default:
      return edge_scalar(T::S, fmt::format("e{:02}", i));
  }
}

NOperand edge_path() {
  NOperand o;
  o.kind = NOperand::Kind::kPath;
  o.path = {oracle::NStep{false, "x", 0}};
  return o;
}

NOperand edge_size() {
  NOperand o = edge_path();
  o.kind = NOperand::Kind::kSize;
  return o;
}

NOperand edge_constant(NValue v) {
  NOperand o;
  o.kind = NOperand::Kind::kValue;
  o.value = std::move(v);
  return o;
}

NCond edge_atom(Op op, std::vector<NOperand> args) {
  NCond c;
  c.op = op;
  c.args = std::move(args);
  return c;
}

struct EdgeFamily {
  const char* name;
  std::vector<NCond> (*filters)();
  bool pairs = false;  // its items hold two values, x and y (edge_value_items)
};

NOperand edge_second_path() {
  NOperand o = edge_path();
  o.path = {oracle::NStep{false, "y", 0}};
  return o;
}

std::vector<NCond> edge_compared(std::initializer_list<Op> ops, const std::vector<NValue>& with) {
  std::vector<NCond> out;
  for (Op op : ops) {
    for (const NValue& v : with) out.push_back(edge_atom(op, {edge_path(), edge_constant(v)}));
  }
  return out;
}

const EdgeFamily kEdgeFamilies[] = {
    {"=, <>",
     [] {
       return edge_compared({Op::kEq, Op::kNe}, edge_values());
     }},
    {"<, <=",
     [] {
       return edge_compared({Op::kLt, Op::kLe}, edge_scalars());
     }},
    {">, >=",
     [] {
       return edge_compared({Op::kGt, Op::kGe}, edge_scalars());
     }},
    {"BETWEEN",
     [] {
       std::vector<NCond> out;
       for (const NValue& lo : edge_scalars()) {
         for (const NValue& hi : edge_scalars()) {
           if (lo.t != hi.t || oracle::naive_compare_scalar(lo, hi) > 0) continue;
           out.push_back(
               edge_atom(Op::kBetween, {edge_path(), edge_constant(lo), edge_constant(hi)}));
         }
       }
       return out;
     }},
    {"IN", [] { return edge_compared({Op::kIn}, edge_values()); }},
    {"begins_with", [] { return edge_compared({Op::kBeginsWith}, edge_scalars()); }},
    {"contains", [] { return edge_compared({Op::kContains}, edge_values()); }},
    {"attribute_type",
     [] {
       std::vector<NCond> out;
       for (const char* type : {"S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS"}) {
         NCond c = edge_atom(Op::kType, {edge_path()});
         c.type_name = type;
         out.push_back(std::move(c));
       }
       return out;
     }},
    {"size",
     [] {
       std::vector<NCond> out;
       for (Op op : {Op::kEq, Op::kLt, Op::kGe}) {
         for (const char* n : {"0", "1"})
           out.push_back(edge_atom(op, {edge_size(), edge_constant(edge_scalar(T::N, n))}));
       }
       return out;
     }},
    {"attribute_exists",
     [] {
       return std::vector<NCond>{edge_atom(Op::kExists, {edge_path()}),
                                 edge_atom(Op::kNotExists, {edge_path()})};
     }},
    {"path, path",
     [] {
       std::vector<NCond> out;
       for (Op op : {Op::kEq, Op::kNe, Op::kLt, Op::kLe, Op::kGt, Op::kGe})
         out.push_back(edge_atom(op, {edge_path(), edge_second_path()}));
       return out;
     },
     true},
};

}  // namespace

int edge_value_families() { return static_cast<int>(std::size(kEdgeFamilies)); }

std::string edge_value_family_name(int family) {
  return kEdgeFamilies[static_cast<std::size_t>(family)].name;
}

std::vector<NItem> edge_value_items(const oracle::NSchema& schema, int family) {
  std::vector<std::pair<NValue, std::optional<NValue>>> held;
  if (family >= 0 && kEdgeFamilies[static_cast<std::size_t>(family)].pairs) {
    for (const NValue& x : edge_scalars()) {
      for (const NValue& y : edge_scalars()) {
        if (x.t == y.t) held.emplace_back(x, y);
      }
    }
  } else {
    for (const NValue& x : edge_values()) held.emplace_back(x, std::nullopt);
  }
  std::vector<NItem> items;
  for (std::size_t i = 0; i < held.size(); ++i) {
    NItem item;
    item.emplace_back(schema.pk.name, edge_key(schema.pk.type, i));
    if (schema.sk) item.emplace_back(schema.sk->name, edge_key(schema.sk->type, 0));
    item.emplace_back("x", held[i].first);
    if (held[i].second) item.emplace_back("y", *held[i].second);
    items.push_back(std::move(item));
  }
  return items;
}

std::vector<props::ScanSpec> edge_value_scans(int family) {
  std::vector<props::ScanSpec> out;
  for (NCond& c : kEdgeFamilies[static_cast<std::size_t>(family)].filters()) {
    // A filter DynamoDB refuses is another property's (invalid_requests).
    if (!oracle::naive_refusal(c).empty()) continue;
    props::ScanSpec s;
    s.filter = std::move(c);
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<props::ScanSpec> gen_edge_value_scans() {
  static const std::vector<NCond> atoms = [] {
    std::vector<NCond> all;
    for (int f = 0; f < edge_value_families(); ++f) {
      for (props::ScanSpec& s : edge_value_scans(f)) all.push_back(std::move(*s.filter));
    }
    return all;
  }();
  std::vector<props::ScanSpec> out;
  for (int n = *rc::gen::inRange(1, 4); n > 0; --n) {
    NCond c;
    c.op = *rc::gen::element(Op::kAnd, Op::kOr, Op::kNot);
    c.kids.push_back(*rc::gen::elementOf(atoms));
    if (c.op != Op::kNot) c.kids.push_back(*rc::gen::elementOf(atoms));
    props::ScanSpec s;
    s.filter = std::move(c);
    s.style = *rc::gen::arbitrary<std::uint64_t>();
    // Operands not distinct (x = :a AND x = :a) are refused: another property's.
    if (oracle::naive_refusal(*s.filter).empty()) out.push_back(std::move(s));
  }
  return out;
}

}  // namespace sortkey::certify::endpoint
