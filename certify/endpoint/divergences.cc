#include "certify/endpoint/divergences.h"

#include <fmt/format.h>
#include <unicode/uchar.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

#include "certify/digest.h"
#include "support/files.h"
#include "support/json_input.h"
#include "support/text.h"

namespace sortkey::certify::endpoint {

namespace {

std::string json_line(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// A code point a terminal does not show as itself: controls, format
// characters (zero-width, bidirectional), private use, unassigned,
// surrogates, and separators other than the space.
bool divergences_nonprinting(UChar32 c) {
  switch (u_charType(c)) {
    case U_CONTROL_CHAR:
    case U_FORMAT_CHAR:
    case U_PRIVATE_USE_CHAR:
    case U_UNASSIGNED:
    case U_SURROGATE:
    case U_LINE_SEPARATOR:
    case U_PARAGRAPH_SEPARATOR:
      return true;
    case U_SPACE_SEPARATOR:
      return c != ' ';
    default:
      return false;
  }
}

// A JSON line as a person reads it: json_line with every non-printing
// character of its strings escaped as JSON does (\uXXXX, a surrogate pair
// above U+FFFF), so that the line stays the same JSON and nothing hides.
std::string display_line(const nlohmann::json& j) {
  const std::string text = json_line(j);
  std::string out;
  out.reserve(text.size());
  const auto* s = reinterpret_cast<const std::uint8_t*>(text.data());
  const auto n = static_cast<std::int32_t>(text.size());
  for (std::int32_t i = 0; i < n;) {
    const std::int32_t start = i;
    UChar32 c = 0;
    U8_NEXT(s, i, n, c);
    if (c >= 0 && divergences_nonprinting(c)) {
      if (c > 0xFFFF) {
        out += fmt::format("\\u{:04x}\\u{:04x}", static_cast<unsigned>(U16_LEAD(c)),
                           static_cast<unsigned>(U16_TRAIL(c)));
      } else {
        out += fmt::format("\\u{:04x}", c);
      }
      continue;
    }
    out.append(text, static_cast<std::size_t>(start), static_cast<std::size_t>(i - start));
  }
  return out;
}

bool word_byte(char c) {
  const auto u = static_cast<unsigned char>(c);
  return std::isalnum(u) != 0 || c == '_' || u >= 0x80;
}

// Every whole-word occurrence of `name` in `text` replaced by "<name>".
std::string mask_name(const std::string& text, const std::string& name) {
  if (name.empty()) return text;
  std::string out;
  std::size_t at = 0;
  for (std::size_t hit = text.find(name); hit != std::string::npos;
       hit = text.find(name, hit + 1)) {
    if (hit < at) continue;
    const bool left = hit == 0 || !word_byte(text[hit - 1]);
    const std::size_t end = hit + name.size();
    const bool right = end == text.size() || !word_byte(text[end]);
    if (!left || !right) continue;
    out.append(text, at, hit - at);
    out += "<name>";
    at = end;
  }
  out.append(text, at, std::string::npos);
  return out;
}

// The end of the number starting at `i` (digits, a point, an exponent).
std::size_t number_end(std::string_view s, std::size_t i) {
  while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) != 0 || s[i] == '.')) ++i;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
    if (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j])) != 0) {
      i = j;
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) != 0) ++i;
    }
  }
  return i;
}

// Quoted text, {...} and [...] groups and numbers masked.
std::string mask_values(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c == '"') {
      const std::size_t close = s.find('"', i + 1);
      out += "\"…\"";
      i = close == std::string_view::npos ? s.size() : close + 1;
    } else if (c == '{' || c == '[') {
      const char close = c == '{' ? '}' : ']';
      int depth = 0;
      std::size_t j = i;
      for (; j < s.size(); ++j) {
        if (s[j] == c) ++depth;
        if (s[j] == close && --depth == 0) break;
      }
      out += c == '{' ? "{…}" : "[…]";
      i = j < s.size() ? j + 1 : s.size();
    } else if ((std::isdigit(static_cast<unsigned char>(c)) != 0 ||
                ((c == '+' || c == '-') && i + 1 < s.size() &&
                 std::isdigit(static_cast<unsigned char>(s[i + 1])) != 0)) &&
               (i == 0 || !word_byte(s[i - 1]))) {
      out += '#';
      i = number_end(s, c == '+' || c == '-' ? i + 1 : i);
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

bool ends_label_value(char c) { return c == ',' || c == ';' || c == ')'; }

// ": <token>" masked to ": …" where the token (no space, no ',', ';' or ')')
// runs to the end of the text or to one of those three.
std::string mask_labelled_values(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    if (s.substr(i, 2) == ": ") {
      std::size_t j = i + 2;
      while (j < s.size() && std::isspace(static_cast<unsigned char>(s[j])) == 0 &&
             !ends_label_value(s[j]))
        ++j;
      if (j > i + 2 && (j == s.size() || ends_label_value(s[j]))) {
        out += ": …";
        i = j;
        continue;
      }
    }
    out += s[i++];
  }
  return out;
}

}  // namespace

