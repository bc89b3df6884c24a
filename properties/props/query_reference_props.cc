#include "properties/props/query_reference_props.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "oracles/naive_decimal.h"
#include "properties/props/query_internal.h"

namespace sortkey::props {

using oracle::NItem;
using oracle::NKey;
using oracle::NKeyCond;
using oracle::NSchema;
using oracle::NValue;
using query_internal::read_all;
using query_internal::show_request;
using query_internal::str;
using T = NValue::T;

namespace {

NValue scalar(T t, std::string s) {
  NValue v;
  v.t = t;
  v.s = std::move(s);
  return v;
}

std::string show_values(const std::vector<NValue>& values) {
  std::string out;
  for (const NValue& v : values) out += (out.empty() ? "" : ", ") + oracle::naive_show(v);
  return "[" + out + "]";
}

// The sort-key values of a read, in the order read.
std::vector<NValue> sort_values(const std::vector<NItem>& items) {
  std::vector<NValue> out;
  for (const NItem& i : items) out.push_back(*oracle::naive_get(i, "sk"));
  return out;
}

bool same_sequence(const std::vector<NValue>& a, const std::vector<NValue>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!oracle::naive_equal(a[i], b[i])) return false;
  }
  return true;
}

}  // namespace

const std::vector<std::string>& reference_order(T type) {
  // 1.1: DYN's recorded ASCII order, AWS's "a" > "A" and "¿" > "z", and
  // U+E000 < U+FF5E < U+1F600, the order UTF-16 gets wrong.
  static const std::vector<std::string> strings = {"1",
                                                   "10",
                                                   "2",
                                                   "A",
                                                   "B",
                                                   "a",
                                                   "aa",
                                                   "ab",
                                                   "b",
                                                   "z",
                                                   "\xC2\xBF",
                                                   "\xEE\x80\x80",
                                                   "\xEF\xBD\x9E",
                                                   "\xF0\x9F\x98\x80"};
  // 1.2: ALT test_query_sort_order_number, with DYN's -0.01 < 0 < 0.01.
  static const std::vector<std::string> numbers = {
      "-2e10",   "-7.1e2",
      "-4.1",    "-0.1",
      "-0.01",   "-1e-5",
      "0",       "2e-5",
      "0.01",    "0.15",
      "1",       "1.00000000000000000000000001",
      "3.14159", "3.1415926535897932384626433832795028841",
      "31.4",    "1.4e10"};
  // 1.3: unsigned, byte-wise, a proper prefix first.
  static const std::vector<std::string> bytes = {std::string(1, '\0'),
                                                 std::string(2, '\0'),
                                                 "\x01",
                                                 "\x7f",
                                                 "\x7f\xff",
                                                 "\x80",
                                                 "\xfe\x01",
                                                 "\xff",
                                                 std::string("\xff\x00", 2)};
  return type == T::S ? strings : (type == T::N ? numbers : bytes);
}

