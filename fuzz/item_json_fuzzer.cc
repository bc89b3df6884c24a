// DynamoDB JSON target: the input as JSON text, read as an item
// (parse_item) and as one attribute value (parse_attribute_value), and as
// base64 text (decode_base64, the B form inside that JSON).
// Input: the JSON text itself (the seeds are items and values of every type).
//
// Checks (properties/props/item_json_props.h):
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
#include <string_view>

#include "fuzz/fuzz_adapter.h"
#include "properties/props/common.h"
#include "properties/props/item_json_props.h"
#include "sortkey/attribute.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("item_json_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto show = [&] { return "JSON " + props::show_key(text); };
  const auto item = parse_item(text);
  fuzz::check(props::read_error_is_clean(item, text, "parse_item"), "item_json/parse_item_total",
              show);
  if (item) fuzz::check(props::item_json_round_trip(*item), "item_json/item_round_trip", show);
  const auto value = parse_attribute_value(text);
  fuzz::check(props::read_error_is_clean(value, text, "parse_attribute_value"),
              "item_json/parse_value_total", show);
  if (value) {
    fuzz::check(props::value_json_round_trip(*value, "value"), "item_json/value_round_trip", show);
  }
  fuzz::check(props::base64_canonical(text), "item_json/base64_canonical", show);
  return 0;
}
