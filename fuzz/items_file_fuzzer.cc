// Items-file target: the text of a `sortkey query run --items FILE`, read by
// parse_items_text (sortkey/items_file.h) as a JSON array of items or
// as one item per line.
// Input: the file's bytes (the seeds are both forms, blank lines, nesting).
//
// Checks:
//   * the reader is total: items, or an error with a message and an offset
//     inside the text;
//   * what it accepts it reads again the same from the other form: the items
//     written back with to_json, one per line, and as one JSON array;
//   * no accepted item nests deeper than the limit the reader promises.

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/fuzz_adapter.h"
#include "properties/props/common.h"
#include "properties/props/outcome.h"
#include "sortkey/attribute.h"
#include "sortkey/items_file.h"

namespace {

using namespace sortkey;
using props::Outcome;

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

Outcome within_depth(const std::vector<Item>& items) {
  for (const Item& item : items) {
    int depth = 1;
    for (const auto& [name, v] : item) depth = std::max(depth, 1 + json_depth(v));
    if (depth > kMaxDynamoDbJsonDepth) {
      return Outcome::fails(fmt::format("an item nesting {} levels deep was accepted", depth));
    }
  }
  return Outcome::holds();
}

Outcome accepted_round_trip(const std::vector<Item>& items) {
  std::string lines, array = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string json = to_json(items[i]);
    lines += json + "\n";
    array += (i == 0 ? "" : ",") + json;
  }
  if (auto o = reads_back(items, lines, "one per line"); !o.ok()) return o;
  return reads_back(items, array + "]", "as an array");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::set_target_name("items_file_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto show = [&] { return "items file " + props::show_key(text); };
  const auto items = parse_items_text(text);
  if (!items) {
    const bool clean = items.error().offset <= text.size() && !items.error().message.empty();
    fuzz::check(clean ? Outcome::holds()
                      : Outcome::fails("an error without a message or past the text: " +
                                       describe(items.error())),
                "items_file/total", show);
    return 0;
  }
  fuzz::check(within_depth(*items), "items_file/within_depth", show);
  fuzz::check(accepted_round_trip(*items), "items_file/round_trip", show);
  return 0;
}
