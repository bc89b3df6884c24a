// Decode target of the DynamoDB Number codec (sortkey/number.h): arbitrary
// bytes, read twice.
// Input: the bytes themselves, no parameters ("31301", "11258:", "1e2").
//   - as a key: decode_number never crashes, and what it accepts re-encodes
//     to exactly those bytes and is the normalized value its own text
//     denotes (number/total_decode); around a key it accepts, truncations,
//     extensions, zero digits at either end, exponent fields above 255 and
//     wrong terminators are rejected (number/rejects_malformed, with a byte
//     malformed_choice.h picks);
//   - as Number text: parse_number accepts exactly what DynamoDB accepts,
//     with DynamoDB's message otherwise (number/text_verdict).

#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/fuzz_adapter.h"
#include "fuzz/malformed_choice.h"
#include "properties/props/common.h"
#include "properties/props/number_props.h"
#include "sortkey/number.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("number_decode_fuzzer");
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto values = [&] { return "bytes " + props::show_key(bytes); };
  fuzz::check(props::number_total_decode(bytes), "number/total_decode", values);
  if (auto n = decode_number(bytes)) {
    fuzz::check(props::number_rejects_malformed(to_string(*n), fuzz::malformed_choice(bytes).extra),
                "number/rejects_malformed", values);
  }
  fuzz::check(props::number_text_verdict(bytes), "number/text_verdict", values);
  return 0;
}
