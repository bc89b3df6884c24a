// The padded and inverse integer codecs' entries in the property catalog.

#include <fmt/format.h>

#include "properties/catalog.h"
#include "properties/gen/bytes_gen.h"
#include "properties/gen/integer_gen.h"
#include "properties/props/padded_props.h"
#include "sortkey/padded.h"

namespace sortkey::props {
namespace {

std::string size_tag(UInt128 v) { return fmt::format("{} digits", decimal_digits(v)); }

// A key-shaped string for the width, mutated: the total-decode input.
rc::Gen<std::string> gen_candidate_key(int width) {
  return gen_mutated(rc::gen::map(gen_value_up_to_digits(width), [width](Big b) {
    return encode_padded(b.value, width).value_or(std::string());
  }));
}

void add_padded_codec_properties(Catalog& c) {
  c.add("padded", "round_trip", "decode(encode(v)) == v for every v below 10^width", [] {
    const int width = *gen_width();
    const Big v = *gen_value_near_width(width);
    RC_TAG(size_tag(v.value));
    rc_require(padded_round_trip(v.value, width));
  });
  c.add("padded", "order", "key(a) <=> key(b) has the sign of a <=> b, equality included", [] {
    const int width = *gen_width();
    const Big a = *gen_value_up_to_digits(width);
    const Big b =
        *rc::gen::weightedOneOf<Big>({{3, gen_value_up_to_digits(width)}, {1, rc::gen::just(a)}});
    RC_CLASSIFY(a.value == b.value, "equal");
    RC_CLASSIFY(decimal_digits(a.value) != decimal_digits(b.value), "digit counts differ");
    rc_require(padded_order(a.value, b.value, width));
  });
  c.add("padded", "fixed_width", "every key is exactly width ASCII digits", [] {
    const int width = *gen_width();
    const Big v = *gen_value_up_to_digits(width);
    rc_require(padded_fixed_width(v.value, width));
  });
  c.add("padded", "overflow",
        "encode fails with out-of-range iff the value needs more than width digits", [] {
          const int width = *gen_width();
          const Big v = *rc::gen::weightedOneOf<Big>(
              {{2, gen_value_near_width(width)}, {1, gen_any_value()}});
          RC_CLASSIFY(decimal_digits(v.value) > width, "overflows");
          rc_require(padded_overflow(v.value, width));
        });
  c.add("padded", "rejects_malformed", "every truncated, extended or non-digit key is rejected",
        [] {
          const int width = *gen_width();
          const Big v = *gen_value_up_to_digits(width);
          const char extra = *gen_tricky_byte();
          const auto position = *rc::gen::inRange<std::size_t>(0, 38);
          rc_require(padded_rejects_malformed(v.value, width, extra, position));
        });
  c.add("padded", "total_decode",
        "decode of any bytes errs cleanly or returns the value of exactly that key", [] {
          const int width = *gen_width();
          const std::string bytes = *rc::gen::weightedOneOf<std::string>(
              {{3, gen_candidate_key(width)}, {1, gen_bytes()}});
          RC_CLASSIFY(decode_padded(bytes, width).has_value(), "accepted");
          rc_require(padded_total_decode(bytes, width));
        });
  c.add("padded", "capacity_warning",
        "the capacity warning fires iff v * 100 > threshold% * (10^width - 1)", [] {
          const int width = *gen_width();
          const int percent = *rc::gen::weightedOneOf<int>(
              {{1, rc::gen::element(0, 50, 80, 90, 99, 100)}, {2, rc::gen::inRange(0, 101)}});
          // Values near the threshold: percent% of the maximum, plus or minus a little.
          const Big near = Big{padded_max(width) / 100 * static_cast<unsigned>(percent)};
          const Big v = *rc::gen::weightedOneOf<Big>({
              {2, gen_value_up_to_digits(width)},
              {2, rc::gen::map(rc::gen::inRange(-3, 4),
                               [near, width](int delta) {
                                 const UInt128 base = near.value;
                                 UInt128 x = delta < 0 ? (base >= static_cast<unsigned>(-delta)
                                                              ? base - static_cast<unsigned>(-delta)
                                                              : 0)
                                                       : base + static_cast<unsigned>(delta);
                                 return Big{x > padded_max(width) ? padded_max(width) : x};
                               })},
          });
          RC_CLASSIFY(check_capacity(v.value, width, percent)->warn, "warns");
          rc_require(padded_capacity_warning(v.value, width, percent));
        });
}

void add_inverse_properties(Catalog& c) {
  c.add("inverse", "round_trip", "decode(encode(v)) == v for every v below 10^width", [] {
    const int width = *gen_width();
    const Big v = *gen_value_near_width(width);
    RC_TAG(size_tag(v.value));
    rc_require(inverse_round_trip(v.value, width));
  });
  c.add("inverse", "reverses_order", "key(a) <=> key(b) has the sign of b <=> a, equality included",
        [] {
          const int width = *gen_width();
          const Big a = *gen_value_up_to_digits(width);
          const Big b = *rc::gen::weightedOneOf<Big>(
              {{3, gen_value_up_to_digits(width)}, {1, rc::gen::just(a)}});
          RC_CLASSIFY(a.value == b.value, "equal");
          RC_CLASSIFY(decimal_digits(a.value) != decimal_digits(b.value), "digit counts differ");
          rc_require(inverse_reverses_order(a.value, b.value, width));
        });
  c.add("inverse", "fixed_width", "every key is exactly width ASCII digits", [] {
    const int width = *gen_width();
    const Big v = *gen_value_up_to_digits(width);
    rc_require(inverse_fixed_width(v.value, width));
  });
  c.add("inverse", "overflow",
        "encode fails with out-of-range iff the value needs more than width digits", [] {
          const int width = *gen_width();
          const Big v = *rc::gen::weightedOneOf<Big>(
              {{2, gen_value_near_width(width)}, {1, gen_any_value()}});
          RC_CLASSIFY(decimal_digits(v.value) > width, "overflows");
          rc_require(inverse_overflow(v.value, width));
        });
  c.add("inverse", "rejects_malformed", "every truncated, extended or non-digit key is rejected",
        [] {
          const int width = *gen_width();
          const Big v = *gen_value_up_to_digits(width);
          const char extra = *gen_tricky_byte();
          const auto position = *rc::gen::inRange<std::size_t>(0, 38);
          rc_require(inverse_rejects_malformed(v.value, width, extra, position));
        });
  c.add("inverse", "total_decode",
        "decode of any bytes errs cleanly or returns the value of exactly that key", [] {
          const int width = *gen_width();
          const std::string bytes = *rc::gen::weightedOneOf<std::string>(
              {{3, gen_candidate_key(width)}, {1, gen_bytes()}});
          rc_require(inverse_total_decode(bytes, width));
        });
  c.add("inverse", "is_complement",
        "the key is the digit-by-digit nines' complement of the padded value", [] {
          const int width = *gen_width();
          const Big v = *gen_value_up_to_digits(width);
          rc_require(inverse_is_complement(v.value, width));
        });
}

}  // namespace

void add_padded_properties(Catalog& c) {
  add_padded_codec_properties(c);
  add_inverse_properties(c);
}

}  // namespace sortkey::props
