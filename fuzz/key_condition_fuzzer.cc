// KeyConditionExpression target: arbitrary text with names and values from
// the input, parsed as a key condition and run as a Query on a fixed table.
// Input (expression_input.h): line 1 the expression; then "#n=name",
// ":v=T:payload" or ":v={json}" definitions; options "@index=g|h|m" (the
// table when absent), "@backward", "@limit=N" (1..9, default 2).
//
// The table (names bare identifiers, none reserved): p (S) and c (N); index
// g on p2 (B) with the two-attribute sort key s1 (S), s2 (N); index h on c
// alone (hash only, keys only); index m on the two-attribute partition key
// s1, p2 with sort key c. Fifteen items whose key values collide, prefix one
// another and miss index attributes (sparse).
//
// Checks (properties/props/expression_props.h, key_condition_props.h):
//   * parse_condition is total: a Condition or an error naming
//     KeyConditionExpression, with a message and an offset inside the text;
//     used placeholders are defined and written; the kind decides nothing
//     but the message (the same text parsed as a FilterExpression);
//   * a parsed tree printed back and parsed again is the same tree;
//   * Query fails with the parse error, or the unused-placeholder error, when
//     those fail; otherwise it succeeds iff the condition is one DynamoDB
//     accepts for the target's key schema (restated below from AWS "Key
//     condition expressions for the Query operation", Alternator's
//     test_key_condition_expression.py, and the multi-attribute key rules of
//     AWS "Using Global Secondary Indexes in DynamoDB");
//   * an accepted Query returns, over its pages, exactly the oracle's key
//     range (oracles/naive_query.h) in sort order, ties in any order, and a
//     Query with Limit returns the same sequence page by page;
//   * evaluating the condition as a filter on every entry of the target
//     selects exactly that range.

#include <cstdint>

#include "fuzz/expression_checks.h"
#include "fuzz/expression_input.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/show_input.h"
#include "properties/props/key_condition_props.h"
#include "sortkey/expression.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("key_condition_fuzzer");
  const fuzz::ExpressionInput in = fuzz::parse_expression_input(data, size);
  auto show = [&] { return in.show(); };
  ExpressionUses uses;
  const auto parsed =
      fuzz::parse_checked(in, ExpressionKind::kKeyCondition,
                          {"key_condition/parse_total", "key_condition/kind_decides_nothing",
                           "key_condition/print_reparse"},
                          &uses, show);
  const auto index = in.options.find("index");
  const props::KeyConditionQuery query{
      in.text, in.attributes, index == in.options.end() ? "" : index->second,
      !in.options.contains("backward"), fuzz::digit_option(in, "limit", 2)};
  fuzz::check(
      props::key_condition_query_matches_oracle(query, parsed, uses, fuzz::show_answer(show)),
      "key_condition/query_matches_oracle", show);
  return 0;
}
