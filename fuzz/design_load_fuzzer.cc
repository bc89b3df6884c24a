// Design file target: the input as the text of a design file (YAML or JSON),
// read by the design loader (design/load.h), and, when it is a design, its
// templates rendered for one entity of each type and its patterns turned
// into requests.
// Input: the file's text (the seeds are small designs and broken pieces of
// them: aliases, duplicate keys, deep nesting, bad codecs, bad UTF-8).
//
// Checks (design/load_props.h):
//   * the loader is total: a design, or an error whose message names the
//     file, a line and a column ("fuzz.yaml:L:C: ...");
//   * every item built from a loaded design has the table's key attributes,
//     of the key's type (the loader's promise that every entity gives them);
//   * building items and requests never crashes: a value a codec refuses is
//     an error, as is a request DynamoDB's builder refuses.

#include <cstdint>
#include <string>
#include <string_view>

#include "design/load.h"
#include "design/load_props.h"
#include "fuzz/fuzz_adapter.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("design_load_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto shown = [&] { return std::string(text.substr(0, 200)); };
  auto design = design::load_design_text(text, "fuzz.yaml");
  if (!design) {
    fuzz::check(design::load_error_names_a_place(design.error(), "fuzz.yaml"),
                "design/errors_name_a_place", shown);
    return 0;
  }
  fuzz::check(design::edge_entities_build(*design), "design/items_have_the_table_key", shown);
  return 0;
}
