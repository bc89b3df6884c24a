#include "properties/gen/id_gen.h"

#include <algorithm>

#include "oracles/naive_base.h"

namespace sortkey::props {
namespace {

template <std::size_t N>
std::string hex_of(const std::array<std::uint8_t, N>& bytes) {
  return oracle::hex(oracle::ByteVector(bytes.begin(), bytes.end()));
}

// N bytes biased to the increment's edge cases.
template <std::size_t N>
rc::Gen<std::array<std::uint8_t, N>> gen_boundary_array() {
  using A = std::array<std::uint8_t, N>;
  auto fill = [](std::uint8_t byte, std::uint8_t last) {
    A a{};
    a.fill(byte);
    a[N - 1] = last;
    return a;
  };
  return rc::gen::weightedOneOf<A>({
      {1, rc::gen::just(fill(0x00, 0x00))},
      {1, rc::gen::just(fill(0xFF, 0xFF))},
      {1, rc::gen::just(fill(0xFF, 0xFE))},
      {1, rc::gen::just(fill(0xFF, 0xFD))},
      {1, rc::gen::just(fill(0x00, 0x01))},
      {5, rc::gen::map(
              rc::gen::container<std::vector<std::uint8_t>>(N, rc::gen::arbitrary<std::uint8_t>()),
              [](const std::vector<std::uint8_t>& v) {
                A a{};
                std::copy(v.begin(), v.end(), a.begin());
                return a;
              })},
  });
}

}  // namespace

std::ostream& operator<<(std::ostream& os, const KsuidBytes& v) { return os << hex_of(v.bytes); }
std::ostream& operator<<(std::ostream& os, const UlidBytes& v) { return os << hex_of(v.bytes); }
std::ostream& operator<<(std::ostream& os, const KsuidPayload& v) { return os << hex_of(v.bytes); }
std::ostream& operator<<(std::ostream& os, const UlidEntropy& v) { return os << hex_of(v.bytes); }
std::ostream& operator<<(std::ostream& os, const ClockScript& v) {
  os << "[";
  for (std::size_t i = 0; i < v.ms.size(); ++i) os << (i ? " " : "") << v.ms[i];
  return os << "]";
}

rc::Gen<KsuidPayload> gen_ksuid_payload() {
  return rc::gen::map(gen_boundary_array<16>(),
                      [](const Ksuid::Payload& p) { return KsuidPayload{p}; });
}

rc::Gen<UlidEntropy> gen_ulid_entropy() {
  return rc::gen::map(gen_boundary_array<10>(),
                      [](const Ulid::Entropy& e) { return UlidEntropy{e}; });
}

rc::Gen<KsuidBytes> gen_ksuid_bytes() {
  auto from_parts = rc::gen::map(
      rc::gen::pair(
          rc::gen::weightedOneOf<std::uint32_t>({
              {1, rc::gen::element<std::uint32_t>(0, 1, 0xFFFFFFFF, 0xFFFFFFFE, 107608047)},
              {2, rc::gen::arbitrary<std::uint32_t>()},
          }),
          gen_boundary_array<16>()),
      [](const std::pair<std::uint32_t, Ksuid::Payload>& tp) {
        return KsuidBytes{Ksuid(tp.first, tp.second).bytes()};
      });
  // 62^k and 62^k - 1 for k = 0..26, by the oracle's base conversion.
  auto digit_boundary =
      rc::gen::map(rc::gen::pair(rc::gen::inRange(0, 27), rc::gen::arbitrary<bool>()),
                   [](std::pair<int, bool> kb) {
                     std::string text(27, '0');
                     if (kb.second) {
                       text[26 - static_cast<std::size_t>(kb.first)] = '1';  // 62^k
                     } else {
                       for (int i = 0; i < kb.first; ++i)
                         text[26 - static_cast<std::size_t>(i)] = 'z';  // 62^k - 1
                     }
                     const auto v = *oracle::from_base(text, oracle::kNaiveBase62, 20);
                     KsuidBytes out;
                     std::copy(v.begin(), v.end(), out.bytes.begin());
                     return out;
                   });
  auto random =
      rc::gen::map(gen_boundary_array<20>(), [](const Ksuid::Bytes& b) { return KsuidBytes{b}; });
  return rc::gen::weightedOneOf<KsuidBytes>({{4, from_parts}, {1, digit_boundary}, {3, random}});
}

rc::Gen<UlidBytes> gen_ulid_bytes() {
  auto from_parts = rc::gen::map(rc::gen::pair(gen_ulid_unix_ms(), gen_boundary_array<10>()),
                                 [](const std::pair<std::int64_t, Ulid::Entropy>& te) {
                                   const std::int64_t ms =
                                       std::clamp<std::int64_t>(te.first, 0, kUlidMaxTime);
                                   return UlidBytes{make_ulid(ms, te.second)->bytes()};
                                 });
  auto random =
      rc::gen::map(gen_boundary_array<16>(), [](const Ulid::Bytes& b) { return UlidBytes{b}; });
  return rc::gen::weightedOneOf<UlidBytes>({{3, from_parts}, {2, random}});
}

rc::Gen<std::string> gen_ksuid_text_near_max() {
  const std::string max(kKsuidMaxText);
  return rc::gen::map(rc::gen::pair(rc::gen::inRange<std::size_t>(0, 28),
                                    rc::gen::container<std::vector<std::size_t>>(
                                        27, rc::gen::weightedOneOf<std::size_t>({
                                                {3, rc::gen::inRange<std::size_t>(0, 62)},
                                                {1, rc::gen::element<std::size_t>(0, 61)},
                                            }))),
                      [max](const std::pair<std::size_t, std::vector<std::size_t>>& p) {
                        std::string text = max.substr(0, p.first);
                        for (std::size_t i = p.first; i < 27; ++i)
                          text += oracle::kNaiveBase62[p.second[i]];
                        return text;
                      });
}

rc::Gen<std::string> gen_ulid_text_any_first() {
  // The alphabet in both cases; the first character from 0..9 and A..Z too.
  static const std::string kAny = "0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz";
  static const std::string kFirst = "0123456789ABCDEFGHJKMNPQRSTVWXYZ7777";
  return rc::gen::map(
      rc::gen::pair(rc::gen::elementOf(kFirst),
                    rc::gen::container<std::string>(25, rc::gen::elementOf(kAny))),
      [](const std::pair<char, std::string>& p) { return std::string(1, p.first) + p.second; });
}

rc::Gen<std::int64_t> gen_ksuid_unix_seconds() {
  const std::int64_t lo = kKsuidMinUnix, hi = kKsuidMaxUnix;
  return rc::gen::weightedOneOf<std::int64_t>({
      {2, rc::gen::element<std::int64_t>(lo - 1, lo, lo + 1, hi - 1, hi, hi + 1, 0, -1,
                                         hi + 4294967296LL, lo + 4294967296LL)},
      {2, rc::gen::inRange<std::int64_t>(lo, hi + 1)},
      {1, rc::gen::map(rc::gen::inRange<std::int64_t>(-3, 4),
                       [lo](std::int64_t d) { return lo + d; })},
      {1, rc::gen::map(rc::gen::inRange<std::int64_t>(-3, 4),
                       [hi](std::int64_t d) { return hi + d; })},
      {1, rc::gen::arbitrary<std::int64_t>()},
  });
}

rc::Gen<std::int64_t> gen_ulid_unix_ms() {
  const std::int64_t hi = kUlidMaxTime;
  return rc::gen::weightedOneOf<std::int64_t>({
      {2, rc::gen::element<std::int64_t>(
              -1, 0, 1, 999, 1000, hi - 1, hi, hi + 1, 253402300799999LL, 253402300800000LL,
              951782399999LL /* 2000-02-28T23:59:59.999Z */, 951868800000LL /* 2000-03-01 */)},
      {3, rc::gen::inRange<std::int64_t>(0, hi + 1)},
      {2, rc::gen::inRange<std::int64_t>(0, 4102444800000LL)},  // to 2100
      {1, rc::gen::arbitrary<std::int64_t>()},
  });
}

rc::Gen<ClockScript> gen_clock_script(std::int64_t start_ms, std::int64_t min_ms,
                                      std::int64_t max_ms) {
  auto step = rc::gen::weightedOneOf<std::int64_t>({
      {6, rc::gen::just<std::int64_t>(0)},
      {2, rc::gen::just<std::int64_t>(1)},
      {1, rc::gen::just<std::int64_t>(999)},
      {2, rc::gen::just<std::int64_t>(1000)},
      {1, rc::gen::just<std::int64_t>(-1)},
      {1, rc::gen::just<std::int64_t>(-1000)},
      {1, rc::gen::just<std::int64_t>(-3600000)},
      {1, rc::gen::inRange<std::int64_t>(-5000, 5001)},
      {1, rc::gen::just<std::int64_t>(86400000)},
      {1, rc::gen::just<std::int64_t>(1LL << 50)},  // out of range
      {1, rc::gen::just<std::int64_t>(-(1LL << 50))},
  });
  return rc::gen::map(
      rc::gen::pair(rc::gen::inRange<std::size_t>(1, 41),
                    rc::gen::container<std::vector<std::int64_t>>(40, step)),
      [start_ms, min_ms, max_ms](const std::pair<std::size_t, std::vector<std::int64_t>>& p) {
        ClockScript s;
        std::int64_t t = start_ms;
        for (std::size_t i = 0; i < p.first; ++i) {
          const std::int64_t d = p.second[i];
          if (d == (1LL << 50) || d == -(1LL << 50)) {
            s.ms.push_back(d > 0 ? max_ms + 1 : min_ms - 1);  // one stray reading; t stays
            continue;
          }
          t = std::clamp(t + d, min_ms, max_ms);
          s.ms.push_back(t);
        }
        return s;
      });
}

bool steps_back(const ClockScript& s) {
  for (std::size_t i = 1; i < s.ms.size(); ++i) {
    if (s.ms[i] < s.ms[i - 1]) return true;
  }
  return false;
}

}  // namespace sortkey::props
