// Decode target of KSUIDs: arbitrary bytes as a candidate key, in both forms.
// Input: the bytes themselves (the seeds are KSUID texts, near misses of
// them, and 20-byte binary KSUIDs).
//   text:   decode_ksuid is total and canonical and agrees with the oracle's
//           base 62 (props::ksuid_total_decode, ksuid_never_wraps); its
//           error is the documented one, in the documented order (bad
//           character, truncated, above Max, trailing bytes), at the
//           documented offset; consume_ksuid reads exactly the first 27
//           bytes or leaves its input alone.
//   binary: ksuid_from_bytes accepts exactly 20 bytes and keeps them; those
//           bytes then round-trip through the text form.
// The checks are properties/props/ksuid_props.h's.

#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_adapter.h"
#include "properties/props/common.h"
#include "properties/props/ksuid_props.h"
#include "sortkey/ksuid.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("ksuid_decode_fuzzer");
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  auto show = [&] { return "input " + props::show_key(in); };
  const auto decoded = decode_ksuid(in);
  fuzz::check(props::ksuid_total_decode(in), "ksuid/total_decode", show);
  if (size == kKsuidTextSize) fuzz::check(props::ksuid_never_wraps(in), "ksuid/never_wraps", show);
  fuzz::check(props::ksuid_documented_errors(in, decoded), "ksuid/documented_errors", show);
  fuzz::check(props::ksuid_consume(in, decoded), "ksuid/consume", show);
  fuzz::check(props::ksuid_binary_form(in), "ksuid/binary_form", show);
  return 0;
}
