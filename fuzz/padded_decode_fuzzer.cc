// Decode targets of the integer codecs: arbitrary bytes as a candidate key.
// Input: "<width>:<key>" when it starts with a width of 1..38 and ':' (the
// readable seeds), otherwise the first byte picks the width and the rest is
// the key. Checks that decode is total and canonical for padded and inverse,
// and that around a key decode accepts, the truncated, extended and
// corrupted keys are rejected (malformed_choice.h picks the byte and place).

#include <cstdint>
#include <string>

#include "fuzz/byte_source.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/malformed_choice.h"
#include "fuzz/width_prefix.h"
#include "properties/props/common.h"
#include "properties/props/padded_props.h"
#include "sortkey/inverse.h"
#include "sortkey/padded.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("padded_decode_fuzzer");
  const fuzz::WidthAndRest in = fuzz::split_width(data, size);
  auto values = [&] {
    return "width " + std::to_string(in.width) + ", key " + props::show_key(in.rest);
  };
  fuzz::check(props::padded_total_decode(in.rest, in.width), "padded/total_decode", values);
  fuzz::check(props::inverse_total_decode(in.rest, in.width), "inverse/total_decode", values);
  if (auto v = decode_padded(in.rest, in.width)) {
    const fuzz::MalformedChoice m = fuzz::malformed_choice(in.rest);
    fuzz::check(props::padded_rejects_malformed(*v, in.width, m.extra, m.position),
                "padded/rejects_malformed", values);
  }
  if (auto v = decode_inverse(in.rest, in.width)) {
    const fuzz::MalformedChoice m = fuzz::malformed_choice(in.rest);
    fuzz::check(props::inverse_rejects_malformed(*v, in.width, m.extra, m.position),
                "inverse/rejects_malformed", values);
  }
  return 0;
}
