// Known-divergences files: parse_known_divergences
// (certify/endpoint/divergences.h) on any text, the entries it accepts
// matched against signatures made from them, and mask_message on the text.
// Input: the file's text (the seeds are files of every form an entry takes).
//
// Checks (certify/endpoint/divergences_props.h):
//   * the reader is total: entries, or an error naming the file;
//   * every accepted entry has a non-empty id and reason, ids are unique,
//     and its signature lists at least one value for each of the six fields;
//   * the signature an entry describes (the first value of each field)
//     matches it, and the file finds an entry for it; the same signature with
//     one field set to a value the entry does not list never matches it;
//   * the file read back from its own JSON text holds the same entries;
//   * mask_message of the text never throws and keeps at most 300 bytes;
//   * find_reproduction (`certify --replay FILE#ID`) of the text, as a
//     known-divergences file or a --json report, is total, and what it
//     finds holds the table, items, request and expected answer.

#include <cstdint>
#include <string>
#include <string_view>

#include "certify/endpoint/divergences.h"
#include "certify/endpoint/divergences_props.h"
#include "fuzz/fuzz_adapter.h"
#include "properties/props/outcome.h"

namespace {

sortkey::props::Outcome reproduction_found_whole(std::string_view text) {
  using sortkey::props::Outcome;
  for (const char* id : {"1", "d1", "known-1", ""}) {
    const auto found = sortkey::certify::endpoint::find_reproduction(text, "known.json", id);
    if (!found) continue;
    for (const char* part : {"table", "items", "request", "expected"}) {
      if (!found->reproduction.is_object() || !found->reproduction.contains(part)) {
        return Outcome::fails(std::string("the reproduction found for ") + id + " has no " + part);
      }
    }
  }
  return Outcome::holds();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("divergences_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto show = [&] { return std::string(text.substr(0, 2000)); };
  fuzz::check(certify::endpoint::known_divergences_file_holds(text, "known.json"),
              "divergences/file", show);
  fuzz::check(certify::endpoint::masked_message_bounded(text), "divergences/mask", show);
  fuzz::check(reproduction_found_whole(text), "divergences/replay", show);
  return 0;
}
