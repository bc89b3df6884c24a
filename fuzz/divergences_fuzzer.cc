// Known-divergences files: parse_known_divergences
// (certify/endpoint/divergences.h) on any text, the entries it accepts
// matched against signatures made from them, and mask_message on the text.
// Input: the file's text (the seeds are files of every form an entry takes).
//
// Checks:
//   * the reader is total: entries, or an error naming the file;
//   * every accepted entry has a non-empty id and reason, ids are unique,
//     and its signature lists at least one value for each of the six fields;
//   * the signature an entry describes (the first value of each field)
//     matches it, and the file finds an entry for it; the same signature with
//     one field set to a value the entry does not list never matches it;
//   * the file read back from its own JSON text holds the same entries;
//   * mask_message of the text never throws and keeps at most 300 bytes.

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "certify/endpoint/divergences.h"
#include "fuzz/fuzz_adapter.h"
#include "properties/props/outcome.h"

namespace {

using namespace sortkey;
using certify::endpoint::KnownDivergence;
using certify::endpoint::KnownDivergences;
using certify::endpoint::Signature;
using props::Outcome;

constexpr std::string_view kName = "known.json";

// The signature `e` is written for: the first value of each field.
Signature described_by(const KnownDivergence& e) {
  Signature s;
  for (const auto& [field, allowed] : e.signature) s.field(field) = allowed.front();
  return s;
}

Outcome entry_holds(const KnownDivergences& file, const KnownDivergence& e) {
  if (e.id.empty() || e.reason.empty()) return Outcome::fails("an entry without id or reason");
  for (const std::string& f : Signature::fields()) {
    const auto it = e.signature.find(f);
    if (it == e.signature.end() || it->second.empty()) {
      return Outcome::fails("an entry without a value for " + f + ": " + e.id);
    }
  }
  const Signature s = described_by(e);
  if (!e.matches(s) || file.match(s) == nullptr) {
    return Outcome::fails("the entry does not match the signature it describes: " + e.id);
  }
  for (const std::string& f : Signature::fields()) {
    Signature other = s;
    other.field(f) = "not-listed-" + s.field(f);
    const auto& allowed = e.signature.at(f);
    const bool listed = std::find(allowed.begin(), allowed.end(), other.field(f)) != allowed.end();
    if (!listed && e.matches(other)) {
      return Outcome::fails("a value the entry does not list matches " + f + ": " + e.id);
    }
  }
  return Outcome::holds();
}

bool same_entries(const KnownDivergences& a, const KnownDivergences& b) {
  if (a.endpoint != b.endpoint || a.entries.size() != b.entries.size()) return false;
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    const KnownDivergence &x = a.entries[i], &y = b.entries[i];
    if (x.id != y.id || x.reason != y.reason || x.signature != y.signature ||
        x.reproduction != y.reproduction) {
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

Outcome mask_holds(std::string_view text) {
  const std::string masked = certify::endpoint::mask_message(text, {"pk", "sk", "g 5"});
  if (masked.size() > 300) return Outcome::fails("a masked message of more than 300 bytes");
  return Outcome::holds();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sortkey::fuzz::set_target_name("divergences_fuzzer");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  sortkey::fuzz::check(file_holds(text), "divergences/file",
                       [&] { return std::string(text.substr(0, 2000)); });
  sortkey::fuzz::check(mask_holds(text), "divergences/mask",
                       [&] { return std::string(text.substr(0, 2000)); });
  return 0;
}
