#include "properties/props/neighbour_props.h"

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <string>

#include "oracles/naive_casefold.h"
#include "oracles/naive_decimal.h"
#include "oracles/naive_integer.h"
#include "properties/props/common.h"
#include "sortkey/ksuid.h"
#include "sortkey/timestamp.h"
#include "sortkey/ulid.h"

namespace sortkey::props::contract {
namespace {

// ---- decimal strings (padded, inverse, epoch) -------------------------------

// n + 1 as decimal text, long-hand. REQUIRES: n holds digits only.
std::string plus_one(std::string n) {
  for (auto i = n.size(); i-- > 0;) {
    if (n[i] != '9') {
      ++n[i];
      return n;
    }
    n[i] = '0';
  }
  return "1" + n;
}

// n - 1, without leading zeros. REQUIRES: n > 0, digits only, no leading zeros.
std::string minus_one(std::string n) {
  for (auto i = n.size(); i-- > 0;) {
    if (n[i] != '0') {
      --n[i];
      break;
    }
    n[i] = '9';
  }
  return oracle::strip_zeros(n);
}

std::optional<json> digits_step(const CodecOracle& o, const json& value, int step) {
  const std::string n = oracle::strip_zeros(value.get<std::string>());
  if (step < 0) return n == "0" ? std::nullopt : std::optional<json>(minus_one(n));
  const std::string up = plus_one(n);
  if (up.size() > static_cast<std::size_t>(o.params().at("width").get<int>())) return std::nullopt;
  return json(up);
}

// ---- instants ------------------------------------------------------------

std::uint32_t timestamp_unit(const CodecOracle& o) {
  std::uint32_t unit = 1;
  for (int k = o.params().at("precision").get<int>(); k < 9; ++k) unit *= 10;
  return unit;
}

json cut_instant(const CodecOracle& o, const json& v) {
  const std::uint32_t unit = timestamp_unit(o);
  return {{"seconds", v.at("seconds")},
          {"nanos", v.at("nanos").get<std::uint32_t>() / unit * unit}};
}

std::optional<json> timestamp_step(const CodecOracle& o, const json& value, int step) {
  const std::uint32_t unit = timestamp_unit(o);
  const json cut = cut_instant(o, value);
  std::int64_t seconds = cut.at("seconds").get<std::int64_t>();
  std::int64_t nanos = cut.at("nanos").get<std::int64_t>() + step * static_cast<std::int64_t>(unit);
  if (nanos < 0) {
    nanos += 1000000000;
    --seconds;
  } else if (nanos > kMaxNanos) {
    nanos -= 1000000000;
    ++seconds;
  }
  if (seconds < kMinTimestampSeconds || seconds > kMaxTimestampSeconds) return std::nullopt;
  return json{{"seconds", seconds}, {"nanos", nanos}};
}

// ---- Numbers on the grid of 38 significant digits -------------------------

constexpr std::size_t kDigits = 38;
constexpr long long kMinSci = -130;
constexpr long long kMaxSci = 125;

// The magnitude one unit of the 38th digit above (up) or below |n|, zero
// below 1e-130; nullopt above the largest Number. REQUIRES: n is no zero.
std::optional<oracle::NaiveNumber> magnitude_step(oracle::NaiveNumber n, bool up) {
  std::string m = n.digits + std::string(kDigits - n.digits.size(), '0');
  if (up) {
    m = plus_one(m);
    if (m.size() > kDigits) {  // 9.99..9e s -> 1e s+1
      if (n.sci == kMaxSci) return std::nullopt;
      m = "1";
      ++n.sci;
    }
  } else if (m == "1" + std::string(kDigits - 1, '0')) {  // 1e s -> 9.99..9e s-1, 1e-130 -> 0
    if (n.sci == kMinSci) return oracle::NaiveNumber{};
    m = std::string(kDigits, '9');
    --n.sci;
  } else {
    m = minus_one(m);
  }
  m.erase(m.find_last_not_of('0') + 1);
  n.digits = m;
  return n;
}

std::optional<json> number_step(const json& value, int step) {
  oracle::NaiveNumber n = oracle::read_number(value.get<std::string>()).value;
  std::optional<oracle::NaiveNumber> out;
  if (n.digits.empty()) {  // 0: 1e-130 above, -1e-130 below
    out = oracle::NaiveNumber{step < 0, "1", kMinSci};
  } else {
    // Away from zero for a step with the sign, towards it against.
    out = magnitude_step(n, (step > 0) != n.negative);
    if (out && out->digits.empty()) out->negative = false;
  }
  if (!out) return std::nullopt;
  return json(oracle::show_number(*out));
}

// ---- names: scalar values, controls skipped --------------------------------

bool is_control(char32_t c) { return c < 0x20 || (c >= 0x7F && c <= 0x9F); }

std::optional<char32_t> scalar_step(char32_t c, int step) {
  do {
    if (step < 0 && c == 0) return std::nullopt;
    if (step > 0 && c == 0x10FFFF) return std::nullopt;
    c = step < 0 ? c - 1 : c + 1;
    if (c >= 0xD800 && c <= 0xDFFF) c = step < 0 ? 0xD7FF : 0xE000;
  } while (is_control(c));
  return c;
}

std::optional<json> name_step(const json& value, int step) {
  const std::string& s = value.get_ref<const std::string&>();
  std::vector<char32_t> cps = oracle::code_points(s);
  if (cps.empty()) return std::nullopt;
  const auto c = scalar_step(cps.back(), step);
  if (!c) return std::nullopt;
  cps.back() = *c;
  std::string out;
  for (char32_t x : cps) out += oracle::utf8_of(x);
  return json(out);
}

// ---- composite: the last ASCII byte of the last segment --------------------

std::optional<json> composite_step(const json& value, int step) {
  if (value.empty()) return std::nullopt;
  std::string last = value.back().get<std::string>();
  if (last.empty() || static_cast<unsigned char>(last.back()) > 0x7F) return std::nullopt;
  const int b = static_cast<unsigned char>(last.back()) + step;
  if (b < 0 || b > 0x7F) return std::nullopt;
  last.back() = static_cast<char>(b);
  json out = value;
  out.back() = last;
  return out;
}

// ---- IDs: one big-endian integer of time and random bytes ------------------

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}

// `value` as bytes: `time_bytes` of (time - epoch), then the hex field.
std::vector<std::uint8_t> id_bytes(const json& value, const char* time_field,
                                   const char* bytes_field, std::int64_t epoch,
                                   std::size_t time_bytes) {
  std::vector<std::uint8_t> out;
  const auto t = static_cast<std::uint64_t>(value.at(time_field).get<std::int64_t>() - epoch);
  for (std::size_t i = time_bytes; i-- > 0;) out.push_back(static_cast<std::uint8_t>(t >> (8 * i)));
  const std::string hex = value.at(bytes_field).get<std::string>();
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    out.push_back(static_cast<std::uint8_t>(hex_value(hex[i]) * 16 + hex_value(hex[i + 1])));
  }
  return out;
}

