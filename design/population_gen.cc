#include "design/population_gen.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "design/boundary.h"
#include "design/values.h"
#include "sortkey/ksuid.h"
#include "sortkey/ulid.h"

namespace sortkey::design {
namespace {

using Chars = std::vector<std::string>;

// RapidCheck scales inRange by the case's size, so that the first cases draw
// only the lowest values: every choice of a value, a type or a pool entry
// is made at the full size instead; only the number of entities grows with
// the cases.
constexpr int kFullSize = 100;
template <class T>
rc::Gen<T> full_size(rc::Gen<T> gen) {
  return rc::gen::resize(kFullSize, std::move(gen));
}

// The alphabet's characters that break naive keys: '#' and the bytes up to
// '$' (the composite codec's escape), non-ASCII ones, and letters whose other
// case is in the alphabet too.
Chars special_chars(const AttributeSpec& spec) {
  Chars out;
  for (const std::string& c : spec.alphabet) {
    const bool low_byte = c.size() == 1 && static_cast<unsigned char>(c[0]) <= '$';
    const auto upper = normalize_name(c, CaseMode::kUpper);
    const auto lower = normalize_name(c, CaseMode::kLower);
    const auto in_alphabet = [&spec](const Result<std::string>& r) {
      return r && std::find(spec.alphabet.begin(), spec.alphabet.end(), *r) != spec.alphabet.end();
    };
    const bool cased = (upper && *upper != c && in_alphabet(upper)) ||
                       (lower && *lower != c && in_alphabet(lower));
    if (low_byte || c.size() > 1 || cased) out.push_back(c);
  }
  return out;
}

// The other case of `c` when the alphabet has it, else `c`.
std::string other_case(const AttributeSpec& spec, const std::string& c) {
  for (CaseMode mode : {CaseMode::kUpper, CaseMode::kLower}) {
    auto m = normalize_name(c, mode);
    if (m && *m != c &&
        std::find(spec.alphabet.begin(), spec.alphabet.end(), *m) != spec.alphabet.end()) {
      return *m;
    }
  }
  return c;
}

std::string joined(const Chars& chars) {
  std::string out;
  for (const std::string& c : chars) out += c;
  return out;
}

// Like rc::gen::weightedOneOf, which never shrinks its choice (a minimal
// counterexample then kept the longest length or a special character it
// did not need): here a shrink moves to an earlier choice.
template <class T>
rc::Gen<T> weighted_choice(std::vector<std::pair<int, rc::Gen<T>>> choices) {
  int total = 0;
  for (const auto& choice : choices) total += choice.first;
  return rc::gen::mapcat(rc::gen::inRange(0, total), [choices = std::move(choices)](int pick) {
    for (const auto& [weight, gen] : choices) {
      if (pick < weight) return gen;
      pick -= weight;
    }
    return choices.back().second;
  });
}

rc::Gen<int> gen_length(const AttributeSpec& spec) {
  return weighted_choice<int>({{2, rc::gen::just(spec.min_length)},
                               {2, rc::gen::just(spec.max_length)},
                               {5, rc::gen::inRange(spec.min_length, spec.max_length + 1)}});
}

// One of `values`, shrinking toward the first (elementOf does not shrink, and
// a minimal counterexample should read "A", not "l😀").
template <class T>
rc::Gen<T> gen_one_of(std::vector<T> values) {
  const std::size_t n = values.size();
  return rc::gen::map(rc::gen::inRange<std::size_t>(0, n),
                      [values = std::move(values)](std::size_t i) { return values[i]; });
}

rc::Gen<std::string> gen_char(const AttributeSpec& spec) {
  const Chars specials = special_chars(spec);
  if (specials.empty()) return gen_one_of(spec.alphabet);
  return weighted_choice<std::string>({{3, gen_one_of(spec.alphabet)}, {1, gen_one_of(specials)}});
}

rc::Gen<std::string> gen_text(const AttributeSpec& spec) {
  return rc::gen::exec([spec] {
    const int length = *gen_length(spec);
    std::string out;
    for (int i = 0; i < length; ++i) out += *gen_char(spec);
    return out;
  });
}

// A string close to `base`: a prefix of it, an extension, its case variant,
// it with a special character, or a fresh one.
rc::Gen<std::string> derive_text(const AttributeSpec& spec, const std::string& base) {
  return rc::gen::exec([spec, base] {
    Chars chars = utf8_code_points(base).value_or(Chars{});
    const int n = static_cast<int>(chars.size());
    switch (*rc::gen::inRange(0, 5)) {
      case 0:
        if (n > spec.min_length)
          chars.resize(static_cast<std::size_t>(*rc::gen::inRange(spec.min_length, n)));
        break;
      case 1:
        if (n < spec.max_length) chars.push_back(*gen_char(spec));
        break;
      case 2:
        for (std::string& c : chars) c = other_case(spec, c);
        break;
      case 3: {
        const Chars specials = special_chars(spec);
        if (specials.empty() || n == 0) break;
        chars[static_cast<std::size_t>(*rc::gen::inRange(0, n))] = *rc::gen::elementOf(specials);
        break;
      }
      default:
        return *gen_text(spec);
    }
    return joined(chars);
  });
}

std::int64_t clamp_add(std::int64_t v, std::int64_t d, const AttributeSpec& s) {
  if (d > 0 && v > s.max - d) return s.max;
  if (d < 0 && v < s.min - d) return s.min;
  return v + d;
}

rc::Gen<std::int64_t> gen_uniform(std::int64_t lo, std::int64_t hi) {
  const auto span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  if (span == UINT64_MAX) return rc::gen::arbitrary<std::int64_t>();
  return rc::gen::map(rc::gen::inRange<std::uint64_t>(0, span + 1), [lo](std::uint64_t off) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + off);
  });
}

