#include "properties/props/item_json_props.h"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "oracles/naive_query.h"
#include "properties/props/common.h"
#include "properties/props/query_conversions.h"

namespace sortkey::props {

Outcome value_json_round_trip(const AttributeValue& v, const char* where) {
  const std::string json = to_json(v);
  auto back = parse_attribute_value(json);
  if (!back)
    return Outcome::fails(fmt::format("{}: to_json wrote {}, which does not read: {}", where, json,
                                      describe(back.error())));
  if (!(*back == v))
    return Outcome::fails(fmt::format("{}: {} reads back as another value", where, json));
  if (to_json(*back) != json) {
    return Outcome::fails(
        fmt::format("{}: {} reads back and writes as {}", where, json, to_json(*back)));
  }
  const oracle::NValue naive = to_naive(v);
  if (value_size(v) != oracle::naive_value_size(naive)) {
    return Outcome::fails(fmt::format("{}: value_size({}) is {}, the oracle counts {}", where, json,
                                      value_size(v), oracle::naive_value_size(naive)));
  }
  return Outcome::holds();
}

Outcome item_json_round_trip(const Item& item) {
  const std::string json = to_json(item);
  auto back = parse_item(json);
  if (!back)
    return Outcome::fails(
        fmt::format("to_json wrote {}, which does not read: {}", json, describe(back.error())));
  if (*back != item) return Outcome::fails(fmt::format("{} reads back as another item", json));
  if (to_json(*back) != json)
    return Outcome::fails(fmt::format("{} reads back and writes as {}", json, to_json(*back)));
  for (const auto& [name, v] : item) {
    if (auto o = value_json_round_trip(v, "attribute"); !o.ok()) return o;
  }
  const oracle::NItem naive = to_naive(item);
  if (item_size(item) != oracle::naive_item_size(naive)) {
    return Outcome::fails(fmt::format("item_size({}) is {}, the oracle counts {}", json,
                                      item_size(item), oracle::naive_item_size(naive)));
  }
  // Scalars of one type, pairwise (at most the first 8 attributes).
  std::vector<const AttributeValue*> scalars;
  for (const auto& [name, v] : item) {
    if (is_scalar_key_type(v.type()) && scalars.size() < 8) scalars.push_back(&v);
  }
  for (const AttributeValue* a : scalars) {
    for (const AttributeValue* b : scalars) {
      if (a->type() != b->type()) continue;
      const int got = compare_scalars(*a, *b);
      const int want = oracle::naive_compare_scalar(to_naive(*a), to_naive(*b));
      if (sign(got) != sign(want)) {
        return Outcome::fails(fmt::format("compare_scalars({}, {}) is {}, the oracle says {}",
                                          to_json(*a), to_json(*b), got, want));
      }
    }
  }
  return Outcome::holds();
}

Outcome base64_canonical(std::string_view text) {
  auto bytes = decode_base64(text);
  if (!bytes) return read_error_is_clean(bytes, text, "decode_base64");
  if (encode_base64(*bytes) != text) {
    return Outcome::fails(fmt::format("decode_base64 accepted {}, which encodes back as {}",
                                      show_key(text), encode_base64(*bytes)));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
