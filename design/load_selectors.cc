// The design loader's selectors (an entity type and a `where` condition on
// its attributes), their operands (literals or a pattern's parameters), and
// order keys: what both entities and patterns use to name items and order.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "design/load.h"
#include "design/load_internal.h"
#include "design/suggest.h"
#include "design/values.h"
#include "sortkey/name.h"

namespace sortkey::design::load_internal {

Result<Operand> Loader::read_operand(const Node& n, const AttributeSpec& spec,
                                     const ParamTypes* params) const {
  Operand o;
  if (n.j->is_string()) {
    const std::string s = n.j->get<std::string>();
    if (s.rfind("$", 0) == 0 && s.rfind("$$", 0) != 0) {
      const auto it = params == nullptr ? ParamTypes::const_iterator{} : params->find(s.substr(1));
      if (params == nullptr || it == params->end()) {
        std::vector<std::string> known;
        for (const auto& [param, type] : params == nullptr ? ParamTypes{} : *params) {
          known.push_back("$" + param);
        }
        return fail(n, fmt::format("{} names no parameter{}{}", s,
                                   params == nullptr ? " (a key's condition has none)" : "",
                                   did_you_mean(s, known)));
      }
      if (it->second->type != spec.type) {
        return fail(n, fmt::format("{} is {} parameter, but {} is of type {}", s,
                                   a_type(it->second->type), spec.name, to_string(spec.type)));
      }
      o.is_param = true;
      o.param = s.substr(1);
      return o;
    }
  }
  json literal = *n.j;
  if (literal.is_string() && literal.get<std::string>().rfind("$$", 0) == 0) {
    literal = literal.get<std::string>().substr(1);
  }
  auto v = value_from_literal(literal, spec);
  if (!v) return fail(n, v.error().message);
  o.literal = *v;
  return o;
}

Result<Predicate> Loader::read_where(const Node& n, const EntityType& e,
                                     const ParamTypes* params) const {
  Predicate p;
  if (!n) return p;
  auto entries = members(n, kMaxAttributes);
  if (!entries) return entries.error();
  using Op = Comparison::Op;
  const std::map<std::string, Op, std::less<>> ops{
      {"eq", Op::kEq},           {"ne", Op::kNe}, {"lt", Op::kLt},
      {"le", Op::kLe},           {"gt", Op::kGt}, {"ge", Op::kGe},
      {"between", Op::kBetween}, {"in", Op::kIn}, {"begins_with", Op::kBeginsWith},
      {"exists", Op::kExists}};
  for (const auto& [attr, cond] : *entries) {
    const AttributeSpec* spec = e.attribute(attr);
    if (spec == nullptr) {
      std::vector<std::string> known;
      for (const AttributeSpec& a : e.attributes) known.push_back(a.name);
      return fail(cond,
                  fmt::format("{} has no attribute {}{}", e.name, attr, did_you_mean(attr, known)));
    }
    if (!cond.j->is_object()) {
      auto o = read_operand(cond, *spec, params);
      if (!o) return o.error();
      p.all.push_back(Comparison{attr, Op::kEq, {*o}, true});
      continue;
    }
    auto conds = members(cond, 16);
    if (!conds) return conds.error();
    for (const auto& [op_name, arg] : *conds) {
      const auto op = ops.find(op_name);
      if (op == ops.end()) {
        std::vector<std::string> known;
        for (const auto& [word, o] : ops) known.push_back(word);
        return fail(arg, fmt::format("unknown condition \"{}\"{}; the conditions: eq, ne, lt, le, "
                                     "gt, ge, between, in, begins_with, exists",
                                     op_name, did_you_mean(op_name, known)));
      }
      Comparison c{attr, op->second, {}, true};
      if (c.op == Op::kExists) {
        auto b = boolean(arg);
        if (!b) return b.error();
        c.exists = *b;
      } else if (c.op == Op::kBetween || c.op == Op::kIn) {
        auto args = list(arg, 100);
        if (!args) return args.error();
        if ((c.op == Op::kBetween && args->size() != 2) || args->empty()) {
          return fail(arg, c.op == Op::kBetween ? "must be [low, high]" : "must list a value");
        }
        for (const Node& a : *args) {
          auto o = read_operand(a, *spec, params);
          if (!o) return o.error();
          c.operands.push_back(*o);
        }
      } else {
        if (c.op == Op::kBeginsWith && spec->type != AttrType::kString &&
            spec->type != AttrType::kId) {
          return fail(arg, "begins_with compares text: a string or id attribute");
        }
        auto o = read_operand(arg, *spec, params);
        if (!o) return o.error();
        c.operands.push_back(*o);
      }
      p.all.push_back(std::move(c));
    }
  }
  return p;
}

Result<std::vector<std::string>> Loader::entity_order(
    const Node& n, const std::vector<const EntityType*>& types) const {
  auto names = list(n, kMaxEntityTypes);
  if (!names) return names.error();
  std::vector<std::string> here;
  for (const EntityType* t : types) {
    if (std::find(here.begin(), here.end(), t->name) == here.end()) here.push_back(t->name);
  }
  std::vector<std::string> out;
  for (const Node& t : *names) {
    auto s = name(t);
    if (!s) return s.error();
    if (std::find(here.begin(), here.end(), *s) == here.end()) {
      return fail(t, fmt::format("{} is not an entity type here{}: the types here are {}", *s,
                                 did_you_mean(*s, here), joined(here)));
    }
    if (std::find(out.begin(), out.end(), *s) != out.end()) {
      return fail(t, fmt::format("{} is listed twice", *s));
    }
    out.push_back(*s);
  }
  return out;
}

Result<std::vector<OrderKey>> Loader::read_order_keys(
    const Node& n, const std::vector<const EntityType*>& types) const {
  auto entries = list(n, 16);
  if (!entries) return entries.error();
  std::vector<OrderKey> out;
  for (const Node& e : *entries) {
    OrderKey k;
    Node attr = e;
    if (e.j->is_object()) {
      if (auto ok = object(e, {"entity", "attribute", "case", "descending"}); !ok)
        return ok.error();
      if (const Node d = child(e, "descending")) {
        auto b = boolean(d);
        if (!b) return b.error();
        k.descending = *b;
      }
      if (const Node ent = child(e, "entity")) {
        auto ranked = entity_order(ent, types);
        if (!ranked) return ranked.error();
        k.by_entity = true;
        k.entities = std::move(*ranked);
        out.push_back(std::move(k));
        continue;
      }
      attr = child(e, "attribute");
      if (const Node c = child(e, "case")) {
        auto s = text(c);
        if (!s) return s.error();
        auto mode = parse_case_mode(*s);
        if (!mode) return fail(c, "must be upper, lower or fold");
        k.case_mode = *mode;
      }
    }
    auto s = name(attr);
    if (!s) return s.error();
    k.attribute = *s;
    bool found = false;
    for (const EntityType* t : types) {
      const AttributeSpec* spec = t->attribute(k.attribute);
      if (spec == nullptr) continue;
      found = true;
      if (k.case_mode && spec->type != AttrType::kString) {
        return fail(attr, fmt::format("case applies to strings; {}.{} is of type {}", t->name,
                                      k.attribute, to_string(spec->type)));
      }
    }
    if (!found) {
      std::vector<std::string> known;
      for (const EntityType* t : types) {
        for (const AttributeSpec& a : t->attributes) known.push_back(a.name);
      }
      return fail(attr, fmt::format("no entity type here has an attribute {}{}", k.attribute,
                                    did_you_mean(k.attribute, known)));
    }
    out.push_back(std::move(k));
  }
  return out;
}

Result<std::vector<Selector>> Loader::read_selectors(const Node& n, const Design& d,
                                                     const ParamTypes* params) const {
  if (auto ok = needed(n); !ok) return ok.error();
  auto entries = list(n, kMaxEntityTypes * 4);
  if (!entries) return entries.error();
  std::vector<Selector> out;
  for (const Node& e : *entries) {
    if (auto ok = object(e, {"entity", "where"}); !ok) return ok.error();
    auto s = name(child(e, "entity"));
    if (!s) return s.error();
    const EntityType* type = d.entity(*s);
    if (type == nullptr) {
      std::vector<std::string> known;
      for (const EntityType& t : d.entities) known.push_back(t.name);
      return fail(child(e, "entity"),
                  fmt::format("no entity type {}{}", *s, did_you_mean(*s, known)));
    }
    auto where = read_where(child(e, "where"), *type, params);
    if (!where) return where.error();
    out.push_back(Selector{*s, std::move(*where)});
  }
  return out;
}

}  // namespace sortkey::design::load_internal
