#include "design/load.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

#include "design/document.h"
#include "design/template.h"
#include "design/values.h"
#include "sortkey/ksuid.h"

namespace sortkey::design {
namespace {

using json = nlohmann::ordered_json;
using ParamTypes = std::map<std::string, const AttributeSpec*, std::less<>>;

struct Node {
  const json* j = nullptr;  // nullptr: absent
  std::string ptr;
  explicit operator bool() const { return j != nullptr; }
};

std::string shown(const json& j) {
  std::string s = j.dump(-1, ' ', false, json::error_handler_t::replace);
  return s.size() > 60 ? s.substr(0, 57) + "..." : s;
}

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

// A name of an attribute, entity, index or pattern: 1 to 255 bytes of
// letters, digits, '_', '-', '.'.
bool valid_name(std::string_view s) {
  return !s.empty() && s.size() <= 255 && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
  });
}

std::string not_a_name(std::string_view s) {
  return fmt::format("\"{}\" is not a name: use letters, digits, _, - and .", s);
}

class Loader {
 public:
  Loader(const Document& doc, std::string path) : doc_(doc), path_(std::move(path)) {}

  Result<Design> run();

 private:
  Error fail(std::string_view ptr, const std::string& message) const {
    const TextPosition at = doc_.where(ptr);
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("{}:{}:{}: {}: {}", path_, at.line, at.column,
                                  ptr.empty() ? "/" : std::string(ptr), message));
  }
  Error fail(const Node& n, const std::string& message) const { return fail(n.ptr, message); }

  Node child(const Node& n, std::string_view key) const {
    const std::string ptr = child_pointer(n.ptr, key);
    if (n.j == nullptr || !n.j->is_object()) return Node{nullptr, ptr};
    const auto it = n.j->find(key);
    return Node{it == n.j->end() ? nullptr : &*it, ptr};
  }
  Node item(const Node& n, std::size_t i) const {
    return Node{&(*n.j)[i], child_pointer(n.ptr, i)};
  }

  Result<void> object(const Node& n, std::initializer_list<std::string_view> allowed) const;
  Result<void> needed(const Node& n) const {
    if (!n) return fail(n, "is required");
    return {};
  }
  Result<std::string> text(const Node& n) const;
  Result<std::string> name(const Node& n) const;
  Result<std::int64_t> integer(const Node& n, std::int64_t lo, std::int64_t hi) const;
  Result<bool> boolean(const Node& n) const;
  Result<std::vector<Node>> list(const Node& n, std::size_t max) const;
  Result<std::vector<std::pair<std::string, Node>>> members(const Node& n, std::size_t max) const;

  Result<void> read_table(const Node& n, Design& d) const;
  Result<KeyAttribute> key_attribute(const Node& n) const;
  Result<std::vector<KeyAttribute>> key_attributes(const Node& n) const;
  Result<void> read_check(const Node& n, Design& d) const;
  Result<EntityType> read_entity(const std::string& entity_name, const Node& n,
                                 const Design& d) const;
  Result<AttributeSpec> read_attribute(const std::string& attr_name, const Node& n) const;
  Result<void> read_string_spec(const Node& n, AttributeSpec& a) const;
  Result<void> read_range(const Node& n, AttributeSpec& a) const;
  Result<KeyTemplate> read_key(const std::string& key_name, const Node& n, const EntityType& e,
                               const Design& d) const;
  Result<Template> read_template(const Node& n, const EntityType* e,
                                 const ParamTypes* params) const;
  Result<Predicate> read_where(const Node& n, const EntityType& e, const ParamTypes* params) const;
  Result<Operand> read_operand(const Node& n, const AttributeSpec& spec,
                               const ParamTypes* params) const;
  Result<std::vector<OrderKey>> read_order_keys(const Node& n,
                                                const std::vector<const EntityType*>& types) const;
  Result<std::vector<Selector>> read_selectors(const Node& n, const Design& d,
                                               const ParamTypes* params) const;
  Result<Pattern> read_pattern(const std::string& pattern_name, const Node& n,
                               const Design& d) const;
  Result<void> read_parameters(const Node& n, const Design& d, Pattern& p, ParamTypes& types) const;
  Result<void> read_query(const Node& n, const Design& d, const ParamTypes& types,
                          Pattern& p) const;
  Result<void> read_sort(const Node& n, const IndexSchema* index, const Design& d,
                         const ParamTypes& types, Pattern& p) const;
  Result<void> read_filter(const Node& n, const ParamTypes& types, Pattern& p) const;
  Result<void> check_entity_keys(const Node& n, const EntityType& e, const Design& d) const;

  const Document& doc_;
  std::string path_;
};

