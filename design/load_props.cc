#include "design/load_props.h"

#include <string>

#include "design/items.h"
#include "sortkey/ksuid.h"

namespace sortkey::design {
namespace {

using props::Outcome;

Outcome has_table_key(const Design& d, const Item& item) {
  for (const KeyAttribute* k :
       {&d.schema.partition_key, d.schema.sort_key ? &*d.schema.sort_key : nullptr}) {
    if (k == nullptr) continue;
    const auto it = item.find(k->name);
    if (it == item.end() || it->second.type() != k->type) {
      return Outcome::fails("an item lacks the table key " + k->name + ": " + to_json(item));
    }
  }
  return Outcome::holds();
}

}  // namespace

Outcome load_error_names_a_place(const Error& e, std::string_view path) {
  const std::string prefix = std::string(path) + ":";
  if (e.message.rfind(prefix, 0) == 0 && e.message.find(": ", prefix.size()) != std::string::npos) {
    return Outcome::holds();
  }
  return Outcome::fails("the error does not name a place: " + e.message);
}

Entity edge_entity(const EntityType& type) {
  Entity e{&type, {}};
  for (const AttributeSpec& a : type.attributes) {
    Value v;
    v.type = a.type;
    switch (a.type) {
      case AttrType::kString:
        for (int i = 0; i < a.min_length; ++i) v.text += a.alphabet.back();
        break;
      case AttrType::kInteger:
        v.integer = a.max;
        break;
      case AttrType::kTimestamp:
        v.time = a.latest;
        break;
      case AttrType::kEnum:
        v.text = a.values.back();
        break;
      case AttrType::kBoolean:
        v.flag = true;
        break;
      case AttrType::kId:
        v.text = a.id_format == IdFormat::kKsuid ? std::string(kKsuidMaxText)
                                                 : std::string("01ARZ3NDEKTSV4RRFFQ69G5FAV");
        break;
    }
    e.values.push_back(std::move(v));
  }
  return e;
}

Outcome edge_entities_build(const Design& d) {
  for (const EntityType& type : d.entities) {
    if (auto item = build_item(d, edge_entity(type))) {
      if (Outcome o = has_table_key(d, *item); !o.ok()) return o;
    }
  }
  for (const Pattern& p : d.patterns) {
    Params mine;
    for (const Parameter& param : p.parameters) {
      const Entity e = edge_entity(*d.entity(param.entity));
      mine[param.name] = *e.value(param.attribute);
    }
    (void)pattern_request(d, p, mine, p.limit);
  }
  return Outcome::holds();
}

}  // namespace sortkey::design
