#include "properties/contract_catalog.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <ostream>
#include <utility>

#include "oracles/naive_calendar.h"
#include "oracles/naive_casefold.h"
#include "oracles/naive_decimal.h"
#include "oracles/naive_integer.h"
#include "properties/gen/id_gen.h"
#include "properties/gen/integer_gen.h"
#include "properties/gen/list_gen.h"
#include "properties/gen/number_gen.h"
#include "properties/gen/path_gen.h"
#include "properties/gen/text_gen.h"
#include "properties/gen/time_gen.h"
#include "properties/neighbour_catalog.h"
#include "properties/props/contract_foreign_keys.h"
#include "sortkey/composite.h"
#include "sortkey/epoch.h"
#include "sortkey/ksuid.h"
#include "sortkey/uint128.h"

namespace sortkey::props::contract {

// A value or params as the protocol carries them: counterexamples print the
// JSON the adapter was sent.
struct Value {
  json v;
};
struct Params {
  json v;
};
struct Keys {
  std::vector<std::string> v;
};
inline void showValue(const Value& x, std::ostream& os) { os << x.v.dump(); }
inline void showValue(const Params& x, std::ostream& os) { os << x.v.dump(); }
// A batch of values, shown as one counterexample line: [v1, v2, ...].
struct Batch {
  std::vector<json> values;
};
inline void showValue(const Batch& x, std::ostream& os) { os << json(x.values).dump(); }
inline void showValue(const Keys& x, std::ostream& os) { os << json(x.v).dump(); }

namespace {

using props::Big;
using props::Moment;

// How one codec's params and values are drawn, inside a property (each
// function uses `*gen`, so every draw is a shrinkable counterexample part).
struct Draws {
  std::function<json()> params;
  std::function<json(const json& p)> inside;  // mostly inside the domain
  std::function<json(const json& p)> any;     // inside or outside, boundaries favoured
  std::function<json(const json& p, const json& a)>
      related;  // a value near `a`, sometimes `a` itself
  std::function<std::pair<json, json>(const json& p)>
      pair;  // for order: a and a value related to it
};

template <class T, class F>
json draw(rc::Gen<T> gen, F&& to_json) {
  return (*rc::gen::map(std::move(gen),
                        [f = std::forward<F>(to_json)](const T& t) { return Value{f(t)}; }))
      .v;
}

json draw_params(rc::Gen<json> gen) {
  return (*rc::gen::map(std::move(gen), [](const json& j) { return Params{j}; })).v;
}

int width_of(const json& p) { return p.at("width").get<int>(); }

std::string decimal(const Big& b) { return oracle::decimal(b.value); }

template <std::size_t N>
std::string hex(const std::array<std::uint8_t, N>& bytes, std::size_t from, std::size_t count) {
  std::string out;
  for (std::size_t i = from; i < from + count; ++i) out += fmt::format("{:02x}", bytes[i]);
  return out;
}

// 10^k for k in 0..9, uniformly.
rc::Gen<std::uint32_t> gen_choice_pow10() {
  return rc::gen::map(props::gen_choice(0, 10), [](int k) {
    std::uint32_t p = 1;
    while (k-- > 0) p *= 10;
    return p;
  });
}

// n uniformly random bytes as hex: values whose text digits are all over the alphabet.
rc::Gen<std::string> gen_random_hex(std::size_t n) {
  return rc::gen::map(
      rc::gen::container<std::vector<std::uint8_t>>(n, rc::gen::arbitrary<std::uint8_t>()),
      [](const std::vector<std::uint8_t>& b) {
        std::string out;
        for (std::uint8_t x : b) out += fmt::format("{:02x}", x);
        return out;
      });
}

json moment_value(const Moment& m) {
  return {{"seconds", m.instant.seconds}, {"nanos", m.instant.nanos}};
}
Moment moment_of(const json& v) {
  return Moment{Instant{v.at("seconds").get<std::int64_t>(), v.at("nanos").get<std::uint32_t>()}};
}

json ksuid_value(const props::KsuidBytes& k) {
  const std::int64_t ts = (std::int64_t{k.bytes[0]} << 24) | (std::int64_t{k.bytes[1]} << 16) |
                          (std::int64_t{k.bytes[2]} << 8) | std::int64_t{k.bytes[3]};
  return {{"timestamp", ts + kKsuidEpoch}, {"payload", hex(k.bytes, 4, 16)}};
}
json ulid_value(const props::UlidBytes& u) {
  std::int64_t ms = 0;
  for (std::size_t i = 0; i < 6; ++i) ms = (ms << 8) | u.bytes[i];
  return {{"time", ms}, {"random", hex(u.bytes, 6, 10)}};
}

// The pair drawn for order when a codec has no special one: a value and one related to it.
std::function<std::pair<json, json>(const json&)> related_pair(const Draws& d) {
  return [inside = d.inside, related = d.related](const json& p) {
    json a = inside(p);
    json b = related(p, a);
    return std::pair(std::move(a), std::move(b));
  };
}

Draws digit_draws(std::function<json()> params) {
  Draws d;
  d.params = std::move(params);
  d.inside = [](const json& p) {
    return draw(props::gen_value_up_to_digits(width_of(p)), decimal);
  };
  d.any = [](const json& p) {
    const int w = width_of(p);
    return draw(rc::gen::weightedOneOf<Big>(
                    {{2, props::gen_value_near_width(w)}, {1, props::gen_any_value()}}),
                decimal);
  };
  d.related = [](const json& p, const json& a) {
    return draw(rc::gen::weightedOneOf<Big>(
                    {{3, props::gen_value_up_to_digits(width_of(p))},
                     {1, rc::gen::just(Big{*parse_decimal(a.get<std::string>())})}}),
                decimal);
  };
  d.pair = related_pair(d);
  return d;
}

Draws padded_draws() {
  return digit_draws([] {
    return draw_params(rc::gen::map(props::gen_width(), [](int w) { return json{{"width", w}}; }));
  });
}

Draws epoch_draws() {
  Draws d = digit_draws([] {
    return draw_params(rc::gen::mapcat(props::gen_unit(), [](props::Unit u) {
      return rc::gen::map(props::gen_epoch_width(u.unit), [u](int w) {
        return json{{"unit", std::string(to_string(u.unit))}, {"width", w}};
      });
    }));
  });
  // Counts of real instants too: the epoch's own boundaries (10^width in the unit).
  d.any = [](const json& p) {
    const int w = width_of(p);
    const EpochUnit unit = *parse_epoch_unit(p.at("unit").get<std::string>());
    const int digits = epoch_unit_digits(unit);
    const auto count = [digits](const Moment& m) {
      return oracle::epoch_count_digits(m.instant.seconds, m.instant.nanos, digits);
    };
    return *rc::gen::weightedOneOf<json>({
        {2, rc::gen::map(props::gen_epoch_moment(unit, w),
                         [count](const Moment& m) { return json(count(m)); })},
        {2, rc::gen::map(props::gen_value_near_width(w),
                         [](const Big& b) { return json(decimal(b)); })},
    });
  };
  return d;
}

Draws timestamp_draws() {
  Draws d;
  d.params = [] {
    return draw_params(rc::gen::map(props::gen_precision(), [](int p) {
      return json{{"precision", p}};
    }));
  };
  d.inside = [](const json&) { return draw(props::gen_moment(), moment_value); };
  d.any = [](const json&) {
    return draw(
        rc::gen::weightedOneOf<Moment>({{1, props::gen_moment()}, {2, props::gen_moment_any()}}),
        moment_value);
  };
  d.related = [](const json&, const json& a) {
    const Moment m = moment_of(a);
    // The same second with another fraction, often a short one (500 ms, 120 ms): where
    // keys that drop or trim the fraction go wrong.
    auto same_second =
        rc::gen::map(rc::gen::pair(rc::gen::inRange(0, 1000000000), gen_choice_pow10()),
                     [m](const std::pair<int, std::uint32_t>& f) {
                       Moment b = m;
                       b.instant.nanos = static_cast<std::uint32_t>(f.first) / f.second * f.second;
                       return b;
                     });
    return draw(rc::gen::weightedOneOf<Moment>({{2, props::gen_moment()},
                                                {3, props::gen_moment_near(m)},
                                                {2, same_second},
                                                {1, rc::gen::just(m)}}),
                moment_value);
  };
  d.pair = related_pair(d);
  return d;
}

json number_text(const props::NumberText& t) { return t.text; }

Draws number_draws() {
  Draws d;
  d.params = [] { return json::object(); };
  d.inside = [](const json&) { return draw(props::gen_number_text(), number_text); };
  d.any = [](const json&) {
    // JSON carries only UTF-8: malformed text that is not UTF-8 cannot travel.
    auto malformed = rc::gen::suchThat(props::gen_malformed_text(), [](const props::NumberText& t) {
      return oracle::is_valid_utf8(t.text);
    });
    return draw(rc::gen::weightedOneOf<props::NumberText>(
                    {{2, props::gen_number_text()}, {2, props::gen_range_text()}, {1, malformed}}),
                number_text);
  };
  d.related = [](const json&, const json& a) {
    // Another spelling of the same value, or another value.
    const props::NumberValue v{oracle::read_number(a.get<std::string>()).value};
    return draw(rc::gen::weightedOneOf<props::NumberText>(
                    {{1, props::gen_spelling(v)}, {2, props::gen_number_text()}}),
                number_text);
  };
  d.pair = [](const json&) {
    const auto values = *props::gen_related_values();
    json a = draw(props::gen_spelling(values.first), number_text);
    json b = draw(props::gen_spelling(values.second), number_text);
    return std::pair(std::move(a), std::move(b));
  };
  return d;
}

json text(const std::string& s) { return s; }

Draws name_draws() {
  Draws d;
  d.params = [] {
    return draw_params(rc::gen::map(rc::gen::element<std::string>("upper", "lower", "fold"),
                                    [](const std::string& c) {
                                      return json{{"case", c}};
                                    }));
  };
  d.inside = [](const json&) { return draw(props::gen_name(), text); };
  d.any = [](const json&) {
    return draw(rc::gen::weightedOneOf<std::string>({{3, props::gen_name()},
                                                     {1, props::gen_unicode_text()},
                                                     {1, rc::gen::just(std::string())}}),
                text);
  };
  d.related = [](const json&, const json& a) {
    const std::string name = a.get<std::string>();
    return draw(
        rc::gen::weightedOneOf<std::string>({
            {4, props::gen_case_variant(name)},
            {1, rc::gen::map(props::gen_name(), [name](const std::string& b) { return name + b; })},
            {2, props::gen_name()},
        }),
        text);
  };
  d.pair = related_pair(d);
  return d;
}

// A path of gen/path_gen.h; `safe` drops the bytes at or below the delimiter
// (ASCII, so the text stays UTF-8), which a codec may refuse.
rc::Gen<json> gen_path(char delimiter, bool safe) {
  return rc::gen::map(props::gen_composite_path(delimiter), [delimiter, safe](auto path) {
    if (safe) {
      for (std::string& s : path) {
        std::erase_if(s, [delimiter](char c) {
          return static_cast<unsigned char>(c) <= static_cast<unsigned char>(delimiter);
        });
      }
    }
    return json(path);
  });
}

char delimiter_of(const json& p) { return p.at("delimiter").get<std::string>()[0]; }

Draws composite_draws() {
  Draws d;
  d.params = [] {
    auto delimiter = rc::gen::weightedOneOf<char>(
        {{3, rc::gen::just('#')}, {1, rc::gen::elementOf(std::string("!\"#$%&'()*+,-./"))}});
    return draw_params(rc::gen::map(delimiter, [](char c) {
      return json{{"delimiter", std::string(1, c)}};
    }));
  };
  d.inside = [](const json& p) {
    const char c = delimiter_of(p);
    return draw(rc::gen::weightedOneOf<json>({{1, gen_path(c, true)}, {1, gen_path(c, false)}}),
                [](const json& j) { return j; });
  };
  d.any = [inside = d.inside](const json& p) {
    if (*rc::gen::weightedOneOf<bool>({{9, rc::gen::just(true)}, {1, rc::gen::just(false)}}))
      return inside(p);
    return draw(rc::gen::just(json::array()), [](const json& j) { return j; });
  };
  d.related = [](const json& p, const json& a) {
    const char c = delimiter_of(p);
    const std::size_t n = a.size();
    // A prefix of a, a extended by a segment, a prefix with its last segment longer or cut, a
    // itself, a joined or escaped, or another path.
    auto prefix = rc::gen::map(rc::gen::inRange<std::size_t>(1, n + 1), [a](std::size_t k) {
      return json(std::vector<json>(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(k)));
    });
    auto extended = rc::gen::map(props::gen_segment(c), [a](const std::string& s) {
      json b = a;
      b.push_back(s);
      return b;
    });
    // A prefix of a whose last segment is longer (("A", "B") against ("A$00")) or cut.
    auto longer = rc::gen::apply(
        [a](std::size_t k, const std::string& s) {
          json b(std::vector<json>(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(k)));
          b.back() = b.back().get<std::string>() + s;
          return b;
        },
        rc::gen::inRange<std::size_t>(1, n + 1), props::gen_segment(c));
    auto shorter = rc::gen::apply(
        [a](std::size_t k, std::size_t at) {
          json b(std::vector<json>(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(k)));
          b.back() = props::cut_at_code_point(b.back().get<std::string>(), at);
          return b;
        },
        rc::gen::inRange<std::size_t>(1, n + 1), rc::gen::inRange<std::size_t>(0, 16));
    // The last two segments joined by the delimiter inside one segment: ("A", "B") against ("A#B"),
    // the pair an unescaped delimiter confuses.
    json joined = a;
    if (n >= 2) {
      const std::string last = joined.back().get<std::string>();
      joined.erase(joined.size() - 1);
      joined.back() = joined.back().get<std::string>() + std::string(1, c) + last;
    } else {
      const std::string only = joined.back().get<std::string>();
      joined = json{only.substr(0, only.size() / 2), only.substr(only.size() / 2)};
      if (!oracle::is_valid_utf8(joined[0].get<std::string>())) joined = a;
    }
    // a with each segment written as the built-in codec escapes it: ("$") against ("$24"), the
    // pair a codec that leaves escape-looking text as it is confuses.
    json escaped = a;
    for (json& segment : escaped) {
      std::string out;
      if (append_segment(out, segment.get<std::string>(), c)) segment = out;
    }
    return draw(rc::gen::weightedOneOf<json>({{2, prefix},
                                              {2, extended},
                                              {2, longer},
                                              {1, shorter},
                                              {1, rc::gen::just(a)},
                                              {2, rc::gen::just(joined)},
                                              {1, rc::gen::just(escaped)},
                                              {2, gen_path(c, false)}}),
                [](const json& j) { return j; });
  };
  d.pair = related_pair(d);
  return d;
}

Draws ksuid_draws() {
  Draws d;
  d.params = [] { return json::object(); };
  d.inside = [](const json&) { return draw(props::gen_ksuid_bytes(), ksuid_value); };
  d.any = [](const json&) {
    auto out_of_range =
        rc::gen::map(rc::gen::pair(props::gen_ksuid_unix_seconds(), props::gen_ksuid_payload()),
                     [](const std::pair<std::int64_t, props::KsuidPayload>& v) {
                       return json{{"timestamp", v.first}, {"payload", hex(v.second.bytes, 0, 16)}};
                     });
    return draw(rc::gen::weightedOneOf<json>(
                    {{1, rc::gen::map(props::gen_ksuid_bytes(), ksuid_value)}, {2, out_of_range}}),
                [](const json& j) { return j; });
  };
  d.related = [](const json&, const json& a) {
    auto same_second = rc::gen::map(props::gen_ksuid_payload(), [a](const props::KsuidPayload& pl) {
      return json{{"timestamp", a.at("timestamp")}, {"payload", hex(pl.bytes, 0, 16)}};
    });
    auto same_second_random = rc::gen::map(gen_random_hex(16), [a](const std::string& h) {
      return json{{"timestamp", a.at("timestamp")}, {"payload", h}};
    });
    return draw(
        rc::gen::weightedOneOf<json>({{3, rc::gen::map(props::gen_ksuid_bytes(), ksuid_value)},
                                      {2, same_second},
                                      {2, same_second_random},
                                      {1, rc::gen::just(a)}}),
        [](const json& j) { return j; });
  };
  d.pair = related_pair(d);
  return d;
}

Draws ulid_draws() {
  Draws d;
  d.params = [] { return json::object(); };
  d.inside = [](const json&) { return draw(props::gen_ulid_bytes(), ulid_value); };
  d.any = [](const json&) {
    auto out_of_range =
        rc::gen::map(rc::gen::pair(props::gen_ulid_unix_ms(), props::gen_ulid_entropy()),
                     [](const std::pair<std::int64_t, props::UlidEntropy>& v) {
                       return json{{"time", v.first}, {"random", hex(v.second.bytes, 0, 10)}};
                     });
    return draw(rc::gen::weightedOneOf<json>(
                    {{1, rc::gen::map(props::gen_ulid_bytes(), ulid_value)}, {2, out_of_range}}),
                [](const json& j) { return j; });
  };
  d.related = [](const json&, const json& a) {
    auto same_ms = rc::gen::map(props::gen_ulid_entropy(), [a](const props::UlidEntropy& e) {
      return json{{"time", a.at("time")}, {"random", hex(e.bytes, 0, 10)}};
    });
    auto same_ms_random = rc::gen::map(gen_random_hex(10), [a](const std::string& h) {
      return json{{"time", a.at("time")}, {"random", h}};
    });
    return draw(
        rc::gen::weightedOneOf<json>({{3, rc::gen::map(props::gen_ulid_bytes(), ulid_value)},
                                      {2, same_ms},
                                      {2, same_ms_random},
                                      {1, rc::gen::just(a)}}),
        [](const json& j) { return j; });
  };
  d.pair = related_pair(d);
  return d;
}

Draws draws_for(const std::string& codec) {
  if (codec == "padded" || codec == "inverse") return padded_draws();
  if (codec == "epoch") return epoch_draws();
  if (codec == "timestamp") return timestamp_draws();
  if (codec == "number") return number_draws();
  if (codec == "name") return name_draws();
  if (codec == "composite") return composite_draws();
  if (codec == "ksuid") return ksuid_draws();
  return ulid_draws();
}

// Three keys drawn directly for refuses_foreign_keys: from the codec's
// alphabet and the bytes around it, mostly of the codec's length.
std::vector<std::string> draw_foreign_keys(const contract::CodecOracle& o) {
  const std::string alphabet = contract::foreign_key_alphabet(o);
  const int usual = o.key_length() ? static_cast<int>(*o.key_length()) : 8;
  auto length =
      rc::gen::weightedOneOf<int>({{3, rc::gen::just(usual)}, {1, rc::gen::inRange(0, usual + 4)}});
  auto key = rc::gen::mapcat(length, [alphabet](int n) {
    return rc::gen::container<std::string>(static_cast<std::size_t>(n),
                                           rc::gen::elementOf(alphabet));
  });
  return (*rc::gen::map(rc::gen::container<std::vector<std::string>>(3, key),
                        [](std::vector<std::string> k) { return Keys{std::move(k)}; }))
      .v;
}

// What "in order" means for the codec, for the statements.
std::string order_statement(const std::string& codec) {
  if (codec == "inverse")
    return "key(a) <=> key(b) has the sign of b <=> a: reverse numeric order, equality included";
  if (codec == "timestamp") {
    return "key(a) <=> key(b) has the sign of a <=> b cut to the precision: strict on the cut "
           "instants, "
           "non-decreasing on the exact ones";
  }
  if (codec == "number")
    return "key(a) <=> key(b) has the sign of a <=> b by value; every spelling of a value, one key";
  if (codec == "name") {
    return "key(a) <=> key(b) is the code-point order of NFC(case(NFD(name))); equal keys iff "
           "equal normalized forms";
  }
  if (codec == "composite")
    return "key(a) <=> key(b) is the tuple order of the paths, segment by segment";
  if (codec == "ksuid") return "key(a) <=> key(b) is the order of (timestamp, payload)";
  if (codec == "ulid") return "key(a) <=> key(b) is the order of (time, random)";
  return "key(a) <=> key(b) has the sign of a <=> b, equality included";
}

std::string refusal_statement(const std::string& codec) {
  if (codec == "padded" || codec == "inverse" || codec == "epoch") {
    return "encode refuses exactly the values of more than width digits";
  }
  if (codec == "timestamp")
    return "encode refuses exactly the instants outside 0001-01-01..9999-12-31";
  if (codec == "number")
    return "encode refuses exactly what DynamoDB refuses as a Number (range, 38 digits, syntax)";
  if (codec == "name")
    return "encode refuses nothing but the empty name or one holding a control character "
           "(optional)";
  if (codec == "composite") {
    return "encode refuses nothing but an empty path or a segment holding the delimiter or a byte "
           "below it (optional)";
  }
  if (codec == "ksuid") return "encode refuses exactly the seconds outside 1400000000..5694967295";
  return "encode refuses exactly the milliseconds outside 0..2^48-1";
}

}  // namespace

bool is_informational(const std::string& property_id) {
  return property_id.size() > 22 && property_id.ends_with("/agrees_with_reference");
}

namespace {

// The properties of the subject's keys alone: order, round trip, width,
// refusals, injectivity.
void add_key_properties(props::Catalog& c, const std::string& codec, const Draws& d,
                        contract::CodecService* s) {
  const auto oracle = [codec](const json& p) { return contract::make_oracle(codec, p); };
  c.add(codec, "order", order_statement(codec), [=] {
    const json p = d.params();
    const auto [a, b] = d.pair(p);
    props::rc_require(contract::order(*s, *oracle(p), a, b));
  });
  c.add(codec, "round_trip",
        "decode(encode(v)) gives v back (as the protocol's table says: cut, canonical text, "
        "normalized)",
        [=] {
          const json p = d.params();
          props::rc_require(contract::round_trip(*s, *oracle(p), d.inside(p)));
        });
  if (codec != "number" && codec != "name" && codec != "composite") {
    c.add(codec, "fixed_width", "every key has the codec's fixed length and alphabet", [=] {
      const json p = d.params();
      props::rc_require(contract::fixed_width(*s, *oracle(p), d.inside(p)));
    });
  }
  c.add(codec, "refuses_out_of_range", refusal_statement(codec), [=] {
    const json p = d.params();
    const json v = d.any(p);
    const auto o = oracle(p);
    RC_CLASSIFY(o->domain(v) == contract::Domain::kOutside, "outside the domain");
    props::rc_require(contract::refuses_out_of_range(*s, *o, v));
  });
  c.add(codec, "injective",
        "in a batch of values, two keys are equal iff the values must share one key", [=] {
          const json p = d.params();
          // Drawn as one value, so that the counterexample shows the batch, not its dice: 1 to 8
          // pairs of a value and one related to it (or, one time in four, another), which shrinks
          // by dropping pairs.
          auto pair = rc::gen::exec([d, p] {
            json a = d.inside(p);
            json b = *rc::gen::inRange(0, 4) != 0 ? d.related(p, a) : d.inside(p);
            return std::vector<json>{std::move(a), std::move(b)};
          });
          const Batch batch =
              *rc::gen::map(props::gen_list(rc::gen::inRange<std::size_t>(1, 9), pair, 1),
                            [](const std::vector<std::vector<json>>& pairs) {
                              Batch b;
                              for (const auto& two : pairs)
                                b.values.insert(b.values.end(), two.begin(), two.end());
                              return b;
                            });
          props::rc_require(contract::injective(*s, *oracle(p), batch.values));
        });
}

// The properties judged against the reference, and the generator's.
void add_reference_properties(props::Catalog& c, const std::string& codec, const Draws& d,
                              contract::CodecService* s, contract::CodecService* ref) {
  const auto oracle = [codec](const json& p) { return contract::make_oracle(codec, p); };
  c.add(codec, "refuses_foreign_keys",
        "decode refuses every key encode never produces (cut, extended, a byte outside the "
        "alphabet, above the maximum, another width or case, non-canonical digits or escapes), "
        "or reads it as the value whose key it is",
        [=] {
          const json p = d.params();
          const json v = d.inside(p);
          const auto o = oracle(p);
          std::vector<std::string> leniencies;
          const auto offset = *rc::gen::inRange<std::size_t>(0, 64);
          props::rc_require(contract::refuses_foreign_keys(*s, *ref, *o, v, offset,
                                                           draw_foreign_keys(*o), &leniencies));
          for (const std::string& l : leniencies) RC_CLASSIFY(true, l);
        });
  if (contract::is_standard_format(codec)) {
    c.add(codec, "matches_reference",
          "every key (and every refusal) is the built-in reference's, byte for byte", [=] {
            const json p = d.params();
            props::rc_require(contract::matches_reference(*s, *ref, *oracle(p), d.any(p), nullptr));
          });
  } else {
    c.add(codec, "agrees_with_reference",
          "informational: how often the key is the built-in reference's (other designs are correct "
          "too)",
          [=] {
            const json p = d.params();
            bool agrees = false;
            props::rc_require(contract::matches_reference(*s, *ref, *oracle(p), d.any(p), &agrees));
            RC_CLASSIFY(agrees, "agrees with the reference");
            RC_CLASSIFY(!agrees, "differs from the reference");
          });
  }
  if (codec == "ksuid" || codec == "ulid") {
    auto last = std::make_shared<std::string>();
    c.add(codec, "generate_monotonic",
          "generate returns valid keys of the current time, strictly increasing within and "
          "across requests",
          [=] {
            const int count = *rc::gen::inRange(1, 51);
            const std::int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                                         std::chrono::system_clock::now().time_since_epoch())
                                         .count();
            props::rc_require(contract::generate_monotonic(*s, codec, count, last.get(), now));
          });
  }
}

}  // namespace

props::Catalog contract_catalog(contract::CodecService& subject, contract::CodecService& reference,
                                const std::vector<std::string>& codecs) {
  props::Catalog c;
  for (const std::string& codec : contract::protocol_codecs()) {
    if (std::find(codecs.begin(), codecs.end(), codec) == codecs.end()) continue;
    const Draws d = draws_for(codec);
    add_key_properties(c, codec, d, &subject);
    props::add_neighbour_property(c, codec, &subject);
    add_reference_properties(c, codec, d, &subject, &reference);
  }
  return c;
}

}  // namespace sortkey::props::contract
