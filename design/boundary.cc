#include "design/boundary.h"

#include <algorithm>
#include <cctype>

#include "design/values.h"
#include "sortkey/ksuid.h"
#include "sortkey/timestamp.h"
#include "sortkey/ulid.h"

namespace sortkey::design {
namespace {

void add_separators(const Template& t, std::string& out) {
  for (std::size_t i = 0; i < t.pieces.size(); ++i) {
    const Template::Piece& p = t.pieces[i];
    if (p.is_ref) {
      for (const Codec& c : p.codecs) {
        if (c.kind == Codec::Kind::kSegment) out += "#$";
      }
      continue;
    }
    if (p.literal.empty()) continue;
    if (i > 0) out += p.literal.front();
    if (i + 1 < t.pieces.size()) out += p.literal.back();
  }
}

bool plain_char(const std::string& c) {
  return c.size() == 1 && std::isalnum(static_cast<unsigned char>(c[0]));
}

Value text(AttrType type, std::string s) {
  Value v;
  v.type = type;
  v.text = std::move(s);
  return v;
}

std::string repeat(const std::string& c, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += c;
  return out;
}

// The other case of `c` when the alphabet holds it, else "".
std::string other_case_of(const AttributeSpec& spec, const std::string& c) {
  for (CaseMode mode : {CaseMode::kUpper, CaseMode::kLower}) {
    auto m = normalize_name(c, mode);
    if (m && *m != c &&
        std::find(spec.alphabet.begin(), spec.alphabet.end(), *m) != spec.alphabet.end()) {
      return *m;
    }
  }
  return {};
}

std::vector<Value> string_domain(const AttributeSpec& spec, const std::string& separators) {
  if (spec.max_length == 0) return {text(AttrType::kString, "")};
  const auto plain = std::find_if(spec.alphabet.begin(), spec.alphabet.end(), plain_char);
  const std::string c0 = plain == spec.alphabet.end() ? spec.alphabet.front() : *plain;
  std::string c1;
  for (const std::string& c : spec.alphabet) {
    if (c != c0 && plain_char(c) && (c1.empty() || c < c1) && c > c0) c1 = c;
  }
  const int length = std::max(spec.min_length, 1);
  const std::string base = repeat(c0, length);
  std::vector<Value> out{text(AttrType::kString, base)};
  if (!c1.empty()) out.push_back(text(AttrType::kString, repeat(c0, length - 1) + c1));
  if (spec.min_length == 0) out.push_back(text(AttrType::kString, ""));
  if (length < spec.max_length) {
    for (const std::string& b : boundary_chars(spec, separators)) {
      out.push_back(text(AttrType::kString, base + b));
      if (b.size() == 1 && separators.find(b[0]) != std::string::npos) {
        out.push_back(text(AttrType::kString, b + base));
      }
    }
  }
  if (const std::string other = other_case_of(spec, c0); !other.empty()) {
    out.push_back(text(AttrType::kString, other + repeat(c0, length - 1)));
  }
  const auto wide = std::find_if(spec.alphabet.begin(), spec.alphabet.end(),
                                 [](const std::string& c) { return c.size() > 1; });
  if (wide != spec.alphabet.end()) {
    out.push_back(text(AttrType::kString, repeat(c0, length - 1) + *wide));
  }
  return out;
}

// The widths of padded and inverse codecs over `name` in any template.
std::vector<int> widths_over(const Design& d, const std::string& name) {
  std::vector<int> out;
  for (const EntityType& e : d.entities) {
    for (const KeyTemplate& k : e.keys) {
      for (const Template::Piece& p : k.value.pieces) {
        if (!p.is_ref || p.ref != name || p.codecs.empty()) continue;
        const Codec& c = p.codecs.front();
        if (c.kind == Codec::Kind::kPadded || c.kind == Codec::Kind::kInverse) {
          out.push_back(c.width);
        }
      }
    }
  }
  return out;
}

std::vector<Value> integer_domain(const Design& d, const AttributeSpec& spec) {
  const std::int64_t base = spec.min <= 0 && 0 <= spec.max ? 0 : spec.min;
  std::vector<std::int64_t> numbers{base, spec.min, spec.max, -1, 1, 9, 10, 99, 100};
  for (int w : widths_over(d, spec.name)) {
    if (w > 18) continue;
    std::int64_t p = 1;
    for (int i = 0; i < w; ++i) p *= 10;
    numbers.push_back(p - 1);
    numbers.push_back(p);
  }
  std::vector<Value> out;
  for (std::int64_t n : numbers) {
    if (n < spec.min || n > spec.max) continue;
    Value v;
    v.type = AttrType::kInteger;
    v.integer = n;
    out.push_back(v);
  }
  return out;
}

Instant plus_nanos(Instant t, std::int64_t nanos) {
  const std::int64_t total = static_cast<std::int64_t>(t.nanos) + nanos;
  std::int64_t secs = total / 1000000000;
  std::int64_t rest = total % 1000000000;
  if (rest < 0) {
    rest += 1000000000;
    --secs;
  }
  return Instant{t.seconds + secs, static_cast<std::uint32_t>(rest)};
}

std::vector<Value> timestamp_domain(const AttributeSpec& spec) {
  std::int64_t unit = 1;
  for (int i = spec.precision; i < 9; ++i) unit *= 10;
  const std::int64_t first_day = spec.earliest.seconds >= 0
                                     ? spec.earliest.seconds / 86400
                                     : -((-spec.earliest.seconds + 86399) / 86400);
  Instant base{(first_day + 1) * 86400, 0};
  if (spec.latest < base) base = spec.earliest;
  const Instant instants[] = {base,
                              plus_nanos(base, -unit),
                              plus_nanos(base, unit),
                              plus_nanos(base, 1000000000),
                              spec.earliest,
                              spec.latest};
  std::vector<Value> out;
  for (const Instant& t : instants) {
    if (t < spec.earliest || spec.latest < t) continue;
    Value v;
    v.type = AttrType::kTimestamp;
    v.time = truncate_instant(t, spec.precision);
    out.push_back(v);
  }
  return out;
}

std::vector<Value> id_domain(const AttributeSpec& spec) {
  std::vector<std::string> ids;
  switch (spec.id_format) {
    case IdFormat::kUuid:
      ids = {"00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff"};
      break;
    case IdFormat::kUlid: {
      Ulid::Entropy low{};
      Ulid::Entropy high{};
      high.fill(0xFF);
      ids = {encode_ulid(*make_ulid(0, low)), encode_ulid(*make_ulid(kUlidMaxTime, high))};
      break;
    }
    case IdFormat::kKsuid: {
      Ksuid::Payload low{};
      ids = {encode_ksuid(*make_ksuid(kKsuidMinUnix, low)), std::string(kKsuidMaxText)};
      break;
    }
  }
  std::vector<Value> out;
  for (std::string& id : ids) out.push_back(text(AttrType::kId, std::move(id)));
  return out;
}

std::vector<Value> own_domain(const Design& d, const AttributeSpec& spec,
                              const std::string& separators) {
  switch (spec.type) {
    case AttrType::kString:
      return string_domain(spec, separators);
    case AttrType::kInteger:
      return integer_domain(d, spec);
    case AttrType::kTimestamp:
      return timestamp_domain(spec);
    case AttrType::kEnum: {
      std::vector<Value> out;
      for (const std::string& s : spec.values) out.push_back(text(AttrType::kEnum, s));
      return out;
    }
    case AttrType::kBoolean: {
      Value no;
      no.type = AttrType::kBoolean;
      Value yes = no;
      yes.flag = true;
      return {no, yes};
    }
    case AttrType::kId:
      return id_domain(spec);
  }
  return {};
}

void add_unique(std::vector<Value>& out, const Value& v) {
  if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
}

}  // namespace

std::string key_separators(const Design& design) {
  std::string out;
  for (const EntityType& e : design.entities) {
    for (const KeyTemplate& k : e.keys) add_separators(k.value, out);
  }
  for (const Pattern& p : design.patterns) {
    for (const KeyValue& kv : p.partition) add_separators(kv.value, out);
    for (const KeyValue& kv : p.sort_prefix) add_separators(kv.value, out);
    add_separators(p.sort_value, out);
    add_separators(p.sort_upper, out);
  }
  std::sort(out.begin(), out.end(), [](char a, char b) {
    return static_cast<unsigned char>(a) < static_cast<unsigned char>(b);
  });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<std::string> boundary_chars(const AttributeSpec& spec, const std::string& separators) {
  std::vector<std::string> out;
  const auto add = [&out](const std::string& c) {
    if (!c.empty() && std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  };
  for (const char s : separators) {
    const std::string sep(1, s);
    std::string below;
    std::string above;
    bool at = false;
    for (const std::string& c : spec.alphabet) {
      if (c == sep) at = true;
      if (c < sep && (below.empty() || c > below)) below = c;
      if (c > sep && (above.empty() || c < above)) above = c;
    }
    add(below);
    if (at) add(sep);
    add(above);
  }
  return out;
}

bool fits(const Value& v, const AttributeSpec& spec) {
  if (v.type != spec.type) return false;
  switch (spec.type) {
    case AttrType::kString: {
      const auto chars = utf8_code_points(v.text);
      if (!chars) return false;
      const int n = static_cast<int>(chars->size());
      return n >= spec.min_length && n <= spec.max_length &&
             std::all_of(chars->begin(), chars->end(), [&spec](const std::string& c) {
               return std::find(spec.alphabet.begin(), spec.alphabet.end(), c) !=
                      spec.alphabet.end();
             });
    }
    case AttrType::kInteger:
      return spec.min <= v.integer && v.integer <= spec.max;
    case AttrType::kTimestamp:
      return !(v.time < spec.earliest) && !(spec.latest < v.time) &&
             truncate_instant(v.time, spec.precision) == v.time;
    case AttrType::kEnum:
      return std::find(spec.values.begin(), spec.values.end(), v.text) != spec.values.end();
    default:
      return true;
  }
}

std::vector<Value> neighbours(const Value& v, const AttributeSpec& spec) {
  std::vector<Value> out;
  for (const int step : {-1, 1}) {
    Value n = v;
    if (spec.type == AttrType::kInteger) {
      if ((step < 0 && v.integer == spec.min) || (step > 0 && v.integer == spec.max)) continue;
      n.integer += step;
    } else if (spec.type == AttrType::kTimestamp) {
      std::int64_t unit = 1;
      for (int i = spec.precision; i < 9; ++i) unit *= 10;
      n.time = plus_nanos(v.time, step * unit);
    } else {
      continue;
    }
    if (fits(n, spec)) out.push_back(n);
  }
  return out;
}

Boundaries::Boundaries(const Design& design) {
  const std::string separators = key_separators(design);
  std::map<std::string, std::vector<Value>> by_name;
  std::vector<std::pair<const AttributeSpec*, std::vector<Value>>> own;
  for (const EntityType& e : design.entities) {
    for (const AttributeSpec& a : e.attributes) {
      own.emplace_back(&a, own_domain(design, a, separators));
      for (const Value& v : own.back().second) add_unique(by_name[a.name], v);
    }
  }
  for (auto& [spec, values] : own) {
    std::vector<Value> mine;
    for (const Value& v : values) add_unique(mine, v);
    for (const Value& v : by_name[spec->name]) {
      if (fits(v, *spec)) add_unique(mine, v);
    }
    domains_[spec] = std::move(mine);
  }
  for (const EntityType& e : design.entities) {
    Entity base{&e, {}};
    for (const AttributeSpec& a : e.attributes) base.values.push_back(domains_.at(&a).front());
    universe_.push_back(base);
    for (std::size_t i = 0; i < e.attributes.size(); ++i) {
      const std::vector<Value>& values = domains_.at(&e.attributes[i]);
      for (std::size_t k = 1; k < values.size(); ++k) {
        Entity one = base;
        one.values[i] = values[k];
        universe_.push_back(std::move(one));
      }
    }
  }
}

const std::vector<Value>& Boundaries::domain(const AttributeSpec& spec) const {
  return domains_.at(&spec);
}

}  // namespace sortkey::design
