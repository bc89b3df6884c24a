#include "properties/props/contract_props.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>

#include "oracles/naive_base.h"
#include "oracles/naive_calendar.h"
#include "oracles/naive_casefold.h"
#include "oracles/naive_decimal.h"
#include "oracles/naive_integer.h"
#include "oracles/naive_tuple.h"
#include "properties/props/common.h"
#include "sortkey/ksuid.h"
#include "sortkey/ulid.h"

namespace sortkey::props::contract {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

void say(std::string* why, std::string text) {
  if (why != nullptr) *why = std::move(text);
}

// padded, inverse and epoch: a decimal string, at most `width` digits.
class DigitsOracle : public CodecOracle {
 public:
  DigitsOracle(std::string codec, json params, int width, bool reversed)
      : CodecOracle(std::move(codec), std::move(params)), width_(width), reversed_(reversed) {}
  Domain domain(const json& v, std::string* why) const override {
    const std::string& s = v.get_ref<const std::string&>();
    if (oracle::strip_zeros(s).size() > static_cast<std::size_t>(width_)) {
      say(why, fmt::format("{} has {} digits, more than the width {}", s,
                           oracle::strip_zeros(s).size(), width_));
      return Domain::kOutside;
    }
    return Domain::kInside;
  }
  int compare(const json& a, const json& b) const override {
    const int c =
        oracle::compare_digits(a.get_ref<const std::string&>(), b.get_ref<const std::string&>());
    return reversed_ ? -c : c;
  }
  json decoded(const json& v) const override {
    return oracle::strip_zeros(v.get_ref<const std::string&>());
  }
  std::optional<std::size_t> key_length() const override {
    return static_cast<std::size_t>(width_);
  }
  std::string_view key_alphabet() const override { return "0123456789"; }
  std::string show(const json& v) const override { return v.get<std::string>(); }

 private:
  int width_;
  bool reversed_;
};

class TimestampOracle : public CodecOracle {
 public:
  TimestampOracle(json params, int precision)
      : CodecOracle("timestamp", std::move(params)), precision_(precision) {}
  Domain domain(const json& v, std::string* why) const override {
    const std::int64_t s = v.at("seconds").get<std::int64_t>();
    static const long long lo = oracle::to_unix({1, 1, 1, 0, 0, 0, 0});
    static const long long hi = oracle::to_unix({9999, 12, 31, 23, 59, 59, 0});
    if (s < lo || s > hi) {
      say(why,
          fmt::format("Unix second {} is outside 0001-01-01T00:00:00Z..9999-12-31T23:59:59Z", s));
      return Domain::kOutside;
    }
    return Domain::kInside;
  }
  int compare(const json& a, const json& b) const override {
    const auto ta = std::pair(a.at("seconds").get<std::int64_t>(), cut(a));
    const auto tb = std::pair(b.at("seconds").get<std::int64_t>(), cut(b));
    return ta < tb ? -1 : (tb < ta ? 1 : 0);
  }
  json decoded(const json& v) const override {
    return {{"seconds", v.at("seconds")}, {"nanos", cut(v)}};
  }
  std::optional<std::size_t> key_length() const override {
    return static_cast<std::size_t>(20 + (precision_ > 0 ? precision_ + 1 : 0));
  }
  std::string show(const json& v) const override {
    const std::int64_t s = v.at("seconds").get<std::int64_t>();
    const auto nanos = v.at("nanos").get<std::uint32_t>();
    std::string why;
    if (domain(v, &why) != Domain::kInside) return v.dump();
    return fmt::format("{} {}", oracle::render_utc(oracle::from_unix(s, nanos), 9), v.dump());
  }

