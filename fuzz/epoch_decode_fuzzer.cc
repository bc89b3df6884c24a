// Decode target of the epoch codec (sortkey/epoch.h): arbitrary bytes as a
// key of a unit and a width.
// Input: "<unit><width>:<key>" when it starts with a unit (s, ms, us, ns), a
// width 1..38 and ':' (the readable seeds, "ms13:1782172800123"); otherwise
// the first byte picks the unit (byte % 4), the second the width
// (1 + byte % 38), and the rest is the key.
// decode_epoch never crashes, and what it accepts re-encodes to exactly those
// bytes (epoch/total_decode); around a key it accepts, truncations,
// extensions and a non-digit (malformed_choice.h picks it and its place) are
// rejected (epoch/rejects_malformed).

#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/byte_source.h"
#include "fuzz/epoch_input.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/malformed_choice.h"
#include "fuzz/width_prefix.h"
#include "properties/props/common.h"
#include "properties/props/timestamp_props.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("epoch_decode_fuzzer");
  fuzz::ByteSource src(data, size);
  const EpochUnit unit = fuzz::read_epoch_unit(src);
  const std::string_view after_unit = src.rest();
  const fuzz::WidthAndRest in = fuzz::split_width(
      reinterpret_cast<const std::uint8_t*>(after_unit.data()), after_unit.size());
  auto values = [&] {
    return std::string("unit ") + std::string(to_string(unit)) + ", width " +
           std::to_string(in.width) + ", key " + props::show_key(in.rest);
  };
  fuzz::check(props::epoch_total_decode(in.rest, unit, in.width), "epoch/total_decode", values);
  if (auto t = decode_epoch(in.rest, unit, in.width)) {
    const fuzz::MalformedChoice m = fuzz::malformed_choice(in.rest);
    fuzz::check(props::epoch_rejects_malformed(*t, unit, in.width, m.extra, m.position),
                "epoch/rejects_malformed", values);
  }
  return 0;
}
