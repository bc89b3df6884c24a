#include "design/import/samples.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <regex>
#include <set>

#include "design/import/infer.h"

namespace sortkey::design_import {

namespace {

// Attributes that name an item's entity type, as tools write them: the
// common hand-written ones, GraphQL's, dynamodb-toolbox's and ElectroDB's.
const char* const kDiscriminators[] = {"type",       "Type",        "_type",      "entityType",
                                       "EntityType", "entity_type", "__typename", "_et",
                                       "__edb_e__",  "entity",      "Entity"};

bool sample_is_scalar(const SampleValue& v) { return v.type == 'S' || v.type == 'N'; }

bool sample_has_table_key(const SampleItem& i, const SampleTable& t) {
  const auto pk = i.values.find(t.partition_key.name);
  if (pk == i.values.end() || !sample_is_scalar(pk->second)) return false;
  if (t.sort_key.empty()) return true;
  const auto sk = i.values.find(t.sort_key[0].name);
  return sk != i.values.end() && sample_is_scalar(sk->second);
}

// An index key attribute written from a template (GSI1PK, gsi2sk, PK2, or any
// whose values hold a '#'), rather than an attribute of the entity itself.
bool sample_templated_key(const std::string& name, const SampleTable& t) {
  static const std::regex generated(R"(.*(pk|sk|PK|SK|Pk|Sk)[0-9]*)");
  if (std::regex_match(name, generated)) return true;
  return std::any_of(t.items.begin(), t.items.end(), [&](const SampleItem& i) {
    const auto it = i.values.find(name);
    return it != i.values.end() && it->second.text.find('#') != std::string::npos;
  });
}

std::set<std::string> sample_key_attributes(const SampleTable& t) {
  std::set<std::string> keys = {t.partition_key.name};
  for (const auto& k : t.sort_key) keys.insert(k.name);
  for (const ImportedIndex& i : t.indexes) {
    for (const ImportedKeyAttribute* k : {&i.partition_key}) {
      if (sample_templated_key(k->name, t)) keys.insert(k->name);
    }
    for (const auto& k : i.sort_key) {
      if (sample_templated_key(k.name, t)) keys.insert(k.name);
    }
  }
  return keys;
}

std::string sample_discriminator(const SampleTable& t) {
  for (const char* name : kDiscriminators) {
    bool all = true;
    bool any = false;
    for (const SampleItem& i : t.items) {
      if (!i.group.empty()) continue;
      any = true;
      const auto it = i.values.find(name);
      all = all && it != i.values.end() && it->second.type == 'S' && !it->second.text.empty();
    }
    if (any && all) return name;
  }
  return "";
}

// The literal start of a key's text, up to its first separator ("USER#").
std::string sample_shape(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!std::isalpha(static_cast<unsigned char>(text[i]))) return text.substr(0, i);
  }
  return text;
}

std::string sample_group_of(const SampleItem& item, const SampleTable& t,
                            const std::string& discriminator) {
  if (!item.group.empty()) return item.group;
  if (!discriminator.empty()) return item.values.at(discriminator).text;
  int best = 0;
  std::string chosen;
  for (const SampleGroup& g : t.groups) {
    int score = 0;
    for (const auto& [name, v] : item.values) {
      const bool listed =
          std::find(g.attributes.begin(), g.attributes.end(), name) != g.attributes.end();
      if (listed) score += 2;
    }
    if (score > best) {
      best = score;
      chosen = g.name;
    }
  }
  if (!chosen.empty()) return chosen;
  std::string name = sample_shape(item.values.at(t.partition_key.name).text);
  if (!t.sort_key.empty()) {
    const auto sk = item.values.find(t.sort_key[0].name);
    if (sk != item.values.end()) name += "_" + sample_shape(sk->second.text);
  }
  return name == "_" || name.empty() ? "Item" : name;
}

std::string sample_unique(std::string name, const std::set<std::string>& taken) {
  if (!taken.count(name)) return name;
  for (int n = 2;; ++n) {
    std::string candidate = fmt::format("{}_{}", name, n);
    if (!taken.count(candidate)) return candidate;
  }
}

struct SampleEntityBuild {
  const SampleTable& table;
  const std::set<std::string>& keys;
  const std::string& discriminator;
  const SampleGroup* group;
  std::vector<const SampleItem*> items;
  ImportedEntity entity;
  std::map<std::string, std::string> renamed;  // item attribute -> design attribute
  std::vector<SampleAttribute> for_templates;
  std::set<std::string> taken;
  std::set<std::string> keyed;