 private:
  // The nanoseconds cut to the precision, by the oracle's digit text.
  std::uint32_t cut(const json& v) const {
    oracle::NaiveDateTime t;
    t.nanos = v.at("nanos").get<std::uint32_t>();
    return oracle::truncate_nanos(t, precision_).nanos;
  }
  int precision_;
};

class NumberOracle : public CodecOracle {
 public:
  explicit NumberOracle(json params) : CodecOracle("number", std::move(params)) {}
  Domain domain(const json& v, std::string* why) const override {
    const auto r = oracle::read_number(v.get_ref<const std::string&>());
    if (r.verdict != oracle::NaiveVerdict::kNumber) {
      say(why, fmt::format("DynamoDB refuses it: {}", oracle::verdict_name(r.verdict)));
      return Domain::kOutside;
    }
    return Domain::kInside;
  }
  int compare(const json& a, const json& b) const override {
    return oracle::compare_numbers_longhand(
        oracle::read_number(a.get_ref<const std::string&>()).value,
        oracle::read_number(b.get_ref<const std::string&>()).value);
  }
  json decoded(const json& v) const override {
    return oracle::canonical_text(oracle::read_number(v.get_ref<const std::string&>()).value);
  }
};

class NameOracle : public CodecOracle {
 public:
  NameOracle(json params, oracle::NaiveCase mode)
      : CodecOracle("name", std::move(params)), mode_(mode) {}
  Domain domain(const json& v, std::string* why) const override {
    const std::string& s = v.get_ref<const std::string&>();
    if (s.empty()) {
      say(why, "the name is empty");
      return Domain::kMayRefuse;
    }
    if (oracle::has_control(s)) {
      say(why, "the name holds a control character");
      return Domain::kMayRefuse;
    }
    return Domain::kInside;
  }
  int compare(const json& a, const json& b) const override {
    // Code-point order of the normalized forms is their UTF-8 byte order.
    return key_order(normalized(a), normalized(b));
  }
  json decoded(const json& v) const override { return normalized(v); }
  std::string show(const json& v) const override {
    return fmt::format("{} (normalized {})", v.dump(), json(normalized(v)).dump());
  }

 private:
  std::string normalized(const json& v) const {
    return oracle::expected_name_key(v.get_ref<const std::string&>(), mode_);
  }
  oracle::NaiveCase mode_;
};

class CompositeOracle : public CodecOracle {
 public:
  CompositeOracle(json params, char delimiter)
      : CodecOracle("composite", std::move(params)), delimiter_(delimiter) {}
  Domain domain(const json& v, std::string* why) const override {
    if (v.empty()) {
      say(why, "the path has no segment");
      return Domain::kMayRefuse;
    }
    for (const auto& segment : v) {
      for (char c : segment.get_ref<const std::string&>()) {
        if (static_cast<unsigned char>(c) <= static_cast<unsigned char>(delimiter_)) {
          say(why, fmt::format("a segment holds the byte 0x{:02X}, at or below the delimiter '{}'",
                               static_cast<unsigned char>(c), delimiter_));
          return Domain::kMayRefuse;
        }
      }
    }
    return Domain::kInside;
  }
  int compare(const json& a, const json& b) const override {
    return oracle::compare_tuples(a.get<oracle::NaiveTuple>(), b.get<oracle::NaiveTuple>());
  }
  json decoded(const json& v) const override { return v; }

 private:
  char delimiter_;
};

// ksuid and ulid: an integer time field and a hex field, ordered as a tuple.
class IdOracle : public CodecOracle {
 public:
  IdOracle(std::string codec, const char* time_field, const char* bytes_field, std::int64_t lo,
           std::int64_t hi, std::size_t length, std::string_view alphabet)
      : CodecOracle(std::move(codec), json::object()),
        time_field_(time_field),
        bytes_field_(bytes_field),
        lo_(lo),
        hi_(hi),
        length_(length),
        alphabet_(alphabet) {}
  Domain domain(const json& v, std::string* why) const override {
    const std::int64_t t = v.at(time_field_).get<std::int64_t>();
    if (t < lo_ || t > hi_) {
      say(why, fmt::format("{} {} is outside {}..{}", time_field_, t, lo_, hi_));
      return Domain::kOutside;
    }
    return Domain::kInside;
  }
  int compare(const json& a, const json& b) const override {
    const auto ta = std::pair(a.at(time_field_).get<std::int64_t>(),
                              lower(a.at(bytes_field_).get<std::string>()));
    const auto tb = std::pair(b.at(time_field_).get<std::int64_t>(),
                              lower(b.at(bytes_field_).get<std::string>()));
    return ta < tb ? -1 : (tb < ta ? 1 : 0);
  }
  json decoded(const json& v) const override { return v; }
  bool same_value(const json& want, const json& got) const override {
    if (!got.is_object() || !got.contains(time_field_) || !got.contains(bytes_field_) ||
        !got.at(time_field_).is_number_integer() || !got.at(bytes_field_).is_string()) {
      return false;
    }
    return got.at(time_field_) == want.at(time_field_) &&
           lower(got.at(bytes_field_).get<std::string>()) ==
               lower(want.at(bytes_field_).get<std::string>());
  }
  std::optional<std::size_t> key_length() const override { return length_; }
  std::string_view key_alphabet() const override { return alphabet_; }

