// Google Benchmark: the DynamoDB Number codec. Encode from text (parse and
// encode), encode from a parsed Number, decode, and parse alone; beside them,
// fmt::format_to of a 64-bit integer with about as many digits as a key, as
// the yardstick ("ratio to fmt").

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "sortkey/number.h"

namespace {

std::uint64_t next(std::uint64_t& x) {
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return x;
}

// 1024 texts: up to 17 significant digits, both signs, half in exponent
// notation ("-123456e-4"), half in DynamoDB's plain decimal ("-12.3456").
const std::vector<std::string>& sample_texts() {
  static const std::vector<std::string> texts = [] {
    std::vector<std::string> v;
    std::uint64_t x = 88172645463325252ULL;
    for (int i = 0; i < 1024; ++i) {
      const std::uint64_t mantissa = next(x) % 100000000000000000ULL + 1;
      const int exponent = static_cast<int>(next(x) % 41) - 20;
      const char* sign = (next(x) & 1) != 0 ? "-" : "";
      std::string text = fmt::format("{}{}e{}", sign, mantissa, exponent);
      if (i % 2 == 1) text = sortkey::to_string(*sortkey::parse_number(text));
      v.push_back(std::move(text));
    }
    return v;
  }();
  return texts;
}

std::vector<sortkey::Number> sample_numbers() {
  std::vector<sortkey::Number> v;
  for (const auto& t : sample_texts()) v.push_back(*sortkey::parse_number(t));
  return v;
}

void BM_NumberEncodeText(benchmark::State& state) {
  const auto& texts = sample_texts();
  std::size_t i = 0;
  for (auto _ : state) {
    auto key = sortkey::encode_number(std::string_view(texts[i++ & 1023]));
    benchmark::DoNotOptimize(key);
  }
}
BENCHMARK(BM_NumberEncodeText);

void BM_NumberParse(benchmark::State& state) {
  const auto& texts = sample_texts();
  std::size_t i = 0;
  for (auto _ : state) {
    auto n = sortkey::parse_number(texts[i++ & 1023]);
    benchmark::DoNotOptimize(n);
  }
}
BENCHMARK(BM_NumberParse);

void BM_NumberEncodeParsed(benchmark::State& state) {
  const auto numbers = sample_numbers();
  std::string out;
  std::size_t i = 0;
  for (auto _ : state) {
    out.clear();
    sortkey::append_number(out, numbers[i++ & 1023]);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_NumberEncodeParsed);

void BM_NumberDecode(benchmark::State& state) {
  std::vector<std::string> keys;
  for (const auto& n : sample_numbers()) keys.push_back(sortkey::encode_number(n));
  std::size_t i = 0;
  for (auto _ : state) {
    auto n = sortkey::decode_number(keys[i++ & 1023]);
    benchmark::DoNotOptimize(n);
  }
}
BENCHMARK(BM_NumberDecode);

void BM_NumberToString(benchmark::State& state) {
  const auto numbers = sample_numbers();
  std::size_t i = 0;
  for (auto _ : state) {
    auto text = sortkey::to_string(numbers[i++ & 1023]);
    benchmark::DoNotOptimize(text);
  }
}
BENCHMARK(BM_NumberToString);

// The yardstick: a 64-bit integer of 17 to 20 digits, about a key's length.
void BM_FmtDigitString(benchmark::State& state) {
  std::vector<std::uint64_t> values;
  std::uint64_t x = 88172645463325252ULL;
  for (int i = 0; i < 1024; ++i)
    values.push_back(next(x) % 9000000000000000000ULL + 10000000000000000ULL);
  std::string out;
  std::size_t i = 0;
  for (auto _ : state) {
    out.clear();
    fmt::format_to(std::back_inserter(out), "{}", values[i++ & 1023]);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_FmtDigitString);

}  // namespace
