// Items-file target: the text of a `sortkey query run --items FILE`, read by
// parse_items_text (sortkey/items_file.h) as a JSON array of items or
// as one item per line.
// Input: the file's bytes (the seeds are both forms, blank lines, nesting).
//
// Checks (properties/props/items_file_props.h):
//   * the reader is total: items, or an error with a message and an offset
//     inside the text;
//   * what it accepts it reads again the same from the other form: the items
//     written back with to_json, one per line, and as one JSON array;
//   * no accepted item nests deeper than the limit the reader promises.

#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_adapter.h"
#include "properties/props/common.h"
#include "properties/props/items_file_props.h"
#include "sortkey/items_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("items_file_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto show = [&] { return "items file " + props::show_key(text); };
  const auto items = parse_items_text(text);
  if (!items) {
    fuzz::check(props::items_file_total(text, items), "items_file/total", show);
    return 0;
  }
  fuzz::check(props::items_file_within_depth(*items), "items_file/within_depth", show);
  fuzz::check(props::items_file_round_trip(*items), "items_file/round_trip", show);
  return 0;
}
