#include "design/hints.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "design/design_props.h"

namespace sortkey::design {
namespace {

// Decimal digits of a non-negative integer: the width padded(W) needs.
int hint_digits(std::int64_t n) {
  int d = 1;
  for (; n >= 10; n /= 10) ++d;
  return d;
}

bool hint_has_codec(const Template::Piece& p, Codec::Kind kind) {
  return std::any_of(p.codecs.begin(), p.codecs.end(),
                     [kind](const Codec& c) { return c.kind == kind; });
}

// The sort-key attributes a pattern reads: the table's, or its index's.
std::vector<std::string> hint_sort_keys(const Design& d, const Pattern& p) {
  std::vector<std::string> out;
  if (p.index.empty()) {
    if (d.schema.sort_key) out.push_back(d.schema.sort_key->name);
    return out;
  }
  if (const IndexDesign* ix = d.index(p.index)) {
    for (const KeyAttribute& k : ix->schema.sort_key) out.push_back(k.name);
  }
  return out;
}

// The entity types of the failing population, each once, in their order.
std::vector<const EntityType*> hint_types(const Population& pop) {
  std::vector<const EntityType*> out;
  for (const Entity& e : pop) {
    if (std::find(out.begin(), out.end(), e.type) == out.end()) out.push_back(e.type);
  }
  return out;
}

// Whether two values of `attr` in the population are a proper prefix one of the other.
bool hint_prefix_pair(const Population& pop, const std::string& attr) {
  std::set<std::string> values;
  for (const Entity& e : pop) {
    if (const Value* v = e.value(attr); v != nullptr && v->type == AttrType::kString) {
      values.insert(v->text);
    }
  }
  for (auto it = values.begin(); it != values.end(); ++it) {
    const auto next = std::next(it);
    if (next != values.end() && next->size() > it->size() && next->rfind(*it, 0) == 0) return true;
  }
  return false;
}

// The templates of `keys` in the population's entity types.
template <class Visit>
void hint_each_template(const Population& pop, const std::vector<std::string>& keys, Visit visit) {
  for (const EntityType* type : hint_types(pop)) {
    for (const KeyTemplate& k : type->keys) {
      if (std::find(keys.begin(), keys.end(), k.attribute) != keys.end()) visit(*type, k);
    }
  }
}

// A BETWEEN upper bound that ends in its n-th reference where a key goes on
// after its n-th reference with a separator: "EVT#<to>#007" sorts above
// "EVT#<to>", and the bound needs the byte after the separator at its end.
std::string between_upper_hint(const Population& pop, const std::vector<std::string>& keys,
                               const Template& upper) {
  if (upper.pieces.empty() || !upper.pieces.back().is_ref) return {};
  const auto refs = static_cast<std::size_t>(std::count_if(
      upper.pieces.begin(), upper.pieces.end(), [](const Template::Piece& p) { return p.is_ref; }));
  std::string hint;
  hint_each_template(pop, keys, [&](const EntityType&, const KeyTemplate& k) {
    std::size_t seen = 0;
    for (std::size_t i = 0; hint.empty() && i + 1 < k.value.pieces.size(); ++i) {
      if (!k.value.pieces[i].is_ref || ++seen != refs) continue;
      const Template::Piece& next = k.value.pieces[i + 1];
      if (next.is_ref || next.literal.empty() ||
          static_cast<unsigned char>(next.literal[0]) == 0xFF) {
        return;
      }
      const char separator = next.literal[0];
      const char successor = static_cast<char>(separator + 1);
      hint = fmt::format(
          "end the BETWEEN upper bound with '{}', the byte after the separator '{}': \"{}{}\": "
          "a key that goes on with '{}' after the bound's last value sorts above the bound",
          successor, separator, upper.source, successor, separator);
    }
  });
  return hint;
}

std::string pattern_hint(const Design& d, const FailingCase& c) {
  const Pattern& p = *c.pattern;
  const std::vector<std::string> keys = hint_sort_keys(d, p);
  std::string hint;
  // A FilterExpression under a Limit: the Limit counts the items read.
  if (p.limit && p.filter && c.message.find("the answer ends after") != std::string::npos) {
    return fmt::format(
        "make the filter a key condition (its attribute in a sort key, or a sparse index): "
        "the Limit of {} counts the items read before the filter, so a page returns fewer",
        *p.limit);
  }
  // begins_with whose value ends in a reference, where the key has a separator next.
  if (p.sort_op == SortCondition::Op::kBeginsWith && !p.sort_value.pieces.empty() &&
      p.sort_value.pieces.back().is_ref) {
    hint_each_template(c.population, keys, [&](const EntityType&, const KeyTemplate& k) {
      for (std::size_t i = 0; hint.empty() && i + 1 < k.value.pieces.size(); ++i) {
        const Template::Piece& ref = k.value.pieces[i];
        const Template::Piece& next = k.value.pieces[i + 1];
        if (ref.is_ref && !next.is_ref && !next.literal.empty()) {
          hint = fmt::format(
              "end the begins_with value with the separator the key has next, \"{}{}\": "
              "without it, {} also matches every longer value that starts the same",
              p.sort_value.source, next.literal.substr(0, 1), p.sort_value.source);
        }
      }
    });
    if (!hint.empty()) return hint;
  }
  if (p.sort_op == SortCondition::Op::kBetween) {
    hint = between_upper_hint(c.population, keys, p.sort_upper);
    if (!hint.empty()) return hint;
  }
  hint_each_template(c.population, keys, [&](const EntityType& type, const KeyTemplate& k) {
    for (std::size_t i = 0; hint.empty() && i < k.value.pieces.size(); ++i) {
      const Template::Piece& ref = k.value.pieces[i];
      if (!ref.is_ref) continue;
      const AttributeSpec* spec = type.attribute(ref.ref);
      if (spec == nullptr) continue;
      const bool followed = i + 1 < k.value.pieces.size() && !k.value.pieces[i + 1].is_ref;
      // An unpadded integer: "10" sorts before "9".
      if (spec->type == AttrType::kInteger && ref.codecs.empty() && spec->min >= 0) {
        hint = fmt::format(
            "pad {} in {} to the width that holds its range up to {}: {{{}:padded({})}}", ref.ref,
            k.attribute, spec->max, ref.ref, hint_digits(spec->max));
      }
      // Free text before a separator: "X Y#" sorts before "X#".
      if (spec->type == AttrType::kString && followed &&
          !hint_has_codec(ref, Codec::Kind::kSegment) && hint_prefix_pair(c.population, ref.ref)) {
        hint = fmt::format(
            "escape the free text {} in {} with :segment, {{{}:segment}}: a value and the same "
            "value extended by a character below '{}' sort around the separator",
            ref.ref, k.attribute, ref.ref, k.value.pieces[i + 1].literal.substr(0, 1));
      }
    }
  });
  return hint;
}

// The identity's attributes that the table's key of `type` does not hold.
std::string missing_disambiguator(const Design& d, const EntityType& type) {
  std::set<std::string> in_key;
  for (const KeyTemplate& k : type.keys) {
    if (k.attribute != d.schema.partition_key.name &&
        (!d.schema.sort_key || k.attribute != d.schema.sort_key->name)) {
      continue;
    }
    for (const Template::Piece& p : k.value.pieces) {
      if (p.is_ref) in_key.insert(p.ref);
    }
  }
  std::vector<std::string> identity;
  if (type.identity.empty()) {
    for (const AttributeSpec& a : type.attributes) identity.push_back(a.name);
  } else {
    for (const OrderKey& o : type.identity) {
      if (!o.by_entity) identity.push_back(o.attribute);
    }
  }
  for (const std::string& name : identity) {
    if (in_key.count(name) == 0) return name;
  }
  return {};
}

}  // namespace

std::string fix_hint(const Design& design, const FailingCase& c) {
  if (c.message.rfind(std::string(kUnbuiltKey), 0) == 0) return {};
  if (c.property.rfind("width/", 0) == 0 && c.spec != nullptr && c.spec->min >= 0) {
    for (const WidthUse& use : width_uses(design)) {
      if (c.property != "width/" + use.entity->name + "." + use.attribute->name + "/" + use.key) {
        continue;
      }
      const char* name = use.codec.kind == Codec::Kind::kInverse ? "inverse" : "padded";
      if (use.codec.kind == Codec::Kind::kEpoch) return {};
      return fmt::format("widen {} in {} to {}({}), the width that holds {}", use.codec.text,
                         use.key, name, hint_digits(c.spec->max), c.spec->max);
    }
    return {};
  }
  if (c.update && c.property == "keys/immutable" && c.update->entity < c.population.size()) {
    const Entity& e = c.population[c.update->entity];
    return fmt::format(
        "keep the mutable {}.{} out of the table's key: build the key from immutable "
        "attributes, and order by {} in a GSI, whose keys may change",
        e.type->name, e.type->attributes[c.update->attribute].name,
        e.type->attributes[c.update->attribute].name);
  }
  if (c.property == "keys/unique") {
    for (const EntityType* type : hint_types(c.population)) {
      if (const std::string missing = missing_disambiguator(design, *type); !missing.empty()) {
        return fmt::format(
            "add {}.{} to the table's key: it is part of the identity, and entities that differ "
            "only in it share a key",
            type->name, missing);
      }
    }
    return {};
  }
  if (c.pattern != nullptr) return pattern_hint(design, c);
  return {};
}

}  // namespace sortkey::design
