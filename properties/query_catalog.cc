// The query model's entries in the property catalog: the engine
// (sortkey/table.h) against the naive oracle (oracles/naive_query.h).

#include <fmt/format.h>
#include <rapidcheck/state.h>

#include "properties/catalog.h"
#include "properties/gen/query_gen.h"
#include "properties/gen/transaction_gen.h"
#include "properties/gen/update_gen.h"
#include "properties/gen/write_gen.h"
#include "properties/props/query_props.h"
#include "properties/props/transaction_props.h"
#include "properties/props/update_props.h"

namespace sortkey::props {
namespace {

using oracle::NaiveTable;
using oracle::NCond;
using oracle::NItem;
using oracle::NSchema;
using oracle::NValue;

// ---------------------------------------------------------------- the stateful test

// The stateful test's model: the oracle's table, shared by the copies of the
// model RapidCheck makes (several for every command it generates: the
// generator holds the model by value) and by the generators that read it,
// and copied only when a command changes it while another holder sees it.
class SharedModel {
 public:
  explicit SharedModel(NaiveTable table) : table_(std::make_shared<NaiveTable>(std::move(table))) {}
  const NaiveTable& operator*() const { return *table_; }
  const NaiveTable* operator->() const { return table_.get(); }
  std::shared_ptr<const NaiveTable> shared() const { return table_; }
  // The table after `change`: in place when this model is its only holder
  // (the commands run on one thread), else on a copy.
  template <class Change>
  void change(Change change) {
    if (table_.use_count() != 1) table_ = std::make_shared<NaiveTable>(*table_);
    change(*table_);
  }

