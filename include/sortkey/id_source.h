// File: sortkey/id_source.h
//
// The two things an ID generator reads from the world, a clock and a source
// of random bytes, as plain function types so that tests can inject them
// (a clock that stands still, steps or runs backwards; random bytes chosen to
// hit the edges). The defaults are the system clock and the operating
// system's cryptographically secure generator, getrandom(2), which glibc
// provides: the library gains no link dependency for it.
//
// Example:
//
//   sortkey::KsuidGenerator::Options options;
//   options.clock = [] { return std::int64_t{1507608047000}; };   // frozen in 2017
//   options.random = [](std::span<std::uint8_t> out) -> sortkey::Result<void> {
//     std::fill(out.begin(), out.end(), 0x42);
//     return {};
//   };
//   sortkey::KsuidGenerator generator(options);

#ifndef SORTKEY_ID_SOURCE_H_
#define SORTKEY_ID_SOURCE_H_

#include <cstdint>
#include <functional>
#include <span>

#include "sortkey/error.h"

namespace sortkey {

// Milliseconds since 1970-01-01T00:00:00Z. A generator calls its clock once
// per ID, under its lock. The value may be anything, negative included: the
// generator, not the clock, decides what is out of range.
using UnixMillisClock = std::function<std::int64_t()>;

// Fills every byte of `out` with random bytes, or returns an error (the ID is
// then not generated). A generator calls it under its lock, so it need not be
// thread-safe when it serves a single generator.
using RandomBytes = std::function<Result<void>(std::span<std::uint8_t> out)>;

// The system clock (std::chrono::system_clock), in unix milliseconds.
std::int64_t system_clock_millis();

// getrandom(2): the kernel's CSPRNG, blocking only until it is first seeded
// at boot. Errors: kUnavailable when the system call fails (its errno text
// is in the message).
Result<void> os_random_bytes(std::span<std::uint8_t> out);

}  // namespace sortkey

#endif  // SORTKEY_ID_SOURCE_H_