// ---------------------------------------------------------------- signatures

const std::vector<std::string>& Signature::fields() {
  static const std::vector<std::string> names = {"operation", "outcome", "error",
                                                 "message",   "feature", "values"};
  return names;
}

const std::string& Signature::field(std::string_view name) const {
  return const_cast<Signature*>(this)->field(name);
}

std::string& Signature::field(std::string_view name) {
  if (name == "operation") return operation;
  if (name == "outcome") return outcome;
  if (name == "error") return error;
  if (name == "message") return message;
  if (name == "feature") return feature;
  return values;
}

nlohmann::json Signature::to_json() const {
  nlohmann::json j = nlohmann::json::object();
  for (const std::string& f : fields()) j[f] = field(f);
  return j;
}

std::string Signature::id() const { return sha256_hex(json_line(to_json())).substr(0, 10); }

std::string Signature::describe() const {
  std::string out = operation + " " + outcome;
  if (!error.empty()) out += " " + error;
  if (!message.empty()) out += " \"" + message + "\"";
  return fmt::format("{}; {}; values: {}", out, feature.empty() ? "-" : feature,
                     values.empty() ? "-" : values);
}

std::string outcome_of(std::string_view kind) {
  if (kind == "items" || kind == "order" || kind == "count" || kind == "scanned_count")
    return "result";
  if (kind.rfind("lek_", 0) == 0) return "paging";
  return std::string(kind);
}

