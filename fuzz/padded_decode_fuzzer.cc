// Decode targets of the integer codecs: arbitrary bytes as a candidate key.
// Input: "<width>:<key>" when it starts with a width of 1..38 and ':' (the
// readable seeds), otherwise the first byte picks the width and the rest is
// the key. Checks that decode is total and canonical for padded and inverse.

#include <cstdint>
#include <string>

#include "byte_source.h"
#include "fuzz_adapter.h"
#include "props/common.h"
#include "props/padded_props.h"
#include "width_prefix.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("padded_decode_fuzzer");
  const fuzz::WidthAndRest in = fuzz::split_width(data, size);
  const std::string values = "width " + std::to_string(in.width) + ", key " + props::show_key(in.rest);
  fuzz::check(props::padded_total_decode(in.rest, in.width), "padded/total_decode", values);
  fuzz::check(props::inverse_total_decode(in.rest, in.width), "inverse/total_decode", values);
  return 0;
}
