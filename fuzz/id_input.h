// File: fuzz/id_input.h
//
// What the KSUID and ULID targets decode from their input, structurally (a
// small mutation makes a small change): IDs as raw bytes or as a near
// neighbour of another ID (so that order checks see equal, adjacent and
// carry-propagating pairs), times near the ends of an ID's range, clock
// scripts that stand still, step, run backwards and jump out of range, and
// random payloads biased to the monotonic overflow (all 0xFF and just
// below).

#ifndef SORTKEY_FUZZ_ID_INPUT_H_
#define SORTKEY_FUZZ_ID_INPUT_H_

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "fuzz/byte_source.h"

namespace sortkey::fuzz {

template <std::size_t N>
std::array<std::uint8_t, N> raw_bytes(ByteSource& src) {
  // Through a string: g++ 12 warns (-Wstringop-overflow) about the unrolled
  // loop writing into the array directly.
  std::string staged;
  for (std::size_t i = 0; i < N; ++i) staged += static_cast<char>(src.byte());
  std::array<std::uint8_t, N> out{};
  std::memcpy(out.data(), staged.data(), N);
  return out;
}

// `bytes` + delta as a big-endian number, wrapping at 2^(8N).
template <std::size_t N>
std::array<std::uint8_t, N> add_big_endian(std::array<std::uint8_t, N> bytes, std::int64_t delta) {
  const bool down = delta < 0;
  std::uint64_t carry =
      down ? 0 - static_cast<std::uint64_t>(delta) : static_cast<std::uint64_t>(delta);
  for (std::size_t i = N; i > 0 && carry != 0; --i) {
    const std::uint64_t low = carry & 0xFF;
    carry >>= 8;
    if (!down) {
      const std::uint64_t sum = bytes[i - 1] + low;
      bytes[i - 1] = static_cast<std::uint8_t>(sum);
      carry += sum >> 8;
    } else {
      const bool borrow = bytes[i - 1] < low;
      bytes[i - 1] = static_cast<std::uint8_t>(bytes[i - 1] - low);
      carry += borrow ? 1 : 0;
    }
  }
  return bytes;
}

// A second ID for order checks: fresh bytes, `a` plus or minus a little, `a`
// with one byte changed, or `a` with its tail filled with 0x00 or 0xFF.
template <std::size_t N>
std::array<std::uint8_t, N> near_id(const std::array<std::uint8_t, N>& a, ByteSource& src) {
  const std::uint8_t how = src.byte();
  switch (how % 5) {
    case 0:
      return raw_bytes<N>(src);
    case 1: {
      const auto delta = static_cast<std::int64_t>(src.in_range(0, 0x1FF)) - 0xFF;
      return add_big_endian(a, delta);
    }
    case 2: {
      auto b = a;
      b[src.in_range(0, N - 1)] = src.byte();
      return b;
    }
    case 3: {
      auto b = a;
      for (std::size_t i = src.in_range(0, N - 1); i < N; ++i) b[i] = how & 0x80 ? 0xFF : 0x00;
      return b;
    }
    default:
      return a;
  }
}

// x + d without signed overflow: saturates at the ends of int64.
inline std::int64_t saturating_add(std::int64_t x, std::int64_t d) {
  std::int64_t out = 0;
  if (!__builtin_add_overflow(x, d, &out)) return out;
  return d > 0 ? std::numeric_limits<std::int64_t>::max()
               : std::numeric_limits<std::int64_t>::min();
}

inline std::int64_t raw_int64(ByteSource& src) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = v << 8 | src.byte();
  return static_cast<std::int64_t>(v);
}

// A time in an ID's units near something interesting: `around` (the ID's
// own time), the first or last valid time (one unit either side included),
// or any int64.
inline std::int64_t time_near(ByteSource& src, std::int64_t around, std::int64_t first,
                              std::int64_t last) {
  const std::uint8_t how = src.byte();
  const auto small = static_cast<std::int64_t>(src.in_range(0, 4)) - 2;
  switch (how % 4) {
    case 0:
      return saturating_add(around, small);
    case 1:
      return saturating_add(first, small);
    case 2:
      return saturating_add(last, small);
    default:
      return raw_int64(src);
  }
}