Result<void> Loader::object(const Node& n, std::initializer_list<std::string_view> allowed) const {
  if (!n.j->is_object()) return fail(n, fmt::format("must be a map, not {}", shown(*n.j)));
  for (const auto& [key, value] : n.j->items()) {
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    std::string words;
    for (std::string_view a : allowed) words += (words.empty() ? "" : ", ") + std::string(a);
    return fail(child_pointer(n.ptr, key),
                fmt::format("unknown key \"{}\"; the keys here: {}", key, words));
  }
  return {};
}

Result<std::string> Loader::text(const Node& n) const {
  if (!n) return fail(n, "is required");
  if (!n.j->is_string()) return fail(n, fmt::format("must be a string, not {}", shown(*n.j)));
  return n.j->get<std::string>();
}

Result<std::string> Loader::name(const Node& n) const {
  auto s = text(n);
  if (!s) return s;
  if (!valid_name(*s)) return fail(n, not_a_name(*s));
  return s;
}

Result<std::int64_t> Loader::integer(const Node& n, std::int64_t lo, std::int64_t hi) const {
  if (!n.j->is_number_integer())
    return fail(n, fmt::format("must be an integer, not {}", shown(*n.j)));
  const auto v = n.j->get<std::int64_t>();
  if (v < lo || v > hi) return fail(n, fmt::format("must be from {} to {}, got {}", lo, hi, v));
  return v;
}

Result<bool> Loader::boolean(const Node& n) const {
  if (!n.j->is_boolean()) return fail(n, fmt::format("must be true or false, not {}", shown(*n.j)));
  return n.j->get<bool>();
}

Result<std::vector<Node>> Loader::list(const Node& n, std::size_t max) const {
  if (!n.j->is_array()) return fail(n, fmt::format("must be a list, not {}", shown(*n.j)));
  if (n.j->size() > max)
    return fail(n, fmt::format("has {} entries, more than {}", n.j->size(), max));
  std::vector<Node> out;
  for (std::size_t i = 0; i < n.j->size(); ++i) out.push_back(item(n, i));
  return out;
}

Result<std::vector<std::pair<std::string, Node>>> Loader::members(const Node& n,
                                                                  std::size_t max) const {
  if (!n.j->is_object()) return fail(n, fmt::format("must be a map, not {}", shown(*n.j)));
  if (n.j->size() > max)
    return fail(n, fmt::format("has {} entries, more than {}", n.j->size(), max));
  std::vector<std::pair<std::string, Node>> out;
  for (const auto& [key, value] : n.j->items()) out.emplace_back(key, child(n, key));
  return out;
}

Result<KeyAttribute> Loader::key_attribute(const Node& n) const {
  if (n.j->is_string()) {
    auto s = name(n);
    if (!s) return s.error();
    return KeyAttribute{*s, AttributeType::kS};
  }
  if (auto ok = object(n, {"name", "type"}); !ok) return ok.error();
  auto s = name(child(n, "name"));
  if (!s) return s.error();
  KeyAttribute k{*s, AttributeType::kS};
  if (const Node t = child(n, "type")) {
    auto type = text(t);
    if (!type) return type.error();
    if (*type != "S" && *type != "N")
      return fail(t, fmt::format("must be S or N, not \"{}\"", *type));
    k.type = *type == "N" ? AttributeType::kN : AttributeType::kS;
  }
  return k;
}

