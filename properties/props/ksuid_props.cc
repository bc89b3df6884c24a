#include "properties/props/ksuid_props.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "oracles/naive_base.h"
#include "properties/props/common.h"
#include "properties/props/id_format_props.h"

namespace sortkey::props {
namespace {

using id_internal::hex;
using id_internal::vec;
using oracle::ByteVector;

constexpr std::int64_t kEpoch = 1400000000;  // the KSUID epoch, restated for the oracle side
constexpr std::int64_t kLast = kEpoch + 4294967295LL;

std::int64_t floor_div_1000(std::int64_t ms) {
  std::int64_t q = ms / 1000;
  if (ms % 1000 < 0) --q;
  return q;
}

// KSUIDs for the shared ID properties (props/id_format_props.h): a 4-byte
// count of seconds since kEpoch, then a 16-byte payload.
struct KsuidFormat {
  using Id = Ksuid;
  using Generator = KsuidGenerator;
  using Tail = Ksuid::Payload;
  static constexpr std::size_t kTimeBytes = 4;
  static constexpr const char* kTypeName = "Ksuid";
  static constexpr const char* kTailName = "payload";
  static constexpr const char* kMakeName = "make_ksuid";
  static constexpr const char* kTimeName = "unix_seconds";
  static constexpr const char* kBaseName = "base 62";
  static constexpr const char* kPluralName = "KSUIDs";
  static constexpr const char* kDecodeKeyName = "decode_ksuid";
  static constexpr const char* kConsumeName = "consume_ksuid";
  static constexpr const char* kFromBytesName = "ksuid_from_bytes";
  static constexpr std::size_t kTextSize = kKsuidTextSize;
  static constexpr std::array kDecoders{decode_ksuid};
  static Result<Id> decode_key(std::string_view text) { return decode_ksuid(text); }
  static Result<Id> consume_key(std::string_view& in) { return consume_ksuid(in); }
  static std::string consumed_wrong(std::size_t left, std::size_t size) {
    return fmt::format("consume_ksuid left {} bytes of {}, not {}", left, size, size - kTextSize);
  }
  static Result<Id> from_bytes(std::string_view bytes) { return ksuid_from_bytes(bytes); }
  static Result<Id> make(std::int64_t t, const Tail& tail) { return make_ksuid(t, tail); }
  static std::int64_t time(const Id& id) { return id.unix_seconds(); }
  // 27 base-62 digits by long division.
  static std::string oracle_text(const ByteVector& bytes) {
    return *oracle::to_base(bytes, oracle::kNaiveBase62, 27);
  }
  static std::int64_t time_of(std::int64_t clock_ms) { return floor_div_1000(clock_ms); }
  static bool in_range(std::int64_t t) { return t >= kEpoch && t <= kLast; }
  static std::uint64_t stamp(std::int64_t t) { return static_cast<std::uint64_t>(t - kEpoch); }
  static Tail tail(const Id& id) { return id.payload(); }
  static std::string encode(const Id& id) { return encode_ksuid(id); }
  static std::string after(const Id& got, const Id& previous) {
    return fmt::format("{} came after {} ({} after {})", encode_ksuid(got), encode_ksuid(previous),
                       hex(vec(got)), hex(vec(previous)));
  }
};

ByteVector ksuid_oracle_bytes(std::int64_t unix_seconds, const ByteVector& payload) {
  return id_internal::oracle_bytes<KsuidFormat>(unix_seconds, payload);
}

// What the oracle says decode must do with `text`: the 20 bytes, or nothing.
std::optional<ByteVector> ksuid_oracle_decode(std::string_view text) {
  if (text.size() != 27) return std::nullopt;
  return oracle::from_base(text, oracle::kNaiveBase62, 20);
}

Result<std::string> encode_ksuid_result(const Ksuid& k) { return encode_ksuid(k); }

bool is_base62(char c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

// ksuid.h's decode_ksuid contract, restated: the first byte outside the
// alphabet, then a short text, then a value above Max (at the first digit
// past Max's), then trailing bytes.
id_internal::DocumentedError documented_error(std::string_view text) {
  const std::size_t n = std::min(text.size(), kKsuidTextSize);
  for (std::size_t i = 0; i < n; ++i) {
    if (!is_base62(text[i])) return std::pair{ErrorCode::kBadCharacter, i};
  }
  if (n < kKsuidTextSize) return std::pair{ErrorCode::kTruncated, n};
  const std::string_view digits = text.substr(0, n);
  if (digits > kKsuidMaxText) {
    std::size_t at = 0;
    while (digits[at] == kKsuidMaxText[at]) ++at;
    return std::pair{ErrorCode::kOutOfRange, at};
  }
  if (text.size() > n) return std::pair{ErrorCode::kTrailingBytes, n};
  return std::nullopt;
}

}  // namespace

Outcome ksuid_round_trip(const Ksuid::Bytes& bytes) {
  return id_internal::round_trip<KsuidFormat>(bytes);
}

Outcome ksuid_matches_oracle(const Ksuid::Bytes& bytes) {
  return id_internal::matches_oracle<KsuidFormat>(bytes);
}

Outcome ksuid_order(const Ksuid::Bytes& a, const Ksuid::Bytes& b) {
  return id_internal::order<KsuidFormat>(a, b);
}

Outcome ksuid_rejects_malformed(const Ksuid::Bytes& bytes, char extra, std::size_t position) {
  const std::string key = encode_ksuid(Ksuid(bytes));
  if (Outcome o = rejects_truncated_and_extended(key, decode_ksuid, std::string_view(&extra, 1));
      !o.ok())
    return o;
  if (oracle::kNaiveBase62.find(extra) != std::string_view::npos) return Outcome::holds();
  std::string changed = key;
  changed[position % changed.size()] = extra;
  if (auto k = decode_ksuid(changed)) {
    return Outcome::fails(fmt::format("{} holds a byte outside the alphabet, yet decoded to {}",
                                      show_key(changed), hex(vec(*k))));
  }
  return Outcome::holds();
}

Outcome ksuid_total_decode(std::string_view bytes) {
  if (Outcome o = decode_is_total_and_canonical(bytes, decode_ksuid, encode_ksuid_result); !o.ok())
    return o;
  const auto want = ksuid_oracle_decode(bytes);
  auto got = decode_ksuid(bytes);
  if (got.has_value() != want.has_value()) {
    return Outcome::fails(fmt::format("decode {} {}, the oracle {} it", show_key(bytes),
                                      got ? "accepts" : "rejects", want ? "accepts" : "rejects"));
  }
  if (got && vec(*got) != *want)
    return Outcome::fails(fmt::format("{} decodes to {}, the oracle reads {}", show_key(bytes),
                                      hex(vec(*got)), hex(*want)));
  return Outcome::holds();
}

Outcome ksuid_never_wraps(std::string_view text) {
  if (text.size() != 27) return Outcome::discard("not 27 characters");
  const auto want = oracle::from_base(text, oracle::kNaiveBase62, 20);
  auto got = decode_ksuid(text);
  if (!want) {
    if (got)
      return Outcome::fails(
          fmt::format("{} is above Max (2^160 - 1), yet decoded to {}: it wrapped", show_key(text),
                      hex(vec(*got))));
    if (got.error().code != ErrorCode::kOutOfRange &&
        got.error().code != ErrorCode::kBadCharacter) {
      return Outcome::fails(fmt::format("{} is above Max: expected out of range, got {}",
                                        show_key(text), describe(got.error())));
    }
    return Outcome::holds();
  }
  if (!got)
    return Outcome::fails(fmt::format("{} is at most Max, yet decode failed: {}", show_key(text),
                                      describe(got.error())));
  if (vec(*got) != *want)
    return Outcome::fails(fmt::format("{} decodes to {}, the oracle reads {}", show_key(text),
                                      hex(vec(*got)), hex(*want)));
  return Outcome::holds();
}

Outcome ksuid_documented_errors(std::string_view text, const Result<Ksuid>& decoded) {
  return id_internal::expect_result(decoded, documented_error(text), "decode_ksuid");
}

Outcome ksuid_consume(std::string_view text, const Result<Ksuid>& decoded) {
  return id_internal::consume<KsuidFormat>(text, decoded);
}

Outcome ksuid_binary_form(std::string_view bytes) {
  return id_internal::binary_form<KsuidFormat>(bytes);
}

Outcome ksuid_time_range(std::int64_t unix_seconds, const Ksuid::Payload& payload) {
  auto k = make_ksuid(unix_seconds, payload);
  const bool in_range = unix_seconds >= kEpoch && unix_seconds <= kLast;
  if (!in_range) {
    if (k)
      return Outcome::fails(
          fmt::format("unix time {} is outside the KSUID range, yet make_ksuid gave {} (timestamp "
                      "{}): it wrapped",
                      unix_seconds, encode_ksuid(*k), k->timestamp()));
    if (k.error().code != ErrorCode::kOutOfRange)
      return Outcome::fails(fmt::format("unix time {}: expected out of range, got {}", unix_seconds,
                                        describe(k.error())));
    return Outcome::holds();
  }
  if (!k)
    return Outcome::fails(fmt::format("unix time {} is in range, yet make_ksuid failed: {}",
                                      unix_seconds, describe(k.error())));
  if (vec(*k) != ksuid_oracle_bytes(unix_seconds, vec(payload))) {
    return Outcome::fails(fmt::format("make_ksuid({}, {}) gives bytes {}, expected {}",
                                      unix_seconds, hex(vec(payload)), hex(vec(*k)),
                                      hex(ksuid_oracle_bytes(unix_seconds, vec(payload)))));
  }
  if (k->unix_seconds() != unix_seconds || k->payload() != payload) {
    return Outcome::fails(fmt::format("make_ksuid({}, {}) reads back as ({}, {})", unix_seconds,
                                      hex(vec(payload)), k->unix_seconds(),
                                      hex(vec(k->payload()))));
  }
  const std::string want = oracle::utc_text(unix_seconds, -1);
  const std::string got = ksuid_time_rfc3339(*k);
  if (got != want)
    return Outcome::fails(
        fmt::format("unix time {} is shown as {}, the calendar says {}", unix_seconds, got, want));
  return Outcome::holds();
}

Outcome ksuid_generator_model(bool monotonic, const std::vector<std::int64_t>& clock_ms,
                              const std::vector<Ksuid::Payload>& randoms) {
  return id_internal::generator_model<KsuidFormat>(monotonic, clock_ms, randoms);
}

Outcome ksuid_monotonic_order(const std::vector<std::int64_t>& clock_ms,
                              const std::vector<Ksuid::Payload>& randoms) {
  return id_internal::monotonic_order<KsuidFormat>(clock_ms, randoms);
}

Outcome ksuid_monotonic_threads(int threads, int per_thread, int calls_per_ms, int back_ms,
                                std::uint64_t seed) {
  return id_internal::monotonic_threads<KsuidFormat>(threads, per_thread, calls_per_ms, back_ms,
                                                     seed);
}

}  // namespace sortkey::props
