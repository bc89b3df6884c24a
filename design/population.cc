#include "design/population.h"

#include <algorithm>

#include "design/values.h"

namespace sortkey::design {

const Value* Entity::value(std::string_view attribute) const {
  for (std::size_t i = 0; i < type->attributes.size() && i < values.size(); ++i) {
    if (type->attributes[i].name == attribute) return &values[i];
  }
  return nullptr;
}

std::string show_entity(const Entity& e) {
  std::string out = e.type->name + "{";
  for (std::size_t i = 0; i < e.values.size(); ++i) {
    const AttributeSpec& spec = e.type->attributes[i];
    out += (i == 0 ? "" : ", ") + spec.name + "=" + show_value(e.values[i], spec);
  }
  return out + "}";
}

void showValue(const Population& population, std::ostream& os) {
  os << population.size() << (population.size() == 1 ? " entity" : " entities");
  for (const Entity& e : population) os << "\n      " << show_entity(e);
}

namespace {

const Value& operand_value(const Operand& o, const Params& params) {
  return o.is_param ? params.find(o.param)->second : o.literal;
}

bool compare_holds(const Comparison& c, const Value& v, const AttributeSpec& spec,
                   const Params& params) {
  using Op = Comparison::Op;
  const auto cmp = [&](std::size_t i) {
    return compare_values(v, operand_value(c.operands[i], params), spec);
  };
  switch (c.op) {
    case Op::kEq:
      return cmp(0) == 0;
    case Op::kNe:
      return cmp(0) != 0;
    case Op::kLt:
      return cmp(0) < 0;
    case Op::kLe:
      return cmp(0) <= 0;
    case Op::kGt:
      return cmp(0) > 0;
    case Op::kGe:
      return cmp(0) >= 0;
    case Op::kBetween:
      return cmp(0) >= 0 && cmp(1) <= 0;
    case Op::kIn:
      for (std::size_t i = 0; i < c.operands.size(); ++i) {
        if (cmp(i) == 0) return true;
      }
      return false;
    case Op::kBeginsWith:
      return v.text.rfind(operand_value(c.operands[0], params).text, 0) == 0;
    case Op::kExists:
      return c.exists;
  }
  return false;
}

bool comparison_holds(const Comparison& c, const Entity& e, const Params& params) {
  const AttributeSpec* spec = e.type->attribute(c.attribute);
  const Value* v = e.value(c.attribute);
  if (spec == nullptr || v == nullptr) return c.op == Comparison::Op::kExists && !c.exists;
  return compare_holds(c, *v, *spec, params);
}

std::size_t entity_rank(const OrderKey& k, const Entity& e) {
  return static_cast<std::size_t>(std::find(k.entities.begin(), k.entities.end(), e.type->name) -
                                  k.entities.begin());
}

int compare_by(const OrderKey& k, const Entity& a, const Entity& b) {
  if (k.by_entity) {
    const std::size_t ra = entity_rank(k, a);
    const std::size_t rb = entity_rank(k, b);
    return ra < rb ? -1 : (ra > rb ? 1 : 0);
  }
  const Value* va = a.value(k.attribute);
  const Value* vb = b.value(k.attribute);
  if (va == nullptr || vb == nullptr) return (va != nullptr) - (vb != nullptr);  // absent first
  return compare_values(*va, *vb, *a.type->attribute(k.attribute), k.case_mode);
}

}  // namespace

bool holds(const Predicate& p, const Entity& e, const Params& params) {
  return std::all_of(p.all.begin(), p.all.end(),
                     [&](const Comparison& c) { return comparison_holds(c, e, params); });
}

bool selected(const std::vector<Selector>& selectors, const Entity& e, const Params& params) {
  return std::any_of(selectors.begin(), selectors.end(), [&](const Selector& s) {
    return s.entity == e.type->name && holds(s.where, e, params);
  });
}

int compare_entities(const std::vector<OrderKey>& order, const Entity& a, const Entity& b) {
  for (const OrderKey& k : order) {
    const int c = compare_by(k, a, b);
    if (c != 0) return k.descending ? -c : c;
  }
  return 0;
}

bool same_entity(const Entity& a, const Entity& b) {
  if (a.type != b.type) return false;
  if (a.type->identity.empty()) return a.values == b.values;
  return compare_entities(a.type->identity, a, b) == 0;
}

Population distinct_entities(Population population) {
  Population out;
  for (Entity& e : population) {
    const auto same = [&e](const Entity& kept) { return same_entity(kept, e); };
    if (std::none_of(out.begin(), out.end(), same)) out.push_back(std::move(e));
  }
  return out;
}

std::vector<std::vector<std::size_t>> expected_groups(const Pattern& pattern,
                                                      const Population& population,
                                                      const Params& params) {
  std::vector<std::size_t> chosen;
  for (std::size_t i = 0; i < population.size(); ++i) {
    if (selected(pattern.returns, population[i], params)) chosen.push_back(i);
  }
  std::stable_sort(chosen.begin(), chosen.end(), [&](std::size_t a, std::size_t b) {
    return compare_entities(pattern.order, population[a], population[b]) < 0;
  });
  std::vector<std::vector<std::size_t>> groups;
  for (std::size_t i : chosen) {
    if (groups.empty() ||
        compare_entities(pattern.order, population[groups.back().front()], population[i]) != 0) {
      groups.emplace_back();
    }
    groups.back().push_back(i);
  }
  return groups;
}

}  // namespace sortkey::design