std::optional<json> id_step(const json& value, int step, const char* time_field,
                            const char* bytes_field, std::int64_t epoch, std::size_t time_bytes) {
  std::vector<std::uint8_t> b = id_bytes(value, time_field, bytes_field, epoch, time_bytes);
  const std::uint8_t wraps = step > 0 ? 0xFF : 0x00;
  std::size_t i = b.size();
  while (i > 0 && b[i - 1] == wraps) b[--i] = static_cast<std::uint8_t>(~wraps);
  if (i == 0) return std::nullopt;  // all 0xFF (or all 0x00): no value beyond
  b[i - 1] = static_cast<std::uint8_t>(b[i - 1] + step);
  std::uint64_t t = 0;
  for (std::size_t k = 0; k < time_bytes; ++k) t = (t << 8) | b[k];
  std::string hex;
  for (std::size_t k = time_bytes; k < b.size(); ++k) hex += fmt::format("{:02x}", b[k]);
  return json{{time_field, static_cast<std::int64_t>(t) + epoch}, {bytes_field, hex}};
}

std::optional<json> step(const CodecOracle& o, const json& value, int direction) {
  const std::string& codec = o.codec();
  if (codec == "padded" || codec == "inverse" || codec == "epoch")
    return digits_step(o, value, direction);
  if (codec == "timestamp") return timestamp_step(o, value, direction);
  if (codec == "number") return number_step(value, direction);
  if (codec == "name") return name_step(value, direction);
  if (codec == "composite") return composite_step(value, direction);
  if (codec == "ksuid") return id_step(value, direction, "timestamp", "payload", kKsuidEpoch, 4);
  if (codec == "ulid") return id_step(value, direction, "time", "random", 0, 6);
  return std::nullopt;
}

