// Generator target of KSUIDs: a KsuidGenerator driven by a clock and a random
// source decoded from the input, against the documented model
// (props::ksuid_generator_model: every result, value or error, is the
// model's) and, in monotonic mode, props::ksuid_monotonic_order (strictly
// increasing IDs; errors only out of range, exhausted or no random bytes).
// Input (hex_input.h: raw bytes, or "x:" and readable hex), id_input.h's
// generator_script:
//   1 byte     flags: bit 0 monotonic; bit 1 the random source fails after
//              the number of payloads in the next byte (mod 8)
//   1 byte     the clock's start: 2017 plus up to 65535 ms, the first or the
//              last valid millisecond (+-2), or 8 raw bytes
//   per call (at most 48):
//     1 byte   the clock's step: none, +1 ms, +1 s, -1 ms, -1 s, +n ms, -n ms
//              (2 bytes n), or a jump to an edge of the range (1 byte)
//     1 byte   the payload offered: all 0xFF, 0xFF..FE/FD/FC, zeros, or 16 raw bytes

#include <cstdint>
#include <string>

#include "fuzz/byte_source.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/hex_input.h"
#include "fuzz/id_checks.h"
#include "properties/props/ksuid_props.h"
#include "sortkey/ksuid.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("ksuid_generator_fuzzer");
  const std::string bytes = fuzz::input_bytes(data, size);
  fuzz::ByteSource src(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  fuzz::check_generator<kKsuidPayloadSize>(
      src, kKsuidMinUnix * 1000, kKsuidMaxUnix * 1000 + 999, 1000,
      fuzz::GeneratorChecks{props::ksuid_generator_model, "ksuid/generator_model",
                            props::ksuid_monotonic_order, "ksuid/monotonic_order"});
  return 0;
}
