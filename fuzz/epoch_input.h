// File: fuzz/epoch_input.h
//
// The epoch targets' parameters in their readable form: a unit written as
// "s", "ms", "us" or "ns" (any other byte picks one, byte % 4) and a width.

#ifndef SORTKEY_FUZZ_EPOCH_INPUT_H_
#define SORTKEY_FUZZ_EPOCH_INPUT_H_

#include <string_view>

#include "fuzz/byte_source.h"
#include "sortkey/epoch.h"

namespace sortkey::fuzz {

inline EpochUnit read_epoch_unit(ByteSource& src) {
  const std::string_view rest = src.rest();
  for (const EpochUnit unit : {EpochUnit::kMilliseconds, EpochUnit::kMicroseconds,
                               EpochUnit::kNanoseconds, EpochUnit::kSeconds}) {
    const std::string_view name = to_string(unit);
    if (rest.substr(0, name.size()) == name) {
      for (std::size_t i = 0; i < name.size(); ++i) src.byte();
      return unit;
    }
  }
  return static_cast<EpochUnit>(src.byte() % 4);
}

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_EPOCH_INPUT_H_
