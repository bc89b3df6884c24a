// Decode target of hierarchical composite keys (sortkey/composite.h):
// arbitrary bytes as a key under a delimiter.
// Input: the first byte is the delimiter, as it stands (the readable seeds
// start with it: "#EVENT#2026-06#00042"; a byte outside 0x21..0x2F must be
// refused as a parameter), the rest is the key.
// decode_composite never crashes, and what it accepts re-encodes to exactly
// those bytes (composite/total_decode); into a key it accepts, a
// malformation spliced at a code word boundary (a raw low byte, a needless
// escape, lower-case or non-hex digits, a cut escape, ill-formed UTF-8;
// malformed_choice.h picks which, where and with which byte) is rejected at
// its offset (composite/rejects_malformed).

#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/fuzz_adapter.h"
#include "fuzz/malformed_choice.h"
#include "fuzz/show_text.h"
#include "properties/props/common.h"
#include "properties/props/composite_props.h"
#include "sortkey/composite.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("composite_decode_fuzzer");
  if (size == 0) return 0;
  const char d = static_cast<char>(data[0]);
  const std::string_view key(reinterpret_cast<const char*>(data) + 1, size - 1);
  auto values = [&] {
    return "delimiter " + props::show_key(std::string_view(&d, 1)) + ", key " +
           fuzz::show_text(key);
  };
  fuzz::check(props::composite_total_decode(key, d), "composite/total_decode", values);
  if (auto path = decode_composite(key, d)) {
    const fuzz::MalformedChoice m = fuzz::malformed_choice(key);
    fuzz::check(props::composite_rejects_malformed(*path, d,
                                                   static_cast<props::Malformation>(m.variant % 6),
                                                   m.position, static_cast<unsigned char>(m.extra)),
                "composite/rejects_malformed", values);
  }
  return 0;
}
