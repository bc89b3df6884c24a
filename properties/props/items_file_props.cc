#include "properties/props/items_file_props.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "sortkey/items_file.h"

namespace sortkey::props {
namespace {

// `text`, the items written back in the form `form` names, reads as `items`.
Outcome reads_back(const std::vector<Item>& items, const std::string& text, const char* form) {
  auto again = parse_items_text(text);
  if (!again) {
    return Outcome::fails(
        fmt::format("the items written back {} do not read: {}", form, describe(again.error())));
  }
  if (*again != items) {
    return Outcome::fails(fmt::format("the {} items written back {} read as {} other items",
                                      items.size(), form, again->size()));
  }
  return Outcome::holds();
}

// The JSON nesting of a value as DynamoDB JSON writes it: {"S": ...} is one
// level, {"L": [...]} and {"M": {...}} two around their elements.
int json_depth(const AttributeValue& v) {
  int inner = 0;
  if (v.type() == AttributeType::kL) {
    for (const auto& e : v.as_list()) inner = std::max(inner, json_depth(e));
  } else if (v.type() == AttributeType::kM) {
    for (const auto& [k, e] : v.as_map()) inner = std::max(inner, json_depth(e));
  } else {
    return 1;
  }
  return 2 + inner;
}

}  // namespace

Outcome items_file_total(std::string_view text, const Result<std::vector<Item>>& got) {
  if (got) return Outcome::holds();
  const bool clean = got.error().offset <= text.size() && !got.error().message.empty();
  return clean ? Outcome::holds()
               : Outcome::fails("an error without a message or past the text: " +
                                describe(got.error()));
}

Outcome items_file_within_depth(const std::vector<Item>& items) {
  for (const Item& item : items) {
    int depth = 1;
    for (const auto& [name, v] : item) depth = std::max(depth, 1 + json_depth(v));
    if (depth > kMaxDynamoDbJsonDepth) {
      return Outcome::fails(fmt::format("an item nesting {} levels deep was accepted", depth));
    }
  }
  return Outcome::holds();
}

Outcome items_file_round_trip(const std::vector<Item>& items) {
  std::string lines, array = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string json = to_json(items[i]);
    lines += json + "\n";
    array += (i == 0 ? "" : ",") + json;
  }
  if (auto o = reads_back(items, lines, "one per line"); !o.ok()) return o;
  return reads_back(items, array + "]", "as an array");
}

}  // namespace sortkey::props
