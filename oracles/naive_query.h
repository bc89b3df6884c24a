// File: oracles/naive_query.h
//
// Reference implementation for tests; never link into the library.
//
// A deliberately naive DynamoDB table: a plain vector of items (beside it,
// each item's table key as text, so that a write finds its item by a string
// comparison), writes that check DynamoDB's rules one by one, conditions evaluated by walking a
// tiny expression tree of its own with straightforward comparisons on logical values, Query and
// Scan answered by filtering the vector, std::stable_sort and slicing. It shares no parsing,
// comparison, encoding or ordering code with the engine (it includes no sortkey header): numbers
// are compared by writing both as digit strings at a common power of ten, strings and bytes with
// std::string's unsigned comparison.
//
// The properties build trees of this type, render them to expression text
// for the engine, and hand the trees to this oracle, so a parser bug in the
// engine shows up as a disagreement.
//
// Where DynamoDB leaves a choice open the oracle accepts every answer
// DynamoDB may give (see accept_order and the page rules in page_at):
//   * the order of items with equal index keys (ALT test_gsi.py::
//     test_gsi_query_exclusivestartkey: "the sorting of these ties is
//     unspecified"), and the order of partitions in a Scan (hash order);
//   * a LastEvaluatedKey on a page that read the last item of the range
//     (DYN query.js "should not return LastEvaluatedKey if Limit is at least
//     size of response" recorded both; ALT test_query_filter_paging: "neither
//     is more correct") -- allowed only if resuming from it reads nothing.

#ifndef SORTKEY_ORACLES_NAIVE_QUERY_H_
#define SORTKEY_ORACLES_NAIVE_QUERY_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sortkey::oracle {

// ---------------------------------------------------------------- values

struct NField;  // a name and a value of an M, after NValue

struct NValue {
  enum class T { S, N, B, BOOL, NUL, L, M, SS, NS, BS };
  T t = T::NUL;
  std::string s;                 // S (UTF-8), B (bytes), N (the text as written)
  bool b = false;                // BOOL
  std::vector<NValue> list;      // L
  std::vector<NField> map;       // M, in any order
  std::vector<std::string> set;  // SS, BS (bytes), NS (texts), in any order
};

// A struct, not std::pair<std::string, NValue>: clang 14 with libstdc++ 12
// in C++20 rejects a vector of that pair inside NValue itself (it decides
// the pair's destructibility while NValue is still incomplete).
struct NField {
  NField(std::string name, NValue value) : first(std::move(name)), second(std::move(value)) {}
  std::string first;
  NValue second;
};

// An item: (name, value) pairs with distinct names, in any order.
using NItem = std::vector<std::pair<std::string, NValue>>;

// A scalar value: an S, N or B of type `t` whose text (bytes for B) is `s`.
inline NValue naive_scalar(NValue::T t, std::string s) {
  NValue v;
  v.t = t;
  v.s = std::move(s);
  return v;
}

const char* naive_type_name(NValue::T t);  // "S", "N", ..., "NULL"

// DynamoDB Number text: [+-]? digits [. digits] [e [+-] digits] (or .digits).
// Valid iff it has at most 38 significant digits and is 0 or within
// 1E-130 <= |v| < 1E126.
bool naive_number_valid(std::string_view text);
// -1, 0, 1 by value. REQUIRES: both valid.
int naive_number_compare(std::string_view a, std::string_view b);
// Significant digits (leading and trailing zeros removed; 1 for zero).
std::size_t naive_number_digits(std::string_view text);

// DynamoDB equality: same type; numbers by value; sets as sets; lists in
// order; maps by names and values.
bool naive_equal(const NValue& a, const NValue& b);
bool naive_items_equal(const NItem& a, const NItem& b);
// REQUIRES: a.t == b.t, one of S, N, B.
int naive_compare_scalar(const NValue& a, const NValue& b);

