// Google Benchmark: the query model. A page of 20 items from a partition or
// an index partition of 10^3 to 10^6 items, against the naive oracle (which
// filters, sorts and slices the whole list for every page), writes with 0 to
// 3 indexes, the oracle's writes (BM_QueryPutOracle), and the memory a
// table with one index holds per item. The
// engine's page time must stay flat as n grows (an ordered map per
// partition: O(log n + page)); the oracle's grows with n.
//
//   build/release/bench/sortkey_bench --benchmark_filter=Query --benchmark_min_time=0.2
//   build/release/bench/sortkey_bench --benchmark_filter=QueryMemory
//
// BM_QueryMemory reports bytes_per_item (the heap the table holds, as
// glibc's mallinfo2 counts it, chunk overhead included, divided by the items)
// and per_dynamodb_byte (that over the items' DynamoDB size, attribute names
// plus values). The 10^6 tables take a few seconds to build: run by hand.

#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <malloc.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "oracles/naive_query.h"
#include "sortkey/table.h"

namespace {

using sortkey::AttributeType;
using sortkey::AttributeValue;
using sortkey::Item;
using sortkey::QueryRequest;
using sortkey::Table;
using sortkey::TableSchema;

constexpr int kPage = 20;

std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return x;
}

// Item i of a table of n: one partition "P", sort key i, an index partition
// "G" ordered by a permutation of i, and 48 bytes of payload.
Item make_item(std::uint64_t i, std::uint64_t n) {
  Item item;
  item["PK"] = AttributeValue::S("P");
  item["SK"] = *AttributeValue::N(std::to_string(i));
  item["G"] = AttributeValue::S("G");
  item["T"] = *AttributeValue::N(std::to_string(mix(i) % (4 * n)));
  item["g1"] = AttributeValue::S(fmt::format("g{}", i % 97));
  item["g2"] = AttributeValue::S(fmt::format("h{}", i % 89));
  item["payload"] = AttributeValue::S(std::string(48, 'x'));
  return item;
}

TableSchema schema(int indexes) {
  TableSchema s;
  s.partition_key = {"PK", AttributeType::kS};
  s.sort_key = sortkey::KeyAttribute{"SK", AttributeType::kN};
  const sortkey::IndexSchema all[] = {
      {"ByT", {{"G", AttributeType::kS}}, {{"T", AttributeType::kN}}, {}},
      {"ByG1",
       {{"g1", AttributeType::kS}},
       {{"SK", AttributeType::kN}},
       {sortkey::ProjectionType::kKeysOnly, {}}},
      {"ByG2", {{"g2", AttributeType::kS}}, {}, {sortkey::ProjectionType::kInclude, {"payload"}}},
  };
  for (int i = 0; i < indexes; ++i) s.indexes.push_back(all[i]);
  return s;
}

// Tables are built once per size and kept for the run.
const Table& engine_table(std::uint64_t n) {
  static std::map<std::uint64_t, std::unique_ptr<Table>> tables;
  auto& t = tables[n];
  if (!t) {
    t = std::make_unique<Table>(std::move(*Table::create(schema(1))));
    for (std::uint64_t i = 0; i < n; ++i) (void)t->put(make_item(i, n));
  }
  return *t;
}

const sortkey::oracle::NaiveTable& oracle_table(std::uint64_t n) {
  using namespace sortkey::oracle;
  static std::map<std::uint64_t, std::unique_ptr<NaiveTable>> tables;
  auto& t = tables[n];
  if (!t) {
    NSchema s;
    s.pk = {"PK", NValue::T::S};
    s.sk = NKey{"SK", NValue::T::N};
    s.indexes.push_back({"ByT", {{"G", NValue::T::S}}, {{"T", NValue::T::N}}, {}, {}});
    t = std::make_unique<NaiveTable>(s);
    std::vector<NItem> items;
    for (std::uint64_t i = 0; i < n; ++i) {
      items.push_back(
          {{"PK", sortkey::oracle::naive_scalar(NValue::T::S, "P")},
           {"SK", sortkey::oracle::naive_scalar(NValue::T::N, std::to_string(i))},
           {"G", sortkey::oracle::naive_scalar(NValue::T::S, "G")},
           {"T", sortkey::oracle::naive_scalar(NValue::T::N, std::to_string(mix(i) % (4 * n)))},
           {"payload", sortkey::oracle::naive_scalar(NValue::T::S, std::string(48, 'x'))}});
    }
    t->append_unchecked(std::move(items));  // put() checks every key against every item: O(n^2)
  }
  return *t;
}

QueryRequest page_request(bool index, std::uint64_t from) {
  QueryRequest q;
  q.index_name = index ? "ByT" : "";
  q.key_condition = index ? "G = :p AND T >= :s" : "PK = :p AND SK >= :s";
  q.attributes.values[":p"] = AttributeValue::S(index ? "G" : "P");
  q.attributes.values[":s"] = *AttributeValue::N(std::to_string(from));
  q.limit = kPage;
  return q;
}

void engine_page(benchmark::State& state, bool index) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  const Table& t = engine_table(n);
  std::uint64_t k = 0;
  for (auto _ : state) {
    const std::uint64_t from = mix(++k) % (index ? 4 * n : n);
    auto page = t.query(page_request(index, from));
    benchmark::DoNotOptimize(page);
  }
  state.SetLabel(fmt::format("n={}", n));
}

