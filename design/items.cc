#include "design/items.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "design/template.h"
#include "design/values.h"
#include "sortkey/expression_builder.h"

namespace sortkey::design {
namespace {

std::optional<AttributeType> key_type_of(const Design& d, std::string_view attr) {
  for (const KeyAttribute& k : key_attributes(d.schema)) {
    if (k.name == attr) return k.type;
  }
  return std::nullopt;
}

// Rendered text as the key attribute's type: S as it is, N parsed.
Result<AttributeValue> key_value(const std::string& text, AttributeType type,
                                 std::string_view attr) {
  if (type != AttributeType::kN) return AttributeValue::S(text);
  auto n = AttributeValue::N(text);
  if (!n) {
    return make_error(n.error().code, 0,
                      fmt::format("{} is a Number key, and \"{}\" is not a number: {}", attr, text,
                                  describe(n.error())));
  }
  return n;
}

Resolver param_resolver(const Design& d, const Pattern& p, const Params& params) {
  return [&d, &p, &params](std::string_view ref) -> std::pair<const Value*, const AttributeSpec*> {
    for (const Parameter& param : p.parameters) {
      if (param.name != ref) continue;
      const auto v = params.find(ref);
      return {v == params.end() ? nullptr : &v->second,
              d.entity(param.entity)->attribute(param.attribute)};
    }
    return {nullptr, nullptr};
  };
}

Result<AttributeValue> rendered(const Template& t, const Resolver& r, AttributeType type,
                                std::string_view attr) {
  auto text = render(t, r);
  if (!text) return text.error();
  return key_value(*text, type, attr);
}

Result<void> add_filter(const Design& d, const Pattern& p, const Params& params,
                        ExpressionAttributes& attrs) {
  const Resolver r = param_resolver(d, p, params);
  for (const auto& [ph, attr] : p.filter_names) attrs.names[ph] = attr;
  for (const FilterValue& f : p.filter_values) {
    if (f.type == AttributeType::kBool) {
      attrs.values[f.placeholder] = AttributeValue::Bool(f.flag);
      continue;
    }
    auto v = rendered(f.value, r, f.type, f.placeholder);
    if (!v) return v.error();
    attrs.values[f.placeholder] = std::move(*v);
  }
  return {};
}

nlohmann::json attributes_json(const ExpressionAttributes& attrs) {
  nlohmann::json j;
  for (const auto& [k, v] : attrs.names) j["ExpressionAttributeNames"][k] = v;
  for (const auto& [k, v] : attrs.values) {
    j["ExpressionAttributeValues"][k] = nlohmann::json::parse(to_json(v));
  }
  return j;
}

Result<Request> scan_request(const Design& d, const Pattern& p, const Params& params,
                             std::optional<int> limit) {
  Request r;
  r.scan = true;
  r.scan_request.index_name = p.index;
  r.scan_request.limit = limit;
  r.scan_request.consistent_read = p.consistent;
  if (p.filter) {
    r.scan_request.filter = *p.filter;
    if (auto ok = add_filter(d, p, params, r.scan_request.attributes); !ok) return ok.error();
  }
  nlohmann::json j = attributes_json(r.scan_request.attributes);
  if (!d.table_name.empty()) j["TableName"] = d.table_name;
  if (!p.index.empty()) j["IndexName"] = p.index;
  if (p.filter) j["FilterExpression"] = *p.filter;
  if (limit) j["Limit"] = *limit;
  if (p.consistent) j["ConsistentRead"] = true;
  r.json = "Scan " + j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return r;
}

Result<std::vector<std::pair<std::string, AttributeValue>>> key_values(
    const Design& d, const std::vector<KeyValue>& values, const Resolver& r) {
  std::vector<std::pair<std::string, AttributeValue>> out;
  for (const KeyValue& kv : values) {
    auto v = rendered(kv.value, r, key_type_of(d, kv.attribute).value_or(AttributeType::kS),
                      kv.attribute);
    if (!v) return v.error();
    out.emplace_back(kv.attribute, std::move(*v));
  }
  return out;
}

Result<SortCondition> sort_condition(const Design& d, const Pattern& p, const Resolver& r) {
  if (p.sort_op == SortCondition::Op::kNone) return SortCondition::none();
  const AttributeType type = key_type_of(d, p.sort_attribute).value_or(AttributeType::kS);
  auto v = rendered(p.sort_value, r, type, p.sort_attribute);
  if (!v) return v.error();
  SortCondition c{p.sort_op, std::move(*v), {}};
  if (p.sort_op == SortCondition::Op::kBetween) {
    auto hi = rendered(p.sort_upper, r, type, p.sort_attribute);
    if (!hi) return hi.error();
    c.upper = std::move(*hi);
  }
  return c;
}

}  // namespace

Resolver entity_resolver(const Entity& e) {
  return [&e](std::string_view ref) -> std::pair<const Value*, const AttributeSpec*> {
    return {e.value(ref), e.type->attribute(ref)};
  };
}

Result<Item> build_item(const Design& design, const Entity& e) {
  PartialItem built = build_partial_item(design, e);
  if (!built.unbuilt.empty()) return built.unbuilt.front().second;
  return std::move(built.item);
}

PartialItem build_partial_item(const Design& design, const Entity& e) {
  PartialItem out;
  for (std::size_t i = 0; i < e.type->attributes.size(); ++i) {
    out.item[e.type->attributes[i].name] = stored_attribute(e.values[i], e.type->attributes[i]);
  }
  const Resolver r = entity_resolver(e);
  for (const KeyTemplate& k : e.type->keys) {
    if (k.when && !holds(*k.when, e, {})) continue;
    auto v = rendered(k.value, r, key_type_of(design, k.attribute).value_or(AttributeType::kS),
                      k.attribute);
    if (v) {
      out.item[k.attribute] = std::move(*v);
    } else {
      const Error& err = v.error();
      out.unbuilt.emplace_back(k.attribute, make_error(err.code, err.offset,
                                                       fmt::format("{}: {}: {}", show_entity(e),
                                                                   k.attribute, err.message)));
    }
  }
  return out;
}

std::vector<std::string> keys_read(const Design& design, const std::string& index) {
  std::vector<std::string> out{design.schema.partition_key.name};
  if (design.schema.sort_key) out.push_back(design.schema.sort_key->name);
  if (const IndexDesign* ix = design.index(index)) {
    for (const auto* side : {&ix->schema.partition_key, &ix->schema.sort_key}) {
      for (const KeyAttribute& k : *side) {
        if (std::find(out.begin(), out.end(), k.name) == out.end()) out.push_back(k.name);
      }
    }
  }
  return out;
}

std::optional<Error> unbuilt_key(const Design& design, const Population& population,
                                 const std::vector<std::string>& needed) {
  for (const Entity& e : population) {
    for (const auto& [key, why] : build_partial_item(design, e).unbuilt) {
      if (std::find(needed.begin(), needed.end(), key) != needed.end()) return why;
    }
  }
  return std::nullopt;
}

namespace {

// Whether the item has every key attribute of the table (else it is never put).
bool puts_in_table(const Design& design, const Item& item) {
  return item.count(design.schema.partition_key.name) != 0 &&
         (!design.schema.sort_key || item.count(design.schema.sort_key->name) != 0);
}

}  // namespace

Item primary_key(const Design& design, const Item& item) {
  Item key;
  key[design.schema.partition_key.name] = item.at(design.schema.partition_key.name);
  if (design.schema.sort_key)
    key[design.schema.sort_key->name] = item.at(design.schema.sort_key->name);
  return key;
}

Result<Loaded> load_population(const Design& design, const Population& population, Store& store) {
  Loaded loaded;
  for (std::size_t i = 0; i < population.size(); ++i) {
    Item item = build_partial_item(design, population[i]).item;
    if (!puts_in_table(design, item)) {
      loaded.items.push_back(std::move(item));
      continue;
    }
    if (auto ok = store.put(item); !ok) {
      return make_error(ok.error().code, ok.error().offset,
                        fmt::format("{}: the table refuses the item {}: {}",
                                    show_entity(population[i]), to_json(item), ok.error().message));
    }
    loaded.owner[to_json(primary_key(design, item))] = i;
    loaded.items.push_back(std::move(item));
  }
  return loaded;
}

Result<LoadedStore> open_loaded(StoreSource& stores, const Design& design,
                                const Population& population) {
  auto store = stores.open(design);
  if (!store) return store.error();
  auto loaded = load_population(design, population, **store);
  if (!loaded) return loaded.error();
  return LoadedStore{std::move(*store), std::move(*loaded)};
}

Result<Request> pattern_request(const Design& design, const Pattern& pattern, const Params& params,
                                std::optional<int> limit) {
  if (pattern.scan) return scan_request(design, pattern, params, limit);
  const Resolver r = param_resolver(design, pattern, params);
  KeyQuery q;
  q.table_name = design.table_name;
  q.index_name = pattern.index;
  auto partition = key_values(design, pattern.partition, r);
  if (!partition) return partition.error();
  q.partition = std::move(*partition);
  auto prefix = key_values(design, pattern.sort_prefix, r);
  if (!prefix) return prefix.error();
  q.sort_prefix = std::move(*prefix);
  q.sort_attribute = pattern.sort_attribute;
  auto sort = sort_condition(design, pattern, r);
  if (!sort) return sort.error();
  q.sort = std::move(*sort);
  q.scan_index_forward = pattern.forward;
  q.limit = limit;
  auto built = build_key_condition(q);
  if (!built) return built.error();
  Request out;
  out.query = to_query_request(*built);
  out.key = std::move(q);
  nlohmann::json j = nlohmann::json::parse(to_request_json(*built, -1));
  if (pattern.filter) {
    out.query.filter = *pattern.filter;
    if (auto ok = add_filter(design, pattern, params, out.query.attributes); !ok) return ok.error();
    j.update(attributes_json(out.query.attributes), true);
    j["FilterExpression"] = *pattern.filter;
  }
  if (pattern.consistent) {
    out.query.consistent_read = true;
    j["ConsistentRead"] = true;
  }
  out.json = "Query " + j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return out;
}

std::string show_params(const Design& design, const Pattern& pattern, const Params& params) {
  std::string out;
  for (const Parameter& param : pattern.parameters) {
    const AttributeSpec& spec = *design.entity(param.entity)->attribute(param.attribute);
    out += fmt::format("{}{} = {}", out.empty() ? "" : ", ", param.name,
                       show_value(params.at(param.name), spec));
  }
  return out.empty() ? "(none)" : out;
}

std::optional<std::size_t> owner_of(const Design& design, const Loaded& loaded, const Item& item) {
  const auto it = loaded.owner.find(to_json(primary_key(design, item)));
  if (it == loaded.owner.end()) return std::nullopt;
  return it->second;
}

std::string show_keys(const Design& design, const Item& item) {
  Item keys;
  for (const auto& [name, value] : item) {
    if (key_type_of(design, name)) keys[name] = value;
  }
  return to_json(keys);
}

Error endless_pages(int pages, std::size_t items) {
  return make_error(ErrorCode::kOverflow, 0,
                    fmt::format("the store answered {} pages in a row with a LastEvaluatedKey "
                                "while it holds {} item{}: its pages never end (each page but the "
                                "last evaluates at least one item)",
                                pages, items, items == 1 ? "" : "s"));
}

}  // namespace sortkey::design
