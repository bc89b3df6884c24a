#include "certify/endpoint/divergences.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "certify/internal/json_input.h"

namespace sortkey::certify::endpoint {

std::string Divergence::describe() const {
  std::string out = fmt::format("{} divergence: {}\n", kind, detail);
  std::string shape_text;
  for (const auto& [k, v] : shape) shape_text += (shape_text.empty() ? "" : ", ") + k + "=" + v;
  out += fmt::format("  request shape: {}\n", shape_text);
  if (reproduction.is_object()) {
    auto line = [](const nlohmann::json& j) {
      return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    };
    out += "  minimal reproduction:\n";
    out += "    table: " + line(reproduction.value("table", nlohmann::json())) + "\n";
    const nlohmann::json items = reproduction.value("items", nlohmann::json::array());
    out += fmt::format("    items written first ({}):\n", items.size());
    for (const auto& i : items) out += "      " + line(i) + "\n";
    out += "    request: " + line(reproduction.value("request", nlohmann::json())) + "\n";
    out += "    expected: " + line(reproduction.value("expected", nlohmann::json())) + "\n";
    out += "    actual: " + line(reproduction.value("actual", nlohmann::json())) + "\n";
  }
  return out;
}

bool KnownDivergence::matches(const Divergence& d) const {
  if (!property.empty()) {
    const bool prefix = property.back() == '/';
    if (prefix ? d.property.rfind(property, 0) != 0 : d.property != property) return false;
  }
  if (!kinds.empty() && std::find(kinds.begin(), kinds.end(), d.kind) == kinds.end()) return false;
  for (const auto& [key, allowed] : shape) {
    const auto it = d.shape.find(key);
    if (it == d.shape.end()) return false;
    bool any = false;
    for (const std::string& a : allowed) any = any || a == it->second;
    if (!any) return false;
  }
  return !detail || detail->search(d.detail).value_or(false);
}

const KnownDivergence* KnownDivergences::match(const Divergence& d) const {
  for (const KnownDivergence& e : entries) {
    if (e.matches(d)) return &e;
  }
  return nullptr;
}

namespace {

Error bad(std::string_view source, const std::string& what) {
  return make_error(ErrorCode::kBadFormat, 0, fmt::format("{}: {}", source, what));
}

}  // namespace

Result<KnownDivergences> parse_known_divergences(std::string_view json_text,
                                                 std::string_view source_name) {
  if (internal::json_depth(json_text) > internal::kMaxJsonDepth) {
    return bad(source_name, fmt::format("nests deeper than {} levels", internal::kMaxJsonDepth));
  }
  const nlohmann::json j = nlohmann::json::parse(json_text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return bad(source_name, "not a JSON object");
  KnownDivergences out;
  if (j.contains("endpoint") && j["endpoint"].is_string())
    out.endpoint = j["endpoint"].get<std::string>();
  if (!j.contains("divergences") || !j["divergences"].is_array()) {
    return bad(source_name, "needs a \"divergences\" array (it may be empty)");
  }
  std::set<std::string> ids;
  for (std::size_t i = 0; i < j["divergences"].size(); ++i) {
    const nlohmann::json& e = j["divergences"][i];
    const std::string where = fmt::format("entry {}", i + 1);
    if (!e.is_object()) return bad(source_name, where + " is not an object");
    KnownDivergence k;
    if (!e.contains("id") || !e["id"].is_string() || e["id"].get<std::string>().empty()) {
      return bad(source_name, where + " needs a non-empty \"id\"");
    }
    k.id = e["id"].get<std::string>();
    if (!ids.insert(k.id).second)
      return bad(source_name, fmt::format("the id \"{}\" appears twice", k.id));
    if (!e.contains("why") || !e["why"].is_string() || e["why"].get<std::string>().empty()) {
      return bad(
          source_name,
          fmt::format("\"{}\" needs a non-empty \"why\": say why this divergence is accepted",
                      k.id));
    }
    k.why = e["why"].get<std::string>();
    if (!e.contains("match") || !e["match"].is_object()) {
      return bad(source_name, fmt::format("\"{}\" needs a \"match\" object", k.id));
    }
    const nlohmann::json& m = e["match"];
    for (const char* text : {"property", "detail"}) {
      if (m.contains(text) && !m[text].is_string()) {
        return bad(source_name, fmt::format("\"{}\": match.{} must be a string", k.id, text));
      }
    }
    k.property = m.value("property", std::string());
    if (m.contains("kind")) {
      const nlohmann::json& kind = m["kind"];
      if (kind.is_string()) {
        k.kinds.push_back(kind.get<std::string>());
      } else if (kind.is_array() && std::all_of(kind.begin(), kind.end(),
                                                [](const auto& x) { return x.is_string(); })) {
        for (const auto& x : kind) k.kinds.push_back(x.get<std::string>());
      } else {
        return bad(source_name,
                   fmt::format("\"{}\": match.kind must be a string or an array of strings", k.id));
      }
    }
    if (m.contains("shape")) {
      if (!m["shape"].is_object())
        return bad(source_name, fmt::format("\"{}\": match.shape must be an object", k.id));
      for (const auto& [key, values] : m["shape"].items()) {
        std::vector<std::string> allowed;
        if (values.is_string()) {
          allowed.push_back(values.get<std::string>());
        } else if (values.is_array()) {
          for (const auto& v : values) {
            if (!v.is_string())
              return bad(source_name,
                         fmt::format("\"{}\": match.shape.{} holds a non-string", k.id, key));
            allowed.push_back(v.get<std::string>());
          }
        } else {
          return bad(source_name,
                     fmt::format("\"{}\": match.shape.{} must be a string or an array", k.id, key));
        }
        k.shape[key] = std::move(allowed);
      }
    }
    if (m.contains("detail")) {
      k.detail_pattern = m.value("detail", std::string());
      auto detail = internal::BoundedRegex::compile(k.detail_pattern);
      if (!detail) {
        return bad(source_name,
                   fmt::format("\"{}\": match.detail is {}", k.id, detail.error().message));
      }
      k.detail.emplace(std::move(*detail));
    }
    if (k.kinds.empty() && k.shape.empty() && !k.detail) {
      return bad(
          source_name,
          fmt::format("\"{}\": match names no kind, shape or detail: it would accept everything",
                      k.id));
    }
    if (e.contains("reproduction") && !e["reproduction"].is_null()) {
      k.reproduction = e["reproduction"];
      for (const char* field : {"table", "items", "request", "expected"}) {
        if (!k.reproduction.is_object() || !k.reproduction.contains(field)) {
          return bad(source_name,
                     fmt::format("\"{}\": the reproduction needs \"{}\"", k.id, field));
        }
      }
    }
    out.entries.push_back(std::move(k));
  }
  return out;
}

Result<KnownDivergences> load_known_divergences(const std::string& path) {
  auto text = internal::read_file_within(path, internal::kMaxJsonFileBytes);
  if (!text) {
    return make_error(ErrorCode::kBadParameter, 0,
                      "cannot read the known-divergences file " + text.error().message);
  }
  return parse_known_divergences(*text, path);
}

nlohmann::json suggested_entry(const Divergence& d, std::string_view id) {
  nlohmann::json shape = nlohmann::json::object();
  for (const char* key : {"operation", "target", "sort_type", "sort_op", "error", "reason"}) {
    if (const auto it = d.shape.find(key); it != d.shape.end())
      shape[key] = nlohmann::json::array({it->second});
  }
  const nlohmann::json& reproduction = d.reproduction;
  return {{"id", std::string(id)},
          {"why", "EXPLAIN why this divergence is accepted"},
          {"match", {{"property", d.property}, {"kind", d.kind}, {"shape", shape}}},
          {"reproduction", reproduction}};
}

}  // namespace sortkey::certify::endpoint