Outcome reference_order_holds(T type, const std::vector<std::size_t>& picked, bool forward,
                              std::optional<int> limit, std::size_t lo, std::size_t hi) {
  const std::vector<std::string>& order = reference_order(type);
  NSchema schema;
  schema.pk = {"pk", T::S};
  schema.sk = NKey{"sk", type};
  auto table = Table::create(to_engine(schema));
  if (!table) return Outcome::fails("the table: " + describe(table.error()));
  oracle::NaiveTable model(schema);
  for (std::size_t at : picked) {
    const NItem item = {{"pk", str("p")}, {"sk", scalar(type, order[at])}};
    if (!model.put(item)) return Outcome::fails("the oracle refuses " + oracle::naive_show(item));
    if (auto ok = table->put(to_engine(item)); !ok)
      return Outcome::fails("the engine refuses " + oracle::naive_show(item) + ": " +
                            describe(ok.error()));
  }
  // The reference's order of what was written, and of the BETWEEN slice.
  std::vector<std::size_t> sorted = picked;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t a = std::min(picked[lo], picked[hi]);
  const std::size_t b = std::max(picked[lo], picked[hi]);
  std::vector<NValue> want, slice;
  for (std::size_t at : sorted) {
    want.push_back(scalar(type, order[at]));
    if (at >= a && at <= b) slice.push_back(want.back());
  }
  if (!forward) {
    std::reverse(want.begin(), want.end());
    std::reverse(slice.begin(), slice.end());
  }
  auto check = [&](const NKeyCond& cond, const std::vector<NValue>& expected,
                   const std::string& what) -> Outcome {
    QuerySpec q;
    q.key = cond;
    q.forward = forward;
    q.limit = limit;
    const QueryRequest r = render_query(schema, q);
    int pages = 0;
    auto items = read_all(
        r, [&](const QueryRequest& req) { return table->query(req); }, &pages);
    if (!items) return Outcome::fails(show_request(r) + ": rejected: " + describe(items.error()));
    const std::vector<NValue> got = sort_values(query_internal::to_naive_all(*items));
    if (!same_sequence(got, expected)) {
      return Outcome::fails(
          fmt::format("{} ({}, {} pages): the engine returns {}, the reference "
                      "orders them {}",
                      what, show_request(r), pages, show_values(got), show_values(expected)));
    }
    const std::vector<NValue> naive = sort_values(model.key_range("", cond, forward));
    if (!same_sequence(naive, expected)) {
      return Outcome::fails(
          fmt::format("{}: the oracle's key range is {}, the reference orders "
                      "them {}",
                      what, show_values(naive), show_values(expected)));
    }
    return Outcome::holds();
  };
  NKeyCond all;
  all.partition = {str("p")};
  if (auto o = check(all, want, "the partition"); !o.ok()) return o;
  NKeyCond between = all;
  between.op = NKeyCond::Op::kBetween;
  between.a = scalar(type, order[a]);
  between.b = scalar(type, order[b]);
  return check(between, slice, "BETWEEN " + order[a] + " AND " + order[b]);
}

const std::vector<std::pair<std::string, std::string>>& reference_number_cases() {
  static const std::vector<std::pair<std::string, std::string>> cases = {
      {"007", "7"},
      {"001.23", "1.23"},
      {"00", "0"},
      {"+3", "3"},
      {"1.10", "1.1"},
      {"100.000", "100"},
      {"0.0", "0"},
      {"1e3", "1000"},
      {"1E+3", "1000"},
      {"1.5e2", "150"},
      {"1e-3", "0.001"},
      {"123e-2", "1.23"},
      {"1e20", "100000000000000000000"},
      {"1e125", "1" + std::string(125, '0')},
      {"-0", "0"},
      {"-0.0", "0"},
      {".5", "0.5"},
      {"-.5", "-0.5"},
  };
  return cases;
}

namespace {

// The Number texts an item read back holds where reference_numbers_read_back
// wrote them, "" where one is missing or not a Number.
std::vector<std::string> numbers_of(const NItem& item) {
  auto text = [](const NValue* v) { return v != nullptr && v->t == T::N ? v->s : std::string(); };
  const NValue* l = oracle::naive_get(item, "l");
  const NValue* m = oracle::naive_get(item, "m");
  const NValue* in_map = nullptr;
  if (m != nullptr) {
    for (const oracle::NField& f : m->map) {
      if (f.first == "a") in_map = &f.second;
    }
  }
  return {text(oracle::naive_get(item, "sk")), text(oracle::naive_get(item, "v")),
          text(l != nullptr && l->t == T::L && l->list.size() == 1 ? &l->list[0] : nullptr),
          text(in_map)};
}

}  // namespace

