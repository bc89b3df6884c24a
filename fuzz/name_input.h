// File: fuzz/name_input.h
//
// The name targets' case mode in its readable form: "upper:", "lower:" or
// "fold:" at the front of the input; any other first byte picks one
// (byte % 3: upper, lower, fold) and is consumed.

#ifndef SORTKEY_FUZZ_NAME_INPUT_H_
#define SORTKEY_FUZZ_NAME_INPUT_H_

#include <string_view>

#include "fuzz/byte_source.h"
#include "sortkey/name.h"

namespace sortkey::fuzz {

inline CaseMode read_case_mode(ByteSource& src) {
  const std::string_view rest = src.rest();
  for (const CaseMode mode : {CaseMode::kUpper, CaseMode::kLower, CaseMode::kFold}) {
    const std::string_view name = to_string(mode);
    if (rest.size() > name.size() && rest.substr(0, name.size()) == name &&
        rest[name.size()] == ':') {
      for (std::size_t i = 0; i <= name.size(); ++i) src.byte();
      return mode;
    }
  }
  return static_cast<CaseMode>(src.byte() % 3);
}

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_NAME_INPUT_H_