  void attributes();
  void declared_attributes();
  void add_attribute(const std::string& original, const std::vector<SampleValue>& values);
  std::optional<AttributeGuess> declared_enum(const std::string& original,
                                              const std::vector<SampleValue>& values) const;
  void key(const std::string& name);
  void identity();
  void patterns(ImportedDesign& d, std::set<std::string>& names) const;
  std::optional<std::string> pattern_template(const SamplePattern& p, bool sort,
                                              const std::vector<SampleAttribute>& params) const;
  std::string fallback_name(const std::string& key, const std::vector<KeySample>& samples) const;
};

// The template of a pattern's partition (or sort) value over its parameters,
// or nothing when the values are not made of them.
std::optional<std::string> SampleEntityBuild::pattern_template(
    const SamplePattern& p, bool sort, const std::vector<SampleAttribute>& params) const {
  std::vector<KeySample> samples;
  for (const SamplePatternUse& u : p.uses) {
    if (u.item >= items.size()) return std::nullopt;
    KeySample s{sort ? u.sort : u.partition, {}};
    for (const auto& [attr, v] : items[u.item]->values) {
      const auto r = renamed.find(attr);
      if (r != renamed.end() && sample_is_scalar(v)) s.values[r->second] = v.text;
    }
    samples.push_back(std::move(s));
  }
  if (samples.empty()) return std::nullopt;
  InferredTemplate t = infer_template(samples, params, "x");
  if (t.new_attribute) return std::nullopt;
  return t.text;
}

// The source's access patterns over this entity type, each as the Query the
// library sends, returning the entities whose partition-key attributes equal
// the parameters, in any order.
void SampleEntityBuild::patterns(ImportedDesign& d, std::set<std::string>& names) const {
  if (group == nullptr) return;
  for (const SamplePattern& p : group->patterns) {
    std::vector<SampleAttribute> params;
    for (const std::string& original : p.parameters) {
      const auto r = renamed.find(original);
      if (r == renamed.end()) break;
      const auto a = std::find_if(for_templates.begin(), for_templates.end(),
                                  [&](const SampleAttribute& x) { return x.name == r->second; });
      if (a == for_templates.end()) break;
      params.push_back(*a);
    }
    const std::string name = sample_unique(design_name_of(entity.name + "_" + p.name), names);
    const auto partition =
        params.size() == p.parameters.size() ? pattern_template(p, false, params) : std::nullopt;
    const auto sort = p.sort_operator.empty() ? std::optional<std::string>("")
                                              : pattern_template(p, true, params);
    if (!partition || !sort || d.patterns.size() >= kImportMaxPatterns) {
      d.header.push_back(
          fmt::format("access pattern {} of {} left out: its key condition is not "
                      "made of its parameters",
                      yaml_quoted(p.name), yaml_quoted(entity.name)));
      continue;
    }
    names.insert(name);
    ImportedPattern out{name,
                        {},
                        {fmt::format("{}'s access pattern {}, as the library queries it",
                                     entity.name, yaml_quoted(p.name))}};
    out.body.push_back("query:");
    if (!p.index.empty()) out.body.push_back("  index: " + yaml_quoted(design_name_of(p.index)));
    out.body.push_back(fmt::format("  partition: {{{}: {}}}",
                                   yaml_quoted(design_name_of(p.partition_key)),
                                   yaml_quoted(*partition)));
    if (!p.sort_operator.empty()) {
      out.body.push_back(fmt::format("  sort: {{{}: {{{}: {}}}}}",
                                     yaml_quoted(design_name_of(p.sort_key)), p.sort_operator,
                                     yaml_quoted(*sort)));
    }
    std::string where;
    if (!params.empty()) out.body.push_back("parameters:");
    for (const SampleAttribute& a : params) {
      out.body.push_back(fmt::format("  {}: {{like: {}}}", yaml_quoted(a.name),
                                     yaml_quoted(entity.name + "." + a.name)));
      where += fmt::format("{}{}: {}", where.empty() ? "" : ", ", yaml_quoted(a.name),
                           yaml_quoted("$" + a.name));
    }
    out.body.push_back("returns:");
    out.body.push_back(where.empty() ? fmt::format("  - {{entity: {}}}", yaml_quoted(entity.name))
                                     : fmt::format("  - {{entity: {}, where: {{{}}}}}",
                                                   yaml_quoted(entity.name), where));
    out.body.push_back("order: any");
    d.patterns.push_back(std::move(out));
  }
}

