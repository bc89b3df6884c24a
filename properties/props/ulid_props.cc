#include "properties/props/ulid_props.h"

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

constexpr std::int64_t kLastMs = 281474976710655LL;  // 2^48 - 1, restated for the oracle side

// ULIDs for the shared ID properties (props/id_format_props.h): a 6-byte
// count of milliseconds since the Unix epoch, then 10 bytes of entropy.
struct UlidFormat {
  using Id = Ulid;
  using Generator = UlidGenerator;
  using Tail = Ulid::Entropy;
  static constexpr std::size_t kTimeBytes = 6;
  static constexpr const char* kTypeName = "Ulid";
  static constexpr const char* kTailName = "entropy";
  static constexpr const char* kMakeName = "make_ulid";
  static constexpr const char* kTimeName = "unix_ms";
  static constexpr const char* kBaseName = "Crockford base 32";
  static constexpr const char* kPluralName = "ULIDs";
  static constexpr const char* kDecodeKeyName = "decode_ulid_key";
  static constexpr const char* kConsumeName = "consume_ulid_key";
  static constexpr const char* kFromBytesName = "ulid_from_bytes";
  static constexpr std::size_t kTextSize = kUlidTextSize;
  static constexpr std::array kDecoders{decode_ulid, decode_ulid_key};
  static Result<Id> decode_key(std::string_view text) { return decode_ulid_key(text); }
  static Result<Id> consume_key(std::string_view& in) { return consume_ulid_key(in); }
  static std::string consumed_wrong(std::size_t left, std::size_t size) {
    return fmt::format("consume_ulid_key left {} bytes of {}", left, size);
  }
  static Result<Id> from_bytes(std::string_view bytes) { return ulid_from_bytes(bytes); }
  static Result<Id> make(std::int64_t t, const Tail& tail) { return make_ulid(t, tail); }
  static std::int64_t time(const Id& id) { return id.unix_ms(); }
  // 26 Crockford base-32 digits by long division.
  static std::string oracle_text(const ByteVector& bytes) {
    return *oracle::to_base(bytes, oracle::kNaiveCrockford, 26);
  }
  static std::int64_t time_of(std::int64_t clock_ms) { return clock_ms; }
  static bool in_range(std::int64_t t) { return t >= 0 && t <= kLastMs; }
  static std::uint64_t stamp(std::int64_t t) { return static_cast<std::uint64_t>(t); }
  static Tail tail(const Id& id) { return id.entropy(); }
  static std::string encode(const Id& id) { return encode_ulid(id); }
  static std::string after(const Id& got, const Id& previous) {
    return fmt::format("{} came after {}", encode_ulid(got), encode_ulid(previous));
  }
};

ByteVector ulid_oracle_bytes(std::int64_t unix_ms, const ByteVector& entropy) {
  return id_internal::oracle_bytes<UlidFormat>(unix_ms, entropy);
}

// What the oracle says the case-insensitive decoder must do with `text`.
std::optional<ByteVector> ulid_oracle_decode(std::string_view text) {
  if (text.size() != 26) return std::nullopt;
  return oracle::from_base(oracle::ascii_upper(text), oracle::kNaiveCrockford, 16);
}

bool has_lower(std::string_view text) {
  for (char c : text) {
    if (c >= 'a' && c <= 'z') return true;
  }
  return false;
}

Result<std::string> encode_ulid_result(const Ulid& u) { return encode_ulid(u); }

constexpr std::string_view kAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

char upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

// ulid.h's contract for decode_ulid (strict = false) and decode_ulid_key,
// restated: character by character, a byte outside the alphabet in either
// case, a first digit above 7, and for the key decoder a lower-case letter;
// then a short text; then trailing bytes.
id_internal::DocumentedError documented_error(std::string_view text, bool strict) {
  const std::size_t n = std::min(text.size(), kUlidTextSize);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t digit = kAlphabet.find(upper(text[i]));
    if (digit == std::string_view::npos) return std::pair{ErrorCode::kBadCharacter, i};
    if (i == 0 && digit > 7) return std::pair{ErrorCode::kOutOfRange, std::size_t{0}};
    if (strict && text[i] >= 'a' && text[i] <= 'z') return std::pair{ErrorCode::kNonCanonical, i};
  }
  if (n < kUlidTextSize) return std::pair{ErrorCode::kTruncated, n};
  if (text.size() > n) return std::pair{ErrorCode::kTrailingBytes, n};
  return std::nullopt;
}

}  // namespace

Outcome ulid_round_trip(const Ulid::Bytes& bytes) {
  return id_internal::round_trip<UlidFormat>(bytes);
}

