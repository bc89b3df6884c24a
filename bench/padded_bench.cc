// Google Benchmark: encode and decode of the integer codecs. Where the key is
// a plain run of digits, the same digits through fmt::format_to are measured
// beside it as the yardstick ("ratio to fmt").
//

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sortkey/inverse.h"
#include "sortkey/padded.h"

namespace {

std::vector<std::uint64_t> sample_values(int width) {
  std::vector<std::uint64_t> v;
  std::uint64_t x = 88172645463325252ULL;
  std::uint64_t mod = 1;
  for (int i = 0; i < width && i < 19; ++i) mod *= 10;
  for (int i = 0; i < 1024; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    v.push_back(x % mod);
  }
  return v;
}

// One codec's append(out, value, width) on the sample values, round robin.
template <class Append>
void run_encode(benchmark::State& state, Append append) {
  const int width = static_cast<int>(state.range(0));
  const auto values = sample_values(width);
  std::string out;
  std::size_t i = 0;
  for (auto _ : state) {
    out.clear();
    auto ok = append(out, values[i++ & 1023], width);
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(out.data());
  }
}

// One codec's decode(key, width) on the keys `encode` makes of the sample values.
template <class Encode, class Decode>
void run_decode(benchmark::State& state, Encode encode, Decode decode) {
  const int width = static_cast<int>(state.range(0));
  std::vector<std::string> keys;
  for (auto v : sample_values(width)) keys.push_back(*encode(v, width));
  std::size_t i = 0;
  for (auto _ : state) {
    auto v = decode(keys[i++ & 1023], width);
    benchmark::DoNotOptimize(v);
  }
}

void BM_PaddedEncode(benchmark::State& state) {
  run_encode(state, [](std::string& out, std::uint64_t v, int width) {
    return sortkey::append_padded(out, v, width);
  });
}
BENCHMARK(BM_PaddedEncode)->Arg(5)->Arg(19);

void BM_FmtZeroPadded(benchmark::State& state) {
  const int width = static_cast<int>(state.range(0));
  const auto values = sample_values(width);
  std::string out;
  std::size_t i = 0;
  for (auto _ : state) {
    out.clear();
    fmt::format_to(std::back_inserter(out), "{:0{}}", values[i++ & 1023], width);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_FmtZeroPadded)->Arg(5)->Arg(19);

void BM_PaddedDecode(benchmark::State& state) {
  run_decode(
      state, [](std::uint64_t v, int width) { return sortkey::encode_padded(v, width); },
      [](std::string_view key, int width) { return sortkey::decode_padded(key, width); });
}
BENCHMARK(BM_PaddedDecode)->Arg(5)->Arg(19);

void BM_InverseEncode(benchmark::State& state) {
  run_encode(state, [](std::string& out, std::uint64_t v, int width) {
    return sortkey::append_inverse(out, v, width);
  });
}
BENCHMARK(BM_InverseEncode)->Arg(5)->Arg(19);

void BM_InverseDecode(benchmark::State& state) {
  run_decode(
      state, [](std::uint64_t v, int width) { return sortkey::encode_inverse(v, width); },
      [](std::string_view key, int width) { return sortkey::decode_inverse(key, width); });
}
BENCHMARK(BM_InverseDecode)->Arg(5)->Arg(19);

}  // namespace
