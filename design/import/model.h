// File: design/import/model.h (not installed: `sortkey design import`)
//
// A design as an importer found it, before it is written as a design file
// (docs/design-format.md): the table, its indexes, each entity's attributes
// (their settings as YAML flow text) and key templates, and the comments the
// importer owes the reader: where a template was inferred from few samples,
// is ambiguous, or could not be expressed. write_design_yaml turns it into
// the file's text; the names in it are valid design names (letters, digits,
// _, - and .), the importers' job.

#ifndef SORTKEY_DESIGN_IMPORT_MODEL_H_
#define SORTKEY_DESIGN_IMPORT_MODEL_H_

#include <string>
#include <vector>

namespace sortkey::design_import {

struct ImportedKeyAttribute {
  std::string name;
  bool number = false;  // N, else S
};

struct ImportedIndex {
  std::string name;
  ImportedKeyAttribute partition_key;
  std::vector<ImportedKeyAttribute> sort_key;  // none or one
};

struct ImportedAttribute {
  std::string name;
  std::string settings;  // YAML flow mapping: {type: string, alphabet: text, length: [1, 8]}
  std::vector<std::string> comments;
};

struct ImportedKey {
  std::string attribute;
  std::string template_text;
  std::string when;  // YAML flow mapping of a predicate, or empty
  std::vector<std::string> comments;
};

struct ImportedEntity {
  std::string name;
  std::vector<std::string> comments;
  std::vector<std::string> identity;  // the attributes the table's key holds; empty: all
  std::vector<ImportedAttribute> attributes;
  std::vector<ImportedKey> keys;
};

// An access pattern as the source states it: its YAML body (the lines under
// its name, indented two spaces less than written), or only comments.
struct ImportedPattern {
  std::string name;
  std::vector<std::string> body;
  std::vector<std::string> comments;
};

struct ImportedDesign {
  std::string name;
  std::vector<std::string> header;  // comments at the top: source, what is left to do
  std::string table_name;
  ImportedKeyAttribute partition_key;
  std::vector<ImportedKeyAttribute> sort_key;
  std::vector<ImportedIndex> indexes;
  std::vector<ImportedEntity> entities;
  std::vector<ImportedPattern> patterns;
};

// The design file's text: YAML whose scalars are JSON strings (JSON is YAML),
// each comment on its own line, and, without patterns, a commented skeleton
// of one access pattern over the first entity for the user to complete.
std::string write_design_yaml(const ImportedDesign& design);

// `text` as a YAML double-quoted scalar (a JSON string).
std::string yaml_quoted(const std::string& text);

}  // namespace sortkey::design_import

#endif  // SORTKEY_DESIGN_IMPORT_MODEL_H_
