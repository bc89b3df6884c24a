// Private: the engine's ordered storage keys. Every key attribute value (S,
// N or B) becomes a self-delimiting byte string whose unsigned byte order is
// the value's DynamoDB order, so a tuple of them (a multi-attribute index key,
// an index key followed by the base key) is one std::string whose order is
// the tuple's order, and one std::map keeps a partition or an index sorted.
//
// Component format:
//   S, B  the bytes with 0x00 written as 0x00 0xFF, then 0x00 0x00
//   N     encode_number(n) (bytes in '0'..':', never 0x00), then 0x00 0x00
//
// Why the order holds: within one attribute the type is fixed by the schema.
// For S and B, escaping maps each byte to itself except 0x00 -> 00 FF, which
// keeps the byte order of any position where two values first differ (the
// escaped 00 FF still sorts below every byte 0x01..0xFF), and the terminator
// 00 00 sorts below 00 FF and below every other byte, so a proper prefix
// sorts first and anything appended after the terminator cannot reorder two
// different values. For N, encode_number preserves numeric order and a
// positive key may be a proper prefix of a larger one ("31301" < "313015"):
// the terminator 0x00 sorts below every digit, as number.h requires.
//
// begins_with(S/B, p) selects exactly the components that start with
// escape(p): escaping is a byte-wise substitution, and escape(p) never ends
// inside the terminator (it ends in a non-zero byte or in 00 FF).

#ifndef SORTKEY_SRC_QUERY_KEY_ENCODING_H_
#define SORTKEY_SRC_QUERY_KEY_ENCODING_H_

#include <optional>
#include <string>
#include <string_view>

#include "sortkey/attribute.h"

namespace sortkey::internal {

// REQUIRES: is_scalar_key_type(v.type()).
void append_key_component(std::string& out, const AttributeValue& v);

// The escaped bytes of an S or B value without the terminator: the prefix
// every component starting with `bytes` has.
void append_escaped(std::string& out, std::string_view bytes);

// The smallest string greater than every string that starts with `prefix`,
// or nullopt when there is none (prefix empty or all 0xFF).
std::optional<std::string> prefix_successor(std::string_view prefix);

}  // namespace sortkey::internal

#endif  // SORTKEY_SRC_QUERY_KEY_ENCODING_H_
