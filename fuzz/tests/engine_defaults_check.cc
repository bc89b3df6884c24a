// A libFuzzer program whose only default flag is -runs=3: run with no
// flags it must stop after 3 runs, and -runs=5 on the command line must
// override the default (fuzz/tests/engine_defaults.sh builds and runs it).
#include <cstddef>
#include <cstdint>

#include "fuzz/engine_defaults.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  return sortkey::fuzz::default_flags(argc, argv, {"-runs=3"});
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }
