// File: design/template.h
//
// Key templates: literal text with references to attributes (in an entity's
// keys) or parameters (in an access pattern), each through a chain of
// sortkey's codecs:
//
//   template  := ( text | "{{" | "}}" | "{" ref ( ":" codec )* "}" )*
//   codec     := upper | lower | fold | segment                  (any text)
//              | padded(W) | inverse(W) | number                 (integer)
//              | timestamp(P) | epoch(UNIT, W) | display         (timestamp)
//              | ksuid | ulid                                    (id)
//
// The first codec of a chain may need the value's type; the text codecs may
// follow any codec. Without a codec a value is its plain text
// (design/values.h): an integer in decimal, unpadded, which is the guides'
// "READING#10 before READING#2". `display` writes a timestamp as people read
// it ("Jun 23, 2026 10:00:00"), which never sorts: it exists to show that.
//
// Example:
//
//   auto t = parse_template("READING#{reading_id:inverse(5)}");
//   // pieces: "READING#", {reading_id, [inverse(5)]}
//   render(*t, resolver);  // "READING#99842" for reading_id 157

#ifndef SORTKEY_DESIGN_TEMPLATE_H_
#define SORTKEY_DESIGN_TEMPLATE_H_

#include <functional>
#include <string>
#include <string_view>
#include <utility>

#include "design/design.h"
#include "sortkey/error.h"

namespace sortkey::design {

// Errors (kBadFormat, the offset into the template): an unclosed or empty
// reference, a lone '}', an unknown codec, a codec's arguments out of range.
Result<Template> parse_template(std::string_view source);

// Whether the codecs fit a value of `type`. Errors: kBadParameter naming the
// codec and the type ("padded(5) needs an integer, not a string").
Result<void> check_codecs(const std::vector<Codec>& codecs, AttrType type);

// The value of a reference and its attribute; {nullptr, nullptr} when absent.
using Resolver = std::function<std::pair<const Value*, const AttributeSpec*>(std::string_view ref)>;

// The text. Errors: a reference without a value, and the codecs' own errors
// (a value out of a width's range, an empty or control-character name), in
// the words "{reading_id:padded(5)}: out of range at byte 0: ...".
Result<std::string> render(const Template& t, const Resolver& resolve);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_TEMPLATE_H_
