// The design loader's `patterns:` section: each access pattern's parameters,
// its Query or Scan (index, partition, sort condition, filter, limit), what
// it returns and in which order.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "design/load.h"
#include "design/load_internal.h"
#include "design/suggest.h"
#include "design/template.h"

namespace sortkey::design::load_internal {
namespace {

// "Entity.attribute" for every attribute of the design.
std::vector<std::string> qualified_attributes(const Design& d) {
  std::vector<std::string> out;
  for (const EntityType& e : d.entities) {
    for (const AttributeSpec& a : e.attributes) out.push_back(e.name + "." + a.name);
  }
  return out;
}

// What a filter may name: every entity attribute and key attribute.
std::vector<std::string> item_attributes(const Design& d) {
  std::vector<std::string> out;
  for (const KeyAttribute& k : key_attributes(d.schema)) out.push_back(k.name);
  for (const EntityType& e : d.entities) {
    for (const AttributeSpec& a : e.attributes) out.push_back(a.name);
  }
  return out;
}

// The placeholders an expression uses, in order, each once: "#name" and
// ":value" (letters, digits and '_' after the sign).
std::vector<std::string> placeholders_in(std::string_view expression) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < expression.size(); ++i) {
    if (expression[i] != '#' && expression[i] != ':') continue;
    std::size_t end = i + 1;
    while (end < expression.size() &&
           (std::isalnum(static_cast<unsigned char>(expression[end])) || expression[end] == '_')) {
      ++end;
    }
    std::string ph(expression.substr(i, end - i));
    if (ph.size() > 1 && std::find(out.begin(), out.end(), ph) == out.end()) out.push_back(ph);
    i = end - 1;
  }
  return out;
}

}  // namespace

Result<void> Loader::read_parameters(const Node& n, const Design& d, Pattern& p,
                                     ParamTypes& types) const {
  if (!n) return {};
  auto entries = members(n, 16);
  if (!entries) return entries.error();
  for (const auto& [param_name, spec] : *entries) {
    if (auto ok = object(spec, {"like", "at_least"}); !ok) return ok;
    Parameter param;
    param.name = param_name;
    auto like = text(child(spec, "like"));
    if (!like) return like.error();
    const std::size_t dot = like->find('.');
    const EntityType* e = dot == std::string::npos ? nullptr : d.entity(like->substr(0, dot));
    const AttributeSpec* a = e == nullptr ? nullptr : e->attribute(like->substr(dot + 1));
    if (a == nullptr) {
      return fail(child(spec, "like"),
                  fmt::format("\"{}\" names no attribute: write Entity.attribute{}", *like,
                              did_you_mean(*like, qualified_attributes(d))));
    }
    param.entity = e->name;
    param.attribute = a->name;
    if (const Node at_least = child(spec, "at_least")) {
      auto other = text(at_least);
      if (!other) return other.error();
      const auto it = types.find(*other);
      if (it == types.end() || it->second->type != a->type) {
        std::vector<std::string> known;
        for (const auto& [earlier, type] : types) known.push_back(earlier);
        return fail(at_least, fmt::format("\"{}\" is no earlier parameter of type {}{}", *other,
                                          to_string(a->type), did_you_mean(*other, known)));
      }
      param.at_least = *other;
    }
    types[param_name] = a;
    p.parameters.push_back(std::move(param));
  }
  return {};
}

Result<void> Loader::read_filter(const Node& n, const Design& d, const ParamTypes& types,
                                 Pattern& p) const {
  if (!n) return {};
  if (auto ok = object(n, {"expression", "names", "values"}); !ok) return ok;
  auto expr = text(child(n, "expression"));
  if (!expr) return expr.error();
  p.filter = *expr;
  const std::vector<std::string> reserved{"#pk", "#sk", ":pk", ":sk", ":lo", ":hi"};
  const auto check_placeholder = [&](const std::string& ph, const Node& at) -> Result<void> {
    for (const std::string& r : reserved) {
      if (ph.rfind(r, 0) == 0) {
        return fail(at, fmt::format("{} is taken by the key condition's placeholders (#pk, #sk, "
                                    ":pk, :sk, :lo, :hi and their numbered forms)",
                                    ph));
      }
    }
    return {};
  };
  if (const Node names = child(n, "names")) {
    auto entries = members(names, 32);
    if (!entries) return entries.error();
    for (const auto& [ph, attr] : *entries) {
      if (auto ok = check_placeholder(ph, attr); !ok) return ok;
      auto s = text(attr);
      if (!s) return s.error();
      const std::vector<std::string> known = item_attributes(d);
      if (std::find(known.begin(), known.end(), *s) == known.end()) {
        return fail(attr, fmt::format("{} is an attribute of no item of the design{}", *s,
                                      did_you_mean(*s, known)));
      }
      p.filter_names.emplace_back(ph, *s);
    }
  }
  if (const Node values = child(n, "values")) {
    auto entries = members(values, 32);
    if (!entries) return entries.error();
    for (const auto& [ph, v] : *entries) {
      if (auto ok = check_placeholder(ph, v); !ok) return ok;
      FilterValue f;
      f.placeholder = ph;
      Node tmpl = v;
      if (v.j->is_boolean()) {
        f.type = AttributeType::kBool;
        f.flag = v.j->get<bool>();
        p.filter_values.push_back(std::move(f));
        continue;
      }
      if (v.j->is_number_integer()) {
        f.type = AttributeType::kN;
        f.value = *parse_template(std::to_string(v.j->get<std::int64_t>()));
        p.filter_values.push_back(std::move(f));
        continue;
      }
      if (v.j->is_object()) {
        if (auto ok = object(v, {"S", "N"}); !ok) return ok;
        if (v.j->size() != 1) return fail(v, "must be {S: text} or {N: text}");
        f.type = v.j->contains("N") ? AttributeType::kN : AttributeType::kS;
        tmpl = child(v, f.type == AttributeType::kN ? "N" : "S");
      }
      auto t = read_template(tmpl, nullptr, &types);
      if (!t) return t.error();
      f.value = std::move(*t);
      p.filter_values.push_back(std::move(f));
    }
  }
  return {};
}