// The attributes the table's key templates refer to.
void SampleEntityBuild::identity() {
  static const std::regex ref(R"(\{([A-Za-z0-9_.-]+)[:}])");
  for (const ImportedKey& k : entity.keys) {
    const bool table_key = k.attribute == table.partition_key.name ||
                           (!table.sort_key.empty() && k.attribute == table.sort_key[0].name);
    if (!table_key) continue;
    // Doubled braces are literals: drop them before looking for references.
    std::string text = std::regex_replace(k.template_text, std::regex(R"(\{\{|\}\})"), "");
    for (std::sregex_iterator it(text.begin(), text.end(), ref), end; it != end; ++it) {
      const std::string a = (*it)[1];
      if (std::find(entity.identity.begin(), entity.identity.end(), a) == entity.identity.end()) {
        entity.identity.push_back(a);
      }
    }
  }
  if (entity.identity.empty() && !entity.attributes.empty()) {
    entity.comments.push_back(
        "its table key is constant: one item of this type per key; keys/unique fails on two");
  }
}

// The enum the model declares for an attribute, when every sample is one of
// its values (the same name may be declared otherwise by another entity of
// the table): all its values, not only the ones the samples show.
std::optional<AttributeGuess> SampleEntityBuild::declared_enum(
    const std::string& original, const std::vector<SampleValue>& values) const {
  const auto declared = table.attribute_values.find(original);
  if (declared == table.attribute_values.end()) return std::nullopt;
  const std::vector<std::string>& allowed = declared->second;
  for (const SampleValue& v : values) {
    if (v.type != 'S' || std::find(allowed.begin(), allowed.end(), v.text) == allowed.end()) {
      return std::nullopt;
    }
  }
  std::vector<SampleValue> all;
  for (const std::string& a : allowed) all.push_back({'S', a});
  AttributeGuess g = guess_attribute(all, true);
  g.comments.push_back("values: the enum the model declares");
  return g;
}

void SampleEntityBuild::add_attribute(const std::string& original,
                                      const std::vector<SampleValue>& values) {
  const std::string name = sample_unique(design_name_of(original), taken);
  // A type's name or version is the same in every item of the type: an enum,
  // and a literal of its keys, never a part.
  const bool names_the_type = original == discriminator || original == "__edb_v__" ||
                              std::find(std::begin(kDiscriminators), std::end(kDiscriminators),
                                        original) != std::end(kDiscriminators);
  AttributeGuess g = guess_attribute(values, names_the_type);
  if (auto declared = declared_enum(original, values)) g = std::move(*declared);
  if (!g.usable) {
    for (const std::string& c : g.comments)
      entity.comments.push_back(fmt::format("{}: {}", original, c));
    return;
  }
  if (entity.attributes.size() >= kImportMaxAttributes) {
    entity.comments.push_back(fmt::format("{}: left out: an entity holds at most {} attributes",
                                          original, kImportMaxAttributes));
    return;
  }
  taken.insert(name);
  renamed[original] = name;
  if (name != original)
    g.comments.push_back(fmt::format("the items' attribute {}", yaml_quoted(original)));
  entity.attributes.push_back({name, g.settings, g.comments});
  if (g.settings.rfind("{type: boolean", 0) != 0 && !names_the_type) {
    for_templates.push_back({name, g.type});
  }
}

void SampleEntityBuild::attributes() {
  std::vector<std::string> order;
  std::map<std::string, std::vector<SampleValue>> values;
  for (const SampleItem* i : items) {
    for (const auto& [name, v] : i->values) {
      if (keys.count(name)) continue;
      if (!values.count(name)) order.push_back(name);
      values[name].push_back(v);
    }
  }
  for (const std::string& name : order) add_attribute(name, values[name]);
}

