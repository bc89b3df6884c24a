// File: design/load_internal.h
//
// Private to the design loader (design/load*.cc); the API is design/load.h.
// The Loader reads a design file's JSON into a Design one section at a time,
// and its members live in the file named after the section they read:
//
//   load.cc            load_design_text, the order of the sections, `check:`
//   load_nodes.cc      one JSON value checked for its type, range and keys
//   load_table.cc      `table:`: its key attributes, global and local indexes
//   load_entities.cc   `entities:`: attributes, key templates, the keys' checks
//   load_selectors.cc  selectors, their `where` conditions, order keys
//   load_patterns.cc   `patterns:`: parameters, the query or scan, sort, filter
//   load_writes.cc     an entity's `updates:`, the design's `writes:`
//
// Every reader returns the first problem as an Error whose message starts
// with "<path>:<line>:<column>: <JSON pointer>: " (see Loader::fail), and
// reads nothing from a value it has not checked the type of.

#ifndef SORTKEY_DESIGN_LOAD_INTERNAL_H_
#define SORTKEY_DESIGN_LOAD_INTERNAL_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "design/design.h"
#include "design/document.h"
#include "sortkey/error.h"

namespace sortkey::design::load_internal {

using json = nlohmann::ordered_json;
// A pattern's parameters by name, each typed like the attribute it names.
using ParamTypes = std::map<std::string, const AttributeSpec*, std::less<>>;

// A value of the document and its JSON pointer; a missing member keeps the
// pointer it would have, so that "is required" names the place.
struct Node {
  const json* j = nullptr;  // nullptr: absent
  std::string ptr;
  explicit operator bool() const { return j != nullptr; }
};

// The value as JSON text for a message, cut to 60 characters.
std::string shown(const json& j);

// A name of an attribute, entity, index or pattern: 1 to 255 bytes of
// letters, digits, '_', '-', '.'.
bool valid_name(std::string_view s);
// The message for a name valid_name refuses.
std::string not_a_name(std::string_view s);
// "a, b, c".
std::string joined(const std::vector<std::string>& words);

class Loader {
 public:
  // REQUIRES: `doc` outlives the Loader.
  Loader(const Document& doc, std::string path) : doc_(doc), path_(std::move(path)) {}

  Result<Design> run();

 private:
  // kBadParameter, the message "<path>:<line>:<column>: <ptr>: <message>".
  Error fail(std::string_view ptr, const std::string& message) const;
  Error fail(const Node& n, const std::string& message) const { return fail(n.ptr, message); }

  // The member `key` of `n`: absent when `n` is absent or not a map.
  Node child(const Node& n, std::string_view key) const {
    const std::string ptr = child_pointer(n.ptr, key);
    if (n.j == nullptr || !n.j->is_object()) return Node{nullptr, ptr};
    const auto it = n.j->find(key);
    return Node{it == n.j->end() ? nullptr : &*it, ptr};
  }
  // REQUIRES: `n` is a list of more than `i` entries.
  Node item(const Node& n, std::size_t i) const {
    return Node{&(*n.j)[i], child_pointer(n.ptr, i)};
  }

  // load_nodes.cc. needed, text and name answer "is required" for an absent
  // `n`; the others REQUIRE a present `n`.
  Result<void> object(const Node& n, std::initializer_list<std::string_view> allowed) const;
  Result<void> needed(const Node& n) const {
    if (!n) return fail(n, "is required");
    return {};
  }
  Result<std::string> text(const Node& n) const;
  Result<std::string> name(const Node& n) const;
  Result<std::int64_t> integer(const Node& n, std::int64_t lo, std::int64_t hi) const;
  Result<bool> boolean(const Node& n) const;
  Result<std::vector<Node>> list(const Node& n, std::size_t max) const;
  Result<std::vector<std::pair<std::string, Node>>> members(const Node& n, std::size_t max) const;

