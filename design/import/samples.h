// File: design/import/samples.h (not installed: `sortkey design import`)
//
// A table as sample items show it, whatever tool they came from, turned into
// a design: items grouped into entity types, each type's attributes guessed
// from their values (attributes.h) and its key templates inferred from the
// items' keys (infer.h). The importers fill a SampleTable; design_from_samples
// does the rest, the same way for each of them.

#ifndef SORTKEY_DESIGN_IMPORT_SAMPLES_H_
#define SORTKEY_DESIGN_IMPORT_SAMPLES_H_

#include <map>
#include <string>
#include <vector>

#include "design/import/attributes.h"
#include "design/import/model.h"

namespace sortkey::design_import {

struct SampleItem {
  std::map<std::string, SampleValue> values;
  std::string group;  // the entity type the source gives it (a facet), or empty
};

// One use of an access pattern: the key condition's values the library
// wrote for sample item `item` of its entity type.
struct SamplePatternUse {
  std::string partition;
  std::string sort;
  std::size_t item = 0;
};

// An access pattern the source states (an ElectroDB index): a Query on
// `index` (empty: the table) by the partition key's `parameters`, with a sort
// condition `sort_operator` ("eq", "begins_with" or none).
struct SamplePattern {
  std::string name;
  std::string index;
  std::string partition_key;
  std::string sort_key;
  std::string sort_operator;
  std::vector<std::string> parameters;
  std::vector<SamplePatternUse> uses;
};

// A facet (Workbench) or entity definition: its name, the attributes it
// lists, its key aliases (labels, shown in comments) and access patterns.
struct SampleGroup {
  std::string name;
  std::vector<std::string> attributes;
  std::map<std::string, std::string> key_aliases;  // key attribute -> alias
  std::vector<SamplePattern> patterns;
};

// The most access patterns a design holds (design/load.h).
inline constexpr std::size_t kImportMaxPatterns = 64;

struct SampleTable {
  std::string design_name;
  std::vector<std::string> header;
  std::string table_name;
  ImportedKeyAttribute partition_key;
  std::vector<ImportedKeyAttribute> sort_key;
  std::vector<ImportedIndex> indexes;
  std::vector<SampleGroup> groups;
  std::vector<SampleItem> items;
  std::map<std::string, char> attribute_types;  // as the model declares them: 'S', 'N', 'B', 'X'
  // The values a model declares a string attribute takes (an enum), by name.
  std::map<std::string, std::vector<std::string>> attribute_values;
};

// The most entity types and attributes a design holds (design/load.h).
inline constexpr std::size_t kImportMaxEntities = 32;
inline constexpr std::size_t kImportMaxAttributes = 32;

// `name` as a design name: letters, digits, _, - and . kept, anything else
// '_', at most 64 bytes; "x" for nothing.
std::string design_name_of(const std::string& name);

// The design the samples show. Never fails: what cannot be expressed is a
// comment in the design.
ImportedDesign design_from_samples(const SampleTable& table);

}  // namespace sortkey::design_import

#endif  // SORTKEY_DESIGN_IMPORT_SAMPLES_H_