// A facet without items: the attributes it lists, of the types the model
// declares.
void SampleEntityBuild::declared_attributes() {
  for (const std::string& original : group->attributes) {
    if (keys.count(original) || entity.attributes.size() >= kImportMaxAttributes) continue;
    const auto type = table.attribute_types.find(original);
    const char kind = type == table.attribute_types.end() ? 'S' : type->second;
    if (kind != 'S' && kind != 'N' && kind != 'B') continue;
    const std::string name = sample_unique(design_name_of(original), taken);
    taken.insert(name);
    renamed[original] = name;
    const char* settings = kind == 'N'   ? "{type: integer, range: [0, 999999]}"
                           : kind == 'B' ? "{type: boolean}"
                                         : "{type: string, alphabet: text, length: [1, 8]}";
    entity.attributes.push_back(
        {name, settings, {"no sample item: the type the model declares, a domain to set"}});
    if (kind != 'B')
      for_templates.push_back({name, kind == 'N' ? SampleType::kInteger : SampleType::kString});
  }
}

// The name of an attribute the importer adds for a key's varying part: the
// word its values start with ("user" of USER#123), else the key's name in
// lower case ("id" of Id), else the key's name with "_value".
std::string SampleEntityBuild::fallback_name(const std::string& key,
                                             const std::vector<KeySample>& samples) const {
  std::string word = samples.empty() ? "" : sample_shape(samples.front().key);
  if (!word.empty() && word.size() < samples.front().key.size()) {
    for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (!keys.count(word)) return design_name_of(word);
  }
  std::string lower = key;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower != key && !keys.count(lower)) return design_name_of(lower);
  return design_name_of(key + "_value");
}

void SampleEntityBuild::key(const std::string& name) {
  if (!keyed.insert(name).second) return;
  std::vector<KeySample> samples;
  for (const SampleItem* i : items) {
    const auto it = i->values.find(name);
    if (it == i->values.end() || !sample_is_scalar(it->second)) continue;
    KeySample s{it->second.text, {}};
    for (const auto& [attr, v] : i->values) {
      const auto r = renamed.find(attr);
      if (r != renamed.end() && sample_is_scalar(v)) s.values[r->second] = v.text;
    }
    samples.push_back(std::move(s));
  }
  const bool table_key = name == table.partition_key.name ||
                         (!table.sort_key.empty() && name == table.sort_key[0].name);
  if (samples.empty() && !table_key) return;
  ImportedKey k{name, "", "", {}};
  if (group != nullptr && group->key_aliases.count(name)) {
    k.comments.push_back(
        fmt::format("the model's label: {}", yaml_quoted(group->key_aliases.at(name))));
  }
  const std::string fallback = sample_unique(fallback_name(name, samples), taken);
  if (samples.empty()) {
    k.template_text = "{" + fallback + "}";
    k.comments.push_back("no sample item: the key is a new attribute; write its template");
    taken.insert(fallback);
    entity.attributes.push_back({fallback, "{type: string, alphabet: text, length: [1, 8]}", {}});
    entity.keys.push_back(std::move(k));
    return;
  }
  InferredTemplate t = infer_template(samples, for_templates, fallback);
  k.template_text = t.text;
  for (const std::string& alt : t.alternatives) {
    k.comments.push_back(fmt::format("also fits the samples: {}", yaml_quoted(alt)));
  }
  if (t.single_sample_literal) {
    k.comments.push_back("one sample item, and no attribute of it in the key: kept as text");
  }
  if (t.new_attribute) {
    std::vector<SampleValue> vals;
    for (const std::string& v : t.new_attribute_values) {
      vals.push_back({t.new_attribute_is_integer ? 'N' : 'S', v});
    }
    AttributeGuess g = guess_attribute(vals, false);
    if (!g.usable) g = guess_attribute({{'S', "x"}}, false);
    if (t.new_attribute_is_integer && t.text.find(":padded(") != std::string::npos) {
      g.settings = fmt::format("{{type: integer, range: [0, {}]}}",
                               std::string(t.new_attribute_values.front().size(), '9'));
    }
    k.comments.push_back(fmt::format(
        "what varies between the samples is in no attribute of the items: the new attribute {} "
        "holds it",
        *t.new_attribute));
    taken.insert(*t.new_attribute);
    entity.attributes.push_back({*t.new_attribute, g.settings, g.comments});
  }
  if (!table_key && samples.size() < items.size()) {
    k.comments.push_back(fmt::format(
        "only {} of {} sample items hold {}: a sparse index; declare which with `when:`",
        samples.size(), items.size(), name));
  }
  entity.keys.push_back(std::move(k));
}

