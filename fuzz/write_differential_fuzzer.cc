// Differential target of the write path: the engine (sortkey/table.h,
// sortkey/update.h) against the naive oracle (oracles/naive_query.h,
// oracles/naive_update.h) on a table with global and local secondary
// indexes, and a sequence of writes and reads, all decoded from the input
// (query_source.h for the schema and the reads, write_source.h for the
// writes, whose values are few and small so that writes collide).
// Input (hex_input.h: raw bytes, or "x:" and readable hex):
//   schema     QuerySource::schema(true): the table key, one or two sparse
//              GSIs, then (with a table sort key) zero to two sparse LSIs,
//              each with its projection
//   then up to 24 steps (the input ends after its fourth Query or Scan),
//   each an op byte (op % 10) and its bytes:
//     0        PutItem (WriteSource::put); bits 0-1 of op / 10: ReturnValues
//              ALL_OLD, ReturnValuesOnConditionCheckFailure ALL_OLD
//     1        PutItem with a ConditionExpression, the same ReturnValues
//     2-3      UpdateItem (WriteSource::update_request): one to three
//              actions of SET (=, +, -, if_not_exists, list_append, nested
//              paths and list indexes), REMOVE, ADD (Numbers, SS, NS, BS)
//              and DELETE; an optional ConditionExpression; ReturnValues
//     4        DeleteItem, with an optional ConditionExpression and ALL_OLD
//     5        GetItem of a key held (mostly) or fresh
//     6-7      Query of the table or an index (QuerySource::query); on a
//              local index one more byte: bit 0 ConsistentRead, bit 1
//              Select ALL_ATTRIBUTES (fetches what it does not project)
//     8        Scan of the table or an index (QuerySource::scan)
//     9        TransactWriteItems (sortkey/transaction.h) on the table:
//              a count byte (1 + b % 3), then per action a byte (b % 4: Put,
//              Update, Delete, ConditionCheck; bit 2 ALL_OLD on a failed
//              condition; bit 3 a Put's condition) and its write's bytes;
//              checked by check_transact_write (transaction_props.h): the
//              verdict, the reasons in order, all or nothing
// Checks, with the property functions of properties/props/:
//   * every write, as the engine answers it against the oracle: the same
//     verdict (accepted, ValidationException, ConditionalCheckFailed), the
//     same ReturnValues (or item of a failed condition), the same item under
//     the key afterwards (check_update_item, check_delete_item,
//     check_put_item, update_props.h);
//   * after every write, every index (global and local) holds as many items
//     as the oracle's and exactly the oracle's entries, projected
//     (check_counts, check_index_contents, query_page_props.h);
//   * GetItem the oracle's item (check_get_item); every Query and Scan the
//     oracle's pages (check_query, check_scan).
// A failure prints the schema and every step decoded up to it, with the
// expression texts the engine was given.

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cstdint>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/byte_source.h"
#include "fuzz/engine_defaults.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/hex_input.h"
#include "fuzz/query_source.h"
#include "fuzz/show_input.h"
#include "fuzz/write_source.h"
#include "oracles/naive_query.h"
#include "oracles/naive_transaction.h"
#include "oracles/naive_update.h"
#include "properties/props/common.h"
#include "properties/props/query_props.h"
#include "properties/props/transaction_props.h"
#include "properties/props/update_props.h"
#include "sortkey/table.h"
#include "sortkey/update.h"

namespace {

using namespace sortkey;
using oracle::NItem;

constexpr int kMaxSteps = 24;
constexpr int kMaxReads = 4;
constexpr int kOps = 10;
// TransactWriteItems: one to three actions on the table.
constexpr int kTransactOp = 9;
constexpr const char* kTableName = "T";

struct Step {
  enum class Kind { kPut, kUpdate, kDelete, kGet, kQuery, kScan, kTransact } kind = Kind::kPut;
  std::vector<oracle::NTxWrite> actions;  // kTransact
  props::PutSpec put;
  oracle::NUpdateRequest update;
  std::uint64_t style = 0;
  props::DeleteSpec del;
  NItem key;  // GetItem
  props::QuerySpec query;
  props::ScanSpec scan;

