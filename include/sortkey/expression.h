// File: sortkey/expression.h
//
// DynamoDB condition expressions, as KeyConditionExpression and
// FilterExpression carry them: the parser (DynamoDB's grammar, its
// placeholders and its validation errors), the syntax tree, and the
// evaluation of a filter against an item.
//
// Grammar (AWS, "Condition and filter expressions, operators, and functions
// in DynamoDB"), loosest binding first:
//
//   condition := and ( OR and )*
//   and       := not ( AND not )*
//   not       := NOT not | primary
//   primary   := "(" condition ")"
//              | function "(" operand ( "," operand )* ")"      boolean functions
//              | operand comparator operand                    = <> < <= > >=
//              | operand BETWEEN operand AND operand
//              | operand IN "(" operand ( "," operand )* ")"   1 to 100 values
//   operand   := path | :value | size "(" path ")"
//   path      := name ( "." name | "[" digits "]" )*
//   name      := identifier | #placeholder
//
// Keywords (AND OR NOT BETWEEN IN) are case-insensitive; function names
// (attribute_exists, attribute_not_exists, attribute_type, begins_with,
// contains, size) are case-sensitive. A bare identifier is [A-Za-z][A-Za-z0-9_]*
// and must not be one of DynamoDB's reserved words (AWS, "Reserved words in
// DynamoDB"); any other attribute name needs a #placeholder.
//
// Errors are Validation errors worded as DynamoDB words them, prefixed with
// "Invalid KeyConditionExpression: " or "Invalid FilterExpression: ", e.g.
//   Syntax error; token: "!", near: "i !="
//   An expression attribute value used in expression is not defined; attribute value: :v
//   Attribute name is a reserved keyword; reserved keyword: Status
//   The BETWEEN operator requires upper bound to be greater than or equal to lower bound; ...
// with the byte offset of the offending token. Errors that need only the
// expression's constants are reported at parse time, even if no item is
// ever read (ALT test_filter_expression_validation_without_results).
//
// Distinct operands: the first operand of a comparison, BETWEEN, IN,
// begins_with, contains or attribute_type must not be a document path that
// one of the remaining operands repeats, else
//   The first operand must be distinct from the remaining operands for this
//   operator or function; operator: >, first operand: [a, b, [1]]
// "The same operand" means the same document path after #name placeholders
// are substituted: `a = a`, `#n = a` with #n -> a, `a.b[1] < a.b[1]`. It is
// never a value: `:v = :v` and two placeholders with equal values are
// accepted, and so is size(a) against a or size(a). A name holding a dot is
// one step, so `#n = a.b` with #n -> "a.b" is accepted. The same rule holds
// in every expression kind, a KeyConditionExpression's `pk = pk` included.
// Sources: AWS, "Condition and filter expressions, operators, and functions
// in DynamoDB" (contains: "The path and the operand must be distinct. That
// is, contains (a, a) returns an error"); dynalite's condition grammar
// (written against DynamoDB), which checks comparisons and two-operand
// functions on resolved paths, after the operand count and before operand
// types; and an emulator whose semantics were pinned against DynamoDB Local,
// which also checks BETWEEN against either bound and IN against every list
// element, naming them "BETWEEN" and "IN". Neither source checks values.
//
// Evaluation (ALT test_filter_expression.py): a comparison across types, or
// with a missing attribute, is false, never an error; `<>` is true across
// types and for a missing attribute; size() of a Number, BOOL or NULL has no
// value, so every comparison with it is false.
//
// Example:
//
//   sortkey::ExpressionAttributes attrs;
//   attrs.names["#s"] = "Status";
//   attrs.values[":s"] = sortkey::AttributeValue::S("OPEN");
//   sortkey::ExpressionUses uses;
//   auto c = sortkey::parse_condition("#s = :s AND attribute_exists(Due)",
//                                     sortkey::ExpressionKind::kFilter, attrs, &uses);
//   bool keep = sortkey::evaluate(*c, item);

#ifndef SORTKEY_EXPRESSION_H_
#define SORTKEY_EXPRESSION_H_

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "sortkey/attribute.h"
#include "sortkey/error.h"

