// File: properties/props/query_spec.h
//
// A Query or Scan as a property holds it: key conditions and filter trees in
// the oracle's terms, and their rendering to an engine request with
// expression text and placeholders. The rendering varies with a style seed
// (clause order, operand order, keyword case, redundant parentheses and the
// choice of placeholder or bare name), so the trees themselves go to the
// oracle and a parser bug shows up as a disagreement. Shared by the
// properties, the fuzz targets and the endpoint workload.

#ifndef SORTKEY_PROPERTIES_QUERY_SPEC_H_
#define SORTKEY_PROPERTIES_QUERY_SPEC_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include "oracles/naive_query.h"
#include "sortkey/attribute.h"
#include "sortkey/query.h"

namespace sortkey::props {

struct QuerySpec {
  std::string index;  // "" for the table
  oracle::NKeyCond key;
  std::optional<oracle::NCond> filter;
  bool forward = true;
  std::optional<int> limit;
  bool count_only = false;
  bool consistent = false;      // never on a global index
  bool all_attributes = false;  // Select ALL_ATTRIBUTES: a local index fetches from the table
  std::uint64_t style = 0;      // rendering choices
  std::size_t resume_at = 0;    // check 4 resumes after the item at this position (mod size)
};
std::ostream& operator<<(std::ostream& os, const QuerySpec& q);
inline void showValue(const QuerySpec& q, std::ostream& os) { os << q; }

struct ScanSpec {
  std::string index;
  std::optional<oracle::NCond> filter;
  std::optional<int> limit;
  bool count_only = false;
  bool consistent = false;  // never on a global index
  std::uint64_t style = 0;
};
std::ostream& operator<<(std::ostream& os, const ScanSpec& s);
inline void showValue(const ScanSpec& s, std::ostream& os) { os << s; }

// The engine request for a spec (rendered text, placeholders, options).
QueryRequest render_query(const oracle::NSchema& schema, const QuerySpec& q);
ScanRequest render_scan(const ScanSpec& s);
// The filter alone, as text with its placeholders added to `attributes`.
std::string render_filter(const oracle::NCond& c, std::uint64_t style,
                          ExpressionAttributes& attributes);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_QUERY_SPEC_H_
