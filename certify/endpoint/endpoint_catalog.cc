// The endpoint's catalog (endpoint_catalog.h): each property, its statement
// and the case it draws. The generators (generators.h) draw the cases; the
// session (session.cc) runs them on its lanes and judges the properties.

#include "certify/endpoint/endpoint_catalog.h"

#include <fmt/format.h>
#include <rapidcheck.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "certify/endpoint/connections.h"
#include "certify/endpoint/edge_values.h"
#include "certify/endpoint/generators.h"
#include "certify/endpoint/session_internal.h"
#include "properties/gen/query_gen.h"
#include "properties/gen/write_gen.h"
#include "properties/props/outcome.h"

namespace sortkey::certify::endpoint {

using oracle::NItem;
using oracle::NSchema;
using Impl = EndpointSession::Impl;

namespace {

// ---------------------------------------------------------------- cases on a loaded table

// A case on a table loaded with generated items, as drawn: what the lane
// loads, and what it checks once the table holds what `after` holds.
struct LoadedCase {
  LoadedCase(int shape_of, const NSchema& schema_of, std::vector<NItem> items_of)
      : shape(shape_of),
        schema(&schema_of),
        items(std::move(items_of)),
        after(predicted(schema_of, items)) {}

  int shape;  // its position in table_shapes(), -1 for strategy_schema()
  const NSchema* schema;
  std::vector<NItem> items;
  oracle::NaiveTable after;  // the oracle once loaded: the requests are drawn against it
  // The checks, `model` holding what the loaded table holds; they may change both.
  std::function<void(Lane&, const std::string& table, oracle::NaiveTable& model)> check;
};

// A shape of table_shapes() and items generated for it.
LoadedCase draw_shaped_table() {
  const int shape = *rc::gen::inRange(0, static_cast<int>(table_shapes().size()));
  const NSchema& schema = table_shapes()[static_cast<std::size_t>(shape)];
  return LoadedCase(shape, schema, gen_items(schema));
}

// Draws one to `most` requests with `gen` against `drawn.after`; the case's
// checks become `check` of each, in the order drawn.
template <class Gen, class Check>
void draw_requests(LoadedCase& drawn, int most, Gen gen, Check check) {
  std::vector<decltype(gen(drawn.after))> requests;
  for (int i = *rc::gen::inRange(1, most + 1); i > 0; --i) requests.push_back(gen(drawn.after));
  drawn.check = [requests, check](Lane& lane, const std::string& table, oracle::NaiveTable& model) {
    for (const auto& r : requests) check(lane, table, model, r);
  };
}

// The lane's part of a loaded case: the table emptied and loaded, then the
// checks; a table that cannot be brought to match the oracle ends the case.
CasePool::Body loaded_body(const LoadedCase& drawn) {
  return [shape = drawn.shape, schema = drawn.schema, items = drawn.items,
          check = drawn.check](Lane& lane) {
    const std::string table = lane.table_for(shape, *schema);
    oracle::NaiveTable model(*schema);
    if (!lane.workload().load(table, model, items, lane.observer())) {
      lane.retire_table(shape);
      return;
    }
    check(lane, table, model);
  };
}

// The skeleton of every property on a loaded table: each case `draw` draws
// (under RapidCheck, tagged through `s`) runs on a lane as loaded_body.
void add_loaded_property(Impl& s, const std::string& name, const std::string& statement,
                         LoadedCase (*draw)(Impl&)) {
  s.catalog.add("endpoint", name, statement, [&s, id = "endpoint/" + name, draw] {
    s.run_case(id, [&]() -> CasePool::Body { return loaded_body(draw(s)); });
  });
}

template <class Spec>
Spec plus_dropped(Spec spec) {
  drop_plus(spec);
  return spec;
}

void check_query(Lane& lane, const std::string& table, oracle::NaiveTable& model,
                 const props::QuerySpec& q) {
  lane.workload().check_query(table, model, q, lane.observer());
}

void check_scan(Lane& lane, const std::string& table, oracle::NaiveTable& model,
                const props::ScanSpec& q) {
  lane.workload().check_scan(table, model, q, lane.observer());
}

// A request whose fault a known divergence of outcome no_answer names is not
// sent (connections.h).
void check_invalid(Lane& lane, const std::string& table, oracle::NaiveTable& model,
                   const props::PlantedRequest& r) {
  if (!lane.known_unanswered(table, model, r))
    lane.workload().check_invalid(table, model, r, lane.observer());
}

// The lane's part of a write script on an emptied table of `shape`.
CasePool::Body script_body(int shape, const NSchema& schema, std::vector<props::WriteStep> steps) {
  return [shape, &schema, steps = std::move(steps)](Lane& lane) {
    const std::string table = lane.table_for(shape, schema);
    oracle::NaiveTable model(schema);
    if (!lane.workload().check_script(table, model, steps, lane.observer()))
      lane.retire_table(shape);
  };
}

// ---------------------------------------------------------------- the cases

// Queries, and in a few cases a PutItem of a Number spelled with '+' after them.
LoadedCase draw_query_case(Impl& s) {
  LoadedCase drawn = draw_shaped_table();
  draw_requests(
      drawn, 3, [](const oracle::NaiveTable& t) { return plus_dropped(gen_query_spec(t)); },
      check_query);
  const std::optional<NItem> plus = gen_plus_write(drawn.after);
  s.tag(fmt::format("shape {}", drawn.shape));
  if (plus) {
    drawn.check = [queries = drawn.check, item = *plus](Lane& lane, const std::string& table,
                                                        oracle::NaiveTable& model) {
      queries(lane, table, model);
      lane.workload().check_write(table, model, item, lane.observer());
    };
  }
  return drawn;
}

LoadedCase draw_scan_case(Impl&) {
  LoadedCase drawn = draw_shaped_table();
  draw_requests(
      drawn, 2, [](const oracle::NaiveTable& t) { return plus_dropped(gen_scan_spec(t)); },
      check_scan);
  return drawn;
}

LoadedCase draw_key_strategies_case(Impl&) {
  LoadedCase drawn(-1, strategy_schema(), gen_strategy_items());
  draw_requests(
      drawn, 3, [](const oracle::NaiveTable& t) { return plus_dropped(gen_strategy_query(t)); },
      check_query);
  return drawn;
}

// Case k of the run plants kind k / 4 on shape k % 4 until every kind met
// every shape, whatever the seed (a kind that needs a shape, such as a start
// key on a table without sort key, is met early by every run); the cases
// after it draw both.
LoadedCase draw_invalid_requests_case(Impl& s) {
  const int k = s.exploration["endpoint/invalid_requests"].cases - 1;
  const int shapes = static_cast<int>(table_shapes().size());
  std::optional<int> kind;
  if (k < invalid_request_kinds() * shapes) kind = k / shapes;
  LoadedCase drawn =
      kind ? LoadedCase(k % shapes, table_shapes()[static_cast<std::size_t>(k % shapes)],
                        gen_items(table_shapes()[static_cast<std::size_t>(k % shapes)]))
           : draw_shaped_table();
  draw_requests(
      drawn, 4, [kind](const oracle::NaiveTable& t) { return gen_invalid_request(t, kind); },
      check_invalid);
  s.tag(fmt::format("shape {}", drawn.shape));
  return drawn;
}

// The sweep of boundary values (edge_values.h): case k of the run takes
// family k on shape k (modulo the shapes), so every run meets the same
// edges first whatever its seed; the cases after it join two atoms of the
// sweep on a drawn shape.
LoadedCase draw_edge_values_case(Impl& s) {
  const int k = s.exploration["endpoint/edge_values"].cases - 1;
  const int families = edge_value_families();
  const int shapes = static_cast<int>(table_shapes().size());
  const bool swept = k >= families;
  const int shape = swept ? *rc::gen::inRange(0, shapes) : k % shapes;
  const NSchema& schema = table_shapes()[static_cast<std::size_t>(shape)];
  LoadedCase drawn(shape, schema, edge_value_items(schema, swept ? -1 : k));
  s.tag(swept ? "drawn" : "sweep");
  if (!swept) s.tag(edge_value_family_name(k));
  drawn.check = [scans = swept ? gen_edge_value_scans() : edge_value_scans(k)](
                    Lane& lane, const std::string& table, oracle::NaiveTable& model) {
    for (const props::ScanSpec& scan : scans) check_scan(lane, table, model, scan);
  };
  return drawn;
}

// A partition over 1 MB, and a Query paged through it both with and
// without Limit: the two read its 1 MB pages apart (a divergence of one is
// not one of the other), and a case meets both; the Limit the drawn Query
// lacks is one the 1 MB cut comes before.
LoadedCase draw_large_case() {
  LoadedCase drawn(0, table_shapes()[0], gen_large_items());
  const props::QuerySpec q = gen_large_query();
  props::QuerySpec other = q;
  if (q.limit) {
    other.limit.reset();
  } else {
    other.limit = 8;  // more than the partition holds: 1 MB ends the page, not Limit
  }
  drawn.check = [q, other](Lane& lane, const std::string& table, oracle::NaiveTable& model) {
    lane.workload().check_large_query(table, model, q, lane.observer());
    lane.workload().check_large_query(table, model, other, lane.observer());
  };
  return drawn;
}

// A shape of table_shapes() or of local_index_shapes(), and items for it.
LoadedCase draw_any_shape() {
  const int plain = static_cast<int>(table_shapes().size());
  const int pick = *rc::gen::inRange(0, plain + static_cast<int>(local_index_shapes().size()));
  const int shape = pick < plain ? pick : kLocalShapes + pick - plain;
  const NSchema& schema = shape_schema(shape);
  return LoadedCase(shape, schema, gen_items(schema));
}

// One to three writes drawn by `gen` one after the other, each against the
// oracle as the ones before leave it.
LoadedCase draw_writes_case(Impl& s, ExpressionWrite (*gen)(const oracle::NaiveTable&)) {
  LoadedCase drawn = draw_any_shape();
  oracle::NaiveTable m = drawn.after;
  std::vector<ExpressionWrite> writes;
  for (int i = *rc::gen::inRange(1, 4); i > 0; --i) {
    writes.push_back(gen(m));
    expect_write(m, writes.back());
  }
  s.tag(fmt::format("shape {}", drawn.shape));
  drawn.check = [writes](Lane& lane, const std::string& table, oracle::NaiveTable& model) {
    for (const ExpressionWrite& w : writes)
      lane.workload().check_expression_write(table, model, w, lane.observer());
  };
  return drawn;
}

LoadedCase draw_update_case(Impl& s) { return draw_writes_case(s, gen_update_write); }
LoadedCase draw_conditional_case(Impl& s) { return draw_writes_case(s, gen_conditional_write); }

// Queries and Scans of the local index shapes: on a local index, strongly
// consistent now and then, and with Select ALL_ATTRIBUTES (the attributes
// it does not project fetched from the table; without a filter, whose
// reading of attributes not projected is unsettled, oracles/naive_unsettled.h).
LoadedCase draw_local_index_case(Impl& s) {
  const int i = *rc::gen::inRange(0, static_cast<int>(local_index_shapes().size()));
  const NSchema& schema = shape_schema(kLocalShapes + i);
  LoadedCase drawn(kLocalShapes + i, schema, gen_items(schema));
  const auto local = [&schema](const std::string& index) {
    for (const oracle::NIndex& x : schema.indexes) {
      if (x.name == index) return x.local;
    }
    return false;
  };
  std::vector<props::QuerySpec> queries;
  for (int n = *rc::gen::inRange(1, 4); n > 0; --n) {
    props::QuerySpec q = plus_dropped(gen_query_spec(drawn.after));
    if (local(q.index)) {
      q.consistent = *rc::gen::arbitrary<bool>();
      q.all_attributes = !q.count_only && props::chance(50);
      if (q.all_attributes) q.filter.reset();
    }
    queries.push_back(q);
  }
  props::ScanSpec scan = plus_dropped(gen_scan_spec(drawn.after));
  if (local(scan.index)) scan.consistent = *rc::gen::arbitrary<bool>();
  s.tag(fmt::format("shape {}", drawn.shape));
  drawn.check = [queries, scan](Lane& lane, const std::string& table, oracle::NaiveTable& model) {
    for (const props::QuerySpec& q : queries) check_query(lane, table, model, q);
    check_scan(lane, table, model, scan);
  };
  return drawn;
}

// ---------------------------------------------------------------- the properties

void add_query_property(Impl& s) {
  add_loaded_property(
      s, "query",
      "generated items (full Unicode, high-byte binary, every spelling of numbers, wrong key "
      "types) are accepted or rejected as DynamoDB does, and every page of generated Queries on "
      "tables and sparse GSIs matches the oracle",
      draw_query_case);
}

void add_scan_property(Impl& s) {
  add_loaded_property(
      s, "scan",
      "every page of generated Scans of tables and sparse GSIs, with filters and Limit, matches "
      "the oracle; partitions in any order, each in one piece and in sort-key order",
      draw_scan_case);
}

void add_edge_values_property(Impl& s) {
  add_loaded_property(
      s, "edge_values",
      "a filter of every operator over the boundary values of each type (empty String and "
      "Binary, BOOL false, NULL, zero and the extreme Numbers, characters above U+FFFF, bytes "
      "0x00 and 0xFF, empty and one-element lists, maps and sets) keeps the items the oracle "
      "keeps; swept in a fixed order before any drawn case, so that every run meets the same "
      "edges first",
      draw_edge_values_case);
}

void add_key_strategies_property(Impl& s) {
  add_loaded_property(
      s, "key_strategies",
      "the guides' key designs built by sortkey's codecs (padded, inverse, ISO-8601, composite, "
      "STATUS#DATE in a sparse index, KSUID, ULID, normalized names) come back in the order and "
      "ranges the oracle gives for begins_with, BETWEEN, <= and >=, both directions, exact-limit "
      "pages and empty ranges",
      draw_key_strategies_case);
}

void add_invalid_requests_property(Impl& s) {
  add_loaded_property(
      s, "invalid_requests",
      "Queries DynamoDB refuses with a ValidationException are refused, from the model's "
      "generator (query/rejects_invalid_requests): BETWEEN bounds reversed (in UTF-8 order, "
      "though in order in UTF-16), Select ALL_PROJECTED_ATTRIBUTES on a table, "
      "SPECIFIC_ATTRIBUTES without a projection, a ProjectionExpression with another Select, "
      "overlapping or conflicting projections, malformed start keys and start keys on tables "
      "without sort key, operands that are not distinct, refused key conditions and filters",
      draw_invalid_requests_case);
}

// The sweep of the size limits (props::limit_sweep_writes): case k of the
// run takes the k-th script that is not empty over the table shapes (every
// script, multibyte keys first, on every shape), so
// that every run meets each limit first whatever its seed; nullopt after it.
std::optional<CasePool::Body> limits_sweep_case(Impl& s) {
  static const std::vector<std::pair<int, int>> sweep = [] {
    std::vector<std::pair<int, int>> all;
    // Multibyte text first: the class most endpoints count otherwise, met
    // even by a run whose budget leaves the property a few cases.
    for (int script : {1, 0, 3, 2, 4}) {
      for (int shape = 0; shape < static_cast<int>(table_shapes().size()); ++shape) {
        if (!props::limit_sweep_writes(table_shapes()[static_cast<std::size_t>(shape)], script)
                 .empty())
          all.emplace_back(shape, script);
      }
    }
    return all;
  }();
  const int k = s.exploration["endpoint/limits"].cases - 1;
  if (k < 0 || k >= static_cast<int>(sweep.size())) return std::nullopt;
  const auto [shape, script] = sweep[static_cast<std::size_t>(k)];
  const NSchema& schema = table_shapes()[static_cast<std::size_t>(shape)];
  s.tag("sweep");
  s.tag(fmt::format("shape {}", shape));
  return script_body(shape, schema, props::limit_sweep_writes(schema, script));
}

void add_limits_property(Impl& s) {
  s.catalog.add(
      "endpoint", "limits",
      "keys and items at DynamoDB's size limits (partition keys of 2047 to 2049 bytes, sort "
      "keys of 1023 to 1025, index keys at the same limits, items of 400 KB minus one, exactly "
      "and plus one byte, ASCII, multibyte and binary) and Numbers in every spelling DynamoDB "
      "accepts and refuses (0e126 refused, 0.0e126 accepted) are stored or refused as "
      "DynamoDB does and read back; partitions over 1 MB are paged with and without Limit by "
      "DynamoDB's 1 MB rule; a fixed sweep of every key and item limit of each table shape, "
      "in ASCII, multibyte and binary, comes before any drawn case, so that every run meets "
      "each limit first",
      [&s] {
        s.run_case("endpoint/limits", [&]() -> CasePool::Body {
          if (auto swept = limits_sweep_case(s)) return std::move(*swept);
          const int kind = *rc::gen::weightedElement<int>({{5, 0}, {4, 1}, {1, 2}});
          s.tag(kind == 0 ? "sizes" : (kind == 1 ? "numbers" : "over 1 MB"));
          if (kind == 2) return loaded_body(draw_large_case());
          const int shape =
              kind == 1 ? 1 : *rc::gen::inRange(0, static_cast<int>(table_shapes().size()));
          const NSchema& schema = table_shapes()[static_cast<std::size_t>(shape)];
          // Numbers keep their '+': refusing it is one of the spellings under test.
          auto steps =
              kind == 1 ? *props::gen_number_writes(schema) : *props::gen_limit_writes(schema);
          if (kind == 0) drop_plus(steps);
          return script_body(shape, schema, std::move(steps));
        });
      });
}

void add_writes_property(Impl& s) {
  s.catalog.add(
      "endpoint", "writes",
      "the writes the guides' designs rely on answer as DynamoDB does: PutItem with "
      "attribute_not_exists for uniqueness (ConditionalCheckFailedException on a key held), "
      "UpdateItem of index key attributes (the item moves in, out of and within the index), "
      "DeleteItem, BatchWriteItem all or none, GetItem strongly consistent or not; the table "
      "and each index then hold what the oracle holds",
      [&s] {
        s.run_case("endpoint/writes", [&]() -> CasePool::Body {
          const int shape = *rc::gen::inRange(-1, static_cast<int>(table_shapes().size()));
          const NSchema& schema =
              shape < 0 ? strategy_schema() : table_shapes()[static_cast<std::size_t>(shape)];
          auto steps = *props::gen_seed_writes(schema);
          drop_plus(steps);
          s.tag(fmt::format("shape {}", shape));
          return script_body(shape, schema, std::move(steps));
        });
      });
}

void add_updates_property(Impl& s) {
  add_loaded_property(
      s, "updates",
      "UpdateItem over the full UpdateExpression grammar (SET with + and -, if_not_exists, "
      "list_append, nested paths and list indexes; REMOVE; ADD; DELETE), on items held and not, "
      "with every ReturnValues, answers as the oracle does (verdict, attributes returned); the "
      "item read back is the oracle's, and every index it was or is in holds the oracle's "
      "entries (it moves in and out of sparse global and local indexes)",
      draw_update_case);
}

void add_conditional_writes_property(Impl& s) {
  add_loaded_property(
      s, "conditional_writes",
      "PutItem, UpdateItem and DeleteItem with ConditionExpressions true and false on the item "
      "(attribute_exists and attribute_not_exists of the key among them) answer as the oracle "
      "does: a false condition is ConditionalCheckFailedException, returns the item with "
      "ReturnValuesOnConditionCheckFailure ALL_OLD and changes nothing; a true one writes",
      draw_conditional_case);
}

void add_local_indexes_property(Impl& s) {
  add_loaded_property(
      s, "local_indexes",
      "tables with sparse local secondary indexes (KEYS_ONLY, INCLUDE, ALL) beside a global one "
      "are created; every page of Queries and Scans of them matches the oracle, strongly "
      "consistent or not, and Select ALL_ATTRIBUTES fetches what the index does not project",
      draw_local_index_case);
}

// One or two tables (two shapes of table_shapes() and local_index_shapes()),
// each loaded with generated items, then one to three transactions or
// BatchGetItems, each drawn against the oracle as the ones before leave it.
CasePool::Body draw_transaction_case(Impl& s) {
  const int plain = static_cast<int>(table_shapes().size());
  const int count = plain + static_cast<int>(local_index_shapes().size());
  const auto shape_of = [plain](int pick) {
    return pick < plain ? pick : kLocalShapes + pick - plain;
  };
  std::vector<int> shapes = {shape_of(*rc::gen::inRange(0, count))};
  if (*rc::gen::arbitrary<bool>()) {
    const int other = shape_of(*rc::gen::inRange(0, count));
    if (other != shapes[0]) shapes.push_back(other);
  }
  std::vector<std::vector<NItem>> items;
  std::vector<oracle::NaiveTable> models;
  for (const int shape : shapes) {
    items.push_back(gen_items(shape_schema(shape)));
    models.push_back(predicted(shape_schema(shape), items.back()));
  }
  std::vector<TransactionRequest> requests;
  for (int n = *rc::gen::inRange(1, 4); n > 0; --n) {
    std::vector<props::NamedModel> named;
    for (std::size_t i = 0; i < models.size(); ++i) {
      named.push_back(
          {fmt::format("t{}", i), std::make_shared<const oracle::NaiveTable>(models[i])});
    }
    requests.push_back(gen_transaction(named));
    oracle::NTables tables;
    for (std::size_t i = 0; i < models.size(); ++i) tables[fmt::format("t{}", i)] = &models[i];
    expect_transaction(tables, requests.back());
  }
  s.tag(fmt::format("{} table{}", shapes.size(), shapes.size() == 1 ? "" : "s"));
  return [shapes, items, requests](Lane& lane) {
    std::vector<oracle::NaiveTable> held;
    held.reserve(shapes.size());
    Workload::TxTables tables;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      const NSchema& schema = shape_schema(shapes[i]);
      const std::string table = lane.table_for(shapes[i], schema);
      held.emplace_back(schema);
      if (!lane.workload().load(table, held.back(), items[i], lane.observer())) {
        lane.retire_table(shapes[i]);
        return;
      }
      tables[fmt::format("t{}", i)] = Workload::TxTable{table, &held.back()};
    }
    for (const TransactionRequest& r : requests)
      lane.workload().check_transaction(tables, r, lane.observer());
  };
}

void add_transactions_property(Impl& s) {
  s.catalog.add(
      "endpoint", "transactions",
      "TransactWriteItems of Put, Update, Delete and ConditionCheck actions over one or two "
      "tables, with conditions true and false, is all or nothing: applied as the oracle applies "
      "it, or cancelled (TransactionCanceledException with a CancellationReason per action, in "
      "order: ConditionalCheckFailed or None, a failed condition's with the item found under "
      "ReturnValuesOnConditionCheckFailure ALL_OLD) or refused (ValidationException: one item "
      "twice, no action) changing nothing, each item read back and each index it was or is in "
      "Scanned; TransactGetItems answers the oracle's items in request order and BatchGetItem "
      "the oracle's items per table as sets, its UnprocessedKeys followed up",
      [&s] {
        s.run_case("endpoint/transactions",
                   [&]() -> CasePool::Body { return draw_transaction_case(s); });
      });
}

void add_known_divergences_property(Impl& s) {
  s.catalog.add(
      "endpoint", "known_divergences",
      "every entry of the known-divergences file still reproduces on a fresh table (an entry the "
      "endpoint no longer needs fails the run, so the file stays true)",
      [&s] {
        s.stop_if_fatal("endpoint/known_divergences");
        if (s.fatal || s.stopped) return;
        if (!s.known_verdict) {
          try {
            s.known_verdict = s.check_known();
          } catch (const dynamodb::TransportError& e) {
            s.fatal = fatal_text(e) + " (during endpoint/known_divergences)";
            s.known_verdict = "the run cannot go on: " + *s.fatal;
          }
        }
        if (!s.known_verdict->empty()) props::rc_require(props::Outcome::fails(*s.known_verdict));
        // Passed: the next case stops RapidCheck, and those of shrinking pass.
        if (!s.known_stopped) {
          if (s.known_checked) {
            s.known_stopped = true;
            props::rc_require(props::Outcome::fails(kKnownReplayed));
          }
          s.known_checked = true;
        }
      });
}

}  // namespace

void add_endpoint_properties(Impl& s) {
  add_query_property(s);
  add_scan_property(s);
  add_edge_values_property(s);
  add_key_strategies_property(s);
  add_invalid_requests_property(s);
  add_limits_property(s);
  add_writes_property(s);
  add_updates_property(s);
  add_conditional_writes_property(s);
  add_local_indexes_property(s);
  add_transactions_property(s);
  // Without a file there is nothing to replay: no row that would read as
  // entries checked.
  if (!s.options.known_divergences.empty()) add_known_divergences_property(s);
}

}  // namespace sortkey::certify::endpoint
