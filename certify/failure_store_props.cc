#include "certify/failure_store_props.h"

#include <string>

#include "certify/failure_store.h"
#include "properties/reproduce_string.h"

namespace sortkey::certify {
namespace {

props::Outcome entry_reproduce_string_holds(std::string_view text) {
  const auto r = props::read_reproduce_string(text);
  if (!r) {
    if (r.error().message.rfind("the reproduce string ", 0) != 0) {
      return props::Outcome::fails("a refusal that does not name the reproduce string: " +
                                   r.error().message);
    }
    return props::Outcome::holds();
  }
  if (r->property_id.empty() || r->property_id.size() > 1024) {
    return props::Outcome::fails("an accepted property id of " +
                                 std::to_string(r->property_id.size()) + " bytes");
  }
  if (r->size < 0 || r->size > props::kMaxReproduceSize) {
    return props::Outcome::fails("an accepted size of " + std::to_string(r->size));
  }
  return props::Outcome::holds();
}

bool entry_plain_file_name(const std::string& name) {
  if (name.size() < 23 || name.compare(name.size() - 5, 5, ".json") != 0) return false;
  for (std::size_t i = 0; i + 5 < name.size(); ++i) {
    const char c = name[i];
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) return false;
  }
  return true;
}

}  // namespace

props::Outcome failure_entry_holds(std::string_view text) {
  if (auto r = entry_reproduce_string_holds(text); !r.ok()) return r;
  const auto entry = parse_stored_failure(text, "entry.json");
  if (!entry) {
    if (entry.error().message.find("entry.json") == std::string::npos) {
      return props::Outcome::fails("a refusal that does not name the entry: " +
                                   entry.error().message);
    }
    return props::Outcome::holds();
  }
  const StoredFailure& f = *entry;
  const bool design = f.target_kind == "design";
  if (f.target_kind != "built-in" && f.target_kind != "adapter" && !design) {
    return props::Outcome::fails("accepted the target kind \"" + f.target_kind + "\"");
  }
  if (f.cases < 1 || f.passes < 0 || f.passes > kMaxFailurePasses) {
    return props::Outcome::fails("accepted cases or passes out of range");
  }
  if (design != !f.failing_case.is_null() || (design && !f.failing_case.contains("population"))) {
    return props::Outcome::fails("a case on an entry that is not a design's, or none on one");
  }
  const auto reproduce = props::read_reproduce_string(f.reproduce);
  if (!(design && f.reproduce.empty()) && (!reproduce || reproduce->property_id != f.property)) {
    return props::Outcome::fails("accepted a reproduce string that is not for its property");
  }
  const auto again = parse_stored_failure(stored_failure_text(f), "printed");
  if (!again) {
    return props::Outcome::fails("the entry as printed is refused: " + again.error().message);
  }
  if (!(*again == f)) return props::Outcome::fails("the entry as printed reads back otherwise");
  if (!entry_plain_file_name(stored_failure_file(f))) {
    return props::Outcome::fails("the file name \"" + stored_failure_file(f) + "\"");
  }
  return props::Outcome::holds();
}

}  // namespace sortkey::certify
