#include "design/import/workbench.h"

#include <fmt/format.h>

#include <map>
#include <set>

#include "design/import/samples.h"
#include "support/text.h"

namespace sortkey::design_import {

namespace {

using nlohmann::json;

// The most sample items read from one model: the templates need a few, and
// each is inferred over every item of its type.
constexpr std::size_t kWorkbenchMaxItems = 2000;
constexpr std::size_t kWorkbenchMaxIndexes = 20;      // DynamoDB's quota of GSIs per table
constexpr std::size_t kWorkbenchMaxEnumValues = 256;  // more: read as a string, not an enum

Error workbench_error(const std::string& pointer, std::string_view why) {
  return make_error(ErrorCode::kBadFormat, 0, fmt::format("{}: {}", pointer, why));
}

Result<std::string> workbench_string(const json& parent, const char* key, const std::string& at) {
  const auto it = parent.find(key);
  if (it == parent.end()) return workbench_error(at + "/" + key, "missing");
  if (!it->is_string() || it->get_ref<const std::string&>().empty()) {
    return workbench_error(at + "/" + key, "must be a non-empty string");
  }
  return it->get<std::string>();
}

// {"AttributeName": "PK", "AttributeType": "S"}
Result<ImportedKeyAttribute> workbench_key(const json& parent, const char* key,
                                           const std::string& at) {
  const auto it = parent.find(key);
  if (it == parent.end() || !it->is_object()) {
    return workbench_error(at + "/" + key, "missing, or not an object");
  }
  auto name = workbench_string(*it, "AttributeName", at + "/" + key);
  if (!name) return name.error();
  auto type = workbench_string(*it, "AttributeType", at + "/" + key);
  if (!type) return type.error();
  if (*type != "S" && *type != "N" && *type != "B") {
    return workbench_error(at + "/" + key + "/AttributeType", "must be S, N or B");
  }
  if (*type == "B") {
    return workbench_error(at + "/" + key + "/AttributeType",
                           "a Binary key, which the design format has no type for");
  }
  return ImportedKeyAttribute{*name, *type == "N"};
}

// KeyAttributes of a table or an index: PartitionKey and an optional SortKey.
Result<void> workbench_keys(const json& owner, const std::string& at, ImportedKeyAttribute& pk,
                            std::vector<ImportedKeyAttribute>& sk) {
  const auto keys = owner.find("KeyAttributes");
  if (keys == owner.end() || !keys->is_object()) {
    return workbench_error(at + "/KeyAttributes", "missing, or not an object");
  }
  auto p = workbench_key(*keys, "PartitionKey", at + "/KeyAttributes");
  if (!p) return p.error();
  pk = *p;
  if (keys->contains("SortKey")) {
    auto s = workbench_key(*keys, "SortKey", at + "/KeyAttributes");
    if (!s) return s.error();
    if (design_name_of(s->name) == design_name_of(pk.name)) {
      return workbench_error(at + "/KeyAttributes",
                             "the partition and the sort key are one attribute, which DynamoDB "
                             "refuses");
    }
    sk.push_back(*s);
  }
  return {};
}

// Every key attribute of the table and its indexes of one type, and index
// names given once (CreateTable refuses both), also once made design names.
Result<void> workbench_key_types(const SampleTable& t, const std::string& at) {
  std::map<std::string, bool> number;
  std::set<std::string> index_names;
  const auto one = [&](const ImportedKeyAttribute& k) -> Result<void> {
    const std::string name = design_name_of(k.name);
    const auto [it, added] = number.emplace(name, k.number);
    if (!added && it->second != k.number) {
      return workbench_error(at, fmt::format("the key attribute {} is a String in one key and a "
                                             "Number in another",
                                             yaml_quoted(k.name)));
    }
    return {};
  };
  if (auto ok = one(t.partition_key); !ok) return ok;
  for (const auto& k : t.sort_key) {
    if (auto ok = one(k); !ok) return ok;
  }
  for (const ImportedIndex& i : t.indexes) {
    if (!index_names.insert(i.name).second) {
      return workbench_error(at + "/GlobalSecondaryIndexes",
                             fmt::format("the index {} is named twice", yaml_quoted(i.name)));
    }
    if (auto ok = one(i.partition_key); !ok) return ok;
    for (const auto& k : i.sort_key) {
      if (auto ok = one(k); !ok) return ok;
    }
  }
  return {};
}

// An item's value in DynamoDB JSON ({"S": "x"}) or as plain JSON ("x", 3, true).
SampleValue workbench_value(const json& v) {
  if (v.is_object() && v.size() == 1) {
    // Not `*v.items().begin()`: the items() proxy would be gone by the next line.
    const auto first = v.begin();
    const std::string& type = first.key();
    const json& inner = first.value();
    if (type == "S" && inner.is_string()) return {'S', inner.get<std::string>()};
    if (type == "N" && inner.is_string()) return {'N', inner.get<std::string>()};
    if (type == "N" && inner.is_number()) return {'N', inner.dump()};
    if (type == "BOOL" && inner.is_boolean()) return {'B', inner.dump()};
    return {'X', ""};
  }
  if (v.is_string()) return {'S', v.get<std::string>()};
  if (v.is_number_integer()) return {'N', v.dump()};
  if (v.is_number()) return {'N', v.dump()};
  if (v.is_boolean()) return {'B', v.dump()};
  return {'X', ""};
}

Result<void> workbench_items(const json& owner, const std::string& at, const std::string& group,
                             SampleTable& t) {
  const auto data = owner.find("TableData");
  if (data == owner.end()) return {};
  if (!data->is_array()) return workbench_error(at + "/TableData", "must be a list of items");
  for (std::size_t i = 0; i < data->size(); ++i) {
    const json& item = (*data)[i];
    if (!item.is_object()) {
      return workbench_error(fmt::format("{}/TableData/{}", at, i), "an item must be an object");
    }
    if (t.items.size() >= kWorkbenchMaxItems) {
      return workbench_error(at + "/TableData",
                             fmt::format("more than {} sample items", kWorkbenchMaxItems));
    }
    SampleItem s;
    s.group = group;
    for (const auto& [name, v] : item.items()) s.values[name] = workbench_value(v);
    t.items.push_back(std::move(s));
  }
  return {};
}

// The access patterns of an entity script's facet (node/entities.mjs writes
// them; a Workbench export has none here): {Name, IndexName, PartitionKey,
// SortKey, Parameters, Samples: [{Partition, Sort, SortOperator, Item}]}.
Result<void> workbench_patterns(const json& facet, const std::string& at, SampleGroup& g) {
  const auto list = facet.find("AccessPatterns");
  if (list == facet.end()) return {};
  if (!list->is_array() || list->size() > kImportMaxPatterns) {
    return workbench_error(at + "/AccessPatterns",
                           fmt::format("must be a list of at most {}", kImportMaxPatterns));
  }
  const auto text = [](const json& o, const char* key) {
    const auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  for (std::size_t i = 0; i < list->size(); ++i) {
    const json& p = (*list)[i];
    const std::string here = fmt::format("{}/AccessPatterns/{}", at, i);
    if (!p.is_object() || !p.contains("Samples") || !p["Samples"].is_array() ||
        !p.contains("Parameters") || !p["Parameters"].is_array()) {
      return workbench_error(here, "an access pattern needs Parameters and Samples lists");
    }
    SamplePattern sp{text(p, "Name"),
                     text(p, "IndexName"),
                     text(p, "PartitionKey"),
                     text(p, "SortKey"),
                     "",
                     {},
                     {}};
    if (sp.name.empty() || sp.partition_key.empty()) {
      return workbench_error(here, "an access pattern needs a Name and a PartitionKey");
    }
    for (const json& a : p["Parameters"]) {
      if (a.is_string()) sp.parameters.push_back(a.get<std::string>());
    }
    for (const json& u : p["Samples"]) {
      if (!u.is_object() || !u.contains("Item") || !u["Item"].is_number_unsigned()) continue;
      sp.sort_operator = text(u, "SortOperator");
      sp.uses.push_back({text(u, "Partition"), text(u, "Sort"), u["Item"].get<std::size_t>()});
    }
    if (sp.sort_operator != "" && sp.sort_operator != "eq" && sp.sort_operator != "begins_with") {
      return workbench_error(here, "SortOperator must be eq or begins_with");
    }
    if (sp.sort_operator != "" && sp.sort_key.empty()) {
      return workbench_error(here, "a sort condition needs a SortKey");
    }
    g.patterns.push_back(std::move(sp));
  }
  return {};
}

Result<void> workbench_facets(const json& table, const std::string& at, SampleTable& t) {
  const auto facets = table.find("TableFacets");
  if (facets == table.end()) return {};
  if (!facets->is_array()) return workbench_error(at + "/TableFacets", "must be a list");
  for (std::size_t i = 0; i < facets->size(); ++i) {
    const std::string here = fmt::format("{}/TableFacets/{}", at, i);
    const json& f = (*facets)[i];
    if (!f.is_object()) return workbench_error(here, "a facet must be an object");
    auto name = workbench_string(f, "FacetName", here);
    if (!name) return name.error();
    SampleGroup g{*name, {}, {}, {}};
    if (const auto attrs = f.find("NonKeyAttributes"); attrs != f.end() && attrs->is_array()) {
      for (const json& a : *attrs) {
        if (a.is_string()) g.attributes.push_back(a.get<std::string>());
      }
    }
    if (const auto alias = f.find("KeyAttributeAlias"); alias != f.end() && alias->is_object()) {
      if (alias->contains("PartitionKeyAlias") && (*alias)["PartitionKeyAlias"].is_string()) {
        g.key_aliases[t.partition_key.name] = (*alias)["PartitionKeyAlias"].get<std::string>();
      }
      if (!t.sort_key.empty() && alias->contains("SortKeyAlias") &&
          (*alias)["SortKeyAlias"].is_string()) {
        g.key_aliases[t.sort_key[0].name] = (*alias)["SortKeyAlias"].get<std::string>();
      }
    }
    if (auto ok = workbench_patterns(f, here, g); !ok) return ok;
    const bool has_items =
        f.contains("TableData") && f["TableData"].is_array() && !f["TableData"].empty();
    if (auto ok = workbench_items(f, here, has_items ? *name : "", t); !ok) return ok;
    t.groups.push_back(std::move(g));
  }
  return {};
}

Result<void> workbench_indexes(const json& table, const std::string& at, SampleTable& t) {
  const auto gsis = table.find("GlobalSecondaryIndexes");
  if (gsis == table.end()) return {};
  if (!gsis->is_array()) return workbench_error(at + "/GlobalSecondaryIndexes", "must be a list");
  if (gsis->size() > kWorkbenchMaxIndexes) {
    return workbench_error(at + "/GlobalSecondaryIndexes",
                           fmt::format("more than {} indexes", kWorkbenchMaxIndexes));
  }
  for (std::size_t i = 0; i < gsis->size(); ++i) {
    const std::string here = fmt::format("{}/GlobalSecondaryIndexes/{}", at, i);
    const json& g = (*gsis)[i];
    if (!g.is_object()) return workbench_error(here, "an index must be an object");
    auto name = workbench_string(g, "IndexName", here);
    if (!name) return name.error();
    ImportedIndex index;
    index.name = design_name_of(*name);
    if (auto ok = workbench_keys(g, here, index.partition_key, index.sort_key); !ok) return ok;
    t.indexes.push_back(std::move(index));
  }
  return {};
}

// The table's NonKeyAttributes: {"AttributeName", "AttributeType"} as
// Workbench 3.0 writes them, and "Values", the strings an enum takes, as the
// entity script (node/entities.mjs) adds them from the library's declaration.
void workbench_declared_types(const json& table, SampleTable& t) {
  const auto attrs = table.find("NonKeyAttributes");
  if (attrs == table.end() || !attrs->is_array()) return;
  for (const json& a : *attrs) {
    if (!a.is_object() || !a.contains("AttributeName") || !a["AttributeName"].is_string()) continue;
    const std::string& name = a["AttributeName"].get_ref<const std::string&>();
    const json type = a.value("AttributeType", json("S"));
    const std::string kind = type.is_string() ? type.get<std::string>() : "X";
    t.attribute_types[name] = kind == "S" ? 'S' : kind == "N" ? 'N' : kind == "BOOL" ? 'B' : 'X';
    const auto values = a.find("Values");
    if (kind != "S" || values == a.end() || !values->is_array() || values->empty() ||
        values->size() > kWorkbenchMaxEnumValues) {
      continue;
    }
    std::vector<std::string> declared;
    for (const json& v : *values) {
      if (!v.is_string() || v.get_ref<const std::string&>().empty()) {
        declared.clear();
        break;
      }
      declared.push_back(v.get<std::string>());
    }
    if (!declared.empty()) t.attribute_values[name] = std::move(declared);
  }
}

Result<std::size_t> workbench_table_index(const json& tables, const std::string& table) {
  if (table.empty()) return std::size_t{0};
  std::string names;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    const json& t = tables[i];
    if (!t.is_object() || !t.contains("TableName") || !t["TableName"].is_string()) continue;
    const std::string& n = t["TableName"].get_ref<const std::string&>();
    if (n == table) return i;
    names += (names.empty() ? "" : ", ") + support::excerpt(n, 100);
  }
  return workbench_error("/DataModel", fmt::format("no table named \"{}\" (the model has: {})",
                                                   support::excerpt(table, 100), names));
}

}  // namespace

bool is_workbench_model(const nlohmann::json& model) {
  return model.is_object() && model.contains("DataModel");
}

Result<ImportedDesign> import_workbench(const nlohmann::json& model, const std::string& table,
                                        std::string_view fallback_name, std::string_view tool) {
  if (!model.is_object()) return workbench_error("", "a Workbench model is a JSON object");
  const auto tables = model.find("DataModel");
  if (tables == model.end()) return workbench_error("/DataModel", "missing");
  if (!tables->is_array() || tables->empty()) {
    return workbench_error("/DataModel", "must be a non-empty list of tables");
  }
  auto index = workbench_table_index(*tables, table);
  if (!index) return index.error();
  const std::string at = fmt::format("/DataModel/{}", *index);
  const json& tj = (*tables)[*index];
  if (!tj.is_object()) return workbench_error(at, "a table must be an object");
  SampleTable t;
  auto name = workbench_string(tj, "TableName", at);
  if (!name) return name.error();
  t.table_name = *name;
  const auto model_name = model.find("ModelName");
  t.design_name = model_name != model.end() && model_name->is_string()
                      ? model_name->get<std::string>()
                      : std::string(fallback_name);
  if (tables->size() > 1) t.design_name += "_" + *name;
  if (auto ok = workbench_keys(tj, at, t.partition_key, t.sort_key); !ok) return ok.error();
  if (auto ok = workbench_indexes(tj, at, t); !ok) return ok.error();
  if (auto ok = workbench_key_types(t, at); !ok) return ok.error();
  workbench_declared_types(tj, t);
  if (auto ok = workbench_facets(tj, at, t); !ok) return ok.error();
  if (auto ok = workbench_items(tj, at, "", t); !ok) return ok.error();
  std::string version = "?";
  if (const auto meta = model.find("ModelMetadata"); meta != model.end() && meta->is_object()) {
    if (meta->contains("Version") && (*meta)["Version"].is_string()) version = (*meta)["Version"];
  }
  t.header.push_back(
      fmt::format("Imported by `sortkey design import` from the {} {} (format {}), table {}.", tool,
                  yaml_quoted(t.design_name), support::excerpt(version, 20), yaml_quoted(*name)));
  t.header.push_back(
      "Key templates are inferred from the sample items; attribute domains are guesses from "
      "them: review every comment below.");
  if (tables->size() > 1) {
    t.header.push_back(
        fmt::format("The model has {} tables: this is one of them (--table NAME picks another).",
                    tables->size()));
  }
  if (t.items.empty() && t.groups.empty()) {
    return workbench_error(at, "no sample items and no facets: no entity to import");
  }
  ImportedDesign d = design_from_samples(t);
  if (d.entities.empty()) {
    return workbench_error(at + "/TableData",
                           "no sample item holds the table's key: no entity to import");
  }
  return d;
}

}  // namespace sortkey::design_import
