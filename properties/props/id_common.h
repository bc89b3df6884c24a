// File: properties/props/id_common.h
//
// Helpers shared by the KSUID and ULID properties: the deterministic random
// bytes of the thread properties and the text of a clock script.

#ifndef SORTKEY_PROPERTIES_ID_COMMON_H_
#define SORTKEY_PROPERTIES_ID_COMMON_H_

#include <fmt/format.h>

#include <cstdint>
#include <map>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "properties/props/outcome.h"

namespace sortkey::props {

// Fills `out` with the splitmix64 stream of (seed, draw): the same bytes for
// the same draw number, whichever thread asks.
inline void fill_splitmix(std::span<std::uint8_t> out, std::uint64_t seed, std::uint64_t draw) {
  std::uint64_t x = seed + 0x9E3779B97F4A7C15ULL * (draw + 1);
  std::uint64_t z = 0;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (i % 8 == 0) {
      x += 0x9E3779B97F4A7C15ULL;
      z = x;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      z ^= z >> 31;
    }
    out[i] = static_cast<std::uint8_t>(z >> (8 * (i % 8)));
  }
}

// The clock readings up to and including call `upto`, space-separated.
inline std::string show_script(const std::vector<std::int64_t>& clock_ms, std::size_t upto) {
  std::string out;
  for (std::size_t i = 0; i <= upto && i < clock_ms.size(); ++i) {
    out += fmt::format("{}{}", i ? " " : "", clock_ms[i]);
  }
  return out;
}

// Runs `check` once per distinct `inputs` text and returns that first
// verdict on every later call with the same text. For the thread properties:
// a race shows in one run and not the next, and RapidCheck evaluates a
// failing case again to report it, which would print a passing run's text.
template <class Check>
Outcome first_verdict(const std::string& inputs, Check&& check) {
  static std::mutex mutex;
  static std::map<std::string, Outcome> seen;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = seen.find(inputs); it != seen.end()) return it->second;
  }
  Outcome verdict = check();
  std::lock_guard<std::mutex> lock(mutex);
  return seen.emplace(inputs, std::move(verdict)).first->second;
}

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_ID_COMMON_H_
