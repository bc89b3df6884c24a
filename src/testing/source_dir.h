// File: src/testing/source_dir.h (test-only)
//
// The source tree a test reads its data from (corpus/, examples/, adapters/,
// ci/): the one place a build names it, in one small translation unit, so
// that every other object of a test compiles the same in any checkout and a
// compiler cache shares it between two clones of one commit.
//
// Example:
//   std::ifstream in(sortkey::testing::source_path("examples/saas.yaml"));

#ifndef SORTKEY_TESTING_SOURCE_DIR_H_
#define SORTKEY_TESTING_SOURCE_DIR_H_

#include <string>
#include <string_view>

namespace sortkey::testing {

// The repository's root, with no trailing '/'.
const char* source_dir();

// source_dir() + "/" + `relative`.
std::string source_path(std::string_view relative);

}  // namespace sortkey::testing

#endif  // SORTKEY_TESTING_SOURCE_DIR_H_