Outcome reference_numbers_read_back(const std::vector<std::pair<std::string, std::string>>& cases) {
  NSchema schema;
  schema.pk = {"pk", T::S};
  schema.sk = NKey{"sk", T::N};
  auto table = Table::create(to_engine(schema));
  if (!table) return Outcome::fails("the table: " + describe(table.error()));
  for (const auto& [spelling, canonical] : cases) {
    const std::string naive = oracle::canonical_text(oracle::read_number(spelling).value);
    if (naive != canonical) {
      return Outcome::fails(fmt::format("the oracle writes {} as {}, DynamoDB returns {}", spelling,
                                        naive, canonical));
    }
    NValue list;
    list.t = T::L;
    list.list = {scalar(T::N, spelling)};
    NValue map;
    map.t = T::M;
    map.map.emplace_back("a", scalar(T::N, spelling));
    const NItem item = {{"pk", str("p")},
                        {"sk", scalar(T::N, spelling)},
                        {"v", scalar(T::N, spelling)},
                        {"l", list},
                        {"m", map}};
    if (auto ok = table->put(to_engine(item)); !ok)
      return Outcome::fails("the engine refuses " + oracle::naive_show(item) + ": " +
                            describe(ok.error()));
  }
  QuerySpec q;
  q.key.partition = {str("p")};
  const QueryRequest r = render_query(schema, q);
  auto items = read_all(r, [&](const QueryRequest& req) { return table->query(req); });
  if (!items) return Outcome::fails(show_request(r) + ": rejected: " + describe(items.error()));
  if (items->size() != cases.size()) {
    return Outcome::fails(fmt::format("{} items written with distinct Number keys, {} read back",
                                      cases.size(), items->size()));
  }
  for (const StoredItem& stored : *items) {
    const std::vector<std::string> got = numbers_of(to_naive(stored));
    const auto it =
        std::find_if(cases.begin(), cases.end(), [&](const auto& c) { return c.second == got[0]; });
    if (it == cases.end()) {
      return Outcome::fails(
          fmt::format("the sort key came back as {}, which is no spelling "
                      "DynamoDB returns for the numbers written",
                      got[0]));
    }
    static const char* const kWhere[] = {"the sort key", "a top-level value", "a list element",
                                         "a map value"};
    for (std::size_t i = 1; i < got.size(); ++i) {
      if (got[i] != it->second) {
        return Outcome::fails(
            fmt::format("{} written as {} came back as \"{}\", DynamoDB "
                        "returns {}",
                        kWhere[i], it->first, got[i], it->second));
      }
    }
  }
  return Outcome::holds();
}

