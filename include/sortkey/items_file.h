// File: sortkey/items_file.h
//
// DynamoDB JSON from outside (an option's value, an items file) read within
// limits. nlohmann::json parses deep nesting without
// recursion, but the item reader (sortkey::parse_item) and every later print
// recurse into it, so JSON nesting deeper than kMaxDynamoDbJsonDepth is
// refused while parsing, before anything recurses. DynamoDB itself stores
// documents 32 levels deep, which DynamoDB JSON writes in at most 66 levels.
//
// The items file of `sortkey query run --items FILE` holds DynamoDB JSON
// items (as `aws dynamodb put-item --item` takes them), either
//   * a JSON array of items: [{"PK": {"S": "A"}}, {"PK": {"S": "B"}}], or
//   * one item per line (JSON Lines); blank lines are skipped.
// The first byte that is not white space decides: '[' is an array.
//
// Example:
//   auto items = parse_items_text(R"({"PK":{"S":"A"}})" "\n");
//   items->size();  // 1

#ifndef SORTKEY_ITEMS_FILE_H_
#define SORTKEY_ITEMS_FILE_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "sortkey/attribute.h"
#include "sortkey/error.h"

namespace sortkey {

inline constexpr int kMaxDynamoDbJsonDepth = 128;
// The largest items file read: 32 MiB, some 80,000 items of 400 bytes, far
// more than a sample table needs. The whole table is held in memory, about
// five times the file's size at its peak (a 30 MB file: 155 MB), so a limit
// above this would let one file take more memory than any other input.
inline constexpr std::size_t kMaxItemsFileBytes = std::size_t{32} << 20;

// What one pass over JSON text (scan_json_within) stopped at.
struct JsonScan {
  enum class Stop { kNone, kTooDeep, kTooManyValues, kDuplicateKey, kNotJson };
  Stop stop = Stop::kNone;
  // kDuplicateKey: the key as JSON writes it, escaped ("\"S\""); kNotJson:
  // the parser's reason, escaped (it quotes the text).
  std::string detail;
};

// One pass over `text`, without recursion and without building anything:
// it stops at the first nesting deeper than `max_depth`, the value (null,
// boolean, number, string, array or object) past `max_values`, an object
// naming a key twice (RFC 8259 leaves duplicates to the reader; nlohmann
// keeps the last, so `{"Count":77,"Count":0}` would read as 0), or what
// makes it not JSON. A caller that parses `text` after a kNone recurses no
// deeper than `max_depth` and builds at most `max_values` values.
JsonScan scan_json_within(std::string_view text, int max_depth,
                          std::size_t max_values = static_cast<std::size_t>(-1));

// Whether `text` is JSON nesting at most `max_depth` deep, read without
// recursion and without building anything past that depth; a caller that
// parses it afterwards recurses no deeper. Errors (kBadFormat, naming
// `what`): not JSON, nesting deeper than `max_depth`, or an object naming
// one key twice (a reader would keep one of them silently).
Result<void> check_json_within(std::string_view text, std::string_view what,
                               int max_depth = kMaxDynamoDbJsonDepth);

// An item, a key or an ExpressionAttributeValues map in DynamoDB JSON.
// Errors: those of check_json_within and sortkey::parse_item, after `what`.
Result<Item> parse_item_within(std::string_view text, std::string_view what);

// The items of an items file's text (see the file comment); an item may nest
// as deep in an array as on a line of its own. Errors name the line (JSON
// Lines) or the array element, and what is wrong with it.
Result<std::vector<Item>> parse_items_text(std::string_view text);

// The text of the file at `path`: a regular file of at most
// kMaxItemsFileBytes. Errors (kUnavailable): "cannot read <path>: <why>".
Result<std::string> read_items_file(const std::string& path);

}  // namespace sortkey

#endif  // SORTKEY_ITEMS_FILE_H_
