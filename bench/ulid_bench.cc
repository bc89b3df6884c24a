// Google Benchmark: ULID generate, format and parse, beside the bare
// Crockford base-32 arithmetic. Format and parse run on the IDs of
// bench/ids_inputs.txt: "go_input" is the one ULID of oklog/ulid's own
// benchmarks, "varied" 1024 random ones. bench/peers.sh runs these beside the
// Go reference and the npm packages on the same inputs and prints the ratios.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "bench/id_inputs.h"
#include "sortkey/ulid.h"
#include "src/internal/radix.h"

namespace {

using sortkey::Ulid;
using sortkey::bench::id_input_texts;
using sortkey::bench::next_index;

std::vector<Ulid> sample_ulids(const char* set) {
  return sortkey::bench::id_inputs<Ulid>(set, sortkey::decode_ulid_key);
}

std::vector<std::string> lower_case(std::vector<std::string> texts) {
  for (auto& t : texts) {
    std::transform(t.begin(), t.end(), t.begin(),
                   [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; });
  }
  return texts;
}

void BM_UlidFormat(benchmark::State& state, const char* set) {
  const auto ids = sample_ulids(set);
  std::string out;
  std::size_t i = 0;
  for (auto _ : state) {
    out.clear();
    sortkey::append_ulid(out, ids[next_index(i, ids.size())]);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK_CAPTURE(BM_UlidFormat, go_input, "go-ulid");
BENCHMARK_CAPTURE(BM_UlidFormat, varied, "ulid");

void BM_UlidCrockfordEncodeArithmetic(benchmark::State& state) {
  const auto ids = sample_ulids("ulid");
  char out[26];
  std::size_t i = 0;
  for (auto _ : state) {
    sortkey::internal::crockford_encode_128(ids[next_index(i, ids.size())].bytes().data(), out);
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_UlidCrockfordEncodeArithmetic);

// The yardstick of parse: the base-32 shifts (with the digit check), no
// length or range check, no Result.
void BM_UlidCrockfordDecodeArithmetic(benchmark::State& state) {
  const auto texts = id_input_texts("ulid");
  std::uint8_t out[16];
  std::size_t i = 0;
  for (auto _ : state) {
    const bool ok = sortkey::internal::crockford_decode_128(
        texts[next_index(i, texts.size())].data(), out, true);
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_UlidCrockfordDecodeArithmetic);

// decode_ulid_key: the canonical sort-key decoder, strict as the Go
// reference's ParseStrict (which also rejects bad characters; it accepts
// lower case, which the sort-key decoder refuses).
void BM_UlidParse(benchmark::State& state, const char* set) {
  const auto texts = id_input_texts(set);
  std::size_t i = 0;
  for (auto _ : state) {
    auto u = sortkey::decode_ulid_key(texts[next_index(i, texts.size())]);
    benchmark::DoNotOptimize(u);
  }
}
BENCHMARK_CAPTURE(BM_UlidParse, go_input, "go-ulid");
BENCHMARK_CAPTURE(BM_UlidParse, varied, "ulid");

// decode_ulid on lower-case text: the spec's case-insensitive decoder.
void BM_UlidParseLowerCase(benchmark::State& state) {
  const auto texts = lower_case(id_input_texts("ulid"));
  std::size_t i = 0;
  for (auto _ : state) {
    auto u = sortkey::decode_ulid(texts[next_index(i, texts.size())]);
    benchmark::DoNotOptimize(u);
  }
}
BENCHMARK(BM_UlidParseLowerCase);

void BM_UlidGenerateRandom(benchmark::State& state) {
  sortkey::UlidGenerator ids;
  for (auto _ : state) {
    auto u = ids.next();
    benchmark::DoNotOptimize(u);
  }
}
BENCHMARK(BM_UlidGenerateRandom);

// "fixed_clock" reads 123 ms, the time of oklog/ulid's own monotonic
// benchmark (SameTimestamp): every ID but the first is an increment.
sortkey::UlidGenerator::Options monotonic_options(bool fixed_clock) {
  sortkey::UlidGenerator::Options options;
  options.monotonic = true;
  if (fixed_clock) options.clock = [] { return std::int64_t{123}; };
  return options;
}

void BM_UlidGenerateMonotonic(benchmark::State& state, bool fixed_clock) {
  sortkey::UlidGenerator ids(monotonic_options(fixed_clock));
  for (auto _ : state) {
    auto u = ids.next();
    benchmark::DoNotOptimize(u);
  }
}
BENCHMARK_CAPTURE(BM_UlidGenerateMonotonic, fixed_clock, true);
BENCHMARK_CAPTURE(BM_UlidGenerateMonotonic, system_clock, false);

// What npm ulid's monotonicFactory()() returns: the next monotonic ULID as text.
void BM_UlidGenerateMonotonicAndFormat(benchmark::State& state) {
  sortkey::UlidGenerator ids(monotonic_options(false));
  std::string out;
  for (auto _ : state) {
    out.clear();
    sortkey::append_ulid(out, *ids.next());
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_UlidGenerateMonotonicAndFormat);

void BM_UlidGenerateAndFormat(benchmark::State& state) {
  sortkey::UlidGenerator ids;
  std::string out;
  for (auto _ : state) {
    out.clear();
    sortkey::append_ulid(out, *ids.next());
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_UlidGenerateAndFormat);

}  // namespace