void BM_QueryPageTable(benchmark::State& state) { engine_page(state, false); }
BENCHMARK(BM_QueryPageTable)
    ->RangeMultiplier(10)
    ->Range(1000, 1000000)
    ->Unit(benchmark::kMicrosecond);

void BM_QueryPageIndex(benchmark::State& state) { engine_page(state, true); }
BENCHMARK(BM_QueryPageIndex)
    ->RangeMultiplier(10)
    ->Range(1000, 1000000)
    ->Unit(benchmark::kMicrosecond);

void oracle_page(benchmark::State& state, bool index) {
  using namespace sortkey::oracle;
  const auto n = static_cast<std::uint64_t>(state.range(0));
  const NaiveTable& t = oracle_table(n);
  std::uint64_t k = 0;
  for (auto _ : state) {
    const std::uint64_t from = mix(++k) % (index ? 4 * n : n);
    NKeyCond c;
    c.partition = {sortkey::oracle::naive_scalar(NValue::T::S, index ? "G" : "P")};
    c.op = NKeyCond::Op::kGe;
    c.a = sortkey::oracle::naive_scalar(NValue::T::N, std::to_string(from));
    const auto range = t.key_range(index ? "ByT" : "", c, true);
    auto page = page_at(range, 0, kPage, nullptr);
    benchmark::DoNotOptimize(page);
  }
  state.SetLabel(fmt::format("n={}", n));
}

void BM_QueryPageTableOracle(benchmark::State& state) { oracle_page(state, false); }
BENCHMARK(BM_QueryPageTableOracle)
    ->RangeMultiplier(10)
    ->Range(1000, 100000)
    ->Unit(benchmark::kMicrosecond);

void BM_QueryPageIndexOracle(benchmark::State& state) { oracle_page(state, true); }
BENCHMARK(BM_QueryPageIndexOracle)
    ->RangeMultiplier(10)
    ->Range(1000, 100000)
    ->Unit(benchmark::kMicrosecond);

// The heap in use, as glibc counts it: the arena's chunks in use and the
// mmapped blocks.
std::size_t heap_in_use() {
  const struct mallinfo2 m = mallinfo2();
  return m.uordblks + m.hblkhd;
}

// The memory a table with one index (kAll) holds per item, against the
// items' DynamoDB size.
void BM_QueryMemory(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  double per_item = 0;
  double item_bytes = 0;
  for (auto _ : state) {
    std::size_t dynamodb_bytes = 0;
    const std::size_t before = heap_in_use();
    auto t = std::make_unique<Table>(std::move(*Table::create(schema(1))));
    for (std::uint64_t i = 0; i < n; ++i) {
      Item item = make_item(i, n);
      dynamodb_bytes += sortkey::item_size(item);
      (void)t->put(std::move(item));
    }
    const std::size_t held = heap_in_use() - before;
    per_item = static_cast<double>(held) / static_cast<double>(n);
    item_bytes = static_cast<double>(dynamodb_bytes) / static_cast<double>(n);
    state.PauseTiming();
    t.reset();
    state.ResumeTiming();
  }
  state.counters["bytes_per_item"] = per_item;
  state.counters["dynamodb_bytes_per_item"] = item_bytes;
  state.counters["per_dynamodb_byte"] = per_item / item_bytes;
  state.SetLabel(fmt::format("n={}", n));
}
BENCHMARK(BM_QueryMemory)
    ->RangeMultiplier(10)
    ->Range(1000, 1000000)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// Writes of new items into a table that grows from empty, with 0 to 3 indexes.
void BM_QueryPut(benchmark::State& state) {
  const int indexes = static_cast<int>(state.range(0));
  auto t = Table::create(schema(indexes));
  std::uint64_t i = 0;
  for (auto _ : state) {
    auto ok = t->put(make_item(i, 1000000));
    ++i;
    benchmark::DoNotOptimize(ok);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(i));
  state.SetLabel(fmt::format("{} indexes, {} items at the end", indexes, t->item_count()));
}
BENCHMARK(BM_QueryPut)->DenseRange(0, 3)->Iterations(200000);

// Overwrites in the oracle's table of n items, each sort key spelled
// otherwise than stored ("700e-2" for 7): the write finds its item by the
// value of its key.
void BM_QueryPutOracle(benchmark::State& state) {
  using namespace sortkey::oracle;
  const auto n = static_cast<std::uint64_t>(state.range(0));
  NaiveTable t = oracle_table(n);
  std::uint64_t i = 0;
  for (auto _ : state) {
    const NItem item = {
        {"PK", sortkey::oracle::naive_scalar(NValue::T::S, "P")},
        {"SK", sortkey::oracle::naive_scalar(NValue::T::N, std::to_string(mix(i++) % n) + "00e-2")},
        {"G", sortkey::oracle::naive_scalar(NValue::T::S, "G")},
        {"T", sortkey::oracle::naive_scalar(NValue::T::N, std::to_string(i % (4 * n)))},
        {"payload", sortkey::oracle::naive_scalar(NValue::T::S, std::string(48, 'y'))}};
    benchmark::DoNotOptimize(t.put(item));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(i));
  state.SetLabel(fmt::format("n={}, {} items at the end", n, t.items().size()));
}
BENCHMARK(BM_QueryPutOracle)->Arg(100)->Arg(1000);

}  // namespace
