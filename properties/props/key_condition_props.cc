#include "properties/props/key_condition_props.h"

#include <fmt/format.h>

#include <optional>
#include <string>
#include <vector>

#include "oracles/naive_query.h"
#include "properties/props/query_conversions.h"
#include "sortkey/attribute.h"
#include "sortkey/table.h"

namespace sortkey::props {
namespace {

using oracle::NItem;
using oracle::NKey;
using oracle::NKeyCond;
using oracle::NValue;
using T = NValue::T;

oracle::NSchema fixed_schema() {
  oracle::NSchema s;
  s.pk = NKey{"p", T::S};
  s.sk = NKey{"c", T::N};
  oracle::NIndex g;
  g.name = "g";
  g.pk = {NKey{"p2", T::B}};
  g.sk = {NKey{"s1", T::S}, NKey{"s2", T::N}};
  oracle::NIndex h;
  h.name = "h";
  h.pk = {NKey{"c", T::N}};
  h.projection = oracle::NIndex::Projection::kKeysOnly;
  oracle::NIndex m;
  m.name = "m";
  m.pk = {NKey{"s1", T::S}, NKey{"p2", T::B}};
  m.sk = {NKey{"c", T::N}};
  s.indexes = {g, h, m};
  return s;
}

std::vector<NItem> fixed_items() {
  const char* const ps[] = {"a", "ab", "b"};
  const char* const cs[] = {"-1", "0", "1", "2.5", "10"};
  const std::string p2s[] = {std::string(1, '\0'), "\x80", "\xff"};
  const char* const s1s[] = {"x", "x#", "xy", "y"};
  const char* const s2s[] = {"1", "2", "1e1"};
  std::vector<NItem> items;
  for (int i = 0; i < 15; ++i) {  // (i % 3, i % 5) is a distinct table key for each i
    NItem item = {{"p", oracle::naive_scalar(T::S, ps[i % 3])},
                  {"c", oracle::naive_scalar(T::N, cs[i % 5])}};
    if (i % 4 != 3) item.emplace_back("p2", oracle::naive_scalar(T::B, p2s[(i / 3) % 3]));
    if (i % 5 != 4) item.emplace_back("s1", oracle::naive_scalar(T::S, s1s[i % 4]));
    if (i % 7 != 6) item.emplace_back("s2", oracle::naive_scalar(T::N, s2s[i % 3]));
    item.emplace_back("v", oracle::naive_scalar(T::N, std::to_string(i)));
    items.push_back(std::move(item));
  }
  return items;
}

struct KeyConditionWorld {
  oracle::NaiveTable model;
  Table table;
};

// Built once, never freed: every call of the property reads the same table.
const KeyConditionWorld& key_condition_world() {
  static const KeyConditionWorld* w = [] {
    auto table = Table::create(to_engine(fixed_schema()));
    auto* out = new KeyConditionWorld{oracle::NaiveTable(fixed_schema()), std::move(*table)};
    for (const NItem& item : fixed_items()) {
      out->model.put(item);
      (void)out->table.put(to_engine(item));
    }
    return out;
  }();
  return *w;
}

// ---------------------------------------------------------------- DynamoDB's rules, restated

struct Atom {
  std::string attribute;
  NKeyCond::Op op = NKeyCond::Op::kEq;
  std::vector<const AttributeValue*> values;
};

// The single-attribute path of a key condition operand, or nullptr.
const Operand* key_path(const Operand& o) {
  return o.kind == Operand::Kind::kPath && o.path.size() == 1 && !o.path[0].is_index ? &o : nullptr;
}

// The atoms of an AND of key conditions; false (with `why`) for anything else.
bool atoms_of(const Condition& c, std::vector<Atom>& atoms, std::string* why) {
  switch (c.kind) {
    case Condition::Kind::kAnd:
      return atoms_of(c.children[0], atoms, why) && atoms_of(c.children[1], atoms, why);
    case Condition::Kind::kCompare: {
      if (c.comparator == Comparator::kNe) return *why = "<> is not a key condition", false;
      const bool flipped = c.operands[0].kind == Operand::Kind::kValue;
      const Operand* path = key_path(c.operands[flipped ? 1 : 0]);
      const Operand& value = c.operands[flipped ? 0 : 1];
      if (path == nullptr || value.kind != Operand::Kind::kValue) {
        return *why = "a comparison of other than a key attribute and a value", false;
      }
      static constexpr NKeyCond::Op kOps[] = {NKeyCond::Op::kEq, NKeyCond::Op::kEq,
                                              NKeyCond::Op::kLt, NKeyCond::Op::kLe,
                                              NKeyCond::Op::kGt, NKeyCond::Op::kGe};
      static constexpr NKeyCond::Op kFlipped[] = {NKeyCond::Op::kEq, NKeyCond::Op::kEq,
                                                  NKeyCond::Op::kGt, NKeyCond::Op::kGe,
                                                  NKeyCond::Op::kLt, NKeyCond::Op::kLe};
      const int i = static_cast<int>(c.comparator);
      atoms.push_back(Atom{path->path[0].name, flipped ? kFlipped[i] : kOps[i], {&value.value}});
      return true;
    }
    case Condition::Kind::kBetween:
    case Condition::Kind::kBeginsWith: {
      const Operand* path = key_path(c.operands[0]);
      if (path == nullptr)
        return *why = "BETWEEN or begins_with on other than a key attribute", false;
      Atom a{
          path->path[0].name,
          c.kind == Condition::Kind::kBetween ? NKeyCond::Op::kBetween : NKeyCond::Op::kBeginsWith,
          {}};
      for (std::size_t i = 1; i < c.operands.size(); ++i) {
        if (c.operands[i].kind != Operand::Kind::kValue)
          return *why = "a bound that is not a value", false;
        a.values.push_back(&c.operands[i].value);
      }
      atoms.push_back(std::move(a));
      return true;
    }
    default:
      return *why = "an operator key conditions do not allow", false;
  }
}

bool value_fits(const NKey& k, const AttributeValue& v) {
  const NValue n = to_naive(v);
  if (n.t != k.type) return false;
  return k.type == T::N || !n.s.empty();  // an empty S or B is never a key
}

// The key range a parsed condition selects on the target, or nullopt with
// the reason DynamoDB rejects it.
std::optional<NKeyCond> as_key_condition(const Condition& c, const std::vector<NKey>& pk,
                                         const std::vector<NKey>& sk, std::string* why) {
  std::vector<Atom> atoms;
  if (!atoms_of(c, atoms, why)) return std::nullopt;
  if (pk.size() == 1 && sk.size() <= 1 && atoms.size() > 2)
    return *why = "more than two conditions", std::nullopt;
  auto find = [&](const std::string& name) -> const Atom* {
    const Atom* found = nullptr;
    for (const Atom& a : atoms) found = a.attribute == name ? &a : found;
    return found;
  };
  for (std::size_t i = 0; i < atoms.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (atoms[i].attribute == atoms[j].attribute)
        return *why = "two conditions on one key", std::nullopt;
    }
    bool known = false;
    for (const auto* side : {&pk, &sk}) {
      for (const NKey& k : *side) known = known || k.name == atoms[i].attribute;
    }
    if (!known)
      return *why = "a condition on " + atoms[i].attribute + ", not a key of the target",
             std::nullopt;
  }
  NKeyCond out;
  for (const NKey& k : pk) {
    const Atom* a = find(k.name);
    if (a == nullptr || a->op != NKeyCond::Op::kEq)
      return *why = "no equality on " + k.name, std::nullopt;
    if (!value_fits(k, *a->values[0]))
      return *why = "the value of " + k.name + " is no key of its type", std::nullopt;
    out.partition.push_back(to_naive(*a->values[0]));
  }
  std::size_t used = 0;
  while (used < sk.size() && find(sk[used].name) != nullptr) ++used;
  for (std::size_t i = used; i < sk.size(); ++i) {
    if (find(sk[i].name) != nullptr)
      return *why = "a gap before the condition on " + sk[i].name, std::nullopt;
  }
  for (std::size_t i = 0; i < used; ++i) {
    const Atom& a = *find(sk[i].name);
    for (const AttributeValue* v : a.values) {
      if (!value_fits(sk[i], *v))
        return *why = "a value for " + sk[i].name + " is no key of its type", std::nullopt;
    }
    if (i + 1 < used) {
      if (a.op != NKeyCond::Op::kEq)
        return *why = "a range on " + sk[i].name + " before the last", std::nullopt;
      out.sort_eq.push_back(to_naive(*a.values[0]));
      continue;
    }
    if (a.op == NKeyCond::Op::kBeginsWith && sk[i].type == T::N)
      return *why = "begins_with on N", std::nullopt;
    out.op = a.op;
    out.a = to_naive(*a.values[0]);
    if (a.values.size() > 1) out.b = to_naive(*a.values[1]);
  }
  return out;
}

// ---------------------------------------------------------------- reading

Result<std::vector<StoredItem>> read_all(QueryRequest r, int* pages) {
  std::vector<StoredItem> out;
  *pages = 0;
  while (true) {
    auto page = key_condition_world().table.query(r);
    if (!page) return page.error();
    ++*pages;
    out.insert(out.end(), page->items.begin(), page->items.end());
    if (!page->last_evaluated_key || *pages > 64) return out;
    r.exclusive_start_key = page->last_evaluated_key;
  }
}

std::vector<NItem> to_naive_all(const std::vector<StoredItem>& items) {
  std::vector<NItem> out;
  for (const StoredItem& i : items) out.push_back(to_naive(i));
  return out;
}

// The accepted Query's items (`sequence`, read in `r`'s direction) against
// the oracle's key range, the condition evaluated as a filter, and the
// pages of the same Query with Limit `limit`.
Outcome accepted_query_holds(QueryRequest r, const Condition& parsed, const NKeyCond& key,
                             const std::vector<NKey>& sk, const std::vector<NItem>& sequence,
                             int limit) {
  const KeyConditionWorld& w = key_condition_world();
  const std::vector<NItem> expected = w.model.key_range(r.index_name, key, r.scan_index_forward);
  std::string why;
  if (!oracle::accept_query_order(expected, sequence, sk, r.scan_index_forward, &why)) {
    return Outcome::fails("the Query's items are not the oracle's key range: " + why);
  }
  // Evaluated as a filter, the condition selects the same entries.
  std::vector<NItem> selected;
  for (const NItem& e : w.model.entries(r.index_name)) {
    if (evaluate(parsed, to_engine(e))) selected.push_back(e);
  }
  if (!oracle::accept_scan_order(expected, selected, {}, {}, &why)) {
    return Outcome::fails(fmt::format("evaluate() selects {} entries, the key range holds {}",
                                      selected.size(), expected.size()));
  }
  // Limit pages through the same sequence.
  r.limit = limit;
  int limited_pages = 0;
  auto paged = read_all(r, &limited_pages);
  if (!paged) return Outcome::fails("the Query with Limit failed: " + describe(paged.error()));
  const std::vector<NItem> again = to_naive_all(*paged);
  bool same = again.size() == sequence.size();
  for (std::size_t i = 0; same && i < again.size(); ++i)
    same = oracle::naive_items_equal(again[i], sequence[i]);
  if (!same) {
    return Outcome::fails(
        fmt::format("with Limit {} the pages hold {} items, without {} (or others)", *r.limit,
                    again.size(), sequence.size()));
  }
  const std::size_t want_pages = sequence.size() / static_cast<std::size_t>(*r.limit) + 1;
  if (static_cast<std::size_t>(limited_pages) + 1 < want_pages ||
      static_cast<std::size_t>(limited_pages) > want_pages) {
    return Outcome::fails(
        fmt::format("{} items in {} pages of Limit {}", sequence.size(), limited_pages, *r.limit));
  }
  return Outcome::holds();
}

}  // namespace