Result<std::vector<KeyAttribute>> Loader::key_attributes(const Node& n) const {
  std::vector<KeyAttribute> out;
  if (!n.j->is_array()) {
    auto k = key_attribute(n);
    if (!k) return k.error();
    out.push_back(*k);
    return out;
  }
  auto entries = list(n, kMaxKeyAttributes);
  if (!entries) return entries.error();
  if (entries->empty()) return fail(n, "names no attribute");
  for (const Node& e : *entries) {
    auto k = key_attribute(e);
    if (!k) return k.error();
    out.push_back(*k);
  }
  return out;
}

Result<void> Loader::read_table(const Node& n, Design& d) const {
  if (auto ok = needed(n); !ok) return ok;
  if (auto ok = object(n, {"name", "partition_key", "sort_key", "indexes"}); !ok) return ok;
  if (const Node t = child(n, "name")) {
    auto s = name(t);
    if (!s) return s.error();
    d.table_name = *s;
  }
  const Node pk = child(n, "partition_key");
  if (auto ok = needed(pk); !ok) return ok;
  auto k = key_attribute(pk);
  if (!k) return k.error();
  d.schema.partition_key = *k;
  if (const Node sk = child(n, "sort_key")) {
    auto s = key_attribute(sk);
    if (!s) return s.error();
    d.schema.sort_key = *s;
  }
  if (const Node ix = child(n, "indexes")) {
    auto entries = list(ix, kMaxIndexes);
    if (!entries) return entries.error();
    for (const Node& e : *entries) {
      if (auto ok = object(e, {"name", "partition_key", "sort_key", "holds"}); !ok) return ok;
      IndexDesign index;
      auto s = name(child(e, "name"));
      if (!s) return s.error();
      index.schema.name = *s;
      const Node ipk = child(e, "partition_key");
      if (auto ok = needed(ipk); !ok) return ok;
      auto p = key_attributes(ipk);
      if (!p) return p.error();
      index.schema.partition_key = *p;
      if (const Node isk = child(e, "sort_key")) {
        auto q = key_attributes(isk);
        if (!q) return q.error();
        index.schema.sort_key = *q;
      }
      d.schema.indexes.push_back(index.schema);
      d.indexes.push_back(std::move(index));
    }
  }
  if (auto t = Table::create(d.schema); !t) return fail(n, t.error().message);
  return {};
}

Result<void> Loader::read_check(const Node& n, Design& d) const {
  if (!n) return {};
  if (auto ok = object(n, {"max_entities", "capacity_alert_percent"}); !ok) return ok;
  if (const Node m = child(n, "max_entities")) {
    auto v = integer(m, 1, kMaxPopulation);
    if (!v) return v.error();
    d.max_entities = static_cast<int>(*v);
  }
  if (const Node c = child(n, "capacity_alert_percent")) {
    auto v = integer(c, 1, 100);
    if (!v) return v.error();
    d.capacity_alert_percent = static_cast<int>(*v);
  }
  return {};
}

Result<void> Loader::read_string_spec(const Node& n, AttributeSpec& a) const {
  std::string chars;
  if (const Node p = child(n, "alphabet")) {
    auto s = text(p);
    if (!s) return s.error();
    chars = preset_characters(*s);
    if (chars.empty()) {
      return fail(p, fmt::format("unknown alphabet \"{}\"; the alphabets: upper, lower, letters, "
                                 "digits, alnum, name, text (or list the characters)",
                                 *s));
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
    return fail(child(n, "type"), fmt::format("unknown type \"{}\"; the types: string, integer, "
                                              "timestamp, enum, boolean, id",
                                              *type));
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
      return fail(child(n, s), fmt::format("a {} attribute has no \"{}\"", *type, s));
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
          return fail(f,
                      fmt::format("unknown id format \"{}\"; the formats: ksuid, ulid, uuid", *s));
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
      return fail(n, fmt::format("{{{}}} names no {} of {}", p.ref,
                                 e != nullptr ? "attribute" : "parameter",
                                 e != nullptr ? e->name : "the pattern"));
    }
    if (auto ok = check_codecs(p.codecs, spec->type); !ok) {
      return fail(n, fmt::format("{{{}}}: {}", p.ref, ok.error().message));
    }
  }
  return t;
}