// (P, s, t) -> (P, s) and (P, s + the byte below the delimiter): the paths
// that straddle the delimiter around it. nullopt for a path of one segment.
std::pair<std::optional<json>, std::optional<json>> composite_family(const CodecOracle& o,
                                                                     const json& value) {
  if (value.size() < 2) return {};
  json parent = value;
  parent.erase(parent.size() - 1);
  json sibling = parent;
  const char below = static_cast<char>(o.params().at("delimiter").get<std::string>()[0] - 1);
  sibling.back() = sibling.back().get<std::string>() + std::string(1, below);
  return {parent, sibling};
}

// The encode replies of `chain`, the values a codec may refuse and did left
// out; a failure for an answer that is wrong whatever the order.
std::optional<Outcome> encode_chain(CodecService& service, const CodecOracle& o,
                                    std::vector<json>& chain, std::vector<Reply>& keys) {
  std::vector<json> requests;
  for (const json& v : chain) requests.push_back(encode_request(o.codec(), o.params(), v));
  std::vector<Reply> replies = service.call(requests);
  std::vector<json> kept;
  for (std::size_t i = 0; i < chain.size(); ++i) {
    if (auto problem = refusal_problem(o, chain[i], replies[i])) {
      if (problem->kind() != Outcome::Kind::kDiscard) return problem;
      continue;
    }
    kept.push_back(chain[i]);
    keys.push_back(std::move(replies[i]));
  }
  chain = std::move(kept);
  return std::nullopt;
}

}  // namespace

std::optional<json> value_below(const CodecOracle& o, const json& value) {
  return step(o, value, -1);
}

std::optional<json> value_above(const CodecOracle& o, const json& value) {
  return step(o, value, +1);
}

std::vector<json> neighbour_chain(const CodecOracle& o, const json& value) {
  const json v = o.codec() == "timestamp" ? cut_instant(o, value) : value;
  std::vector<json> chain;
  const auto [parent, sibling] = o.codec() == "composite"
                                     ? composite_family(o, v)
                                     : std::pair<std::optional<json>, std::optional<json>>{};
  if (parent) chain.push_back(*parent);
  if (auto below = value_below(o, v)) chain.push_back(*below);
  chain.push_back(v);
  if (auto above = value_above(o, v)) chain.push_back(*above);
  if (sibling) chain.push_back(*sibling);
  return chain;
}

Outcome neighbour_pairs(CodecService& service, const CodecOracle& o, const json& value) {
  if (o.domain(value) == Domain::kOutside) return Outcome::discard("a value outside the domain");
  std::vector<json> chain = neighbour_chain(o, value);
  std::vector<Reply> keys;
  if (auto problem = encode_chain(service, o, chain, keys)) return *problem;
  if (chain.size() < 2) return Outcome::discard("fewer than two neighbours the codec encodes");
  for (std::size_t i = 0; i + 1 < chain.size(); ++i) {
    const std::string& ka = keys[i].ok.get_ref<const std::string&>();
    const std::string& kb = keys[i + 1].ok.get_ref<const std::string&>();
    const int want = o.compare(chain[i], chain[i + 1]);
    const int got = key_order(ka, kb);
    if (want == got) continue;
    return Outcome::fails(fmt::format("the neighbours {} {} {} have the keys {} {} {}\n{}\n{}",
                                      o.show(chain[i]), order_word(want), o.show(chain[i + 1]),
                                      show_key(ka), order_word(got), show_key(kb),
                                      show_exchange(keys[i]), show_exchange(keys[i + 1])));
  }
  std::vector<json> requests;
  for (const Reply& k : keys) {
    requests.push_back(decode_request(o.codec(), o.params(), k.ok.get<std::string>()));
  }
  const std::vector<Reply> decoded = service.call(requests);
  for (std::size_t i = 0; i < chain.size(); ++i) {
    const json want = o.decoded(chain[i]);
    if (!decoded[i].refused && o.same_value(want, decoded[i].ok)) continue;
    return Outcome::fails(
        fmt::format("the neighbour {} -> {} -> {}, expected {}\n{}\n{}", o.show(chain[i]),
                    show_key(keys[i].ok.get<std::string>()),
                    decoded[i].refused ? "refused: " + decoded[i].error : decoded[i].ok.dump(),
                    want.dump(), show_exchange(keys[i]), show_exchange(decoded[i])));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props::contract
