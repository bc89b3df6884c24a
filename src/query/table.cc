#include "sortkey/table.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "src/query/key_encoding.h"
#include "src/query/local_indexes.h"
#include "src/query/page_reader.h"
#include "src/query/read_projection.h"
#include "src/query/stored_item_internal.h"

namespace sortkey {
namespace {

using internal::append_escaped;
using internal::append_key_component;
using internal::prefix_successor;
using internal::StoredItemAccess;

Error invalid(std::string message) {
  return make_error(ErrorCode::kBadParameter, 0, std::move(message));
}

// ---------------------------------------------------------------- storage

// An entry of a store is the StoredItem itself: the whole item (the table,
// kAll indexes: one block shared by all of them) or its projection (its own
// block). The block carries the entry's key in the store (key_encoding.h), in
// the store's slot: the table's is 0, each kAll index has its own, and a
// projection's block holds only its index's key, in slot 0.
struct EntryLess {
  using is_transparent = void;
  std::size_t slot = 0;
  std::string_view key(const StoredItem& e) const { return StoredItemAccess::key(e, slot); }
  bool operator()(const StoredItem& a, const StoredItem& b) const { return key(a) < key(b); }
  bool operator()(const StoredItem& a, std::string_view b) const { return key(a) < b; }
  bool operator()(std::string_view a, const StoredItem& b) const { return a < key(b); }
};
using Partition = std::set<StoredItem, EntryLess>;

struct Store {
  std::map<std::string, Partition, std::less<>> partitions;
  std::size_t count = 0;
  std::size_t slot = 0;  // of the entries' keys
};

// The key schema of what a request reads: the table, or an index and the
// table key that follows its key in its entries.
struct KeySpec {
  std::vector<KeyAttribute> partition;
  std::vector<KeyAttribute> sort;
  const IndexSchema* index = nullptr;  // null for the table
  bool local = false;                  // a local secondary index
};

std::string encode_tuple(const Item& item, const std::vector<KeyAttribute>& attrs) {
  std::string out;
  for (const KeyAttribute& a : attrs) append_key_component(out, item.find(a.name)->second);
  return out;
}

bool has_all(const Item& item, const std::vector<KeyAttribute>& attrs) {
  return std::all_of(attrs.begin(), attrs.end(),
                     [&](const KeyAttribute& a) { return item.contains(a.name); });
}

std::string_view empty_word(AttributeType t) {
  return t == AttributeType::kB ? "binary" : "string";
}

bool is_empty_key_value(const AttributeValue& v) {
  return (v.type() == AttributeType::kS || v.type() == AttributeType::kB) && v.as_string().empty();
}

std::size_t key_bytes(const AttributeValue& v) {
  return v.type() == AttributeType::kN ? value_size(v) : v.as_string().size();
}

double capacity(std::size_t bytes, bool consistent) {
  return read_capacity_units(bytes, consistent);
}

}  // namespace

double read_capacity_units(std::size_t bytes, bool consistent_read) {
  // AWS API reference "Query": "Queries that do not return results consume
  // the minimum number of read capacity units for that type of read".
  const std::size_t units = std::max<std::size_t>(1, (bytes + 4095) / 4096);
  return consistent_read ? static_cast<double>(units) : static_cast<double>(units) / 2;
}

struct Table::Impl {
  TableSchema schema;
  // The global indexes, then the local ones with the table's partition key:
  // the stores do not tell them apart, the reads do (KeySpec::local).
  std::vector<IndexSchema> all_indexes;
  KeySpec base_spec;
  std::vector<KeySpec> index_specs;
  Store base;
  std::vector<Store> indexes;
  std::size_t whole_item_indexes = 0;  // kAll indexes: slots 1.. of the item's keys
  // Every key attribute of the table and the indexes.
  std::set<std::string, std::less<>> key_names;

  std::vector<KeyAttribute> table_key() const {
    return concat(base_spec.partition, base_spec.sort);
  }

  static std::vector<KeyAttribute> concat(const std::vector<KeyAttribute>& a,
                                          const std::vector<KeyAttribute>& b) {
    std::vector<KeyAttribute> out = a;
    out.insert(out.end(), b.begin(), b.end());
    return out;
  }

  // ---- write validation

