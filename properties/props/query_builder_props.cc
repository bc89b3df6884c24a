#include "properties/props/query_builder_props.h"

#include <fmt/format.h>

#include <string>
#include <utility>

#include "properties/props/query_conversions.h"
#include "properties/props/query_internal.h"
#include "sortkey/expression_builder.h"

namespace sortkey::props {

using oracle::NKeyCond;
using oracle::NSchema;
using query_internal::read_all;
using query_internal::show_request;
using query_internal::to_naive_all;

Outcome builder_selects_range(const oracle::NaiveTable& model, const Table& table,
                              const NKeyCond& key, bool reverse_bounds) {
  const NSchema& s = model.schema();
  KeyQuery q;
  q.partition = {{s.pk.name, to_engine(key.partition[0])}};
  if (key.op != NKeyCond::Op::kNone && s.sk) {
    q.sort_attribute = s.sk->name;
    const AttributeValue a = to_engine(key.a);
    switch (key.op) {
      case NKeyCond::Op::kEq:
        q.sort = SortCondition::eq(a);
        break;
      case NKeyCond::Op::kLt:
        q.sort = SortCondition::lt(a);
        break;
      case NKeyCond::Op::kLe:
        q.sort = SortCondition::le(a);
        break;
      case NKeyCond::Op::kGt:
        q.sort = SortCondition::gt(a);
        break;
      case NKeyCond::Op::kGe:
        q.sort = SortCondition::ge(a);
        break;
      case NKeyCond::Op::kBeginsWith:
        q.sort = SortCondition::begins_with(a);
        break;
      default:
        q.sort = SortCondition::between(a, to_engine(key.b));
    }
  }
  const bool swapped = reverse_bounds && key.op == NKeyCond::Op::kBetween &&
                       oracle::naive_compare_scalar(key.a, key.b) != 0;
  if (swapped) std::swap(q.sort.value, q.sort.upper);
  auto built = build_key_condition(q);
  if (swapped) {
    if (built || built.error().code != ErrorCode::kOutOfRange) {
      return Outcome::fails(fmt::format("the builder accepted BETWEEN {} AND {} (lower > upper)",
                                        to_json(q.sort.value), to_json(q.sort.upper)));
    }
    return Outcome::holds();
  }
  if (!built)
    return Outcome::fails("the builder rejected a valid key condition: " + describe(built.error()));
  const QueryRequest r = to_query_request(*built);
  auto items = read_all(r, [&table](const QueryRequest& x) { return table.query(x); });
  if (!items)
    return Outcome::fails(
        fmt::format("{}: rejected: {}", show_request(r), describe(items.error())));
  NKeyCond naive = key;
  naive.sort_eq.clear();
  if (!s.sk) naive.op = NKeyCond::Op::kNone;
  std::string why;
  if (!oracle::accept_query_order(model.key_range("", naive, true), to_naive_all(*items),
                                  model.sort_of(""), true, &why)) {
    return Outcome::fails(fmt::format("{}: {}", show_request(r), why));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