std::string mask_message(std::string_view message, const std::set<std::string>& names) {
  std::string text(support::utf8_prefix(message, 2000));
  // Longest names first, so that "g 5" is masked before "g".
  std::vector<std::string> sorted(names.begin(), names.end());
  std::sort(sorted.begin(), sorted.end(),
            [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  for (const std::string& n : sorted) text = mask_name(text, n);
  text = mask_values(text);
  text = mask_labelled_values(text);
  return std::string(support::utf8_prefix(text, 300));
}

// ---------------------------------------------------------------- divergences

namespace {

// The reproduction's actual answer, or null: whatever its shape.
nlohmann::json actual_of(const nlohmann::json& reproduction) {
  return reproduction.is_object() ? reproduction.value("actual", nlohmann::json()) : nullptr;
}

}  // namespace

std::string Divergence::error_type() const {
  const nlohmann::json actual = actual_of(reproduction);
  return actual.is_object() && actual.contains("error") && actual["error"].is_string()
             ? actual["error"].get<std::string>()
             : std::string();
}

std::string Divergence::error_message() const {
  const nlohmann::json actual = actual_of(reproduction);
  return actual.is_object() && actual.contains("message") && actual["message"].is_string()
             ? actual["message"].get<std::string>()
             : std::string();
}

bool Divergence::unanswered() const {
  if (kind == "no_answer" || kind == "server_error") return true;
  const nlohmann::json actual = actual_of(reproduction);
  return kind == "malformed" && actual.is_object() && actual.contains("status");
}

std::string describe_reproduction(const nlohmann::json& r, std::string_view indent) {
  if (!r.is_object()) return {};
  std::string out;
  out += fmt::format("{}table: {}\n", indent, display_line(r.value("table", nlohmann::json())));
  const nlohmann::json items = r.value("items", nlohmann::json::array());
  out += fmt::format("{}items written first ({}):\n", indent, items.size());
  for (const auto& i : items) out += fmt::format("{}  {}\n", indent, display_line(i));
  out += fmt::format("{}request: {}\n", indent, display_line(r.value("request", nlohmann::json())));
  out +=
      fmt::format("{}expected: {}\n", indent, display_line(r.value("expected", nlohmann::json())));
  out += fmt::format("{}actual: {}\n", indent, display_line(r.value("actual", nlohmann::json())));
  return out;
}

std::string Divergence::describe() const {
  std::string out =
      fmt::format("divergence {}: {}\n  {}\n", signature.id(), signature.describe(), detail);
  if (reproduction.is_object())
    out += "  reproduction:\n" + describe_reproduction(reproduction, "    ");
  return out;
}

// ---------------------------------------------------------------- the file

bool KnownDivergence::matches(const Signature& s) const {
  for (const std::string& f : Signature::fields()) {
    const auto it = signature.find(f);
    if (it == signature.end()) return false;
    if (std::find(it->second.begin(), it->second.end(), s.field(f)) == it->second.end())
      return false;
  }
  return true;
}

const KnownDivergence* KnownDivergences::match(const Signature& s) const {
  for (const KnownDivergence& e : entries) {
    if (e.matches(s)) return &e;
  }
  return nullptr;
}

namespace {

Error bad(std::string_view source, const std::string& what) {
  return make_error(ErrorCode::kBadFormat, 0, fmt::format("{}: {}", source, what));
}

// The entry's reason ("reason", or the earlier name "why"); "" when missing.
std::string reason_of(const nlohmann::json& e) {
  for (const char* key : {"reason", "why"}) {
    if (e.contains(key) && e[key].is_string()) return e[key].get<std::string>();
  }
  return {};
}

Result<std::map<std::string, std::vector<std::string>>> signature_of(const nlohmann::json& e,
                                                                     std::string_view source,
                                                                     const std::string& id) {
  if (!e.contains("signature") || !e["signature"].is_object()) {
    if (e.contains("match")) {
      return bad(source, fmt::format("\"{}\" matches on the earlier \"match\" form, which no "
                                     "longer names one cause: record the divergences again "
                                     "with --record-divergences",
                                     id));
    }
    return bad(source, fmt::format("\"{}\" needs a \"signature\" object", id));
  }
  std::map<std::string, std::vector<std::string>> out;
  const nlohmann::json& s = e["signature"];
  for (const std::string& f : Signature::fields()) {
    if (!s.contains(f)) {
      return bad(source, fmt::format("\"{}\": the signature needs \"{}\" (\"\" for none)", id, f));
    }
    const nlohmann::json& v = s[f];
    std::vector<std::string> allowed;
    if (v.is_string()) allowed.push_back(v.get<std::string>());
    if (v.is_array()) {
      for (const auto& x : v) {
        if (!x.is_string()) break;
        allowed.push_back(x.get<std::string>());
      }
    }
    if (allowed.empty() || (v.is_array() && allowed.size() != v.size())) {
      return bad(source, fmt::format("\"{}\": signature.{} must be a string or a non-empty array "
                                     "of strings",
                                     id, f));
    }
    out[f] = std::move(allowed);
  }
  return out;
}

Result<KnownDivergence> entry_of(const nlohmann::json& e, std::size_t i, std::string_view source) {
  const std::string where = fmt::format("entry {}", i + 1);
  if (!e.is_object()) return bad(source, where + " is not an object");
  KnownDivergence k;
  if (!e.contains("id") || !e["id"].is_string() || e["id"].get<std::string>().empty()) {
    return bad(source, where + " needs a non-empty \"id\"");
  }
  k.id = e["id"].get<std::string>();
  k.reason = reason_of(e);
  if (k.reason.empty()) {
    return bad(source, fmt::format("\"{}\" needs a non-empty \"reason\": say what DynamoDB does "
                                   "differently and why the divergence is accepted",
                                   k.id));
  }
  auto signature = signature_of(e, source, k.id);
  if (!signature) return signature.error();
  k.signature = std::move(*signature);
  if (e.contains("reproduction") && !e["reproduction"].is_null()) {
    k.reproduction = e["reproduction"];
    for (const char* field : {"table", "items", "request", "expected"}) {
      if (!k.reproduction.is_object() || !k.reproduction.contains(field)) {
        return bad(source, fmt::format("\"{}\": the reproduction needs \"{}\"", k.id, field));
      }
    }
  }
  return k;
}

}  // namespace

Result<KnownDivergences> parse_known_divergences(std::string_view json_text,
                                                 std::string_view source_name) {
  auto parsed = support::parse_json(json_text, source_name);
  if (!parsed) return bad(source_name, parsed.error().message);
  const nlohmann::json& j = *parsed;
  if (!j.is_object()) return bad(source_name, "not a JSON object");
  KnownDivergences out;
  if (j.contains("endpoint") && j["endpoint"].is_string())
    out.endpoint = j["endpoint"].get<std::string>();
  if (!j.contains("divergences") || !j["divergences"].is_array()) {
    return bad(source_name, "needs a \"divergences\" array (it may be empty)");
  }
  const nlohmann::json version = j.value("signatures", nlohmann::json());
  if (!version.is_number_integer() || version.get<std::int64_t>() != kSignatureVersion) {
    return bad(source_name,
               fmt::format("recorded with signatures of another version (\"signatures\": {} "
                           "expected): record it again with `sortkey certify --endpoint URL "
                           "--record-divergences NEW.json` and copy each reason over",
                           kSignatureVersion));
  }
  std::set<std::string> ids;
  for (std::size_t i = 0; i < j["divergences"].size(); ++i) {
    auto k = entry_of(j["divergences"][i], i, source_name);
    if (!k) return k.error();
    if (!ids.insert(k->id).second)
      return bad(source_name, fmt::format("the id \"{}\" appears twice", k->id));
    out.entries.push_back(std::move(*k));
  }
  return out;
}

Result<KnownDivergences> load_known_divergences(const std::string& path) {
  auto text = support::read_file_within(path, support::kMaxJsonFileBytes);
  if (!text) {
    return make_error(ErrorCode::kBadParameter, 0,
                      "cannot read the known-divergences file " + text.error().message);
  }
  return parse_known_divergences(*text, path);
}

Result<Reproduction> find_reproduction(std::string_view json_text, std::string_view source_name,
                                       std::string_view id) {
  auto parsed = support::parse_json(json_text, source_name);
  if (!parsed) return bad(source_name, parsed.error().message);
  const nlohmann::json& j = *parsed;
  if (!j.is_object()) return bad(source_name, "not a JSON object");
  const auto found = [&](const nlohmann::json& e, const std::string& name,
                         const nlohmann::json& signature) -> Result<Reproduction> {
    Reproduction r;
    r.id = name;
    r.reproduction = e.value("reproduction", nlohmann::json());
    for (const char* field : {"table", "items", "request", "expected"}) {
      if (!r.reproduction.is_object() || !r.reproduction.contains(field)) {
        return bad(source_name, fmt::format("\"{}\": its reproduction needs \"{}\"", name, field));
      }
    }
    r.numbers =
        signature.is_object() && signature.value("outcome", nlohmann::json()) == "number_text";
    return r;
  };
  // A known-divergences file: an entry's id, or the signature id it ends with.
  if (j.contains("divergences") && j["divergences"].is_array()) {
    for (const auto& e : j["divergences"]) {
      if (!e.is_object() || !e.contains("id") || !e["id"].is_string()) continue;
      const std::string name = e["id"].get<std::string>();
      if (name == id || (name.size() > id.size() + 1 && name.ends_with(std::string("-") += id)))
        return found(e, name, e.value("signature", nlohmann::json()));
    }
  }
  // A --json report: a divergence of a property, by its id or its known entry's.
  if (j.contains("properties") && j["properties"].is_array()) {
    for (const auto& p : j["properties"]) {
      if (!p.is_object() || !p.contains("divergences") || !p["divergences"].is_array()) continue;
      for (const auto& e : p["divergences"]) {
        if (!e.is_object()) continue;
        for (const char* key : {"id", "known"}) {
          if (e.contains(key) && e[key].is_string() && e[key].get<std::string>() == id)
            return found(e, std::string(id), e.value("signature", nlohmann::json()));
        }
      }
    }
  }
  return bad(source_name, fmt::format("no divergence \"{}\" (an entry's id of a "
                                      "--record-divergences file, or a divergence's id of a "
                                      "--json report)",
                                      id));
}

nlohmann::json recorded_entry(const Divergence& d, std::string_view id) {
  return {{"id", std::string(id)},
          {"reason", std::string(kReasonToWrite)},
          {"signature", d.signature.to_json()},
          {"reproduction", d.reproduction}};
}

Result<std::size_t> record_divergences(const std::string& path,
                                       const std::vector<nlohmann::json>& entries,
                                       std::string_view endpoint) {
  nlohmann::json file = {{"endpoint", std::string(endpoint)},
                         {"signatures", kSignatureVersion},
                         {"divergences", nlohmann::json::array()}};
  KnownDivergences known;
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    auto text = support::read_file_within(path, support::kMaxJsonFileBytes);
    if (!text) {
      return make_error(ErrorCode::kBadParameter, 0,
                        "cannot read the file to record divergences in " + text.error().message);
    }
    auto parsed = parse_known_divergences(*text, path);
    if (!parsed) return parsed.error();
    known = std::move(*parsed);
    file = nlohmann::json::parse(*text);
  }
  std::set<std::string> ids;
  for (const KnownDivergence& k : known.entries) ids.insert(k.id);
  std::size_t added = 0;
  for (const nlohmann::json& e : entries) {
    auto k = entry_of(e, known.entries.size(), "a recorded entry");
    if (!k) return k.error();
    Signature s;
    for (const std::string& f : Signature::fields()) s.field(f) = k->signature[f].front();
    if (known.match(s) != nullptr) continue;
    nlohmann::json entry = e;
    std::string id = k->id;
    for (int n = 2; ids.contains(id); ++n) id = fmt::format("{}-{}", k->id, n);
    entry["id"] = id;
    k->id = id;
    ids.insert(id);
    known.entries.push_back(std::move(*k));
    file["divergences"].push_back(std::move(entry));
    ++added;
  }
  const std::string text =
      file.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  // A user's file, with reasons written by hand: replaced whole or not at all.
  if (auto written = support::write_file_atomically(path, text); !written) {
    return written.error();
  }
  return added;
}

}  // namespace sortkey::certify::endpoint
