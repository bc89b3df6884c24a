// The catalog's entries for the multi-item requests
// (props/transaction_props.h): TransactWriteItems, TransactGetItems and
// BatchGetItem over two tables of different schemas, and the statement of
// all-or-nothing that needs no oracle.

#include <fmt/format.h>

#include <memory>

#include "properties/catalog.h"
#include "properties/gen/query_gen.h"
#include "properties/gen/transaction_gen.h"
#include "properties/props/query_conversions.h"
#include "properties/props/query_page_props.h"
#include "properties/props/transaction_props.h"

namespace sortkey::props {
namespace {

using oracle::NaiveTable;
using oracle::NItem;
using oracle::NTxReason;

// Two tables of generated schemas, "A" and "B", each loaded with the same
// generated items in the engine and the oracle (items either refuses are
// refused by both, or the case fails).
struct TwoTables {
  std::map<std::string, NaiveTable> model;
  std::map<std::string, Table> engine;

  ModelTables models() const {
    ModelTables out;
    for (const auto& [name, t] : model) out[name] = &t;
    return out;
  }
  TableSet tables() {
    TableSet out;
    for (auto& [name, t] : engine) out[name] = &t;
    return out;
  }
  std::vector<NamedModel> named() const {
    std::vector<NamedModel> out;
    for (const auto& [name, t] : model) {
      out.push_back({name, std::make_shared<const NaiveTable>(t)});
    }
    return out;
  }
};

TwoTables load_two_tables() {
  TwoTables out;
  for (const char* name : {"A", "B"}) {
    const oracle::NSchema schema = *gen_query_schema();
    auto table = Table::create(to_engine(schema));
    RC_ASSERT(table.has_value());
    NaiveTable model(schema);
    const int n = *rc::gen::inRange(0, 12);
    for (int i = 0; i < n; ++i) {
      const NItem item = *gen_item(schema);
      RC_ASSERT(model.put(item) == table->put(to_engine(item)).has_value());
    }
    out.model.emplace(name, std::move(model));
    out.engine.emplace(name, std::move(*table));
  }
  return out;
}

void add_transaction_entries(Catalog& c) {
  c.add("query", "transactions",
        "TransactWriteItems, TransactGetItems and BatchGetItem over two tables of different "
        "schemas, one to six in a row: the engine and the naive oracle agree on every verdict, "
        "cancellation reason and item read; a refused or cancelled transaction changes no "
        "table; every index holds the oracle's entries after each request",
        [] {
          TwoTables t = load_two_tables();
          const int steps = *rc::gen::inRange(1, 7);
          for (int step = 0; step < steps; ++step) {
            const int kind = *rc::gen::inRange(0, 4);
            if (kind <= 1) {
              const auto actions = *gen_transact_writes(t.named());
              const auto style = *rc::gen::arbitrary<std::uint64_t>();
              rc_require(check_transact_write(t.models(), t.tables(), actions, style));
              oracle::NTables tables;
              for (auto& [name, m] : t.model) tables[name] = &m;
              oracle::naive_transact_write(tables, actions);
            } else if (kind == 2) {
              rc_require(check_transact_get(t.models(), t.tables(), *gen_transact_gets(t.named())));
            } else {
              rc_require(check_batch_get(t.models(), t.tables(), *gen_batch_get(t.named())));
            }
            for (const auto& [name, m] : t.model) {
              auto what = [step, &name] { return fmt::format("step {} (table {})", step, name); };
              rc_require(check_index_contents(m, t.engine.at(name), what));
            }
          }
        });

  c.add("query", "transaction_all_or_nothing",
        "a TransactWriteItems in which one action's condition is surely false (attribute_exists "
        "of the partition key on a missing item, attribute_not_exists on a held one) is never "
        "applied: it is refused, or cancelled with that action's reason ConditionalCheckFailed "
        "unless an item-level ValidationError is the only reason given; and no table changes",
        [] {
          TwoTables t = load_two_tables();
          auto actions = *gen_transact_writes(t.named());
          RC_PRE(!actions.empty());
          const std::size_t doomed = uniform_index(actions.size());
          oracle::NTxWrite& d = actions[doomed];
          const NaiveTable& m = t.model.at(d.table);
          const NItem key = d.kind == oracle::NTxWrite::Kind::kPut
                                ? oracle::naive_table_key(m.schema(), d.item)
                                : d.item;
          d.condition = surely_false_condition(m, key);
          const auto rendered =
              render_transact_writes(actions, *rc::gen::arbitrary<std::uint64_t>());
          const auto got = transact_write(t.tables(), rendered);
          if (got) {
            RC_ASSERT(got->cancelled);
            RC_ASSERT(got->reasons.size() == actions.size());
            int validation = 0;
            for (const CancellationReason& r : got->reasons) {
              validation += r.code == CancellationReason::Code::kValidationError ? 1 : 0;
            }
            if (validation == 0) {
              RC_ASSERT(got->reasons[doomed].code ==
                        CancellationReason::Code::kConditionalCheckFailed);
            } else {
              RC_ASSERT(validation == 1);
              for (const CancellationReason& r : got->reasons) {
                RC_ASSERT(r.code != CancellationReason::Code::kConditionalCheckFailed);
              }
            }
          }
          rc_require(check_same_tables(t.models(), t.tables(), "the doomed transaction"));
        });
}

}  // namespace

void add_transaction_properties(Catalog& c) { add_transaction_entries(c); }

}  // namespace sortkey::props
