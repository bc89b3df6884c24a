// File: properties/gen/query_gen.h
//
// RapidCheck generators for the query model, in the oracle's terms (values,
// items, schemas, condition trees, key conditions), biased to what breaks
// naive implementations:
//   * strings over full Unicode, the supplementary planes and U+E000..U+FFFF
//     included (UTF-8 order is not UTF-16 order), NUL and '#' bytes inside
//     keys, prefixes of one another;
//   * binary values with the high bytes 0x7F, 0x80, 0xFE, 0xFF and 0x00;
//   * every spelling of a number ("1e3", "+1000", "1000.00", ".5", "5.") and
//     the ends of the range and of the 38-digit precision;
//   * small pools of key values, so that keys collide (overwrites, ties in
//     indexes, prefixes), items that lack index attributes (sparse indexes),
//     and now and then a key of the wrong type or an empty key (rejected);
//   * attribute names that are reserved words ("Status", "Date", "Size") or
//     not identifiers, so that rendering must use placeholders.

#ifndef SORTKEY_PROPERTIES_GEN_QUERY_GEN_H_
#define SORTKEY_PROPERTIES_GEN_QUERY_GEN_H_

#include <rapidcheck.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "oracles/naive_query.h"

namespace sortkey::oracle {
// Counterexamples print values, items and trees readably.
void showValue(const NValue& v, std::ostream& os);
void showValue(NValue::T t, std::ostream& os);
void showValue(const NCond& c, std::ostream& os);
void showValue(const NSchema& s, std::ostream& os);
}  // namespace sortkey::oracle

namespace sortkey::props {

// Uniform choices (rc::gen::inRange scales with the size; these do not).
bool chance(int percent);
std::size_t uniform_index(std::size_t n);  // REQUIRES: n > 0

// A key value of the type: from the small pool most of the time.
rc::Gen<oracle::NValue> gen_key_value(oracle::NValue::T type);
// A partition-key value: one of three per type most of the time, so that
// partitions fill up and Queries have something to page through.
rc::Gen<oracle::NValue> gen_partition_value(oracle::NValue::T type);
// A value of any of the ten types (nested L and M at most two deep).
rc::Gen<oracle::NValue> gen_attribute_value();
// A number spelled any way DynamoDB accepts.
rc::Gen<oracle::NValue> gen_number_spelling();
// Unicode text, the tricky code points favoured; may be empty.
rc::Gen<std::string> gen_unicode(int max_code_points);

// A table: pk (S, N or B), an optional sk, one to three sparse indexes with
// one or two partition attributes and zero to two sort attributes (now and
// then four), any projection; on half the tables with a sort key, one or two
// local indexes (any projection, sorted by an index attribute or the table's
// sort key).
rc::Gen<oracle::NSchema> gen_query_schema();

// The non-key attribute names items carry besides their keys.
const std::vector<std::string>& value_attribute_names();

// An item for the schema: its table key from the pools; each index key
// attribute present about two times in three; a few other attributes; one
// write in about twenty-five has a key of the wrong type or an empty key.
rc::Gen<oracle::NItem> gen_item(const oracle::NSchema& schema);
// A table key: of an existing item (mostly) or a fresh one.
rc::Gen<oracle::NItem> gen_table_key(const oracle::NaiveTable& table);
// The same, reading a table that stays as it is while the generator lives.
rc::Gen<oracle::NItem> gen_table_key(std::shared_ptr<const oracle::NaiveTable> table);

// A filter on the attributes a Query of `index` may filter on (Scan: any),
// one DynamoDB accepts: two paths compared are never the same path.
rc::Gen<oracle::NCond> gen_filter(const oracle::NaiveTable& table, const std::string& index,
                                  bool scan);
// The same, reading a table that stays as it is while the generator lives.
rc::Gen<oracle::NCond> gen_filter(std::shared_ptr<const oracle::NaiveTable> table,
                                  const std::string& index, bool scan);

// Filters DynamoDB refuses before reading any item (oracle::naive_refusal),
// by the fault planted:
enum class RefusedKind {
  kSameOperand,       // a path repeated: a = a, a > a, a BETWEEN :v AND a, a IN (:v, a),
                      // begins_with(a, a), contains(a, a) (any path, any operator)
  kBetweenReversed,   // BETWEEN :hi AND :lo, constants of one type
  kBetweenTypes,      // BETWEEN bounds of two types
  kBeginsWithNumber,  // begins_with(a, :number)
  kBadTypeName,       // attribute_type(a, :t), :t not one of the ten type names
};
inline constexpr int kRefusedKinds = 5;
// A filter with one refused atom of `kind`: alone, under NOT, or joined by
// AND or OR to a valid filter (gen_filter's), on either side.
rc::Gen<oracle::NCond> gen_refused_filter(const oracle::NaiveTable& table, const std::string& index,
                                          bool scan, RefusedKind kind);

// A key condition on the table or index, its values mostly taken from the
// entries that exist, so that pages are not empty.
rc::Gen<oracle::NKeyCond> gen_key_condition(const oracle::NaiveTable& table,
                                            const std::string& index);
// The same, reading a table that stays as it is while the generator lives.
rc::Gen<oracle::NKeyCond> gen_key_condition(std::shared_ptr<const oracle::NaiveTable> table,
                                            const std::string& index);

// Which of the table ("") and its indexes to read.
rc::Gen<std::string> gen_target(const oracle::NSchema& schema);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_GEN_QUERY_GEN_H_
