// File: design/values.h
//
// An entity's attribute values as the design check sees them: their text in
// a key template without a codec, their DynamoDB attribute in the item, their
// logical order (the order a declared `order:` and a predicate use, which is
// never the order of any key), and how a message shows them.
//
// Logical order: string and id values by their bytes (after the case
// mapping of an order key that asks for one), integers by value, timestamps
// chronologically, enum values by their declared position, false < true.
//
// Stored form (the item's attribute of the same name): string, enum, id as
// S; integer as N; timestamp as S, RFC 3339 in UTC with the attribute's
// precision (sortkey/timestamp.h); boolean as BOOL.

#ifndef SORTKEY_DESIGN_VALUES_H_
#define SORTKEY_DESIGN_VALUES_H_

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "design/design.h"
#include "sortkey/attribute.h"
#include "sortkey/error.h"

namespace sortkey::design {

// The text of a value in a template without a codec.
std::string plain_text(const Value& v, const AttributeSpec& spec);

// The item attribute of a value.
AttributeValue stored_attribute(const Value& v, const AttributeSpec& spec);

// -1, 0 or 1 in the logical order; `case_mode` maps string values first.
// REQUIRES: a.type == b.type == spec.type.
int compare_values(const Value& a, const Value& b, const AttributeSpec& spec,
                   std::optional<CaseMode> case_mode = std::nullopt);

// For messages: "DeBrie" quoted with escapes, 157, 2026-06-23T10:00:00Z, true.
std::string show_value(const Value& v, const AttributeSpec& spec);

// A literal of a design file (a JSON scalar) as a value of `spec`'s type.
// Errors (kBadParameter): the wrong JSON type, a timestamp that is not RFC
// 3339, an enum value not declared, an integer outside int64.
Result<Value> value_from_literal(const nlohmann::ordered_json& literal, const AttributeSpec& spec);

// The UTF-8 code points of `text`, each as its bytes. Errors: kBadCharacter
// at the first byte of an ill-formed sequence.
Result<std::vector<std::string>> utf8_code_points(std::string_view text);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_VALUES_H_