// Size as AWS "DynamoDB item sizes and formats" states it.
std::size_t naive_value_size(const NValue& v);
std::size_t naive_item_size(const NItem& item);

const NValue* naive_get(const NItem& item, std::string_view name);
std::string naive_show(const NValue& v);
std::string naive_show(const NItem& item);

// ---------------------------------------------------------------- conditions

struct NStep {
  bool is_index = false;
  std::string name;
  std::size_t index = 0;
};

struct NOperand {
  enum class Kind { kPath, kValue, kSize };
  Kind kind = Kind::kValue;
  std::vector<NStep> path;  // kPath, kSize
  NValue value;             // kValue
};

struct NCond {
  enum class Op {
    kEq,
    kNe,
    kLt,
    kLe,
    kGt,
    kGe,
    kBetween,
    kIn,
    kAnd,
    kOr,
    kNot,
    kExists,
    kNotExists,
    kType,
    kBeginsWith,
    kContains
  };
  Op op = Op::kEq;
  std::vector<NOperand> args;  // comparisons: 2; BETWEEN: 3; IN: 1 + n; functions: 1 or 2
  std::vector<NCond> kids;     // AND, OR: 2; NOT: 1
  std::string type_name;       // kType: "S", "NS", ...
};

// Whether the item satisfies the condition: a comparison across types or
// with a missing attribute is false; <> is true unless both sides are
// present and equal; size() counts UTF-8 bytes of S, bytes of B, elements
// of sets, lists and maps, and has no value for N, BOOL and NULL.
bool naive_eval(const NCond& c, const NItem& item);

// How the oracle reads the rules that bear on a filter's value and that
// the sources leave unsettled (naive_unsettled.h): the default is the
// reading the query model follows, which naive_eval and page_at use.
struct NReading {
  // size() of an S: UTF-8 bytes (the model's), UTF-16 code units, or code
  // points. B is counted in bytes by every reading.
  enum class Size { kUtf8Bytes, kUtf16CodeUnits, kCodePoints } size = Size::kUtf8Bytes;
  // A filter of an index read reads the entry as projected (the model's),
  // or the table's item the entry stands for.
  bool filter_reads_table_item = false;
};
bool naive_eval(const NCond& c, const NItem& item, const NReading& reading);

// A ProjectionExpression's result: the values the paths reach, nested as in
// the item (a list keeps the elements read, in index order); a path that
// reaches nothing adds nothing. REQUIRES: no path is a prefix of another.
NItem naive_project(const NItem& item, const std::vector<std::vector<NStep>>& paths);

// The tree as text, for messages: (a = {N:1} AND NOT attribute_exists(b)).
std::string naive_show(const NCond& c);

// Why DynamoDB refuses the condition before it reads any item, as its
// message without the "Invalid FilterExpression: " prefix, or "" when it
// accepts the condition. The first refusal in the order the tree is written
// (children left to right) is the one given:
//   * a comparison, BETWEEN, IN, begins_with or contains whose first operand
//     is a document path that a later operand repeats, step by step (names
//     as resolved; values and size() never count): "The first operand must
//     be distinct from the remaining operands for this operator or function;
//     operator: <, first operand: [a, b, [1]]" (operator as the tree has it:
//     a renderer that writes `b > a` for `a < b` gets ">");
//   * BETWEEN with two constant bounds of different types ("The BETWEEN
//     operator requires same data type for lower and upper bounds") or in
//     the wrong order ("The BETWEEN operator requires upper bound to be
//     greater than or equal to lower bound"), only the start of the message;
//   * begins_with with a constant that is neither S nor B: "Incorrect operand
//     type for operator or function; operator or function: begins_with,
//     operand type: N";
//   * attribute_type with a type name outside the ten: "Invalid attribute
//     type name found; type: HELLO, valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}".
std::string naive_refusal(const NCond& c);

// ---------------------------------------------------------------- tables