  // load.cc
  Result<void> read_check(const Node& n, Design& d) const;
  // The line where `n` is named: its key's, else its value's.
  int line_of(const Node& n) const;
  // The file's entry of d.indexes[i]: in `indexes`, or in `local_indexes`.
  Node index_node(const Node& root, const Design& d, std::size_t i) const;
  // Design::lines, once every section is read.
  void note_lines(const Node& root, Design& d) const;

  // load_table.cc
  Result<void> read_table(const Node& n, Design& d) const;
  Result<KeyAttribute> key_attribute(const Node& n) const;
  Result<std::vector<KeyAttribute>> key_attributes(const Node& n) const;
  // One entry of `indexes` (local: of `local_indexes`) into d.indexes and d.schema.
  Result<void> read_index(const Node& e, bool local, Design& d) const;
  // `projection`: all (absent too), keys_only, or a list of attributes (INCLUDE).
  Result<Projection> read_projection(const Node& n) const;

  // load_entities.cc
  Result<EntityType> read_entity(const std::string& entity_name, const Node& n,
                                 const Design& d) const;
  Result<AttributeSpec> read_attribute(const std::string& attr_name, const Node& n) const;
  Result<void> read_string_spec(const Node& n, AttributeSpec& a) const;
  Result<void> read_range(const Node& n, AttributeSpec& a) const;
  Result<KeyTemplate> read_key(const std::string& key_name, const Node& n, const EntityType& e,
                               const Design& d) const;
  Result<Template> read_template(const Node& n, const EntityType* e,
                                 const ParamTypes* params) const;
  Result<void> check_entity_keys(const Node& n, const EntityType& e, const Design& d) const;

  // load_writes.cc
  // A list of names, each once; empty when `n` is absent.
  Result<std::vector<std::string>> read_names(const Node& n) const;
  Result<EntityUpdate> read_update(const std::string& update_name, const Node& n,
                                   const EntityType& e, const Design& d) const;
  Result<void> read_updates(const Node& n, EntityType& e, const Design& d) const;
  Result<Write> read_write(const std::string& write_name, const Node& n, const Design& d) const;
  Result<void> read_writes(const Node& n, Design& d) const;
  // `transaction: [...]`: its actions, each entity made of the first's values.
  Result<Write> read_transaction(const std::string& write_name, const Node& n,
                                 const Design& d) const;
  Result<TransactionAction> read_action(const Node& n, const Design& d) const;
  // A put's `refers: {Entity: {attribute: template, ...}}` of entity `e`.
  Result<void> read_refers(const Node& r, const EntityType& e, const Design& d,
                           TransactionAction& a) const;

  // load_selectors.cc
  Result<Predicate> read_where(const Node& n, const EntityType& e, const ParamTypes* params) const;
  Result<Operand> read_operand(const Node& n, const AttributeSpec& spec,
                               const ParamTypes* params) const;
  // The entity types `types` holds (a pattern's returned ones), each once.
  Result<std::vector<std::string>> entity_order(const Node& n,
                                                const std::vector<const EntityType*>& types) const;
  Result<std::vector<OrderKey>> read_order_keys(const Node& n,
                                                const std::vector<const EntityType*>& types) const;
  Result<std::vector<Selector>> read_selectors(const Node& n, const Design& d,
                                               const ParamTypes* params) const;

  // load_patterns.cc
  Result<Pattern> read_pattern(const std::string& pattern_name, const Node& n,
                               const Design& d) const;
  Result<void> read_parameters(const Node& n, const Design& d, Pattern& p, ParamTypes& types) const;
  Result<void> read_query(const Node& n, const Design& d, const ParamTypes& types,
                          Pattern& p) const;
  Result<void> read_sort(const Node& n, const IndexSchema* index, const Design& d,
                         const ParamTypes& types, Pattern& p) const;
  Result<void> read_filter(const Node& n, const Design& d, const ParamTypes& types,
                           Pattern& p) const;
  // Every placeholder of the filter's expression declared, and every declared one used.
  Result<void> check_filter_placeholders(const Node& n, const Pattern& p) const;

  const Document& doc_;
  std::string path_;
};

}  // namespace sortkey::design::load_internal

#endif  // SORTKEY_DESIGN_LOAD_INTERNAL_H_