namespace {

QuerySpec without_filter(QuerySpec q) {
  q.filter.reset();
  return q;
}

// A valid key value of type `t`.
NValue some_key(T t) { return t == T::S ? str("a") : scalar(t, t == T::N ? "1" : "\x01"); }

// A value of another scalar type than `t`.
NValue other_type(T t) { return t == T::S ? scalar(T::N, "1") : str("x"); }

// A valid key value of type `t` different from `v`.
NValue different(const NValue& v) {
  if (v.t != T::N) return scalar(v.t, v.s + "z");
  return scalar(T::N, oracle::naive_number_compare(v.s, "1") == 0 ? "2" : "1");
}

bool has_sort_condition(const NKeyCond& k) {
  return !k.sort_eq.empty() || k.op != NKeyCond::Op::kNone;
}

// The valid request without its sort-key condition and filter, with a
// clause appended (and its names and values).
PlantedRequest appended(const NSchema& schema, QuerySpec q, const std::string& clause,
                        const std::map<std::string, std::string>& names,
                        const std::map<std::string, NValue>& values) {
  q.filter.reset();
  q.key.sort_eq.clear();
  q.key.op = NKeyCond::Op::kNone;
  PlantedRequest p{render_query(schema, q), "", ""};
  p.request.key_condition += " AND " + clause;
  for (const auto& [k, v] : names) p.request.attributes.names[k] = v;
  for (const auto& [k, v] : values) p.request.attributes.values[k] = to_engine(v);
  return p;
}

// Faults 12 and 13: a start key in another partition, or in the partition
// but outside the sort-key condition. Empty `want` when no entry to start from.
PlantedRequest start_key_fault(const oracle::NaiveTable& model, const QuerySpec& valid,
                               bool other_partition) {
  const std::vector<NKey> pk = model.partition_of(valid.index);
  const std::vector<NKey> sk = model.sort_of(valid.index);
  const std::vector<NItem> entries = model.entries(valid.index);
  PlantedRequest p;
  if (entries.empty() || (valid.index.empty() && sk.empty())) return p;
  const NItem& entry = entries[valid.style % entries.size()];
  NItem key = model.key_of(valid.index, entry);
  QuerySpec q = valid;
  q.filter.reset();
  if (other_partition) {
    for (auto& [name, v] : key) {
      if (name == pk[0].name) v = different(valid.key.partition[0]);
    }
    p.want = has_sort_condition(q.key)
                 ? "The query can return at most one row and cannot be restarted"
                 : "The provided starting key is outside query boundaries based on provided "
                   "conditions";
    p.fault = has_sort_condition(q.key) ? "a start key in another partition, a sort condition"
                                        : "a start key in another partition";
  } else {
    if (sk.size() != 1) return p;
    q.key.partition.clear();
    for (const NKey& k : pk) q.key.partition.push_back(*oracle::naive_get(entry, k.name));
    q.key.sort_eq.clear();
    q.key.op = valid.style % 2 == 0 ? NKeyCond::Op::kGt : NKeyCond::Op::kLt;
    q.key.a = *oracle::naive_get(entry, sk[0].name);
    p.want = "The provided starting key does not match the range key predicate";
    p.fault = "a start key outside the sort-key condition";
  }
  p.request = render_query(model.schema(), q);
  p.request.exclusive_start_key = to_engine(key);
  return p;
}

std::string invalid_key_condition(const std::string& why) {
  return "Invalid KeyConditionExpression: " + why;
}

// Faults 0, 7, 9 and 10: a key condition written in place of the valid
// one: none on the partition key, an undefined value, `!=`, or empty. Empty
// `want` when the target has no sort key (fault 0).
PlantedRequest written_key_condition_fault(const QuerySpec& valid, const std::vector<NKey>& pk,
                                           const std::vector<NKey>& sk, int fault) {
  PlantedRequest p;
  p.request.index_name = valid.index;
  switch (fault) {
    case 0:
      if (sk.empty()) return PlantedRequest{};
      p.request.key_condition = "#s = :s";
      p.request.attributes.names = {{"#s", sk[0].name}};
      p.request.attributes.values = {{":s", to_engine(some_key(sk[0].type))}};
      p.want = "Query condition missed key schema element: " + pk[0].name;
      p.fault = "no partition-key condition";
      return p;
    case 7:
      p.request.key_condition = "#k = :nobody";
      p.request.attributes.names = {{"#k", pk[0].name}};
      p.want = invalid_key_condition(
          "An expression attribute value used in expression is not defined; attribute "
          "value: :nobody");
      p.fault = "an undefined value in a key condition";
      return p;
    case 9:
      p.request.key_condition = "#k != :a";
      p.request.attributes.names = {{"#k", pk[0].name}};
      p.request.attributes.values = {{":a", to_engine(valid.key.partition[0])}};
      p.want = invalid_key_condition("Syntax error; token: \"!\"");
      p.fault = "!= in a key condition";
      return p;
    default:
      p.request.key_condition = valid.style % 2 == 0 ? "" : " ";
      p.want = invalid_key_condition("The expression can not be empty;");
      p.fault = "an empty key condition";
      return p;
  }
}

// Faults 1, 3, 11 and 14: a clause on the sort key appended to the valid
// request: a third condition, begins_with on a Number, BETWEEN bounds of two
// types, two pairs of redundant parentheses. Empty `want` when the target's
// sort key cannot carry the fault.
PlantedRequest sort_key_clause_fault(const NSchema& s, const QuerySpec& valid,
                                     const std::vector<NKey>& pk, const std::vector<NKey>& sk,
                                     int fault) {
  PlantedRequest p;
  switch (fault) {
    case 1:
      if (pk.size() != 1 || sk.size() != 1) return p;
      p = appended(s, valid, "#s > :lo AND #s < :hi", {{"#s", sk[0].name}},
                   {{":lo", some_key(sk[0].type)}, {":hi", some_key(sk[0].type)}});
      p.want = "Conditions can be of length 1 or 2 only";
      p.fault = "three conditions";
      return p;
    case 3:
      if (sk.size() != 1 || sk.back().type != T::N) return p;
      p = appended(s, valid, "begins_with(#s, :n)", {{"#s", sk[0].name}},
                   {{":n", scalar(T::N, "1")}});
      p.want = invalid_key_condition(
          "Incorrect operand type for operator or function; operator or function: "
          "begins_with, operand type: N");
      p.fault = "begins_with on a Number sort key";
      return p;
    case 11:
      if (sk.empty()) return p;
      p = appended(s, valid, "#s BETWEEN :lo AND :hi", {{"#s", sk[0].name}},
                   {{":lo", some_key(sk[0].type)}, {":hi", other_type(sk[0].type)}});
      p.want = invalid_key_condition(
          "The BETWEEN operator requires same data type for lower and upper bounds");
      p.fault = "key BETWEEN bounds of two types";
      return p;
    default:
      // Two pairs of redundant parentheses around the whole condition or one clause.
      if (valid.style % 2 == 0 || sk.empty()) {
        p = PlantedRequest{render_query(s, without_filter(valid)), "", ""};
        p.request.key_condition = "((" + p.request.key_condition + "))";
      } else {
        p = appended(s, valid, "((#s > :lo))", {{"#s", sk[0].name}},
                     {{":lo", some_key(sk[0].type)}});
      }
      p.want = invalid_key_condition(
          "KeyConditionExpressions allow at most one pair of redundant parentheses");
      p.fault = "two pairs of redundant parentheses";
      return p;
  }
}

// Faults 4, 5, 6 and 15: a clause no key condition takes, appended to the
// valid request: size(), a nested path, a non-key attribute, attribute_type.
// Every target carries them.
PlantedRequest refused_clause_fault(const NSchema& s, const QuerySpec& valid,
                                    const std::vector<NKey>& sk, int fault) {
  PlantedRequest p;
  switch (fault) {
    case 4:
      p = appended(s, valid, "size(x) > :n", {}, {{":n", scalar(T::N, "1")}});
      p.want = invalid_key_condition("KeyConditionExpressions cannot contain nested operations");
      p.fault = "size() in a key condition";
      return p;
    case 5:
      p = appended(s, valid, "x.y = :n", {}, {{":n", str("a")}});
      p.want = invalid_key_condition(
          "KeyConditionExpressions cannot have conditions on nested attributes");
      p.fault = "a nested path in a key condition";
      return p;
    case 6:
      p = appended(s, valid, "x < :n", {}, {{":n", str("a")}});
      p.want = sk.empty() ? "Query key condition not supported"
                          : "Query condition missed key schema element: " + sk[0].name;
      p.fault = "a condition on a non-key attribute";
      return p;
    default:
      p = appended(s, valid, "attribute_type(x, :t)", {}, {{":t", str("S")}});
      p.want =
          invalid_key_condition("Invalid operator used in KeyConditionExpression: attribute_type");
      p.fault = "attribute_type in a key condition";
      return p;
  }
}

// Fault 16: a table key that is not a key of the queried index, in the
// index's key condition. Empty `want` on the table, or when every table key
// is a key of the index.
PlantedRequest non_index_key_fault(const NSchema& s, const QuerySpec& valid,
                                   const std::vector<NKey>& pk, const std::vector<NKey>& sk) {
  const NKey* base = nullptr;
  for (const NKey* k : {&s.pk, s.sk ? &*s.sk : nullptr}) {
    if (k == nullptr || valid.index.empty()) continue;
    bool in_index = false;
    for (const NKey& i : pk) in_index = in_index || i.name == k->name;
    for (const NKey& i : sk) in_index = in_index || i.name == k->name;
    if (!in_index) base = k;
  }
  if (base == nullptr) return PlantedRequest{};
  PlantedRequest p =
      appended(s, valid, "#b = :b", {{"#b", base->name}}, {{":b", some_key(base->type)}});
  p.want = sk.empty() ? "Query key condition not supported"
                      : "Query condition missed key schema element: " + sk[0].name;
  p.fault = "a table key that is no index key in an index's key condition";
  return p;
}

// Fault 8: the valid request with a name no expression uses.
PlantedRequest unused_name_fault(const NSchema& s, const QuerySpec& valid) {
  PlantedRequest p;
  p.request = render_query(s, without_filter(valid));
  p.request.attributes.names["#unused"] = "x";
  p.want = "Value provided in ExpressionAttributeNames unused in expressions: keys: {#unused}";
  p.fault = "an unused name";
  return p;
}

// Fault 2, the one every target carries: a partition-key value of the
// wrong type.
PlantedRequest wrong_type_fault(const NSchema& s, const QuerySpec& valid,
                                const std::vector<NKey>& pk) {
  QuerySpec q = valid;
  q.filter.reset();
  q.key.partition[0] = other_type(pk[0].type);
  PlantedRequest p{render_query(s, q), "", ""};
  p.want =
      "One or more parameter values were invalid: Condition parameter type does not match schema "
      "type";
  p.fault = "a partition-key value of the wrong type";
  return p;
}

}  // namespace