Result<Operand> Loader::read_operand(const Node& n, const AttributeSpec& spec,
                                     const ParamTypes* params) const {
  Operand o;
  if (n.j->is_string()) {
    const std::string s = n.j->get<std::string>();
    if (s.rfind("$", 0) == 0 && s.rfind("$$", 0) != 0) {
      const auto it = params == nullptr ? ParamTypes::const_iterator{} : params->find(s.substr(1));
      if (params == nullptr || it == params->end()) {
        return fail(n, fmt::format("{} names no parameter{}", s,
                                   params == nullptr ? " (a key's condition has none)" : ""));
      }
      if (it->second->type != spec.type) {
        return fail(n, fmt::format("{} is a {} parameter, but {} is of type {}", s,
                                   to_string(it->second->type), spec.name, to_string(spec.type)));
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
    if (spec == nullptr) return fail(cond, fmt::format("{} has no attribute {}", e.name, attr));
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
        return fail(arg, fmt::format("unknown condition \"{}\"; the conditions: eq, ne, lt, le, "
                                     "gt, ge, between, in, begins_with, exists",
                                     op_name));
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
        auto names = list(ent, kMaxEntityTypes);
        if (!names) return names.error();
        k.by_entity = true;
        for (const Node& t : *names) {
          auto s = name(t);
          if (!s) return s.error();
          k.entities.push_back(*s);
        }
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
    if (!found)
      return fail(attr, fmt::format("no entity type here has an attribute {}", k.attribute));
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
    if (type == nullptr) return fail(child(e, "entity"), fmt::format("no entity type {}", *s));
    auto where = read_where(child(e, "where"), *type, params);
    if (!where) return where.error();
    out.push_back(Selector{*s, std::move(*where)});
  }
  return out;
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

// The type of a key attribute of the table or an index; nullopt when none has it.
std::optional<AttributeType> key_type(const TableSchema& s, std::string_view attr) {
  if (s.partition_key.name == attr) return s.partition_key.type;
  if (s.sort_key && s.sort_key->name == attr) return s.sort_key->type;
  for (const IndexSchema& ix : s.indexes) {
    for (const auto* side : {&ix.partition_key, &ix.sort_key}) {
      for (const KeyAttribute& k : *side) {
        if (k.name == attr) return k.type;
      }
    }
  }
  return std::nullopt;
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
                  fmt::format("{} is a key of neither the table nor an index", k.attribute));
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
      return fail(
          child(child(n, "attributes"), a.name),
          fmt::format("{} is a key attribute of type {}, but a {} attribute is stored as {}",
                      a.name, type_name(*t), to_string(a.type), type_name(stored)));
    }
  }
  return {};
}

Result<EntityType> Loader::read_entity(const std::string& entity_name, const Node& n,
                                       const Design& d) const {
  EntityType e;
  e.name = entity_name;
  if (auto ok = object(n, {"attributes", "keys", "identity"}); !ok) return ok.error();
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
  return e;
}

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
                  fmt::format("\"{}\" names no attribute: write Entity.attribute", *like));
    }
    param.entity = e->name;
    param.attribute = a->name;
    if (const Node at_least = child(spec, "at_least")) {
      auto other = text(at_least);
      if (!other) return other.error();
      const auto it = types.find(*other);
      if (it == types.end() || it->second->type != a->type) {
        return fail(at_least, fmt::format("\"{}\" is no earlier parameter of type {}", *other,
                                          to_string(a->type)));
      }
      param.at_least = *other;
    }
    types[param_name] = a;
    p.parameters.push_back(std::move(param));
  }
  return {};
}

