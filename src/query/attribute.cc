#include "sortkey/attribute.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>

namespace sortkey {
namespace {

using json = nlohmann::json;

constexpr std::array<std::string_view, 10> kTypeNames = {"S", "N", "B",  "BOOL", "NULL",
                                                         "L", "M", "SS", "NS",   "BS"};

int sign(int x) { return (x > 0) - (x < 0); }

// DynamoDB names the set types this way in its messages ("An string set may
// not be empty").
std::string_view set_word(AttributeType t) {
  switch (t) {
    case AttributeType::kSS:
      return "string";
    case AttributeType::kNS:
      return "number";
    default:
      return "binary";
  }
}

Error empty_set(AttributeType t) {
  return make_error(
      ErrorCode::kEmpty, 0,
      fmt::format("One or more parameter values were invalid: An {} set  may not be empty",
                  set_word(t)));
}

Error duplicate_in_set() {
  return make_error(
      ErrorCode::kBadParameter, 0,
      "One or more parameter values were invalid: Input collection contains duplicates");
}

Result<std::vector<std::string>> sorted_unique_bytes(std::vector<std::string> v, AttributeType t) {
  if (v.empty()) return empty_set(t);
  std::sort(v.begin(), v.end());  // std::string's order is unsigned bytes
  if (std::adjacent_find(v.begin(), v.end()) != v.end()) return duplicate_in_set();
  return v;
}

}  // namespace

std::string_view type_name(AttributeType type) {
  return kTypeNames[static_cast<std::size_t>(type)];
}

std::optional<AttributeType> type_from_name(std::string_view name) {
  for (std::size_t i = 0; i < kTypeNames.size(); ++i) {
    if (kTypeNames[i] == name) return static_cast<AttributeType>(i);
  }
  return std::nullopt;
}

AttributeValue AttributeValue::S(std::string text) { return {AttributeType::kS, std::move(text)}; }
AttributeValue AttributeValue::N(const Number& number) { return {AttributeType::kN, number}; }
AttributeValue AttributeValue::B(std::string bytes) {
  return {AttributeType::kB, std::move(bytes)};
}
AttributeValue AttributeValue::Bool(bool value) { return {AttributeType::kBool, value}; }
AttributeValue AttributeValue::Null() { return {}; }
AttributeValue AttributeValue::L(List elements) { return {AttributeType::kL, std::move(elements)}; }
AttributeValue AttributeValue::M(Map fields) { return {AttributeType::kM, std::move(fields)}; }

Result<AttributeValue> AttributeValue::SS(std::vector<std::string> elements) {
  auto v = sorted_unique_bytes(std::move(elements), AttributeType::kSS);
  if (!v) return v.error();
  return AttributeValue(AttributeType::kSS, std::move(*v));
}

Result<AttributeValue> AttributeValue::BS(std::vector<std::string> elements) {
  auto v = sorted_unique_bytes(std::move(elements), AttributeType::kBS);
  if (!v) return v.error();
  return AttributeValue(AttributeType::kBS, std::move(*v));
}

Result<AttributeValue> AttributeValue::NS(std::vector<Number> elements) {
  if (elements.empty()) return empty_set(AttributeType::kNS);
  std::sort(elements.begin(), elements.end(),
            [](const Number& a, const Number& b) { return compare_numbers(a, b) < 0; });
  if (std::adjacent_find(elements.begin(), elements.end()) != elements.end())
    return duplicate_in_set();
  return AttributeValue(AttributeType::kNS, std::move(elements));
}

Result<AttributeValue> AttributeValue::N(std::string_view text) {
  auto n = parse_number(text);
  if (!n) return n.error();
  return N(*n);
}

const std::string& AttributeValue::as_string() const { return std::get<std::string>(v_); }
const Number& AttributeValue::as_number() const { return std::get<Number>(v_); }
bool AttributeValue::as_bool() const { return std::get<bool>(v_); }
const AttributeValue::List& AttributeValue::as_list() const { return std::get<List>(v_); }
const AttributeValue::Map& AttributeValue::as_map() const { return std::get<Map>(v_); }
const std::vector<std::string>& AttributeValue::as_strings() const {
  return std::get<std::vector<std::string>>(v_);
}
const std::vector<Number>& AttributeValue::as_numbers() const {
  return std::get<std::vector<Number>>(v_);
}

// Numbers are normalized and sets sorted on construction, so equality of
// the storage is equality of the values.
bool operator==(const AttributeValue& a, const AttributeValue& b) {
  return a.type_ == b.type_ && a.v_ == b.v_;
}

int compare_scalars(const AttributeValue& a, const AttributeValue& b) {
  if (a.type() == AttributeType::kN) return compare_numbers(a.as_number(), b.as_number());
  return sign(std::string_view(a.as_string()).compare(b.as_string()));
}

namespace {

std::size_t number_size(const Number& n) {
  const std::size_t digits = n.is_zero() ? 1 : n.digits().size();
  return 1 + (digits + 1) / 2;
}

}  // namespace

std::size_t value_size(const AttributeValue& v) {
  switch (v.type()) {
    case AttributeType::kS:
    case AttributeType::kB:
      return v.as_string().size();
    case AttributeType::kN:
      return number_size(v.as_number());
    case AttributeType::kBool:
    case AttributeType::kNull:
      return 1;
    case AttributeType::kSS:
    case AttributeType::kBS: {
      std::size_t n = 0;
      for (const auto& s : v.as_strings()) n += s.size();
      return n;
    }
    case AttributeType::kNS: {
      std::size_t n = 0;
      for (const auto& x : v.as_numbers()) n += number_size(x);
      return n;
    }
    case AttributeType::kL: {
      std::size_t n = 3;
      for (const auto& e : v.as_list()) n += 1 + value_size(e);
      return n;
    }
    case AttributeType::kM: {
      std::size_t n = 3;
      for (const auto& [name, e] : v.as_map()) n += 1 + name.size() + value_size(e);
      return n;
    }
  }
  return 0;
}

std::size_t attribute_size(std::string_view name, const AttributeValue& value) {
  return name.size() + value_size(value);
}

std::size_t item_size(const Item& item) {
  std::size_t n = 0;
  for (const auto& [name, value] : item) n += attribute_size(name, value);
  return n;
}

// ---------------------------------------------------------------- base64

namespace {

constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int sextet(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

}  // namespace

std::string encode_base64(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const unsigned v = static_cast<unsigned char>(bytes[i]) << 16 |
                       static_cast<unsigned char>(bytes[i + 1]) << 8 |
                       static_cast<unsigned char>(bytes[i + 2]);
    out += kAlphabet[v >> 18 & 63];
    out += kAlphabet[v >> 12 & 63];
    out += kAlphabet[v >> 6 & 63];
    out += kAlphabet[v & 63];
  }
  const std::size_t rest = bytes.size() - i;
  if (rest > 0) {
    unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
    if (rest == 2) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    out += kAlphabet[v >> 18 & 63];
    out += kAlphabet[v >> 12 & 63];
    out += rest == 2 ? kAlphabet[v >> 6 & 63] : '=';
    out += '=';
  }
  return out;
}

Result<std::string> decode_base64(std::string_view text) {
  if (text.size() % 4 != 0) {
    return make_error(
        ErrorCode::kBadLength, text.size(),
        fmt::format("base64 text must be a multiple of 4 characters long, got {}", text.size()));
  }
  std::string out;
  out.reserve(text.size() / 4 * 3);
  for (std::size_t i = 0; i < text.size(); i += 4) {
    const bool last = i + 4 == text.size();
    int pad = 0;
    if (last && text[i + 3] == '=') pad = text[i + 2] == '=' ? 2 : 1;
    unsigned v = 0;
    for (std::size_t k = 0; k < 4; ++k) {
      if (k >= 4 - static_cast<std::size_t>(pad)) {
        v <<= 6;
        continue;
      }
      const int s = sextet(text[i + k]);
      if (s < 0) {
        return make_error(
            ErrorCode::kBadCharacter, i + k,
            fmt::format("'{}' is not a base64 character",
                        text[i + k] >= 0x20 && text[i + k] < 0x7f
                            ? std::string(1, text[i + k])
                            : fmt::format("\\x{:02X}", static_cast<unsigned char>(text[i + k]))));
      }
      v = v << 6 | static_cast<unsigned>(s);
    }
    if ((pad == 1 && (v & 0xFF) != 0) || (pad == 2 && (v & 0xFFFF) != 0)) {
      return make_error(ErrorCode::kNonCanonical, i + 2, "non-zero bits in the base64 padding");
    }
    out += static_cast<char>(v >> 16 & 0xFF);
    if (pad < 2) out += static_cast<char>(v >> 8 & 0xFF);
    if (pad < 1) out += static_cast<char>(v & 0xFF);
  }
  return out;
}

// ---------------------------------------------------------------- JSON

namespace {

Error bad_value(std::string message) {
  return make_error(ErrorCode::kBadParameter, 0, std::move(message));
}

Result<AttributeValue> from_json(const json& j);

Result<std::vector<std::string>> string_elements(const json& arr, std::string_view type) {
  if (!arr.is_array()) return bad_value(fmt::format("{} must be a JSON array", type));
  std::vector<std::string> out;
  for (const auto& e : arr) {
    if (!e.is_string())
      return bad_value(fmt::format("the elements of {} must be JSON strings", type));
    out.push_back(e.get<std::string>());
  }
  return out;
}

Result<AttributeValue> from_json(const json& j) {
  if (!j.is_object() || j.empty()) {
    return bad_value(
        "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
  }
  if (j.size() != 1) {
    return bad_value(
        "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the "
        "supported datatypes");
  }
  const auto first = j.begin();
  const std::string& name = first.key();
  const json& body = first.value();
  const auto type = type_from_name(name);
  if (!type)
    return bad_value(fmt::format("Supplied AttributeValue has an unknown datatype: {}", name));
  switch (*type) {
    case AttributeType::kS:
      if (!body.is_string()) return bad_value("S must be a JSON string");
      return AttributeValue::S(body.get<std::string>());
    case AttributeType::kN: {
      if (!body.is_string()) {
        return make_error(ErrorCode::kBadFormat, 0,
                          "SerializationException: the text of a Number must be a JSON string");
      }
      return AttributeValue::N(std::string_view(body.get_ref<const std::string&>()));
    }
    case AttributeType::kB: {
      if (!body.is_string()) return bad_value("B must be a JSON string of base64");
      auto bytes = decode_base64(body.get_ref<const std::string&>());
      if (!bytes) return bad_value("B is not valid base64: " + bytes.error().message);
      return AttributeValue::B(std::move(*bytes));
    }
    case AttributeType::kBool:
      if (!body.is_boolean()) return bad_value("BOOL must be true or false");
      return AttributeValue::Bool(body.get<bool>());
    case AttributeType::kNull:
      if (!body.is_boolean() || !body.get<bool>()) {
        return bad_value(
            "One or more parameter values were invalid: Null attribute value types must have the "
            "value of true");
      }
      return AttributeValue::Null();
    case AttributeType::kL: {
      if (!body.is_array()) return bad_value("L must be a JSON array");
      AttributeValue::List list;
      for (const auto& e : body) {
        auto v = from_json(e);
        if (!v) return v.error();
        list.push_back(std::move(*v));
      }
      return AttributeValue::L(std::move(list));
    }
    case AttributeType::kM: {
      if (!body.is_object()) return bad_value("M must be a JSON object");
      AttributeValue::Map map;
      for (const auto& [k, e] : body.items()) {
        auto v = from_json(e);
        if (!v) return v.error();
        map.emplace(k, std::move(*v));
      }
      return AttributeValue::M(std::move(map));
    }
    case AttributeType::kSS: {
      auto v = string_elements(body, "SS");
      if (!v) return v.error();
      return AttributeValue::SS(std::move(*v));
    }
    case AttributeType::kBS: {
      auto v = string_elements(body, "BS");
      if (!v) return v.error();
      std::vector<std::string> bytes;
      for (const auto& s : *v) {
        auto b = decode_base64(s);
        if (!b) return bad_value("an element of BS is not valid base64: " + b.error().message);
        bytes.push_back(std::move(*b));
      }
      return AttributeValue::BS(std::move(bytes));
    }
    case AttributeType::kNS: {
      auto v = string_elements(body, "NS");
      if (!v) return v.error();
      std::vector<Number> numbers;
      for (const auto& s : *v) {
        auto n = parse_number(s);
        if (!n) return make_error(n.error().code, 0, n.error().message);
        numbers.push_back(*n);
      }
      return AttributeValue::NS(std::move(numbers));
    }
  }
  return bad_value("unknown type");
}

Result<json> parse_json(std::string_view text) {
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    const std::size_t at = e.byte > 0 ? std::min<std::size_t>(e.byte - 1, text.size()) : 0;
    std::string what = e.what();
    // nlohmann's message starts with "[json.exception.parse_error.101] parse error at ...".
    if (const auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
    return make_error(ErrorCode::kBadFormat, at, "not valid JSON: " + what);
  } catch (const json::out_of_range& e) {
    // A JSON number beyond a double's range ("9E999"): nlohmann reports it
    // as out_of_range 406, without the byte where the number stands.
    std::string what = e.what();
    if (const auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
    return make_error(ErrorCode::kBadFormat, 0, "not valid JSON: " + what);
  }
}

json to_json_value(const AttributeValue& v) {
  switch (v.type()) {
    case AttributeType::kS:
      return {{"S", v.as_string()}};
    case AttributeType::kN:
      return {{"N", to_string(v.as_number())}};
    case AttributeType::kB:
      return {{"B", encode_base64(v.as_string())}};
    case AttributeType::kBool:
      return {{"BOOL", v.as_bool()}};
    case AttributeType::kNull:
      return {{"NULL", true}};
    case AttributeType::kL: {
      json arr = json::array();
      for (const auto& e : v.as_list()) arr.push_back(to_json_value(e));
      return {{"L", arr}};
    }
    case AttributeType::kM: {
      json obj = json::object();
      for (const auto& [k, e] : v.as_map()) obj[k] = to_json_value(e);
      return {{"M", obj}};
    }
    case AttributeType::kSS:
      return {{"SS", v.as_strings()}};
    case AttributeType::kBS: {
      json arr = json::array();
      for (const auto& s : v.as_strings()) arr.push_back(encode_base64(s));
      return {{"BS", arr}};
    }
    case AttributeType::kNS: {
      json arr = json::array();
      for (const auto& n : v.as_numbers()) arr.push_back(to_string(n));
      return {{"NS", arr}};
    }
  }
  return nullptr;
}

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

}  // namespace

Result<AttributeValue> parse_attribute_value(std::string_view text) {
  auto j = parse_json(text);
  if (!j) return j.error();
  return from_json(*j);
}

Result<Item> parse_item(std::string_view text) {
  auto j = parse_json(text);
  if (!j) return j.error();
  if (!j->is_object()) return bad_value("an item must be a JSON object of attribute values");
  Item item;
  for (const auto& [name, body] : j->items()) {
    auto v = from_json(body);
    if (!v)
      return make_error(v.error().code, v.error().offset,
                        fmt::format("{}: {}", name, v.error().message));
    item.emplace(name, std::move(*v));
  }
  return item;
}

std::string to_json(const AttributeValue& value) { return dump(to_json_value(value)); }

std::string to_json(const Item& item) {
  json obj = json::object();
  for (const auto& [name, v] : item) obj[name] = to_json_value(v);
  return dump(obj);
}

}  // namespace sortkey