PlantedRequest plant_reference_fault(const oracle::NaiveTable& model, const QuerySpec& valid,
                                     int fault) {
  const NSchema& s = model.schema();
  const std::vector<NKey> pk = model.partition_of(valid.index);
  const std::vector<NKey> sk = model.sort_of(valid.index);
  // Each family answers an empty `want` for a fault the target cannot carry.
  PlantedRequest p;
  switch (fault) {
    case 0:
    case 7:
    case 9:
    case 10:
      p = written_key_condition_fault(valid, pk, sk, fault);
      break;
    case 1:
    case 3:
    case 11:
    case 14:
      p = sort_key_clause_fault(s, valid, pk, sk, fault);
      break;
    case 4:
    case 5:
    case 6:
    case 15:
      p = refused_clause_fault(s, valid, sk, fault);
      break;
    case 8:
      p = unused_name_fault(s, valid);
      break;
    case 12:
    case 13:
      p = start_key_fault(model, valid, fault == 12);
      break;
    case 16:
      p = non_index_key_fault(s, valid, pk, sk);
      break;
    default:
      break;
  }
  return p.want.empty() ? wrong_type_fault(s, valid, pk) : p;
}

Outcome rejects_reference_fault(const oracle::NaiveTable& model, const Table& table,
                                const QuerySpec& valid, int fault) {
  const PlantedRequest p = plant_reference_fault(model, valid, fault);
  auto page = table.query(p.request);
  if (page) {
    return Outcome::fails(fmt::format("{} ({}): accepted; DynamoDB rejects it with \"{}\"",
                                      show_request(p.request), p.fault, p.want));
  }
  if (page.error().message.find(p.want) == std::string::npos) {
    return Outcome::fails(
        fmt::format("{} ({}): rejected with \"{}\", expected a message with "
                    "\"{}\"",
                    show_request(p.request), p.fault, page.error().message, p.want));
  }
  return Outcome::holds();
}

