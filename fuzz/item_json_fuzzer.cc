// DynamoDB JSON target: the input as JSON text, read as an item
// (parse_item) and as one attribute value (parse_attribute_value), and as
// base64 text (decode_base64, the B form inside that JSON).
// Input: the JSON text itself (the seeds are items and values of every type).
//
// Checks:
//   * both readers are total: a value, or an error with a message and an
//     offset inside the text;
//   * an accepted item or value written back with to_json reads back equal
//     (DynamoDB equality), and writing that again gives the same text
//     (to_json is canonical);
//   * each attribute of an item reads back alone from its own JSON;
//   * sizes: item_size and value_size are the naive oracle's (AWS's
//     accounting restated in oracles/naive_query.h);
//   * order: any two scalar attributes of one type compare as the oracle's
//     naive_compare_scalar says (S and B by unsigned bytes, N by value);
//   * decode_base64 is total and canonical: what it accepts encode_base64
//     writes back byte for byte.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/fuzz_adapter.h"
#include "oracles/naive_query.h"
#include "properties/props/common.h"
#include "properties/props/outcome.h"
#include "properties/props/query_props.h"
#include "sortkey/attribute.h"

namespace {

using namespace sortkey;
using props::Outcome;

template <class T>
Outcome error_is_clean(const Result<T>& got, std::string_view text, const char* what) {
  if (got) return Outcome::holds();
  if (got.error().offset > text.size()) {
    return Outcome::fails(fmt::format("{} failed at byte {} of {}: {}", what, got.error().offset,
                                      text.size(), describe(got.error())));
  }
  if (got.error().message.empty())
    return Outcome::fails(fmt::format("{} failed without a message", what));
  return Outcome::holds();
}

Outcome value_round_trip(const AttributeValue& v, const char* where) {
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
  const oracle::NValue naive = props::to_naive(v);
  if (value_size(v) != oracle::naive_value_size(naive)) {
    return Outcome::fails(fmt::format("{}: value_size({}) is {}, the oracle counts {}", where, json,
                                      value_size(v), oracle::naive_value_size(naive)));
  }
  return Outcome::holds();
}

Outcome item_round_trip(const Item& item) {
  const std::string json = to_json(item);
  auto back = parse_item(json);
  if (!back)
    return Outcome::fails(
        fmt::format("to_json wrote {}, which does not read: {}", json, describe(back.error())));
  if (*back != item) return Outcome::fails(fmt::format("{} reads back as another item", json));
  if (to_json(*back) != json)
    return Outcome::fails(fmt::format("{} reads back and writes as {}", json, to_json(*back)));
  for (const auto& [name, v] : item) {
    if (auto o = value_round_trip(v, "attribute"); !o.ok()) return o;
  }
  const oracle::NItem naive = props::to_naive(item);
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
      const int want = oracle::naive_compare_scalar(props::to_naive(*a), props::to_naive(*b));
      if (props::sign(got) != props::sign(want)) {
        return Outcome::fails(fmt::format("compare_scalars({}, {}) is {}, the oracle says {}",
                                          to_json(*a), to_json(*b), got, want));
      }
    }
  }
  return Outcome::holds();
}

Outcome base64_canonical(std::string_view text) {
  auto bytes = decode_base64(text);
  if (!bytes) return error_is_clean(bytes, text, "decode_base64");
  if (encode_base64(*bytes) != text) {
    return Outcome::fails(fmt::format("decode_base64 accepted {}, which encodes back as {}",
                                      props::show_key(text), encode_base64(*bytes)));
  }
  return Outcome::holds();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::set_target_name("item_json_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto show = [&] { return "JSON " + props::show_key(text); };
  const auto item = parse_item(text);
  fuzz::check(error_is_clean(item, text, "parse_item"), "item_json/parse_item_total", show);
  if (item) fuzz::check(item_round_trip(*item), "item_json/item_round_trip", show);
  const auto value = parse_attribute_value(text);
  fuzz::check(error_is_clean(value, text, "parse_attribute_value"), "item_json/parse_value_total",
              show);
  if (value) fuzz::check(value_round_trip(*value, "value"), "item_json/value_round_trip", show);
  fuzz::check(base64_canonical(text), "item_json/base64_canonical", show);
  return 0;
}
