// File: properties/props/items_file_props.h
//
// The specification of the items file of `sortkey query run --items`
// (sortkey/items_file.h: a JSON array of items, or one item per line) as
// framework-free property functions over what parse_items_text made of a
// text.
//
// Example (a driver over any text):
//   const auto items = parse_items_text(text);
//   if (!items) return check(items_file_total(text, items));
//   check(items_file_within_depth(*items));
//   check(items_file_round_trip(*items));

#ifndef SORTKEY_PROPERTIES_ITEMS_FILE_PROPS_H_
#define SORTKEY_PROPERTIES_ITEMS_FILE_PROPS_H_

#include <string_view>
#include <vector>

#include "properties/props/outcome.h"
#include "sortkey/attribute.h"
#include "sortkey/error.h"

namespace sortkey::props {

// The reader is total: `got` (parse_items_text(text)) is items, or an error
// with a message and an offset inside the text or at its end.
Outcome items_file_total(std::string_view text, const Result<std::vector<Item>>& got);

// No accepted item nests deeper than kMaxDynamoDbJsonDepth, counted as
// DynamoDB JSON writes it: {"S": ...} one level, {"L": [...]} and
// {"M": {...}} two around their elements, the item's object one more.
Outcome items_file_within_depth(const std::vector<Item>& items);

// Accepted items written back with to_json read again the same, both one
// per line and as one JSON array.
Outcome items_file_round_trip(const std::vector<Item>& items);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_ITEMS_FILE_PROPS_H_
