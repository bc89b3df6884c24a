// The endpoint's generators (generators.h): tables, items, requests and
// the rewrite of Numbers, drawn with RapidCheck inside a property.

#include "certify/endpoint/generators.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <string>

#include "properties/gen/query_gen.h"
#include "properties/gen/transaction_gen.h"
#include "properties/gen/update_gen.h"
#include "properties/gen/write_gen.h"
#include "sortkey/composite.h"
#include "sortkey/inverse.h"
#include "sortkey/ksuid.h"
#include "sortkey/name.h"
#include "sortkey/padded.h"
#include "sortkey/timestamp.h"
#include "sortkey/ulid.h"

namespace sortkey::certify::endpoint {

using oracle::NIndex;
using oracle::NItem;
using oracle::NKey;
using oracle::NKeyCond;
using oracle::NSchema;
using oracle::NValue;
using T = NValue::T;

namespace {

// A String value.
NValue str(std::string s) {
  NValue v;
  v.t = T::S;
  v.s = std::move(s);
  return v;
}

}  // namespace

// ---------------------------------------------------------------- table shapes

// Creating a table per case would take minutes on DynamoDB itself, hence
// fixed shapes. Multi-attribute GSI keys (November 2025) are left out: no
// emulator implements them yet.
const std::vector<NSchema>& table_shapes() {
  static const std::vector<NSchema> all = [] {
    std::vector<NSchema> s(4);
    s[0].pk = {"pk", T::S};
    s[0].sk = NKey{"sk", T::S};
    s[0].indexes = {{"gsi1", {{"g1", T::S}}, {{"g2", T::N}}, NIndex::Projection::kAll, {}},
                    {"gsi2", {{"Status", T::S}}, {}, NIndex::Projection::kKeysOnly, {}}};
    s[1].pk = {"pk", T::N};
    s[1].sk = NKey{"sk", T::N};
    s[1].indexes = {
        {"gsi1", {{"g1", T::B}}, {{"sk", T::N}}, NIndex::Projection::kInclude, {"x", "Size"}}};
    s[2].pk = {"pk", T::B};
    s[2].sk = NKey{"sk", T::B};
    s[2].indexes = {{"gsi1", {{"g2", T::S}}, {{"Date", T::S}}, NIndex::Projection::kAll, {}},
                    {"gsi2", {{"g 5", T::N}}, {{"pk", T::B}}, NIndex::Projection::kAll, {}}};
    s[3].pk = {"pk", T::S};
    s[3].indexes = {{"gsi1", {{"g1", T::N}}, {{"pk", T::S}}, NIndex::Projection::kAll, {}}};
    return s;
  }();
  return all;
}

// Local indexes beside global ones, each sparse: S and B partitions, N and S
// sort keys; KEYS_ONLY, INCLUDE and ALL projections (a read of a local
// index that asks for more than it projects fetches from the table), a
// reserved word as a sort attribute, and an index on the table's own sort
// key's neighbour type.
const std::vector<NSchema>& local_index_shapes() {
  static const std::vector<NSchema> all = [] {
    std::vector<NSchema> s(2);
    s[0].pk = {"pk", T::S};
    s[0].sk = NKey{"sk", T::N};
    s[0].indexes = {{"gsi1", {{"g1", T::S}}, {{"Date", T::S}}, NIndex::Projection::kAll, {}},
                    {"lsi1", {{"pk", T::S}}, {{"Date", T::S}}, NIndex::Projection::kKeysOnly, {}},
                    {"lsi2", {{"pk", T::S}}, {{"g2", T::N}}, NIndex::Projection::kInclude, {"x"}}};
    s[0].indexes[1].local = true;
    s[0].indexes[2].local = true;
    s[1].pk = {"pk", T::B};
    s[1].sk = NKey{"sk", T::S};
    s[1].indexes = {{"lsi1", {{"pk", T::B}}, {{"Size", T::N}}, NIndex::Projection::kAll, {}},
                    {"lsi2", {{"pk", T::B}}, {{"g1", T::B}}, NIndex::Projection::kKeysOnly, {}}};
    s[1].indexes[0].local = true;
    s[1].indexes[1].local = true;
    return s;
  }();
  return all;
}

const NSchema& shape_schema(int shape) {
  if (shape < 0) return strategy_schema();
  if (shape >= kLocalShapes)
    return local_index_shapes().at(static_cast<std::size_t>(shape - kLocalShapes));
  return table_shapes().at(static_cast<std::size_t>(shape));
}

// The guides' layout (examples/orders.yaml): one table, a sparse index for STATUS#DATE.
const NSchema& strategy_schema() {
  static const NSchema s = [] {
    NSchema t;
    t.pk = {"PK", T::S};
    t.sk = NKey{"SK", T::S};
    t.indexes = {{"GSI1", {{"GSI1PK", T::S}}, {{"GSI1SK", T::S}}, NIndex::Projection::kAll, {}}};
    return t;
  }();
  return s;
}

oracle::NaiveTable predicted(const NSchema& schema, const std::vector<NItem>& items) {
  oracle::NaiveTable m(schema);
  for (const NItem& i : items) m.put(i);
  return m;
}

// ---------------------------------------------------------------- Queries and Scans

props::QuerySpec gen_query_spec(const oracle::NaiveTable& m) {
  props::QuerySpec q;
  q.index = *props::gen_target(m.schema());
  q.key = *props::gen_key_condition(m, q.index);
  if (props::chance(40)) q.filter = *props::gen_filter(m, q.index, false);
  q.forward = *rc::gen::arbitrary<bool>();
  if (props::chance(60)) {
    // Now and then exactly the size of the range: the page that reads the
    // last item may or may not carry a LastEvaluatedKey.
    const auto n = m.key_range(q.index, q.key, q.forward).size();
    q.limit = n > 0 && props::chance(25) ? static_cast<int>(n) : *rc::gen::element(1, 1, 2, 3, 5);
  }
  q.count_only = props::chance(10);
  q.consistent = q.index.empty() && *rc::gen::arbitrary<bool>();
  q.style = *rc::gen::arbitrary<std::uint64_t>();
  q.resume_at = props::uniform_index(100);
  return q;
}

props::ScanSpec gen_scan_spec(const oracle::NaiveTable& m) {
  props::ScanSpec s;
  s.index = *props::gen_target(m.schema());
  if (props::chance(50)) s.filter = *props::gen_filter(m, s.index, true);
  if (props::chance(60)) s.limit = *rc::gen::element(1, 2, 3, 7);
  s.count_only = props::chance(10);
  s.consistent = s.index.empty() && *rc::gen::arbitrary<bool>();
  s.style = *rc::gen::arbitrary<std::uint64_t>();
  return s;
}

// ---------------------------------------------------------------- key strategies

namespace {

// One sort key built with a codec, and a label for begins_with prefixes.
struct StrategyKey {
  std::string sk;
  std::string prefix;  // the strategy's fixed prefix ("READING#", "EVT#", ...)
};

StrategyKey gen_strategy_key(int strategy) {
  switch (strategy) {
    case 0: {  // zero-padded readings
      const auto n = *rc::gen::inRange<unsigned>(0, 100000);
      return {"READING#" + *encode_padded(n, 5), "READING#"};
    }
    case 1: {  // inverse: newest first when read forward
      const auto n = *rc::gen::inRange<unsigned>(0, 100000);
      return {"INV#" + *encode_inverse(n, 5), "INV#"};
    }
    case 2: {  // ISO-8601 events with a sequence for uniqueness
      const Instant t{
          *rc::gen::inRange<std::int64_t>(1782172800 - 86400 * 3, 1782172800 + 86400 * 3),
          *rc::gen::element<std::uint32_t>(0, 1000000, 999000000)};
      return {fmt::format("EVT#{}#{:03}", *encode_timestamp(t, 3), *rc::gen::inRange(0, 4)),
              "EVT#"};
    }
    case 3: {  // composite hierarchies; segments over full Unicode
      Path path = {"EVENT", *rc::gen::element<std::string>("2026-06", "2026-07", "2026-06#x")};
      path.push_back(*props::gen_unicode(3));
      auto key = encode_composite(path);
      if (!key) return {"EVENT#fallback", "EVENT#"};
      return {*key, "EVENT#"};
    }
    case 4: {  // KSUID
      Ksuid::Payload payload{};
      for (auto& b : payload)
        b = static_cast<std::uint8_t>(*rc::gen::element(0, 1, 0x7f, 0x80, 0xff));
      auto id = make_ksuid(
          *rc::gen::inRange<std::int64_t>(kKsuidMinUnix, kKsuidMinUnix + 400000000), payload);
      return {"K#" + encode_ksuid(*id), "K#"};
    }
    case 5: {  // ULID
      Ulid::Entropy entropy{};
      for (auto& b : entropy)
        b = static_cast<std::uint8_t>(*rc::gen::element(0, 1, 0x7f, 0x80, 0xff));
      auto id = make_ulid(*rc::gen::inRange<std::int64_t>(0, 1LL << 47), entropy);
      return {"U#" + encode_ulid(*id), "U#"};
    }
    default: {  // case-normalized names (DeBrie before Dean otherwise)
      auto name = normalize_name(
          *rc::gen::element<std::string>("DeBrie", "Dean", "dern", "Ærø", "straße", "ΟΔΟΣ"),
          CaseMode::kUpper);
      return {"USER#" + name.value_or(std::string("X")), "USER#"};
    }
  }
}

const std::vector<std::string>& statuses() {
  static const std::vector<std::string> s = {"PLACED", "SHIPPED", "CANCELLED", "PLACED_LATE"};
  return s;
}

}  // namespace

// Items of the seed layouts: collections of one to three partitions, each
// holding keys of one or two strategies; orders carry STATUS#DATE in the
// sparse index, other items do not.
std::vector<NItem> gen_strategy_items() {
  const int n = *rc::gen::inRange(0, 25);
  std::vector<NItem> items;
  for (int i = 0; i < n; ++i) {
    const int strategy = *rc::gen::inRange(0, 7);
    const StrategyKey key = gen_strategy_key(strategy);
    NItem item = {{"PK", str(fmt::format("COLL#{}", *rc::gen::inRange(0, 3)))},
                  {"SK", str(key.sk)}};
    if (props::chance(40)) {
      const std::string date =
          fmt::format("2026-{:02}-{:02}", *rc::gen::inRange(5, 8), *rc::gen::element(1, 2, 15, 30));
      item.emplace_back("GSI1PK", str(fmt::format("CUST#{}", *rc::gen::inRange(0, 2))));
      item.emplace_back("GSI1SK", str(*rc::gen::elementOf(statuses()) + "#" + date));
    }
    items.push_back(std::move(item));
  }
  return items;
}

// Key conditions from the codecs: the strategy's prefix, a longer prefix of
// an existing key, BETWEEN two codec keys, STATUS# and STATUS#DATE windows on
// the index; otherwise the generic generator (values from existing keys).
props::QuerySpec gen_strategy_query(const oracle::NaiveTable& m) {
  props::QuerySpec q;
  q.index = props::chance(30) ? "GSI1" : "";
  const int shape = *rc::gen::inRange(0, 4);
  if (shape == 0) {
    q.key = *props::gen_key_condition(m, q.index);
  } else if (q.index.empty()) {
    q.key.partition = {str(fmt::format("COLL#{}", *rc::gen::inRange(0, 3)))};
    const int strategy = *rc::gen::inRange(0, 7);
    const StrategyKey a = gen_strategy_key(strategy);
    if (shape == 1) {
      q.key.op = NKeyCond::Op::kBeginsWith;
      // A longer prefix, cut between code points: a cut inside one would be
      // invalid UTF-8, which no valid request holds.
      std::size_t cut = a.prefix.size() + props::uniform_index(6) + 1;
      while (cut < a.sk.size() && (static_cast<unsigned char>(a.sk[cut]) & 0xC0) == 0x80) ++cut;
      q.key.a = str(props::chance(50) ? a.prefix : a.sk.substr(0, cut));
    } else {
      const StrategyKey b = gen_strategy_key(strategy);
      q.key.op = shape == 2 ? NKeyCond::Op::kBetween
                            : *rc::gen::element(NKeyCond::Op::kLe, NKeyCond::Op::kGe);
      q.key.a = str(std::min(a.sk, b.sk));
      q.key.b = str(std::max(a.sk, b.sk));
    }
  } else {
    q.key.partition = {str(fmt::format("CUST#{}", *rc::gen::inRange(0, 2)))};
    const std::string status = *rc::gen::elementOf(statuses());
    if (shape == 1) {
      q.key.op = NKeyCond::Op::kBeginsWith;
      q.key.a = str(status + "#");
    } else {
      q.key.op = NKeyCond::Op::kBetween;
      const std::string d1 = fmt::format("2026-{:02}-01", *rc::gen::inRange(5, 8));
      const std::string d2 = fmt::format("2026-{:02}-30", *rc::gen::inRange(5, 8));
      q.key.a = str(status + "#" + std::min(d1, d2));
      q.key.b = str(status + "#" + std::max(d1, d2));
    }
  }
  q.forward = *rc::gen::arbitrary<bool>();
  if (props::chance(60)) {
    const auto n = m.key_range(q.index, q.key, q.forward).size();
    q.limit = n > 0 && props::chance(30) ? static_cast<int>(n) : *rc::gen::element(1, 2, 10);
  }
  q.style = *rc::gen::arbitrary<std::uint64_t>();
  q.resume_at = props::uniform_index(100);
  return q;
}

// ---------------------------------------------------------------- numbers

namespace {

// A leading '+' taken off every Number: DynamoDB accepts "+3", but an
// endpoint that refuses it would refuse every request holding one and mask
// whatever else that request would show. It is tested by writes of its own
// (gen_plus_write).
void drop_number_plus(NValue& v) {
  if (v.t == T::N && !v.s.empty() && v.s.front() == '+') v.s.erase(0, 1);
  if (v.t == T::NS) {
    for (std::string& e : v.set) {
      if (!e.empty() && e.front() == '+') e.erase(0, 1);
    }
  }
  for (NValue& e : v.list) drop_number_plus(e);
  for (auto& f : v.map) drop_number_plus(f.second);
}

void drop_number_plus(NItem& item) {
  for (auto& [name, v] : item) drop_number_plus(v);
}

void drop_number_plus(oracle::NCond& c) {
  for (oracle::NOperand& o : c.args) drop_number_plus(o.value);
  for (oracle::NCond& k : c.kids) drop_number_plus(k);
}

}  // namespace

void drop_plus(props::QuerySpec& q) {
  for (NValue& v : q.key.partition) drop_number_plus(v);
  for (NValue& v : q.key.sort_eq) drop_number_plus(v);
  drop_number_plus(q.key.a);
  drop_number_plus(q.key.b);
  if (q.filter) drop_number_plus(*q.filter);
}

void drop_plus(props::ScanSpec& s) {
  if (s.filter) drop_number_plus(*s.filter);
}

void drop_plus(std::vector<props::WriteStep>& steps) {
  for (props::WriteStep& s : steps) {
    drop_number_plus(s.item);
    for (auto& [name, v] : s.set) drop_number_plus(v);
    for (NItem& p : s.puts) drop_number_plus(p);
    for (NItem& k : s.keys) drop_number_plus(k);
  }
}

void drop_plus(ExpressionWrite& w) {
  drop_number_plus(w.key);
  drop_number_plus(w.item);
  if (w.condition) drop_number_plus(*w.condition);
  if (!w.update) return;
  const std::function<void(oracle::NUpdOperand&)> operand = [&](oracle::NUpdOperand& o) {
    drop_number_plus(o.value);
    for (oracle::NUpdOperand& a : o.args) operand(a);
  };
  for (oracle::NUpdAction& a : w.update->actions) {
    drop_number_plus(a.constant);
    for (oracle::NUpdOperand& o : a.operands) operand(o);
  }
}

std::vector<NItem> gen_items(const NSchema& schema) {
  auto items =
      *rc::gen::resize(30, rc::gen::container<std::vector<NItem>>(props::gen_item(schema)));
  for (NItem& i : items) drop_number_plus(i);
  return items;
}

std::optional<NItem> gen_plus_write(const oracle::NaiveTable& after) {
  if (!props::chance(4)) return std::nullopt;
  NItem item = *props::gen_table_key(after);
  drop_number_plus(item);
  NValue n;
  n.t = T::N;
  n.s = *rc::gen::element<std::string>("+1", "+10", "+2.5", "+0", "+1e-130");
  item.emplace_back("x", n);
  return item;
}

// ---------------------------------------------------------------- requests DynamoDB refuses

namespace {

// The name of a refused filter's fault, for its signature.
const char* refused_fault(props::RefusedKind kind) {
  switch (kind) {
    case props::RefusedKind::kSameOperand:
      return "filter operands not distinct";
    case props::RefusedKind::kBetweenReversed:
      return "filter BETWEEN bounds reversed";
    case props::RefusedKind::kBetweenTypes:
      return "filter BETWEEN bounds of two types";
    case props::RefusedKind::kBeginsWithNumber:
      return "filter begins_with of a Number";
    case props::RefusedKind::kBadTypeName:
      return "filter attribute_type of an unknown type";
  }
  return "filter refused";
}

}  // namespace

int invalid_request_kinds() { return props::kInvalidRequestMutations + props::kRefusedKinds; }

props::PlantedRequest gen_invalid_request(const oracle::NaiveTable& m, std::optional<int> kind_of) {
  props::QuerySpec valid = gen_query_spec(m);
  drop_plus(valid);
  const int mutation =
      kind_of ? *kind_of : static_cast<int>(props::uniform_index(invalid_request_kinds()));
  if (mutation < props::kInvalidRequestMutations)
    return props::plant_invalid_request(m, valid, mutation);
  const auto kind = static_cast<props::RefusedKind>(mutation - props::kInvalidRequestMutations);
  valid.filter = *props::gen_refused_filter(m, valid.index, false, kind);
  drop_plus(valid);
  const std::string why = oracle::naive_refusal(*valid.filter);
  std::string fault = refused_fault(kind);
  // Operands that are not distinct: one fault per operator or function.
  if (const auto at = why.find("operator: ");
      kind == props::RefusedKind::kSameOperand && at != std::string::npos) {
    fault += ": " + why.substr(at + 10, why.find(',', at) - at - 10);
  }
  return {props::render_query(m.schema(), valid), why, fault};
}

// ---------------------------------------------------------------- partitions over 1 MB

std::vector<NItem> gen_large_items() {
  std::vector<NItem> items;
  const int n = *rc::gen::inRange(5, 8);
  for (int i = 0; i < n + 2; ++i) {
    const std::size_t size = *rc::gen::inRange<std::size_t>(200000, 400000);
    items.push_back({{"pk", str(i < n ? "big" : "small")},
                     {"sk", str(fmt::format("{:03}", *rc::gen::inRange(0, 1000)))},
                     {"blob", str(props::text_of_bytes(size, props::chance(30)))}});
  }
  return items;
}

props::QuerySpec gen_large_query() {
  props::QuerySpec q;
  q.key.partition = {str("big")};
  q.forward = *rc::gen::arbitrary<bool>();
  if (props::chance(50)) q.limit = *rc::gen::inRange(1, 6);
  q.consistent = *rc::gen::arbitrary<bool>();
  q.style = *rc::gen::arbitrary<std::uint64_t>();
  return q;
}

}  // namespace sortkey::certify::endpoint

