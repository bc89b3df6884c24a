#include "certify/failure_store.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <system_error>

#include "certify/digest.h"
#include "properties/reproduce_string.h"
#include "support/json_input.h"

namespace sortkey::certify {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

Error entry_refused(std::string_view what, const std::string& why) {
  return make_error(ErrorCode::kBadFormat, 0, fmt::format("{}: {}", what, why));
}

// The member `name` of `j` as a string; "" and false when it is missing or not one.
bool entry_string_member(const json& j, const char* name, std::string& out) {
  const auto it = j.find(name);
  if (it == j.end() || !it->is_string()) return false;
  out = it->get<std::string>();
  return true;
}

bool entry_integer_member(const json& j, const char* name, std::int64_t low, std::int64_t high,
                          std::int64_t& out) {
  const auto it = j.find(name);
  if (it == j.end() || !it->is_number_integer()) return false;
  if (it->is_number_unsigned()) {
    const auto u = it->get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(high)) return false;
    out = static_cast<std::int64_t>(u);
  } else {
    out = it->get<std::int64_t>();
  }
  return out >= low && out <= high;
}

// The counterexample's (type, value) pairs; false when it is not an array of them.
bool entry_read_counterexample(const json& j, StoredFailure& f) {
  const auto it = j.find("counterexample");
  if (it == j.end() || !it->is_array()) return false;
  for (const json& pair : *it) {
    if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() || !pair[1].is_string()) {
      return false;
    }
    f.counterexample.emplace_back(pair[0].get<std::string>(), pair[1].get<std::string>());
  }
  return true;
}

// The members that are strings; the first missing one's name, or nullptr.
const char* entry_read_strings(const json& j, StoredFailure& f) {
  const std::pair<const char*, std::string*> members[] = {
      {"target_kind", &f.target_kind}, {"target", &f.target},   {"property", &f.property},
      {"reproduce", &f.reproduce},     {"message", &f.message}, {"replay", &f.replay},
      {"found_at", &f.found_at}};
  for (const auto& [name, out] : members) {
    if (!entry_string_member(j, name, *out)) return name;
  }
  return nullptr;
}

bool entry_literal(const json& v) {
  return v.is_string() || v.is_number_integer() || v.is_boolean();
}

// Whether `j` is an object of at most kMaxStoredCaseItems literals.
bool entry_literal_map(const json& j) {
  if (!j.is_object() || j.size() > kMaxStoredCaseItems) return false;
  return std::all_of(j.begin(), j.end(), [](const json& v) { return entry_literal(v); });
}

// Why a design entry's case is not of the documented form, or "".
std::string entry_case_refusal(const json& c) {
  if (!c.is_object()) return "its \"case\" is missing or not an object";
  const auto pop = c.find("population");
  if (pop == c.end() || !pop->is_array() || pop->size() > kMaxStoredCaseItems) {
    return "its case's \"population\" is not a list of entities";
  }
  for (const json& e : *pop) {
    if (!e.is_object() || !e.contains("entity") || !e["entity"].is_string() ||
        !e.contains("values") || !entry_literal_map(e["values"])) {
      return "its case's \"population\" holds an entity that is not {\"entity\": name, "
             "\"values\": {attribute: literal}}";
    }
  }
  if (c.contains("params") && !entry_literal_map(c["params"])) {
    return "its case's \"params\" is not an object of literals";
  }
  if (c.contains("page_limit") &&
      (!c["page_limit"].is_number_unsigned() || c["page_limit"].get<std::uint64_t>() > 1000000)) {
    return "its case's \"page_limit\" is not an integer from 0 to 1000000";
  }
  if (c.contains("index") && !c["index"].is_string()) return "its case's \"index\" is not a string";
  if (c.contains("value") && !entry_literal(c["value"])) {
    return "its case's \"value\" is not a literal";
  }
  if (c.contains("update")) {
    const json& u = c["update"];
    if (!u.is_object() || !u.contains("entity") || !u["entity"].is_number_unsigned() ||
        !u.contains("attribute") || !u["attribute"].is_string() || !u.contains("value") ||
        !entry_literal(u["value"])) {
      return "its case's \"update\" is not {\"entity\": n, \"attribute\": name, \"value\": "
             "literal}";
    }
  }
  return {};
}

std::string entry_file_part(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    out += plain ? c : '-';
  }
  return out.substr(0, 100);
}

}  // namespace