 private:
  const char* time_field_;
  const char* bytes_field_;
  std::int64_t lo_, hi_;
  std::size_t length_;
  std::string_view alphabet_;
};

std::optional<int> int_param(const json& params, const char* name, int lo, int hi) {
  if (!params.is_object() || !params.contains(name) || !params.at(name).is_number_integer())
    return std::nullopt;
  const auto v = params.at(name).get<std::int64_t>();
  if (v < lo || v > hi) return std::nullopt;
  return static_cast<int>(v);
}

std::optional<std::string> string_param(const json& params, const char* name) {
  if (!params.is_object() || !params.contains(name) || !params.at(name).is_string())
    return std::nullopt;
  return params.at(name).get<std::string>();
}

// "the key K of V": the subject of most messages.
std::string key_of(const CodecOracle& o, const json& value, const Reply& r) {
  return fmt::format("the key {} of {}",
                     show_key(r.ok.is_string() ? r.ok.get<std::string>() : r.ok.dump()),
                     o.show(value));
}

std::int64_t id_time_ms(std::string_view codec, std::string_view key, std::string* problem) {
  if (codec == "ksuid") {
    auto k = decode_ksuid(key);
    if (!k) {
      *problem = describe(k.error());
      return 0;
    }
    return k->unix_seconds() * 1000;
  }
  auto u = decode_ulid_key(key);
  if (!u) {
    *problem = describe(u.error());
    return 0;
  }
  return u->unix_ms();
}

}  // namespace

// The key in an encode reply, or the failure that it is no key.
std::optional<Outcome> not_a_key(const CodecOracle& o, const json& value, const Reply& r) {
  if (!r.refused && !r.ok.is_string()) {
    return Outcome::fails(
        fmt::format("encode of {} answered {}, which is not a key (a JSON string)\n{}",
                    o.show(value), r.ok.dump(), show_exchange(r)));
  }
  return std::nullopt;
}

// Checks an encode reply for a value that is not kOutside: a refusal inside
// the domain fails; a refusal where the codec may refuse discards.
std::optional<Outcome> refusal_problem(const CodecOracle& o, const json& value, const Reply& r) {
  if (auto bad = not_a_key(o, value, r)) return bad;
  if (!r.refused) return std::nullopt;
  std::string why;
  if (o.domain(value, &why) == Domain::kMayRefuse)
    return Outcome::discard("refused a value it may refuse: " + why);
  return Outcome::fails(fmt::format("encode refused {}, a value inside the domain: {}\n{}",
                                    o.show(value), r.error, show_exchange(r)));
}

const std::vector<std::string>& protocol_codecs() {
  static const std::vector<std::string> codecs = {
      "padded", "inverse", "epoch", "timestamp", "number", "name", "composite", "ksuid", "ulid"};
  return codecs;
}

bool is_standard_format(std::string_view codec) {
  return codec == "padded" || codec == "inverse" || codec == "epoch" || codec == "timestamp" ||
         codec == "ksuid" || codec == "ulid";
}

