// File: properties/props/item_json_props.h
//
// The specification of DynamoDB JSON (sortkey/attribute.h: parse_item,
// parse_attribute_value, to_json, item_size, value_size, compare_scalars,
// decode_base64) as framework-free property functions. The naive oracle
// (oracles/naive_query.h) decides sizes and the order of scalars: AWS's
// accounting and DynamoDB's comparison restated long-hand.
//
// Example (a driver over any text):
//   const auto item = parse_item(text);
//   check(read_error_is_clean(item, text, "parse_item"));
//   if (item) check(item_json_round_trip(*item));

#ifndef SORTKEY_PROPERTIES_ITEM_JSON_PROPS_H_
#define SORTKEY_PROPERTIES_ITEM_JSON_PROPS_H_

#include <fmt/format.h>

#include <string_view>

#include "properties/props/outcome.h"
#include "sortkey/attribute.h"
#include "sortkey/error.h"

namespace sortkey::props {

// A reader of text is total: `got` (what the reader named `what` made of
// `text`) is a value, or an error with a message and an offset inside the
// text or at its end.
template <class T>
Outcome read_error_is_clean(const Result<T>& got, std::string_view text, const char* what) {
  if (got) return Outcome::holds();
  if (got.error().offset > text.size()) {
    return Outcome::fails(fmt::format("{} failed at byte {} of {}: {}", what, got.error().offset,
                                      text.size(), describe(got.error())));
  }
  if (got.error().message.empty())
    return Outcome::fails(fmt::format("{} failed without a message", what));
  return Outcome::holds();
}

// An accepted value written back with to_json reads back equal (DynamoDB
// equality), writing it again gives the same text (to_json is canonical),
// and value_size is the oracle's count. `where` names the value in messages
// ("value", "attribute").
Outcome value_json_round_trip(const AttributeValue& v, const char* where);

// An accepted item written back with to_json reads back equal and writes
// the same text again; each attribute holds value_json_round_trip; item_size
// is the oracle's count; and any two scalar attributes of one type (among
// the first 8 scalars) compare as the oracle's naive_compare_scalar says
// (S and B by unsigned bytes, N by value).
Outcome item_json_round_trip(const Item& item);

// decode_base64 is total and canonical: what it accepts, encode_base64
// writes back byte for byte.
Outcome base64_canonical(std::string_view text);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_ITEM_JSON_PROPS_H_
