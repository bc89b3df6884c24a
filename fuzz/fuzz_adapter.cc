#include "fuzz/fuzz_adapter.h"

#include <cstdio>
#include <cstdlib>

namespace sortkey::fuzz {
namespace {
const char* g_target = "the fuzz target";
}

void set_target_name(const char* name) { g_target = name; }

void report_failure(const props::Outcome& outcome, std::string_view property,
                    const std::string& values) {
  std::fprintf(stderr,
               "\n== sortkey property violated: %.*s\n   values: %s\n   why: %s\n"
               "   replay: %s <the crash file libFuzzer writes below>\n"
               "   keep it: copy the minimized file into corpus/regressions/%s/\n",
               static_cast<int>(property.size()), property.data(), values.c_str(),
               outcome.message().c_str(), g_target, g_target);
  std::fflush(stderr);
  std::abort();
}

}  // namespace sortkey::fuzz