namespace sortkey::certify::endpoint {

// ---------------------------------------------------------------- writes with expressions

namespace {

// The type of the index key attribute `name`, or nullopt when it keys no index.
std::optional<T> index_key_type(const NSchema& schema, const std::string& name) {
  for (const NIndex& i : schema.indexes) {
    for (const auto* side : {&i.pk, &i.sk}) {
      for (const NKey& k : *side) {
        if (k.name == name) return k.type;
      }
    }
  }
  return std::nullopt;
}

// Whether an action writes an index key attribute with a value of its
// type, or removes it: the item moves in, out or within the index.
bool keeps_index_type(const NSchema& schema, const oracle::NUpdAction& a) {
  const std::optional<T> t = index_key_type(schema, a.path.front().name);
  if (!t) return true;
  if (a.path.size() > 1) return false;
  switch (a.kind) {
    case oracle::NUpdAction::Kind::kRemove:
      return true;
    case oracle::NUpdAction::Kind::kAdd:
      return *t == T::N && a.constant.t == T::N;
    case oracle::NUpdAction::Kind::kDelete:
      return false;
    case oracle::NUpdAction::Kind::kSet:
      break;
  }
  for (const oracle::NUpdOperand& o : a.operands) {
    if (o.kind != oracle::NUpdOperand::Kind::kValue || o.value.t != *t) return false;
  }
  return a.op == 0 || *t == T::N;
}

// The update without the actions that would give an index key attribute a
// value of another type, or a path inside it: an item DynamoDB refuses for
// an index key of the wrong type is the writes' and the load's check
// (endpoint/writes, index_key_type), and emulators refuse such updates
// before the condition with messages naming both types, one signature per
// pair of types. nullopt when none is left.
std::optional<oracle::NUpdate> typed_index_keys(const NSchema& schema, oracle::NUpdate u) {
  std::erase_if(u.actions,
                [&](const oracle::NUpdAction& a) { return !keeps_index_type(schema, a); });
  if (u.actions.empty()) return std::nullopt;
  return u;
}

}  // namespace

ExpressionWrite gen_update_write(const oracle::NaiveTable& m) {
  const auto table = std::make_shared<const oracle::NaiveTable>(m);
  const oracle::NUpdateRequest r = *props::gen_update_request(table);
  ExpressionWrite w;
  w.key = r.key;
  if (r.update) w.update = typed_index_keys(m.schema(), *r.update);
  w.condition = r.condition;
  w.return_values = r.return_values;
  w.old_on_failure = r.old_on_failure;
  w.style = *rc::gen::arbitrary<std::uint64_t>();
  drop_plus(w);
  return w;
}

namespace {

// attribute_exists(<partition key>) or attribute_not_exists of it: the
// guides' conditions (create only, update only).
oracle::NCond key_exists(const NSchema& schema, bool exists) {
  oracle::NCond c;
  c.op = exists ? oracle::NCond::Op::kExists : oracle::NCond::Op::kNotExists;
  oracle::NOperand path;
  path.kind = oracle::NOperand::Kind::kPath;
  path.path = {oracle::NStep{false, schema.pk.name, 0}};
  c.args = {path};
  return c;
}

}  // namespace

ExpressionWrite gen_conditional_write(const oracle::NaiveTable& m) {
  const auto table = std::make_shared<const oracle::NaiveTable>(m);
  const NSchema& schema = m.schema();
  ExpressionWrite w;
  w.kind = *rc::gen::element(ExpressionWrite::Kind::kPut, ExpressionWrite::Kind::kUpdate,
                             ExpressionWrite::Kind::kDelete);
  w.key = *props::gen_table_key(table);
  const std::optional<NItem> held = m.get(w.key);
  if (w.kind == ExpressionWrite::Kind::kPut) {
    // A new item under a key held or not: its attributes drawn, its key the drawn one.
    w.item = *props::gen_item(schema);
    for (const NKey& k : oracle::naive_table_keys(schema)) {
      const NValue* v = oracle::naive_get(w.key, k.name);
      if (v == nullptr) continue;
      const auto at = std::find_if(w.item.begin(), w.item.end(),
                                   [&](const auto& a) { return a.first == k.name; });
      if (at != w.item.end()) {
        at->second = *v;
      } else {
        w.item.emplace_back(k.name, *v);
      }
    }
  }
  if (w.kind == ExpressionWrite::Kind::kUpdate)
    w.update = typed_index_keys(schema, *props::gen_update(schema, held));
  w.condition = props::chance(25) ? key_exists(schema, *rc::gen::arbitrary<bool>())
                                  : *props::gen_filter(table, "", true);
  w.return_values = w.kind == ExpressionWrite::Kind::kUpdate
                        ? *rc::gen::element(oracle::NReturn::kNone, oracle::NReturn::kAllOld,
                                            oracle::NReturn::kUpdatedOld, oracle::NReturn::kAllNew,
                                            oracle::NReturn::kUpdatedNew)
                        : *rc::gen::element(oracle::NReturn::kNone, oracle::NReturn::kAllOld);
  w.old_on_failure = props::chance(70);
  w.style = *rc::gen::arbitrary<std::uint64_t>();
  drop_plus(w);
  return w;
}

// ---------------------------------------------------------------- transactions

TransactionRequest gen_transaction(const std::vector<props::NamedModel>& tables) {
  TransactionRequest r;
  r.kind = *rc::gen::weightedElement<TransactionRequest::Kind>(
      {{3, TransactionRequest::Kind::kWrite},
       {1, TransactionRequest::Kind::kGet},
       {1, TransactionRequest::Kind::kBatchGet}});
  r.style = *rc::gen::arbitrary<std::uint64_t>();
  switch (r.kind) {
    case TransactionRequest::Kind::kWrite:
      r.writes = *props::gen_transact_writes(tables);
      break;
    case TransactionRequest::Kind::kGet:
      r.gets = *props::gen_transact_gets(tables);
      break;
    case TransactionRequest::Kind::kBatchGet:
      r.batch = *props::gen_batch_get(tables);
      break;
  }
  for (oracle::NTxWrite& a : r.writes) {
    const NSchema* schema = nullptr;
    for (const props::NamedModel& m : tables) {
      if (m.name == a.table) schema = &m.table->schema();
    }
    // As gen_update_write: index key attributes keep their type (the
    // writes' and the load's check); an Update left with no action deletes.
    if (a.update && schema != nullptr) {
      a.update = typed_index_keys(*schema, *a.update);
      if (!a.update) a.kind = oracle::NTxWrite::Kind::kDelete;
    }
    ExpressionWrite w;
    w.key = a.item;
    w.condition = a.condition;
    w.update = a.update;
    drop_plus(w);
    a.item = w.key;
    a.condition = w.condition;
    a.update = w.update;
  }
  for (oracle::NTxGet& g : r.gets) drop_number_plus(g.key);
  for (auto& [table, t] : r.batch) {
    for (NItem& k : t.keys) drop_number_plus(k);
  }
  return r;
}

}  // namespace sortkey::certify::endpoint
