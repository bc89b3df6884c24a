// Snapshot files: parse_snapshot (certify/adapter/snapshot_file.h) on any
// text, and changed_keys on what it accepts.
// Input: the file's text (the seeds are snapshots as `certify --snapshot`
// records them, and near misses).
//
// Checks (certify/adapter/snapshot_file_props.h):
//   * the reader is total: a file, or an error naming it;
//   * an accepted file is one of the documented form (format, inputs
//     version, codecs of entries with params, value and a key or a refusal);
//   * comparing an accepted codec's entries with themselves finds no change,
//     and with one answer changed (a key refused, a refusal given a key, a
//     key altered) finds exactly that one, naming its input;
//   * the file printed (as the certifier writes it) reads back as itself.

#include <cstdint>
#include <string>
#include <string_view>

#include "certify/adapter/snapshot_file_props.h"
#include "fuzz/fuzz_adapter.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("snapshot_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  fuzz::check(certify::adapter::snapshot_file_holds(text, "snap.json"), "snapshot/file",
              [&] { return std::string(text.substr(0, 2000)); });
  return 0;
}
