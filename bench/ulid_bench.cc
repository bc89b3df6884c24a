// Google Benchmark: ULID generate, format and parse, beside the bare
// Crockford base-32 arithmetic. The npm package `ulid` doing the same
// operations is measured by bench/ids_npm_bench.js; bench/ids_compare.sh runs
// both and prints the ratios.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "internal/radix.h"
#include "sortkey/ulid.h"

namespace {

using sortkey::Ulid;

std::vector<Ulid> sample_ids() {
  std::mt19937_64 rng(20260623);
  std::vector<Ulid> ids;
  for (int i = 0; i < 1024; ++i) {
    Ulid::Entropy e;
    for (auto& x : e) x = static_cast<std::uint8_t>(rng());
    ids.push_back(*sortkey::make_ulid(static_cast<std::int64_t>(rng() % 4102444800000ULL), e));
  }
  return ids;
}

std::vector<std::string> sample_texts(bool lower) {
  std::vector<std::string> texts;
  for (const auto& u : sample_ids()) {
    std::string t = sortkey::encode_ulid(u);
    if (lower)
      std::transform(t.begin(), t.end(), t.begin(),
                     [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; });
    texts.push_back(t);
  }
  return texts;
}

void BM_UlidFormat(benchmark::State& state) {
  const auto ids = sample_ids();
  std::string out;
  std::size_t i = 0;
  for (auto _ : state) {
    out.clear();
    sortkey::append_ulid(out, ids[i++ & 1023]);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_UlidFormat);

void BM_UlidCrockfordEncodeArithmetic(benchmark::State& state) {
  const auto ids = sample_ids();
  char out[26];
  std::size_t i = 0;
  for (auto _ : state) {
    sortkey::internal::crockford_encode_128(ids[i++ & 1023].bytes().data(), out);
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_UlidCrockfordEncodeArithmetic);

// The yardstick of parse: the base-32 shifts (with the digit check), no
// length or range check, no Result.
void BM_UlidCrockfordDecodeArithmetic(benchmark::State& state) {
  const auto texts = sample_texts(false);
  std::uint8_t out[16];
  std::size_t i = 0;
  for (auto _ : state) {
    const bool ok = sortkey::internal::crockford_decode_128(texts[i++ & 1023].data(), out, true);
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_UlidCrockfordDecodeArithmetic);

// decode_ulid_key: the canonical sort-key decoder.
void BM_UlidParse(benchmark::State& state) {
  const auto texts = sample_texts(false);
  std::size_t i = 0;
  for (auto _ : state) {
    auto u = sortkey::decode_ulid_key(texts[i++ & 1023]);
    benchmark::DoNotOptimize(u);
  }
}
BENCHMARK(BM_UlidParse);

// decode_ulid on lower-case text: the spec's case-insensitive decoder.
void BM_UlidParseLowerCase(benchmark::State& state) {
  const auto texts = sample_texts(true);
  std::size_t i = 0;
  for (auto _ : state) {
    auto u = sortkey::decode_ulid(texts[i++ & 1023]);
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

void BM_UlidGenerateMonotonic(benchmark::State& state) {
  sortkey::UlidGenerator::Options options;
  options.monotonic = true;
  sortkey::UlidGenerator ids(options);
  for (auto _ : state) {
    auto u = ids.next();
    benchmark::DoNotOptimize(u);
  }
}
BENCHMARK(BM_UlidGenerateMonotonic);

// What npm ulid's monotonicFactory()() returns: the next monotonic ULID as text.
void BM_UlidGenerateMonotonicAndFormat(benchmark::State& state) {
  sortkey::UlidGenerator::Options options;
  options.monotonic = true;
  sortkey::UlidGenerator ids(options);
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