json encode_request(std::string_view codec, const json& params, const json& value) {
  return {{"op", "encode"}, {"codec", codec}, {"params", params}, {"value", value}};
}
json decode_request(std::string_view codec, const json& params, std::string_view key) {
  return {{"op", "decode"}, {"codec", codec}, {"params", params}, {"key", key}};
}
json generate_request(std::string_view codec, int count) {
  return {{"op", "generate"}, {"codec", codec}, {"params", {{"count", count}}}};
}

std::string request_line(std::int64_t id, const json& request) {
  std::string line = fmt::format("{{\"id\":{}", id);
  for (const char* first : {"op", "codec", "params"}) {
    if (request.contains(first)) line += fmt::format(",\"{}\":{}", first, request.at(first).dump());
  }
  for (const auto& [name, field] : request.items()) {
    if (name == "op" || name == "codec" || name == "params" || name == "id") continue;
    line += fmt::format(",{}:{}", json(name).dump(), field.dump());
  }
  return line + "}";
}

std::string show_exchange(const Reply& reply) {
  return fmt::format("  request:  {}\n  response: {}", reply.request, reply.response);
}

std::unique_ptr<CodecOracle> make_oracle(std::string_view codec, const json& params) {
  if (codec == "padded" || codec == "inverse") {
    const auto width = int_param(params, "width", 1, 38);
    if (!width) return nullptr;
    return std::make_unique<DigitsOracle>(std::string(codec), params, *width, codec == "inverse");
  }
  if (codec == "epoch") {
    const auto width = int_param(params, "width", 1, 38);
    const auto unit = string_param(params, "unit");
    if (!width || !unit || (*unit != "s" && *unit != "ms" && *unit != "us" && *unit != "ns"))
      return nullptr;
    return std::make_unique<DigitsOracle>("epoch", params, *width, false);
  }
  if (codec == "timestamp") {
    const auto precision = int_param(params, "precision", 0, 9);
    if (!precision) return nullptr;
    return std::make_unique<TimestampOracle>(params, *precision);
  }
  if (codec == "number") return std::make_unique<NumberOracle>(json::object());
  if (codec == "name") {
    const auto mode = string_param(params, "case");
    if (mode == "upper") return std::make_unique<NameOracle>(params, oracle::NaiveCase::kUpper);
    if (mode == "lower") return std::make_unique<NameOracle>(params, oracle::NaiveCase::kLower);
    if (mode == "fold") return std::make_unique<NameOracle>(params, oracle::NaiveCase::kFold);
    return nullptr;
  }
  if (codec == "composite") {
    const auto d = string_param(params, "delimiter");
    if (!d || d->size() != 1 || static_cast<unsigned char>((*d)[0]) > 0x7F) return nullptr;
    return std::make_unique<CompositeOracle>(params, (*d)[0]);
  }
  if (codec == "ksuid") {
    return std::make_unique<IdOracle>("ksuid", "timestamp", "payload", kKsuidEpoch,
                                      kKsuidEpoch + std::int64_t{0xFFFFFFFF}, kKsuidTextSize,
                                      oracle::kNaiveBase62);
  }
  if (codec == "ulid") {
    return std::make_unique<IdOracle>("ulid", "time", "random", 0, kUlidMaxTime, kUlidTextSize,
                                      oracle::kNaiveCrockford);
  }
  return nullptr;
}

Outcome order(CodecService& service, const CodecOracle& o, const json& a, const json& b) {
  if (o.domain(a) == Domain::kOutside || o.domain(b) == Domain::kOutside) {
    return Outcome::discard("a value outside the domain");
  }
  const auto replies = service.call(
      {encode_request(o.codec(), o.params(), a), encode_request(o.codec(), o.params(), b)});
  if (auto p = refusal_problem(o, a, replies[0])) return *p;
  if (auto p = refusal_problem(o, b, replies[1])) return *p;
  const std::string& ka = replies[0].ok.get_ref<const std::string&>();
  const std::string& kb = replies[1].ok.get_ref<const std::string&>();
  const int want = o.compare(a, b);
  const int got = key_order(ka, kb);
  if (want == got) return Outcome::holds();
  return Outcome::fails(fmt::format("{} {} {} but their keys {} {} {}\n{}\n{}", o.show(a),
                                    order_word(want), o.show(b), show_key(ka), order_word(got),
                                    show_key(kb), show_exchange(replies[0]),
                                    show_exchange(replies[1])));
}