 private:
  std::shared_ptr<NaiveTable> table_;
};

using Command = rc::state::Command<SharedModel, Table>;

// What one command sequence exercised, for the distribution report. Reset
// at the start of each case; the commands run on this thread.
struct SequenceStats {
  bool rejected_write = false;
  bool long_range = false;  // a Query read 3 or more items
  bool paged = false;       // a Query or Scan needed more than one page
  bool tie = false;         // an index range held two entries with equal keys
  bool multi_key = false;   // a key condition on more than one attribute
  int updates_ok = 0;       // UpdateItem/conditional DeleteItem verdicts of the oracle
  int updates_refused = 0;
  int updates_condition_failed = 0;
  bool local = false;            // a Query of a local secondary index
  bool fetched = false;          // a Query that fetched from the table (a local index)
  int transactions_applied = 0;  // TransactWriteItems verdicts of the oracle
  int transactions_cancelled = 0;
  int transactions_refused = 0;
};
thread_local SequenceStats g_stats;

// `what()` names the write; it is built only for a failure message.
template <class What>
void require_same_verdict(bool engine, bool oracle, What what, const Error* error) {
  if (engine == oracle) return;
  rc_require(Outcome::fails(fmt::format(
      "{}: the engine {} it{}, the oracle {} it", what(), engine ? "accepted" : "rejected",
      error != nullptr ? " (" + describe(*error) + ")" : std::string(),
      oracle ? "accepts" : "rejects")));
}

struct PutCommand : Command {
  NItem item;
  explicit PutCommand(const SharedModel& m) : item(*gen_item(m->schema())) {}
  void apply(SharedModel& m) const override {
    m.change([this](NaiveTable& table) { table.put(item); });
  }
  void run(const SharedModel& model, Table& t) const override {
    const NaiveTable& m = *model;
    const bool want = m.can_put(item);
    auto got = t.put(to_engine(item));
    g_stats.rejected_write = g_stats.rejected_write || !want;
    auto what = [this] { return "Put " + oracle::naive_show(item); };
    require_same_verdict(got.has_value(), want, what, got ? nullptr : &got.error());
  }
  void show(std::ostream& os) const override { os << "Put " << oracle::naive_show(item); }
};

struct UpdateCommand : Command {
  NItem key;
  NItem set;
  std::vector<std::string> remove;
  explicit UpdateCommand(const SharedModel& model) : key(*gen_table_key(model.shared())) {
    const NaiveTable& m = *model;
    // Attributes an update may touch: index keys (so items enter and leave
    // sparse indexes), other attributes, and now and then a table key.
    std::vector<std::pair<std::string, NValue::T>> names;
    for (const auto& i : m.schema().indexes) {
      for (const auto* side : {&i.pk, &i.sk}) {
        for (const auto& k : *side) names.emplace_back(k.name, k.type);
      }
    }
    for (const std::string& n : value_attribute_names()) names.emplace_back(n, NValue::T::NUL);
    const int sets = *rc::gen::inRange(0, 3);
    for (int i = 0; i < sets; ++i) {
      const auto [name, type] = *rc::gen::elementOf(names);
      const bool key_value = type != NValue::T::NUL && chance(80);
      if (oracle::naive_get(set, name) == nullptr)
        set.emplace_back(name, key_value ? *gen_key_value(type) : *gen_attribute_value());
    }
    const int removes = *rc::gen::inRange(0, 3);
    for (int i = 0; i < removes; ++i) remove.push_back((*rc::gen::elementOf(names)).first);
  }
  void apply(SharedModel& m) const override {
    m.change([this](NaiveTable& table) { table.update(key, set, remove); });
  }
  void run(const SharedModel& model, Table& t) const override {
    const NaiveTable& m = *model;
    const bool want = m.can_update(key, set, remove);
    ItemUpdate u;
    for (const auto& [name, v] : set) u.set.emplace_back(name, to_engine(v));
    u.remove = remove;
    auto got = t.update(to_engine(key), u);
    auto what = [this] {
      std::ostringstream os;
      show(os);
      return os.str();
    };
    require_same_verdict(got.has_value(), want, what, got ? nullptr : &got.error());
  }
  void show(std::ostream& os) const override {
    os << "Update " << oracle::naive_show(key) << " SET " << oracle::naive_show(set) << " REMOVE";
    for (const std::string& r : remove) os << " " << r;
  }
};

struct DeleteCommand : Command {
  NItem key;
  explicit DeleteCommand(const SharedModel& m) : key(*gen_table_key(m.shared())) {}
  void apply(SharedModel& m) const override {
    m.change([this](NaiveTable& table) { table.erase(key); });
  }
  void run(const SharedModel&, Table& t) const override {
    auto got = t.delete_item(to_engine(key));
    if (!got)
      rc_require(Outcome::fails("Delete " + oracle::naive_show(key) +
                                ": rejected: " + describe(got.error())));
  }
  void show(std::ostream& os) const override { os << "Delete " << oracle::naive_show(key); }
};

void count_verdict(oracle::NWriteAnswer::Verdict v) {
  switch (v) {
    case oracle::NWriteAnswer::Verdict::kOk:
      ++g_stats.updates_ok;
      break;
    case oracle::NWriteAnswer::Verdict::kRefused:
      ++g_stats.updates_refused;
      break;
    case oracle::NWriteAnswer::Verdict::kConditionFailed:
      ++g_stats.updates_condition_failed;
      break;
  }
}

// UpdateItem with an UpdateExpression tree, a condition and ReturnValues
// (props/update_props.h): the same verdict, attributes and item as the oracle.
struct UpdateItemCommand : Command {
  oracle::NUpdateRequest request;
  std::uint64_t style;
  explicit UpdateItemCommand(const SharedModel& m)
      : request(*gen_update_request(m.shared())), style(*rc::gen::arbitrary<std::uint64_t>()) {}
  void apply(SharedModel& m) const override {
    m.change([this](NaiveTable& table) { oracle::naive_update_item(table, request); });
  }
  void run(const SharedModel& model, Table& t) const override {
    NaiveTable scratch = *model;
    count_verdict(oracle::naive_update_item(scratch, request).verdict);
    rc_require(check_update_item(*model, t, request, style));
  }
  void show(std::ostream& os) const override {
    os << "UpdateItem " << oracle::naive_show(request.key) << " "
       << (request.update ? oracle::naive_show(*request.update) : "(no UpdateExpression)");
    if (request.condition) os << " IF " << oracle::naive_show(*request.condition);
  }
};

// DeleteItem with a condition and ReturnValues.
struct ConditionalDeleteCommand : Command {
  DeleteSpec spec;
  explicit ConditionalDeleteCommand(const SharedModel& m) : spec(*gen_delete_spec(m.shared())) {}
  void apply(SharedModel& m) const override {
    m.change([this](NaiveTable& table) {
      oracle::naive_delete_item(table, spec.key, spec.condition,
                                spec.all_old ? oracle::NReturn::kAllOld : oracle::NReturn::kNone,
                                spec.old_on_failure);
    });
  }
  void run(const SharedModel& model, Table& t) const override {
    rc_require(check_delete_item(*model, t, spec));
  }
  void show(std::ostream& os) const override {
    os << "DeleteItem " << oracle::naive_show(spec.key);
    if (spec.condition) os << " IF " << oracle::naive_show(*spec.condition);
  }
};

// PutItem with a condition and ReturnValues (sortkey/update.h put_item).
struct PutItemCommand : Command {
  PutSpec spec;
  explicit PutItemCommand(const SharedModel& m) : spec(*gen_put_spec(m.shared())) {}
  void apply(SharedModel& m) const override {
    m.change([this](NaiveTable& table) { oracle_put_item(table, spec); });
  }
  void run(const SharedModel& model, Table& t) const override {
    NaiveTable scratch = *model;
    count_verdict(oracle_put_item(scratch, spec).verdict);
    rc_require(check_put_item(*model, t, spec));
  }
  void show(std::ostream& os) const override {
    os << "PutItem " << oracle::naive_show(spec.item);
    if (spec.condition) os << " IF " << oracle::naive_show(*spec.condition);
    if (spec.all_old) os << " ReturnValues ALL_OLD";
    if (spec.old_on_failure) os << " ReturnValuesOnConditionCheckFailure ALL_OLD";
  }
};

// The stateful test's one table, as the multi-item requests name it.
const char* const kModelTable = "T";

std::vector<NamedModel> named_model(const SharedModel& m) { return {{kModelTable, m.shared()}}; }

// TransactWriteItems (props/transaction_props.h): the same verdict and
// reasons as the oracle, the table as the oracle's afterwards, and unchanged
// when the oracle refuses or cancels.
struct TransactWriteCommand : Command {
  std::vector<oracle::NTxWrite> actions;
  std::uint64_t style;
  explicit TransactWriteCommand(const SharedModel& m)
      : actions(*gen_transact_writes(named_model(m))),
        style(*rc::gen::arbitrary<std::uint64_t>()) {}
  void apply(SharedModel& m) const override {
    m.change([this](NaiveTable& table) {
      oracle::naive_transact_write({{kModelTable, &table}}, actions);
    });
  }
  void run(const SharedModel& model, Table& t) const override {
    auto verdict = oracle::NTxAnswer::Verdict::kOk;
    rc_require(check_transact_write({{kModelTable, &*model}}, {{kModelTable, &t}}, actions, style,
                                    &verdict));
    g_stats.transactions_applied += verdict == oracle::NTxAnswer::Verdict::kOk ? 1 : 0;
    g_stats.transactions_cancelled += verdict == oracle::NTxAnswer::Verdict::kCancelled ? 1 : 0;
    g_stats.transactions_refused += verdict == oracle::NTxAnswer::Verdict::kRefused ? 1 : 0;
  }
  void show(std::ostream& os) const override {
    os << "TransactWriteItems of " << actions.size() << " actions";
    for (const oracle::NTxWrite& a : actions) os << "; " << oracle::naive_show(a.item);
  }
};

struct TransactGetCommand : Command {
  std::vector<oracle::NTxGet> gets;
  explicit TransactGetCommand(const SharedModel& m) : gets(*gen_transact_gets(named_model(m))) {}
  void apply(SharedModel&) const override {}
  void run(const SharedModel& model, Table& t) const override {
    rc_require(check_transact_get({{kModelTable, &*model}}, {{kModelTable, &t}}, gets));
  }
  void show(std::ostream& os) const override {
    os << "TransactGetItems";
    for (const oracle::NTxGet& g : gets) os << " " << oracle::naive_show(g.key);
  }
};

struct BatchGetCommand : Command {
  std::map<std::string, oracle::NBatchGetTable> request;
  explicit BatchGetCommand(const SharedModel& m) : request(*gen_batch_get(named_model(m))) {}
  void apply(SharedModel&) const override {}
  void run(const SharedModel& model, Table& t) const override {
    rc_require(check_batch_get({{kModelTable, &*model}}, {{kModelTable, &t}}, request));
  }
  void show(std::ostream& os) const override {
    os << "BatchGetItem";
    for (const auto& [name, r] : request) {
      for (const NItem& k : r.keys) os << " " << oracle::naive_show(k);
    }
  }
};

QuerySpec gen_query_spec(const std::shared_ptr<const NaiveTable>& m) {
  QuerySpec q;
  q.index = *gen_target(m->schema());
  q.key = *gen_key_condition(m, q.index);
  if (*rc::gen::arbitrary<bool>()) q.filter = *gen_filter(m, q.index, false);
  q.forward = *rc::gen::arbitrary<bool>();
  if (chance(60)) q.limit = *rc::gen::element(1, 1, 2, 3, 5);
  q.count_only = chance(10);
  // ConsistentRead and ALL_ATTRIBUTES: on the table and on local indexes
  // (a GSI refuses both but with an ALL projection).
  const oracle::NIndex* index = m->index_named(q.index);
  const bool local = index != nullptr && index->local;
  q.consistent = (q.index.empty() || local) && *rc::gen::arbitrary<bool>();
  q.all_attributes = (q.index.empty() || local) && !q.count_only && chance(30);
  q.style = *rc::gen::arbitrary<std::uint64_t>();
  q.resume_at = uniform_index(100);
  return q;
}

QuerySpec gen_query_spec(const NaiveTable& m) {
  return gen_query_spec(std::make_shared<const NaiveTable>(m));
}

ScanSpec gen_scan_spec(const std::shared_ptr<const NaiveTable>& m) {
  ScanSpec s;
  s.index = *gen_target(m->schema());
  if (*rc::gen::arbitrary<bool>()) s.filter = *gen_filter(m, s.index, true);
  if (chance(60)) s.limit = *rc::gen::element(1, 2, 3, 7);
  s.count_only = chance(10);
  const oracle::NIndex* index = m->index_named(s.index);
  s.consistent =
      (s.index.empty() || (index != nullptr && index->local)) && *rc::gen::arbitrary<bool>();
  s.style = *rc::gen::arbitrary<std::uint64_t>();
  return s;
}

ScanSpec gen_scan_spec(const NaiveTable& m) {
  return gen_scan_spec(std::make_shared<const NaiveTable>(m));
}

struct QueryCommand : Command {
  QuerySpec spec;
  explicit QueryCommand(const SharedModel& m) : spec(gen_query_spec(m.shared())) {}
  void apply(SharedModel&) const override {}
  void run(const SharedModel& model, Table& t) const override {
    const NaiveTable& m = *model;
    const auto range = m.key_range(spec.index, spec.key, spec.forward);
    const auto sort = m.sort_of(spec.index);
    g_stats.long_range = g_stats.long_range || range.size() >= 3;
    g_stats.paged =
        g_stats.paged || (spec.limit && range.size() > static_cast<std::size_t>(*spec.limit));
    for (std::size_t i = 1; i < range.size(); ++i) {
      g_stats.tie = g_stats.tie || oracle::naive_compare_sort(sort, range[i - 1], range[i]) == 0;
    }
    g_stats.multi_key =
        g_stats.multi_key || spec.key.partition.size() + spec.key.sort_eq.size() > 1;
    if (const oracle::NIndex* index = m.index_named(spec.index); index && index->local) {
      g_stats.local = true;
      g_stats.fetched =
          g_stats.fetched ||
          (!range.empty() && oracle::naive_fetches(m.schema(), *index, spec.all_attributes, {}));
    }
    rc_require(check_query(m, t, spec));
  }
  void show(std::ostream& os) const override { os << spec; }
};

struct ScanCommand : Command {
  ScanSpec spec;
  explicit ScanCommand(const SharedModel& m) : spec(gen_scan_spec(m.shared())) {}
  void apply(SharedModel&) const override {}
  void run(const SharedModel& m, Table& t) const override { rc_require(check_scan(*m, t, spec)); }
  void show(std::ostream& os) const override { os << spec; }
};

// rc::state::check's draws and steps (the same cases for a seed), with the
// counts of the table and its indexes checked against the model after each
// command: after apply() the model is the state the command left, so no copy
// of it is made to know the counts.
void run_commands(const SharedModel& initial, Table& table) {
  const auto commands = *rc::state::gen::commands(
      rc::fn::constant(initial),
      rc::state::gen::execOneOfWithArgs<
          PutCommand, PutCommand, PutCommand, UpdateCommand, UpdateItemCommand, UpdateItemCommand,
          PutItemCommand, DeleteCommand, ConditionalDeleteCommand, QueryCommand, QueryCommand,
          ScanCommand, TransactWriteCommand, TransactWriteCommand, TransactGetCommand,
          BatchGetCommand>());
  SharedModel state = initial;
  for (const auto& command : commands) {
    command->checkPreconditions(state);
    command->run(state, table);
    command->apply(state);
    auto what = [&command] {
      std::ostringstream os;
      command->show(os);
      return os.str();
    };
    rc_require(check_counts(*state, table, what));
    rc_require(check_index_contents(*state, table, what));
    rc_require(check_same_tables({{kModelTable, &*state}}, {{kModelTable, &table}}, what()));
  }
}

// A table and its model loaded with generated items (writes the oracle
// rejects are rejected by both; check_counts says so).
struct Loaded {
  NaiveTable model;
  Table table;
};

Loaded load_items(const NSchema& schema, int max_items) {
  auto table = Table::create(to_engine(schema));
  RC_ASSERT(table.has_value());
  Loaded l{NaiveTable(schema), std::move(*table)};
  const int n = *rc::gen::inRange(0, max_items + 1);
  for (int i = 0; i < n; ++i) {
    const NItem item = *gen_item(schema);
    const bool want = l.model.put(item);
    const bool got = l.table.put(to_engine(item)).has_value();
    require_same_verdict(
        got, want, [&item] { return "Put " + oracle::naive_show(item); }, nullptr);
  }
  return l;
}

// ---------------------------------------------------------------- seed data

const std::vector<std::string>& statuses() {
  static const std::vector<std::string> s = {"PLACED", "SHIPPED", "CANCELLED", "RETURNED",
                                             "PLACED_LATE"};
  return s;
}

rc::Gen<std::string> gen_date() {
  return rc::gen::apply(
      [](int month, int day) {
        return fmt::format("2019-{:02}-{:02}T00:00:00.000000", month, day);
      },
      rc::gen::inRange(6, 11), rc::gen::element(1, 2, 15, 30));
}

rc::Gen<std::vector<Order>> gen_orders() {
  return rc::gen::exec([] {
    const int n = *rc::gen::inRange(0, 41);
    std::vector<Order> out;
    for (int i = 0; i < n; ++i) {
      out.push_back(Order{*rc::gen::element<std::string>("c1", "c2"), fmt::format("o{:03}", i),
                          *rc::gen::elementOf(statuses()), *gen_date()});
    }
    return out;
  });
}

std::pair<std::string, std::string> ordered(std::string a, std::string b) {
  if (b < a) std::swap(a, b);
  return {a, b};
}

rc::Gen<std::string> gen_layout_id() {
  return rc::gen::exec([] {
    const int n = *rc::gen::inRange(1, 5);
    std::string id;
    for (int i = 0; i < n; ++i) id += *rc::gen::element('A', 'B', 'Z', '0', '9', '_', '-', 'a');
    return id;
  });
}

rc::Gen<Event> gen_event() {
  return rc::gen::construct<Event>(rc::gen::inRange(0, 3), rc::gen::element(0, 9, 23),
                                   rc::gen::element(0, 30, 59), rc::gen::element(0, 1, 59));
}

// The engine against the oracle, page by page.
void add_query_model_properties(Catalog& c) {
  c.add("query", "model_based",
        "random Put/Update/UpdateItem (full UpdateExpression, conditions, ReturnValues)/Delete "
        "(conditional too)/TransactWriteItems/TransactGetItems/BatchGetItem/Query/Scan sequences "
        "on tables with one to three sparse indexes "
        "and now and then local secondary indexes (each index read whole after every command): "
        "after every "
        "command the engine and the naive oracle agree page by page",
        [] {
          const NSchema schema = *gen_query_schema();
          auto table = Table::create(to_engine(schema));
          RC_ASSERT(table.has_value());
          // Items to start from, so that the commands find full partitions.
          NaiveTable model(schema);
          for (const NItem& item : *rc::gen::container<std::vector<NItem>>(gen_item(schema))) {
            const bool want = model.put(item);
            require_same_verdict(
                table->put(to_engine(item)).has_value(), want,
                [&item] { return "Put " + oracle::naive_show(item); }, nullptr);
          }
          g_stats = SequenceStats{};
          run_commands(SharedModel(std::move(model)), *table);
          RC_CLASSIFY(g_stats.rejected_write, "a write rejected");
          RC_CLASSIFY(g_stats.long_range, "a Query range of 3+ items");
          RC_CLASSIFY(g_stats.paged, "a Query over several pages");
          RC_CLASSIFY(g_stats.tie, "ties in an index range");
          RC_CLASSIFY(g_stats.multi_key, "a multi-attribute key condition");
          RC_CLASSIFY(g_stats.updates_ok > 0, "an UpdateItem accepted");
          RC_CLASSIFY(g_stats.updates_refused > 0, "an UpdateItem refused");
          RC_CLASSIFY(g_stats.updates_condition_failed > 0, "a write's condition failed");
          RC_CLASSIFY(g_stats.local, "a local index read");
          RC_CLASSIFY(g_stats.fetched, "items fetched from the table");
          RC_CLASSIFY(g_stats.transactions_applied > 0, "a transaction applied");
          RC_CLASSIFY(g_stats.transactions_cancelled > 0, "a transaction cancelled");
          RC_CLASSIFY(g_stats.transactions_refused > 0, "a transaction refused");
        });

  c.add("query", "filter_scan",
        "a Scan with any filter (any operator, function, nesting, spelling) returns what the "
        "oracle's tree walk "
        "keeps, page by page",
        [] {
          const NSchema schema = *gen_query_schema();
          Loaded l = load_items(schema, 30);
          ScanSpec s;
          s.index = *gen_target(schema);
          s.filter = *gen_filter(l.model, s.index, true);
          if (*rc::gen::arbitrary<bool>()) s.limit = *rc::gen::inRange(1, 8);
          s.style = *rc::gen::arbitrary<std::uint64_t>();
          RC_CLASSIFY(s.index.empty(), "table");
          rc_require(check_scan(l.model, l.table, s));
        });
}

// A Query whose page is cut at 1 MB.
void add_query_page_cut_property(Catalog& c) {
  c.add("query", "page_cut_1mb",
        "a page stops after the item whose size brings the read to 1 MB; Limit, LastEvaluatedKey, "
        "resumption and "
        "consumed capacity stay exact across the cut",
        [] {
          NSchema schema;
          schema.pk = {"pk", NValue::T::S};
          schema.sk = oracle::NKey{"sk", NValue::T::N};
          auto t = Table::create(to_engine(schema));
          NaiveTable model(schema);
          const int n = *rc::gen::inRange(1, 9);
          for (int i = 0; i < n; ++i) {
            NValue sk;
            sk.t = NValue::T::N;
            sk.s = std::to_string(i);
            NValue pk;
            pk.t = NValue::T::S;
            pk.s = "p";
            NValue big;
            big.t = NValue::T::S;
            big.s.assign(*rc::gen::weightedOneOf<std::size_t>(
                             {{2, rc::gen::inRange<std::size_t>(200000, 409590)},
                              {1, rc::gen::inRange<std::size_t>(0, 5000)}}),
                         'x');
            NValue flag;
            flag.t = NValue::T::BOOL;
            flag.b = *rc::gen::arbitrary<bool>();
            const std::size_t bytes = big.s.size();
            NItem item;
            item.emplace_back("pk", std::move(pk));
            item.emplace_back("sk", std::move(sk));
            item.emplace_back("blob", std::move(big));
            item.emplace_back("flag", std::move(flag));
            const bool want = model.put(item);
            require_same_verdict(
                t->put(to_engine(item)).has_value(), want,
                [&] { return fmt::format("Put item {} of {} bytes", i, bytes); }, nullptr);
          }
          if (model.items().empty()) RC_DISCARD("no item fits");
          QuerySpec q;
          q.key.partition = {*oracle::naive_get(model.items()[0], "pk")};
          q.forward = *rc::gen::arbitrary<bool>();
          if (*rc::gen::arbitrary<bool>()) q.limit = *rc::gen::inRange(1, 5);
          if (*rc::gen::arbitrary<bool>()) {
            NCond f;
            f.op = NCond::Op::kEq;
            f.args.resize(2);
            f.args[0].kind = oracle::NOperand::Kind::kPath;
            f.args[0].path = {oracle::NStep{false, "flag", 0}};
            f.args[1].value.t = NValue::T::BOOL;
            f.args[1].value.b = true;
            q.filter = f;
          }
          q.consistent = *rc::gen::arbitrary<bool>();
          q.style = *rc::gen::arbitrary<std::uint64_t>();
          q.resume_at = *rc::gen::inRange<std::size_t>(0, 10);
          std::size_t total = 0;
          for (const NItem& i : model.items()) total += oracle::naive_item_size(i);
          RC_CLASSIFY(total >= kMaxPageBytes, "more than 1 MB");
          rc_require(check_query(model, *t, q));
        });
}

// Invalid requests and the expression builder.
void add_query_request_properties(Catalog& c) {
  c.add("query", "rejects_invalid_requests",
        "requests DynamoDB rejects are rejected with DynamoDB's message: generated filters with "
        "operands that are not distinct (a = a, a > a, a BETWEEN :v AND a, a IN (:v, a), "
        "begins_with(a, a), contains(a, a)), BETWEEN bounds reversed (UTF-8 order) or of two "
        "types, begins_with of a Number, unknown attribute_type names, in Queries and Scans; "
        "the same operand twice, two conditions on one key, refused operators, BEGINS_WITH and "
        "reversed BETWEEN in key conditions; filters on keys, unused or undefined placeholders, "
        "partition key not by =, Limit 0, Select and consistent reads an index or table does "
        "not allow, unknown index, empty filter, bare reserved words, unknown functions, "
        "malformed start keys, Select SPECIFIC_ATTRIBUTES without a projection, a "
        "ProjectionExpression with another Select, overlapping, conflicting, empty or "
        "unfinished ProjectionExpressions",
        [] {
          const NSchema schema = *gen_query_schema();
          Loaded l = load_items(schema, 10);
          const QuerySpec valid = gen_query_spec(l.model);
          const int mutation =
              static_cast<int>(uniform_index(kInvalidRequestMutations + kRefusedKinds));
          if (mutation < kInvalidRequestMutations) {
            RC_TAG(fmt::format("mutation {}", mutation));
            rc_require(rejects_invalid_request(l.model, l.table, valid, mutation));
            return;
          }
          // A generated filter the oracle refuses, whether or not any item is read.
          const auto kind = static_cast<RefusedKind>(mutation - kInvalidRequestMutations);
          RC_TAG(fmt::format("refused filter {}", mutation - kInvalidRequestMutations));
          RC_CLASSIFY(l.model.items().empty(), "empty table");
          if (chance(50)) {
            QuerySpec q = valid;
            q.filter = *gen_refused_filter(l.model, q.index, false, kind);
            rc_require(check_query(l.model, l.table, q));
          } else {
            ScanSpec sc = gen_scan_spec(l.model);
            sc.filter = *gen_refused_filter(l.model, sc.index, true, kind);
            rc_require(check_scan(l.model, l.table, sc));
          }
        });

  c.add("query", "start_key_need_not_exist",
        "a Query of a table resumed from the key of an item just deleted (in the range, a "
        "start key no item has) reads on from the next key in its direction, exactly the "
        "oracle's page",
        [] {
          NSchema schema = *gen_query_schema();
          if (!schema.sk) schema.sk = oracle::NKey{"sk", NValue::T::S};
          Loaded l = load_items(schema, 20);
          if (l.model.items().empty()) RC_DISCARD("no item to delete");
          QuerySpec q = gen_query_spec(l.model);
          q.index.clear();
          q.consistent = *rc::gen::arbitrary<bool>();
          q.key = *gen_key_condition(l.model, "");
          q.filter.reset();
          if (*rc::gen::arbitrary<bool>()) q.filter = *gen_filter(l.model, "", false);
          const auto range = l.model.key_range("", q.key, q.forward);
          if (range.empty()) RC_DISCARD("an empty range");
          const NItem gone = l.model.key_of("", range[uniform_index(range.size())]);
          l.model.erase(gone);
          RC_ASSERT(l.table.delete_item(to_engine(gone)).has_value());
          RC_CLASSIFY(q.forward, "forward");
          RC_CLASSIFY(q.filter.has_value(), "filtered");
          rc_require(check_resume_from_missing_key(l.model, l.table, q, gone));
        });

  c.add("query", "expression_builder",
        "a key condition from the expression builder, with reserved-word attribute names, selects "
        "exactly the naive "
        "key range; reversed BETWEEN bounds are refused by the builder",
        [] {
          NSchema schema;
          const std::vector<NValue::T> types = {NValue::T::S, NValue::T::N, NValue::T::B};
          schema.pk = {*rc::gen::element<std::string>("Year", "Name", "PK", "user id"),
                       *rc::gen::elementOf(types)};
          if (chance(80)) {
            schema.sk =
                oracle::NKey{*rc::gen::element<std::string>("Date", "Size", "SK", "Timestamp"),
                             *rc::gen::elementOf(types)};
          }
          Loaded l = load_items(schema, 25);
          const oracle::NKeyCond key = *gen_key_condition(l.model, "");
          const bool reverse = chance(25);
          RC_CLASSIFY(key.op == oracle::NKeyCond::Op::kBetween, "BETWEEN");
          rc_require(builder_selects_range(l.model, l.table, key, reverse));
        });
}

// The filtering guide (examples/orders.yaml, examples/sparse.yaml): orders by status and date,
// sparse indexes.
void add_query_orders_properties(Catalog& c) {
  c.add("query", "composite_key_vs_filter",
        "orders: the STATUS#DATE index answers 'status S between d1 and d2' exactly as the naive "
        "filter, Limit=k "
        "fills the page with min(k, matches); the same question as a FilterExpression returns the "
        "same items but "
        "reads and pays at least as much",
        [] {
          const auto orders = *gen_orders();
          const std::string customer = *rc::gen::element<std::string>("c1", "c2");
          const std::string status = *rc::gen::elementOf(statuses());
          const auto [d1, d2] = ordered(*gen_date(), *gen_date());
          const int limit = *rc::gen::inRange(1, 6);
          std::string costs;
          rc_require(composite_key_vs_filter(orders, customer, status, d1, d2, limit, &costs));
          RC_CLASSIFY(costs.find("came back short") != std::string::npos,
                      "a filtered page came back short of Limit");
          RC_CLASSIFY(costs.find("paid more") != std::string::npos,
                      "the filter paid more read capacity");
        });

  c.add("query", "multi_attribute_vs_composite",
        "orders, 'Book vs today': a native (Status, Date) index and a hand-built STATUS#DATE key "
        "return the same "
        "items in the same order for every query shape",
        [] {
          const auto orders = *gen_orders();
          const std::string customer = *rc::gen::element<std::string>("c1", "c2");
          const std::string status = *rc::gen::elementOf(statuses());
          const auto [d1, d2] = ordered(*gen_date(), *gen_date());
          const int shape = static_cast<int>(uniform_index(6));
          RC_TAG(fmt::format("shape {}", shape));
          rc_require(multi_attribute_equals_composite(orders, customer, status, shape, d1, d2,
                                                      *rc::gen::arbitrary<std::uint64_t>()));
        });

  c.add("query", "reversed_composite_fails",
        "orders, the filtering guide's warning: on DATE#STATUS, the tightest key range that holds "
        "every answer "
        "returns every order "
        "between them, of any status",
        [] {
          const auto orders = *gen_orders();
          const std::string customer = *rc::gen::element<std::string>("c1", "c2");
          const std::string status = *rc::gen::elementOf(statuses());
          const auto [d1, d2] = ordered(*gen_date(), *gen_date());
          bool interleaved = false;
          rc_require(
              reversed_composite_cannot_filter(orders, customer, status, d1, d2, &interleaved));
          RC_CLASSIFY(interleaved, "other statuses interleaved: no key condition answers");
        });

  c.add("query", "sparse_indexes_exact",
        "sparse indexes: the Admins-of-an-Organization and every-Customer indexes hold exactly the "
        "naive "
        "projection after "
        "writes that add and remove the attribute",
        [] {
          const auto ops = *rc::gen::container<std::vector<SparseOp>>(rc::gen::construct<SparseOp>(
              rc::gen::element(0, 0, 1, 2, 3, 4, 5), rc::gen::element(0, 1, 2),
              rc::gen::element(0, 1, 2, 3, 4), rc::gen::arbitrary<bool>()));
          rc_require(sparse_indexes_are_exact(ops));
        });
}

// The sorting and sort-key guides (examples/tickets.yaml, iot_*.yaml, saas.yaml,
// audit_log.yaml, versions.yaml): the layouts with generated data.
void add_query_layouts_properties(Catalog& c) {
  c.add("query", "scenario_ticket_tracker",
        "tickets: updates never rewrite the base key (TicketId) and the UpdatedAt index read "
        "backward is most "
        "recently updated first",
        [] {
          const int tickets = *rc::gen::inRange(1, 12);
          const auto updates = *rc::gen::container<std::vector<std::pair<int, int>>>(
              rc::gen::pair(rc::gen::inRange(0, 12), rc::gen::inRange(0, 60)));
          rc_require(ticket_tracker(updates, tickets));
        });

  c.add("query", "scenario_iot_readings",
        "IoT: the Device and its 10 most recent Readings in one Query, with #READING# read "
        "backward and with "
        "inverse differences read forward",
        [] {
          const auto readings =
              *rc::gen::container<std::vector<unsigned>>(rc::gen::weightedOneOf<unsigned>(
                  {{3, rc::gen::inRange(0u, 100u)}, {1, rc::gen::inRange(0u, 100000u)}}));
          const auto neighbour =
              *rc::gen::container<std::vector<unsigned>>(rc::gen::inRange(0u, 100000u));
          RC_CLASSIFY(readings.size() > 10, "more than 10 readings");
          rc_require(iot_latest_readings(readings, neighbour));
        });

  c.add("query", "scenario_saas_org",
        "SaaS: Teams before the Org item and Users after it: SK <= org backward, SK >= org "
        "forward",
        [] {
          const auto teams = *rc::gen::container<std::vector<std::string>>(gen_layout_id());
          const auto users = *rc::gen::container<std::vector<std::string>>(gen_layout_id());
          rc_require(saas_org_collection(teams, users));
        });

  c.add(
      "query", "scenario_audit_log",
      "audit log: an actor's events EVT#<time>#<seq> come newest first, and a BETWEEN window from "
      "the composite "
      "codec returns every event of the window, ties included",
      [] {
        const auto events = *rc::gen::container<std::vector<Event>>(gen_event());
        const Event from = *gen_event();
        const Event to = *gen_event();
        rc_require(audit_log(events, from, to, *rc::gen::inRange(1, 11)));
      });

  c.add("query", "scenario_version_history",
        "the v0_ pattern: a forward Query with Limit 1 returns the latest version, and the "
        "versions come in order",
        [] {
          const int width = *rc::gen::inRange(2, 5);
          const int versions = *rc::gen::inRange(1, 40);
          rc_require(version_history(versions, width));
        });
}

// The writes the guides' designs rely on and the limits of sizes and Numbers, as
// scripts the endpoint certifier also runs (props/write_script.h).
void add_query_write_properties(Catalog& c) {
  c.add("query", "seed_writes",
        "PutItem if absent (attribute_not_exists, for uniqueness), UpdateItem of index key "
        "attributes (the item moves in, out of and within the index), DeleteItem, "
        "BatchWriteItem all or none, GetItem strongly consistent or not: every answer is the "
        "oracle's and the table and each index end as the oracle's",
        [] {
          const NSchema schema = *gen_query_schema();
          rc_require(check_write_script(schema, *gen_seed_writes(schema)));
        });
  c.add("query", "size_limits",
        "partition keys of 2047 to 2049 bytes, sort keys of 1023 to 1025, index key values at "
        "the same limits, items of 400 KB minus one, exactly, and plus one byte, in ASCII, "
        "multibyte text and binary, are stored or refused as DynamoDB does and read back; so "
        "is each script of the fixed sweep of these limits (props::limit_sweep_writes)",
        [] {
          const NSchema schema = *gen_query_schema();
          rc_require(check_write_script(schema, *gen_limit_writes(schema)));
          // And a script of the fixed sweep the endpoint certifier takes first.
          const int k = *rc::gen::inRange(0, kLimitSweepScripts);
          rc_require(check_write_script(schema, limit_sweep_writes(schema, k)));
        });
  c.add("query", "number_spellings",
        "Numbers in every spelling DynamoDB accepts are stored by value and those it refuses "
        "(out of range, over 38 digits, 0e126 but not 0.0e126, not numbers) are refused; a "
        "Number key is found by any spelling of its value",
        [] {
          NSchema schema = *gen_query_schema();
          schema.sk = oracle::NKey{"sk", NValue::T::N};
          for (oracle::NIndex& i : schema.indexes) {
            for (auto* side : {&i.pk, &i.sk}) {
              for (oracle::NKey& k : *side) {
                if (k.name == "sk") k.type = NValue::T::N;
              }
            }
          }
          rc_require(check_write_script(schema, *gen_number_writes(schema)));
        });
}

}  // namespace

void add_query_reference_properties(Catalog& c);  // query_reference_catalog.cc
void add_local_index_properties(Catalog& c);      // local_index_catalog.cc
void add_transaction_properties(Catalog& c);      // transaction_catalog.cc

void add_query_properties(Catalog& c) {
  add_query_model_properties(c);
  add_query_page_cut_property(c);
  add_query_request_properties(c);
  add_query_write_properties(c);
  add_query_orders_properties(c);
  add_query_layouts_properties(c);
  add_query_reference_properties(c);
  add_local_index_properties(c);
  add_transaction_properties(c);
}

}  // namespace sortkey::props