  std::string show() const {
    std::ostringstream os;
    switch (kind) {
      case Kind::kPut: {
        os << "PutItem " << oracle::naive_show(put.item);
        if (put.condition) {
          ExpressionAttributes attrs;
          os << " IF " << oracle::naive_show(*put.condition) << " (text \""
             << props::render_filter(*put.condition, put.style, attrs) << "\")";
        }
        if (put.all_old) os << " ReturnValues ALL_OLD";
        if (put.old_on_failure) os << ", ALL_OLD on a failed condition";
        break;
      }
      case Kind::kUpdate: {
        static const char* const kReturns[] = {"NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW",
                                               "UPDATED_NEW"};
        const UpdateItemRequest r = props::render_update_request(update, style);
        os << "UpdateItem " << oracle::naive_show(update.key) << " "
           << (update.update ? oracle::naive_show(*update.update) : "(no UpdateExpression)");
        if (update.condition) os << " IF " << oracle::naive_show(*update.condition);
        os << " ReturnValues " << kReturns[static_cast<int>(update.return_values)]
           << (update.old_on_failure ? ", ALL_OLD on a failed condition" : "");
        if (r.update_expression) os << " (text \"" << *r.update_expression << "\"";
        if (r.condition) os << (r.update_expression ? ", " : " (") << "\"" << *r.condition << "\"";
        if (r.update_expression || r.condition) os << ")";
        break;
      }
      case Kind::kDelete:
        os << "DeleteItem " << oracle::naive_show(del.key);
        if (del.condition) os << " IF " << oracle::naive_show(*del.condition);
        if (del.all_old) os << " ReturnValues ALL_OLD";
        if (del.old_on_failure) os << ", ALL_OLD on a failed condition";
        break;
      case Kind::kGet:
        os << "GetItem " << oracle::naive_show(key);
        break;
      case Kind::kQuery:
        os << query;
        break;
      case Kind::kScan:
        os << scan;
        break;
      case Kind::kTransact: {
        os << "TransactWriteItems [";
        static const char* const kKinds[] = {"Put", "Update", "Delete", "ConditionCheck"};
        for (std::size_t i = 0; i < actions.size(); ++i) {
          const oracle::NTxWrite& a = actions[i];
          os << (i > 0 ? "; " : "") << kKinds[static_cast<int>(a.kind)] << " "
             << oracle::naive_show(a.item);
          if (a.update) os << " " << oracle::naive_show(*a.update);
          if (a.condition) os << " IF " << oracle::naive_show(*a.condition);
          if (a.old_on_failure) os << " (ALL_OLD on a failed condition)";
        }
        os << "] style " << style;
        break;
      }
    }
    return os.str();
  }
};

// What a step works on: the input, the engine's table and the oracle's, and
// how to show the steps so far when a check fails.
struct Run {
  fuzz::QuerySource& in;
  fuzz::WriteSource& writes;
  Table& table;
  oracle::NaiveTable& model;
  const std::function<std::string()>& show;
};

// After every write: the counts and the contents of every index.
void check_indexes(Run& r) {
  fuzz::check(props::check_counts(r.model, r.table, "the last step"), "write/counts", r.show);
  fuzz::check(props::check_index_contents(r.model, r.table, [] { return "the last step"; }),
              "write/index_contents", r.show);
}

const char* verdict_name(oracle::NWriteAnswer::Verdict v) {
  switch (v) {
    case oracle::NWriteAnswer::Verdict::kOk:
      return "accepted";
    case oracle::NWriteAnswer::Verdict::kRefused:
      return "refused";
    case oracle::NWriteAnswer::Verdict::kConditionFailed:
      return "condition failed";
  }
  return "?";
}

// One to three actions drawn as the single-item writes are: a Put (with its
// condition), an Update (its key, UpdateExpression and condition), a Delete
// (its key and condition) or a ConditionCheck (a key and a Put's condition);
// an action that cannot be formed (an Update without UpdateExpression, a
// ConditionCheck without condition) is left out.
std::vector<oracle::NTxWrite> transact_actions(Run& r) {
  std::vector<oracle::NTxWrite> out;
  const int n = 1 + r.in.byte() % 3;
  for (int i = 0; i < n && !r.in.empty(); ++i) {
    const int kind = r.in.byte();
    oracle::NTxWrite a;
    a.table = kTableName;
    a.kind = static_cast<oracle::NTxWrite::Kind>(kind % 4);
    a.old_on_failure = (kind & 4) != 0;
    switch (a.kind) {
      case oracle::NTxWrite::Kind::kPut: {
        const props::PutSpec put = r.writes.put(r.model, (kind & 8) != 0);
        a.item = put.item;
        a.condition = put.condition;
        break;
      }
      case oracle::NTxWrite::Kind::kUpdate: {
        const oracle::NUpdateRequest u = r.writes.update_request(r.model);
        if (!u.update) continue;
        a.item = u.key;
        a.update = u.update;
        a.condition = u.condition;
        break;
      }
      case oracle::NTxWrite::Kind::kDelete: {
        const props::DeleteSpec d = r.writes.delete_spec(r.model);
        a.item = d.key;
        a.condition = d.condition;
        break;
      }
      case oracle::NTxWrite::Kind::kConditionCheck: {
        a.item = r.writes.table_key(r.model);
        a.condition = r.writes.put(r.model, true).condition;
        if (!a.condition) continue;
        break;
      }
    }
    out.push_back(std::move(a));
  }
  return out;
}

// One step; returns what it did, for SORTKEY_FUZZ_SHOW.
std::string run_step(Run& r, int op_byte, Step& step, int& reads) {
  const int op = op_byte % kOps;
  switch (op) {
    case 0:
    case 1: {
      step.kind = Step::Kind::kPut;
      step.put = r.writes.put(r.model, op == 1);
      step.put.all_old = (op_byte / kOps & 1) != 0;
      step.put.old_on_failure = (op_byte / kOps & 2) != 0;
      fuzz::check(props::check_put_item(r.model, r.table, step.put), "write/put_item", r.show);
      const auto answer = props::oracle_put_item(r.model, step.put);
      check_indexes(r);
      return verdict_name(answer.verdict);
    }
    case 2:
    case 3: {
      step.kind = Step::Kind::kUpdate;
      step.update = r.writes.update_request(r.model);
      step.style = r.writes.style();
      fuzz::check(props::check_update_item(r.model, r.table, step.update, step.style),
                  "write/update_item", r.show);
      const auto answer = oracle::naive_update_item(r.model, step.update);
      check_indexes(r);
      return verdict_name(answer.verdict);
    }
    case 4: {
      step.kind = Step::Kind::kDelete;
      step.del = r.writes.delete_spec(r.model);
      fuzz::check(props::check_delete_item(r.model, r.table, step.del), "write/delete_item",
                  r.show);
      const auto answer = oracle::naive_delete_item(
          r.model, step.del.key, step.del.condition,
          step.del.all_old ? oracle::NReturn::kAllOld : oracle::NReturn::kNone,
          step.del.old_on_failure);
      check_indexes(r);
      return verdict_name(answer.verdict);
    }
    case 5:
      step.kind = Step::Kind::kGet;
      step.key = r.writes.table_key(r.model);
      fuzz::check(props::check_get_item(r.model, r.table, step.key), "write/get_item", r.show);
      return r.model.get(step.key) ? "held" : "none";
    case 6:
    case 7: {
      ++reads;
      step.kind = Step::Kind::kQuery;
      step.query = r.in.query(r.model);
      if (const oracle::NIndex* index = r.model.index_named(step.query.index);
          index != nullptr && index->local) {
        const std::uint8_t flags = r.in.byte();
        step.query.consistent = (flags & 1) != 0;
        step.query.all_attributes = !step.query.count_only && (flags & 2) != 0;
      }
      fuzz::check(props::check_query(r.model, r.table, step.query), "write/query_matches_oracle",
                  r.show);
      return fmt::format(
          "the key range holds {} entries",
          r.model.key_range(step.query.index, step.query.key, step.query.forward).size());
    }
    case 8:
      ++reads;
      step.kind = Step::Kind::kScan;
      step.scan = r.in.scan(r.model);
      fuzz::check(props::check_scan(r.model, r.table, step.scan), "write/scan_matches_oracle",
                  r.show);
      return fmt::format("the target holds {} entries", r.model.entries(step.scan.index).size());
    default: {
      static_assert(kTransactOp == kOps - 1);
      step.kind = Step::Kind::kTransact;
      step.actions = transact_actions(r);
      step.style = r.writes.style();
      fuzz::check(props::check_transact_write({{kTableName, &r.model}}, {{kTableName, &r.table}},
                                              step.actions, step.style),
                  "write/transact_write", r.show);
      const auto answer = oracle::naive_transact_write({{kTableName, &r.model}}, step.actions);
      check_indexes(r);
      static const char* const kVerdicts[] = {"applied", "refused", "cancelled"};
      return kVerdicts[static_cast<int>(answer.verdict)];
    }
  }
}

}  // namespace

