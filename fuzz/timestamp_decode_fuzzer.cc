// Decode target of the timestamp codec (sortkey/timestamp.h): arbitrary
// bytes as a key of a precision and as RFC 3339 text.
// Input: "<p>:<bytes>" when it starts with a precision 0..9 and ':' (the
// readable seeds, "3:2026-06-23T00:00:00.000Z"); otherwise the first byte
// picks the precision (byte % 10) and the rest is the bytes.
//   - decode_timestamp at p never crashes, and what it accepts re-encodes to
//     exactly those bytes (timestamp/total_decode); around a key it accepts,
//     truncations, extensions and one near miss (another fraction length,
//     'z', 't', an offset, month 13, Feb 29 of a common year, ...; which one,
//     malformed_choice.h picks) are rejected (timestamp/rejects_malformed);
//   - parse_rfc3339 errs cleanly or returns the instant the oracle writes
//     back as exactly that text (timestamp/parse_total).

#include <cstdint>
#include <string>

#include "fuzz/fuzz_adapter.h"
#include "fuzz/malformed_choice.h"
#include "fuzz/width_prefix.h"
#include "properties/props/common.h"
#include "properties/props/timestamp_props.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("timestamp_decode_fuzzer");
  const fuzz::ParamAndRest in = fuzz::split_param(data, size, kMinPrecision, kMaxPrecision);
  auto values = [&] {
    return "precision " + std::to_string(in.value) + ", bytes " + props::show_key(in.rest);
  };
  fuzz::check(props::timestamp_total_decode(in.rest, in.value), "timestamp/total_decode", values);
  if (auto t = decode_timestamp(in.rest, in.value)) {
    const fuzz::MalformedChoice m = fuzz::malformed_choice(in.rest);
    fuzz::check(props::timestamp_rejects_malformed(*t, in.value, m.variant, m.extra, m.position),
                "timestamp/rejects_malformed", values);
  }
  fuzz::check(props::timestamp_parse_total(in.rest), "timestamp/parse_total", values);
  return 0;
}