Outcome ulid_matches_oracle(const Ulid::Bytes& bytes) {
  return id_internal::matches_oracle<UlidFormat>(bytes);
}

Outcome ulid_order(const Ulid::Bytes& a, const Ulid::Bytes& b) {
  return id_internal::order<UlidFormat>(a, b);
}

Outcome ulid_rejects_malformed(const Ulid::Bytes& bytes, char extra, std::size_t position) {
  const std::string key = encode_ulid(Ulid(bytes));
  for (auto decode : {decode_ulid, decode_ulid_key}) {
    if (Outcome o = rejects_truncated_and_extended(key, decode, std::string_view(&extra, 1));
        !o.ok())
      return o;
  }
  const std::string upper = oracle::ascii_upper(std::string_view(&extra, 1));
  if (oracle::kNaiveCrockford.find(upper[0]) != std::string_view::npos) return Outcome::holds();
  std::string changed = key;
  changed[position % changed.size()] = extra;
  for (auto decode : {decode_ulid, decode_ulid_key}) {
    if (auto u = decode(changed)) {
      return Outcome::fails(fmt::format("{} holds a byte outside the alphabet, yet decoded to {}",
                                        show_key(changed), hex(vec(*u))));
    }
  }
  return Outcome::holds();
}

Outcome ulid_total_decode(std::string_view bytes) {
  if (Outcome o = decode_is_total_and_canonical(bytes, decode_ulid_key, encode_ulid_result);
      !o.ok())
    return o;
  auto lenient = decode_ulid(bytes);
  if (!lenient && lenient.error().offset > bytes.size()) {
    return Outcome::fails(fmt::format("decode_ulid {} failed with offset {} past its end",
                                      show_key(bytes), lenient.error().offset));
  }
  const auto want = ulid_oracle_decode(bytes);
  if (lenient.has_value() != want.has_value()) {
    return Outcome::fails(fmt::format("decode_ulid {} {}, the oracle {} it", show_key(bytes),
                                      lenient ? "accepts" : "rejects",
                                      want ? "accepts" : "rejects"));
  }
  if (lenient && vec(*lenient) != *want)
    return Outcome::fails(fmt::format("decode_ulid {} gives {}, the oracle reads {}",
                                      show_key(bytes), hex(vec(*lenient)), hex(*want)));
  const bool strict_ok = decode_ulid_key(bytes).has_value();
  if (strict_ok != (want.has_value() && !has_lower(bytes))) {
    return Outcome::fails(fmt::format("decode_ulid_key {} {}, but the oracle {} it{}",
                                      show_key(bytes), strict_ok ? "accepts" : "rejects",
                                      want ? "accepts" : "rejects",
                                      has_lower(bytes) ? " and it holds lower case" : ""));
  }
  return Outcome::holds();
}

Outcome ulid_never_wraps(std::string_view text) {
  if (text.size() != 26) return Outcome::discard("not 26 characters");
  const auto want = oracle::from_base(oracle::ascii_upper(text), oracle::kNaiveCrockford, 16);
  for (auto decode : {decode_ulid, decode_ulid_key}) {
    auto got = decode(text);
    if (!want) {
      if (got)
        return Outcome::fails(fmt::format("{} is above 2^128 - 1, yet decoded to {}: it wrapped",
                                          show_key(text), hex(vec(*got))));
      continue;
    }
    if (!got) {
      if (got.error().code == ErrorCode::kNonCanonical && has_lower(text)) continue;
      return Outcome::fails(fmt::format("{} is below 2^128, yet decode failed: {}", show_key(text),
                                        describe(got.error())));
    }
    if (vec(*got) != *want)
      return Outcome::fails(fmt::format("{} decodes to {}, the oracle reads {}", show_key(text),
                                        hex(vec(*got)), hex(*want)));
  }
  return Outcome::holds();
}