namespace {

oracle::NOperand path_a() {
  oracle::NOperand o;
  o.kind = oracle::NOperand::Kind::kPath;
  o.path = {oracle::NStep{false, "a", 0}};
  return o;
}

oracle::NOperand constant(NValue v) {
  oracle::NOperand o;
  o.value = std::move(v);
  return o;
}

oracle::NCond on_a(oracle::NCond::Op op, std::vector<NValue> values, bool size = false) {
  oracle::NCond c;
  c.op = op;
  c.args = {path_a()};
  if (size) c.args[0].kind = oracle::NOperand::Kind::kSize;
  for (NValue& v : values) c.args.push_back(constant(std::move(v)));
  return c;
}

NValue num(std::string s) { return scalar(T::N, std::move(s)); }
NValue bin(std::string s) { return scalar(T::B, std::move(s)); }

NValue set_of(T t, std::vector<std::string> elements) {
  NValue v;
  v.t = t;
  v.set = std::move(elements);
  return v;
}

NValue list_of(std::vector<NValue> elements) {
  NValue v;
  v.t = T::L;
  v.list = std::move(elements);
  return v;
}

NValue map_of(std::vector<oracle::NField> fields) {
  NValue v;
  v.t = T::M;
  v.map = std::move(fields);
  return v;
}

NValue boolean(bool b) {
  NValue v;
  v.t = T::BOOL;
  v.b = b;
  return v;
}

}  // namespace

