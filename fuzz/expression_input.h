// File: fuzz/expression_input.h
//
// The input of the expression targets (key_condition_fuzzer,
// filter_expression_fuzzer, update_expression_fuzzer), line by line so that seeds read as requests:
//
//   p = :p AND c BETWEEN :lo AND :hi     line 1: the expression text
//   #k=c                                 a name:  ExpressionAttributeNames["#k"] = "c"
//   :p=S:a                               a value: type tag, ':', the payload
//   :lo=N:1e0                            N: the Number's text
//   :hi={"N": "10"}                      or DynamoDB JSON (any type)
//   @index=g                             an option (the target says which)
//   +{"p": {"S": "a"}}                   an item (DynamoDB JSON), where the target reads items
//
// Payloads: S text (well-formed UTF-8), N text, B raw bytes, BOOL "true" or
// anything else for false, NULL nothing, SS/NS/BS elements separated by ','.
// A definition whose payload is no valid value (bad UTF-8, a bad Number,
// duplicate set elements, bad JSON) is dropped; the failure report shows
// the maps as decoded. Any other line is ignored. The first '\n' ends the
// expression, so the expression never holds one (the tokenizer treats it as
// a blank like ' ').
//
// The targets' checks are properties of properties/props/
// (expression_props.h, key_condition_props.h, filter_expression_props.h).

#ifndef SORTKEY_FUZZ_EXPRESSION_INPUT_H_
#define SORTKEY_FUZZ_EXPRESSION_INPUT_H_

#include <fmt/format.h>

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "oracles/naive_casefold.h"
#include "properties/props/common.h"
#include "sortkey/attribute.h"
#include "sortkey/expression.h"

namespace sortkey::fuzz {

struct ExpressionInput {
  std::string text;
  ExpressionAttributes attributes;
  std::map<std::string, std::string> options;  // "@index=g" -> options["index"] = "g"
  std::vector<Item> items;
  std::vector<std::string> dropped;  // definitions that made no value, for the report

  // The input as a person reads it in a failure report.
  std::string show() const {
    std::string out = fmt::format("expression {}", props::show_key(text));
    for (const auto& [k, v] : attributes.names)
      out += fmt::format("\n     name {} = {}", k, props::show_key(v));
    for (const auto& [k, v] : attributes.values)
      out += fmt::format("\n     value {} = {}", k, to_json(v));
    for (const auto& [k, v] : options) out += fmt::format("\n     option {} = {}", k, v);
    for (const Item& item : items) out += fmt::format("\n     item {}", to_json(item));
    for (const std::string& d : dropped)
      out += fmt::format("\n     dropped (no valid value): {}", props::show_key(d));
    return out;
  }
};

namespace expression_internal {

inline std::vector<std::string> split_commas(std::string_view s) {
  std::vector<std::string> out;
  std::size_t from = 0;
  while (true) {
    const std::size_t comma = s.find(',', from);
    out.emplace_back(
        s.substr(from, comma == std::string_view::npos ? std::string_view::npos : comma - from));
    if (comma == std::string_view::npos) return out;
    from = comma + 1;
  }
}

// "S:text", "N:1e3", ..., or DynamoDB JSON.
inline Result<AttributeValue> value_of(std::string_view spec) {
  if (spec.starts_with("{")) return parse_attribute_value(spec);
  const std::size_t colon = spec.find(':');
  if (colon == std::string_view::npos) return make_error(ErrorCode::kBadFormat, 0, "no type tag");
  const std::string_view tag = spec.substr(0, colon);
  const std::string_view payload = spec.substr(colon + 1);
  const auto type = type_from_name(tag);
  if (!type) return make_error(ErrorCode::kBadParameter, 0, "unknown type tag");
  switch (*type) {
    case AttributeType::kS:
      if (!oracle::is_valid_utf8(payload))
        return make_error(ErrorCode::kBadCharacter, 0, "not UTF-8");
      return AttributeValue::S(std::string(payload));
    case AttributeType::kN:
      return AttributeValue::N(payload);
    case AttributeType::kB:
      return AttributeValue::B(std::string(payload));
    case AttributeType::kBool:
      return AttributeValue::Bool(payload == "true");
    case AttributeType::kNull:
      return AttributeValue::Null();
    case AttributeType::kSS: {
      auto elements = split_commas(payload);
      for (const std::string& e : elements) {
        if (!oracle::is_valid_utf8(e)) return make_error(ErrorCode::kBadCharacter, 0, "not UTF-8");
      }
      return AttributeValue::SS(std::move(elements));
    }
    case AttributeType::kBS:
      return AttributeValue::BS(split_commas(payload));
    case AttributeType::kNS: {
      std::vector<Number> numbers;
      for (const std::string& e : split_commas(payload)) {
        auto n = parse_number(e);
        if (!n) return n.error();
        numbers.push_back(*n);
      }
      return AttributeValue::NS(std::move(numbers));
    }
    default:
      return make_error(ErrorCode::kBadParameter, 0, "L and M only as JSON");
  }
}

}  // namespace expression_internal

// Decodes the layout of the file comment.
inline ExpressionInput parse_expression_input(const std::uint8_t* data, std::size_t size) {
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  ExpressionInput out;
  std::size_t at = in.find('\n');
  out.text = std::string(in.substr(0, at));
  while (at != std::string_view::npos) {
    const std::size_t from = at + 1;
    at = in.find('\n', from);
    const std::string_view line =
        in.substr(from, at == std::string_view::npos ? std::string_view::npos : at - from);
    if (line.empty()) continue;
    const std::size_t eq = line.find('=');
    if (line[0] == '#' && eq != std::string_view::npos) {
      out.attributes.names[std::string(line.substr(0, eq))] = std::string(line.substr(eq + 1));
    } else if (line[0] == ':' && eq != std::string_view::npos) {
      auto v = expression_internal::value_of(line.substr(eq + 1));
      if (v) {
        out.attributes.values.insert_or_assign(std::string(line.substr(0, eq)), std::move(*v));
      } else {
        out.dropped.emplace_back(line);
      }
    } else if (line[0] == '@') {
      const std::string_view body = line.substr(1);
      const std::size_t e = body.find('=');
      out.options[std::string(body.substr(0, e))] =
          e == std::string_view::npos ? "" : std::string(body.substr(e + 1));
    } else if (line[0] == '+') {
      auto item = parse_item(line.substr(1));
      if (item) {
        out.items.push_back(std::move(*item));
      } else {
        out.dropped.emplace_back(line);
      }
    }
  }
  return out;
}

// The option `@<name>=<digit>` as a number from 1 to 9 (any byte reads as
// one, '1' as 1), or `absent` when the option is missing or empty.
inline int digit_option(const ExpressionInput& in, const std::string& name, int absent) {
  const auto it = in.options.find(name);
  if (it == in.options.end() || it->second.empty()) return absent;
  return 1 + static_cast<unsigned char>(it->second[0] - '1') % 9;
}

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_EXPRESSION_INPUT_H_