  Result<void> check_table_key_value(const KeyAttribute& a, const AttributeValue* v,
                                     bool is_sort) const {
    if (v == nullptr) {
      return invalid(fmt::format(
          "One or more parameter values were invalid: Missing the key {} in the item", a.name));
    }
    if (v->type() != a.type) {
      return invalid(
          fmt::format("One or more parameter values were invalid: Type mismatch for key {} "
                      "expected: {} actual: {}",
                      a.name, type_name(a.type), type_name(v->type())));
    }
    if (is_empty_key_value(*v)) {
      return make_error(
          ErrorCode::kEmpty, 0,
          fmt::format("One or more parameter values are not valid. The AttributeValue for a key "
                      "attribute cannot contain an empty {} value. Key: {}",
                      empty_word(a.type), a.name));
    }
    if (!is_sort && key_bytes(*v) > kMaxPartitionKeyBytes) {
      return make_error(ErrorCode::kOutOfRange, 0,
                        "One or more parameter values were invalid: Size of hashkey has exceeded "
                        "the maximum size limit of2048 bytes");
    }
    if (is_sort && key_bytes(*v) > kMaxSortKeyBytes) {
      return make_error(ErrorCode::kOutOfRange, 0,
                        "One or more parameter values were invalid: Aggregated size of all range "
                        "keys has exceeded the size limit of 1024 bytes");
    }
    return {};
  }

  static const AttributeValue* find(const Item& item, std::string_view name) {
    const auto it = item.find(name);
    return it == item.end() ? nullptr : &it->second;
  }

  Result<void> check_item(const Item& item) const {
    if (auto ok = check_table_key_value(schema.partition_key, find(item, schema.partition_key.name),
                                        false);
        !ok)
      return ok;
    if (schema.sort_key) {
      if (auto ok =
              check_table_key_value(*schema.sort_key, find(item, schema.sort_key->name), true);
          !ok)
        return ok;
    }
    for (const IndexSchema& index : all_indexes) {
      for (int side = 0; side < 2; ++side) {
        for (const KeyAttribute& a : side == 0 ? index.partition_key : index.sort_key) {
          const AttributeValue* v = find(item, a.name);
          if (v == nullptr) continue;  // sparse: the item is simply not in this index
          if (v->type() != a.type) {
            return invalid(fmt::format(
                "One or more parameter values were invalid: Type mismatch for Index Key {} "
                "Expected: {} Actual: {} IndexName: {}",
                a.name, type_name(a.type), type_name(v->type()), index.name));
          }
          if (is_empty_key_value(*v)) {
            return make_error(
                ErrorCode::kEmpty, 0,
                fmt::format(
                    "One or more parameter values are not valid. A value specified for a "
                    "secondary index key is not supported. The AttributeValue for a key "
                    "attribute cannot contain an empty {} value. IndexName: {}, IndexKey: {}",
                    empty_word(a.type), index.name, a.name));
          }
          const std::size_t limit = side == 0 ? kMaxPartitionKeyBytes : kMaxSortKeyBytes;
          if (key_bytes(*v) > limit) {
            return make_error(
                ErrorCode::kOutOfRange, 0,
                fmt::format(
                    "One or more parameter values were invalid: Size of the index key {} has "
                    "exceeded the maximum size limit of {} bytes. IndexName: {}",
                    a.name, limit, index.name));
          }
        }
      }
    }
    if (item_size(item) > kMaxItemSize) {
      return make_error(ErrorCode::kOutOfRange, 0,
                        "Item size has exceeded the maximum allowed size");
    }
    return {};
  }

  // A key given to Get, Delete or Update: exactly the table key attributes,
  // each as a written key must be (reference section 6: reads with an
  // oversize key are refused too).
  Result<void> check_key(const Item& key) const {
    const auto attrs = table_key();
    if (key.size() != attrs.size() || !has_all(key, attrs)) {
      return invalid("The provided key element does not match the schema");
    }
    for (const KeyAttribute& a : attrs) {
      const AttributeValue& v = key.find(a.name)->second;
      if (v.type() != a.type) return invalid("The provided key element does not match the schema");
      const bool is_sort = schema.sort_key && a.name == schema.sort_key->name;
      if (auto ok = check_table_key_value(a, &v, is_sort); !ok) return ok;
    }
    return {};
  }

  // ---- index maintenance

  // REQUIRES: a projection other than kAll.
  Item project(const Item& item, const IndexSchema& index) const {
    Item out;
    auto copy = [&](const std::string& name) {
      if (const auto it = item.find(name); it != item.end()) out.insert(*it);
    };
    for (const KeyAttribute& a : table_key()) copy(a.name);
    for (const KeyAttribute& a : index.partition_key) copy(a.name);
    for (const KeyAttribute& a : index.sort_key) copy(a.name);
    if (index.projection.type == ProjectionType::kInclude) {
      for (const std::string& name : index.projection.non_key_attributes) copy(name);
    }
    return out;
  }

  // Where an item lives in a store: (partition, entry).
  std::pair<std::string, std::string> locate(const Item& item, const KeySpec& spec) const {
    std::string entry = encode_tuple(item, spec.sort);
    if (spec.index != nullptr) entry += encode_tuple(item, table_key());
    return {encode_tuple(item, spec.partition), std::move(entry)};
  }

  static void erase(Store& store, const std::pair<std::string, std::string>& at) {
    const auto p = store.partitions.find(at.first);
    if (p == store.partitions.end()) return;
    if (const auto e = p->second.find(std::string_view(at.second)); e != p->second.end()) {
      p->second.erase(e);
      --store.count;
    }
    if (p->second.empty()) store.partitions.erase(p);
  }

