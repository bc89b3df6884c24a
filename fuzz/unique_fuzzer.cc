// Target of the uniqueness suffixes (sortkey/unique.h): two keys with
// sequence numbers and with free-form disambiguators, checked with the
// property functions the RapidCheck suite runs
// (properties/props/layout_props.h).
// Input:
//   width      a decimal number 1..18 (ByteSource::number), then a blank
//   key a      '#'-separated segments up to '\n' (at most 4), with the bytes
//              at or below '#' of each segment dropped: the theorem's keys
//   seq a      a decimal number below 10^width, then a blank
//   key b      the same; an empty line makes b = a, and b is cut or padded
//              with "0" segments to a's segment count (a key that is one
//              empty segment becomes "0": the empty key is refused)
//   seq b      a decimal number below 10^width, then a blank
//   suffix a   raw bytes up to '\n': with_disambiguator must refuse it iff it
//              holds a byte at or below '#' or is not well-formed UTF-8 (as
//              it must refuse a key that is not)
//   suffix b   raw bytes up to '\n'
// e.g. "3\nEVT#2026-06-23T10:00:00Z\n1\nEVT#2026-06-23T10:00:00Z\n2\n0ujtsYcg\nA\n".

#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/byte_source.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/show_input.h"
#include "fuzz/show_text.h"
#include "properties/props/common.h"
#include "properties/props/layout_props.h"
#include "sortkey/uint128.h"

namespace {

std::vector<std::string> segments(const std::string& line) {
  std::vector<std::string> out(1);
  for (char c : line) {
    if (c == '#') {
      if (out.size() == 4) break;
      out.emplace_back();
    } else if (static_cast<unsigned char>(c) > '#') {
      out.back() += c;
    }
  }
  return out;
}

// The empty key is refused, not ordered: a lone empty segment becomes "0".
void not_empty(std::vector<std::string>& key) {
  if (key.size() == 1 && key[0].empty()) key[0].push_back('0');
}

std::int64_t power_of_ten(int w) {
  std::int64_t p = 1;
  for (int i = 0; i < w; ++i) p *= 10;
  return p;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("unique_fuzzer");
  fuzz::ByteSource src(data, size);
  const int width = static_cast<int>(src.number(1, 18));
  std::vector<std::string> a = segments(src.field(256, '\n'));
  not_empty(a);
  const auto seq_a = static_cast<UInt128>(src.number(0, power_of_ten(width) - 1));
  const std::string b_line = src.field(256, '\n');
  std::vector<std::string> b = b_line.empty() ? a : segments(b_line);
  b.resize(a.size(), "0");
  not_empty(b);
  const auto seq_b = static_cast<UInt128>(src.number(0, power_of_ten(width) - 1));
  const std::string suffix_a = src.field(64, '\n');
  const std::string suffix_b = src.field(64, '\n');
  auto values = [&] {
    return fmt::format("width {}, a {} seq {}, b {} seq {}, suffix a {}, suffix b {}", width,
                       fuzz::show_segments(a), static_cast<unsigned long long>(seq_a),
                       fuzz::show_segments(b), static_cast<unsigned long long>(seq_b),
                       props::show_key(suffix_a), props::show_key(suffix_b));
  };
  fuzz::show_input(values);
  fuzz::check(props::unique_sequence_order(a, seq_a, b, seq_b, width), "unique/sequence_order",
              values);
  fuzz::check(props::unique_sequence_order(b, seq_b, a, seq_a, width), "unique/sequence_order",
              values);
  fuzz::check(props::unique_disambiguator_order(a, suffix_a, b, suffix_b),
              "unique/disambiguator_order", values);
  fuzz::check(props::unique_disambiguator_order(b, suffix_b, a, suffix_a),
              "unique/disambiguator_order", values);
  return 0;
}