// The clock and random source of a generator run: one clock reading per
// call, one payload offered per call (the generator draws only when the spec
// says it must; the rest stay unused).
template <std::size_t N>
struct GeneratorScript {
  bool monotonic = false;
  std::vector<std::int64_t> clock_ms;
  std::vector<std::array<std::uint8_t, N>> randoms;

  std::string show() const {
    std::string out = fmt::format("{} mode, clock", monotonic ? "monotonic" : "random");
    for (std::int64_t t : clock_ms) out += fmt::format(" {}", t);
    out += fmt::format("; {} random payloads:", randoms.size());
    for (const auto& r : randoms) {
      out += ' ';
      for (std::uint8_t b : r) out += fmt::format("{:02X}", b);
    }
    return out;
  }
};

// Decodes a script of at most `max_calls` calls. `first_ms` and `last_ms`
// bound the generator's valid clock readings; `unit_ms` is its tick (1000
// for KSUIDs, 1 for ULIDs).
// Layout: flags (bit 0 monotonic, bit 1 cut the random payloads short,
// followed by a byte: keep that many mod 8), the start (a kind byte, then
// its bytes), then per call a clock step byte (and its argument) and a
// payload kind byte (and its bytes).
template <std::size_t N>
GeneratorScript<N> generator_script(ByteSource& src, std::int64_t first_ms, std::int64_t last_ms,
                                    std::int64_t unit_ms, std::size_t max_calls) {
  GeneratorScript<N> s;
  const std::uint8_t flags = src.byte();
  s.monotonic = (flags & 1) != 0;
  const std::size_t keep =
      (flags & 2) != 0 ? src.byte() % 8 : std::numeric_limits<std::size_t>::max();
  std::int64_t now = 0;
  switch (src.byte() % 4) {
    case 0:
      now = 1507608047000 + static_cast<std::int64_t>(src.in_range(0, 0xFFFF));
      break;
    case 1:
      now = first_ms + static_cast<std::int64_t>(src.in_range(0, 4)) - 2;
      break;
    case 2:
      now = last_ms + static_cast<std::int64_t>(src.in_range(0, 4)) - 2;
      break;
    default:
      now = raw_int64(src);
      break;
  }
  while (!src.empty() && s.clock_ms.size() < max_calls) {
    const std::uint8_t step = src.byte();
    switch (step % 8) {
      case 0:
        break;  // the clock stands still
      case 1:
        now = saturating_add(now, 1);
        break;
      case 2:
        now = saturating_add(now, unit_ms);
        break;
      case 3:
        now = saturating_add(now, -1);
        break;
      case 4:
        now = saturating_add(now, -unit_ms);
        break;
      case 5:
        now = saturating_add(now, static_cast<std::int64_t>(src.in_range(0, 0xFFFF)));
        break;
      case 6:
        now = saturating_add(now, -static_cast<std::int64_t>(src.in_range(0, 0xFFFF)));
        break;
      default: {
        const std::int64_t edges[] = {
            first_ms - 1,          first_ms, last_ms, last_ms + 1, first_ms - unit_ms,
            last_ms - unit_ms + 1, 0,        -1};
        now = edges[src.byte() % 8];
      }
    }
    s.clock_ms.push_back(now);
    std::array<std::uint8_t, N> r{};
    const std::uint8_t kind = src.byte();
    switch (kind % 6) {
      case 0:
        r.fill(0xFF);
        break;  // one increment from exhaustion
      case 1:
        r.fill(0xFF);
        r[N - 1] = static_cast<std::uint8_t>(0xFF - kind / 6 % 4);
        break;
      case 2:
        break;  // zeros
      default:
        r = raw_bytes<N>(src);
        break;
    }
    s.randoms.push_back(r);
  }
  s.randoms.resize(std::min(s.randoms.size(), keep));
  return s;
}

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_ID_INPUT_H_
