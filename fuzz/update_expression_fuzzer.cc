// UpdateExpression target: arbitrary text with names, values and items from
// the input (expression_input.h), parsed as an UpdateExpression and applied
// by UpdateItem to each item and to a missing one.
//
// Checks (properties/props/update_props.h, update_expression_matches_oracle):
//   * parse_update is total: a tree or an "Invalid UpdateExpression: ..."
//     error at an offset inside the text; the placeholders it records are
//     defined;
//   * a parsed tree, converted to the naive oracle's (oracles/naive_update.h),
//     gives the oracle's verdict, ALL_NEW attributes and item afterwards.

#include <cstdint>

#include "fuzz/expression_input.h"
#include "fuzz/fuzz_adapter.h"
#include "properties/props/update_props.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("update_expression_fuzzer");
  const fuzz::ExpressionInput in = fuzz::parse_expression_input(data, size);
  fuzz::check(props::update_expression_matches_oracle(in.text, in.attributes, in.items),
              "update/matches_oracle", [&] { return in.show(); });
  return 0;
}
