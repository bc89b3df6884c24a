// Design file target: the input as the text of a design file (YAML or JSON),
// read by the design loader (design/load.h), and, when it is a design, its
// templates rendered for one entity of each type and its patterns turned
// into requests.
// Input: the file's text (the seeds are small designs and broken pieces of
// them: aliases, duplicate keys, deep nesting, bad codecs, bad UTF-8).
//
// Checks:
//   * the loader is total: a design, or an error whose message names the
//     file, a line and a column ("fuzz.yaml:L:C: ...");
//   * every item built from a loaded design has the table's key attributes,
//     of the key's type (the loader's promise that every entity gives them);
//   * building items and requests never crashes: a value a codec refuses is
//     an error, as is a request DynamoDB's builder refuses.

#include <cstdint>
#include <string>
#include <string_view>

#include "design/items.h"
#include "design/load.h"
#include "fuzz/fuzz_adapter.h"
#include "sortkey/ksuid.h"

namespace {

using namespace sortkey;
using namespace sortkey::design;

// One entity of the type with a value at the edge of each attribute's domain.
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

props::Outcome message_names_a_place(const Error& e) {
  if (e.message.rfind("fuzz.yaml:", 0) == 0 && e.message.find(": ", 10) != std::string::npos) {
    return props::Outcome::holds();
  }
  return props::Outcome::fails("the error does not name a place: " + e.message);
}

props::Outcome has_table_key(const Design& d, const Item& item) {
  for (const KeyAttribute* k :
       {&d.schema.partition_key, d.schema.sort_key ? &*d.schema.sort_key : nullptr}) {
    if (k == nullptr) continue;
    const auto it = item.find(k->name);
    if (it == item.end() || it->second.type() != k->type) {
      return props::Outcome::fails("an item lacks the table key " + k->name + ": " + to_json(item));
    }
  }
  return props::Outcome::holds();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::set_target_name("design_load_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto shown = [&] { return std::string(text.substr(0, 200)); };
  auto design = load_design_text(text, "fuzz.yaml");
  if (!design) {
    fuzz::check(message_names_a_place(design.error()), "design/errors_name_a_place", shown);
    return 0;
  }
  Params params;
  for (const EntityType& type : design->entities) {
    const Entity e = edge_entity(type);
    if (auto item = build_item(*design, e)) {
      fuzz::check(has_table_key(*design, *item), "design/items_have_the_table_key", shown);
    }
    for (std::size_t i = 0; i < type.attributes.size(); ++i)
      params[type.attributes[i].name] = e.values[i];
  }
  for (const Pattern& p : design->patterns) {
    Params mine;
    for (const Parameter& param : p.parameters) {
      const Entity e = edge_entity(*design->entity(param.entity));
      mine[param.name] = *e.value(param.attribute);
    }
    (void)pattern_request(*design, p, mine, p.limit);
  }
  return 0;
}
