#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "design/import/model.h"
#include "support/text.h"

namespace sortkey::design_import {

namespace {

void yaml_comments(std::string& out, const std::vector<std::string>& lines, int indent) {
  for (const std::string& line : lines) {
    // A comment is one line: excerpt() escapes a newline of an outside name.
    out += fmt::format("{:{}}# {}\n", "", indent, support::excerpt(line, 400));
  }
}

std::string yaml_key_attribute(const ImportedKeyAttribute& k) {
  if (!k.number) return yaml_quoted(k.name);
  return fmt::format("{{name: {}, type: N}}", yaml_quoted(k.name));
}

void yaml_table(std::string& out, const ImportedDesign& d) {
  out += "table:\n";
  if (!d.table_name.empty()) out += fmt::format("  name: {}\n", yaml_quoted(d.table_name));
  out += fmt::format("  partition_key: {}\n", yaml_key_attribute(d.partition_key));
  if (!d.sort_key.empty())
    out += fmt::format("  sort_key: {}\n", yaml_key_attribute(d.sort_key[0]));
  if (d.indexes.empty()) return;
  out += "  indexes:\n";
  for (const ImportedIndex& i : d.indexes) {
    out += fmt::format("    - name: {}\n      partition_key: {}\n", yaml_quoted(i.name),
                       yaml_key_attribute(i.partition_key));
    if (!i.sort_key.empty()) {
      out += fmt::format("      sort_key: {}\n", yaml_key_attribute(i.sort_key[0]));
    }
  }
}

void yaml_entity(std::string& out, const ImportedEntity& e) {
  yaml_comments(out, e.comments, 2);
  out += fmt::format("  {}:\n", yaml_quoted(e.name));
  if (!e.identity.empty()) {
    std::string list;
    for (const std::string& a : e.identity) list += (list.empty() ? "" : ", ") + yaml_quoted(a);
    out +=
        "    # identity: what the table's key holds, so two items the key cannot tell apart\n"
        "    # are one entity; keys/unique then proves the key tells the rest apart\n";
    out += fmt::format("    identity: [{}]\n", list);
  }
  out += "    attributes:\n";
  for (const ImportedAttribute& a : e.attributes) {
    yaml_comments(out, a.comments, 6);
    out += fmt::format("      {}: {}\n", yaml_quoted(a.name), a.settings);
  }
  if (e.attributes.empty()) out += "      {}\n";
  out += "    keys:\n";
  for (const ImportedKey& k : e.keys) {
    yaml_comments(out, k.comments, 6);
    if (k.when.empty()) {
      out += fmt::format("      {}: {}\n", yaml_quoted(k.attribute), yaml_quoted(k.template_text));
    } else {
      out += fmt::format("      {}: {{value: {}, when: {}}}\n", yaml_quoted(k.attribute),
                         yaml_quoted(k.template_text), k.when);
    }
  }
}

// The first `{name...}` reference of a template, for the skeleton's example.
std::string yaml_first_reference(const std::string& text) {
  static const std::regex ref(R"(\{([A-Za-z0-9_.-]+)[:}])");
  std::smatch m;
  if (std::regex_search(text, m, ref)) return m[1];
  return "";
}

void yaml_skeleton(std::string& out, const ImportedDesign& d) {
  out +=
      "# patterns: the access patterns are yours to declare (docs/design-format.md,\n"
      "# `patterns`): each read, its parameters, what it must return and in which order.\n";
  if (d.entities.empty() || d.entities[0].keys.empty()) return;
  const ImportedEntity& e = d.entities[0];
  const ImportedKey& pk = e.keys[0];
  const std::string attr = yaml_first_reference(pk.template_text);
  out += "# For example:\n# patterns:\n";
  out += fmt::format("#   {}_by_key:\n#     query:\n", e.name);
  out += fmt::format("#       partition: {{{}: {}}}\n", yaml_quoted(pk.attribute),
                     yaml_quoted(pk.template_text));
  if (attr.empty()) {
    out += fmt::format("#     returns:\n#       - {{entity: {}}}\n#     order: any\n", e.name);
    return;
  }
  out += fmt::format("#     parameters:\n#       {}: {{like: {}.{}}}\n", attr, e.name, attr);
  out += fmt::format("#     returns:\n#       - {{entity: {}, where: {{{}: ${}}}}}\n", e.name, attr,
                     attr);
  out += "#     order: any\n";
}

}  // namespace

std::string yaml_quoted(const std::string& text) {
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string write_design_yaml(const ImportedDesign& d) {
  std::string out;
  yaml_comments(out, d.header, 0);
  out += fmt::format("design: {}\n", yaml_quoted(d.name));
  yaml_table(out, d);
  out += "entities:\n";
  for (const ImportedEntity& e : d.entities) yaml_entity(out, e);
  if (d.patterns.empty()) {
    yaml_skeleton(out, d);
    return out;
  }
  out += "patterns:\n";
  for (const ImportedPattern& p : d.patterns) {
    yaml_comments(out, p.comments, 2);
    out += fmt::format("  {}:\n", yaml_quoted(p.name));
    for (const std::string& line : p.body) out += fmt::format("    {}\n", line);
  }
  return out;
}

}  // namespace sortkey::design_import
