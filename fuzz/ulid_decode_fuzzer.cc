// Decode target of ULIDs: arbitrary bytes as a candidate key, in both forms.
// Input: the bytes themselves (the seeds are ULID texts in both cases, near
// misses of them, and 16-byte binary ULIDs).
//   text:   decode_ulid_key is total and canonical, decode_ulid agrees with
//           the oracle's case-insensitive Crockford base 32
//           (props::ulid_total_decode, ulid_never_wraps); both fail with the
//           documented error at the documented offset, checked character by
//           character (not in the alphabet, a first digit above 7, and for
//           the key decoder lower case), then truncated, then trailing bytes;
//           the two decoders agree on upper-case text, and decode_ulid reads
//           any text as its upper-case spelling; consume_ulid_key reads
//           exactly the first 26 bytes or leaves its input alone.
//   binary: ulid_from_bytes accepts exactly 16 bytes and keeps them; those
//           bytes then round-trip through the text form.
// The checks are properties/props/ulid_props.h's.

#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_adapter.h"
#include "properties/props/common.h"
#include "properties/props/ulid_props.h"
#include "sortkey/ulid.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("ulid_decode_fuzzer");
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  auto show = [&] { return "input " + props::show_key(in); };
  const auto lenient = decode_ulid(in);
  const auto strict = decode_ulid_key(in);
  fuzz::check(props::ulid_total_decode(in), "ulid/total_decode", show);
  if (size == kUlidTextSize) fuzz::check(props::ulid_never_wraps(in), "ulid/never_wraps", show);
  fuzz::check(props::ulid_documented_errors(in, lenient, false), "ulid/documented_errors", show);
  fuzz::check(props::ulid_documented_errors(in, strict, true), "ulid/documented_errors", show);
  fuzz::check(props::ulid_decoders_agree(in, lenient), "ulid/decoders_agree", show);
  fuzz::check(props::ulid_consume(in, strict), "ulid/consume", show);
  fuzz::check(props::ulid_binary_form(in), "ulid/binary_form", show);
  return 0;
}