Outcome round_trip(CodecService& service, const CodecOracle& o, const json& value) {
  if (o.domain(value) == Domain::kOutside) return Outcome::discard("a value outside the domain");
  const Reply enc = service.call_one(encode_request(o.codec(), o.params(), value));
  if (auto p = refusal_problem(o, value, enc)) return *p;
  const std::string& key = enc.ok.get_ref<const std::string&>();
  const Reply dec = service.call_one(decode_request(o.codec(), o.params(), key));
  if (dec.refused) {
    return Outcome::fails(fmt::format("decode refused {}: {}\n{}\n{}", key_of(o, value, enc),
                                      dec.error, show_exchange(enc), show_exchange(dec)));
  }
  const json want = o.decoded(value);
  if (o.same_value(want, dec.ok)) return Outcome::holds();
  return Outcome::fails(fmt::format("{} -> {} -> {}, expected {}\n{}\n{}", o.show(value),
                                    show_key(key), dec.ok.dump(), want.dump(), show_exchange(enc),
                                    show_exchange(dec)));
}

Outcome fixed_width(CodecService& service, const CodecOracle& o, const json& value) {
  if (o.domain(value) == Domain::kOutside) return Outcome::discard("a value outside the domain");
  const Reply enc = service.call_one(encode_request(o.codec(), o.params(), value));
  if (auto p = refusal_problem(o, value, enc)) return *p;
  const std::string& key = enc.ok.get_ref<const std::string&>();
  if (auto n = o.key_length(); n && key.size() != *n) {
    return Outcome::fails(fmt::format("{} has {} bytes, not {}\n{}", key_of(o, value, enc),
                                      key.size(), *n, show_exchange(enc)));
  }
  if (const auto alphabet = o.key_alphabet(); !alphabet.empty()) {
    for (std::size_t i = 0; i < key.size(); ++i) {
      if (alphabet.find(key[i]) == std::string_view::npos) {
        return Outcome::fails(fmt::format("{} holds {} at byte {}, outside the alphabet {}\n{}",
                                          key_of(o, value, enc), show_key(key.substr(i, 1)), i,
                                          alphabet, show_exchange(enc)));
      }
    }
  }
  return Outcome::holds();
}

Outcome refuses_out_of_range(CodecService& service, const CodecOracle& o, const json& value) {
  std::string why;
  const Domain d = o.domain(value, &why);
  const Reply enc = service.call_one(encode_request(o.codec(), o.params(), value));
  if (auto bad = not_a_key(o, value, enc)) return *bad;
  if (d == Domain::kOutside && !enc.refused) {
    return Outcome::fails(
        fmt::format("{} is outside the domain ({}), yet encode returned the key {}\n{}",
                    o.show(value), why, show_key(enc.ok.get<std::string>()), show_exchange(enc)));
  }
  if (d == Domain::kInside && enc.refused) {
    return Outcome::fails(fmt::format("encode refused {}, a value inside the domain: {}\n{}",
                                      o.show(value), enc.error, show_exchange(enc)));
  }
  return Outcome::holds();
}

