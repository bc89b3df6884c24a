// Order target of the epoch codec (sortkey/epoch.h): two instants, a unit
// and a width, checked with the property functions the RapidCheck suite
// runs (properties/props/timestamp_props.h).
// Input: a unit ("s", "ms", "us", "ns"; any other byte picks one), then
// decimal numbers separated by blanks (ByteSource::number: any other byte
// starts a binary value instead; out-of-range values are clamped):
//   width                  1..38
//   a_seconds a_nanos      instant a: Unix seconds (from before 1970 to
//                          beyond 9999), nanoseconds 0..999999999
//   b_seconds b_nanos      instant b
// e.g. "ms 13 1782172800 123456789 1782172800 123999999".
// (Keys that are not encode's are the decode target's: epoch_decode_fuzzer.)

#include <fmt/format.h>

#include <cstdint>
#include <string>

#include "fuzz/byte_source.h"
#include "fuzz/epoch_input.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/show_input.h"
#include "properties/props/common.h"
#include "properties/props/timestamp_props.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("epoch_order_fuzzer");
  fuzz::ByteSource src(data, size);
  constexpr std::int64_t kLow = -100000000000, kHigh = 300000000000;  // years about -1200 and 11500
  const EpochUnit unit = fuzz::read_epoch_unit(src);
  const int width = static_cast<int>(src.number(1, 38));
  const Instant a{src.number(kLow, kHigh), static_cast<std::uint32_t>(src.number(0, kMaxNanos))};
  const Instant b{src.number(kLow, kHigh), static_cast<std::uint32_t>(src.number(0, kMaxNanos))};
  auto values = [&] {
    return fmt::format("unit {}, width {}, a {}.{:09}, b {}.{:09}", to_string(unit), width,
                       a.seconds, a.nanos, b.seconds, b.nanos);
  };
  fuzz::show_input(values);
  fuzz::check(props::epoch_round_trip(a, unit, width), "epoch/round_trip", values);
  fuzz::check(props::epoch_round_trip(b, unit, width), "epoch/round_trip", values);
  fuzz::check(props::epoch_order(a, b, unit, width), "epoch/order", values);
  fuzz::check(props::epoch_fixed_width(a, unit, width), "epoch/fixed_width", values);
  fuzz::check(props::epoch_overflow(a, unit, width), "epoch/overflow", values);
  fuzz::check(props::epoch_overflow(b, unit, width), "epoch/overflow", values);
  fuzz::check(props::epoch_before_1970(a, unit, width), "epoch/before_1970", values);
  return 0;
}