struct NKey {
  std::string name;
  NValue::T type = NValue::T::S;  // S, N or B
};

// A global index, or a local one (`local`): the table's partition key as
// `pk` and one attribute as `sk` (AWS, "Local secondary indexes"). Both are
// sparse: an item is in the index iff it has every attribute of pk and sk.
struct NIndex {
  std::string name;
  std::vector<NKey> pk, sk;
  enum class Projection { kAll, kKeysOnly, kInclude } projection = Projection::kAll;
  std::vector<std::string> include;
  bool local = false;
};

struct NSchema {
  NKey pk;
  std::optional<NKey> sk;
  std::vector<NIndex> indexes;
};

// Why CreateTable refuses the schema's local indexes, or "" when it accepts
// them (the reference on writes, section 6.1; DYN createTable.js; ALT
// test_lsi.py): a table without a sort key; more than five; a name used
// twice among all the indexes; a partition key other than the table's, or a
// sort key of other than one attribute; a sort key named as the table's
// partition key. The reason is a few words, not DynamoDB's message.
std::string naive_local_index_refusal(const NSchema& schema);

// Whether a read of the index fetches the table's items: a local index
// whose projection is not kAll, read with Select ALL_ATTRIBUTES
// (`all_attributes`) or with a projection naming a top-level attribute
// (`named`) it does not project (AWS API reference "Query", Select).
bool naive_fetches(const NSchema& schema, const NIndex& index, bool all_attributes,
                   const std::vector<std::string>& named);
// The capacity of fetching `items` from the table: one read per item, its
// size rounded up to 4 KB, a unit per 4 KB, halved when not consistent
// (AWS, "Local secondary indexes", "Read capacity units").
double naive_fetch_capacity(const std::vector<NItem>& items, bool consistent);

// The table's key attributes: the partition key, then the sort key if any.
std::vector<NKey> naive_table_keys(const NSchema& schema);

// The table key `item` holds: those of naive_table_keys it has, in order.
NItem naive_table_key(const NSchema& schema, const NItem& item);

// A key condition: equality on every partition attribute, equality on the
// first sort attributes, then at most one range on the next.
struct NKeyCond {
  enum class Op { kNone, kEq, kLt, kLe, kGt, kGe, kBetween, kBeginsWith };
  std::vector<NValue> partition;
  std::vector<NValue> sort_eq;
  Op op = Op::kNone;
  NValue a, b;
};

class NaiveTable {
 public:
  explicit NaiveTable(NSchema schema) : schema_(std::move(schema)) {}

  const NSchema& schema() const { return schema_; }
  const std::vector<NItem>& items() const { return items_; }

  // Whether DynamoDB accepts the write, and the write itself when it does:
  // keys as the schema says, within their sizes; every Number (in maps,
  // lists and sets too) valid text within DynamoDB's range and precision;
  // the item within 400 KB.
  bool can_put(const NItem& item) const;
  bool put(const NItem& item);
  bool can_update(const NItem& key, const NItem& set, const std::vector<std::string>& remove) const;
  bool update(const NItem& key, const NItem& set, const std::vector<std::string>& remove);
  void erase(const NItem& key);
  // The item with the table key of `key`, or nullopt.
  std::optional<NItem> get(const NItem& key) const;
  // Appends items without the checks put makes (each put scans every item).
  // REQUIRES: can_put(item) for each, and keys distinct from each other and
  // from the items held. For benchmarks of large tables.
  void append_unchecked(std::vector<NItem> items);

  // The key attributes of the table ("" ) or an index, and what a start key
  // or LastEvaluatedKey holds: the index keys, then the table keys.
  std::vector<NKey> partition_of(const std::string& index) const;
  std::vector<NKey> sort_of(const std::string& index) const;
  NItem key_of(const std::string& index, const NItem& entry) const;
  // The index named so, or null ("" and unknown names).
  const NIndex* index_named(const std::string& index) const;
  // The item the table holds under the table key of `entry` (an index entry
  // carries it). REQUIRES: the table holds one.
  NItem fetch(const NItem& entry) const;

