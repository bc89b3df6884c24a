#include "sortkey/ksuid.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "internal/civil_time.h"
#include "internal/radix.h"
#include "internal/text.h"

namespace sortkey {
namespace {

// Floor division: -1 ms is in second -1, not 0.
std::int64_t floor_seconds(std::int64_t unix_ms) {
  return unix_ms >= 0 ? unix_ms / 1000 : -((-(unix_ms + 1)) / 1000) - 1;
}

Error time_out_of_range(std::int64_t unix_seconds, std::string_view what) {
  return make_error(
      ErrorCode::kOutOfRange, 0,
      fmt::format("{} unix time {} is outside the KSUID range {} ({}) .. {} ({})", what,
                  unix_seconds, kKsuidMinUnix, internal::format_utc(kKsuidMinUnix, -1),
                  kKsuidMaxUnix, internal::format_utc(kKsuidMaxUnix, -1)));
}

// payload += 1 as a 128-bit big-endian integer. Returns false, leaving the
// payload unchanged, when it is all 0xFF (it would wrap).
bool increment_payload(Ksuid::Payload& payload) {
  for (std::size_t i = payload.size(); i > 0; --i) {
    if (payload[i - 1] != 0xFF) {
      ++payload[i - 1];
      std::fill(payload.begin() + static_cast<std::ptrdiff_t>(i), payload.end(), 0);
      return true;
    }
  }
  return false;
}

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
  if (unix_seconds < kKsuidMinUnix || unix_seconds > kKsuidMaxUnix) {
    return time_out_of_range(unix_seconds, "the");
  }
  return Ksuid(static_cast<std::uint32_t>(unix_seconds - kKsuidEpoch), payload);
}

Result<Ksuid> ksuid_from_bytes(std::string_view bytes) {
  if (bytes.size() < kKsuidSize) {
    return make_error(ErrorCode::kTruncated, bytes.size(),
                      fmt::format("a binary KSUID is {} bytes, this one ends after {}", kKsuidSize,
                                  bytes.size()));
  }
  if (bytes.size() > kKsuidSize) {
    return make_error(ErrorCode::kTrailingBytes, kKsuidSize,
                      fmt::format("a binary KSUID is {} bytes, this one has {} more", kKsuidSize,
                                  bytes.size() - kKsuidSize));
  }
  Ksuid::Bytes b;
  std::memcpy(b.data(), bytes.data(), kKsuidSize);
  return Ksuid(b);
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

Result<Ksuid> consume_ksuid(std::string_view& in) {
  // Fast path: 27 characters comparing at most Max, whose digits the kernel
  // checks as it goes (no branch per byte).
  if (in.size() >= kKsuidTextSize && std::memcmp(in.data(), kKsuidMaxText.data(), kKsuidTextSize) <= 0) {
    Ksuid::Bytes b;
    if (internal::base62_decode_160(in.data(), b.data())) {
      in.remove_prefix(kKsuidTextSize);
      return Ksuid(b);
    }
  }
  // Slow path: find the first problem, byte by byte.
  const std::size_t n = std::min(in.size(), kKsuidTextSize);
  for (std::size_t i = 0; i < n; ++i) {
    if (internal::kBase62Value[static_cast<unsigned char>(in[i])] == internal::kNotADigit) {
      return make_error(ErrorCode::kBadCharacter, i,
                        fmt::format("{} is not a base-62 digit (0-9, A-Z, a-z; KSUIDs are "
                                    "case-sensitive)",
                                    internal::quote_byte(in[i])));
    }
  }
  if (n < kKsuidTextSize) {
    return make_error(ErrorCode::kTruncated, n,
                      fmt::format("a KSUID is {} characters, this one ends after {}",
                                  kKsuidTextSize, n));
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

Result<Ksuid> decode_ksuid(std::string_view text) {
  std::string_view rest = text;
  auto id = consume_ksuid(rest);
  if (id && !rest.empty()) {
    return make_error(ErrorCode::kTrailingBytes, kKsuidTextSize,
                      fmt::format("a KSUID is {} characters, this one has {} more",
                                  kKsuidTextSize, rest.size()));
  }
  return id;
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
  const std::int64_t now = floor_seconds(options_.clock());
  if (now < kKsuidMinUnix || now > kKsuidMaxUnix) return time_out_of_range(now, "the clock reads");
  const auto timestamp = static_cast<std::uint32_t>(now - kKsuidEpoch);

  Ksuid id;
  if (options_.monotonic && has_last_ && timestamp <= last_.timestamp()) {
    // Same second, or the clock went back: stay on the last second, payload + 1.
    Ksuid::Payload payload = last_.payload();
    if (!increment_payload(payload)) {
      return make_error(
          ErrorCode::kOverflow, 0,
          fmt::format("the monotonic KSUID payloads of second {} ({}) are exhausted: the last "
                      "one was all 0xFF; retry once the clock passes that second",
                      last_.unix_seconds(), ksuid_time_rfc3339(last_)));
    }
    id = Ksuid(last_.timestamp(), payload);
  } else {
    Ksuid::Payload payload;
    if (auto ok = options_.random(payload); !ok) return ok.error();
    id = Ksuid(timestamp, payload);
  }
  has_last_ = true;
  last_ = id;
  if (options_.observer) options_.observer(id);
  return id;
}

Result<Ksuid> new_ksuid() {
  Ksuid::Payload payload;
  if (auto ok = os_random_bytes(payload); !ok) return ok.error();
  const std::int64_t now = floor_seconds(system_clock_millis());
  return make_ksuid(now, payload);
}

}  // namespace sortkey
