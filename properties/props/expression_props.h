// File: properties/props/expression_props.h
//
// The specification of the expression parser (sortkey/expression.h:
// parse_condition for KeyConditionExpression and FilterExpression) as
// framework-free property functions over any text and its name and value
// placeholders, and what a request must answer when its expression does not
// parse or leaves a placeholder unused. The requests themselves are checked
// in key_condition_props.h (Query) and filter_expression_props.h (Scan).
//
// Example (a driver over any text and attributes):
//   ExpressionUses uses;
//   const auto parsed = parse_condition(text, kind, attributes, &uses);
//   check(expression_parse_total(text, kind, attributes, parsed, uses));
//   check(expression_kind_decides_nothing(text, attributes, kind, parsed));
//   if (parsed) check(expression_reparses_the_same(*parsed, kind));

#ifndef SORTKEY_PROPERTIES_EXPRESSION_PROPS_H_
#define SORTKEY_PROPERTIES_EXPRESSION_PROPS_H_

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "properties/props/outcome.h"
#include "sortkey/error.h"
#include "sortkey/expression.h"

namespace sortkey::props {

// The parse is total: `got` (parse_condition(text, kind, attrs, &uses)) is a
// Condition whose used placeholders (`uses`) are all defined in `attrs` and
// written in the text, or an error whose message starts "Invalid
// <parameter>: " and says more, at an offset inside the text or at its end.
Outcome expression_parse_total(std::string_view text, ExpressionKind kind,
                               const ExpressionAttributes& attrs, const Result<Condition>& got,
                               const ExpressionUses& uses);

// The kind names the parameter in messages and decides nothing else at
// parse time: the text parsed as the other kind gives the same tree, or the
// same error (code, offset, message) with the other parameter's name.
// `parsed` is the text parsed as `kind`.
Outcome expression_kind_decides_nothing(std::string_view text, const ExpressionAttributes& attrs,
                                        ExpressionKind kind, const Result<Condition>& parsed);

// The tree printed back as text (fresh #placeholders for every name, the
// operands' own value placeholders, exactly the node's parentheses) parses
// to the same tree, offsets aside, and uses every placeholder it defines.
Outcome expression_reparses_the_same(const Condition& c, ExpressionKind kind);

// Receives a line saying what the engine answered a request, for a driver
// that shows its inputs; a property makes the line only when it is set.
using AnswerNote = std::function<void(const std::string&)>;

// A request (named `request`: "Query", "Scan") whose expression (named
// `expression`: "key condition", "filter") does not parse fails with the
// parse error, and one that leaves a placeholder unused fails with
// check_all_used's error. `refused` is the request's error, nullptr when it
// succeeded. Returns that verdict, or nullopt when the expression parsed and
// uses every placeholder: the request must then be checked on its merits.
std::optional<Outcome> refused_as_parsed(std::string_view request, std::string_view expression,
                                         const Result<Condition>& parsed,
                                         const ExpressionAttributes& attrs,
                                         const ExpressionUses& uses, const Error* refused);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_EXPRESSION_PROPS_H_
