// Order target of the timestamp codec (sortkey/timestamp.h): two instants
// and a precision, checked with the property functions the RapidCheck suite
// runs (properties/props/timestamp_props.h).
// Input, decimal numbers separated by blanks (ByteSource::number: any other
// byte starts a binary value instead; out-of-range values are clamped):
//   p                      precision 0..9
//   a_seconds a_nanos      instant a: Unix seconds (a little beyond years
//                          0001..9999 either way), nanoseconds 0..1000000000
//   b_seconds b_nanos      instant b
//   offset digits z lower  a written at an offset of -1439..1439 minutes
//                          with 0..9 fraction digits, 'Z' for +00:00 if z,
//                          lower-case 't'/'z' if lower (0 or 1)
//   style                  a display format 0..16 parse_rfc3339 must refuse
// e.g. "3 1782172800 500000000 1782172800 499999999 120 3 0 1 5".
// (Keys that are not encode's are the decode target's:
// timestamp_decode_fuzzer.)

#include <fmt/format.h>

#include <cstdint>
#include <string>

#include "fuzz/byte_source.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/show_input.h"
#include "properties/props/common.h"
#include "properties/props/timestamp_props.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("timestamp_order_fuzzer");
  fuzz::ByteSource src(data, size);
  // About a year past each end of the codec's range, to reach the errors.
  constexpr std::int64_t kLow = kMinTimestampSeconds - 40000000,
                         kHigh = kMaxTimestampSeconds + 40000000;
  const int p = static_cast<int>(src.number(kMinPrecision, kMaxPrecision));
  const Instant a{src.number(kLow, kHigh),
                  static_cast<std::uint32_t>(src.number(0, kMaxNanos + 1))};
  const Instant b{src.number(kLow, kHigh),
                  static_cast<std::uint32_t>(src.number(0, kMaxNanos + 1))};
  const int offset = static_cast<int>(src.number(-1439, 1439));
  const int digits = static_cast<int>(src.number(0, 9));
  const bool zero_as_z = src.number(0, 1) != 0;
  const bool lower = src.number(0, 1) != 0;
  const auto style = static_cast<props::DisplayStyle>(
      src.number(0, static_cast<std::int64_t>(props::DisplayStyle::kCount) - 1));
  auto values = [&] {
    return fmt::format(
        "precision {}, a {}.{:09}, b {}.{:09}, offset {} min, {} fraction digits, zero as Z {}, "
        "lower {}, display "
        "style {}",
        p, a.seconds, a.nanos, b.seconds, b.nanos, offset, digits, zero_as_z, lower,
        props::to_string(style));
  };
  fuzz::show_input(values);
  fuzz::check(props::timestamp_year_range(a, p), "timestamp/year_range", values);
  fuzz::check(props::timestamp_year_range(b, p), "timestamp/year_range", values);
  fuzz::check(props::timestamp_round_trip(a, p), "timestamp/round_trip", values);
  fuzz::check(props::timestamp_order(a, b, p), "timestamp/order", values);
  fuzz::check(props::timestamp_fixed_length(a, p), "timestamp/fixed_length", values);
  fuzz::check(props::timestamp_matches_oracle(a, p), "timestamp/matches_oracle", values);
  fuzz::check(props::timestamp_offsets_normalize(a, offset, digits, zero_as_z, lower, p),
              "timestamp/offsets_normalize", values);
  fuzz::check(props::timestamp_rejects_display_formats(a, style),
              "timestamp/rejects_display_formats", values);
  return 0;
}
