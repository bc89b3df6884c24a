#include "sortkey/ksuid.h"

#include <fmt/format.h>

#include <algorithm>

#include "src/internal/civil_time.h"
#include "src/internal/deferred_error.h"
#include "src/internal/id_codec.h"
#include "src/internal/radix.h"
#include "src/internal/text.h"

namespace sortkey {
namespace {

// Floor division: -1 ms is in second -1, not 0.
std::int64_t floor_seconds(std::int64_t unix_ms) {
  return unix_ms >= 0 ? unix_ms / 1000 : -((-(unix_ms + 1)) / 1000) - 1;
}

// The format's side of internal::next_id: time in seconds.
struct KsuidTraits {
  using Id = Ksuid;
  static constexpr std::size_t kRandomOffset = kKsuidSize - kKsuidPayloadSize;
  using Random = Ksuid::Payload;
  static std::int64_t tick(std::int64_t unix_ms) { return floor_seconds(unix_ms); }
  static bool in_range(std::int64_t unix_seconds) {
    return unix_seconds >= kKsuidMinUnix && unix_seconds <= kKsuidMaxUnix;
  }
  static Error time_out_of_range(std::int64_t unix_seconds, std::string_view what) {
    return make_error(
        ErrorCode::kOutOfRange, 0,
        fmt::format("{} unix time {} is outside the KSUID range {} ({}) .. {} ({})", what,
                    unix_seconds, kKsuidMinUnix, internal::format_utc(kKsuidMinUnix, -1),
                    kKsuidMaxUnix, internal::format_utc(kKsuidMaxUnix, -1)));
  }
  static std::int64_t tick_of(const Ksuid& id) { return id.unix_seconds(); }
  static Ksuid make(std::int64_t unix_seconds, const Random& payload) {
    return Ksuid(static_cast<std::uint32_t>(unix_seconds - kKsuidEpoch), payload);
  }
  static Error exhausted(const Ksuid& last) {
    return make_error(
        ErrorCode::kOverflow, 0,
        fmt::format("the monotonic KSUID payloads of second {} ({}) are exhausted: the last "
                    "one was all 0xFF; retry once the clock passes that second",
                    last.unix_seconds(), ksuid_time_rfc3339(last)));
  }
};

}  // namespace

Ksuid::Ksuid(std::uint32_t timestamp, const Payload& payload) {
  bytes_[0] = static_cast<std::uint8_t>(timestamp >> 24);
  bytes_[1] = static_cast<std::uint8_t>(timestamp >> 16);
  bytes_[2] = static_cast<std::uint8_t>(timestamp >> 8);
  bytes_[3] = static_cast<std::uint8_t>(timestamp);
  std::copy(payload.begin(), payload.end(), bytes_.begin() + 4);
}

Ksuid Ksuid::max() {
  Bytes b;
  b.fill(0xFF);
  return Ksuid(b);
}

std::uint32_t Ksuid::timestamp() const {
  return static_cast<std::uint32_t>(bytes_[0]) << 24 | static_cast<std::uint32_t>(bytes_[1]) << 16 |
         static_cast<std::uint32_t>(bytes_[2]) << 8 | static_cast<std::uint32_t>(bytes_[3]);
}

Ksuid::Payload Ksuid::payload() const {
  Payload p;
  std::copy(bytes_.begin() + 4, bytes_.end(), p.begin());
  return p;
}

Result<Ksuid> make_ksuid(std::int64_t unix_seconds, const Ksuid::Payload& payload) {
  if (!KsuidTraits::in_range(unix_seconds)) {
    return KsuidTraits::time_out_of_range(unix_seconds, "the");
  }
  return KsuidTraits::make(unix_seconds, payload);
}

Result<Ksuid> ksuid_from_bytes(std::string_view bytes) {
  return internal::id_from_bytes<Ksuid>(bytes, {"KSUID"});
}

void append_ksuid(std::string& out, const Ksuid& id) {
  char text[kKsuidTextSize];
  internal::base62_encode_160(id.bytes().data(), text);
  out.append(text, kKsuidTextSize);
}

std::string encode_ksuid(const Ksuid& id) {
  std::string out;
  append_ksuid(out, id);
  return out;
}

namespace {

// consume_ksuid's slow path, for what the fast path refused: finds the first
// problem, byte by byte. Kept out of line, so that the fast path inlines
// into decode_ksuid.
[[gnu::noinline]] Result<Ksuid> consume_slowly(std::string_view& in) {
  const std::size_t n = std::min(in.size(), kKsuidTextSize);
  for (std::size_t i = 0; i < n; ++i) {
    if (internal::kBase62Value[static_cast<unsigned char>(in[i])] == internal::kNotADigit) {
      return internal::defer<[](char c) {
        return fmt::format("{} is not a base-62 digit (0-9, A-Z, a-z; KSUIDs are case-sensitive)",
                           internal::quote_byte(c));
      }>(ErrorCode::kBadCharacter, i, in[i]);
    }
  }
  if (n < kKsuidTextSize) {
    return internal::defer<[](std::size_t ends) {
      return fmt::format("a KSUID is {} characters, this one ends after {}", kKsuidTextSize, ends);
    }>(ErrorCode::kTruncated, n, n);
  }
  // Equal lengths and an alphabet in ASCII order: the text compares as the
  // value does, so this is the exact test for a value above 2^160 - 1.
  const std::string_view text = in.substr(0, kKsuidTextSize);
  if (text > kKsuidMaxText) {
    std::size_t at = 0;
    while (text[at] == kKsuidMaxText[at]) ++at;
    return make_error(ErrorCode::kOutOfRange, at,
                      fmt::format("{} is above the largest KSUID {} (twenty 0xFF bytes)",
                                  internal::quote_text(text), kKsuidMaxText));
  }
  Ksuid::Bytes b;
  (void)internal::base62_decode_160(text.data(), b.data());  // every digit checked above
  in.remove_prefix(kKsuidTextSize);
  return Ksuid(b);
}

// Fast path: 27 digits of a value at most Max, both of which the kernel
// checks as it goes (no branch per byte).
Result<Ksuid> consume_quickly(std::string_view& in) {
  if (in.size() >= kKsuidTextSize) {
    Ksuid::Bytes b;
    if (internal::base62_decode_160(in.data(), b.data())) {
      in.remove_prefix(kKsuidTextSize);
      return Ksuid(b);
    }
  }
  return consume_slowly(in);
}

}  // namespace

Result<Ksuid> consume_ksuid(std::string_view& in) { return consume_quickly(in); }

Result<Ksuid> decode_ksuid(std::string_view text) {
  return internal::decode_entire(text, kKsuidTextSize, {"KSUID"}, consume_quickly);
}

std::string ksuid_time_rfc3339(const Ksuid& id) {
  return internal::format_utc(id.unix_seconds(), -1);
}

KsuidGenerator::KsuidGenerator() : KsuidGenerator(Options{}) {}

KsuidGenerator::KsuidGenerator(Options options) : options_(std::move(options)) {
  if (!options_.clock) options_.clock = system_clock_millis;
  if (!options_.random) options_.random = os_random_bytes;
}

Result<Ksuid> KsuidGenerator::next() {
  std::lock_guard<std::mutex> lock(mutex_);
  return internal::next_id<KsuidTraits>(options_, has_last_, last_);
}

Result<Ksuid> new_ksuid() {
  Ksuid::Payload payload;
  if (auto ok = os_random_bytes(payload); !ok) return ok.error();
  const std::int64_t now = floor_seconds(system_clock_millis());
  return make_ksuid(now, payload);
}

}  // namespace sortkey
