#include "sortkey/padded.h"

#include <fmt/format.h>

#include <cstdint>

#include "src/internal/deferred_error.h"
#include "src/internal/text.h"

namespace sortkey {
namespace {

Result<void> check_width(int width) {
  if (width < kMinWidth || width > kMaxWidth) {
    return make_error(
        ErrorCode::kBadParameter, 0,
        fmt::format("width must be between {} and {}, got {}", kMinWidth, kMaxWidth, width));
  }
  return {};
}

}  // namespace

UInt128 padded_max(int width) { return pow10(width) - 1; }

Result<void> append_padded(std::string& out, UInt128 value, int width) {
  if (auto ok = check_width(width); !ok) return ok.error();
  if (value > padded_max(width)) {
    return make_error(ErrorCode::kOutOfRange, 0,
                      fmt::format("{} needs {} digits, more than the width {}", to_decimal(value),
                                  decimal_digits(value), width));
  }
  const std::size_t start = out.size();
  out.append(static_cast<std::size_t>(width), '0');
  std::size_t i = out.size();
  for (; i > start && value > UINT64_MAX; --i) {
    out[i - 1] = static_cast<char>('0' + static_cast<int>(value % 10));
    value /= 10;
  }
  // The rest in 64-bit arithmetic: a 128-bit division costs several times more.
  for (auto small = static_cast<std::uint64_t>(value); i > start && small != 0; --i) {
    out[i - 1] = static_cast<char>('0' + static_cast<int>(small % 10));
    small /= 10;
  }
  return {};
}

Result<std::string> encode_padded(UInt128 value, int width) {
  std::string key;
  if (auto ok = append_padded(key, value, width); !ok) return ok.error();
  return key;
}

Result<UInt128> consume_padded(std::string_view& in, int width) {
  if (auto ok = check_width(width); !ok) return ok.error();
  const auto w = static_cast<std::size_t>(width);
  UInt128 value = 0;
  for (std::size_t i = 0; i < w; ++i) {
    if (i == in.size()) {
      return internal::defer<[](int digits, std::size_t n) {
        return fmt::format("expected {} digits, the key ends after {}", digits, n);
      }>(ErrorCode::kTruncated, i, width, i);
    }
    if (!internal::is_digit(in[i])) {
      return internal::defer<[](char c) {
        return fmt::format("expected a digit, found {}", internal::quote_byte(c));
      }>(ErrorCode::kBadCharacter, i, in[i]);
    }
    value = value * 10 + static_cast<unsigned>(in[i] - '0');
  }
  in.remove_prefix(w);
  return value;
}

Result<UInt128> decode_padded(std::string_view key, int width) {
  std::string_view rest = key;
  auto value = consume_padded(rest, width);
  if (value && !rest.empty()) {
    return internal::defer<[](int digits, std::size_t more) {
      return fmt::format("expected exactly {} digits, the key has {} more bytes", digits, more);
    }>(ErrorCode::kTrailingBytes, key.size() - rest.size(), width, rest.size());
  }
  return value;
}

Result<Capacity> check_capacity(UInt128 value, int width, int warn_percent) {
  if (auto ok = check_width(width); !ok) return ok.error();
  if (warn_percent < 0 || warn_percent > 100) {
    return make_error(
        ErrorCode::kBadParameter, 0,
        fmt::format("the warning threshold must be a percentage from 0 to 100, got {}",
                    warn_percent));
  }
  const UInt128 max = padded_max(width);
  const auto p = static_cast<unsigned>(warn_percent);
  // floor(max * p / 100) without overflowing: max * 100 does not fit for width 38.
  const UInt128 limit = (max / 100) * p + (max % 100) * p / 100;
  Capacity c;
  c.digits_needed = decimal_digits(value);
  c.width = width;
  c.fraction_used = static_cast<double>(value) / static_cast<double>(max);
  c.fits = value <= max;
  c.warn = value > limit;  // value > max*p/100 iff value > floor(max*p/100), value integral
  return c;
}

}  // namespace sortkey
