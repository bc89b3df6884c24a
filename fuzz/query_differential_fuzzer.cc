// Differential target of the query model: the engine (sortkey/table.h)
// against the naive oracle (oracles/naive_query.h) on a table, a sequence
// of writes and reads all decoded from the input (query_source.h).
// Input (hex_input.h: raw bytes, or "x:" and readable hex):
//   schema     2 bytes and a few per index (QuerySource::schema): key types,
//              no sort key, one or two sparse indexes with one or two
//              partition and zero to two sort attributes, the projection
//   then up to 16 steps (the input ends after its fourth Query or Scan),
//   each an op byte (op % 8) and its bytes:
//     0-2      Put: op >> 3 = 1, 2, 3 puts a wrong-typed or empty partition,
//              sort or index key; then the item (QuerySource::item)
//     3        Delete a key (of an item held, or fresh)
//     4        Update a key: SET up to two attributes (index keys among
//              them, so items move in and out of sparse indexes), REMOVE up
//              to two
//     5-6      Query (QuerySource::query): target, key condition (=, <, <=,
//              >, >=, BETWEEN, begins_with on prefixes of keys held),
//              filter, direction, Limit, COUNT, consistent read, rendering
//              style, the item to resume after
//     7        Scan: target, filter, Limit, COUNT, consistent read, style
// Checks, with the RapidCheck suite's property functions
// (properties/props/query_props.h):
//   * a write is accepted iff the oracle accepts it, and then the table and
//     every index hold as many items as the oracle's projection says
//     (check_counts); Delete says whether an item was there;
//   * every Query (check_query): the whole range in an order DynamoDB may
//     give (ties of an index key in any order), every page of the request
//     the oracle's (items, Count, ScannedCount, capacity, LastEvaluatedKey
//     present when items remain and allowed only where DynamoDB may give it),
//     paging by ExclusiveStartKey reading on exactly, the pages without
//     Limit the same items, resuming after any item exact;
//   * every Scan the same (check_scan), partitions in any order.
// A failure prints the schema and every step decoded up to it.

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
#include "oracles/naive_query.h"
#include "properties/props/common.h"
#include "properties/props/query_props.h"
#include "sortkey/table.h"

namespace {

using namespace sortkey;
using oracle::NItem;
using oracle::NValue;

// An input is at most 16 steps and ends after its fourth read: each read is
// checked page by page several times over (check_query), and many short
// executions find more per second than a few long ones.
constexpr int kMaxSteps = 16;
constexpr int kMaxReads = 4;

struct Step {
  enum class Kind { kPut, kDelete, kUpdate, kQuery, kScan } kind = Kind::kPut;
  NItem item;  // Put: the item; Delete, Update: the key
  NItem set;
  std::vector<std::string> remove;
  props::QuerySpec query;
  props::ScanSpec scan;