namespace sortkey {

// Which request parameter the text came from: it names the parameter in
// messages and decides nothing else at parse time. kCondition is a write's
// ConditionExpression, kProjection a read's ProjectionExpression
// (parse_projection).
enum class ExpressionKind { kKeyCondition, kFilter, kCondition, kProjection };
std::string_view expression_parameter(ExpressionKind kind);  // "KeyConditionExpression", ...

// ExpressionAttributeNames ("#n" -> name) and ExpressionAttributeValues (":v" -> value).
struct ExpressionAttributes {
  std::map<std::string, std::string, std::less<>> names;
  std::map<std::string, AttributeValue, std::less<>> values;
};

// The placeholders the expressions of one request used, for the check that
// every supplied name and value is used (check_all_used).
struct ExpressionUses {
  std::set<std::string, std::less<>> names;
  std::set<std::string, std::less<>> values;
};

// One step of a document path: a name (attribute or map key) or a list index.
struct PathStep {
  bool is_index = false;
  std::string name;       // when !is_index: the attribute name, placeholders resolved
  std::size_t index = 0;  // when is_index
  friend bool operator==(const PathStep&, const PathStep&) = default;
};
using DocumentPath = std::vector<PathStep>;  // never empty; the first step is a name

struct Operand {
  enum class Kind { kPath, kValue, kSize };
  Kind kind = Kind::kValue;
  DocumentPath path;        // kPath, kSize
  std::string placeholder;  // kValue: ":v"
  AttributeValue value;     // kValue: its value
  std::size_t offset = 0;   // where it starts in the text
};

enum class Comparator { kEq, kNe, kLt, kLe, kGt, kGe };
std::string_view comparator_text(Comparator c);  // "=", "<>", ...

struct Condition {
  enum class Kind {
    kCompare,  // operands[0] comparator operands[1]
    kBetween,  // operands[0] BETWEEN operands[1] AND operands[2]
    kIn,       // operands[0] IN (operands[1..])
    kAnd,
    kOr,                  // children[0], children[1]
    kNot,                 // children[0]
    kAttributeExists,     // (operands[0])
    kAttributeNotExists,  // (operands[0])
    kAttributeType,       // (operands[0], operands[1])
    kBeginsWith,          // (operands[0], operands[1])
    kContains,            // (operands[0], operands[1])
  };
  Kind kind = Kind::kCompare;
  Comparator comparator = Comparator::kEq;
  std::vector<Operand> operands;
  std::vector<Condition> children;
  int parentheses = 0;     // redundant parentheses around it
  std::size_t offset = 0;  // where it starts in the text
};

// Parses `text` and resolves its placeholders against `attributes`,
// recording the ones used in `*uses` (REQUIRES: uses != nullptr).
// Errors: kEmpty (empty text), kBadFormat (syntax), kBadParameter (undefined
// placeholder, reserved word, wrong function or operand, operands that are
// not distinct, constant type errors), kOutOfRange (more than 100 IN values).
Result<Condition> parse_condition(std::string_view text, ExpressionKind kind,
                                  const ExpressionAttributes& attributes, ExpressionUses* uses);

// Every supplied name and value was used by some expression of the request.
// Errors: kBadParameter ("Value provided in ExpressionAttributeValues unused
// in expressions: keys: {:qq}").
Result<void> check_all_used(const ExpressionAttributes& attributes, const ExpressionUses& uses);

// Whether `item` satisfies the condition (see the file comment).
bool evaluate(const Condition& condition, const Item& item);

// The value a path designates in `item`, or nullptr.
const AttributeValue* resolve_path(const DocumentPath& path, const Item& item);

// The attribute names (first path steps) a condition reads.
void collect_attribute_names(const Condition& condition, std::set<std::string, std::less<>>* names);

// ProjectionExpression: document paths separated by commas (AWS, "Using
// projection expressions in DynamoDB"; ALT test_projection_expression.py),
// names resolved and recorded in `*uses` as parse_condition does.
// Errors (each "Invalid ProjectionExpression: ..."): kEmpty (blank text),
// kBadFormat (syntax: "a,", ",a", "a,,b", an index first), kBadParameter
// (undefined #name, bare reserved word, and two paths that overlap, one
// equal to or inside the other: "Two document paths overlap with each
// other; must remove or rewrite one of these paths; path one: [a], path
// two: [a, b]", or that conflict, one reading a map key where the other
// reads a list index: "Two document paths conflict with each other; ...").
// REQUIRES: uses != nullptr.
Result<std::vector<DocumentPath>> parse_projection(std::string_view text,
                                                   const ExpressionAttributes& attributes,
                                                   ExpressionUses* uses);

// The attributes of `item` the paths designate, nested as in the item: a
// map keeps the keys read, a list the elements read, in index order
// (`a.b[2].y` of {a: {b: [1, 2, {x, y}]}} is {a: {b: [{y}]}}); a path that
// designates nothing adds nothing, so the result may be empty.
Item project_paths(const Item& item, const std::vector<DocumentPath>& paths);

// Whether `word` is one of DynamoDB's reserved words, case-insensitively.
bool is_reserved_word(std::string_view word);

}  // namespace sortkey

#endif  // SORTKEY_EXPRESSION_H_