Result<void> Loader::check_filter_placeholders(const Node& n, const Pattern& p) const {
  if (!p.filter) return {};
  std::vector<std::string> declared;
  for (const auto& [ph, attr] : p.filter_names) declared.push_back(ph);
  for (const FilterValue& f : p.filter_values) declared.push_back(f.placeholder);
  const std::vector<std::string> used = placeholders_in(*p.filter);
  for (const std::string& ph : used) {
    if (std::find(declared.begin(), declared.end(), ph) != declared.end()) continue;
    return fail(child(n, "expression"),
                fmt::format("{} is not declared under {}{}", ph, ph[0] == '#' ? "names" : "values",
                            did_you_mean(ph, declared)));
  }
  for (const std::string& ph : declared) {
    if (std::find(used.begin(), used.end(), ph) != used.end()) continue;
    return fail(child(child(n, ph[0] == '#' ? "names" : "values"), ph),
                fmt::format("{} is not used in the expression, and DynamoDB refuses a request "
                            "that declares it{}",
                            ph, did_you_mean(ph, used)));
  }
  return {};
}

Result<void> Loader::read_sort(const Node& n, const IndexSchema* index, const Design& d,
                               const ParamTypes& types, Pattern& p) const {
  std::vector<KeyAttribute> sort_attrs;
  if (index != nullptr) {
    sort_attrs = index->sort_key;
  } else if (d.schema.sort_key) {
    sort_attrs.push_back(*d.schema.sort_key);
  }
  auto entries = members(n, kMaxKeyAttributes);
  if (!entries) return entries.error();
  if (entries->size() > sort_attrs.size())
    return fail(n, "names more attributes than the sort key has");
  using Op = SortCondition::Op;
  const std::map<std::string, Op, std::less<>> ops{{"eq", Op::kEq},
                                                   {"lt", Op::kLt},
                                                   {"le", Op::kLe},
                                                   {"gt", Op::kGt},
                                                   {"ge", Op::kGe},
                                                   {"between", Op::kBetween},
                                                   {"begins_with", Op::kBeginsWith}};
  for (std::size_t i = 0; i < entries->size(); ++i) {
    const auto& [attr, cond] = (*entries)[i];
    if (sort_attrs[i].name != attr) {
      return fail(cond, fmt::format("the sort key's attribute {} is {}, not {}", i + 1,
                                    sort_attrs[i].name, attr));
    }
    if (auto ok = object(cond, {"eq", "lt", "le", "gt", "ge", "between", "begins_with"}); !ok)
      return ok;
    if (cond.j->size() != 1) return fail(cond, "must hold one condition");
    // The key of the one member, copied: items() is a temporary view.
    const std::string op_name = cond.j->begin().key();
    const Node arg = child(cond, op_name);
    const Op op = ops.at(op_name);
    const bool last = i + 1 == entries->size();
    if (!last) {
      if (op != Op::kEq)
        return fail(arg, "only the last sort-key attribute takes a condition other than eq");
      auto t = read_template(arg, nullptr, &types);
      if (!t) return t.error();
      p.sort_prefix.push_back(KeyValue{attr, std::move(*t)});
      continue;
    }
    p.sort_attribute = attr;
    p.sort_op = op;
    if (op == Op::kBetween) {
      auto bounds = list(arg, 2);
      if (!bounds) return bounds.error();
      if (bounds->size() != 2) return fail(arg, "must be [low, high]");
      auto lo = read_template((*bounds)[0], nullptr, &types);
      if (!lo) return lo.error();
      auto hi = read_template((*bounds)[1], nullptr, &types);
      if (!hi) return hi.error();
      p.sort_value = std::move(*lo);
      p.sort_upper = std::move(*hi);
    } else {
      auto t = read_template(arg, nullptr, &types);
      if (!t) return t.error();
      p.sort_value = std::move(*t);
    }
  }
  return {};
}