const std::vector<FilterCase>& reference_filter_cases() {
  using Op = oracle::NCond::Op;
  static const std::vector<FilterCase> cases = {
      {"= is false across types", num("3"), on_a(Op::kEq, {str("3")}), false},
      {"<> is true across types", num("3"), on_a(Op::kNe, {str("3")}), true},
      {"<> is true for a missing attribute", std::nullopt, on_a(Op::kNe, {num("3")}), true},
      {"numbers compare by value (3 = 3.00)", num("3"), on_a(Op::kEq, {num("3.00")}), true},
      {"< against another type is false", str("x"), on_a(Op::kLt, {num("3")}), false},
      {"<= against a list is false", list_of({num("1")}), on_a(Op::kLe, {num("3")}), false},
      {"> of a missing attribute is false", std::nullopt, on_a(Op::kGt, {num("3")}), false},
      {"BETWEEN against another type is false", str("x"), on_a(Op::kBetween, {num("1"), num("5")}),
       false},
      {"BETWEEN of a missing attribute is false", std::nullopt,
       on_a(Op::kBetween, {num("1"), num("5")}), false},
      {"BETWEEN is inclusive", num("5"), on_a(Op::kBetween, {num("1"), num("5")}), true},
      {"S order is UTF-8 bytes in filters (U+1F600 > U+FF5E)", str("\xF0\x9F\x98\x80"),
       on_a(Op::kGt, {str("\xEF\xBD\x9E")}), true},
      {"B order is unsigned in filters (0x80 > 0x7f)", bin("\x80"), on_a(Op::kGt, {bin("\x7f")}),
       true},
      {"contains is a substring of an S", str("hello"), on_a(Op::kContains, {str("ell")}), true},
      {"contains is a byte substring of a B", bin("\x01\x02\x03"),
       on_a(Op::kContains, {bin("\x02\x03")}), true},
      {"contains is membership of an SS", set_of(T::SS, {"a", "b"}),
       on_a(Op::kContains, {str("b")}), true},
      {"contains is membership of an NS, by value", set_of(T::NS, {"1", "2"}),
       on_a(Op::kContains, {num("2.0")}), true},
      {"contains is membership of a BS", set_of(T::BS, {"\x01", "\xff"}),
       on_a(Op::kContains, {bin("\xff")}), true},
      {"contains is membership of an L", list_of({str("x"), num("1")}),
       on_a(Op::kContains, {num("1")}), true},
      {"a set is not a member of itself", set_of(T::SS, {"a"}),
       on_a(Op::kContains, {set_of(T::SS, {"a"})}), false},
      {"contains never matches a map", map_of({oracle::NField("b", str("x"))}),
       on_a(Op::kContains, {str("x")}), false},
      {"contains never matches a BOOL", boolean(true), on_a(Op::kContains, {boolean(true)}), false},
      {"begins_with of an S", str("hello"), on_a(Op::kBeginsWith, {str("he")}), true},
      {"begins_with of a B, unsigned bytes", bin("\x80\x01"), on_a(Op::kBeginsWith, {bin("\x80")}),
       true},
      {"begins_with of a B is a byte prefix", bin("\x7f\x01"), on_a(Op::kBeginsWith, {bin("\x80")}),
       false},
      {"size of an S is its length", str("hello"), on_a(Op::kEq, {num("5")}, true), true},
      {"size of a B is its byte count", bin(std::string("\x00\x01\x02", 3)),
       on_a(Op::kEq, {num("3")}, true), true},
      {"size of an L is its element count", list_of({num("1"), str("x")}),
       on_a(Op::kEq, {num("2")}, true), true},
      {"size of an M is its element count",
       map_of({oracle::NField("b", str("x")), oracle::NField("c", num("1"))}),
       on_a(Op::kEq, {num("2")}, true), true},
      {"size of a set is its element count", set_of(T::NS, {"1", "2", "3"}),
       on_a(Op::kEq, {num("3")}, true), true},
      {"size of an N has no value", num("12345"), on_a(Op::kGe, {num("0")}, true), false},
      {"size of a BOOL has no value", boolean(false), on_a(Op::kGe, {num("0")}, true), false},
  };
  return cases;
}

Outcome reference_filter_holds(const FilterCase& c, std::uint64_t style) {
  NSchema schema;
  schema.pk = {"id", T::S};
  auto table = Table::create(to_engine(schema));
  if (!table) return Outcome::fails("the table: " + describe(table.error()));
  NItem item = {{"id", str("1")}};
  if (c.a) item.emplace_back("a", *c.a);
  if (auto ok = table->put(to_engine(item)); !ok)
    return Outcome::fails("the engine refuses " + oracle::naive_show(item) + ": " +
                          describe(ok.error()));
  if (oracle::naive_eval(c.filter, item) != c.keeps) {
    return Outcome::fails(fmt::format("{}: the oracle {} {} by {}", c.rule,
                                      c.keeps ? "drops" : "keeps", oracle::naive_show(item),
                                      oracle::naive_show(c.filter)));
  }
  ScanRequest r;
  r.filter = render_filter(c.filter, style, r.attributes);
  auto page = table->scan(r);
  if (!page) return Outcome::fails(show_request(r) + ": rejected: " + describe(page.error()));
  if ((page->count == 1) != c.keeps) {
    return Outcome::fails(fmt::format("{}: the engine {} {} ({})", c.rule,
                                      c.keeps ? "drops" : "keeps", oracle::naive_show(item),
                                      show_request(r)));
  }
  return Outcome::holds();
}