// The range's ends, 0, and 10^k - 1 and 10^k: where digit counts change.
std::vector<std::int64_t> integer_boundaries(const AttributeSpec& s) {
  std::vector<std::int64_t> out{s.min, s.max};
  if (s.min <= 0 && 0 <= s.max) out.push_back(0);
  std::int64_t p = 1;
  for (int k = 1; k <= 18; ++k) {
    p *= 10;
    for (std::int64_t v : {p - 1, p}) {
      if (s.min <= v && v <= s.max) out.push_back(v);
    }
  }
  return out;
}

rc::Gen<std::int64_t> gen_integer(const AttributeSpec& s) {
  return weighted_choice<std::int64_t>(
      {{2, gen_one_of(integer_boundaries(s))}, {3, gen_uniform(s.min, s.max)}});
}

std::int64_t unit_nanos(int precision) {
  std::int64_t u = 1;
  for (int i = precision; i < 9; ++i) u *= 10;
  return u;
}

Instant add_units(Instant t, std::int64_t units, const AttributeSpec& s) {
  const std::int64_t total = static_cast<std::int64_t>(t.nanos) + units * unit_nanos(s.precision);
  const std::int64_t secs = total >= 0 ? total / 1000000000 : -((-total + 999999999) / 1000000000);
  Instant out{t.seconds + secs, static_cast<std::uint32_t>(total - secs * 1000000000)};
  return std::clamp(out, s.earliest, s.latest);
}

// The first and the last instant of t's day, at the precision, in range.
std::vector<Instant> day_ends(Instant t, const AttributeSpec& s) {
  const std::int64_t day = t.seconds >= 0 ? t.seconds / 86400 : -((-t.seconds + 86399) / 86400);
  const Instant first{day * 86400, 0};
  const Instant last = truncate_instant(Instant{day * 86400 + 86399, 999999999}, s.precision);
  return {std::clamp(first, s.earliest, s.latest), std::clamp(last, s.earliest, s.latest)};
}

rc::Gen<Instant> gen_instant(const AttributeSpec& s) {
  return rc::gen::exec([s] {
    const std::int64_t sec = *gen_uniform(s.earliest.seconds, s.latest.seconds);
    const auto nanos = static_cast<std::uint32_t>(*rc::gen::inRange<std::uint32_t>(0, 1000000000));
    const Instant t = truncate_instant(Instant{sec, nanos}, s.precision);
    switch (*rc::gen::inRange(0, 6)) {
      case 0:
        return s.earliest;
      case 1:
        return s.latest;
      case 2:
        return day_ends(t, s)[*rc::gen::inRange<std::size_t>(0, 2)];
      default:
        return std::clamp(t, s.earliest, s.latest);
    }
  });
}

std::string random_bytes(std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += static_cast<char>(*rc::gen::inRange(0, 256));
  return out;
}