Result<void> Loader::read_query(const Node& n, const Design& d, const ParamTypes& types,
                                Pattern& p) const {
  if (p.scan) {
    if (auto ok = object(n, {"index", "limit", "filter", "consistent"}); !ok) return ok;
  } else if (auto ok = object(
                 n, {"index", "partition", "sort", "forward", "limit", "filter", "consistent"});
             !ok) {
    return ok;
  }
  const IndexSchema* index = nullptr;
  if (const Node ix = child(n, "index")) {
    auto s = name(ix);
    if (!s) return s.error();
    if (const IndexDesign* found = d.index(*s)) index = &found->schema;
    if (index == nullptr) {
      std::vector<std::string> known;
      for (const IndexDesign& i : d.indexes) known.push_back(i.schema.name);
      return fail(ix, fmt::format("the table has no index {}{}", *s, did_you_mean(*s, known)));
    }
    p.index = *s;
  }
  if (const Node c = child(n, "consistent")) {
    auto b = boolean(c);
    if (!b) return b.error();
    // Consistent reads are not supported on global secondary indexes; an LSI
    // allows them (AWS API reference "Query"; ALT test_gsi.py::
    // test_gsi_strong_consistency, test_lsi.py::test_lsi_consistent_read;
    // dynamodb-write-semantics.md section 6 item 7).
    if (*b && !p.index.empty() && !d.index(p.index)->local) {
      return fail(c, fmt::format("{} is a global index, and DynamoDB refuses ConsistentRead on "
                                 "one: read a local index or the table",
                                 p.index));
    }
    p.consistent = *b;
  }
  if (const Node l = child(n, "limit")) {
    auto v = integer(l, 1, 1000);
    if (!v) return v.error();
    p.limit = static_cast<int>(*v);
  }
  if (auto ok = read_filter(child(n, "filter"), d, types, p); !ok) return ok;
  if (auto ok = check_filter_placeholders(child(n, "filter"), p); !ok) return ok;
  if (p.scan) return {};
  if (const Node f = child(n, "forward")) {
    auto b = boolean(f);
    if (!b) return b.error();
    p.forward = *b;
  }
  std::vector<KeyAttribute> pk{d.schema.partition_key};
  if (index != nullptr) pk = index->partition_key;
  const Node part = child(n, "partition");
  if (auto ok = needed(part); !ok) return ok;
  if (!part.j->is_object()) return fail(part, fmt::format("must be a map, not {}", shown(*part.j)));
  for (const KeyAttribute& k : pk) {
    const Node v = child(part, k.name);
    if (!v)
      return fail(part, fmt::format("gives no value for the partition-key attribute {}", k.name));
    auto t = read_template(v, nullptr, &types);
    if (!t) return t.error();
    p.partition.push_back(KeyValue{k.name, std::move(*t)});
  }
  for (const auto& member : part.j->items()) {
    // Not a structured binding: clang 14, the fuzz preset's compiler, cannot capture one.
    const std::string& attr = member.key();
    const auto named = [&attr](const KeyAttribute& k) { return k.name == attr; };
    if (std::none_of(pk.begin(), pk.end(), named)) {
      std::vector<std::string> known;
      for (const KeyAttribute& k : pk) known.push_back(k.name);
      return fail(child(part, attr), fmt::format("{} is not an attribute of the partition key{}",
                                                 attr, did_you_mean(attr, known)));
    }
  }
  if (const Node s = child(n, "sort")) return read_sort(s, index, d, types, p);
  return {};
}

Result<Pattern> Loader::read_pattern(const std::string& pattern_name, const Node& n,
                                     const Design& d) const {
  Pattern p;
  p.name = pattern_name;
  if (auto ok = object(
          n, {"description", "query", "scan", "parameters", "returns", "order", "min_hit_rate"});
      !ok) {
    return ok.error();
  }
  ParamTypes types;
  if (auto ok = read_parameters(child(n, "parameters"), d, p, types); !ok) return ok.error();
  const Node q = child(n, "query");
  const Node s = child(n, "scan");
  if (bool(q) == bool(s)) return fail(n, "needs a query or a scan (one of them)");
  p.scan = bool(s);
  if (auto ok = read_query(q ? q : s, d, types, p); !ok) return ok.error();
  if (const Node h = child(n, "min_hit_rate")) {
    if (!p.filter) return fail(h, "a hit rate is a filter's: the request has no filter");
    auto v = integer(h, 0, 100);
    if (!v) return v.error();
    p.min_hit_rate = static_cast<int>(*v);
  }
  auto returns = read_selectors(child(n, "returns"), d, &types);
  if (!returns) return returns.error();
  p.returns = std::move(*returns);
  const Node order = child(n, "order");
  if (auto ok = needed(order); !ok) return ok.error();
  if (order.j->is_string() && order.j->get<std::string>() == "any") {
    p.ordered = false;
    return p;
  }
  std::vector<const EntityType*> returned;
  for (const Selector& sel : p.returns) returned.push_back(d.entity(sel.entity));
  auto keys = read_order_keys(order, returned);
  if (!keys) return keys.error();
  if (keys->empty()) return fail(order, "lists no order key: write `order: any` for no order");
  p.order = std::move(*keys);
  if (p.scan) return fail(order, "a Scan returns partitions in hash order: write `order: any`");
  return p;
}

}  // namespace sortkey::design::load_internal