Result<void> Loader::read_filter(const Node& n, const ParamTypes& types, Pattern& p) const {
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
    if (auto ok = object(n, {"index", "limit", "filter"}); !ok) return ok;
  } else if (auto ok = object(n, {"index", "partition", "sort", "forward", "limit", "filter"});
             !ok) {
    return ok;
  }
  const IndexSchema* index = nullptr;
  if (const Node ix = child(n, "index")) {
    auto s = name(ix);
    if (!s) return s.error();
    for (const IndexSchema& i : d.schema.indexes) {
      if (i.name == *s) index = &i;
    }
    if (index == nullptr) return fail(ix, fmt::format("the table has no index {}", *s));
    p.index = *s;
  }
  if (const Node l = child(n, "limit")) {
    auto v = integer(l, 1, 1000);
    if (!v) return v.error();
    p.limit = static_cast<int>(*v);
  }
  if (auto ok = read_filter(child(n, "filter"), types, p); !ok) return ok;
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
  if (part.j->size() != pk.size()) {
    return fail(part, "names an attribute that is not of the partition key");
  }
  if (const Node s = child(n, "sort")) return read_sort(s, index, d, types, p);
  return {};
}

Result<Pattern> Loader::read_pattern(const std::string& pattern_name, const Node& n,
                                     const Design& d) const {
  Pattern p;
  p.name = pattern_name;
  if (auto ok = object(n, {"description", "query", "scan", "parameters", "returns", "order"});
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

Result<Design> Loader::run() {
  const Node root{&doc_.root, ""};
  Design d;
  d.path = path_;
  d.name = std::filesystem::path(path_).stem().string();
  if (auto ok = object(root, {"design", "table", "entities", "patterns", "check"}); !ok) {
    return ok.error();
  }
  if (const Node n = child(root, "design")) {
    auto s = name(n);
    if (!s) return s.error();
    d.name = *s;
  }
  if (auto ok = read_table(child(root, "table"), d); !ok) return ok.error();
  if (auto ok = read_check(child(root, "check"), d); !ok) return ok.error();
  const Node ents = child(root, "entities");
  if (auto ok = needed(ents); !ok) return ok.error();
  auto entries = members(ents, kMaxEntityTypes);
  if (!entries) return entries.error();
  if (entries->empty()) return fail(ents, "declares no entity type");
  for (const auto& [entity_name, n] : *entries) {
    auto e = read_entity(entity_name, n, d);
    if (!e) return e.error();
    d.entities.push_back(std::move(*e));
  }
  for (std::size_t i = 0; i < d.indexes.size(); ++i) {
    const Node holds = child(item(child(child(root, "table"), "indexes"), i), "holds");
    if (!holds) continue;
    auto sel = read_selectors(holds, d, nullptr);
    if (!sel) return sel.error();
    d.indexes[i].holds = std::move(*sel);
  }
  if (const Node pats = child(root, "patterns")) {
    auto pattern_entries = members(pats, kMaxPatterns);
    if (!pattern_entries) return pattern_entries.error();
    for (const auto& [pattern_name, n] : *pattern_entries) {
      if (!valid_name(pattern_name)) return fail(n, not_a_name(pattern_name));
      auto p = read_pattern(pattern_name, n, d);
      if (!p) return p.error();
      d.patterns.push_back(std::move(*p));
    }
  }
  return d;
}

}  // namespace

Result<Design> load_design_text(std::string_view text, const std::string& path) {
  auto doc = parse_document(text);
  if (!doc) {
    // "line 3, column 7: why" becomes "<path>:3:7: why".
    int line = 0;
    int column = 0;
    int used = 0;
    const std::string& m = doc.error().message;
    if (std::sscanf(m.c_str(), "line %d, column %d: %n", &line, &column, &used) == 2 && used > 0) {
      return make_error(doc.error().code, doc.error().offset,
                        fmt::format("{}:{}:{}: {}", path, line, column,
                                    m.substr(static_cast<std::size_t>(used))));
    }
    return make_error(doc.error().code, doc.error().offset, fmt::format("{}: {}", path, m));
  }
  return Loader(*doc, path).run();
}

}  // namespace sortkey::design
