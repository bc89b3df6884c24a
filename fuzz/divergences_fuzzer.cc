// Known-divergences files: parse_known_divergences
// (certify/endpoint/divergences.h) on any text, and the entries it accepts
// matched against divergences made from them.
// Input: the file's text (the seeds are files of every form an entry takes).
//
// Checks:
//   * the reader is total: entries, or an error naming the file;
//   * every accepted entry has a non-empty id and why, ids are unique, and
//     the match names a kind, a shape or a detail;
//   * the divergence an entry describes (its property, its first kind, the
//     first value of each shape key) matches it when it has no detail
//     pattern, and matching never throws; a kind the entry does not list
//     never matches it;
//   * the file read back from its own JSON text holds the same entries.

#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "certify/endpoint/divergences.h"
#include "fuzz_adapter.h"
#include "props/outcome.h"

namespace {

using namespace sortkey;
using certify::endpoint::Divergence;
using certify::endpoint::KnownDivergence;
using certify::endpoint::KnownDivergences;
using props::Outcome;

constexpr std::string_view kName = "known.json";

// The divergence `e` is written for, as the workload would report it.
Divergence described_by(const KnownDivergence& e) {
  Divergence d;
  d.property = e.property.empty()         ? "endpoint/query"
               : e.property.back() == '/' ? e.property + "query"
                                          : e.property;
  d.kind = e.kinds.empty() ? "order" : e.kinds.front();
  for (const auto& [key, allowed] : e.shape) d.shape[key] = allowed.empty() ? "" : allowed.front();
  d.detail = "2 items where the oracle reads 3";
  return d;
}

Outcome entry_holds(const KnownDivergences& file, const KnownDivergence& e) {
  if (e.id.empty() || e.why.empty()) return Outcome::fails("an entry without id or why");
  if (e.kinds.empty() && e.shape.empty() && !e.detail) {
    return Outcome::fails("an entry that matches everything: " + e.id);
  }
  Divergence d = described_by(e);
  const bool matched = e.matches(d);
  const bool empty_shape_list = [&] {
    for (const auto& [key, allowed] : e.shape) {
      if (allowed.empty()) return true;
    }
    return false;
  }();
  if (!e.detail && !empty_shape_list && (!matched || file.match(d) == nullptr)) {
    return Outcome::fails("the entry does not match the divergence it describes: " + e.id);
  }
  if (!e.kinds.empty()) {
    d.kind = "not-a-kind-" + e.kinds.front();
    bool listed = false;
    for (const std::string& k : e.kinds) listed = listed || k == d.kind;
    if (!listed && e.matches(d)) return Outcome::fails("an unlisted kind matches: " + e.id);
  }
  return Outcome::holds();
}

bool same_entries(const KnownDivergences& a, const KnownDivergences& b) {
  if (a.endpoint != b.endpoint || a.entries.size() != b.entries.size()) return false;
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    const KnownDivergence &x = a.entries[i], &y = b.entries[i];
    if (x.id != y.id || x.why != y.why || x.property != y.property || x.kinds != y.kinds ||
        x.shape != y.shape || x.detail_pattern != y.detail_pattern ||
        x.detail.has_value() != y.detail.has_value() || x.reproduction != y.reproduction) {
      return false;
    }
  }
  return true;
}

Outcome file_holds(std::string_view text) {
  auto file = certify::endpoint::parse_known_divergences(text, kName);
  if (!file) {
    if (file.error().message.rfind(kName, 0) != 0) {
      return Outcome::fails("an error not naming the file: " + file.error().message);
    }
    return Outcome::holds();
  }
  std::set<std::string> ids;
  for (const KnownDivergence& e : file->entries) {
    if (!ids.insert(e.id).second) return Outcome::fails("the id " + e.id + " is accepted twice");
    if (Outcome o = entry_holds(*file, e); !o.ok()) return o;
  }
  const std::string printed = nlohmann::json::parse(text).dump();
  auto again = certify::endpoint::parse_known_divergences(printed, kName);
  if (!again || !same_entries(*file, *again)) {
    return Outcome::fails("the file read back from its own JSON is another: " +
                          printed.substr(0, 2000));
  }
  return Outcome::holds();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sortkey::fuzz::set_target_name("divergences_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  sortkey::fuzz::check(file_holds(text), "divergences/file",
                       [&] { return std::string(text.substr(0, 2000)); });
  return 0;
}
