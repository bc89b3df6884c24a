// FilterExpression target: arbitrary text with names and values from the
// input, parsed as a filter, evaluated on items and run as a Scan.
// Input (expression_input.h): line 1 the expression; then "#n=name",
// ":v=T:payload" or ":v={json}" definitions; "+{item json}" items to
// evaluate on besides the fixed ones; option "@limit=N" (1..9, default 3).
//
// The fixed table has the partition key k (S) and eight items holding every
// type: strings with NUL, emoji and U+FF5E, empty S and B, numbers at the
// ends of the range, sets, lists and maps nested three deep, the reserved
// words Size and Status and the name "x y" as attribute names.
//
// Checks (properties/props/expression_props.h, filter_expression_props.h):
//   * parse_condition is total: a Condition or an error naming
//     FilterExpression, with a message and an offset inside the text; used
//     placeholders are defined and written; the kind decides nothing but the
//     message (the same text parsed as a KeyConditionExpression);
//   * a parsed tree printed back and parsed again is the same tree;
//   * evaluate() agrees with the naive oracle's naive_eval on every item
//     (comparisons across types false, <> true for a missing attribute,
//     size() of S in bytes and of N, BOOL, NULL without a value, contains on
//     strings, sets and lists, ...);
//   * Scan with the filter fails with the parse error or the
//     unused-placeholder error when those fail, and otherwise returns
//     exactly the items the oracle's filter keeps, the same with Limit, and
//     counts every item read in ScannedCount.

#include <cstdint>

#include "fuzz/expression_checks.h"
#include "fuzz/expression_input.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/show_input.h"
#include "properties/props/filter_expression_props.h"
#include "sortkey/expression.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("filter_expression_fuzzer");
  const fuzz::ExpressionInput in = fuzz::parse_expression_input(data, size);
  auto show = [&] { return in.show(); };
  ExpressionUses uses;
  const auto parsed = fuzz::parse_checked(
      in, ExpressionKind::kFilter,
      {"filter/parse_total", "filter/kind_decides_nothing", "filter/print_reparse"}, &uses, show);
  if (parsed) {
    fuzz::check(props::filter_evaluate_matches_oracle(*parsed, in.items),
                "filter/evaluate_matches_oracle", show);
  }
  const props::FilterScan scan{in.text, in.attributes, fuzz::digit_option(in, "limit", 3)};
  fuzz::check(props::filter_scan_matches_oracle(scan, parsed, uses, fuzz::show_answer(show)),
              "filter/scan_matches_oracle", show);
  return 0;
}