Outcome injective(CodecService& service, const CodecOracle& o, const std::vector<json>& values) {
  std::vector<json> inside;
  std::vector<json> requests;
  for (const json& v : values) {
    if (o.domain(v) == Domain::kOutside) continue;
    inside.push_back(v);
    requests.push_back(encode_request(o.codec(), o.params(), v));
  }
  if (inside.size() < 2) return Outcome::discard("fewer than two values inside the domain");
  const auto replies = service.call(requests);
  std::vector<std::size_t> accepted;
  for (std::size_t i = 0; i < inside.size(); ++i) {
    if (auto bad = not_a_key(o, inside[i], replies[i])) return *bad;
    if (!replies[i].refused) {
      accepted.push_back(i);
    } else if (o.domain(inside[i]) == Domain::kInside) {
      return Outcome::fails(fmt::format("encode refused {}, a value inside the domain: {}\n{}",
                                        o.show(inside[i]), replies[i].error,
                                        show_exchange(replies[i])));
    }
  }
  for (std::size_t x = 0; x < accepted.size(); ++x) {
    for (std::size_t y = x + 1; y < accepted.size(); ++y) {
      const std::size_t i = accepted[x], j = accepted[y];
      const bool want_same = o.compare(inside[i], inside[j]) == 0;
      const bool got_same = replies[i].ok == replies[j].ok;
      if (want_same == got_same) continue;
      return Outcome::fails(fmt::format(
          "{} and {} {}, yet their keys are {} and {}\n{}\n{}", o.show(inside[i]),
          o.show(inside[j]), want_same ? "must share one key" : "are different values",
          show_key(replies[i].ok.get<std::string>()), show_key(replies[j].ok.get<std::string>()),
          show_exchange(replies[i]), show_exchange(replies[j])));
    }
  }
  return Outcome::holds();
}

Outcome matches_reference(CodecService& subject, CodecService& reference, const CodecOracle& o,
                          const json& value, bool* agrees) {
  const json request = encode_request(o.codec(), o.params(), value);
  const Reply mine = subject.call_one(request);
  if (auto bad = not_a_key(o, value, mine)) return *bad;
  const Reply ref = reference.call_one(request);
  const bool same = mine.refused == ref.refused && (mine.refused || mine.ok == ref.ok);
  if (agrees != nullptr) *agrees = same;
  if (same || !is_standard_format(o.codec())) return Outcome::holds();
  const auto answer = [](const Reply& r) {
    return r.refused ? fmt::format("refuses it ({})", r.error)
                     : fmt::format("encodes it as {}", show_key(r.ok.get<std::string>()));
  };
  return Outcome::fails(
      fmt::format("for {} the reference {}, but the adapter {}\n{}\n  reference: {}", o.show(value),
                  answer(ref), answer(mine), show_exchange(mine), ref.response));
}

Outcome generate_monotonic(CodecService& service, std::string_view codec, int count,
                           std::string* last, std::int64_t now_ms) {
  const Reply r = service.call_one(generate_request(codec, count));
  if (r.refused) {
    return Outcome::fails(fmt::format("generate refused to make {} {}s: {}\n{}", count, codec,
                                      r.error, show_exchange(r)));
  }
  if (!r.ok.is_array() || r.ok.size() != static_cast<std::size_t>(count)) {
    return Outcome::fails(fmt::format("generate answered {}, not an array of {} keys\n{}",
                                      r.ok.dump(), count, show_exchange(r)));
  }
  constexpr std::int64_t kSlackMs = 3600 * 1000;
  std::string previous = *last;
  for (std::size_t i = 0; i < r.ok.size(); ++i) {
    if (!r.ok[i].is_string()) {
      return Outcome::fails(fmt::format("generate answered {} at index {}, not a key\n{}",
                                        r.ok[i].dump(), i, show_exchange(r)));
    }
    const std::string key = r.ok[i].get<std::string>();
    std::string problem;
    const std::int64_t ms = id_time_ms(codec, key, &problem);
    if (!problem.empty()) {
      return Outcome::fails(
          fmt::format("generate answered {} at index {}, which is no valid {}: {}\n{}",
                      show_key(key), i, codec, problem, show_exchange(r)));
    }
    if (ms < now_ms - kSlackMs || ms > now_ms + kSlackMs) {
      return Outcome::fails(fmt::format(
          "{} at index {} carries the time {} ms, more than an hour from the clock's {} ms\n{}",
          show_key(key), i, ms, now_ms, show_exchange(r)));
    }
    if (!previous.empty() && key <= previous) {
      return Outcome::fails(fmt::format(
          "{} at index {} is not above the key before it, {}{}: the generator is not monotonic\n{}",
          show_key(key), i, show_key(previous),
          i == 0 ? " (the last key of the previous generate request)" : "", show_exchange(r)));
    }
    previous = key;
  }
  *last = previous;
  return Outcome::holds();
}

}  // namespace sortkey::props::contract
