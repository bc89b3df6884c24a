// Order target of KSUIDs: values decoded structurally from the input,
// checked with the property functions the RapidCheck suite runs
// (properties/props/ksuid_props.h).
// Input (hex_input.h: raw bytes, or "x:" and readable hex):
//   20 bytes   KSUID a
//   1 byte     how b is made from a: fresh 20 bytes, a +- up to 255,
//              a with one byte changed, a with its tail all 0x00 / 0xFF, a
//   ...        b's bytes (see id_input.h near_id)
//   1 byte     a byte to extend or corrupt a's key with
//   1 byte     the position it replaces
//   2 bytes    the unix time: a kind (a's own second, the first or the last
//              valid second, or the 8 raw bytes that follow) and an offset
//              of -2..+2 (byte % 5 - 2; not added to raw bytes)
// Checks round trips (text, binary, time and payload), the oracle's base 62,
// order of text = order of bytes = order of (time, payload), rejection of
// truncated, extended and corrupted keys, and the time range.

#include <fmt/ranges.h>

#include <cstdint>
#include <string>

#include "fuzz/byte_source.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/hex_input.h"
#include "fuzz/id_input.h"
#include "fuzz/show_input.h"
#include "properties/props/common.h"
#include "properties/props/ksuid_props.h"
#include "sortkey/ksuid.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("ksuid_order_fuzzer");
  const std::string bytes = fuzz::input_bytes(data, size);
  fuzz::ByteSource src(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  const Ksuid::Bytes a = fuzz::raw_bytes<kKsuidSize>(src);
  const Ksuid::Bytes b = fuzz::near_id(a, src);
  const char extra = static_cast<char>(src.byte());
  const std::size_t position = src.byte();
  const std::int64_t unix_seconds =
      fuzz::time_near(src, Ksuid(a).unix_seconds(), kKsuidMinUnix, kKsuidMaxUnix);
  auto show = [&] {
    return fmt::format("a {} ({}), b {} ({}), extra {}, position {}, unix time {}",
                       encode_ksuid(Ksuid(a)), fmt::join(a, " "), encode_ksuid(Ksuid(b)),
                       fmt::join(b, " "), props::show_key(std::string_view(&extra, 1)), position,
                       unix_seconds);
  };
  fuzz::show_input(show);
  fuzz::check(props::ksuid_round_trip(a), "ksuid/round_trip", show);
  fuzz::check(props::ksuid_round_trip(b), "ksuid/round_trip", show);
  fuzz::check(props::ksuid_matches_oracle(a), "ksuid/matches_oracle", show);
  fuzz::check(props::ksuid_matches_oracle(b), "ksuid/matches_oracle", show);
  fuzz::check(props::ksuid_order(a, b), "ksuid/order", show);
  fuzz::check(props::ksuid_rejects_malformed(a, extra, position), "ksuid/rejects_malformed", show);
  fuzz::check(props::ksuid_time_range(unix_seconds, Ksuid(a).payload()), "ksuid/time_range", show);
  return 0;
}
