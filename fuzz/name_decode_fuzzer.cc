// Decode target of case-normalized names (sortkey/name.h): arbitrary bytes
// as a key and as a name, in one case mode.
// Input: "<mode>:<bytes>" with mode upper, lower or fold (the readable
// seeds, "upper:DEBRIE"); otherwise the first byte picks the mode (byte % 3)
// and the rest is the bytes.
//   - decode_name never crashes, and what it accepts is a key that
//     normalizes to itself (name/total_decode);
//   - decode_name accepts exactly the oracle's fixed points
//     NFC(map(NFD(k))) == k (name/canonical_decode);
//   - normalize_name fails exactly on empty, ill-formed or control-holding
//     input, at the oracle's offset (name/rejects_invalid).

#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/byte_source.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/name_input.h"
#include "fuzz/show_text.h"
#include "properties/props/common.h"
#include "properties/props/name_props.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("name_decode_fuzzer");
  fuzz::ByteSource src(data, size);
  const CaseMode mode = fuzz::read_case_mode(src);
  const std::string_view bytes = src.rest();
  auto values = [&] {
    return "mode " + std::string(to_string(mode)) + ", bytes " + fuzz::show_text(bytes);
  };
  fuzz::check(props::name_total_decode(bytes, mode), "name/total_decode", values);
  fuzz::check(props::name_canonical_decode(bytes, mode), "name/canonical_decode", values);
  fuzz::check(props::name_rejects_invalid(bytes, mode), "name/rejects_invalid", values);
  return 0;
}
