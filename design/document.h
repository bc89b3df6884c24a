// File: design/document.h
//
// A design file's text as a JSON document that remembers where each value
// was written. Design files are YAML (YAML 1.2's core schema), and a JSON
// file is read the same way, since JSON is YAML. The text is turned into
// nlohmann::ordered_json once, here; everything after it (design/load.h)
// reads JSON and names a place by its JSON pointer, which this document maps
// back to a line and a column.
//
// The text comes from outside and is read within limits, so that no file
// can exhaust the stack or the memory: at most kMaxDocumentBytes bytes,
// nesting at most kMaxDocumentDepth deep, at most kMaxDocumentNodes values.
// Refused, with the line and column: text that is not UTF-8, a raw control
// character (YAML allows none but tab and line ends; write an escape in a
// quoted string), a second document, an alias (*name: its expansion is how
// a small file becomes a huge one), a key that is not a scalar, a key given
// twice, a tag other than the core schema's, and anything yaml-cpp cannot
// parse.
//
// Scalars resolve as YAML 1.2's core schema says: plain null, ~ and the
// empty value are null; true/false (any case YAML allows) booleans; decimal
// integers and floats numbers; everything else, and every quoted scalar, a
// string.
//
// Example:
//
//   auto doc = sortkey::design::parse_document("table:\n  partition_key: PK\n");
//   doc->root["table"]["partition_key"];           // "PK"
//   doc->where("/table/partition_key");             // {2, 18}: line 2, column 18

#ifndef SORTKEY_DESIGN_DOCUMENT_H_
#define SORTKEY_DESIGN_DOCUMENT_H_

#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "sortkey/error.h"

namespace sortkey::design {

inline constexpr std::size_t kMaxDocumentBytes = std::size_t{1} << 20;
inline constexpr int kMaxDocumentDepth = 64;
inline constexpr std::size_t kMaxDocumentNodes = 100000;

// A place in the text, both counted from 1.
struct TextPosition {
  int line = 0;
  int column = 0;
};

struct Document {
  nlohmann::ordered_json root;
  // Every value's JSON pointer ("" for the root, "/a/0/b") and where it starts.
  std::map<std::string, TextPosition, std::less<>> positions;
  // Where the key of each map member was written, by the member's pointer:
  // the line a person names the member on ("newest_first:"), where its value
  // may start on the next.
  std::map<std::string, TextPosition, std::less<>> key_positions;

  // Where the value at `pointer` was written; for a pointer that names no
  // value (a missing member), the nearest enclosing value's place.
  TextPosition where(std::string_view pointer) const;
};

// Errors (kBadFormat, with the byte offset and a message that starts with
// "line L, column C: "): the text too large, too deep or too many values, a
// YAML syntax error, and the refusals of the file comment.
Result<Document> parse_document(std::string_view text);

// The JSON pointer of `key` below `parent`, with '~' and '/' escaped.
std::string child_pointer(std::string_view parent, std::string_view key);
std::string child_pointer(std::string_view parent, std::size_t index);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_DOCUMENT_H_
