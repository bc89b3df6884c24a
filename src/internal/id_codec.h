// Private: what the KSUID and ULID codecs share, written once and
// parameterised by the format. Both are a big-endian time followed by random
// bytes; they differ in sizes, time unit, text alphabet and wording, which a
// format's traits supply (see KsuidTraits in ksuid.cc, UlidTraits in ulid.cc).

#ifndef SORTKEY_INTERNAL_ID_CODEC_H_
#define SORTKEY_INTERNAL_ID_CODEC_H_

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <tuple>

#include "sortkey/error.h"
#include "src/internal/deferred_error.h"

namespace sortkey::internal {

// bytes[from..N) += 1 as a big-endian integer, in place. Returns false,
// leaving the bytes unchanged, when they are all 0xFF (they would wrap).
template <std::size_t N>
bool increment_big_endian(std::array<std::uint8_t, N>& bytes, std::size_t from) {
  for (std::size_t i = N; i > from; --i) {
    if (bytes[i - 1] != 0xFF) {
      ++bytes[i - 1];
      std::fill(bytes.begin() + static_cast<std::ptrdiff_t>(i), bytes.end(), 0);
      return true;
    }
  }
  return false;
}

// The ID whose binary form is exactly `bytes`. `name` is the format's name
// in messages ("KSUID"). Errors: kTruncated, kTrailingBytes.
template <class Id>
Result<Id> id_from_bytes(std::string_view bytes, StaticText name) {
  constexpr std::size_t kSize = std::tuple_size_v<typename Id::Bytes>;
  if (bytes.size() < kSize) {
    return defer<[](StaticText n, std::size_t size, std::size_t ends) {
      return fmt::format("a binary {} is {} bytes, this one ends after {}", n.text, size, ends);
    }>(ErrorCode::kTruncated, bytes.size(), name, kSize, bytes.size());
  }
  if (bytes.size() > kSize) {
    return defer<[](StaticText n, std::size_t size, std::size_t more) {
      return fmt::format("a binary {} is {} bytes, this one has {} more", n.text, size, more);
    }>(ErrorCode::kTrailingBytes, kSize, name, kSize, bytes.size() - kSize);
  }
  typename Id::Bytes b;
  std::memcpy(b.data(), bytes.data(), kSize);
  return Id(b);
}

// `consume(rest)` on the whole text, which must then be used up.
// Errors: consume's, kTrailingBytes at text_size.
template <class Consume>
auto decode_entire(std::string_view text, std::size_t text_size, StaticText name, Consume consume)
    -> decltype(consume(text)) {
  std::string_view rest = text;
  auto id = consume(rest);
  if (id && !rest.empty()) [[unlikely]] {
    id = defer<[](StaticText n, std::size_t size, std::size_t more) {
      return fmt::format("a {} is {} characters, this one has {} more", n.text, size, more);
    }>(ErrorCode::kTrailingBytes, text_size, name, text_size, rest.size());
  }
  return id;  // one named result, built in place
}

// One step of a generator: the next ID for the clock's reading, or, in
// monotonic mode when the clock has not passed the last ID's time, the last
// ID with its random part + 1. Traits supply:
//   Id, Random                     the ID and its random part (a byte array)
//   kRandomOffset                  where the random part starts in Id::Bytes (it runs to the end)
//   tick(unix_ms)                  the clock's reading in the format's unit
//   in_range(tick)                 whether the format holds that time
//   time_out_of_range(tick, what)  the error when it does not
//   tick_of(id)                    an ID's time
//   make(tick, random)             REQUIRES: in_range(tick)
//   exhausted(last)                the error when last's random part is all 0xFF
// Options are the generator's (monotonic, clock, random, observer), with
// clock and random set. REQUIRES: the caller holds the generator's lock.
template <class Traits, class Options>
Result<typename Traits::Id> next_id(const Options& options, bool& has_last,
                                    typename Traits::Id& last) {
  const std::int64_t now = Traits::tick(options.clock());
  if (!Traits::in_range(now)) return Traits::time_out_of_range(now, "the clock reads");

  typename Traits::Id id;
  if (options.monotonic && has_last && now <= Traits::tick_of(last)) {
    // Same tick, or the clock went back: stay on the last tick, random part
    // + 1, incremented in a copy of the last ID's bytes.
    typename Traits::Id::Bytes bytes = last.bytes();
    if (!increment_big_endian(bytes, Traits::kRandomOffset)) return Traits::exhausted(last);
    id = typename Traits::Id(bytes);
  } else {
    typename Traits::Random random;
    if (auto ok = options.random(random); !ok) return ok.error();
    id = Traits::make(now, random);
  }
  has_last = true;
  last = id;
  if (options.observer) options.observer(id);
  return id;
}

}  // namespace sortkey::internal

#endif  // SORTKEY_INTERNAL_ID_CODEC_H_
