// Order target of ULIDs: values decoded structurally from the input,
// checked with the property functions the RapidCheck suite runs
// (properties/props/ulid_props.h).
// Input (hex_input.h: raw bytes, or "x:" and readable hex):
//   16 bytes   ULID a
//   1 byte     how b is made from a (see ksuid_order_fuzzer.cc), then b's bytes
//   1 byte     a byte to extend or corrupt a's key with
//   1 byte     the position it replaces
//   4 bytes    which letters of a's key to write in lower case (bit i: letter i)
//   2 bytes    the unix time in ms: a kind (a's own, 0, 2^48 - 1, or the 8
//              raw bytes that follow) and an offset of -2..+2 (byte % 5 - 2;
//              not added to raw bytes)
// Checks round trips through both decoders, the oracle's Crockford base 32,
// order of text = order of bytes = order of (time, entropy), rejection of
// truncated, extended and corrupted keys, case (decode_ulid reads any case,
// decode_ulid_key only upper), and the time range.

#include <fmt/ranges.h>

#include <cstdint>
#include <string>

#include "fuzz/byte_source.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/hex_input.h"
#include "fuzz/id_input.h"
#include "fuzz/show_input.h"
#include "properties/props/common.h"
#include "properties/props/ulid_props.h"
#include "sortkey/ulid.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("ulid_order_fuzzer");
  const std::string bytes = fuzz::input_bytes(data, size);
  fuzz::ByteSource src(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  const Ulid::Bytes a = fuzz::raw_bytes<kUlidSize>(src);
  const Ulid::Bytes b = fuzz::near_id(a, src);
  const char extra = static_cast<char>(src.byte());
  const std::size_t position = src.byte();
  const auto mask = static_cast<std::uint32_t>(src.in_range(0, 0xFFFFFFFF));
  const std::int64_t unix_ms = fuzz::time_near(src, Ulid(a).unix_ms(), 0, kUlidMaxTime);
  auto show = [&] {
    return fmt::format(
        "a {} ({}), b {} ({}), extra {}, position {}, lower-case mask {:#x}, unix ms {}",
        encode_ulid(Ulid(a)), fmt::join(a, " "), encode_ulid(Ulid(b)), fmt::join(b, " "),
        props::show_key(std::string_view(&extra, 1)), position, mask, unix_ms);
  };
  fuzz::show_input(show);
  fuzz::check(props::ulid_round_trip(a), "ulid/round_trip", show);
  fuzz::check(props::ulid_round_trip(b), "ulid/round_trip", show);
  fuzz::check(props::ulid_matches_oracle(a), "ulid/matches_oracle", show);
  fuzz::check(props::ulid_matches_oracle(b), "ulid/matches_oracle", show);
  fuzz::check(props::ulid_order(a, b), "ulid/order", show);
  fuzz::check(props::ulid_rejects_malformed(a, extra, position), "ulid/rejects_malformed", show);
  fuzz::check(props::ulid_case_insensitive(a, mask), "ulid/case_insensitive", show);
  fuzz::check(props::ulid_time_range(unix_ms, Ulid(a).entropy()), "ulid/time_range", show);
  return 0;
}
