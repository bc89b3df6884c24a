// Google Benchmark: composite keys of four segments, the shape of
// "EVENT#2026-06-23T00:00:00.000Z#USER#00042": encode, decode, and the same
// path joined naively with '#' (no escaping, no UTF-8 check) as the
// yardstick. One set of segments needs no escaping; the other escapes a
// few bytes per segment.

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "sortkey/composite.h"

namespace {

const sortkey::Path& plain_path() {
  static const sortkey::Path p = {"EVENT", "2026-06-23T00:00:00.000Z", "USER", "00042"};
  return p;
}

const sortkey::Path& escaped_path() {
  static const sortkey::Path p = {"EVENT #1", "2026-06-23T00:00:00.000Z", "ORG#ACME",
                                  "Jos\xC3\xA9 Mu\xC3\xB1oz!"};
  return p;
}

void encode(benchmark::State& state, const sortkey::Path& path) {
  for (auto _ : state) {
    auto key = sortkey::encode_composite(path);
    benchmark::DoNotOptimize(key);
  }
}
void BM_CompositeEncode4(benchmark::State& state) { encode(state, plain_path()); }
void BM_CompositeEncode4Escaped(benchmark::State& state) { encode(state, escaped_path()); }
BENCHMARK(BM_CompositeEncode4);
BENCHMARK(BM_CompositeEncode4Escaped);

void BM_NaiveJoin4(benchmark::State& state) {
  const sortkey::Path& path = plain_path();
  for (auto _ : state) {
    std::string key;
    for (std::size_t i = 0; i < path.size(); ++i) {
      if (i > 0) key += '#';
      key += path[i];
    }
    benchmark::DoNotOptimize(key.data());
  }
}
BENCHMARK(BM_NaiveJoin4);

void decode_path(benchmark::State& state, const sortkey::Path& path) {
  const std::string key = *sortkey::encode_composite(path);
  for (auto _ : state) {
    auto p = sortkey::decode_composite(key);
    benchmark::DoNotOptimize(p);
  }
}
void BM_CompositeDecode4(benchmark::State& state) { decode_path(state, plain_path()); }
void BM_CompositeDecode4Escaped(benchmark::State& state) { decode_path(state, escaped_path()); }
BENCHMARK(BM_CompositeDecode4);
BENCHMARK(BM_CompositeDecode4Escaped);

void BM_KeyBuilder4(benchmark::State& state) {
  for (auto _ : state) {
    auto key = sortkey::KeyBuilder()
                   .text("EVENT")
                   .segment("2026-06-23T00:00:00.000Z")
                   .text("USER")
                   .padded(42, 5)
                   .key();
    benchmark::DoNotOptimize(key);
  }
}
BENCHMARK(BM_KeyBuilder4);

}  // namespace
