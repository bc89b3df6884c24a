#include "certify/endpoint/divergences_props.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "certify/endpoint/divergences.h"

namespace sortkey::certify::endpoint {
namespace {

using props::Outcome;

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

}  // namespace

Outcome known_divergences_file_holds(std::string_view text, std::string_view name) {
  auto file = parse_known_divergences(text, name);
  if (!file) {
    if (file.error().message.rfind(name, 0) != 0) {
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
  auto again = parse_known_divergences(printed, name);
  if (!again || !same_entries(*file, *again)) {
    return Outcome::fails("the file read back from its own JSON is another: " +
                          printed.substr(0, 2000));
  }
  return Outcome::holds();
}

Outcome masked_message_bounded(std::string_view text) {
  const std::string masked = mask_message(text, {"pk", "sk", "g 5"});
  if (masked.size() > 300) return Outcome::fails("a masked message of more than 300 bytes");
  return Outcome::holds();
}

}  // namespace sortkey::certify::endpoint