  // The entries of the table or an index: projected, in no order.
  std::vector<NItem> entries(const std::string& index) const;
  // entries(index).size(), without the copies.
  std::size_t entry_count(const std::string& index) const;
  // The entries a key condition selects, sorted by the sort attributes in
  // the direction asked; ties keep an arbitrary order.
  std::vector<NItem> key_range(const std::string& index, const NKeyCond& cond, bool forward) const;

 private:
  NItem project(const NItem& item, const NIndex& index) const;
  // A stored item the table (index nullptr) or an index holds.
  struct Member {
    const NItem* item;
    const NIndex* index;
  };
  std::vector<Member> members(const std::string& index) const;
  // A member's entry: its item, projected for an index.
  NItem entry(const Member& m) const;
  // The item `update` would write, or nullopt when it refuses before put.
  std::optional<NItem> updated(const NItem& key, const NItem& set,
                               const std::vector<std::string>& remove) const;
  // The table key of `item` as text (type and value of each key attribute,
  // a Number by its canonical text, so equal keys give equal text), or
  // nullopt when a key attribute is missing.
  std::optional<std::string> key_text(const NItem& item) const;
  std::optional<std::size_t> find(const NItem& key) const;
  std::optional<std::size_t> find_text(const std::string& text) const;  // in keys_
  NSchema schema_;
  std::vector<NItem> items_;
  std::vector<std::string> keys_;  // key_text(items_[i])
};

// -1, 0 or 1: the tuples of the sort attributes of two entries.
int naive_compare_sort(const std::vector<NKey>& sort, const NItem& a, const NItem& b);
// Whether two entries have the same values for the attributes.
bool naive_same_values(const std::vector<NKey>& attrs, const NItem& a, const NItem& b);

// Accepts `engine` as an order of `expected` that DynamoDB may give: the
// same items (a multiset), equal under `same_group` neighbours kept
// together, and `before` (the oracle's sort order, ties excluded) respected.
// For Query: groups are ties of the sort key; for Scan: partitions. On
// success returns true; otherwise `why` says what broke.
bool accept_query_order(const std::vector<NItem>& expected, const std::vector<NItem>& engine,
                        const std::vector<NKey>& sort, bool forward, std::string* why);
bool accept_scan_order(const std::vector<NItem>& expected, const std::vector<NItem>& engine,
                       const std::vector<NKey>& partition, const std::vector<NKey>& sort,
                       std::string* why);

// The page DynamoDB returns when it reads `sequence` (already in the order
// the engine committed to) from position `start`: up to `limit` items,
// stopping after the item at which the sizes read reach 1 MB, the filter
// applied to what was read.
struct NPage {
  std::vector<NItem> items;   // those that pass the filter
  std::size_t scanned = 0;    // items read
  std::size_t bytes = 0;      // their sizes
  std::size_t next = 0;       // position after the last item read
  bool lek_required = false;  // items remain after `next`
  bool lek_allowed = false;   // the page stopped at the limit or at 1 MB
  double capacity(bool consistent) const;
};
NPage page_at(const std::vector<NItem>& sequence, std::size_t start, std::optional<int> limit,
              const NCond* filter);
// The same under another reading of the unsettled rules: the filter is
// evaluated as `reading` says, on `filter_on[i]` for sequence[i] when
// `filter_on` is given (the table's items, for filter_reads_table_item).
// REQUIRES: filter_on is null or as long as sequence.
NPage page_at(const std::vector<NItem>& sequence, std::size_t start, std::optional<int> limit,
              const NCond* filter, const NReading& reading, const std::vector<NItem>* filter_on);

}  // namespace sortkey::oracle

#endif  // SORTKEY_ORACLES_NAIVE_QUERY_H_