Result<StoredFailure> parse_stored_failure(std::string_view text, std::string_view what) {
  auto parsed = support::parse_json(text, what);
  if (!parsed) return make_error(ErrorCode::kBadFormat, 0, parsed.error().message);
  const json& j = *parsed;
  if (!j.is_object()) return entry_refused(what, "not a JSON object");
  std::string format;
  if (!entry_string_member(j, "format", format) || format != kFailureFormat) {
    return entry_refused(what, fmt::format("its \"format\" is not \"{}\"", kFailureFormat));
  }
  StoredFailure f;
  if (const char* missing = entry_read_strings(j, f)) {
    return entry_refused(what, fmt::format("its \"{}\" is missing or not a string", missing));
  }
  const bool design = f.target_kind == "design";
  if (f.target_kind != "built-in" && f.target_kind != "adapter" && !design) {
    return entry_refused(what,
                         "its \"target_kind\" is none of \"built-in\", \"adapter\", \"design\"");
  }
  const auto seed = j.find("seed");
  if (seed == j.end() || !seed->is_number_unsigned()) {
    return entry_refused(what, "its \"seed\" is not a non-negative integer");
  }
  f.seed = seed->get<std::uint64_t>();
  std::int64_t n = 0;
  if (!entry_integer_member(j, "cases", 1, 10000000, n)) {
    return entry_refused(what, "its \"cases\" is not an integer from 1 to 10000000");
  }
  f.cases = static_cast<int>(n);
  if (!entry_integer_member(j, "passes", 0, kMaxFailurePasses, n)) {
    return entry_refused(
        what, fmt::format("its \"passes\" is not an integer from 0 to {}", kMaxFailurePasses));
  }
  f.passes = static_cast<int>(n);
  if (!entry_read_counterexample(j, f)) {
    return entry_refused(what, "its \"counterexample\" is not a list of [type, value] strings");
  }
  if (design) {
    const auto c = j.find("case");
    const std::string why =
        c == j.end() ? "its \"case\" is missing or not an object" : entry_case_refusal(*c);
    if (!why.empty()) return entry_refused(what, why);
    f.failing_case = *c;
    if (f.reproduce.empty()) return f;
  } else if (j.contains("case")) {
    return entry_refused(what, "it has a \"case\", which only a design entry holds");
  }
  const auto reproduce = props::read_reproduce_string(f.reproduce);
  if (!reproduce) return entry_refused(what, reproduce.error().message);
  if (reproduce->property_id != f.property) {
    return entry_refused(
        what, fmt::format("its reproduce string is for another property than \"{}\"", f.property));
  }
  return f;
}

std::string stored_failure_text(const StoredFailure& f) {
  json j = {{"format", kFailureFormat},
            {"target_kind", f.target_kind},
            {"target", f.target},
            {"property", f.property},
            {"seed", f.seed},
            {"cases", f.cases},
            {"reproduce", f.reproduce},
            {"message", f.message},
            {"counterexample", f.counterexample},
            {"replay", f.replay},
            {"found_at", f.found_at},
            {"passes", f.passes}};
  if (!f.failing_case.is_null()) j["case"] = f.failing_case;
  return j.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string stored_failure_file(const StoredFailure& f) {
  std::string hashed = f.target_kind + "\n" + f.property + "\n" + f.reproduce;
  if (!f.failing_case.is_null()) {  // a design entry: its design and case too
    hashed += "\n" + f.target + "\n" +
              f.failing_case.dump(-1, ' ', false, json::error_handler_t::replace);
  }
  const std::string hash = sha256_hex(hashed);
  return fmt::format("{}-{}-{}.json", entry_file_part(f.target_kind), entry_file_part(f.property),
                     hash.substr(0, 16));
}

Result<std::vector<StoredFailure>> read_failure_store(const std::string& dir) {
  const auto bad = [&dir](const std::string& why) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("the failure store {}: {}", dir, why));
  };
  std::error_code ec;
  const fs::file_status status = fs::status(dir, ec);
  if (status.type() == fs::file_type::not_found) return std::vector<StoredFailure>{};
  if (ec) return bad(ec.message());
  if (status.type() != fs::file_type::directory) return bad("not a directory");
  std::vector<std::string> names;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.size() < 5 || name.compare(name.size() - 5, 5, ".json") != 0) continue;
    if (names.size() == kMaxStoredFailures) {
      return bad(fmt::format("more than {} entries", kMaxStoredFailures));
    }
    names.push_back(name);
  }
  if (ec) return bad(ec.message());
  std::sort(names.begin(), names.end());
  std::vector<StoredFailure> out;
  for (const std::string& name : names) {
    auto text = support::read_file_within((fs::path(dir) / name).string(), kMaxFailureFileBytes);
    if (!text) return bad(text.error().message);
    auto entry = parse_stored_failure(*text, name);
    if (!entry) return bad(entry.error().message + " (delete the file to drop the entry)");
    if (stored_failure_file(*entry) != name) {
      return bad(fmt::format("{}: stored under another name than its content gives ({})", name,
                             stored_failure_file(*entry)));
    }
    out.push_back(std::move(*entry));
  }
  return out;
}

}  // namespace sortkey::certify
