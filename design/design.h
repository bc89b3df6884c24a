// File: design/design.h
//
// A key design, as a design file declares it (docs/design-format.md): one
// table with its keys and its global and local secondary indexes, the entity types that
// live in it with their typed attributes and the key templates that build
// their items, and the access patterns, each with what it must return said
// independently of the keys (a predicate over the entities' attributes and
// an order). design/load.h reads it from a file; design/check.h proves it.
//
// Everything here is plain data, checked once by the loader: a Design that
// exists is consistent (every template names a declared attribute with a
// codec that fits its type, every pattern names a declared index and key
// attributes of it, every parameter a declared attribute).

#ifndef SORTKEY_DESIGN_DESIGN_H_
#define SORTKEY_DESIGN_DESIGN_H_

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sortkey/epoch.h"
#include "sortkey/expression_builder.h"
#include "sortkey/name.h"
#include "sortkey/table.h"
#include "sortkey/timestamp.h"

namespace sortkey::design {

enum class AttrType { kString, kInteger, kTimestamp, kEnum, kBoolean, kId };
std::string_view to_string(AttrType type);  // "string", "integer", ...
// The type with its article, for sentences: "a string", "an integer", "an id".
std::string a_type(AttrType type);

enum class IdFormat { kKsuid, kUlid, kUuid };

// One value of an entity's attribute. string, enum and id values are text;
// integer, timestamp and boolean values their own member.
struct Value {
  AttrType type = AttrType::kString;
  std::string text;
  std::int64_t integer = 0;
  Instant time;
  bool flag = false;

  friend bool operator==(const Value&, const Value&) = default;
};

struct AttributeSpec {
  std::string name;
  AttrType type = AttrType::kString;
  bool is_mutable = false;
  // string: the characters a value is made of (each one UTF-8 code point)
  // and its length in characters.
  std::vector<std::string> alphabet;
  int min_length = 1;
  int max_length = 8;
  // integer: the declared range, inclusive.
  std::int64_t min = 0;
  std::int64_t max = 0;
  // timestamp: the declared range, inclusive, and the digits of a second a
  // value carries (0: whole seconds).
  Instant earliest;
  Instant latest;
  int precision = 0;
  // enum: the values, in their declared order.
  std::vector<std::string> values;
  // id: the format.
  IdFormat id_format = IdFormat::kKsuid;
};

// A codec applied to a value inside a template. The first one of a chain may
// need the attribute's type (padded, inverse, number: integer; timestamp,
// epoch, display: timestamp; ksuid, ulid: id); the text codecs (upper,
// lower, fold, segment) take any text.
struct Codec {
  enum class Kind {
    kUpper,
    kLower,
    kFold,
    kSegment,
    kPadded,
    kInverse,
    kNumber,
    kTimestamp,
    kEpoch,
    kDisplay,
    kKsuid,
    kUlid
  };
  Kind kind = Kind::kUpper;
  int width = 0;                         // padded, inverse, epoch
  int precision = 0;                     // timestamp
  EpochUnit unit = EpochUnit::kSeconds;  // epoch
  std::string text;                      // as written, for messages: "inverse(5)"
};

// "READING#{reading_id:inverse(5)}": literal text and references.
struct Template {
  struct Piece {
    bool is_ref = false;
    std::string literal;        // !is_ref
    std::string ref;            // is_ref: an attribute (entity keys) or a parameter (patterns)
    std::vector<Codec> codecs;  // is_ref
  };
  std::string source;
  std::vector<Piece> pieces;
};

// An operand of a comparison: a literal of the attribute's type or a parameter.
struct Operand {
  bool is_param = false;
  std::string param;
  Value literal;
};

struct Comparison {
  enum class Op { kEq, kNe, kLt, kLe, kGt, kGe, kBetween, kIn, kBeginsWith, kExists };
  std::string attribute;
  Op op = Op::kEq;
  std::vector<Operand> operands;  // 1; 2 for between; 1..n for in; 0 for exists
  bool exists = true;             // kExists: whether the attribute must be present
};

// Every comparison holds (an empty predicate always holds).
struct Predicate {
  std::vector<Comparison> all;
};

// "the entities of type `entity` for which `where` holds".
struct Selector {
  std::string entity;
  Predicate where;
};

struct OrderKey {
  bool by_entity = false;
  std::vector<std::string> entities;  // by_entity: the types in their order
  std::string attribute;              // otherwise
  std::optional<CaseMode> case_mode;  // a string attribute compared after this mapping
  bool descending = false;
};

struct KeyTemplate {
  std::string attribute;  // the item attribute it fills (PK, SK, GSI1SK, ...)
  Template value;
  std::optional<Predicate> when;  // the key exists only when this holds (sparse indexes)
};

// An UpdateItem of one entity, as the design states it (an entity's
// `updates:`): the attributes it sets, removes and adds to, and the derived
// key attributes it rewrites from the new values. A key it does not name
// keeps its old value, stale when it is derived from what the update changes.
struct EntityUpdate {
  std::string name;
  std::vector<std::string> set;     // mutable attributes given a new value (SET)
  std::vector<std::string> remove;  // mutable attributes removed (REMOVE)
  std::vector<std::string> add;     // mutable integer attributes added to (ADD)
  std::vector<std::string>
      keys;  // key attributes rewritten: SET, or REMOVE when they no longer build
};

struct EntityType {
  std::string name;
  std::vector<AttributeSpec> attributes;
  // What makes two entities the same one; every attribute when empty.
  std::vector<OrderKey> identity;
  std::vector<KeyTemplate> keys;
  std::vector<EntityUpdate> updates;

