// The KSUID codec's and generator's entries in the property catalog.

#include <fmt/format.h>

#include "properties/catalog.h"
#include "properties/gen/bytes_gen.h"
#include "properties/gen/id_gen.h"
#include "properties/id_catalog.h"
#include "properties/props/ksuid_props.h"
#include "sortkey/ksuid.h"

namespace sortkey::props {
namespace {

// Clock scripts that start at either end of the KSUID range or in between.
rc::Gen<ClockScript> gen_ksuid_clock() {
  const std::int64_t lo = kKsuidMinUnix * 1000, hi = kKsuidMaxUnix * 1000 + 999;
  return rc::gen::mapcat(
      rc::gen::weightedOneOf<std::int64_t>({
          {1, rc::gen::elementOf(std::vector<std::int64_t>{lo, lo + 999, hi - 999, hi})},
          {2, rc::gen::inRange<std::int64_t>(lo, hi + 1)},
      }),
      [lo, hi](std::int64_t start) { return gen_clock_script(start, lo, hi); });
}

rc::Gen<std::vector<KsuidPayload>> gen_ksuid_payloads() {
  return rc::gen::resize(10, rc::gen::container<std::vector<KsuidPayload>>(gen_ksuid_payload()));
}

// A KSUID-shaped string, mutated: the total-decode input.
rc::Gen<std::string> gen_ksuid_candidate() {
  return gen_mutated(rc::gen::map(
      gen_ksuid_bytes(), [](const KsuidBytes& b) { return encode_ksuid(Ksuid(b.bytes)); }));
}

}  // namespace

void add_ksuid_properties(Catalog& c) {
  c.add("ksuid", "round_trip",
        "decode(encode(k)) == k through the text, the 20 bytes and (unix seconds, payload)", [] {
          const KsuidBytes k = *gen_ksuid_bytes();
          RC_CLASSIFY(Ksuid(k.bytes) == Ksuid::max(), "max");
          RC_CLASSIFY(Ksuid(k.bytes).is_nil(), "nil");
          rc_require(ksuid_round_trip(k.bytes));
        });
  c.add("ksuid", "matches_oracle",
        "the key is the 160-bit value in base 62 (0-9A-Za-z), 27 digits, by long division", [] {
          const KsuidBytes k = *gen_ksuid_bytes();
          RC_TAG(fmt::format("leading digit {}", encode_ksuid(Ksuid(k.bytes))[0]));
          rc_require(ksuid_matches_oracle(k.bytes));
        });
  c.add(
      "ksuid", "order",
      "key(a) <=> key(b) == bytes(a) <=> bytes(b) == (timestamp, payload) order, equality included",
      [] {
        const KsuidBytes a = *gen_ksuid_bytes();
        const KsuidBytes b =
            *rc::gen::weightedOneOf<KsuidBytes>({{3, gen_ksuid_bytes()}, {1, rc::gen::just(a)}});
        RC_CLASSIFY(a.bytes == b.bytes, "equal");
        RC_CLASSIFY(Ksuid(a.bytes).timestamp() == Ksuid(b.bytes).timestamp(), "same second");
        rc_require(ksuid_order(a.bytes, b.bytes));
      });
  c.add("ksuid", "rejects_malformed",
        "every truncated, extended or out-of-alphabet key is rejected", [] {
          const KsuidBytes k = *gen_ksuid_bytes();
          const char extra = *rc::gen::weightedOneOf<char>(
              {{3, gen_tricky_byte()},
               {1, rc::gen::element('{', '~', '`', '@', '[', '-', '_', '+', '/', '=')}});
          const auto position = *rc::gen::inRange<std::size_t>(0, 27);
          rc_require(ksuid_rejects_malformed(k.bytes, extra, position));
        });
  c.add("ksuid", "total_decode",
        "decode of any bytes errs cleanly or returns the value of exactly that key; it accepts "
        "what the oracle accepts",
        [] {
          const std::string bytes =
              *rc::gen::weightedOneOf<std::string>({{3, gen_ksuid_candidate()}, {1, gen_bytes()}});
          RC_CLASSIFY(decode_ksuid(bytes).has_value(), "accepted");
          rc_require(ksuid_total_decode(bytes));
        });
  c.add("ksuid", "never_wraps",
        "a 27-digit string is accepted iff its value is at most Max (2^160 - 1): never a wrap", [] {
          const std::string text = *gen_ksuid_text_near_max();
          RC_CLASSIFY(text > kKsuidMaxText, "above max");
          rc_require(ksuid_never_wraps(text));
        });
  c.add("ksuid", "time_range",
        "make_ksuid succeeds iff 1400000000 <= unix <= 5694967295, and the time reads back in RFC "
        "3339",
        [] {
          const std::int64_t unix = *gen_ksuid_unix_seconds();
          const KsuidPayload payload = *gen_ksuid_payload();
          RC_CLASSIFY(unix < kKsuidMinUnix || unix > kKsuidMaxUnix, "out of range");
          rc_require(ksuid_time_range(unix, payload.bytes));
        });
  add_id_generator_properties(c, {"ksuid", "payload", "exhaustion", "second"}, gen_ksuid_clock,
                              gen_ksuid_payloads, ksuid_generator_model, ksuid_monotonic_order,
                              ksuid_monotonic_threads);
}

}  // namespace sortkey::props
