// Failure store entries: parse_stored_failure (certify/failure_store.h) and
// the reproduce-string reader under it (properties/reproduce_string.h) on
// any text.
// Input: an entry file's text, or a bare reproduce string (the seeds are
// entries as `certify --failures` stores them, their reproduce strings, and
// near misses).
//
// Checks (certify/failure_store_props.h):
//   * both readers are total: a value, or an error naming what was read;
//   * an accepted entry is of the documented form (kind, cases, passes, a
//     reproduce string for its own property), reads back as itself as the
//     store writes it, and has a plain file name;
//   * an accepted reproduce string names a property id of 1 to 1024 bytes
//     and a size of at most 100;
//   * a design entry's case, read against a design of every attribute type
//     (design/failure_case_props.h), is a case or an error, and an accepted
//     one reads back as written.

#include <cstdint>
#include <string>
#include <string_view>

#include "certify/failure_store.h"
#include "certify/failure_store_props.h"
#include "design/failure_case_props.h"
#include "fuzz/fuzz_adapter.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("failure_store_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  fuzz::check(certify::failure_entry_holds(text), "failure_store/entry",
              [&] { return std::string(text.substr(0, 2000)); });
  const auto entry = certify::parse_stored_failure(text, "entry.json");
  if (entry && !entry->failing_case.is_null()) {
    fuzz::check(design::stored_case_holds(entry->property, entry->failing_case),
                "failure_store/design_case", [&] { return std::string(text.substr(0, 2000)); });
  }
  return 0;
}
