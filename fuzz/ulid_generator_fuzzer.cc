// Generator target of ULIDs: a UlidGenerator driven by a clock and a random
// source decoded from the input, against the documented model
// (props::ulid_generator_model) and, in monotonic mode,
// props::ulid_monotonic_order (strictly increasing; errors only out of
// range, overflow after an all-0xFF entropy, or no random bytes).
// Input (hex_input.h: raw bytes, or "x:" and readable hex), id_input.h's
// generator_script:
//   1 byte     flags: bit 0 monotonic; bit 1 the random source fails after
//              the number of payloads in the next byte (mod 8)
//   1 byte     the clock's start: 2017 plus up to 65535 ms, 0 or 2^48 - 1
//              (+-2), or 8 raw bytes
//   per call (at most 48):
//     1 byte   the clock's step: none, +1 ms, +1 ms, -1 ms, -1 ms, +n ms, -n ms
//              (2 bytes n), or a jump to an edge of the range (1 byte)
//     1 byte   the entropy offered: all 0xFF, 0xFF..FE/FD/FC, zeros, or 10 raw bytes

#include <cstdint>
#include <string>

#include "fuzz/byte_source.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/hex_input.h"
#include "fuzz/id_checks.h"
#include "properties/props/ulid_props.h"
#include "sortkey/ulid.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("ulid_generator_fuzzer");
  const std::string bytes = fuzz::input_bytes(data, size);
  fuzz::ByteSource src(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  fuzz::check_generator<kUlidEntropySize>(
      src, 0, kUlidMaxTime, 1,
      fuzz::GeneratorChecks{props::ulid_generator_model, "ulid/generator_model",
                            props::ulid_monotonic_order, "ulid/monotonic_order"});
  return 0;
}
