// NoSQL Workbench import target: the input as a Workbench model (JSON), read by
// `sortkey design import` (design/import/workbench.h) and, when it is a model,
// written as a design file.
// Input: the model's text (the seeds are the test models of
// design/import/tests/ and broken pieces of them).
//
// Checks (design/import/import_props.h):
//   * an error is one line naming the source;
//   * a design the import writes loads as a design (valid names, templates,
//     keys), whatever names, keys and values the model held.

#include <cstdint>
#include <string>
#include <string_view>

#include "design/import/import_props.h"
#include "fuzz/fuzz_adapter.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("workbench_import_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto shown = [&] { return std::string(text.substr(0, 200)); };
  fuzz::check(design_import::imported_design_loads(text, "fuzz.json"), "import/design_loads",
              shown);
  return 0;
}
