// Order target of the integer codecs: two values and a width decoded from the
// input, checked with the same property functions the RapidCheck suite runs.
// Input: "<width>:" (width_prefix.h), then a and b, each a length byte
// (1 + byte % 39 digits) followed by its digits, then a percent byte
// (byte % 101): "5:\x02157\x02158P" is 157 and 158 at width 5, 80%. A digit
// byte is that digit and any other byte maps to one (ByteSource::digits), so
// mutations move values a little at a time.

#include <cstdint>
#include <string>

#include "fuzz/byte_source.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/show_input.h"
#include "fuzz/width_prefix.h"
#include "properties/props/padded_props.h"
#include "sortkey/uint128.h"

namespace {

// The value of a run of digits, at most 39 of them (so that some overflow
// the width), saturating at 2^128 - 1 like nothing in the codec does.
sortkey::UInt128 value_of(const std::string& digits) {
  auto v = sortkey::parse_decimal(digits);
  return v ? *v : ~sortkey::UInt128{0};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("padded_order_fuzzer");
  const fuzz::WidthAndRest in = fuzz::split_width(data, size);
  fuzz::ByteSource src(reinterpret_cast<const std::uint8_t*>(in.rest.data()), in.rest.size());
  const std::string da = src.digits(39);
  const std::string db = src.digits(39);
  const int percent = static_cast<int>(src.in_range(0, 100));
  const UInt128 a = value_of(da), b = value_of(db);
  const int w = in.width;
  auto values = [&] {
    return "width " + std::to_string(w) + ", a " + da + ", b " + db + ", percent " +
           std::to_string(percent);
  };
  fuzz::show_input(values);
  fuzz::check(props::padded_round_trip(a, w), "padded/round_trip", values);
  fuzz::check(props::padded_order(a, b, w), "padded/order", values);
  fuzz::check(props::padded_fixed_width(a, w), "padded/fixed_width", values);
  fuzz::check(props::padded_overflow(a, w), "padded/overflow", values);
  fuzz::check(props::padded_capacity_warning(a, w, percent), "padded/capacity_warning", values);
  fuzz::check(props::inverse_round_trip(a, w), "inverse/round_trip", values);
  fuzz::check(props::inverse_reverses_order(a, b, w), "inverse/reverses_order", values);
  fuzz::check(props::inverse_overflow(b, w), "inverse/overflow", values);
  fuzz::check(props::inverse_is_complement(a, w), "inverse/is_complement", values);
  return 0;
}
