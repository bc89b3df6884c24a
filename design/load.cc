#include "design/load.h"

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>

#include "design/document.h"
#include "design/load_internal.h"

namespace sortkey::design {
namespace load_internal {

Result<void> Loader::read_check(const Node& n, Design& d) const {
  if (!n) return {};
  if (auto ok = object(n, {"max_entities", "capacity_alert_percent"}); !ok) return ok;
  if (const Node m = child(n, "max_entities")) {
    auto v = integer(m, 1, kMaxPopulation);
    if (!v) return v.error();
    d.max_entities = static_cast<int>(*v);
  }
  if (const Node c = child(n, "capacity_alert_percent")) {
    auto v = integer(c, 1, 100);
    if (!v) return v.error();
    d.capacity_alert_percent = static_cast<int>(*v);
  }
  return {};
}

Node Loader::index_node(const Node& root, const Design& d, std::size_t i) const {
  const Node table = child(root, "table");
  if (!d.indexes[i].local) return item(child(table, "indexes"), i);
  return item(child(table, "local_indexes"), i - d.schema.indexes.size());
}

int Loader::line_of(const Node& n) const {
  const auto key = doc_.key_positions.find(n.ptr);
  return key != doc_.key_positions.end() ? key->second.line : doc_.where(n.ptr).line;
}

void Loader::note_lines(const Node& root, Design& d) const {
  const Node ents = child(root, "entities");
  d.lines["entities"] = line_of(ents);
  for (const EntityType& e : d.entities) {
    const Node en = child(ents, e.name);
    d.lines["entity/" + e.name] = line_of(en);
    for (const KeyTemplate& k : e.keys) {
      d.lines["key/" + e.name + "/" + k.attribute] = line_of(child(child(en, "keys"), k.attribute));
    }
  }
  for (std::size_t i = 0; i < d.indexes.size(); ++i) {
    d.lines["index/" + d.indexes[i].schema.name] = line_of(index_node(root, d, i));
  }
  for (const Pattern& p : d.patterns) {
    d.lines["pattern/" + p.name] = line_of(child(child(root, "patterns"), p.name));
  }
  for (const Write& w : d.writes) {
    d.lines["write/" + w.name] = line_of(child(child(root, "writes"), w.name));
  }
  for (const EntityType& e : d.entities) {
    for (const EntityUpdate& u : e.updates) {
      d.lines["update/" + e.name + "." + u.name] =
          line_of(child(child(child(ents, e.name), "updates"), u.name));
    }
  }
}

Result<Design> Loader::run() {
  const Node root{&doc_.root, ""};
  Design d;
  d.path = path_;
  d.name = std::filesystem::path(path_).stem().string();
  if (auto ok = object(root, {"design", "table", "entities", "patterns", "writes", "check"}); !ok) {
    return ok.error();
  }
  if (const Node n = child(root, "design")) {
    auto s = name(n);
    if (!s) return s.error();
    d.name = *s;
  }
  if (auto ok = read_table(child(root, "table"), d); !ok) return ok.error();
  if (auto ok = read_check(child(root, "check"), d); !ok) return ok.error();
  const Node ents = child(root, "entities");
  if (auto ok = needed(ents); !ok) return ok.error();
  auto entries = members(ents, kMaxEntityTypes);
  if (!entries) return entries.error();
  if (entries->empty()) return fail(ents, "declares no entity type");
  for (const auto& [entity_name, n] : *entries) {
    auto e = read_entity(entity_name, n, d);
    if (!e) return e.error();
    d.entities.push_back(std::move(*e));
  }
  for (std::size_t i = 0; i < d.indexes.size(); ++i) {
    const Node holds = child(index_node(root, d, i), "holds");
    if (!holds) continue;
    auto sel = read_selectors(holds, d, nullptr);
    if (!sel) return sel.error();
    d.indexes[i].holds = std::move(*sel);
  }
  if (const Node pats = child(root, "patterns")) {
    auto pattern_entries = members(pats, kMaxPatterns);
    if (!pattern_entries) return pattern_entries.error();
    for (const auto& [pattern_name, n] : *pattern_entries) {
      if (!valid_name(pattern_name)) return fail(n, not_a_name(pattern_name));
      auto p = read_pattern(pattern_name, n, d);
      if (!p) return p.error();
      d.patterns.push_back(std::move(*p));
    }
  }
  if (auto ok = read_writes(child(root, "writes"), d); !ok) return ok.error();
  note_lines(root, d);
  return d;
}

}  // namespace load_internal

Result<Design> load_design_text(std::string_view text, const std::string& path) {
  auto doc = parse_document(text);
  if (!doc) {
    // "line 3, column 7: why" becomes "<path>:3:7: why".
    int line = 0;
    int column = 0;
    int used = 0;
    const std::string& m = doc.error().message;
    if (std::sscanf(m.c_str(), "line %d, column %d: %n", &line, &column, &used) == 2 && used > 0) {
      return make_error(doc.error().code, doc.error().offset,
                        fmt::format("{}:{}:{}: {}", path, line, column,
                                    m.substr(static_cast<std::size_t>(used))));
    }
    return make_error(doc.error().code, doc.error().offset, fmt::format("{}: {}", path, m));
  }
  return load_internal::Loader(*doc, path).run();
}

}  // namespace sortkey::design
