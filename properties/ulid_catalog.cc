// The ULID codec's and generator's entries in the property catalog.

#include <fmt/format.h>

#include "properties/catalog.h"
#include "properties/gen/bytes_gen.h"
#include "properties/gen/id_gen.h"
#include "properties/id_catalog.h"
#include "properties/props/ulid_props.h"
#include "sortkey/ulid.h"

namespace sortkey::props {
namespace {

rc::Gen<ClockScript> gen_ulid_clock() {
  const std::int64_t hi = kUlidMaxTime;
  return rc::gen::mapcat(rc::gen::weightedOneOf<std::int64_t>({
                             {1, rc::gen::elementOf(std::vector<std::int64_t>{0, 1, hi - 1, hi})},
                             {2, rc::gen::inRange<std::int64_t>(0, hi + 1)},
                         }),
                         [hi](std::int64_t start) { return gen_clock_script(start, 0, hi); });
}

rc::Gen<std::vector<UlidEntropy>> gen_ulid_entropies() {
  return rc::gen::resize(10, rc::gen::container<std::vector<UlidEntropy>>(gen_ulid_entropy()));
}

// A ULID-shaped string, sometimes in lower case, mutated.
rc::Gen<std::string> gen_ulid_candidate() {
  return gen_mutated(rc::gen::map(rc::gen::pair(gen_ulid_bytes(), rc::gen::arbitrary<bool>()),
                                  [](const std::pair<UlidBytes, bool>& p) {
                                    std::string text = encode_ulid(Ulid(p.first.bytes));
                                    if (p.second) {
                                      for (char& ch : text)
                                        ch = (ch >= 'A' && ch <= 'Z')
                                                 ? static_cast<char>(ch - 'A' + 'a')
                                                 : ch;
                                    }
                                    return text;
                                  }));
}

}  // namespace

void add_ulid_properties(Catalog& c) {
  c.add("ulid", "round_trip",
        "decode(encode(u)) == u through the text (both decoders), the 16 bytes and (unix ms, "
        "entropy)",
        [] {
          const UlidBytes u = *gen_ulid_bytes();
          RC_CLASSIFY(Ulid(u.bytes) == Ulid::max(), "max");
          rc_require(ulid_round_trip(u.bytes));
        });
  c.add("ulid", "matches_oracle",
        "the key is the 128-bit value in Crockford base 32, 26 digits, by long division", [] {
          const UlidBytes u = *gen_ulid_bytes();
          RC_TAG(fmt::format("leading digit {}", encode_ulid(Ulid(u.bytes))[0]));
          rc_require(ulid_matches_oracle(u.bytes));
        });
  c.add("ulid", "order",
        "key(a) <=> key(b) == bytes(a) <=> bytes(b) == (unix ms, entropy) order, equality included",
        [] {
          const UlidBytes a = *gen_ulid_bytes();
          const UlidBytes b =
              *rc::gen::weightedOneOf<UlidBytes>({{3, gen_ulid_bytes()}, {1, rc::gen::just(a)}});
          RC_CLASSIFY(a.bytes == b.bytes, "equal");
          RC_CLASSIFY(Ulid(a.bytes).unix_ms() == Ulid(b.bytes).unix_ms(), "same millisecond");
          rc_require(ulid_order(a.bytes, b.bytes));
        });
  c.add("ulid", "rejects_malformed",
        "every truncated, extended or out-of-alphabet key (I, L, O, U included) is rejected by "
        "both decoders",
        [] {
          const UlidBytes u = *gen_ulid_bytes();
          const char extra =
              *rc::gen::weightedOneOf<char>({{2, gen_tricky_byte()},
                                             {2, rc::gen::element('I', 'L', 'O', 'U', 'i', 'l', 'o',
                                                                  'u', '-', '@', '[', '`', '{')}});
          const auto position = *rc::gen::inRange<std::size_t>(0, 26);
          const bool left_out = std::string_view("ILOUilou").find(extra) != std::string_view::npos;
          RC_CLASSIFY(left_out, "extra is I, L, O or U");
          rc_require(ulid_rejects_malformed(u.bytes, extra, position));
        });
  c.add("ulid", "total_decode",
        "decode_ulid_key of any bytes errs cleanly or returns the value of exactly that key; "
        "decode_ulid accepts what the oracle accepts in any case",
        [] {
          const std::string bytes =
              *rc::gen::weightedOneOf<std::string>({{3, gen_ulid_candidate()}, {1, gen_bytes()}});
          RC_CLASSIFY(decode_ulid(bytes).has_value(), "accepted");
          RC_CLASSIFY(decode_ulid_key(bytes).has_value(), "accepted as a key");
          rc_require(ulid_total_decode(bytes));
        });
  c.add("ulid", "never_wraps",
        "a 26-digit string is accepted iff its first digit is 0..7 (the value fits 128 bits): "
        "never a wrap",
        [] {
          const std::string text = *gen_ulid_text_any_first();
          RC_CLASSIFY(text[0] > '7', "above max");
          rc_require(ulid_never_wraps(text));
        });
  c.add("ulid", "case_insensitive",
        "decode_ulid reads any mix of cases as the same ULID; decode_ulid_key rejects every "
        "lower-case letter as non-canonical",
        [] {
          const UlidBytes u = *gen_ulid_bytes();
          const auto mask =
              *rc::gen::weightedOneOf<std::uint32_t>({{1, rc::gen::just(0u)},
                                                      {1, rc::gen::just(~0u)},
                                                      {3, rc::gen::arbitrary<std::uint32_t>()}});
          RC_CLASSIFY(mask == 0, "upper case");
          rc_require(ulid_case_insensitive(u.bytes, mask));
        });
  c.add("ulid", "time_range",
        "make_ulid succeeds iff 0 <= unix ms <= 2^48 - 1, and the time reads back in RFC 3339", [] {
          const std::int64_t ms = *gen_ulid_unix_ms();
          const UlidEntropy entropy = *gen_ulid_entropy();
          RC_CLASSIFY(ms < 0 || ms > kUlidMaxTime, "out of range");
          RC_CLASSIFY(ms > 253402300799999LL, "after year 9999");
          rc_require(ulid_time_range(ms, entropy.bytes));
        });
  add_id_generator_properties(c, {"ulid", "entropy", "overflow", "millisecond"}, gen_ulid_clock,
                              gen_ulid_entropies, ulid_generator_model, ulid_monotonic_order,
                              ulid_monotonic_threads);
}

}  // namespace sortkey::props
