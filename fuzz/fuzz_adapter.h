// File: fuzz/fuzz_adapter.h
//
// The libFuzzer adapter of the property functions: Holds and Discard return
// normally; Fails prints the property, the decoded values, the message and
// the command that replays the input, then aborts so that libFuzzer saves the
// input as a crash. No catch-all: an exception escaping a target is a bug.
//
// The values are text only a failure needs, so targets pass a callable that
// makes it: a passing execution (all but the last) pays nothing for it.
//
//   fuzz::check(props::padded_order(a, b, w), "padded/order",
//               [&] { return fmt::format("width {}, a {}, b {}", w, da, db); });

#ifndef SORTKEY_FUZZ_FUZZ_ADAPTER_H_
#define SORTKEY_FUZZ_FUZZ_ADAPTER_H_

#include <string>
#include <string_view>
#include <type_traits>

#include "properties/props/outcome.h"

namespace sortkey::fuzz {

// The target's name, for the replay command; set once by each target.
void set_target_name(const char* name);

// Prints the report of a violated property and aborts.
[[noreturn]] void report_failure(const props::Outcome& outcome, std::string_view property,
                                 const std::string& values);

// REQUIRES nothing. On kFails: prints show() with the report and aborts;
// show() runs only then.
template <class Show, std::enable_if_t<std::is_invocable_r_v<std::string, Show&>, int> = 0>
inline void check(const props::Outcome& outcome, std::string_view property, Show&& show) {
  if (outcome.ok()) [[likely]]
    return;
  report_failure(outcome, property, show());
}

// The same with the values already made.
inline void check(const props::Outcome& outcome, std::string_view property,
                  const std::string& values) {
  if (outcome.ok()) [[likely]]
    return;
  report_failure(outcome, property, values);
}

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_FUZZ_ADAPTER_H_