  // REQUIRES: no entry with the key at.second in the partition.
  static void insert(Store& store, const std::string& partition, StoredItem entry) {
    auto p = store.partitions.find(partition);
    if (p == store.partitions.end()) {
      p = store.partitions.emplace(partition, Partition(EntryLess{store.slot})).first;
    }
    p->second.insert(std::move(entry));
    ++store.count;
  }

  bool in_index(const Item& item, const KeySpec& spec) const {
    return has_all(item, spec.partition) && has_all(item, spec.sort);
  }

  void remove_from_indexes(const StoredItem& old) {
    const Item keys = old.select(key_names);
    for (std::size_t i = 0; i < indexes.size(); ++i) {
      if (in_index(keys, index_specs[i])) erase(indexes[i], locate(keys, index_specs[i]));
    }
  }

  const StoredItem* find_base(const Item& key) const {
    const auto at = locate(key, base_spec);
    const auto p = base.partitions.find(at.first);
    if (p == base.partitions.end()) return nullptr;
    const auto e = p->second.find(std::string_view(at.second));
    return e == p->second.end() ? nullptr : &*e;
  }

  Result<void> store_item(const Item& item) {
    if (auto ok = check_item(item); !ok) return ok;
    const auto at = locate(item, base_spec);
    if (const StoredItem* old = find_base(item)) {
      const StoredItem keep = *old;  // the entry is erased below
      remove_from_indexes(keep);
      erase(base, at);
    }
    // The keys of the item's block: the table's, then those of the kAll
    // indexes it is in ("" for those it is not in).
    std::vector<std::string> keys(1 + whole_item_indexes);
    keys[0] = at.second;
    std::vector<std::optional<std::pair<std::string, std::string>>> index_at(indexes.size());
    for (std::size_t i = 0; i < indexes.size(); ++i) {
      if (!in_index(item, index_specs[i])) continue;
      index_at[i] = locate(item, index_specs[i]);
      if (indexes[i].slot > 0) keys[indexes[i].slot] = index_at[i]->second;
    }
    const StoredItem stored = StoredItemAccess::make(item, keys);
    insert(base, at.first, stored);
    for (std::size_t i = 0; i < indexes.size(); ++i) {
      if (!index_at[i]) continue;
      insert(indexes[i], index_at[i]->first,
             indexes[i].slot > 0 ? stored
                                 : StoredItemAccess::make(project(item, *index_specs[i].index),
                                                          {index_at[i]->second}));
    }
    return {};
  }

  // ---- reads

  struct Target {
    const KeySpec* spec;
    const Store* store;
  };

  Result<Target> target(std::string_view index_name, bool consistent_read, std::optional<int> limit,
                        Select select) const {
    Target t{&base_spec, &base};
    if (!index_name.empty()) {
      std::size_t i = 0;
      while (i < all_indexes.size() && all_indexes[i].name != index_name) ++i;
      if (i == all_indexes.size()) {
        return invalid(fmt::format("The table does not have the specified index: {}", index_name));
      }
      t = Target{&index_specs[i], &indexes[i]};
      // AWS API reference "Query", ConsistentRead; ALT test_lsi.py::
      // test_lsi_consistent_read: allowed on a local index.
      if (consistent_read && !t.spec->local)
        return invalid("Consistent reads are not supported on global secondary indexes");
    }
    if (limit && *limit < 1) {
      return invalid(
          fmt::format("1 validation error detected: Value '{}' at 'limit' failed to satisfy "
                      "constraint: Member must have value greater than or equal to 1",
                      *limit));
    }
    if (select == Select::kAllProjectedAttributes && t.spec->index == nullptr) {
      return invalid(
          "One or more parameter values were invalid: Select type ALL_PROJECTED_ATTRIBUTES is not "
          "supported for a table; it needs an IndexName");
    }
    if (select == Select::kAllAttributes && t.spec->index != nullptr && !t.spec->local &&
        t.spec->index->projection.type != ProjectionType::kAll) {
      return invalid(fmt::format(
          "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not "
          "supported for global secondary index {} because its projection type is not ALL",
          t.spec->index->name));
    }
    return t;
  }

  // The attributes a start key must have: the key of the table or index,
  // and on an index the table key too.
  std::vector<KeyAttribute> start_key_attributes(const KeySpec& spec) const {
    std::vector<KeyAttribute> attrs = concat(spec.partition, spec.sort);
    if (spec.index != nullptr) {
      for (const KeyAttribute& a : table_key()) {
        if (std::none_of(attrs.begin(), attrs.end(),
                         [&](const KeyAttribute& b) { return b.name == a.name; })) {
          attrs.push_back(a);
        }
      }
    }
    return attrs;
  }

