// File: src/testing/golden.h (test-only)
//
// Reads the golden vectors in corpus/vectors/<codec>.tsv. The format:
//   - lines starting with '#' and empty lines are comments;
//   - the first other line is the header: tab-separated column names;
//   - every following line is one vector, tab-separated, same columns.
// Escapes inside a field: \t, \n, \\ and \xNN, so any byte can be written.
// A field "error:<kind>" in an output column means the input must be rejected
// with that ErrorCode (its to_string name, e.g. "error:out of range").

#ifndef SORTKEY_TESTING_GOLDEN_H_
#define SORTKEY_TESTING_GOLDEN_H_

#include <map>
#include <string>
#include <vector>

namespace sortkey::testing {

struct GoldenRow {
  int line = 0;
  std::map<std::string, std::string> fields;
  const std::string& operator[](const std::string& column) const;  // throws if absent
};

// Throws std::runtime_error if the file is missing or malformed: a test that
// cannot read its vectors must fail, not pass vacuously.
std::vector<GoldenRow> load_golden(const std::string& codec);

// True iff `field` is "error:<kind>"; sets `kind`.
bool is_error_field(const std::string& field, std::string& kind);

}  // namespace sortkey::testing

#endif  // SORTKEY_TESTING_GOLDEN_H_
