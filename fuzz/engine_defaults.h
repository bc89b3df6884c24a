// File: fuzz/engine_defaults.h
//
// A target's own libFuzzer flags, decided on measurements, for every run of
// it: `sortkey fuzz`, ci/fuzz_throughput.sh, the fuzz self-test,
// ClusterFuzzLite and a run by hand. libFuzzer calls LLVMFuzzerInitialize
// before it reads its flags; the defaults are put first, right after the
// program's name, so a flag given on the command line overrides them
// (libFuzzer keeps the last value of a flag). The replay driver
// (replay_main.cc) never calls LLVMFuzzerInitialize.
//
//   extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
//     return sortkey::fuzz::default_flags(argc, argv, {"-entropic=0"});
//   }

#ifndef SORTKEY_FUZZ_ENGINE_DEFAULTS_H_
#define SORTKEY_FUZZ_ENGINE_DEFAULTS_H_

#include <cstddef>
#include <initializer_list>
#include <vector>

namespace sortkey::fuzz {

// Puts `flags` after (*argv)[0]; *argv then points at storage that lives as
// long as the process, as libFuzzer requires. Returns 0.
inline int default_flags(int* argc, char*** argv, std::initializer_list<const char*> flags) {
  if (*argc < 1) return 0;
  static std::vector<char*> args;
  args.assign(*argv, *argv + *argc);
  std::vector<char*> given(flags.size());
  for (std::size_t i = 0; i < flags.size(); ++i) given[i] = const_cast<char*>(flags.begin()[i]);
  args.insert(args.begin() + 1, given.begin(), given.end());
  args.push_back(nullptr);  // argv[argc] is a null pointer
  *argc = static_cast<int>(args.size()) - 1;
  *argv = args.data();
  return 0;
}

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_ENGINE_DEFAULTS_H_