  Result<void> check_start_key(const Item& key, const KeySpec& spec) const {
    const auto attrs = start_key_attributes(spec);
    if (key.size() != attrs.size() || !has_all(key, attrs)) {
      return invalid(
          "The provided starting key is invalid: The provided key element does not match the "
          "schema");
    }
    for (const KeyAttribute& a : attrs) {
      const AttributeValue& v = key.find(a.name)->second;
      if (v.type() != a.type) return invalid("The provided key element does not match the schema");
      if (is_empty_key_value(v)) {
        return make_error(
            ErrorCode::kEmpty, 0,
            fmt::format(
                "The provided starting key is invalid: One or more parameter values are not "
                "valid. The AttributeValue for a key attribute cannot contain an empty {} "
                "value. Key: {}",
                empty_word(a.type), a.name));
      }
    }
    return {};
  }

  Item key_of(const StoredItem& item, const KeySpec& spec) const {
    Item key;
    for (const KeyAttribute& a : start_key_attributes(spec))
      key.emplace(a.name, *item.find(a.name));
    return key;
  }

  // The items of a page on a local index fetched from the table when the
  // read asks for attributes it does not project (src/query/local_indexes.h).
  void fetch_for(const KeySpec& spec, Select select,
                 const std::optional<std::vector<DocumentPath>>& paths, Page& page,
                 bool consistent) const {
    if (!spec.local || !internal::fetches_from_table(*spec.index, table_key(), select, paths))
      return;
    internal::fetch_from_table(page, table_key(), consistent,
                               [this](const Item& key) { return find_base(key); });
  }
};

// ---------------------------------------------------------------- key conditions

namespace {

struct Atom {
  enum class Op { kEq, kLt, kLe, kGt, kGe, kBetween, kBeginsWith };
  std::string attribute;
  Op op = Op::kEq;
  std::vector<const AttributeValue*> values;
};

std::string_view operator_name(const Condition& c) {
  switch (c.kind) {
    case Condition::Kind::kOr:
      return "OR";
    case Condition::Kind::kNot:
      return "NOT";
    case Condition::Kind::kIn:
      return "IN";
    case Condition::Kind::kAttributeExists:
      return "attribute_exists";
    case Condition::Kind::kAttributeNotExists:
      return "attribute_not_exists";
    case Condition::Kind::kAttributeType:
      return "attribute_type";
    case Condition::Kind::kContains:
      return "contains";
    case Condition::Kind::kCompare:
      return comparator_text(c.comparator);
    default:
      return "?";
  }
}

Error key_condition_error(std::string_view message) {
  return invalid(fmt::format("Invalid KeyConditionExpression: {}", message));
}

Result<const Operand*> key_path(const Operand& o) {
  if (o.kind == Operand::Kind::kSize) {
    return key_condition_error("KeyConditionExpressions cannot contain nested operations");
  }
  if (o.kind != Operand::Kind::kPath) {
    return key_condition_error(
        "KeyConditionExpressions must compare a key attribute with an expression "
        "attribute value");
  }
  if (o.path.size() > 1) {
    return key_condition_error(
        "KeyConditionExpressions cannot have conditions on nested attributes");
  }
  return &o;
}

Result<const AttributeValue*> key_value(const Operand& o) {
  if (o.kind == Operand::Kind::kSize) {
    return key_condition_error("KeyConditionExpressions cannot contain nested operations");
  }
  if (o.kind != Operand::Kind::kValue) {
    return key_condition_error(
        "KeyConditionExpressions must compare a key attribute with an expression "
        "attribute value");
  }
  return &o.value;
}

Result<void> collect_atoms(const Condition& c, std::vector<Atom>& atoms) {
  // One pair of redundant parentheses is allowed at each level, a second one
  // is refused (ALT test_key_condition_expression_parser: "((c=:c) AND
  // ((p=:p)))"); the sources record no message for it.
  if (c.parentheses > 1) {
    return key_condition_error(
        "KeyConditionExpressions allow at most one pair of redundant parentheses around a "
        "condition");
  }
  switch (c.kind) {
    case Condition::Kind::kAnd:
      if (auto ok = collect_atoms(c.children[0], atoms); !ok) return ok;
      return collect_atoms(c.children[1], atoms);
    case Condition::Kind::kCompare: {
      if (c.comparator == Comparator::kNe) {
        return key_condition_error("Invalid operator used in KeyConditionExpression: <>");
      }
      // `:v < k` is `k > :v`.
      const bool reversed = c.operands[0].kind == Operand::Kind::kValue;
      const Operand& path = c.operands[reversed ? 1 : 0];
      const Operand& value = c.operands[reversed ? 0 : 1];
      auto p = key_path(path);
      if (!p) return p.error();
      auto v = key_value(value);
      if (!v) return v.error();
      Atom a;
      a.attribute = path.path.front().name;
      a.values = {*v};
      switch (c.comparator) {
        case Comparator::kEq:
          a.op = Atom::Op::kEq;
          break;
        case Comparator::kLt:
          a.op = reversed ? Atom::Op::kGt : Atom::Op::kLt;
          break;
        case Comparator::kLe:
          a.op = reversed ? Atom::Op::kGe : Atom::Op::kLe;
          break;
        case Comparator::kGt:
          a.op = reversed ? Atom::Op::kLt : Atom::Op::kGt;
          break;
        case Comparator::kGe:
          a.op = reversed ? Atom::Op::kLe : Atom::Op::kGe;
          break;
        case Comparator::kNe:
          break;
      }
      atoms.push_back(std::move(a));
      return {};
    }
    case Condition::Kind::kBetween:
    case Condition::Kind::kBeginsWith: {
      auto p = key_path(c.operands[0]);
      if (!p) return p.error();
      Atom a;
      a.attribute = c.operands[0].path.front().name;
      a.op = c.kind == Condition::Kind::kBetween ? Atom::Op::kBetween : Atom::Op::kBeginsWith;
      for (std::size_t i = 1; i < c.operands.size(); ++i) {
        auto v = key_value(c.operands[i]);
        if (!v) return v.error();
        a.values.push_back(*v);
      }
      atoms.push_back(std::move(a));
      return {};
    }
    default:
      return key_condition_error(
          fmt::format("Invalid operator used in KeyConditionExpression: {}", operator_name(c)));
  }
}

// The part of an index a key condition selects: one partition, and the
// entries e with lo <= e < hi (hi absent: no upper bound).
struct KeySlice {
  std::string partition;
  bool has_sort_condition = false;
  std::string lo;
  std::optional<std::string> hi;