  const AttributeSpec* attribute(std::string_view attr) const;
};

struct IndexDesign {
  // A local index's schema as the checker reads it: the table's partition
  // key and the LSI's one sort-key attribute (TableSchema::local_indexes
  // holds it as DynamoDB creates it).
  IndexSchema schema;
  bool local = false;
  // What the index must hold, declared apart from the keys; none: not checked.
  std::optional<std::vector<Selector>> holds;
};

struct Parameter {
  std::string name;
  std::string entity;  // drawn like this attribute of this entity type
  std::string attribute;
  std::string at_least;  // "" or a parameter this one is never below
};

struct KeyValue {
  std::string attribute;
  Template value;
};

struct FilterValue {
  std::string placeholder;                 // ":s"
  AttributeType type = AttributeType::kS;  // S or N from a template, BOOL from `flag`
  Template value;
  bool flag = false;
};

struct Pattern {
  std::string name;
  bool scan = false;
  std::string index;                  // "" for the table
  std::vector<KeyValue> partition;    // Query: one per partition-key attribute
  std::vector<KeyValue> sort_prefix;  // multi-attribute sort keys: the leading equalities
  std::string sort_attribute;         // "" without a sort-key condition
  SortCondition::Op sort_op = SortCondition::Op::kNone;
  Template sort_value;
  Template sort_upper;  // kBetween
  bool forward = true;
  std::optional<int> limit;  // one request with this Limit; none: every page, any Limit
  bool consistent = false;   // ConsistentRead: the table or a local index only
  std::optional<std::string> filter;
  std::vector<std::pair<std::string, std::string>> filter_names;  // "#s" -> attribute
  std::vector<FilterValue> filter_values;
  // Percent: the check fails when the filter returns fewer of the items it
  // reads (the filtering guide's "at least 30-40%"). Only with a filter.
  std::optional<int> min_hit_rate;
  std::vector<Parameter> parameters;
  std::vector<Selector> returns;
  bool ordered = true;  // false: `order: any`
  std::vector<OrderKey> order;
};

// One action of a transaction write (TransactWriteItems). Its entity is
// made of the transaction's subject (the first action's entity) by
// attribute name, so every action computes its key from one set of values.
struct TransactionAction {
  enum class Kind { kPut, kUpdate, kDelete, kConditionCheck };
  // kUnique: attribute_not_exists(PK); kExists: attribute_exists(PK).
  enum class Condition { kNone, kUnique, kExists };
  Kind kind = Kind::kPut;
  std::string entity;
  std::string update;  // kUpdate: the name of one of the entity's updates
  Condition condition = Condition::kNone;
  // `refers: {Entity: {attr: template, ...}}`: this item (kPut) also holds
  // the table key of the item another action writes for `refers_to`, one
  // attribute per table key attribute in key order, each rendered from this
  // action's entity. The check proves the two sets of templates agree.
  std::string refers_to;  // "" for none
  std::vector<KeyValue> refers;
};

// A write the design declares (`writes:`), proven like a pattern: one
// conditional action, or a transaction of several (TransactWriteItems: an
// item and its lookup item written together, all or nothing).
struct Write {
  enum class Kind { kPut, kUpdate, kDelete, kTransaction };
  // kPut: attribute_not_exists(PK), the put of a taken key is refused.
  // kUpdate, kDelete: attribute_exists(PK), the write of an absent item is refused.
  enum class Condition { kNone, kUnique, kExists };
  std::string name;
  Kind kind = Kind::kPut;
  std::string entity;  // kTransaction: the subject, the first action's entity
  std::string update;  // kUpdate: the name of one of the entity's updates
  Condition condition = Condition::kNone;
  std::vector<TransactionAction> actions;  // kTransaction: 1 to 100, one item each
};

struct Design {
  std::string name;
  std::string path;  // the file it was read from
  std::string table_name;
  TableSchema schema;  // the indexes' schemas too, in `indexes` order
  // The global indexes in the file's order, then the local ones.
  std::vector<IndexDesign> indexes;
  std::vector<EntityType> entities;
  std::vector<Pattern> patterns;
  std::vector<Write> writes;
  int max_entities = 24;  // entities in one generated population, at most
  int capacity_alert_percent =
      80;  // the sorting guide's alert: a range above this share of a width
  // The line (from 1) of the file where each part was named, for pointing a
  // reader at what failed: "entities", "entity/E", "key/E/K" (E's key
  // template of K), "index/I", "pattern/P". Absent parts are not in it.
  std::map<std::string, int, std::less<>> lines;

  const EntityType* entity(std::string_view name) const;
  // The global or local index of that name, or nullptr.
  const IndexDesign* index(std::string_view name) const;
};

// Every key attribute of the table and of its global and local indexes
// (DynamoDB's AttributeDefinitions), each once, with its type.
std::vector<KeyAttribute> key_attributes(const TableSchema& schema);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_DESIGN_H_