rc::Gen<std::string> gen_id(const AttributeSpec& s) {
  return rc::gen::exec([s] {
    const std::string bytes = random_bytes(16);
    if (s.id_format == IdFormat::kUuid) {
      std::string hex;
      for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10) hex += '-';
        hex += fmt::format("{:02x}", static_cast<unsigned char>(bytes[i]));
      }
      return hex;
    }
    if (s.id_format == IdFormat::kUlid) {
      Ulid::Entropy e{};
      std::copy_n(bytes.begin(), e.size(), e.begin());
      return encode_ulid(*make_ulid(*rc::gen::inRange<std::int64_t>(0, kUlidMaxTime + 1), e));
    }
    Ksuid::Payload p{};
    std::copy(bytes.begin(), bytes.end(), p.begin());
    return encode_ksuid(
        *make_ksuid(*rc::gen::inRange<std::int64_t>(kKsuidMinUnix, kKsuidMaxUnix + 1), p));
  });
}

// A value near `base`, for the pools: shared prefixes, neighbours, equal instants.
rc::Gen<Value> derive_value(const AttributeSpec& spec, const Value& base) {
  return rc::gen::exec([spec, base] {
    Value v = base;
    switch (spec.type) {
      case AttrType::kString:
        v.text = *derive_text(spec, base.text);
        return v;
      case AttrType::kInteger:
        v.integer = clamp_add(base.integer, *rc::gen::element<std::int64_t>(-1, 1, 10, -10), spec);
        return *rc::gen::weightedOneOf<Value>({{2, rc::gen::just(v)}, {1, gen_value(spec)}});
      case AttrType::kTimestamp: {
        const std::vector<Instant> ends = day_ends(base.time, spec);
        v.time = *rc::gen::element(base.time, add_units(base.time, 1, spec),
                                   add_units(base.time, -1, spec), ends[0], ends[1]);
        return v;
      }
      default:
        return *gen_value(spec);
    }
  });
}

// Per attribute name, a few values that entities share.
using Pools = std::map<std::string, std::vector<Value>>;

rc::Gen<std::vector<Value>> gen_pool(const AttributeSpec& spec) {
  return rc::gen::exec([spec] {
    std::vector<Value> pool{*gen_value(spec)};
    const int n = *rc::gen::inRange(1, 5);
    for (int i = 1; i < n; ++i) pool.push_back(*derive_value(spec, *rc::gen::elementOf(pool)));
    return pool;
  });
}

rc::Gen<Entity> gen_entity(const Design& design, std::shared_ptr<const Pools> pools) {
  return rc::gen::exec([&design, pools] {
    Entity e;
    e.type = &design.entities[*rc::gen::inRange<std::size_t>(0, design.entities.size())];
    for (const AttributeSpec& spec : e.type->attributes) {
      std::vector<Value> shared;
      for (const Value& v : pools->at(spec.name)) {
        if (fits(v, spec)) shared.push_back(v);
      }
      if (!shared.empty() && *rc::gen::inRange(0, 10) < 7) {
        e.values.push_back(*rc::gen::elementOf(shared));
      } else {
        e.values.push_back(*gen_value(spec));
      }
    }
    return e;
  });
}

}  // namespace

rc::Gen<Value> gen_value(const AttributeSpec& spec) {
  const auto with = [spec](auto&& set) {
    return full_size(rc::gen::exec([spec, set] {
      Value v;
      v.type = spec.type;
      set(v);
      return v;
    }));
  };
  switch (spec.type) {
    case AttrType::kString:
      return with([spec](Value& v) { v.text = *gen_text(spec); });
    case AttrType::kInteger:
      return with([spec](Value& v) { v.integer = *gen_integer(spec); });
    case AttrType::kTimestamp:
      return with([spec](Value& v) { v.time = *gen_instant(spec); });
    case AttrType::kEnum:
      return with([spec](Value& v) { v.text = *rc::gen::elementOf(spec.values); });
    case AttrType::kBoolean:
      return with([](Value& v) { v.flag = *rc::gen::arbitrary<bool>(); });
    case AttrType::kId:
      return with([spec](Value& v) { v.text = *gen_id(spec); });
  }
  return with([](Value&) {});
}

void showValue(const PageLimit& limit, std::ostream& os) { os << limit.value; }