// Key attribute and table names as design names; a comment for each renamed.
void sample_rename_keys(ImportedDesign& d) {
  std::map<std::string, std::string> renamed;
  const auto rename = [&](std::string& name) {
    const std::string to = design_name_of(name);
    if (to != name) renamed[name] = to;
    name = to;
  };
  if (!d.table_name.empty() && design_name_of(d.table_name) != d.table_name) {
    d.header.push_back(fmt::format("the table's name {} is not a design name: renamed",
                                   yaml_quoted(d.table_name)));
    d.table_name = design_name_of(d.table_name);
  }
  rename(d.partition_key.name);
  for (auto& k : d.sort_key) rename(k.name);
  for (ImportedIndex& i : d.indexes) {
    rename(i.partition_key.name);
    for (auto& k : i.sort_key) rename(k.name);
  }
  for (ImportedEntity& e : d.entities) {
    for (ImportedKey& k : e.keys) rename(k.attribute);
  }
  for (const auto& [from, to] : renamed) {
    d.header.push_back(
        fmt::format("the key attribute {} is {} here: a design names attributes "
                    "with letters, digits, _, - and .",
                    yaml_quoted(from), to));
  }
}

}  // namespace

std::string design_name_of(const std::string& name) {
  std::string out;
  for (char c : name) {
    if (out.size() >= 64) break;
    const bool ok = std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
    out += ok ? c : '_';
  }
  return out.empty() ? "x" : out;
}

ImportedDesign design_from_samples(const SampleTable& t) {
  ImportedDesign d;
  d.name = design_name_of(t.design_name);
  d.header = t.header;
  d.table_name = t.table_name;
  d.partition_key = t.partition_key;
  d.sort_key = t.sort_key;
  d.indexes = t.indexes;
  const std::set<std::string> keys = sample_key_attributes(t);
  const std::string discriminator = sample_discriminator(t);
  std::vector<std::string> order;
  std::map<std::string, std::vector<const SampleItem*>> grouped;
  std::size_t keyless = 0;
  for (const SampleItem& i : t.items) {
    if (!sample_has_table_key(i, t)) {
      ++keyless;
      continue;
    }
    const std::string g = sample_group_of(i, t, discriminator);
    if (!grouped.count(g)) order.push_back(g);
    grouped[g].push_back(&i);
  }
  for (const SampleGroup& g : t.groups) {
    if (!grouped.count(g.name)) {
      order.push_back(g.name);
      grouped[g.name];
    }
  }
  if (keyless > 0) {
    d.header.push_back(
        fmt::format("{} sample item{} without the table's key (a String or Number) left out",
                    keyless, keyless == 1 ? "" : "s"));
  }
  std::set<std::string> names;
  std::set<std::string> pattern_names;
  for (const std::string& g : order) {
    if (d.entities.size() >= kImportMaxEntities) {
      d.header.push_back(fmt::format("entity type {} left out: a design holds at most {}",
                                     yaml_quoted(g), kImportMaxEntities));
      continue;
    }
    const auto facet = std::find_if(t.groups.begin(), t.groups.end(),
                                    [&](const SampleGroup& s) { return s.name == g; });
    SampleEntityBuild b{t,
                        keys,
                        discriminator,
                        facet == t.groups.end() ? nullptr : &*facet,
                        grouped[g],
                        {},
                        {},
                        {},
                        {},
                        {}};
    b.entity.name = sample_unique(design_name_of(g), names);
    names.insert(b.entity.name);
    b.entity.comments.push_back(fmt::format("{} from {} sample item{}", yaml_quoted(g),
                                            b.items.size(), b.items.size() == 1 ? "" : "s"));
    b.attributes();
    if (b.items.empty() && b.group != nullptr) b.declared_attributes();
    b.key(t.partition_key.name);
    if (!t.sort_key.empty()) b.key(t.sort_key[0].name);
    for (const ImportedIndex& i : t.indexes) {
      if (keys.count(i.partition_key.name)) b.key(i.partition_key.name);
      for (const auto& s : i.sort_key) {
        if (keys.count(s.name)) b.key(s.name);
      }
    }
    b.identity();
    b.patterns(d, pattern_names);
    d.entities.push_back(std::move(b.entity));
  }
  sample_rename_keys(d);
  return d;
}

}  // namespace sortkey::design_import