  std::string show() const {
    std::ostringstream os;
    switch (kind) {
      case Kind::kPut:
        os << "Put " << oracle::naive_show(item);
        break;
      case Kind::kDelete:
        os << "Delete " << oracle::naive_show(item);
        break;
      case Kind::kUpdate:
        os << "Update " << oracle::naive_show(item) << " SET " << oracle::naive_show(set)
           << " REMOVE";
        for (const std::string& r : remove) os << " " << props::show_key(r);
        break;
      case Kind::kQuery:
        os << query;
        break;
      case Kind::kScan:
        os << scan;
        break;
    }
    return os.str();
  }
};

// What a step works on: the input, the engine's table and the oracle's, and
// how to show the steps so far when a check fails.
struct Run {
  fuzz::QuerySource& in;
  const oracle::NSchema& schema;
  Table& table;
  oracle::NaiveTable& model;
  const std::function<std::string()>& show;
};

// The steps. Each returns what it did, for SORTKEY_FUZZ_SHOW.

std::string put_step(Run& r, std::uint8_t op, Step& step) {
  step.kind = Step::Kind::kPut;
  step.item = r.in.item(r.schema, (op >> 3) & 31);
  auto got = r.table.put(props::to_engine(step.item));
  std::string note;
  if (fuzz::showing_inputs()) note = got ? "accepted" : "rejected: " + describe(got.error());
  fuzz::check(props::check_write_verdict(got, r.model.can_put(step.item)), "query/put", r.show);
  r.model.put(step.item);
  fuzz::check(props::check_counts(r.model, r.table, "the last step"), "query/counts", r.show);
  return note;
}

std::string delete_step(Run& r, Step& step) {
  step.kind = Step::Kind::kDelete;
  step.item = r.in.table_key(r.model);
  auto got = r.table.delete_item(props::to_engine(step.item));
  const std::size_t before = r.model.items().size();
  r.model.erase(step.item);
  const bool held = r.model.items().size() != before;
  std::string note;
  if (fuzz::showing_inputs()) note = held ? "deleted" : "nothing to delete";
  fuzz::check(props::check_delete(got, held), "query/delete", r.show);
  fuzz::check(props::check_counts(r.model, r.table, "the last step"), "query/counts", r.show);
  return note;
}

std::string update_step(Run& r, std::uint8_t op, Step& step) {
  step.kind = Step::Kind::kUpdate;
  step.item = r.in.table_key(r.model);
  std::vector<oracle::NKey> names = fuzz::QuerySource::index_only_keys(r.schema);
  if (op & 0x80) names.push_back(r.schema.pk);  // now and then a table key: rejected
  for (const std::string& name : fuzz::QuerySource::value_names())
    names.push_back({name, NValue::T::NUL});
  const int sets = (op >> 3) % 3;
  for (int i = 0; i < sets; ++i) {
    const oracle::NKey& k = names[r.in.byte() % names.size()];
    if (oracle::naive_get(step.set, k.name) != nullptr) continue;
    step.set.emplace_back(k.name, k.type != NValue::T::NUL && (op & 0x40) == 0
                                      ? r.in.key_value(k.type)
                                      : r.in.attribute_value());
  }
  const int removes = (op >> 5) % 3;
  for (int i = 0; i < removes; ++i) step.remove.push_back(names[r.in.byte() % names.size()].name);
  ItemUpdate u;
  for (const auto& [name, v] : step.set) u.set.emplace_back(name, props::to_engine(v));
  u.remove = step.remove;
  const bool want = r.model.can_update(step.item, step.set, step.remove);
  auto got = r.table.update(props::to_engine(step.item), u);
  std::string note;
  if (fuzz::showing_inputs()) note = got ? "accepted" : "rejected: " + describe(got.error());
  fuzz::check(props::check_write_verdict(got, want), "query/update", r.show);
  r.model.update(step.item, step.set, step.remove);
  fuzz::check(props::check_counts(r.model, r.table, "the last step"), "query/counts", r.show);
  return note;
}

std::string query_step(Run& r, Step& step) {
  step.kind = Step::Kind::kQuery;
  step.query = r.in.query(r.model);
  std::string note;
  if (fuzz::showing_inputs()) {
    note =
        fmt::format("the key range holds {} entries",
                    r.model.key_range(step.query.index, step.query.key, step.query.forward).size());
  }
  fuzz::check(props::check_query(r.model, r.table, step.query), "query/query_matches_oracle",
              r.show);
  return note;
}

std::string scan_step(Run& r, Step& step) {
  step.kind = Step::Kind::kScan;
  step.scan = r.in.scan(r.model);
  std::string note;
  if (fuzz::showing_inputs())
    note = fmt::format("the target holds {} entries", r.model.entries(step.scan.index).size());
  fuzz::check(props::check_scan(r.model, r.table, step.scan), "query/scan_matches_oracle", r.show);
  return note;
}

}  // namespace

// -entropic=0: libFuzzer's entropic schedule keeps a frequency for each of
// the ~15,000 features of this target, and updating them was 39% of its
// time (perf, ASan+UBSan); without it the same 3,000 runs took 2.0 to 2.7
// times less CPU and reached as many features.
extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  return sortkey::fuzz::default_flags(argc, argv, {"-entropic=0"});
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::set_target_name("query_differential_fuzzer");
  const std::string bytes = fuzz::input_bytes(data, size);
  fuzz::ByteSource src(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  fuzz::QuerySource in(src);
  const oracle::NSchema schema = in.schema();
  std::vector<Step> steps;
  auto show = [&] { return fuzz::show_steps(schema, steps); };
  auto table = Table::create(props::to_engine(schema));
  fuzz::check(props::check_schema_accepted(table), "query/schema", show);
  oracle::NaiveTable model(schema);
  fuzz::show_input(
      [&] { return fuzz::show_schema(schema) + fmt::format(" ({} bytes)", bytes.size()); });
  const std::function<std::string()> show_steps = show;
  Run run{in, schema, *table, model, show_steps};
  int reads = 0;
  for (int count = 0; count < kMaxSteps && reads < kMaxReads && !in.empty(); ++count) {
    const std::uint8_t op = in.byte();
    Step& step = steps.emplace_back();
    std::string note;  // what the step did, for SORTKEY_FUZZ_SHOW
    switch (op % 8) {
      case 0:
      case 1:
      case 2:
        note = put_step(run, op, step);
        break;
      case 3:
        note = delete_step(run, step);
        break;
      case 4:
        note = update_step(run, op, step);
        break;
      case 5:
      case 6:
        ++reads;
        note = query_step(run, step);
        break;
      default:
        ++reads;
        note = scan_step(run, step);
        break;
    }
    fuzz::show_input(
        [&] { return fmt::format("  {}. {}\n     -> {}", count + 1, step.show(), note); });
  }
  return 0;
}
