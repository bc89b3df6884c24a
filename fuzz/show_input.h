// File: fuzz/show_input.h
//
// SORTKEY_FUZZ_SHOW=1 makes the targets that decode their input
// structurally print, for every input they run, what they decoded and what
// the code under test answered: the way to read a seed, or to check that a
// new one tests what its name says.
//
//   SORTKEY_FUZZ_SHOW=1 build/ci/fuzz/query_differential_fuzzer
//   corpus/query_differential_fuzzer/<seed>

#ifndef SORTKEY_FUZZ_SHOW_INPUT_H_
#define SORTKEY_FUZZ_SHOW_INPUT_H_

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>

namespace sortkey::fuzz {

inline bool showing_inputs() {
  static const bool on = std::getenv("SORTKEY_FUZZ_SHOW") != nullptr;
  return on;
}

// Prints `text` on stderr when SORTKEY_FUZZ_SHOW is set; `make` runs only then.
template <class Make>
void show_input(Make&& make) {
  if (!showing_inputs()) return;
  const std::string text = make();
  std::fprintf(stderr, "%s\n", text.c_str());
}

// What a property saw the code under test answer, printed after the input
// (`input()`, then "  -> " and the answer) when SORTKEY_FUZZ_SHOW is set;
// otherwise an empty function, so that the property makes no text.
template <class Input>
std::function<void(const std::string&)> show_answer(Input input) {
  if (!showing_inputs()) return {};
  return [input](const std::string& answer) {
    show_input([&] { return input() + "\n  -> " + answer; });
  };
}

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_SHOW_INPUT_H_
