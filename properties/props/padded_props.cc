#include "properties/props/padded_props.h"

#include <fmt/format.h>

#include <optional>
#include <string>

#include "oracles/naive_integer.h"
#include "properties/props/common.h"
#include "sortkey/inverse.h"
#include "sortkey/padded.h"

namespace sortkey::props {
namespace {

// What the oracle says about v and a width.
bool fits(UInt128 v, int width) {
  return oracle::decimal(v).size() <= static_cast<std::size_t>(width);
}

std::string d(UInt128 v) { return oracle::decimal(v); }

using EncodeFn = Result<std::string> (*)(UInt128, int);
using DecodeFn = Result<UInt128> (*)(std::string_view, int);

Outcome round_trip(const char* codec, EncodeFn encode, DecodeFn decode, UInt128 v, int width) {
  if (!fits(v, width)) return Outcome::discard("value wider than the width");
  auto key = encode(v, width);
  if (!key)
    return Outcome::fails(
        fmt::format("{}({}, width {}) failed: {}", codec, d(v), width, describe(key.error())));
  auto back = decode(*key, width);
  if (!back)
    return Outcome::fails(fmt::format("key {} of {} does not decode: {}", show_key(*key), d(v),
                                      describe(back.error())));
  if (*back != v)
    return Outcome::fails(fmt::format("{} -> {} -> {}", d(v), show_key(*key), d(*back)));
  return Outcome::holds();
}

Outcome fixed_width(const char* codec, EncodeFn encode, UInt128 v, int width) {
  if (!fits(v, width)) return Outcome::discard("value wider than the width");
  auto key = encode(v, width);
  if (!key)
    return Outcome::fails(
        fmt::format("{}({}, width {}) failed: {}", codec, d(v), width, describe(key.error())));
  if (key->size() != static_cast<std::size_t>(width)) {
    return Outcome::fails(fmt::format("key {} of {} has {} bytes, not the width {}", show_key(*key),
                                      d(v), key->size(), width));
  }
  for (char c : *key) {
    if (c < '0' || c > '9')
      return Outcome::fails(fmt::format("key {} of {} holds a non-digit", show_key(*key), d(v)));
  }
  return Outcome::holds();
}

Outcome overflow(const char* codec, EncodeFn encode, UInt128 v, int width) {
  auto key = encode(v, width);
  if (fits(v, width)) {
    if (!key)
      return Outcome::fails(fmt::format("{} fits width {} but {} failed: {}", d(v), width, codec,
                                        describe(key.error())));
    return Outcome::holds();
  }
  if (key)
    return Outcome::fails(fmt::format("{} needs {} digits, yet width {} gave the key {}", d(v),
                                      d(v).size(), width, show_key(*key)));
  if (key.error().code != ErrorCode::kOutOfRange) {
    return Outcome::fails(fmt::format("{} at width {}: expected an out-of-range error, got {}",
                                      d(v), width, describe(key.error())));
  }
  return Outcome::holds();
}

Outcome rejects_malformed(EncodeFn encode, DecodeFn decode, UInt128 v, int width, char extra,
                          std::size_t position) {
  if (!fits(v, width)) return Outcome::discard("value wider than the width");
  auto encoded = encode(v, width);
  if (!encoded)
    return Outcome::fails(fmt::format("{} fits width {} but encoding failed: {}", d(v), width,
                                      describe(encoded.error())));
  const std::string& key = *encoded;
  auto dec = [&](std::string_view k) { return decode(k, width); };
  if (Outcome o = rejects_truncated_and_extended(key, dec, std::string_view(&extra, 1)); !o.ok())
    return o;
  if (extra >= '0' && extra <= '9') return Outcome::holds();
  std::string changed = key;
  changed[position % changed.size()] = extra;
  if (dec(changed))
    return Outcome::fails(fmt::format("the key {} with a non-digit decoded", show_key(changed)));
  return Outcome::holds();
}

Outcome total_decode(EncodeFn encode, DecodeFn decode, std::string_view bytes, int width) {
  return decode_is_total_and_canonical(
      bytes, [&](std::string_view k) { return decode(k, width); },
      [&](UInt128 v) { return encode(v, width); });
}

}  // namespace

Outcome padded_round_trip(UInt128 v, int width) {
  return round_trip("encode_padded", encode_padded, decode_padded, v, width);
}

namespace {

// The keys of `a` and `b` by `encode` into `ka` and `kb`, or the outcome
// that ends the property (a value too wide, an encoding that failed).
template <class Encode>
std::optional<Outcome> encode_both(Encode encode, UInt128 a, UInt128 b, int width, std::string& ka,
                                   std::string& kb) {
  if (!fits(a, width) || !fits(b, width)) return Outcome::discard("value wider than the width");
  auto ea = encode(a, width);
  auto eb = encode(b, width);
  if (!ea || !eb) {
    return Outcome::fails(
        fmt::format("{} and {} fit width {} but encoding failed", d(a), d(b), width));
  }
  ka = *ea;
  kb = *eb;
  return std::nullopt;
}

}  // namespace

Outcome padded_order(UInt128 a, UInt128 b, int width) {
  std::string ka, kb;
  if (auto stop = encode_both(encode_padded, a, b, width, ka, kb)) return *stop;
  const int want = oracle::compare_digits(d(a), d(b));
  const int got = key_order(ka, kb);
  if (want != got) {
    return Outcome::fails(fmt::format("{} {} {} but keys {} {} {}", d(a), order_word(want), d(b),
                                      show_key(ka), order_word(got), show_key(kb)));
  }
  return Outcome::holds();
}

Outcome padded_fixed_width(UInt128 v, int width) {
  return fixed_width("encode_padded", encode_padded, v, width);
}
Outcome padded_overflow(UInt128 v, int width) {
  return overflow("encode_padded", encode_padded, v, width);
}
Outcome padded_rejects_malformed(UInt128 v, int width, char extra, std::size_t position) {
  return rejects_malformed(encode_padded, decode_padded, v, width, extra, position);
}
Outcome padded_total_decode(std::string_view bytes, int width) {
  return total_decode(encode_padded, decode_padded, bytes, width);
}

Outcome padded_capacity_warning(UInt128 v, int width, int percent) {
  if (!fits(v, width)) return Outcome::discard("value wider than the width");
  auto c = check_capacity(v, width, percent);
  if (!c)
    return Outcome::fails(fmt::format("check_capacity({}, {}, {}%) failed: {}", d(v), width,
                                      percent, describe(c.error())));
  // v * 100 > percent * (10^width - 1), long-hand.
  const bool want =
      oracle::compare_digits(
          oracle::multiply_digits(d(v), 100),
          oracle::multiply_digits(oracle::all_nines(width), static_cast<unsigned>(percent))) > 0;
  if (c->warn != want) {
    return Outcome::fails(fmt::format("{} at width {} with threshold {}%: warn is {}, expected {}",
                                      d(v), width, percent, c->warn, want));
  }
  if (!c->fits || c->digits_needed != static_cast<int>(d(v).size())) {
    return Outcome::fails(fmt::format("{} at width {}: capacity reports fits={} digits={}", d(v),
                                      width, c->fits, c->digits_needed));
  }
  return Outcome::holds();
}

Outcome inverse_round_trip(UInt128 v, int width) {
  return round_trip("encode_inverse", encode_inverse, decode_inverse, v, width);
}

Outcome inverse_reverses_order(UInt128 a, UInt128 b, int width) {
  std::string ka, kb;
  if (auto stop = encode_both(encode_inverse, a, b, width, ka, kb)) return *stop;
  const int want = -oracle::compare_digits(d(a), d(b));
  const int got = key_order(ka, kb);
  if (want != got) {
    return Outcome::fails(fmt::format("{} vs {}: inverse keys {} {} {}, expected {}", d(a), d(b),
                                      show_key(ka), order_word(got), show_key(kb),
                                      order_word(want)));
  }
  return Outcome::holds();
}

Outcome inverse_fixed_width(UInt128 v, int width) {
  return fixed_width("encode_inverse", encode_inverse, v, width);
}
Outcome inverse_overflow(UInt128 v, int width) {
  return overflow("encode_inverse", encode_inverse, v, width);
}
Outcome inverse_rejects_malformed(UInt128 v, int width, char extra, std::size_t position) {
  return rejects_malformed(encode_inverse, decode_inverse, v, width, extra, position);
}
Outcome inverse_total_decode(std::string_view bytes, int width) {
  return total_decode(encode_inverse, decode_inverse, bytes, width);
}

Outcome inverse_is_complement(UInt128 v, int width) {
  if (!fits(v, width)) return Outcome::discard("value wider than the width");
  auto encoded = encode_inverse(v, width);
  if (!encoded)
    return Outcome::fails(fmt::format("{} fits width {} but encode_inverse failed: {}", d(v), width,
                                      describe(encoded.error())));
  const std::string& key = *encoded;
  const std::string want = oracle::nines_complement(oracle::left_pad(d(v), width));
  if (key != want) {
    return Outcome::fails(
        fmt::format("inverse key of {} at width {} is {}, expected the nines' complement {}", d(v),
                    width, show_key(key), show_key(want)));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
