#include "sortkey/epoch.h"

#include <fmt/format.h>

#include <limits>

#include "sortkey/padded.h"

namespace sortkey {

std::string_view to_string(EpochUnit unit) {
  switch (unit) {
    case EpochUnit::kSeconds:
      return "s";
    case EpochUnit::kMilliseconds:
      return "ms";
    case EpochUnit::kMicroseconds:
      return "us";
    case EpochUnit::kNanoseconds:
      return "ns";
  }
  return "?";
}

Result<EpochUnit> parse_epoch_unit(std::string_view text) {
  for (EpochUnit u : {EpochUnit::kSeconds, EpochUnit::kMilliseconds, EpochUnit::kMicroseconds,
                      EpochUnit::kNanoseconds}) {
    if (text == to_string(u)) return u;
  }
  return make_error(ErrorCode::kBadParameter, 0,
                    fmt::format("the epoch unit must be s, ms, us or ns, got \"{}\"", text));
}

int epoch_unit_digits(EpochUnit unit) {
  switch (unit) {
    case EpochUnit::kSeconds:
      return 0;
    case EpochUnit::kMilliseconds:
      return 3;
    case EpochUnit::kMicroseconds:
      return 6;
    case EpochUnit::kNanoseconds:
      return 9;
  }
  return 0;
}

Result<UInt128> epoch_count(Instant t, EpochUnit unit) {
  if (t.nanos > kMaxNanos) {
    return make_error(ErrorCode::kOutOfRange, 0,
                      fmt::format("nanos must be at most 999999999, got {}", t.nanos));
  }
  if (t.seconds < 0) {
    return make_error(
        ErrorCode::kOutOfRange, 0,
        fmt::format("Unix second {} is before 1970-01-01T00:00:00Z: epoch counts are never "
                    "negative (a minus sign does not sort); use the timestamp codec",
                    t.seconds));
  }
  const int k = epoch_unit_digits(unit);
  // seconds < 2^63 and 10^9 < 2^30: the count is below 2^93, no overflow.
  return static_cast<UInt128>(t.seconds) * pow10(k) +
         t.nanos / static_cast<std::uint32_t>(pow10(9 - k));
}

Result<Instant> epoch_instant(UInt128 count, EpochUnit unit) {
  const int k = epoch_unit_digits(unit);
  const UInt128 seconds = count / pow10(k);
  if (seconds > static_cast<UInt128>(std::numeric_limits<std::int64_t>::max())) {
    return make_error(
        ErrorCode::kOutOfRange, 0,
        fmt::format(
            "{} {} is {} seconds after 1970, more than a signed 64-bit count of seconds holds",
            to_decimal(count), to_string(unit), to_decimal(seconds)));
  }
  const auto nanos = static_cast<std::uint32_t>(count % pow10(k) * pow10(9 - k));
  return Instant{static_cast<std::int64_t>(seconds), nanos};
}

Result<void> append_epoch(std::string& out, Instant t, EpochUnit unit, int width) {
  if (width < kMinWidth || width > kMaxWidth) {
    return make_error(
        ErrorCode::kBadParameter, 0,
        fmt::format("width must be between {} and {}, got {}", kMinWidth, kMaxWidth, width));
  }
  auto count = epoch_count(t, unit);
  if (!count) return count.error();
  return append_padded(out, *count, width);
}

Result<std::string> encode_epoch(Instant t, EpochUnit unit, int width) {
  std::string key;
  if (auto ok = append_epoch(key, t, unit, width); !ok) return ok.error();
  return key;
}

Result<std::string> encode_epoch_count(UInt128 count, int width) {
  return encode_padded(count, width);
}

Result<UInt128> decode_epoch_count(std::string_view key, int width) {
  return decode_padded(key, width);
}

Result<Instant> decode_epoch(std::string_view key, EpochUnit unit, int width) {
  auto count = decode_padded(key, width);
  if (!count) return count.error_as<Instant>();
  return epoch_instant(*count, unit);
}

}  // namespace sortkey