  bool contains(std::string_view entry) const { return entry >= lo && (!hi || entry < *hi); }
};

Result<void> check_condition_value(const KeyAttribute& a, const AttributeValue& v) {
  if (v.type() != a.type) {
    return invalid(
        "One or more parameter values were invalid: Condition parameter type does not match schema "
        "type");
  }
  // An empty S or B can never be a key, and DynamoDB rejects it in key
  // conditions as it does in keys (see the report: an open question for
  // begins_with).
  if (is_empty_key_value(v)) {
    return make_error(
        ErrorCode::kEmpty, 0,
        fmt::format("One or more parameter values are not valid. The AttributeValue for a key "
                    "attribute cannot contain an empty {} value. Key: {}",
                    empty_word(a.type), a.name));
  }
  return {};
}

std::string component(const AttributeValue& v) {
  std::string out;
  append_key_component(out, v);
  return out;
}

// The range of the last sort-key condition `a` on `k`, after the equalities
// that make `prefix`, into range.lo and range.hi.
Result<void> bound_sort_range(const Atom& a, const KeyAttribute& k, const std::string& prefix,
                              KeySlice& range) {
  const std::string v0 = component(*a.values[0]);
  const auto after = [](const std::string& s) { return *prefix_successor(s); };  // s ends in 0x00
  const std::optional<std::string> end_of_prefix = prefix_successor(prefix);
  switch (a.op) {
    case Atom::Op::kEq:
      range.lo = prefix + v0;
      range.hi = after(range.lo);
      break;
    case Atom::Op::kLt:
      range.lo = prefix;
      range.hi = prefix + v0;
      break;
    case Atom::Op::kLe:
      range.lo = prefix;
      range.hi = after(prefix + v0);
      break;
    case Atom::Op::kGt:
      range.lo = after(prefix + v0);
      range.hi = end_of_prefix;
      break;
    case Atom::Op::kGe:
      range.lo = prefix + v0;
      range.hi = end_of_prefix;
      break;
    case Atom::Op::kBetween:
      range.lo = prefix + v0;
      range.hi = after(prefix + component(*a.values[1]));
      break;
    case Atom::Op::kBeginsWith: {
      if (k.type == AttributeType::kN) {
        return key_condition_error(
            "Incorrect operand type for operator or function; operator or function: "
            "begins_with, operand type: N");
      }
      range.lo = prefix;
      append_escaped(range.lo, a.values[0]->as_string());
      range.hi = prefix_successor(range.lo);
      break;
    }
  }
  return {};
}

Result<KeySlice> plan_key_condition(const Condition& condition, const KeySpec& spec) {
  std::vector<Atom> atoms;
  if (auto ok = collect_atoms(condition, atoms); !ok) return ok.error();
  const bool single = spec.partition.size() == 1 && spec.sort.size() <= 1;
  if (single && atoms.size() > 2) return invalid("Conditions can be of length 1 or 2 only");
  std::map<std::string, const Atom*, std::less<>> by_name;
  for (const Atom& a : atoms) {
    if (!by_name.emplace(a.attribute, &a).second) {
      return invalid("KeyConditionExpressions must only contain one condition per key");
    }
  }
  auto is_in = [](const std::vector<KeyAttribute>& attrs, std::string_view name) {
    return std::any_of(attrs.begin(), attrs.end(),
                       [&](const KeyAttribute& k) { return k.name == name; });
  };
  for (const Atom& a : atoms) {
    if (is_in(spec.partition, a.attribute) || is_in(spec.sort, a.attribute)) continue;
    if (spec.sort.empty()) return invalid("Query key condition not supported");
    return invalid(
        fmt::format("Query condition missed key schema element: {}", spec.sort.front().name));
  }
  KeySlice range;
  for (const KeyAttribute& k : spec.partition) {
    const auto it = by_name.find(k.name);
    if (it == by_name.end())
      return invalid(fmt::format("Query condition missed key schema element: {}", k.name));
    if (it->second->op != Atom::Op::kEq) return invalid("Query key condition not supported");
    if (auto ok = check_condition_value(k, *it->second->values[0]); !ok) return ok.error();
    range.partition += component(*it->second->values[0]);
  }
  // Sort-key attributes: a prefix of the schema's order, all `=` but the last.
  std::size_t used = 0;
  while (used < spec.sort.size() && by_name.contains(spec.sort[used].name)) ++used;
  for (std::size_t i = used; i < spec.sort.size(); ++i) {
    if (by_name.contains(spec.sort[i].name)) {
      return invalid(
          fmt::format("Query key condition not supported: the condition on {} needs conditions on "
                      "every sort key attribute before it, {} is missing",
                      spec.sort[i].name, spec.sort[used].name));
    }
  }
  std::string prefix;
  for (std::size_t i = 0; i < used; ++i) {
    const KeyAttribute& k = spec.sort[i];
    const Atom& a = *by_name.find(k.name)->second;
    for (const AttributeValue* v : a.values) {
      if (auto ok = check_condition_value(k, *v); !ok) return ok.error();
    }
    if (i + 1 < used) {
      if (a.op != Atom::Op::kEq) {
        return invalid(
            fmt::format("Query key condition not supported: only the last sort key attribute "
                        "condition may be a range, {} is not the last",
                        k.name));
      }
      prefix += component(*a.values[0]);
      continue;
    }
    range.has_sort_condition = true;
    if (auto ok = bound_sort_range(a, k, prefix, range); !ok) return ok.error();
  }
  return range;
}

Result<void> check_filter_keys(const Condition& filter, const KeySpec& spec) {
  std::set<std::string, std::less<>> names;
  collect_attribute_names(filter, &names);
  for (int side = 0; side < 2; ++side) {
    for (const KeyAttribute& k : side == 0 ? spec.partition : spec.sort) {
      if (names.contains(k.name)) {
        return invalid(fmt::format(
            "Filter Expression can only contain non-primary key attributes: Primary key "
            "attribute: {}",
            k.name));
      }
    }
  }
  return {};
}

}  // namespace

// ---------------------------------------------------------------- Table

Table::Table(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Table::Table(Table&&) noexcept = default;
Table& Table::operator=(Table&&) noexcept = default;
Table::~Table() = default;

const TableSchema& Table::schema() const { return impl_->schema; }
std::size_t Table::item_count() const { return impl_->base.count; }

Result<std::size_t> Table::index_item_count(std::string_view index) const {
  for (std::size_t i = 0; i < impl_->all_indexes.size(); ++i) {
    if (impl_->all_indexes[i].name == index) return impl_->indexes[i].count;
  }
  return invalid(fmt::format("The table does not have the specified index: {}", index));
}

Result<Table> Table::create(TableSchema schema) {
  std::map<std::string, AttributeType, std::less<>> types;
  auto define = [&](const KeyAttribute& a) -> Result<void> {
    if (a.name.empty()) return invalid("a key attribute name must not be empty");
    if (!is_scalar_key_type(a.type)) {
      return invalid(
          fmt::format("Member must satisfy enum value set: [B, N, S]; key attribute {} has type {}",
                      a.name, type_name(a.type)));
    }
    const auto [it, inserted] = types.emplace(a.name, a.type);
    if (!inserted && it->second != a.type) {
      return invalid(fmt::format(
          "One or more parameter values were invalid: attribute {} is defined as both {} and {}",
          a.name, type_name(it->second), type_name(a.type)));
    }
    return {};
  };
  if (auto ok = define(schema.partition_key); !ok) return ok.error();
  if (schema.sort_key) {
    if (auto ok = define(*schema.sort_key); !ok) return ok.error();
    if (schema.sort_key->name == schema.partition_key.name) {
      return invalid(
          "Invalid KeySchema: Some index key attribute have no definition or are duplicated");
    }
  }
  if (schema.indexes.size() > kMaxIndexes) {
    return invalid(fmt::format(
        "One or more parameter values were invalid: at most {} global secondary indexes",
        kMaxIndexes));
  }
  std::set<std::string, std::less<>> index_names;
  for (const IndexSchema& index : schema.indexes) {
    if (index.name.empty() || !index_names.insert(index.name).second) {
      return invalid(fmt::format(
          "One or more parameter values were invalid: Duplicate index name: {}", index.name));
    }
    if (index.partition_key.empty() || index.partition_key.size() > kMaxKeyAttributes ||
        index.sort_key.size() > kMaxKeyAttributes) {
      return invalid(fmt::format(
          "One or more parameter values were invalid: index {} needs 1 to {} partition key "
          "attributes and at most {} sort key attributes",
          index.name, kMaxKeyAttributes, kMaxKeyAttributes));
    }
    std::set<std::string, std::less<>> seen;
    for (int side = 0; side < 2; ++side) {
      for (const KeyAttribute& a : side == 0 ? index.partition_key : index.sort_key) {
        if (auto ok = define(a); !ok) return ok.error();
        if (!seen.insert(a.name).second) {
          return invalid(fmt::format("Invalid KeySchema: Duplicate attribute {} in index {}",
                                     a.name, index.name));
        }
      }
    }
    if (index.projection.type != ProjectionType::kInclude &&
        !index.projection.non_key_attributes.empty()) {
      return invalid(fmt::format(
          "One or more parameter values were invalid: ProjectionType is {} but "
          "NonKeyAttributes is specified in index {}",
          index.projection.type == ProjectionType::kAll ? "ALL" : "KEYS_ONLY", index.name));
    }
  }
  if (auto ok = internal::check_local_indexes(schema, index_names, define); !ok) return ok.error();
  auto impl = std::make_unique<Impl>();
  impl->base_spec.partition = {schema.partition_key};
  if (schema.sort_key) impl->base_spec.sort = {*schema.sort_key};
  impl->schema = std::move(schema);
  impl->all_indexes = internal::all_indexes(impl->schema);
  for (std::size_t i = 0; i < impl->all_indexes.size(); ++i) {
    const IndexSchema& index = impl->all_indexes[i];
    impl->index_specs.push_back(
        KeySpec{index.partition_key, index.sort_key, &index, i >= impl->schema.indexes.size()});
  }
  impl->indexes.resize(impl->all_indexes.size());
  for (const KeyAttribute& a : impl->table_key()) impl->key_names.insert(a.name);
  for (std::size_t i = 0; i < impl->indexes.size(); ++i) {
    const IndexSchema& index = impl->all_indexes[i];
    if (index.projection.type == ProjectionType::kAll)
      impl->indexes[i].slot = ++impl->whole_item_indexes;
    for (int side = 0; side < 2; ++side) {
      for (const KeyAttribute& a : side == 0 ? index.partition_key : index.sort_key)
        impl->key_names.insert(a.name);
    }
  }
  return Table(std::move(impl));
}

Result<void> Table::put(Item item) { return impl_->store_item(std::move(item)); }

Result<void> Table::update(const Item& key, const ItemUpdate& update) {
  if (auto ok = impl_->check_key(key); !ok) return ok;
  std::set<std::string, std::less<>> touched;
  const auto keys = impl_->table_key();
  for (int side = 0; side < 2; ++side) {
    const std::size_t n = side == 0 ? update.set.size() : update.remove.size();
    for (std::size_t i = 0; i < n; ++i) {
      const std::string& name = side == 0 ? update.set[i].first : update.remove[i];
      if (std::any_of(keys.begin(), keys.end(),
                      [&](const KeyAttribute& k) { return k.name == name; })) {
        return invalid(fmt::format(
            "One or more parameter values were invalid: Cannot update attribute {}. This "
            "attribute is part of the key",
            name));
      }
      if (!touched.insert(name).second) {
        return invalid(fmt::format(
            "Invalid UpdateExpression: Two document paths overlap with each other; must "
            "remove or rewrite one of these paths; path one: [{}], path two: [{}]",
            name, name));
      }
    }
  }
  Item item = key;
  if (const StoredItem* old = impl_->find_base(key)) item = old->to_item();
  for (const auto& [name, value] : update.set) item.insert_or_assign(name, value);
  for (const std::string& name : update.remove) item.erase(name);
  return impl_->store_item(std::move(item));
}

Result<bool> Table::delete_item(const Item& key) {
  if (auto ok = impl_->check_key(key); !ok) return ok.error();
  const StoredItem* old = impl_->find_base(key);
  if (old == nullptr) return false;
  const StoredItem keep = *old;
  impl_->remove_from_indexes(keep);
  Impl::erase(impl_->base, impl_->locate(key, impl_->base_spec));
  return true;
}

Result<std::optional<Item>> Table::get(const Item& key) const {
  if (auto ok = impl_->check_key(key); !ok) return ok.error();
  const StoredItem* e = impl_->find_base(key);
  if (e == nullptr) return std::optional<Item>();
  return std::optional<Item>(e->to_item());
}

Result<Page> Table::query(const QueryRequest& r) const {
  auto target = impl_->target(r.index_name, r.consistent_read, r.limit, r.select);
  if (!target) return target.error();
  const KeySpec& spec = *target->spec;
  ExpressionUses uses;
  auto key_condition =
      parse_condition(r.key_condition, ExpressionKind::kKeyCondition, r.attributes, &uses);
  if (!key_condition) return key_condition.error();
  std::optional<Condition> filter;
  if (r.filter) {
    auto f = parse_condition(*r.filter, ExpressionKind::kFilter, r.attributes, &uses);
    if (!f) return f.error();
    filter = std::move(*f);
  }
  auto projection = internal::read_projection(r.select, r.projection, r.attributes, &uses);
  if (!projection) return projection.error();
  if (auto ok = check_all_used(r.attributes, uses); !ok) return ok.error();
  auto range = plan_key_condition(*key_condition, spec);
  if (!range) return range.error();
  if (filter) {
    if (auto ok = check_filter_keys(*filter, spec); !ok) return ok.error();
  }

  std::optional<std::string> start;  // the start key's entry in the partition
  if (r.exclusive_start_key) {
    const Item& esk = *r.exclusive_start_key;
    if (spec.index == nullptr && spec.sort.empty()) {
      return invalid(fmt::format(
          "The provided exclusive start key is invalid: ExclusiveStartKey: {}", to_json(esk)));
    }
    if (auto ok = impl_->check_start_key(esk, spec); !ok) return ok.error();
    auto [partition, entry] = impl_->locate(esk, spec);
    if (partition != range->partition) {
      return invalid(range->has_sort_condition
                         ? "The query can return at most one row and cannot be restarted"
                         : "The provided starting key is outside query boundaries based on "
                           "provided conditions");
    }
    if (!range->contains(entry))
      return invalid("The provided starting key does not match the range key predicate");
    start = std::move(entry);
  }

  internal::PageReader reader(filter, r.select, r.limit);
  const auto p = target->store->partitions.find(range->partition);
  bool more = false;
  if (p != target->store->partitions.end()) {
    const Partition& part = p->second;
    auto first = part.lower_bound(range->lo);
    auto last = range->hi ? part.lower_bound(*range->hi) : part.end();
    if (r.scan_index_forward) {
      auto it = start ? part.upper_bound(*start) : first;
      for (; it != last && !reader.full(); ++it) reader.read(*it);
      more = it != last;
    } else {
      auto it = start ? part.lower_bound(*start) : last;
      for (; it != first && !reader.full();) reader.read(*--it);
      more = it != first;
    }
  }
  Page page = std::move(reader.page);
  if (more && reader.last != nullptr) page.last_evaluated_key = impl_->key_of(*reader.last, spec);
  page.consumed_capacity = capacity(page.bytes_read, r.consistent_read);
  impl_->fetch_for(spec, r.select, *projection, page, r.consistent_read);
  internal::project_page(page, *projection);
  return page;
}

Result<Page> Table::scan(const ScanRequest& r) const {
  auto target = impl_->target(r.index_name, r.consistent_read, r.limit, r.select);
  if (!target) return target.error();
  const KeySpec& spec = *target->spec;
  ExpressionUses uses;
  std::optional<Condition> filter;
  if (r.filter) {
    auto f = parse_condition(*r.filter, ExpressionKind::kFilter, r.attributes, &uses);
    if (!f) return f.error();
    filter = std::move(*f);
  }
  auto projection = internal::read_projection(r.select, r.projection, r.attributes, &uses);
  if (!projection) return projection.error();
  if (auto ok = check_all_used(r.attributes, uses); !ok) return ok.error();

  const auto& partitions = target->store->partitions;
  auto p = partitions.begin();
  // Where the first partition read starts: after the start key's entry when
  // the start key's partition still exists, else at its beginning.
  std::string resume_after;
  bool resume = false;
  if (r.exclusive_start_key) {
    if (auto ok = impl_->check_start_key(*r.exclusive_start_key, spec); !ok) return ok.error();
    auto [partition, entry] = impl_->locate(*r.exclusive_start_key, spec);
    p = partitions.lower_bound(partition);
    resume = p != partitions.end() && p->first == partition;
    resume_after = std::move(entry);
  }
  internal::PageReader reader(filter, r.select, r.limit);
  bool more = false;
  for (; p != partitions.end(); ++p) {
    auto it = resume ? p->second.upper_bound(resume_after) : p->second.begin();
    resume = false;
    for (; it != p->second.end() && !reader.full(); ++it) reader.read(*it);
    if (it != p->second.end() || (reader.full() && std::next(p) != partitions.end())) {
      more = true;
      break;
    }
  }
  Page page = std::move(reader.page);
  if (more && reader.last != nullptr) page.last_evaluated_key = impl_->key_of(*reader.last, spec);
  page.consumed_capacity = capacity(page.bytes_read, r.consistent_read);
  impl_->fetch_for(spec, r.select, *projection, page, r.consistent_read);
  internal::project_page(page, *projection);
  return page;
}

}  // namespace sortkey
