// The certifier's reader of outside JSON (support/json_input.h:
// adapter lines, certificates, known-divergences files, snapshots, endpoint
// answers) on arbitrary bytes. Checks that it is total, that what it accepts
// nests at most kMaxJsonDepth deep (so printing it cannot exhaust the
// stack), that nesting past the limit is always refused, and that an
// accepted document prints and reads back as itself.

#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/fuzz_adapter.h"
#include "properties/props/outcome.h"
#include "support/json_input.h"

namespace {

using sortkey::props::Outcome;

Outcome bounded_and_stable(std::string_view text) {
  const int depth = sortkey::support::json_depth(text);
  auto parsed = sortkey::support::parse_json(text, "the input");
  if (!parsed) {
    return Outcome::holds();  // refused, with a message: what any bytes may get
  }
  if (depth > sortkey::support::kMaxJsonDepth) {
    return Outcome::fails("accepted a document nested " + std::to_string(depth) + " deep");
  }
  const std::string printed = parsed->dump();
  auto again = sortkey::support::parse_json(printed, "the printed input");
  if (!again || *again != *parsed) {
    return Outcome::fails("the accepted document does not read back from its own text " +
                          printed.substr(0, 200));
  }
  return Outcome::holds();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sortkey::fuzz::set_target_name("json_input_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  sortkey::fuzz::check(bounded_and_stable(text), "certify/json_input",
                       [&] { return std::to_string(size) + " bytes"; });
  return 0;
}
