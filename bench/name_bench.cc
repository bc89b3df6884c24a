// Google Benchmark: normalize_name (NFD, case mapping, NFC with ICU) on
// ASCII names, which take the ASCII path, and on non-ASCII names, which go
// through ICU; decode_name (normalize and compare) beside them. The
// yardstick is ICU's own UTF-16 round trip for the same work
// (UnicodeString::fromUTF8, foldCase, toUTF8String), without normalization.

#include <benchmark/benchmark.h>
#include <unicode/unistr.h>

#include <string>
#include <vector>

#include "sortkey/name.h"

namespace {

const std::vector<std::string>& ascii_names() {
  static const std::vector<std::string> v = {"DeBrie",       "Dean",       "Dern",     "O'Brien",
                                             "van der Berg", "Anne-Marie", "McDonald", "Smith"};
  return v;
}

const std::vector<std::string>& unicode_names() {
  static const std::vector<std::string> v = {
      "Stra\xC3\x9F"
      "e",
      "\xC3\x89lodie",
      "Jos\xC3\xA9 Mu\xC3\xB1oz",
      "\xC4\xB0stanbul",
      "\xCE\x9F\xCE\xB4\xCF\x85\xCF\x83\xCF\x83\xCE\xB5\xCF\x8D\xCF\x82",
      "\xD0\x9F\xD1\x83\xD1\x88\xD0\xBA\xD0\xB8\xD0\xBD",
      "Bj\xC3\xB6rk",
      "Zo\xC3\xAB"};
  return v;
}

void normalize(benchmark::State& state, const std::vector<std::string>& names,
               sortkey::CaseMode mode) {
  std::string out;
  std::size_t i = 0;
  for (auto _ : state) {
    out.clear();
    auto ok = sortkey::append_name(out, names[i++ % names.size()], mode);
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(out.data());
  }
}

void BM_NameUpperAscii(benchmark::State& state) {
  normalize(state, ascii_names(), sortkey::CaseMode::kUpper);
}
void BM_NameFoldAscii(benchmark::State& state) {
  normalize(state, ascii_names(), sortkey::CaseMode::kFold);
}
void BM_NameUpperUnicode(benchmark::State& state) {
  normalize(state, unicode_names(), sortkey::CaseMode::kUpper);
}
void BM_NameFoldUnicode(benchmark::State& state) {
  normalize(state, unicode_names(), sortkey::CaseMode::kFold);
}
BENCHMARK(BM_NameUpperAscii);
BENCHMARK(BM_NameFoldAscii);
BENCHMARK(BM_NameUpperUnicode);
BENCHMARK(BM_NameFoldUnicode);

void BM_IcuFoldUtf16Unicode(benchmark::State& state) {
  const auto& names = unicode_names();
  std::string out;
  std::size_t i = 0;
  for (auto _ : state) {
    out.clear();
    icu::UnicodeString u = icu::UnicodeString::fromUTF8(names[i++ % names.size()]);
    u.foldCase();
    u.toUTF8String(out);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_IcuFoldUtf16Unicode);

void decode(benchmark::State& state, const std::vector<std::string>& names) {
  std::vector<std::string> keys;
  for (const auto& n : names) keys.push_back(*sortkey::normalize_name(n, sortkey::CaseMode::kFold));
  std::size_t i = 0;
  for (auto _ : state) {
    auto v = sortkey::decode_name(keys[i++ % keys.size()], sortkey::CaseMode::kFold);
    benchmark::DoNotOptimize(v);
  }
}
void BM_NameDecodeFoldAscii(benchmark::State& state) { decode(state, ascii_names()); }
void BM_NameDecodeFoldUnicode(benchmark::State& state) { decode(state, unicode_names()); }
BENCHMARK(BM_NameDecodeFoldAscii);
BENCHMARK(BM_NameDecodeFoldUnicode);

}  // namespace
