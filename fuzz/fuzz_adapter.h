// File: fuzz/fuzz_adapter.h
//
// The libFuzzer adapter of the property functions: Holds and Discard return
// normally; Fails prints the property, the decoded values, the message and
// the command that replays the input, then aborts so that libFuzzer saves the
// input as a crash. No catch-all: an exception escaping a target is a bug.

#ifndef SORTKEY_FUZZ_FUZZ_ADAPTER_H_
#define SORTKEY_FUZZ_FUZZ_ADAPTER_H_

#include <string>
#include <string_view>

#include "props/outcome.h"

namespace sortkey::fuzz {

// The target's name, for the replay command; set once by each target.
void set_target_name(const char* name);

// REQUIRES nothing. On kFails: prints and aborts.
void check(const props::Outcome& outcome, std::string_view property, const std::string& values);

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_FUZZ_ADAPTER_H_
