// Google Benchmark: KSUID generate, format and parse. The bare base-62
// arithmetic (src/internal/radix.h, no validation, no std::string) is
// measured beside format and parse as their yardstick. Format and parse run
// on the IDs of bench/ids_inputs.txt: "go_input" is the one KSUID of
// segmentio/ksuid's own benchmark, "varied" 1024 random ones.
// bench/peers.sh runs these beside the Go reference and the npm package on
// the same inputs and prints the ratios.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bench/id_inputs.h"
#include "sortkey/ksuid.h"
#include "src/internal/radix.h"

namespace {

using sortkey::Ksuid;

std::vector<Ksuid> sample_ids(const char* set) {
  return sortkey::bench::id_inputs<Ksuid>(set, sortkey::decode_ksuid);
}

void BM_KsuidFormat(benchmark::State& state, const char* set) {
  const auto ids = sample_ids(set);
  std::string out;
  std::size_t i = 0;
  for (auto _ : state) {
    out.clear();
    sortkey::append_ksuid(out, ids[sortkey::bench::next_index(i, ids.size())]);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK_CAPTURE(BM_KsuidFormat, go_input, "go-ksuid");
BENCHMARK_CAPTURE(BM_KsuidFormat, varied, "ksuid");

// The yardstick of format: the base-62 conversion alone.
void BM_KsuidBase62EncodeArithmetic(benchmark::State& state) {
  const auto ids = sample_ids("ksuid");
  char out[27];
  std::size_t i = 0;
  for (auto _ : state) {
    sortkey::internal::base62_encode_160(
        ids[sortkey::bench::next_index(i, ids.size())].bytes().data(), out);
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_KsuidBase62EncodeArithmetic);

void BM_KsuidParse(benchmark::State& state, const char* set) {
  const auto texts = sortkey::bench::id_input_texts(set);
  std::size_t i = 0;
  for (auto _ : state) {
    auto k = sortkey::decode_ksuid(texts[sortkey::bench::next_index(i, texts.size())]);
    benchmark::DoNotOptimize(k);
  }
}
BENCHMARK_CAPTURE(BM_KsuidParse, go_input, "go-ksuid");
BENCHMARK_CAPTURE(BM_KsuidParse, varied, "ksuid");

// The yardstick of parse: the base-62 multiply-add (with its digit check), no
// length or Max check, no Result.
void BM_KsuidBase62DecodeArithmetic(benchmark::State& state) {
  const auto texts = sortkey::bench::id_input_texts("ksuid");
  std::uint8_t out[20];
  std::size_t i = 0;
  for (auto _ : state) {
    const bool ok = sortkey::internal::base62_decode_160(
        texts[sortkey::bench::next_index(i, texts.size())].data(), out);
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_KsuidBase62DecodeArithmetic);

// The reference's New(): system clock and 16 bytes from getrandom(2).
void BM_KsuidGenerateRandom(benchmark::State& state) {
  sortkey::KsuidGenerator ids;
  for (auto _ : state) {
    auto k = ids.next();
    benchmark::DoNotOptimize(k);
  }
}
BENCHMARK(BM_KsuidGenerateRandom);

// Monotonic: one getrandom(2) a second, then increments under the lock.
// "fixed_clock" reads a clock that stands still, as the Go reference's
// Sequence has none: every ID but the first is an increment.
void BM_KsuidGenerateMonotonic(benchmark::State& state, bool fixed_clock) {
  sortkey::KsuidGenerator::Options options;
  options.monotonic = true;
  if (fixed_clock) options.clock = [] { return std::int64_t{1700000000000}; };
  sortkey::KsuidGenerator ids(options);
  for (auto _ : state) {
    auto k = ids.next();
    benchmark::DoNotOptimize(k);
  }
}
BENCHMARK_CAPTURE(BM_KsuidGenerateMonotonic, fixed_clock, true);
BENCHMARK_CAPTURE(BM_KsuidGenerateMonotonic, system_clock, false);

// Generate and format, the whole of `ksuid generate` for one ID.
void BM_KsuidGenerateAndFormat(benchmark::State& state) {
  sortkey::KsuidGenerator ids;
  std::string out;
  for (auto _ : state) {
    out.clear();
    sortkey::append_ksuid(out, *ids.next());
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_KsuidGenerateAndFormat);

}  // namespace
