#include "tools/version.h"

namespace sortkey::cli {

const char* version() { return SORTKEY_VERSION; }
const char* commit() { return SORTKEY_COMMIT; }

}  // namespace sortkey::cli
