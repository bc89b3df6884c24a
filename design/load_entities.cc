// The design loader's `entities:` section: each entity type's attributes
// and their generators' settings, its key templates, and the checks that
// tie its keys to the table's and the indexes' key attributes.
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>

#include "design/load.h"
#include "design/load_internal.h"
#include "design/suggest.h"
#include "design/template.h"
#include "design/values.h"
#include "sortkey/timestamp.h"

namespace sortkey::design::load_internal {

namespace {

// The characters of the alphabet presets. Boundary values come from the
// characters a preset holds: '#' and bytes below it, case pairs, non-ASCII.
std::string preset_characters(std::string_view name) {
  const std::string upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const std::string lower = "abcdefghijklmnopqrstuvwxyz";
  const std::string digits = "0123456789";
  if (name == "upper") return upper;
  if (name == "lower") return lower;
  if (name == "letters") return upper + lower;
  if (name == "digits") return digits;
  if (name == "alnum") return upper + lower + digits;
  if (name == "name") return upper + lower + " '-\u00e9\u00c9\u00df\u1e9e";
  if (name == "text")
    return upper + lower + digits + " !\"#$%&'-./:_\u00e9\u00c9\u00df\u65e5\U0001F600";
  return {};
}

// Every key attribute of the table and its global and local indexes, for suggestions.
std::vector<std::string> key_names(const TableSchema& s) {
  std::vector<std::string> out;
  for (const KeyAttribute& k : key_attributes(s)) out.push_back(k.name);
  return out;
}

std::vector<std::string> attribute_names(const EntityType& e) {
  std::vector<std::string> out;
  for (const AttributeSpec& a : e.attributes) out.push_back(a.name);
  return out;
}

// The type of a key attribute of the table or an index; nullopt when none has it.
std::optional<AttributeType> key_type(const TableSchema& s, std::string_view attr) {
  for (const KeyAttribute& k : key_attributes(s)) {
    if (k.name == attr) return k.type;
  }
  return std::nullopt;
}

}  // namespace

Result<void> Loader::read_string_spec(const Node& n, AttributeSpec& a) const {
  std::string chars;
  if (const Node p = child(n, "alphabet")) {
    auto s = text(p);
    if (!s) return s.error();
    chars = preset_characters(*s);
    if (chars.empty()) {
      return fail(p, fmt::format("unknown alphabet \"{}\"{}; the alphabets: upper, lower, "
                                 "letters, digits, alnum, name, text (or list the characters)",
                                 *s,
                                 did_you_mean(*s, {"upper", "lower", "letters", "digits", "alnum",
                                                   "name", "text"})));
    }
  }
  if (const Node c = child(n, "characters")) {
    auto s = text(c);
    if (!s) return s.error();
    chars += *s;
  }
  auto points = utf8_code_points(chars);
  if (!points) return fail(n, points.error().message);
  for (std::string& cp : *points) {
    if (cp.size() == 1 && (static_cast<unsigned char>(cp[0]) < 0x20 || cp[0] == 0x7f)) {
      return fail(n, "the characters hold a control character, which no name may hold");
    }
    if (std::find(a.alphabet.begin(), a.alphabet.end(), cp) == a.alphabet.end()) {
      a.alphabet.push_back(std::move(cp));
    }
  }
  if (a.alphabet.empty()) return fail(n, "a string needs an alphabet or characters");
  if (a.alphabet.size() > kMaxAlphabet) return fail(n, "holds more than 512 characters");
  if (const Node len = child(n, "length")) {
    auto bounds = list(len, 2);
    if (!bounds) return bounds.error();
    if (bounds->size() != 2) return fail(len, "must be [shortest, longest]");
    auto lo = integer((*bounds)[0], 0, kMaxStringLength);
    if (!lo) return lo.error();
    auto hi = integer((*bounds)[1], *lo, kMaxStringLength);
    if (!hi) return hi.error();
    a.min_length = static_cast<int>(*lo);
    a.max_length = static_cast<int>(*hi);
  }
  return {};
}

Result<void> Loader::read_range(const Node& n, AttributeSpec& a) const {
  const Node r = child(n, "range");
  if (auto ok = needed(r); !ok) return ok;
  auto bounds = list(r, 2);
  if (!bounds) return bounds.error();
  if (bounds->size() != 2) return fail(r, "must be [lowest, highest]");
  if (a.type == AttrType::kInteger) {
    auto lo = integer((*bounds)[0], INT64_MIN, INT64_MAX);
    if (!lo) return lo.error();
    auto hi = integer((*bounds)[1], *lo, INT64_MAX);
    if (!hi) return hi.error();
    a.min = *lo;
    a.max = *hi;
    return {};
  }
  Instant ends[2];
  for (int i = 0; i < 2; ++i) {
    const Node b = (*bounds)[static_cast<std::size_t>(i)];
    auto s = text(b);
    if (!s) return s.error();
    auto t = parse_rfc3339(*s);
    if (!t) return fail(b, describe(t.error()));
    if (auto key = encode_timestamp(*t, a.precision); !key) return fail(b, describe(key.error()));
    ends[i] = truncate_instant(*t, a.precision);
  }
  if (ends[1] < ends[0]) return fail(r, "the range ends before it starts");
  a.earliest = ends[0];
  a.latest = ends[1];
  return {};
}

Result<AttributeSpec> Loader::read_attribute(const std::string& attr_name, const Node& n) const {
  AttributeSpec a;
  a.name = attr_name;
  if (auto ok = object(n, {"type", "mutable", "alphabet", "characters", "length", "range",
                           "precision", "values", "format"});
      !ok) {
    return ok.error();
  }
  auto type = text(child(n, "type"));
  if (!type) return type.error();
  const std::map<std::string, AttrType, std::less<>> types{
      {"string", AttrType::kString},       {"integer", AttrType::kInteger},
      {"timestamp", AttrType::kTimestamp}, {"enum", AttrType::kEnum},
      {"boolean", AttrType::kBoolean},     {"id", AttrType::kId}};
  const auto t = types.find(*type);
  if (t == types.end()) {
    return fail(child(n, "type"),
                fmt::format("unknown type \"{}\"{}; the types: string, integer, timestamp, enum, "
                            "boolean, id",
                            *type,
                            did_you_mean(*type, {"string", "integer", "timestamp", "enum",
                                                 "boolean", "id"})));
  }
  a.type = t->second;
  if (const Node m = child(n, "mutable")) {
    auto b = boolean(m);
    if (!b) return b.error();
    a.is_mutable = *b;
  }
  // Each type takes its own settings and no other's.
  const std::map<AttrType, std::vector<std::string>> settings{
      {AttrType::kString, {"alphabet", "characters", "length"}},
      {AttrType::kInteger, {"range"}},
      {AttrType::kTimestamp, {"range", "precision"}},
      {AttrType::kEnum, {"values"}},
      {AttrType::kBoolean, {}},
      {AttrType::kId, {"format"}}};
  for (const char* s :
       {"alphabet", "characters", "length", "range", "precision", "values", "format"}) {
    const auto& mine = settings.at(a.type);
    if (child(n, s) && std::find(mine.begin(), mine.end(), s) == mine.end()) {
      return fail(child(n, s), fmt::format("{} attribute has no \"{}\"", a_type(a.type), s));
    }
  }
  switch (a.type) {
    case AttrType::kString:
      if (auto ok = read_string_spec(n, a); !ok) return ok.error();
      break;
    case AttrType::kTimestamp:
      if (const Node p = child(n, "precision")) {
        auto v = integer(p, kMinPrecision, kMaxPrecision);
        if (!v) return v.error();
        a.precision = static_cast<int>(*v);
      }
      [[fallthrough]];
    case AttrType::kInteger:
      if (auto ok = read_range(n, a); !ok) return ok.error();
      break;
    case AttrType::kEnum: {
      const Node v = child(n, "values");
      if (auto ok = needed(v); !ok) return ok.error();
      auto entries = list(v, 64);
      if (!entries) return entries.error();
      if (entries->empty()) return fail(v, "an enum needs at least one value");
      for (const Node& e : *entries) {
        auto s = text(e);
        if (!s) return s.error();
        if (s->empty()) return fail(e, "an enum value may not be empty");
        a.values.push_back(*s);
      }
      break;
    }
    case AttrType::kId:
      if (const Node f = child(n, "format")) {
        auto s = text(f);
        if (!s) return s.error();
        if (*s == "ksuid") {
          a.id_format = IdFormat::kKsuid;
        } else if (*s == "ulid") {
          a.id_format = IdFormat::kUlid;
        } else if (*s == "uuid") {
          a.id_format = IdFormat::kUuid;
        } else {
          return fail(f, fmt::format("unknown id format \"{}\"{}; the formats: ksuid, ulid, uuid",
                                     *s, did_you_mean(*s, {"ksuid", "ulid", "uuid"})));
        }
      }
      break;
    case AttrType::kBoolean:
      break;
  }
  return a;
}

Result<Template> Loader::read_template(const Node& n, const EntityType* e,
                                       const ParamTypes* params) const {
  auto s = text(n);
  if (!s) return s.error();
  auto t = parse_template(*s);
  if (!t) {
    return fail(n,
                fmt::format("at byte {} of \"{}\": {}", t.error().offset, *s, t.error().message));
  }
  for (const Template::Piece& p : t->pieces) {
    if (!p.is_ref) continue;
    const AttributeSpec* spec = nullptr;
    if (e != nullptr) spec = e->attribute(p.ref);
    if (params != nullptr) {
      const auto it = params->find(p.ref);
      if (it != params->end()) spec = it->second;
    }
    if (spec == nullptr) {
      std::vector<std::string> known;
      if (e != nullptr) known = attribute_names(*e);
      if (params != nullptr) {
        for (const auto& [param, type] : *params) known.push_back(param);
      }
      return fail(
          n,
          fmt::format("{{{}}} names no {} of {}{}", p.ref, e != nullptr ? "attribute" : "parameter",
                      e != nullptr ? e->name : "the pattern", did_you_mean(p.ref, known)));
    }
    if (auto ok = check_codecs(p.codecs, spec->type); !ok) {
      return fail(n, fmt::format("{{{}}}: {}", p.ref, ok.error().message));
    }
  }
  return t;
}

Result<KeyTemplate> Loader::read_key(const std::string& key_name, const Node& n,
                                     const EntityType& e, const Design& d) const {
  KeyTemplate k;
  k.attribute = key_name;
  Node value = n;
  if (n.j->is_object()) {
    if (auto ok = object(n, {"value", "when"}); !ok) return ok.error();
    value = child(n, "value");
    if (const Node w = child(n, "when")) {
      auto p = read_where(w, e, nullptr);
      if (!p) return p.error();
      k.when = std::move(*p);
    }
  }
  auto t = read_template(value, &e, nullptr);
  if (!t) return t.error();
  k.value = std::move(*t);
  const bool table_key = key_name == d.schema.partition_key.name ||
                         (d.schema.sort_key && key_name == d.schema.sort_key->name);
  if (table_key && k.when) {
    return fail(n, fmt::format("{} is a key of the table: every item has it, so it takes no "
                               "condition",
                               key_name));
  }
  return k;
}

Result<void> Loader::check_entity_keys(const Node& n, const EntityType& e, const Design& d) const {
  std::vector<std::string> table_keys{d.schema.partition_key.name};
  if (d.schema.sort_key) table_keys.push_back(d.schema.sort_key->name);
  for (const std::string& k : table_keys) {
    const auto has = [&k](const KeyTemplate& t) { return t.attribute == k; };
    if (std::none_of(e.keys.begin(), e.keys.end(), has)) {
      return fail(child(n, "keys"),
                  fmt::format("{} gives no {}: every item needs the table's key", e.name, k));
    }
  }
  for (const KeyTemplate& k : e.keys) {
    if (!key_type(d.schema, k.attribute)) {
      return fail(child(child(n, "keys"), k.attribute),
                  fmt::format("{} is a key of neither the table nor an index{}", k.attribute,
                              did_you_mean(k.attribute, key_names(d.schema))));
    }
    if (e.attribute(k.attribute) != nullptr) {
      return fail(child(child(n, "keys"), k.attribute),
                  fmt::format("{} is both an attribute and a key of {}", k.attribute, e.name));
    }
  }
  for (const AttributeSpec& a : e.attributes) {
    const auto t = key_type(d.schema, a.name);
    if (!t) continue;  // a plain attribute
    const AttributeType stored = a.type == AttrType::kInteger   ? AttributeType::kN
                                 : a.type == AttrType::kBoolean ? AttributeType::kBool
                                                                : AttributeType::kS;
    if (stored != *t) {
      return fail(child(child(n, "attributes"), a.name),
                  fmt::format("{} is a key attribute of type {}, but {} attribute is stored as {}",
                              a.name, type_name(*t), a_type(a.type), type_name(stored)));
    }
  }
  return {};
}

Result<EntityType> Loader::read_entity(const std::string& entity_name, const Node& n,
                                       const Design& d) const {
  EntityType e;
  e.name = entity_name;
  if (auto ok = object(n, {"attributes", "keys", "identity", "updates"}); !ok) return ok.error();
  const Node attrs = child(n, "attributes");
  if (auto ok = needed(attrs); !ok) return ok.error();
  auto entries = members(attrs, kMaxAttributes);
  if (!entries) return entries.error();
  for (const auto& [attr_name, spec] : *entries) {
    if (!valid_name(attr_name)) return fail(spec, not_a_name(attr_name));
    auto a = read_attribute(attr_name, spec);
    if (!a) return a.error();
    e.attributes.push_back(std::move(*a));
  }
  const Node keys = child(n, "keys");
  if (auto ok = needed(keys); !ok) return ok.error();
  auto key_entries = members(keys, kMaxAttributes);
  if (!key_entries) return key_entries.error();
  for (const auto& [key_name, value] : *key_entries) {
    auto k = read_key(key_name, value, e, d);
    if (!k) return k.error();
    e.keys.push_back(std::move(*k));
  }
  if (const Node id = child(n, "identity")) {
    auto keys_of = read_order_keys(id, {&e});
    if (!keys_of) return keys_of.error();
    e.identity = std::move(*keys_of);
  }
  if (auto ok = check_entity_keys(n, e, d); !ok) return ok.error();
  if (auto ok = read_updates(child(n, "updates"), e, d); !ok) return ok.error();
  return e;
}

}  // namespace sortkey::design::load_internal