Outcome key_condition_query_matches_oracle(const KeyConditionQuery& q,
                                           const Result<Condition>& parsed,
                                           const ExpressionUses& uses, const AnswerNote& answered) {
  const KeyConditionWorld& w = key_condition_world();
  QueryRequest r;
  r.index_name = q.index == "g" || q.index == "h" || q.index == "m" ? q.index : "";
  r.key_condition = q.text;
  r.attributes = q.attributes;
  r.scan_index_forward = q.forward;
  int pages = 0;
  auto got = read_all(r, &pages);
  if (answered) {
    answered(got ? fmt::format("Query returns {} items in {} pages", got->size(), pages)
                 : "Query fails: " + describe(got.error()));
  }
  if (auto verdict = refused_as_parsed("Query", "key condition", parsed, q.attributes, uses,
                                       got ? nullptr : &got.error())) {
    return *verdict;
  }
  const std::vector<NKey> pk = w.model.partition_of(r.index_name);
  const std::vector<NKey> sk = w.model.sort_of(r.index_name);
  std::string why;
  const std::optional<NKeyCond> key = as_key_condition(*parsed, pk, sk, &why);
  if (!key) {
    if (got)
      return Outcome::fails("the Query succeeded, but DynamoDB rejects the key condition: " + why);
    return Outcome::holds();
  }
  if (!got)
    return Outcome::fails("the Query failed on a valid key condition: " + describe(got.error()));
  return accepted_query_holds(r, *parsed, *key, sk, to_naive_all(*got), q.limit);
}

}  // namespace sortkey::props