const std::vector<WriteCase>& reference_write_cases() {
  static const std::vector<WriteCase> cases = [] {
    const std::string hashkey =
        "One or more parameter values were invalid: Size of hashkey has exceeded the maximum "
        "size limit of2048 bytes";
    const std::string rangekey =
        "One or more parameter values were invalid: Aggregated size of all range keys has "
        "exceeded the size limit of 1024 bytes";
    const std::string empty =
        "One or more parameter values are not valid. The AttributeValue for a key attribute "
        "cannot contain an empty ";
    const std::string multibyte = "\xC3\xA9";  // 2 bytes
    std::vector<WriteCase> out = {
        {"a partition key of 2049 ASCII bytes", str(std::string(2049, 'p')), str("s"), 0, hashkey},
        {"a partition key of 2049 bytes of 2-byte characters", str(""), str("s"), 0, hashkey},
        {"a sort key of 1025 ASCII bytes", str("p"), str(std::string(1025, 's')), 0, rangekey},
        {"a sort key of 1025 raw bytes", str("p"), bin(std::string(1025, '\x80')), 0, rangekey},
        {"an empty partition key", str(""), str("s"), 0, empty + "string value. Key: pk"},
        {"an empty binary sort key", str("p"), bin(""), 0, empty + "binary value. Key: sk"},
        {"an item of 409,601 bytes", str("p"), str("s"), 409601,
         "Item size has exceeded the maximum allowed size"},
    };
    // 1024 two-byte characters and one byte: 2049 bytes, 1025 characters.
    std::string text;
    for (int i = 0; i < 1024; ++i) text += multibyte;
    out[1].pk = str(text + "p");
    return out;
  }();
  return cases;
}

Outcome reference_write_refused(const WriteCase& c) {
  NSchema schema;
  schema.pk = {"pk", T::S};
  schema.sk = NKey{"sk", c.sk.t};
  auto table = Table::create(to_engine(schema));
  if (!table) return Outcome::fails("the table: " + describe(table.error()));
  NItem item = {{"pk", c.pk}, {"sk", c.sk}};
  if (c.item_bytes > 0) {
    // "blob" (4 bytes) and its value make up the rest.
    const std::size_t base = oracle::naive_item_size(item) + 4;
    item.emplace_back("blob", str(std::string(c.item_bytes - base, 'x')));
  }
  oracle::NaiveTable model(schema);
  if (model.can_put(item))
    return Outcome::fails(c.rule + ": the oracle accepts the item; DynamoDB refuses it");
  auto got = table->put(to_engine(item));
  if (got) return Outcome::fails(c.rule + ": the engine stores the item; DynamoDB refuses it");
  if (got.error().message.find(c.want) == std::string::npos) {
    return Outcome::fails(fmt::format("{}: refused with \"{}\", DynamoDB's message is \"{}\"",
                                      c.rule, got.error().message, c.want));
  }
  return Outcome::holds();
}

Outcome reference_filter_beyond_projection(const std::vector<bool>& flags) {
  NSchema schema;
  schema.pk = {"pk", T::S};
  schema.sk = NKey{"sk", T::N};
  auto table = Table::create(to_engine(schema));
  if (!table) return Outcome::fails("the table: " + describe(table.error()));
  std::vector<NItem> want;
  for (std::size_t i = 0; i < flags.size(); ++i) {
    const NItem item = {{"pk", str("p")},
                        {"sk", num(std::to_string(i))},
                        {"x", boolean(flags[i])},
                        {"y", str("y" + std::to_string(i))}};
    if (auto ok = table->put(to_engine(item)); !ok)
      return Outcome::fails("the engine refuses " + oracle::naive_show(item));
    if (flags[i]) want.push_back(oracle::naive_project(item, {{oracle::NStep{false, "y", 0}}}));
  }
  QueryRequest r;
  r.key_condition = "pk = :p";
  r.filter = "x = :t";
  r.projection = "y";
  r.attributes.values = {{":p", to_engine(str("p"))}, {":t", to_engine(boolean(true))}};
  auto items = read_all(r, [&](const QueryRequest& req) { return table->query(req); });
  if (!items) return Outcome::fails(show_request(r) + ": rejected: " + describe(items.error()));
  const std::vector<NItem> got = query_internal::to_naive_all(*items);
  bool same = got.size() == want.size();
  for (std::size_t i = 0; same && i < got.size(); ++i)
    same = oracle::naive_items_equal(got[i], want[i]);
  if (!same) {
    std::string shown;
    for (const NItem& i : got) shown += oracle::naive_show(i) + " ";
    return Outcome::fails(
        fmt::format("{}: {} items ({}), DynamoDB returns the {} items whose x "
                    "is true, projected to y",
                    show_request(r), got.size(), shown, want.size()));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