Outcome ulid_case_insensitive(const Ulid::Bytes& bytes, std::uint32_t mask) {
  const std::string key = encode_ulid(Ulid(bytes));
  std::string mixed = key;
  std::optional<std::size_t> first_lower;
  for (std::size_t i = 0; i < mixed.size(); ++i) {
    if ((mask >> (i % 32) & 1) != 0 && mixed[i] >= 'A' && mixed[i] <= 'Z') {
      mixed[i] = static_cast<char>(mixed[i] - 'A' + 'a');
      if (!first_lower) first_lower = i;
    }
  }
  auto lenient = decode_ulid(mixed);
  if (!lenient)
    return Outcome::fails(fmt::format("decode_ulid rejects {}, the key {} in mixed case: {}",
                                      show_key(mixed), show_key(key), describe(lenient.error())));
  if (vec(*lenient) != vec(bytes))
    return Outcome::fails(fmt::format("decode_ulid reads {} as {}, not {}", show_key(mixed),
                                      hex(vec(*lenient)), hex(vec(bytes))));
  auto strict = decode_ulid_key(mixed);
  if (!first_lower) {
    if (!strict)
      return Outcome::fails(fmt::format("decode_ulid_key rejects the upper-case key {}: {}",
                                        show_key(mixed), describe(strict.error())));
    return Outcome::holds();
  }
  if (strict)
    return Outcome::fails(
        fmt::format("decode_ulid_key accepts {}, which holds lower case: two keys for one ULID",
                    show_key(mixed)));
  if (strict.error().code != ErrorCode::kNonCanonical || strict.error().offset != *first_lower) {
    return Outcome::fails(
        fmt::format("decode_ulid_key {}: expected non-canonical at byte {}, got {}",
                    show_key(mixed), *first_lower, describe(strict.error())));
  }
  return Outcome::holds();
}

Outcome ulid_documented_errors(std::string_view text, const Result<Ulid>& got, bool strict) {
  return id_internal::expect_result(got, documented_error(text, strict),
                                    strict ? "decode_ulid_key" : "decode_ulid");
}

Outcome ulid_decoders_agree(std::string_view text, const Result<Ulid>& lenient) {
  std::string up(text);
  for (char& c : up) c = upper(c);
  auto from_upper = decode_ulid_key(up);
  if (lenient.has_value() != from_upper.has_value() || (lenient && *lenient != *from_upper)) {
    return Outcome::fails(fmt::format(
        "decode_ulid {} the text, decode_ulid_key {} its upper case {}",
        lenient ? "accepts" : "rejects", from_upper ? "reads" : "rejects", show_key(up)));
  }
  return Outcome::holds();
}

Outcome ulid_consume(std::string_view text, const Result<Ulid>& strict) {
  return id_internal::consume<UlidFormat>(text, strict);
}

Outcome ulid_binary_form(std::string_view bytes) {
  return id_internal::binary_form<UlidFormat>(bytes);
}

Outcome ulid_time_range(std::int64_t unix_ms, const Ulid::Entropy& entropy) {
  auto u = make_ulid(unix_ms, entropy);
  if (unix_ms < 0 || unix_ms > kLastMs) {
    if (u)
      return Outcome::fails(
          fmt::format("unix time {} ms is outside the ULID range, yet make_ulid gave {}", unix_ms,
                      encode_ulid(*u)));
    if (u.error().code != ErrorCode::kOutOfRange)
      return Outcome::fails(fmt::format("unix time {} ms: expected out of range, got {}", unix_ms,
                                        describe(u.error())));
    return Outcome::holds();
  }
  if (!u)
    return Outcome::fails(fmt::format("unix time {} ms is in range, yet make_ulid failed: {}",
                                      unix_ms, describe(u.error())));
  if (vec(*u) != ulid_oracle_bytes(unix_ms, vec(entropy))) {
    return Outcome::fails(fmt::format("make_ulid({}, {}) gives {}, expected {}", unix_ms,
                                      hex(vec(entropy)), hex(vec(*u)),
                                      hex(ulid_oracle_bytes(unix_ms, vec(entropy)))));
  }
  if (u->unix_ms() != unix_ms || u->entropy() != entropy) {
    return Outcome::fails(fmt::format("make_ulid({}, {}) reads back as ({}, {})", unix_ms,
                                      hex(vec(entropy)), u->unix_ms(), hex(vec(u->entropy()))));
  }
  const std::string want = oracle::utc_text(unix_ms / 1000, static_cast<int>(unix_ms % 1000));
  const std::string got = ulid_time_rfc3339(*u);
  if (got != want)
    return Outcome::fails(
        fmt::format("unix time {} ms is shown as {}, the calendar says {}", unix_ms, got, want));
  return Outcome::holds();
}

Outcome ulid_generator_model(bool monotonic, const std::vector<std::int64_t>& clock_ms,
                             const std::vector<Ulid::Entropy>& randoms) {
  return id_internal::generator_model<UlidFormat>(monotonic, clock_ms, randoms);
}

Outcome ulid_monotonic_order(const std::vector<std::int64_t>& clock_ms,
                             const std::vector<Ulid::Entropy>& randoms) {
  return id_internal::monotonic_order<UlidFormat>(clock_ms, randoms);
}

Outcome ulid_monotonic_threads(int threads, int per_thread, int calls_per_ms, int back_ms,
                               std::uint64_t seed) {
  return id_internal::monotonic_threads<UlidFormat>(threads, per_thread, calls_per_ms, back_ms,
                                                    seed);
}

}  // namespace sortkey::props
