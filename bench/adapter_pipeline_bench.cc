// sortkey_adapter_bench: Google Benchmark of the adapter client's requests per
// second against the reference adapters, by how many requests travel in one
// pipelined exchange (1 = one round trip through the pipes per request).
//
//   build/release/bench/sortkey_adapter_bench --benchmark_min_time=1
//   build/release/bench/sortkey_adapter_bench --benchmark_filter=Python
//
// The rate at batch 1 against the rate at batch 64 is what pipelining saves:
// the round trip (two context switches and two pipe wake-ups) against the
// adapter's own work per request.

#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "certify/adapter/adapter_client.h"
#include "src/testing/source_dir.h"

namespace {

using sortkey::certify::adapter::AdapterClient;
using sortkey::props::contract::encode_request;
using sortkey::props::contract::json;

void run_batches(benchmark::State& state, const std::string& command) {
  std::unique_ptr<AdapterClient> client;
  try {
    client = AdapterClient::start(command, {});
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  const auto batch = static_cast<std::size_t>(state.range(0));
  std::vector<json> requests;
  for (std::size_t i = 0; i < batch; ++i)
    requests.push_back(encode_request("padded", {{"width", 12}}, std::to_string(i * 7919)));
  for (auto _ : state) {
    auto replies = client->call(requests);
    benchmark::DoNotOptimize(replies.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * batch));
}

void BM_Python(benchmark::State& state) {
  run_batches(state,
              "python3 " + sortkey::testing::source_path("adapters/python/sortkey_adapter.py"));
}
void BM_Node(benchmark::State& state) {
  run_batches(state, "node " + sortkey::testing::source_path("adapters/node/adapter.js"));
}
BENCHMARK(BM_Python)->RangeMultiplier(4)->Range(1, 256)->UseRealTime();
BENCHMARK(BM_Node)->RangeMultiplier(4)->Range(1, 256)->UseRealTime();

}  // namespace