void showValue(const Value& v, std::ostream& os) {
  switch (v.type) {
    case AttrType::kInteger:
      os << v.integer;
      break;
    case AttrType::kTimestamp:
      os << encode_timestamp(v.time, kMaxPrecision).value_or(std::string("(out of range)"));
      break;
    case AttrType::kBoolean:
      os << (v.flag ? "true" : "false");
      break;
    default:
      os << nlohmann::json(v.text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
}

void showValue(const AttributeUpdate& update, std::ostream& os) { os << update.label; }

rc::Gen<Population> gen_population(const Design& design) {
  return rc::gen::exec([&design] {
    auto pools = std::make_shared<Pools>();
    for (const EntityType& e : design.entities) {
      for (const AttributeSpec& spec : e.attributes) {
        if (pools->count(spec.name) == 0) (*pools)[spec.name] = *full_size(gen_pool(spec));
      }
    }
    const double scale = static_cast<double>(design.max_entities) / 100.0;
    Population p = *rc::gen::scale(
        scale, rc::gen::container<Population>(full_size(gen_entity(design, std::move(pools)))));
    if (p.size() > static_cast<std::size_t>(design.max_entities)) {
      p.resize(static_cast<std::size_t>(design.max_entities));
    }
    return distinct_entities(std::move(p));
  });
}

rc::Gen<Population> gen_population_for(const Design& design, const Pattern& pattern) {
  if (!pattern.limit) return gen_population(design);
  return rc::gen::exec([&design, &pattern] {
    Population p = *gen_population(design);
    if (*full_size(rc::gen::inRange(0, 3)) == 0) return p;
    // The crowd's first entity: one of the population, or a fresh one of a
    // type the pattern returns (the first cases draw empty populations).
    // Only a type with an attribute outside the partition's makes a crowd.
    std::set<std::string> shared;
    for (const Parameter& param : pattern.parameters) shared.insert(param.attribute);
    const auto varies = [&shared](const EntityType* type) {
      return std::any_of(type->attributes.begin(), type->attributes.end(),
                         [&shared](const AttributeSpec& a) { return shared.count(a.name) == 0; });
    };
    std::vector<const EntityType*> types;
    for (const Selector& s : pattern.returns) {
      if (varies(design.entity(s.entity))) types.push_back(design.entity(s.entity));
    }
    Population seeds;
    for (const Entity& e : p) {
      if (std::find(types.begin(), types.end(), e.type) != types.end()) seeds.push_back(e);
    }
    if (types.empty()) return p;
    Entity seed;
    if (!seeds.empty() && *full_size(rc::gen::inRange(0, 2)) == 0) {
      seed = *rc::gen::elementOf(seeds);
    } else {
      seed.type = *rc::gen::elementOf(types);
      for (const AttributeSpec& spec : seed.type->attributes) {
        seed.values.push_back(*gen_value(spec));
      }
    }
    const int limit = *pattern.limit;
    const int crowd = *full_size(rc::gen::inRange(2 * limit + 1, 3 * limit + 2));
    p = distinct_entities(std::move(p));
    // Drawn values repeat (they are biased to a few boundaries): an entity
    // that repeats an identity is drawn again, a bounded number of times.
    int added = 0;
    for (int tries = 0; added < crowd && tries < 4 * crowd; ++tries) {
      Entity e;
      e.type = seed.type;
      for (std::size_t a = 0; a < seed.type->attributes.size(); ++a) {
        const AttributeSpec& spec = seed.type->attributes[a];
        e.values.push_back(shared.count(spec.name) != 0 ? seed.values[a] : *gen_value(spec));
      }
      if (std::none_of(p.begin(), p.end(), [&e](const Entity& o) { return same_entity(o, e); })) {
        p.push_back(std::move(e));
        ++added;
      }
    }
    return p;
  });
}

rc::Gen<Params> gen_params(const Design& design, const Pattern& pattern,
                           const Population& population) {
  return full_size(rc::gen::exec([&design, &pattern, population] {
    Params params;
    for (const Parameter& param : pattern.parameters) {
      const AttributeSpec& spec = *design.entity(param.entity)->attribute(param.attribute);
      // Values of the attribute's name in any entity type, as the pools share
      // them: a counterexample then needs no entity of `param.entity` only
      // to carry the parameter.
      std::vector<Value> held;
      for (const Entity& e : population) {
        const Value* v = e.value(param.attribute);
        if (v != nullptr && fits(*v, spec)) held.push_back(*v);
      }
      Value v = !held.empty() && *rc::gen::inRange(0, 4) < 3 ? *rc::gen::elementOf(held)
                                                             : *gen_value(spec);
      if (!param.at_least.empty()) {
        Value& low = params.at(param.at_least);
        if (compare_values(v, low, spec) < 0) std::swap(v, low);
      }
      params[param.name] = std::move(v);
    }
    return params;
  }));
}

rc::Gen<PageLimit> gen_page_limit(std::size_t entities) {
  return full_size(rc::gen::map(rc::gen::inRange<int>(1, static_cast<int>(entities) + 2),
                                [](int v) { return PageLimit{v}; }));
}

}  // namespace sortkey::design
