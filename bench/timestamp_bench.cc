// Google Benchmark: the timestamp and epoch codecs. encode, decode and
// parse_rfc3339 of timestamps at precisions 0, 3 and 9; the epoch encoder
// beside fmt::format_to writing the same zero-padded digits (the yardstick).

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sortkey/epoch.h"
#include "sortkey/timestamp.h"

namespace {

// 1024 instants spread over 1970..2100, with every nanosecond digit in use.
std::vector<sortkey::Instant> sample_instants() {
  std::vector<sortkey::Instant> v;
  std::uint64_t x = 88172645463325252ULL;
  for (int i = 0; i < 1024; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    v.push_back(sortkey::Instant{static_cast<std::int64_t>(x % 4102444800ULL),
                                 static_cast<std::uint32_t>((x >> 32) % 1000000000ULL)});
  }
  return v;
}

void BM_TimestampEncode(benchmark::State& state) {
  const int precision = static_cast<int>(state.range(0));
  const auto instants = sample_instants();
  std::string out;
  std::size_t i = 0;
  for (auto _ : state) {
    out.clear();
    auto ok = sortkey::append_timestamp(out, instants[i++ & 1023], precision);
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_TimestampEncode)->Arg(0)->Arg(3)->Arg(9);

void BM_TimestampDecode(benchmark::State& state) {
  const int precision = static_cast<int>(state.range(0));
  std::vector<std::string> keys;
  for (const auto& t : sample_instants()) keys.push_back(*sortkey::encode_timestamp(t, precision));
  std::size_t i = 0;
  for (auto _ : state) {
    auto t = sortkey::decode_timestamp(keys[i++ & 1023], precision);
    benchmark::DoNotOptimize(t);
  }
}
BENCHMARK(BM_TimestampDecode)->Arg(0)->Arg(3)->Arg(9);

// RFC 3339 input: "Z" at 3 digits (arg 0), or "+05:30" at 9 digits (arg 1).
void BM_ParseRfc3339(benchmark::State& state) {
  std::vector<std::string> texts;
  for (const auto& t : sample_instants()) {
    std::string key = *sortkey::encode_timestamp(t, state.range(0) == 0 ? 3 : 9);
    if (state.range(0) != 0) key.replace(key.size() - 1, 1, "+05:30");
    texts.push_back(key);
  }
  std::size_t i = 0;
  for (auto _ : state) {
    auto t = sortkey::parse_rfc3339(texts[i++ & 1023]);
    benchmark::DoNotOptimize(t);
  }
}
BENCHMARK(BM_ParseRfc3339)->Arg(0)->Arg(1);

void BM_EpochEncode(benchmark::State& state) {
  const auto instants = sample_instants();
  std::string out;
  std::size_t i = 0;
  for (auto _ : state) {
    out.clear();
    auto ok =
        sortkey::append_epoch(out, instants[i++ & 1023], sortkey::EpochUnit::kMilliseconds, 13);
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_EpochEncode);

// The same 13 digits, the count computed inline and written by fmt.
void BM_FmtEpochMillis(benchmark::State& state) {
  const auto instants = sample_instants();
  std::string out;
  std::size_t i = 0;
  for (auto _ : state) {
    out.clear();
    const auto& t = instants[i++ & 1023];
    const std::uint64_t ms = static_cast<std::uint64_t>(t.seconds) * 1000 + t.nanos / 1000000;
    fmt::format_to(std::back_inserter(out), "{:013}", ms);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_FmtEpochMillis);

void BM_EpochDecode(benchmark::State& state) {
  std::vector<std::string> keys;
  for (const auto& t : sample_instants())
    keys.push_back(*sortkey::encode_epoch(t, sortkey::EpochUnit::kMilliseconds, 13));
  std::size_t i = 0;
  for (auto _ : state) {
    auto t = sortkey::decode_epoch(keys[i++ & 1023], sortkey::EpochUnit::kMilliseconds, 13);
    benchmark::DoNotOptimize(t);
  }
}
BENCHMARK(BM_EpochDecode);

}  // namespace
