// Order target of the DynamoDB Number codec (sortkey/number.h): two Number
// texts and two suffixes, checked with the property functions the
// RapidCheck suite runs (properties/props/number_props.h).
// Input, space-separated fields ("1.5 -1e3 A B"):
//   a       Number text (any bytes up to a space)
//   b       Number text
//   x, y    the suffixes of enc(a) + "#" + x and enc(b) + "#" + y
// Texts DynamoDB rejects are checked against its verdict and skipped by the
// properties that need numbers. (Keys that are not encode's are the decode
// target's: number_decode_fuzzer.)

#include <cstdint>
#include <string>

#include "fuzz/byte_source.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/show_input.h"
#include "properties/props/common.h"
#include "properties/props/number_props.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("number_order_fuzzer");
  fuzz::ByteSource src(data, size);
  const std::string a = src.field(64, ' ');
  const std::string b = src.field(64, ' ');
  const std::string x = src.field(16, ' ');
  const std::string y = src.field(16, ' ');
  auto values = [&] {
    return "a " + props::show_key(a) + ", b " + props::show_key(b) + ", x " + props::show_key(x) +
           ", y " + props::show_key(y);
  };
  fuzz::show_input(values);
  fuzz::check(props::number_text_verdict(a), "number/text_verdict", values);
  fuzz::check(props::number_text_verdict(b), "number/text_verdict", values);
  fuzz::check(props::number_round_trip(a), "number/round_trip", values);
  fuzz::check(props::number_round_trip(b), "number/round_trip", values);
  fuzz::check(props::number_printable(a), "number/printable", values);
  fuzz::check(props::number_order(a, b), "number/order", values);
  fuzz::check(props::number_spellings(a, b), "number/spellings", values);
  fuzz::check(props::number_suffix_order(a, x, b, y), "number/suffix_order", values);
  return 0;
}