// -entropic=0, as query_differential_fuzzer (fuzz/README.md, "Speed"): the
// same oracles and checks, thousands of features.
extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  return sortkey::fuzz::default_flags(argc, argv, {"-entropic=0"});
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::set_target_name("write_differential_fuzzer");
  const std::string bytes = fuzz::input_bytes(data, size);
  fuzz::ByteSource src(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  fuzz::QuerySource in(src);
  fuzz::WriteSource writes(src, in);
  const oracle::NSchema schema = in.schema(true);
  std::vector<Step> steps;
  auto show = [&] { return fuzz::show_steps(schema, steps); };
  auto table = Table::create(props::to_engine(schema));
  fuzz::check(props::check_schema_accepted(table), "write/schema", show);
  oracle::NaiveTable model(schema);
  fuzz::show_input(
      [&] { return fuzz::show_schema(schema) + fmt::format(" ({} bytes)", bytes.size()); });
  const std::function<std::string()> show_steps = show;
  Run run{in, writes, *table, model, show_steps};
  int reads = 0;
  for (int count = 0; count < kMaxSteps && reads < kMaxReads && !in.empty(); ++count) {
    const int op_byte = in.byte();
    Step& step = steps.emplace_back();
    const std::string note = run_step(run, op_byte, step, reads);
    fuzz::show_input(
        [&] { return fmt::format("  {}. {}\n     -> {}", count + 1, step.show(), note); });
  }
  return 0;
}
