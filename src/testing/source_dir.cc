#include "src/testing/source_dir.h"

namespace sortkey::testing {

const char* source_dir() { return SORTKEY_SOURCE_DIR; }

std::string source_path(std::string_view relative) {
  return std::string(source_dir()) + "/" + std::string(relative);
}

}  // namespace sortkey::testing
