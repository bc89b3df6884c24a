#include "design/values.h"

#include <fmt/format.h>

#include <algorithm>

namespace sortkey::design {

std::string_view to_string(AttrType type) {
  switch (type) {
    case AttrType::kString:
      return "string";
    case AttrType::kInteger:
      return "integer";
    case AttrType::kTimestamp:
      return "timestamp";
    case AttrType::kEnum:
      return "enum";
    case AttrType::kBoolean:
      return "boolean";
    case AttrType::kId:
      return "id";
  }
  return "?";
}

std::string a_type(AttrType type) {
  const std::string_view name = to_string(type);
  const bool vowel = name.find_first_of("aeiou") == 0;
  return std::string(vowel ? "an " : "a ") + std::string(name);
}

const AttributeSpec* EntityType::attribute(std::string_view attr) const {
  for (const AttributeSpec& a : attributes) {
    if (a.name == attr) return &a;
  }
  return nullptr;
}

const EntityType* Design::entity(std::string_view entity_name) const {
  for (const EntityType& e : entities) {
    if (e.name == entity_name) return &e;
  }
  return nullptr;
}

const IndexDesign* Design::index(std::string_view index_name) const {
  for (const IndexDesign& ix : indexes) {
    if (ix.schema.name == index_name) return &ix;
  }
  return nullptr;
}

std::vector<KeyAttribute> key_attributes(const TableSchema& schema) {
  std::vector<KeyAttribute> out;
  const auto add = [&out](const KeyAttribute& k) {
    for (const KeyAttribute& seen : out) {
      if (seen.name == k.name) return;
    }
    out.push_back(k);
  };
  add(schema.partition_key);
  if (schema.sort_key) add(*schema.sort_key);
  for (const IndexSchema& ix : schema.indexes) {
    for (const auto* side : {&ix.partition_key, &ix.sort_key}) {
      for (const KeyAttribute& k : *side) add(k);
    }
  }
  for (const LocalIndexSchema& ix : schema.local_indexes) add(ix.sort_key);
  return out;
}

std::string plain_text(const Value& v, const AttributeSpec& spec) {
  switch (v.type) {
    case AttrType::kInteger:
      return std::to_string(v.integer);
    case AttrType::kTimestamp:
      return encode_timestamp(v.time, spec.precision).value_or(std::string("(out of range)"));
    case AttrType::kBoolean:
      return v.flag ? "true" : "false";
    default:
      return v.text;
  }
}

AttributeValue stored_attribute(const Value& v, const AttributeSpec& spec) {
  switch (v.type) {
    case AttrType::kInteger:
      return AttributeValue::N(*parse_number(std::to_string(v.integer)));
    case AttrType::kBoolean:
      return AttributeValue::Bool(v.flag);
    default:
      return AttributeValue::S(plain_text(v, spec));
  }
}

namespace {

template <class T>
int sign_of(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

std::size_t enum_position(const std::string& v, const AttributeSpec& spec) {
  return static_cast<std::size_t>(std::find(spec.values.begin(), spec.values.end(), v) -
                                  spec.values.begin());
}

std::string mapped(const std::string& text, std::optional<CaseMode> mode) {
  if (!mode) return text;
  return normalize_name(text, *mode).value_or(text);
}

}  // namespace

int compare_values(const Value& a, const Value& b, const AttributeSpec& spec,
                   std::optional<CaseMode> case_mode) {
  switch (spec.type) {
    case AttrType::kInteger:
      return sign_of(a.integer, b.integer);
    case AttrType::kTimestamp:
      return sign_of(truncate_instant(a.time, spec.precision),
                     truncate_instant(b.time, spec.precision));
    case AttrType::kBoolean:
      return sign_of(a.flag, b.flag);
    case AttrType::kEnum:
      return sign_of(enum_position(a.text, spec), enum_position(b.text, spec));
    default: {
      const int c = std::string_view(mapped(a.text, case_mode)).compare(mapped(b.text, case_mode));
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
  }
}

std::string show_value(const Value& v, const AttributeSpec& spec) {
  switch (v.type) {
    case AttrType::kInteger:
    case AttrType::kTimestamp:
    case AttrType::kBoolean:
      return plain_text(v, spec);
    default:
      return nlohmann::json(v.text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
}

Result<Value> value_from_literal(const nlohmann::ordered_json& literal, const AttributeSpec& spec) {
  Value v;
  v.type = spec.type;
  const auto wrong = [&](std::string_view want) {
    return make_error(
        ErrorCode::kBadParameter, 0,
        fmt::format("{} is not {} (the attribute {} is of type {})",
                    literal.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), want,
                    spec.name, to_string(spec.type)));
  };
  switch (spec.type) {
    case AttrType::kInteger:
      if (!literal.is_number_integer()) return wrong("an integer");
      v.integer = literal.get<std::int64_t>();
      return v;
    case AttrType::kBoolean:
      if (!literal.is_boolean()) return wrong("true or false");
      v.flag = literal.get<bool>();
      return v;
    case AttrType::kTimestamp: {
      if (!literal.is_string()) return wrong("an RFC 3339 timestamp");
      auto t = parse_rfc3339(literal.get<std::string>());
      if (!t) return make_error(ErrorCode::kBadParameter, 0, describe(t.error()));
      v.time = *t;
      return v;
    }
    default:
      if (!literal.is_string()) return wrong("a string");
      v.text = literal.get<std::string>();
      if (spec.type == AttrType::kEnum && enum_position(v.text, spec) == spec.values.size()) {
        return make_error(ErrorCode::kBadParameter, 0,
                          fmt::format("\"{}\" is not one of the values of {}", v.text, spec.name));
      }
      return v;
  }
}

Result<std::vector<std::string>> utf8_code_points(std::string_view text) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    const std::size_t n = b < 0x80         ? 1
                          : (b >> 5) == 6  ? 2
                          : (b >> 4) == 14 ? 3
                          : (b >> 3) == 30 ? 4
                                           : 0;
    bool ok = n != 0 && i + n <= text.size();
    for (std::size_t k = 1; ok && k < n; ++k) {
      ok = (static_cast<unsigned char>(text[i + k]) >> 6) == 2;
    }
    if (!ok) return make_error(ErrorCode::kBadCharacter, i, "the characters are not valid UTF-8");
    out.emplace_back(text.substr(i, n));
    i += n;
  }
  return out;
}

}  // namespace sortkey::design
