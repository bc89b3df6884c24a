#include "sortkey/ulid.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "sortkey/uint128.h"
#include "src/internal/civil_time.h"
#include "src/internal/deferred_error.h"
#include "src/internal/id_codec.h"
#include "src/internal/radix.h"
#include "src/internal/text.h"

namespace sortkey {
namespace {

using internal::kCrockfordValue;
using internal::kLowerCaseFlag;
using internal::kNotADigit;

Ulid from_parts(std::int64_t unix_ms, const Ulid::Entropy& entropy) {
  Ulid::Bytes b;
  const auto ms = static_cast<std::uint64_t>(unix_ms);
  for (int i = 0; i < 6; ++i)
    b[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(ms >> (40 - 8 * i));
  std::copy(entropy.begin(), entropy.end(), b.begin() + 6);
  return Ulid(b);
}

// The format's side of internal::next_id: time in milliseconds.
struct UlidTraits {
  using Id = Ulid;
  static constexpr std::size_t kRandomOffset = kUlidSize - kUlidEntropySize;
  using Random = Ulid::Entropy;
  static std::int64_t tick(std::int64_t unix_ms) { return unix_ms; }
  static bool in_range(std::int64_t unix_ms) { return unix_ms >= 0 && unix_ms <= kUlidMaxTime; }
  static Error time_out_of_range(std::int64_t unix_ms, std::string_view what) {
    return make_error(
        ErrorCode::kOutOfRange, 0,
        fmt::format("{} unix time {} ms is outside the ULID range 0 .. {} ({})", what, unix_ms,
                    kUlidMaxTime, internal::format_utc(kUlidMaxTime / 1000, kUlidMaxTime % 1000)));
  }
  static std::int64_t tick_of(const Ulid& id) { return id.unix_ms(); }
  static Ulid make(std::int64_t unix_ms, const Random& entropy) {
    return from_parts(unix_ms, entropy);
  }
  static Error exhausted(const Ulid& last) {
    return make_error(
        ErrorCode::kOverflow, 0,
        fmt::format("the monotonic ULID entropy of millisecond {} ({}) is exhausted: the last "
                    "one was all 0xFF; retry once the clock passes that millisecond",
                    last.unix_ms(), ulid_time_rfc3339(last)));
  }
};

std::string bad_character(char c) {
  const char upper = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  std::string hint;
  if (upper == 'I' || upper == 'L') hint = "; Crockford's alias for 1 is not accepted, write 1";
  if (upper == 'O') hint = "; Crockford's alias for 0 is not accepted, write 0";
  if (upper == 'U') hint = "; the alphabet leaves U out";
  return fmt::format("{} is not in the ULID alphabet 0123456789ABCDEFGHJKMNPQRSTVWXYZ{}",
                     internal::quote_byte(c), hint);
}

// consume's slow path, for what the fast path refused: finds the first
// problem, character by character. Kept out of line, so that the fast path
// inlines into its callers.
[[gnu::noinline]] Result<Ulid> consume_slowly(std::string_view& in, bool strict) {
  const std::size_t n = std::min(in.size(), kUlidTextSize);
  UInt128 value = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t d = kCrockfordValue[static_cast<unsigned char>(in[i])];
    if (d == kNotADigit) {
      return internal::defer<[](char c) { return bad_character(c); }>(ErrorCode::kBadCharacter, i,
                                                                      in[i]);
    }
    const std::uint8_t digit = d & 31;
    if (i == 0 && digit > 7) {
      return internal::defer<[](char c) {
        return fmt::format(
            "a ULID starts with 0..7, {} would need more than 128 bits (the largest ULID is {})",
            internal::quote_byte(c), kUlidMaxText);
      }>(ErrorCode::kOutOfRange, 0, in[0]);
    }
    if (strict && (d & kLowerCaseFlag) != 0) {
      return internal::defer<[](char c) {
        return fmt::format(
            "{} is lower case: ULID sort keys are upper case, since mixed case breaks byte order "
            "(decode_ulid accepts either case)",
            internal::quote_byte(c));
      }>(ErrorCode::kNonCanonical, i, in[i]);
    }
    value = value << 5 | digit;
  }
  if (n < kUlidTextSize) {
    return internal::defer<[](std::size_t ends) {
      return fmt::format("a ULID is {} characters, this one ends after {}", kUlidTextSize, ends);
    }>(ErrorCode::kTruncated, n, n);
  }
  Ulid::Bytes b;
  for (std::size_t i = 0; i < kUlidSize; ++i) {
    b[kUlidSize - 1 - i] = static_cast<std::uint8_t>(value >> (8 * i));
  }
  in.remove_prefix(kUlidTextSize);
  return Ulid(b);
}

// Both decoders: `strict` rejects lower case. On success `in` is advanced.
Result<Ulid> consume(std::string_view& in, bool strict) {
  // Fast path: 26 digits (upper case if strict) starting with 0..7, checked
  // without a branch per byte.
  if (in.size() >= kUlidTextSize && in[0] >= '0' && in[0] <= '7') {
    Ulid::Bytes b;
    if (internal::crockford_decode_128(in.data(), b.data(), strict)) {
      in.remove_prefix(kUlidTextSize);
      return Ulid(b);
    }
  }
  return consume_slowly(in, strict);
}

Result<Ulid> decode(std::string_view text, bool strict) {
  return internal::decode_entire(text, kUlidTextSize, {"ULID"},
                                 [strict](std::string_view& in) { return consume(in, strict); });
}

}  // namespace

Ulid Ulid::max() {
  Bytes b;
  b.fill(0xFF);
  return Ulid(b);
}

std::int64_t Ulid::unix_ms() const {
  std::uint64_t ms = 0;
  for (std::size_t i = 0; i < 6; ++i) ms = ms << 8 | bytes_[i];
  return static_cast<std::int64_t>(ms);
}

Ulid::Entropy Ulid::entropy() const {
  Entropy e;
  std::copy(bytes_.begin() + 6, bytes_.end(), e.begin());
  return e;
}

Result<Ulid> make_ulid(std::int64_t unix_ms, const Ulid::Entropy& entropy) {
  if (!UlidTraits::in_range(unix_ms)) return UlidTraits::time_out_of_range(unix_ms, "the");
  return from_parts(unix_ms, entropy);
}

Result<Ulid> ulid_from_bytes(std::string_view bytes) {
  return internal::id_from_bytes<Ulid>(bytes, {"ULID"});
}

void append_ulid(std::string& out, const Ulid& id) {
  char text[kUlidTextSize];
  internal::crockford_encode_128(id.bytes().data(), text);
  out.append(text, kUlidTextSize);
}

std::string encode_ulid(const Ulid& id) {
  std::string out;
  append_ulid(out, id);
  return out;
}

Result<Ulid> decode_ulid(std::string_view text) { return decode(text, false); }
Result<Ulid> decode_ulid_key(std::string_view key) { return decode(key, true); }
Result<Ulid> consume_ulid_key(std::string_view& in) { return consume(in, true); }

std::string ulid_time_rfc3339(const Ulid& id) {
  const std::int64_t ms = id.unix_ms();
  return internal::format_utc(ms / 1000, static_cast<int>(ms % 1000));
}

UlidGenerator::UlidGenerator() : UlidGenerator(Options{}) {}

UlidGenerator::UlidGenerator(Options options) : options_(std::move(options)) {
  if (!options_.clock) options_.clock = system_clock_millis;
  if (!options_.random) options_.random = os_random_bytes;
}

Result<Ulid> UlidGenerator::next() {
  std::lock_guard<std::mutex> lock(mutex_);
  return internal::next_id<UlidTraits>(options_, has_last_, last_);
}

Result<Ulid> new_ulid() {
  Ulid::Entropy entropy;
  if (auto ok = os_random_bytes(entropy); !ok) return ok.error();
  return make_ulid(system_clock_millis(), entropy);
}

}  // namespace sortkey
