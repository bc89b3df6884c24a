// The certifier's reader of outside JSON (support/json_input.h:
// adapter lines, certificates, known-divergences files, snapshots, endpoint
// answers) on arbitrary bytes. Checks that it is total, that what it accepts
// nests at most kMaxJsonDepth deep (so printing it cannot exhaust the
// stack), that nesting past the limit is always refused, and that an
// accepted document prints and reads back as itself
// (properties/props/json_input_props.h).

#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/fuzz_adapter.h"
#include "properties/props/json_input_props.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sortkey::fuzz::set_target_name("json_input_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  sortkey::fuzz::check(sortkey::props::json_input_bounded_and_stable(text), "certify/json_input",
                       [&] { return std::to_string(size) + " bytes"; });
  return 0;
}
