// Order target of case-normalized names (sortkey/name.h): two names and a
// case mode, checked with the property functions the RapidCheck suite runs
// (properties/props/name_props.h).
// Input: "<mode>:" (upper, lower or fold; any other first byte picks one),
// then:
//   a      a name up to '\n' (ByteSource::utf8: well-formed UTF-8 reads as
//          itself, any other byte makes a code point, often one whose case
//          mapping is special: sharp s, dotless i, final sigma, ...)
//   b      a name up to '\n'
//   ops    the rest: one byte per code point of NFD(a), byte % 3 says keep
//          it, upper-case it or lower-case it (the case variant of a)
// e.g. "upper:DeBrie\nDEBRIE\n0120".

#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/byte_source.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/name_input.h"
#include "fuzz/show_input.h"
#include "fuzz/show_text.h"
#include "properties/props/common.h"
#include "properties/props/name_props.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("name_order_fuzzer");
  fuzz::ByteSource src(data, size);
  const CaseMode mode = fuzz::read_case_mode(src);
  const std::string a = src.utf8("\n", 32);
  src.byte();
  const std::string b = src.utf8("\n", 32);
  src.byte();
  std::vector<int> ops;
  while (!src.empty() && ops.size() < 32) ops.push_back(src.byte() % 3);
  auto values = [&] {
    std::string shown_ops;
    for (int op : ops) shown_ops += static_cast<char>('0' + op);
    return "mode " + std::string(to_string(mode)) + ", a " + fuzz::show_text(a) + ", b " +
           fuzz::show_text(b) + ", ops " + shown_ops;
  };
  fuzz::show_input(values);
  fuzz::check(props::name_round_trip(a, mode), "name/round_trip", values);
  fuzz::check(props::name_idempotent(a, mode), "name/idempotent", values);
  fuzz::check(props::name_valid_utf8(a, mode), "name/valid_utf8", values);
  fuzz::check(props::name_matches_definition(a, mode), "name/matches_definition", values);
  fuzz::check(props::name_order_is_bytes(a, b, mode), "name/order_is_bytes", values);
  fuzz::check(props::name_equal_ignoring_case(a, b), "name/equal_ignoring_case", values);
  fuzz::check(props::name_case_variants(a, ops, mode), "name/case_variants", values);
  return 0;
}
