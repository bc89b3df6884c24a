// The design loader's reading of one JSON value: its type, its range, the
// keys a map may hold, and the message naming its place when it is wrong.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "design/load_internal.h"
#include "design/suggest.h"
#include "support/text.h"

namespace sortkey::design::load_internal {

std::string shown(const json& j) {
  std::string s = j.dump(-1, ' ', false, json::error_handler_t::replace);
  return s.size() > 60 ? s.substr(0, 57) + "..." : s;
}

// A name of an attribute, entity, index or pattern: 1 to 255 bytes of
// letters, digits, '_', '-', '.'.
bool valid_name(std::string_view s) {
  return !s.empty() && s.size() <= 255 && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
  });
}

std::string not_a_name(std::string_view s) {
  // Quoted escaped and cut: the name came from the file.
  return fmt::format("\"{}\" is not a name: use letters, digits, _, - and .",
                     support::excerpt(s, 100));
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

Error Loader::fail(std::string_view ptr, const std::string& message) const {
  const TextPosition at = doc_.where(ptr);
  return make_error(ErrorCode::kBadParameter, 0,
                    fmt::format("{}:{}:{}: {}: {}", path_, at.line, at.column,
                                ptr.empty() ? "/" : std::string(ptr), message));
}

Result<void> Loader::object(const Node& n, std::initializer_list<std::string_view> allowed) const {
  if (!n.j->is_object()) return fail(n, fmt::format("must be a map, not {}", shown(*n.j)));
  for (const auto& [key, value] : n.j->items()) {
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    const std::vector<std::string> known(allowed.begin(), allowed.end());
    return fail(child_pointer(n.ptr, key),
                fmt::format("unknown key \"{}\"{}; the keys here: {}", key,
                            did_you_mean(key, known), joined(known)));
  }
  return {};
}

Result<std::string> Loader::text(const Node& n) const {
  if (!n) return fail(n, "is required");
  if (!n.j->is_string()) return fail(n, fmt::format("must be a string, not {}", shown(*n.j)));
  return n.j->get<std::string>();
}

Result<std::string> Loader::name(const Node& n) const {
  auto s = text(n);
  if (!s) return s;
  if (!valid_name(*s)) return fail(n, not_a_name(*s));
  return s;
}

Result<std::int64_t> Loader::integer(const Node& n, std::int64_t lo, std::int64_t hi) const {
  if (!n.j->is_number_integer())
    return fail(n, fmt::format("must be an integer, not {}", shown(*n.j)));
  const auto v = n.j->get<std::int64_t>();
  if (v < lo || v > hi) return fail(n, fmt::format("must be from {} to {}, got {}", lo, hi, v));
  return v;
}

Result<bool> Loader::boolean(const Node& n) const {
  if (!n.j->is_boolean()) return fail(n, fmt::format("must be true or false, not {}", shown(*n.j)));
  return n.j->get<bool>();
}

Result<std::vector<Node>> Loader::list(const Node& n, std::size_t max) const {
  if (!n.j->is_array()) return fail(n, fmt::format("must be a list, not {}", shown(*n.j)));
  if (n.j->size() > max)
    return fail(n, fmt::format("has {} entries, more than {}", n.j->size(), max));
  std::vector<Node> out;
  for (std::size_t i = 0; i < n.j->size(); ++i) out.push_back(item(n, i));
  return out;
}

Result<std::vector<std::pair<std::string, Node>>> Loader::members(const Node& n,
                                                                  std::size_t max) const {
  if (!n.j->is_object()) return fail(n, fmt::format("must be a map, not {}", shown(*n.j)));
  if (n.j->size() > max)
    return fail(n, fmt::format("has {} entries, more than {}", n.j->size(), max));
  std::vector<std::pair<std::string, Node>> out;
  for (const auto& [key, value] : n.j->items()) out.emplace_back(key, child(n, key));
  return out;
}

}  // namespace sortkey::design::load_internal
