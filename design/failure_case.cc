#include "design/failure_case.h"

#include <fmt/format.h>

#include <string_view>

#include "design/values.h"
#include "sortkey/timestamp.h"

namespace sortkey::design {
namespace {

using nlohmann::json;

Error case_unfit(const std::string& why) { return make_error(ErrorCode::kBadParameter, 0, why); }

json case_literal(const Value& v) {
  switch (v.type) {
    case AttrType::kInteger:
      return v.integer;
    case AttrType::kBoolean:
      return v.flag;
    case AttrType::kTimestamp:
      return encode_timestamp(v.time, 9).value_or(std::string("(out of range)"));
    default:
      return v.text;
  }
}

// The member `name` of `where` read as a value of `spec`.
Result<Value> case_value(const json& where, const std::string& name, const AttributeSpec& spec,
                         std::string_view whose) {
  if (!where.is_object() || !where.contains(name)) {
    return case_unfit(fmt::format("{} has no stored value for {}", whose, name));
  }
  auto v = value_from_literal(nlohmann::ordered_json(where[name]), spec);
  if (!v) return case_unfit(fmt::format("{}: {}", whose, v.error().message));
  return v;
}

const Pattern* case_pattern(const Design& d, std::string_view name) {
  for (const Pattern& p : d.patterns) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

const IndexDesign* case_index(const Design& d, std::string_view name) {
  for (const IndexDesign& ix : d.indexes) {
    if (ix.schema.name == name) return &ix;
  }
  return nullptr;
}

Result<Population> case_population(const Design& d, const json& stored) {
  const auto it = stored.find("population");
  if (it == stored.end() || !it->is_array()) return case_unfit("the stored case has no population");
  Population out;
  for (const json& e : *it) {
    if (!e.is_object() || !e.contains("entity") || !e["entity"].is_string()) {
      return case_unfit("the stored population holds an entity without its type");
    }
    const std::string type_name = e["entity"].get<std::string>();
    const EntityType* type = d.entity(type_name);
    if (type == nullptr) {
      return case_unfit(fmt::format("the design has no entity type {} any more", type_name));
    }
    Entity entity{type, {}};
    for (const AttributeSpec& spec : type->attributes) {
      auto v = case_value(e.value("values", json()), spec.name, spec, type_name);
      if (!v) return v.error();
      entity.values.push_back(std::move(*v));
    }
    out.push_back(std::move(entity));
  }
  return out;
}

Result<void> case_params(const Design& d, const Pattern& p, const json& stored, FailingCase& c) {
  for (const Parameter& param : p.parameters) {
    const EntityType* type = d.entity(param.entity);
    const AttributeSpec* spec = type == nullptr ? nullptr : type->attribute(param.attribute);
    if (spec == nullptr) return case_unfit(fmt::format("the parameter {} has no type", param.name));
    auto v = case_value(stored.value("params", json()), param.name, *spec, "the pattern");
    if (!v) return v.error();
    c.params.emplace(param.name, std::move(*v));
  }
  const json limit = stored.value("page_limit", json());
  c.page_limit = limit.is_number_unsigned() ? static_cast<int>(limit.get<std::uint64_t>()) : 0;
  if (p.limit) c.page_limit = *p.limit;
  if (c.page_limit < 1 || c.page_limit > 1000000) c.page_limit = 1;
  return {};
}

Result<void> case_update(const json& stored, FailingCase& c) {
  const json& u = stored["update"];
  if (!u.is_object() || !u.contains("entity") || !u["entity"].is_number_integer() ||
      !u.contains("attribute") || !u["attribute"].is_string()) {
    return case_unfit("the stored update is not {\"entity\", \"attribute\", \"value\"}");
  }
  const auto entity = static_cast<std::uint64_t>(u["entity"].get<std::int64_t>());  // < 0: huge
  if (entity >= c.population.size()) {
    return case_unfit("the stored update changes an entity outside its population");
  }
  const EntityType& type = *c.population[entity].type;
  const std::string name = u["attribute"].get<std::string>();
  for (std::size_t a = 0; a < type.attributes.size(); ++a) {
    if (type.attributes[a].name != name) continue;
    if (!type.attributes[a].is_mutable) {
      return case_unfit(fmt::format("{}.{} is not mutable any more", type.name, name));
    }
    auto v = case_value(u, "value", type.attributes[a], "the update");
    if (!v) return v.error();
    c.update = AttributeUpdate{static_cast<std::size_t>(entity), a, std::move(*v), {}};
    return {};
  }
  return case_unfit(fmt::format("the design has no attribute {}.{} any more", type.name, name));
}

// width/<Entity>.<attribute>/<KEY>: the attribute and the stored value.
Result<void> case_width(const Design& d, const std::string& property, const json& stored,
                        FailingCase& c) {
  const std::string rest = property.substr(6);
  const auto dot = rest.find('.');
  const auto slash = rest.find('/', dot == std::string::npos ? 0 : dot);
  if (dot == std::string::npos || slash == std::string::npos) {
    return case_unfit(fmt::format("{} is not a width property", property));
  }
  const EntityType* type = d.entity(rest.substr(0, dot));
  c.spec = type == nullptr ? nullptr : type->attribute(rest.substr(dot + 1, slash - dot - 1));
  if (c.spec == nullptr) return case_unfit(fmt::format("the design has no {} any more", property));
  auto v = case_value(stored, "value", *c.spec, "the case");
  if (!v) return v.error();
  c.value = std::move(*v);
  return {};
}

}  // namespace

json failing_case_json(const FailingCase& c) {
  json population = json::array();
  for (const Entity& e : c.population) {
    json values = json::object();
    for (std::size_t a = 0; a < e.values.size() && a < e.type->attributes.size(); ++a) {
      values[e.type->attributes[a].name] = case_literal(e.values[a]);
    }
    population.push_back({{"entity", e.type->name}, {"values", std::move(values)}});
  }
  json out = {{"population", std::move(population)}};
  if (c.pattern != nullptr) {
    json params = json::object();
    for (const auto& [name, v] : c.params) params[name] = case_literal(v);
    out["params"] = std::move(params);
    out["page_limit"] = c.page_limit < 0 ? 0 : c.page_limit;
  }
  if (c.index != nullptr) out["index"] = c.index->schema.name;
  if (c.update && c.update->entity < c.population.size()) {
    const EntityType& type = *c.population[c.update->entity].type;
    out["update"] = {{"entity", c.update->entity},
                     {"attribute", type.attributes[c.update->attribute].name},
                     {"value", case_literal(c.update->value)}};
  }
  if (c.value) out["value"] = case_literal(*c.value);
  return out;
}

Result<FailingCase> failing_case_from_json(const Design& design, const std::string& property,
                                           const json& stored) {
  if (!stored.is_object()) return case_unfit("the stored case is not an object");
  FailingCase c;
  c.property = property;
  if (property.rfind("width/", 0) == 0) {
    if (auto ok = case_width(design, property, stored, c); !ok) return ok.error();
    return c;
  }
  auto population = case_population(design, stored);
  if (!population) return population.error();
  c.population = std::move(*population);
  if (property.rfind("pattern/", 0) == 0) {
    c.pattern = case_pattern(design, property.substr(8));
    if (c.pattern == nullptr) return case_unfit(fmt::format("the design has no {}", property));
    if (auto ok = case_params(design, *c.pattern, stored, c); !ok) return ok.error();
  }
  if (property.rfind("index/", 0) == 0) {
    const std::string rest = property.substr(6);
    c.index = case_index(design, rest.substr(0, rest.find('/')));
    if (c.index == nullptr) return case_unfit(fmt::format("the design has no {}", property));
  }
  if (stored.contains("update")) {
    if (auto ok = case_update(stored, c); !ok) return ok.error();
  }
  return c;
}

}  // namespace sortkey::design
