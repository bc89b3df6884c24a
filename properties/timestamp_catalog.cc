// The timestamp and epoch codecs' entries in the property catalog.

#include <fmt/format.h>

#include "oracles/naive_calendar.h"
#include "properties/catalog.h"
#include "properties/gen/bytes_gen.h"
#include "properties/gen/time_gen.h"
#include "properties/props/timestamp_props.h"
#include "sortkey/epoch.h"
#include "sortkey/timestamp.h"

namespace sortkey::props {
namespace {

std::string precision_tag(int p) { return fmt::format("precision {}", p); }

oracle::NaiveDateTime fields_of(const Moment& m) {
  return oracle::from_unix(m.instant.seconds, m.instant.nanos);
}

// The calendar boundary a moment sits on, for the distribution report.
void classify_calendar(const Moment& m) {
  const oracle::NaiveDateTime f = fields_of(m);
  RC_CLASSIFY(f.month == 2 && f.day == 29, "Feb 29");
  RC_CLASSIFY(f.month == 12 && f.day == 31, "Dec 31");
  RC_CLASSIFY(f.year == 1 || f.year == 9999, "year 0001 or 9999");
  RC_CLASSIFY(f.nanos == 0 || f.nanos == 999999999, "nanos 0 or 999999999");
}

// A key-shaped string for the precision, mutated: the total-decode input.
rc::Gen<std::string> gen_timestamp_candidate(int precision) {
  return gen_mutated(rc::gen::map(gen_moment(), [precision](Moment m) {
    return encode_timestamp(m.instant, precision).value_or(std::string());
  }));
}

rc::Gen<std::string> gen_candidate_epoch_key(EpochUnit unit, int width) {
  return gen_mutated(rc::gen::map(gen_epoch_moment(unit, width), [unit, width](Moment m) {
    return encode_epoch(m.instant, unit, width)
        .value_or(std::string(static_cast<std::size_t>(width), '0'));
  }));
}

// The timestamp codec: round trip, order, length, oracle, offsets, display formats.
void add_timestamp_codec_properties(Catalog& c) {
  c.add("timestamp", "round_trip",
        "decode(encode(t, p), p) is t truncated to p fraction digits, for t in 0001..9999", [] {
          const int p = *gen_precision();
          const Moment t = *gen_moment();
          RC_TAG(precision_tag(p));
          rc_require(timestamp_round_trip(t.instant, p));
        });
  c.add("timestamp", "order",
        "key(a) <=> key(b) is the field-tuple order of a and b truncated to p digits: equal keys "
        "iff equal truncations",
        [] {
          const int p = *gen_precision();
          const Moment a = *gen_moment();
          const Moment b = *rc::gen::weightedOneOf<Moment>(
              {{2, gen_moment()}, {3, gen_moment_near(a)}, {1, rc::gen::just(a)}});
          const auto ka = encode_timestamp(a.instant, p), kb = encode_timestamp(b.instant, p);
          RC_CLASSIFY(a.instant == b.instant, "same instant");
          RC_CLASSIFY(a.instant != b.instant && ka && kb && *ka == *kb,
                      "differ below the precision");
          RC_CLASSIFY(ka && kb && *ka != *kb, "different keys");
          rc_require(timestamp_order(a.instant, b.instant, p));
        });
  c.add("timestamp", "fixed_length",
        "every key of precision p has 20 + (p > 0 ? p + 1 : 0) bytes in the fixed shape", [] {
          const int p = *gen_precision();
          const Moment t = *gen_moment();
          RC_TAG(precision_tag(p));
          rc_require(timestamp_fixed_length(t.instant, p));
        });
  c.add("timestamp", "matches_oracle",
        "the key is the oracle's zero-padded UTC fields with the fraction cut to p digits", [] {
          const int p = *gen_precision();
          const Moment t = *gen_moment();
          classify_calendar(t);
          rc_require(timestamp_matches_oracle(t.instant, p));
        });
  c.add("timestamp", "offsets_normalize",
        "t written at any offset and fraction length parses back to t (cut to that length), and "
        "keys as the UTC instant",
        [] {
          const Moment t = *gen_moment();
          const int offset = *gen_offset_minutes();
          const int digits = *gen_choice(0, 10);
          const bool zero_as_z = *rc::gen::arbitrary<bool>();
          const bool lower =
              *rc::gen::weightedOneOf<bool>({{3, rc::gen::just(false)}, {1, rc::gen::just(true)}});
          const int p = *gen_precision();
          const auto utc = fields_of(t);
          const auto local = oracle::from_unix(t.instant.seconds + offset * 60LL, 0);
          RC_CLASSIFY(offset == 0, "zero offset");
          RC_CLASSIFY(local.day != utc.day, "local date differs");
          RC_CLASSIFY(local.year != utc.year, "local year differs");
          RC_CLASSIFY(digits < p, "fewer digits than the precision");
          rc_require(timestamp_offsets_normalize(t.instant, offset, digits, zero_as_z, lower, p));
        });
  c.add("timestamp", "rejects_display_formats",
        "dates written for display (May 26, 1988; 6/23/2026; 23.06.2026; no offset; ...) are "
        "rejected, naming the date",
        [] {
          const Moment t = *gen_moment();
          const auto style =
              static_cast<DisplayStyle>(*gen_choice(0, static_cast<int>(DisplayStyle::kCount)));
          RC_TAG(to_string(style));
          rc_require(timestamp_rejects_display_formats(t.instant, style));
        });
}

// The timestamp codec: malformed keys, total decode, year range, parsing.
void add_timestamp_decode_properties(Catalog& c) {
  c.add("timestamp", "rejects_malformed",
        "truncated, extended and non-canonical keys (fraction length, 'z', offset, Feb 30, month "
        "13, year 0000, ...) are rejected",
        [] {
          const int p = *gen_precision();
          const Moment t = *gen_moment();
          const int variant = *gen_choice(0, kMalformedVariants);
          const char extra = *gen_tricky_byte();
          const auto position = *rc::gen::inRange<std::size_t>(0, 30);
          RC_TAG(fmt::format("variant {}", variant));
          rc_require(timestamp_rejects_malformed(t.instant, p, variant, extra, position));
        });
  c.add("timestamp", "total_decode",
        "decode of any bytes errs cleanly or returns the instant of exactly that key", [] {
          const int p = *gen_precision();
          const std::string bytes = *rc::gen::weightedOneOf<std::string>(
              {{3, gen_timestamp_candidate(p)}, {1, gen_rfc3339_text()}, {1, gen_bytes()}});
          RC_CLASSIFY(decode_timestamp(bytes, p).has_value(), "accepted");
          rc_require(timestamp_total_decode(bytes, p));
        });
  c.add("timestamp", "year_range",
        "encode fails with out-of-range iff the instant is outside 0001..9999", [] {
          const int p = *gen_precision();
          const Moment t = *gen_moment_any();
          RC_CLASSIFY(t.instant.seconds < kMinTimestampSeconds, "before 0001");
          RC_CLASSIFY(t.instant.seconds > kMaxTimestampSeconds, "after 9999");
          rc_require(timestamp_year_range(t.instant, p));
        });
  c.add("timestamp", "parse_total",
        "parse_rfc3339 errs cleanly or returns the instant the oracle writes as exactly that text",
        [] {
          const std::string text = *rc::gen::weightedOneOf<std::string>({
              {2, gen_rfc3339_text()},
              {3, gen_mutated(gen_rfc3339_text())},
              {1, gen_rfc3339_prefix()},
              {1, gen_bytes()},
              {1, rc::gen::exec([] {
                 const Moment t = *gen_moment();
                 const auto style = static_cast<DisplayStyle>(
                     *gen_choice(0, static_cast<int>(DisplayStyle::kCount)));
                 return render_display(t.instant, style);
               })},
          });
          RC_CLASSIFY(parse_rfc3339(text).has_value(), "accepted");
          rc_require(timestamp_parse_total(text));
        });
}

// The epoch codec.
void add_epoch_properties(Catalog& c) {
  c.add("epoch", "round_trip",
        "decode_epoch(encode_epoch(t)) is t truncated to the unit, for t >= 1970 that fits", [] {
          const Unit u = *gen_unit();
          const int width = *gen_epoch_width(u.unit);
          const Moment t = *gen_epoch_moment(u.unit, width);
          RC_TAG(to_string(u.unit));
          rc_require(epoch_round_trip(t.instant, u.unit, width));
        });
  c.add(
      "epoch", "order",
      "key(a) <=> key(b) has the sign of count(a) <=> count(b), equality included", [] {
        const Unit u = *gen_unit();
        const int width = *gen_epoch_width(u.unit);
        const Moment a = *gen_epoch_moment(u.unit, width);
        const Moment b = *rc::gen::weightedOneOf<Moment>(
            {{2, gen_epoch_moment(u.unit, width)}, {2, gen_moment_near(a)}, {1, rc::gen::just(a)}});
        RC_CLASSIFY(a.instant == b.instant, "same instant");
        rc_require(epoch_order(a.instant, b.instant, u.unit, width));
      });
  c.add("epoch", "fixed_width", "every key is exactly width digits: the count, zero-padded", [] {
    const Unit u = *gen_unit();
    const int width = *gen_epoch_width(u.unit);
    const Moment t = *gen_epoch_moment(u.unit, width);
    RC_TAG(to_string(u.unit));
    rc_require(epoch_fixed_width(t.instant, u.unit, width));
  });
  c.add("epoch", "overflow",
        "encode fails with out-of-range iff the count has more than width digits", [] {
          const Unit u = *gen_unit();
          const int width = *gen_epoch_width(u.unit);
          const Moment t = *gen_epoch_moment(u.unit, width);
          RC_CLASSIFY(!encode_epoch(t.instant, u.unit, width).has_value(), "overflows");
          rc_require(epoch_overflow(t.instant, u.unit, width));
        });
  c.add("epoch", "rejects_malformed", "every truncated, extended or non-digit key is rejected", [] {
    const Unit u = *gen_unit();
    const int width = *gen_epoch_width(u.unit);
    const Moment t = *gen_epoch_moment(u.unit, width);
    const char extra = *gen_tricky_byte();
    const auto position = *rc::gen::inRange<std::size_t>(0, 38);
    rc_require(epoch_rejects_malformed(t.instant, u.unit, width, extra, position));
  });
  c.add("epoch", "total_decode",
        "decode of any bytes errs cleanly or returns the instant of exactly that key", [] {
          const Unit u = *gen_unit();
          const int width = *gen_epoch_width(u.unit);
          const std::string bytes = *rc::gen::weightedOneOf<std::string>(
              {{3, gen_candidate_epoch_key(u.unit, width)}, {1, gen_bytes()}});
          RC_CLASSIFY(decode_epoch(bytes, u.unit, width).has_value(), "accepted");
          rc_require(epoch_total_decode(bytes, u.unit, width));
        });
  c.add("epoch", "before_1970",
        "an instant before 1970-01-01T00:00:00Z is out of range, never a key", [] {
          const Unit u = *gen_unit();
          const int width = *gen_epoch_width(u.unit);
          const Moment t = *gen_moment_before_1970();
          rc_require(epoch_before_1970(t.instant, u.unit, width));
        });
}

}  // namespace

void add_timestamp_properties(Catalog& c) {
  add_timestamp_codec_properties(c);
  add_timestamp_decode_properties(c);
  add_epoch_properties(c);
}

}  // namespace sortkey::props
