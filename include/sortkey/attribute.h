// File: sortkey/attribute.h
//
// DynamoDB attribute values and items, the data the query model stores and
// compares: the ten types S, N, B, BOOL, NULL, L, M, SS, NS, BS, their
// DynamoDB JSON form ({"S": "x"}, {"N": "1e3"}, {"B": "<base64>"}, ...), their
// comparison, and their size as DynamoDB counts it.
//
// Order of scalar values (the order of sort keys and of filter comparisons):
//   S  by the bytes of the UTF-8 encoding, unsigned (= code point order, not
//      UTF-16 order: "\u{1F600}" sorts after "\u{FF5E}");
//   N  by value, with DynamoDB's 38 digits and range (sortkey/number.h):
//      "1000", "1e3" and "+1000.0" are one value;
//   B  by bytes, unsigned, a proper prefix first.
// Sources: AWS, "Supported data types and naming rules in Amazon DynamoDB";
// AWS API reference "Query" (ScanIndexForward).
//
// Equality (filter `=`, `IN`, `contains`): same type and same value; numbers
// by value; sets as sets (element order does not matter); lists in order;
// maps by their names and values.
//
// Size (AWS, "DynamoDB item sizes and formats"): an item's size is the sum,
// over its attributes, of the name's UTF-8 bytes and the value's size:
//   S: UTF-8 bytes; B: raw bytes; N: 1 + ceil(significant digits / 2)
//   ("approximately (1 byte per two significant digits) + (1 byte)"; zero
//   counts as one digit); BOOL, NULL: 1; sets: the sum of their elements;
//   L and M: 3 + for each element 1 + its size (+ the key's bytes for M).
//
// Example:
//
//   auto item = sortkey::parse_item(R"({"PK": {"S": "ORG#1"}, "n": {"N": "1e3"}})");
//   item->at("n").as_number();           // 1000
//   sortkey::to_json(*item);             // {"PK":{"S":"ORG#1"},"n":{"N":"1000"}}
//   sortkey::item_size(*item);           // 2 + 5 + 1 + 2 = 10

#ifndef SORTKEY_ATTRIBUTE_H_
#define SORTKEY_ATTRIBUTE_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "sortkey/error.h"
#include "sortkey/number.h"

namespace sortkey {

enum class AttributeType : std::uint8_t { kS, kN, kB, kBool, kNull, kL, kM, kSS, kNS, kBS };

// DynamoDB's descriptor: "S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS".
std::string_view type_name(AttributeType type);
// The inverse of type_name (case-sensitive, as DynamoDB's attribute_type()).
std::optional<AttributeType> type_from_name(std::string_view name);
// S, N or B: the types a key attribute may have and ordering comparisons accept.
inline bool is_scalar_key_type(AttributeType t) {
  return t == AttributeType::kS || t == AttributeType::kN || t == AttributeType::kB;
}

class AttributeValue {
 public:
  using List = std::vector<AttributeValue>;
  using Map = std::map<std::string, AttributeValue, std::less<>>;

  // NULL.
  AttributeValue() = default;

  // The value constructors, named after DynamoDB's descriptors. S takes UTF-8
  // text (REQUIRES: well-formed UTF-8; the JSON reader checks it); B any bytes.
  static AttributeValue S(std::string text);
  static AttributeValue N(const Number& number);
  static AttributeValue B(std::string bytes);
  static AttributeValue Bool(bool value);
  static AttributeValue Null();
  static AttributeValue L(List elements);
  static AttributeValue M(Map fields);
  // Sets hold at least one element and no two equal ones; they are kept
  // sorted (S and B by bytes, N by value). Errors: kEmpty ("may not be
  // empty"), kBadParameter ("contains duplicates").
  static Result<AttributeValue> SS(std::vector<std::string> elements);
  static Result<AttributeValue> NS(std::vector<Number> elements);
  static Result<AttributeValue> BS(std::vector<std::string> elements);
  // parse_number(text) as an N value: the errors of parse_number.
  static Result<AttributeValue> N(std::string_view text);

  AttributeType type() const { return type_; }

  // Accessors. REQUIRES: the matching type.
  const std::string& as_string() const;                // S (UTF-8) and B (bytes)
  const Number& as_number() const;                     // N
  bool as_bool() const;                                // BOOL
  const List& as_list() const;                         // L
  const Map& as_map() const;                           // M
  const std::vector<std::string>& as_strings() const;  // SS and BS, sorted
  const std::vector<Number>& as_numbers() const;       // NS, sorted by value

  // DynamoDB equality (see the file comment).
  friend bool operator==(const AttributeValue& a, const AttributeValue& b);

 private:
  using Storage = std::variant<std::monostate, std::string, Number, bool, List, Map,
                               std::vector<std::string>, std::vector<Number>>;
  AttributeValue(AttributeType type, Storage storage) : type_(type), v_(std::move(storage)) {}
  AttributeType type_ = AttributeType::kNull;
  Storage v_;
};

// An item: attribute name -> value.
using Item = std::map<std::string, AttributeValue, std::less<>>;

// -1, 0 or 1 as a < b in the order of the type (see the file comment).
// REQUIRES: a.type() == b.type() and is_scalar_key_type(a.type()).
int compare_scalars(const AttributeValue& a, const AttributeValue& b);

// DynamoDB's size accounting (see the file comment).
std::size_t value_size(const AttributeValue& value);
std::size_t attribute_size(std::string_view name, const AttributeValue& value);
std::size_t item_size(const Item& item);

// The largest item DynamoDB stores: 400 KB.
inline constexpr std::size_t kMaxItemSize = 409600;

// DynamoDB JSON. Errors: kBadFormat (not JSON, or a JSON number where a
// Number's text belongs), kBadParameter (not exactly one known descriptor, a
// value of the wrong JSON type, bad base64, NULL not true, duplicate set
// elements), kEmpty (an empty set), the errors of parse_number for N. The
// offset is the byte of the JSON text where the problem was found, or 0.
Result<AttributeValue> parse_attribute_value(std::string_view json);
// {"name": {"S": ...}, ...}: an item, a key, or an ExpressionAttributeValues map.
Result<Item> parse_item(std::string_view json);
// Compact JSON; numbers in DynamoDB's canonical text; B and BS in base64;
// set elements in their sorted order.
std::string to_json(const AttributeValue& value);
std::string to_json(const Item& item);

// Standard base64 (RFC 4648, with padding), as DynamoDB JSON carries B.
std::string encode_base64(std::string_view bytes);
// Errors: kBadCharacter (outside the alphabet), kBadLength (not a multiple
// of 4), kNonCanonical (non-zero bits in the padding).
Result<std::string> decode_base64(std::string_view text);

}  // namespace sortkey

#endif  // SORTKEY_ATTRIBUTE_H_
