// File: fuzz/expression_checks.h
//
// What both expression targets (key_condition_fuzzer,
// filter_expression_fuzzer) check of the parse, written once: the text
// parsed as the target's kind, then the parser's properties
// (properties/props/expression_props.h) under the target's ids.

#ifndef SORTKEY_FUZZ_EXPRESSION_CHECKS_H_
#define SORTKEY_FUZZ_EXPRESSION_CHECKS_H_

#include <string_view>

#include "fuzz/expression_input.h"
#include "fuzz/fuzz_adapter.h"
#include "properties/props/expression_props.h"
#include "sortkey/error.h"
#include "sortkey/expression.h"

namespace sortkey::fuzz {

// The ids a target reports the parse checks under, spelled out in the
// target ("filter/parse_total", ...): crash reports and corpora name them.
struct ParseCheckIds {
  std::string_view parse_total;
  std::string_view kind_decides_nothing;
  std::string_view print_reparse;
};

// parse_condition of the input's text as `kind`, with the placeholders it
// uses in `*uses`, after the parse checks; `show()` makes the values of a
// failure report.
template <class Show>
Result<Condition> parse_checked(const ExpressionInput& in, ExpressionKind kind,
                                const ParseCheckIds& ids, ExpressionUses* uses, Show& show) {
  auto parsed = parse_condition(in.text, kind, in.attributes, uses);
  check(props::expression_parse_total(in.text, kind, in.attributes, parsed, *uses), ids.parse_total,
        show);
  check(props::expression_kind_decides_nothing(in.text, in.attributes, kind, parsed),
        ids.kind_decides_nothing, show);
  if (parsed) check(props::expression_reparses_the_same(*parsed, kind), ids.print_reparse, show);
  return parsed;
}

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_EXPRESSION_CHECKS_H_
