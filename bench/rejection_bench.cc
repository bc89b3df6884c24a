// Google Benchmark: what a refused key costs each decoder, beside what an
// accepted one costs. The rejection properties (props/common.h,
// rejects_truncated_and_extended) decode every proper prefix of a key and
// its extensions, about 40 refusals for each key accepted, so a fuzz target
// spends most of its time on refusals, and every refusal renders its Error's
// message. "accepted" decodes one valid key; "refused" decodes that key's
// proper prefixes that the decoder refuses, and a few malformed keys where
// prefixes decode (names, paths). items_per_second counts decodes: the
// ratio of the two rows of a codec is the price of a refusal.
//
//   build/release/bench/sortkey_bench --benchmark_filter=Decode

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sortkey/composite.h"
#include "sortkey/epoch.h"
#include "sortkey/inverse.h"
#include "sortkey/ksuid.h"
#include "sortkey/name.h"
#include "sortkey/number.h"
#include "sortkey/padded.h"
#include "sortkey/timestamp.h"
#include "sortkey/ulid.h"

namespace {

using namespace sortkey;

bool padded(std::string_view k) { return decode_padded(k, 19).has_value(); }
bool inverse(std::string_view k) { return decode_inverse(k, 19).has_value(); }
bool number(std::string_view k) { return decode_number(k).has_value(); }
bool timestamp(std::string_view k) { return decode_timestamp(k, 3).has_value(); }
bool epoch(std::string_view k) { return decode_epoch(k, EpochUnit::kMilliseconds, 13).has_value(); }
bool name(std::string_view k) { return decode_name(k, CaseMode::kUpper).has_value(); }
bool composite(std::string_view k) { return decode_composite(k).has_value(); }
bool ksuid(std::string_view k) { return decode_ksuid(k).has_value(); }
bool ulid(std::string_view k) { return decode_ulid_key(k).has_value(); }

// The keys of the "refused" row: `key`'s proper prefixes and `malformed`,
// those of them that `decodes` refuses.
template <bool (*Decodes)(std::string_view)>
std::vector<std::string> refused(std::string_view key, std::vector<std::string> malformed) {
  for (std::size_t n = 0; n < key.size(); ++n) malformed.emplace_back(key.substr(0, n));
  std::vector<std::string> out;
  for (std::string& k : malformed) {
    if (!Decodes(k)) out.push_back(std::move(k));
  }
  return out;
}

template <bool (*Decodes)(std::string_view)>
void run(benchmark::State& state, const std::vector<std::string>& keys, bool want) {
  if (keys.empty()) {
    state.SkipWithError("no key to decode");
    return;
  }
  for (const std::string& k : keys) {
    if (Decodes(k) != want) {
      state.SkipWithError(
          ("the key \"" + k + "\" is not " + (want ? "accepted" : "refused")).c_str());
      return;
    }
  }
  for (auto _ : state) {
    for (const std::string& k : keys) benchmark::DoNotOptimize(Decodes(k));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(keys.size()));
}

// One codec's two rows, on one valid key.
template <bool (*Decodes)(std::string_view)>
int add(const char* codec, const char* key, std::vector<std::string> malformed = {}) {
  const std::string name(codec);
  benchmark::RegisterBenchmark(("BM_DecodeAccepted/" + name).c_str(),
                               [key](benchmark::State& s) { run<Decodes>(s, {key}, true); });
  benchmark::RegisterBenchmark(("BM_DecodeRefused/" + name).c_str(),
                               [keys = refused<Decodes>(key, std::move(malformed))](
                                   benchmark::State& s) { run<Decodes>(s, keys, false); });
  return 0;
}

const int registered[] = {
    add<padded>("padded", "0000000000000000157"),
    add<inverse>("inverse", "9999999999999999842"),
    add<number>("number", "112584:", {"1125843:", "31321#"}),
    add<timestamp>("timestamp", "2026-06-22T23:30:00.000Z"),
    add<epoch>("epoch", "1782172800123"),
    add<name>("name", "DEBRIE", {"DEBRIe", "DEB\x01IE", "DEB\xffIE", " DEBRIE"}),
    add<composite>("composite", "EVENT#2026-06#00042",
                   {"EVENT$2", "EVENT$ZZ#1", "EVENT$", "EVENT$2a#1"}),
    add<ksuid>("ksuid", "0ujtsYcgvSTl8PAuAdqWYSMnLOv"),
    add<ulid>("ulid", "01ARZ3NDEKTSV4RRFFQ69G5FAV"),
};

}  // namespace
