// Google Benchmark: KSUID generate, format and parse. The bare base-62
// arithmetic (src/internal/radix.h, no validation, no std::string) is
// measured beside format and parse as their yardstick. The npm package
// `ksuid` doing the same operations is measured by bench/ids_npm_bench.js;
// bench/ids_compare.sh runs both and prints the ratios.

#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "internal/radix.h"
#include "sortkey/ksuid.h"

namespace {

using sortkey::Ksuid;

std::vector<Ksuid> sample_ids() {
  std::mt19937_64 rng(20260623);
  std::vector<Ksuid> ids;
  for (int i = 0; i < 1024; ++i) {
    Ksuid::Bytes b;
    for (auto& x : b) x = static_cast<std::uint8_t>(rng());
    b[0] = static_cast<std::uint8_t>(b[0] & 0x7F);  // times up to 2082
    ids.emplace_back(b);
  }
  return ids;
}

std::vector<std::string> sample_texts() {
  std::vector<std::string> texts;
  for (const auto& k : sample_ids()) texts.push_back(sortkey::encode_ksuid(k));
  return texts;
}

void BM_KsuidFormat(benchmark::State& state) {
  const auto ids = sample_ids();
  std::string out;
  std::size_t i = 0;
  for (auto _ : state) {
    out.clear();
    sortkey::append_ksuid(out, ids[i++ & 1023]);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_KsuidFormat);

// The yardstick of format: the base-62 long division alone.
void BM_KsuidBase62EncodeArithmetic(benchmark::State& state) {
  const auto ids = sample_ids();
  char out[27];
  std::size_t i = 0;
  for (auto _ : state) {
    sortkey::internal::base62_encode_160(ids[i++ & 1023].bytes().data(), out);
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_KsuidBase62EncodeArithmetic);

void BM_KsuidParse(benchmark::State& state) {
  const auto texts = sample_texts();
  std::size_t i = 0;
  for (auto _ : state) {
    auto k = sortkey::decode_ksuid(texts[i++ & 1023]);
    benchmark::DoNotOptimize(k);
  }
}
BENCHMARK(BM_KsuidParse);

// The yardstick of parse: the base-62 multiply-add (with its digit check), no
// length or Max check, no Result.
void BM_KsuidBase62DecodeArithmetic(benchmark::State& state) {
  const auto texts = sample_texts();
  std::uint8_t out[20];
  std::size_t i = 0;
  for (auto _ : state) {
    const bool ok = sortkey::internal::base62_decode_160(texts[i++ & 1023].data(), out);
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
void BM_KsuidGenerateMonotonic(benchmark::State& state) {
  sortkey::KsuidGenerator::Options options;
  options.monotonic = true;
  sortkey::KsuidGenerator ids(options);
  for (auto _ : state) {
    auto k = ids.next();
    benchmark::DoNotOptimize(k);
  }
}
BENCHMARK(BM_KsuidGenerateMonotonic);

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
