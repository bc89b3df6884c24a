#include "properties/props/number_props.h"

#include <fmt/format.h>

#include <string>

#include "oracles/naive_decimal.h"
#include "properties/props/common.h"
#include "sortkey/number.h"

namespace sortkey::props {
namespace {

using oracle::NaiveNumber;
using oracle::NaiveVerdict;

std::string q(std::string_view text) { return show_key(text); }

// a + b + c by append: GCC 12 at -O3 warns falsely (-Wrestrict) on std::string operator+.
std::string cat(std::string_view a, std::string_view b, std::string_view c = {}) {
  std::string out;
  out.reserve(a.size() + b.size() + c.size());
  out.append(a);
  out.append(b);
  out.append(c);
  return out;
}

// The oracle's reading of an in-range text, or a discard.
struct Valid {
  bool ok = false;
  NaiveNumber value;
};
Valid valid(std::string_view text) {
  const oracle::NaiveReading r = oracle::read_number(text);
  return Valid{r.verdict == NaiveVerdict::kNumber, r.value};
}

// The codec's value agrees with the oracle's: same sign, digits, and the
// codec's exponent E (0.d x 10^E) is the oracle's sci + 1 (d.d x 10^sci).
// `got` is what fn(arg) gave; the message names it only on a failure.
Outcome same_value(std::string_view fn, std::string_view arg, const Number& got,
                   const NaiveNumber& want) {
  const bool agree = got.is_zero()
                         ? want.digits.empty()
                         : got.is_negative() == want.negative && got.digits() == want.digits &&
                               got.exponent() == want.sci + 1;
  if (agree) return Outcome::holds();
  return Outcome::fails(fmt::format("{}({}) is {} (digits {}, exponent {}), but the value is {}",
                                    fn, q(arg), to_string(got), q(got.digits()), got.exponent(),
                                    oracle::show_number(want)));
}

// The key of an accepted text; a failure if parse rejects it.
Outcome key_of(std::string_view text, std::string& key) {
  auto n = parse_number(text);
  if (!n)
    return Outcome::fails(fmt::format("parse_number({}) failed: {}", q(text), describe(n.error())));
  key = encode_number(*n);
  return Outcome::holds();
}

// Decoding `bytes` fails, or gives a value whose key is exactly `bytes`.
Outcome rejected_or_canonical(std::string_view bytes, std::string_view from) {
  auto v = decode_number(bytes);
  if (!v) return Outcome::holds();
  const std::string again = encode_number(*v);
  if (again != bytes) {
    return Outcome::fails(fmt::format(
        "{} (made from the key {}) decoded to {}, whose key is {}: non-canonical key accepted",
        q(bytes), q(from), to_string(*v), q(again)));
  }
  return Outcome::holds();
}

Outcome must_reject(std::string_view bytes, std::string_view from, std::string_view why) {
  auto v = decode_number(bytes);
  if (!v) return Outcome::holds();
  return Outcome::fails(fmt::format("{} ({}, made from the key {}) decoded to {}", q(bytes), why,
                                    q(from), to_string(*v)));
}

}  // namespace

Outcome number_round_trip(std::string_view text) {
  const Valid want = valid(text);
  if (!want.ok) return Outcome::discard("not an in-range number");
  auto n = parse_number(text);
  if (!n)
    return Outcome::fails(fmt::format("parse_number({}) failed: {}", q(text), describe(n.error())));
  if (Outcome o = same_value("parse_number", text, *n, want.value); !o.ok()) return o;
  const std::string key = encode_number(*n);
  auto back = decode_number(key);
  if (!back)
    return Outcome::fails(
        fmt::format("key {} of {} does not decode: {}", q(key), q(text), describe(back.error())));
  if (!(*back == *n)) {
    return Outcome::fails(fmt::format("{} -> {} -> {}, expected {}", q(text), q(key),
                                      to_string(*back), to_string(*n)));
  }
  const std::string canonical = oracle::canonical_text(want.value);
  if (to_string(*n) != canonical) {
    return Outcome::fails(fmt::format("to_string(parse_number({})) is {}, DynamoDB returns {}",
                                      q(text), q(to_string(*n)), q(canonical)));
  }
  return Outcome::holds();
}

Outcome number_order(std::string_view a, std::string_view b) {
  const Valid va = valid(a);
  const Valid vb = valid(b);
  if (!va.ok || !vb.ok) return Outcome::discard("not an in-range number");
  std::string ka;
  std::string kb;
  if (Outcome o = key_of(a, ka); !o.ok()) return o;
  if (Outcome o = key_of(b, kb); !o.ok()) return o;
  const int want = oracle::compare_numbers_longhand(va.value, vb.value);
  const int got = key_order(ka, kb);
  if (want != got) {
    return Outcome::fails(fmt::format("{} {} {} but keys {} {} {}", q(a), order_word(want), q(b),
                                      q(ka), order_word(got), q(kb)));
  }
  const int cmp = compare_numbers(*parse_number(a), *parse_number(b));
  if (cmp != want) {
    return Outcome::fails(fmt::format("{} {} {} but compare_numbers says {}", q(a),
                                      order_word(want), q(b), order_word(cmp)));
  }
  return Outcome::holds();
}

Outcome number_spellings(std::string_view a, std::string_view b) {
  const Valid va = valid(a);
  const Valid vb = valid(b);
  if (!va.ok || !vb.ok) return Outcome::discard("not an in-range number");
  if (oracle::compare_numbers_longhand(va.value, vb.value) != 0)
    return Outcome::discard("different values");
  std::string ka;
  std::string kb;
  if (Outcome o = key_of(a, ka); !o.ok()) return o;
  if (Outcome o = key_of(b, kb); !o.ok()) return o;
  if (ka != kb) {
    return Outcome::fails(fmt::format("{} and {} spell the value {}, but their keys are {} and {}",
                                      q(a), q(b), oracle::show_number(va.value), q(ka), q(kb)));
  }
  return Outcome::holds();
}

Outcome number_text_verdict(std::string_view text) {
  const oracle::NaiveReading want = oracle::read_number(text);
  auto got = parse_number(text);
  if (want.verdict == NaiveVerdict::kNumber) {
    if (!got)
      return Outcome::fails(fmt::format("DynamoDB accepts {}, parse_number failed: {}", q(text),
                                        describe(got.error())));
    return same_value("parse_number", text, *got, want.value);
  }
  if (got) {
    return Outcome::fails(fmt::format("DynamoDB rejects {} ({}), parse_number gave {}", q(text),
                                      oracle::verdict_name(want.verdict), to_string(*got)));
  }
  const Error& e = got.error();
  if (e.offset > text.size()) {
    return Outcome::fails(fmt::format("the error on {} has offset {} past its {} bytes", q(text),
                                      e.offset, text.size()));
  }
  const std::string_view message = oracle::dynamodb_message(want.verdict);
  if (want.verdict == NaiveVerdict::kNotANumber) {
    const bool code_ok = e.code == ErrorCode::kEmpty || e.code == ErrorCode::kBadCharacter ||
                         e.code == ErrorCode::kBadFormat;
    if (!code_ok || e.message.find(message) == std::string::npos) {
      return Outcome::fails(
          fmt::format("{} is not a number, but the error is: {}", q(text), describe(e)));
    }
    return Outcome::holds();
  }
  if (e.code != ErrorCode::kOutOfRange || e.message.rfind(message, 0) != 0) {
    return Outcome::fails(fmt::format("{} is {} (\"{}\"), but the error is: {}", q(text),
                                      oracle::verdict_name(want.verdict), message, describe(e)));
  }
  return Outcome::holds();
}

Outcome number_rejects_malformed(std::string_view text, char extra) {
  const Valid want = valid(text);
  if (!want.ok) return Outcome::discard("not an in-range number");
  std::string key;
  if (Outcome o = key_of(text, key); !o.ok()) return o;
  const NaiveNumber& n = want.value;
  const bool zero = n.digits.empty();

  // Truncations and one-byte extensions: rejected, or canonical keys of other values.
  for (std::size_t len = 0; len < key.size(); ++len) {
    const std::string_view prefix = std::string_view(key).substr(0, len);
    if (n.negative || zero) {
      if (Outcome o = must_reject(prefix, key, "a proper prefix of a key that is self-delimited");
          !o.ok())
        return o;
    } else if (Outcome o = rejected_or_canonical(prefix, key); !o.ok()) {
      return o;
    }
  }
  std::string extended(key.size() + 1, '\0');  // key + c, then c + key
  for (char c : {extra, '0', '9', ':', '#'}) {
    key.copy(extended.data(), key.size());
    extended.back() = c;
    if (Outcome o = rejected_or_canonical(extended, key); !o.ok()) return o;
    extended.front() = c;
    key.copy(extended.data() + 1, key.size());
    if (Outcome o = rejected_or_canonical(extended, key); !o.ok()) return o;
  }
  if (zero) {
    return must_reject(cat(key, std::string_view(&extra, 1)), key, "zero followed by a byte");
  }

  // The keys encode never makes from this value.
  const std::size_t last = n.negative ? key.size() - 2 : key.size() - 1;  // the last digit
  const char zero_digit = n.negative ? '9' : '0';
  std::string trailing = key;
  trailing.insert(last + 1, 1, zero_digit);
  std::string leading = key;
  leading.insert(4, 1, zero_digit);
  std::string high_exponent = key;
  high_exponent.replace(1, 3, fmt::format("{:03}", 256 + static_cast<unsigned char>(extra) % 744));
  const Outcome checks[] = {
      must_reject(trailing, key, "a trailing zero digit"),
      must_reject(leading, key, "a leading zero digit"),
      must_reject(high_exponent, key, "an exponent field above 255"),
  };
  for (const Outcome& o : checks) {
    if (!o.ok()) return o;
  }
  if (n.digits.size() == 38) {
    std::string longer = key;
    longer.insert(last + 1, 1, n.negative ? '8' : '1');
    if (Outcome o = must_reject(longer, key, "a 39th digit"); !o.ok()) return o;
  }
  if (n.negative) {
    if (Outcome o = must_reject(key.substr(0, key.size() - 1), key, "no terminator"); !o.ok())
      return o;
    if (extra != ':') {
      std::string wrong = key;
      wrong.back() = extra;
      if (Outcome o = must_reject(wrong, key, "a wrong terminator"); !o.ok()) return o;
    }
  }
  return Outcome::holds();
}

Outcome number_total_decode(std::string_view bytes) {
  // One decode serves both checks: its result is handed to the first.
  Result<Number> decoded = decode_number(bytes);
  const bool accepted = decoded.has_value();
  const Number value = accepted ? *decoded : Number();
  if (Outcome o = decode_is_total_and_canonical(
          bytes, [&](std::string_view) { return std::move(decoded); },
          [](const Number& v) -> Result<std::string> { return encode_number(v); });
      !o.ok()) {
    return o;
  }
  // encode copies digits faithfully, so a decoder that let a leading or
  // trailing zero digit through would still look canonical above; the
  // decoded Number must also be the normalized value its own text denotes.
  if (!accepted) return Outcome::holds();
  const std::string text = to_string(value);
  const oracle::NaiveReading r = oracle::read_number(text);
  if (r.verdict != NaiveVerdict::kNumber) {
    return Outcome::fails(fmt::format("{} decoded to {}, which DynamoDB reads as {}", q(bytes),
                                      q(text), oracle::verdict_name(r.verdict)));
  }
  return same_value("decode_number", bytes, value, r.value);
}

Outcome number_suffix_order(std::string_view a, std::string_view x, std::string_view b,
                            std::string_view y) {
  const Valid va = valid(a);
  const Valid vb = valid(b);
  if (!va.ok || !vb.ok) return Outcome::discard("not an in-range number");
  std::string ka;
  std::string kb;
  if (Outcome o = key_of(a, ka); !o.ok()) return o;
  if (Outcome o = key_of(b, kb); !o.ok()) return o;
  const std::string left = cat(ka, "#", x);
  const std::string right = cat(kb, "#", y);
  int want = oracle::compare_numbers_longhand(va.value, vb.value);
  if (want == 0) want = key_order(x, y);
  const int got = key_order(left, right);
  if (want != got) {
    return Outcome::fails(fmt::format("({}, {}) {} ({}, {}) but keys {} {} {}", q(a), q(x),
                                      order_word(want), q(b), q(y), q(left), order_word(got),
                                      q(right)));
  }
  std::string_view in = left;
  auto back = consume_number(in);
  if (!back)
    return Outcome::fails(
        fmt::format("consume_number({}) failed: {}", q(left), describe(back.error())));
  if (Outcome o = same_value("consume_number", left, *back, va.value); !o.ok()) return o;
  if (in != cat("#", x)) {
    return Outcome::fails(
        fmt::format("consume_number({}) left {}, expected {}", q(left), q(in), q(cat("#", x))));
  }
  return Outcome::holds();
}

Outcome number_printable(std::string_view text) {
  const Valid want = valid(text);
  if (!want.ok) return Outcome::discard("not an in-range number");
  std::string key;
  if (Outcome o = key_of(text, key); !o.ok()) return o;
  for (char c : key) {
    if (!((c >= '0' && c <= '9') || c == ':')) {
      return Outcome::fails(
          fmt::format("the key {} of {} holds a byte outside [0-9:]", q(key), q(text)));
    }
  }
  if (key.empty() || key.size() > kNumberMaxKeySize) {
    return Outcome::fails(
        fmt::format("the key {} of {} has {} bytes", q(key), q(text), key.size()));
  }
  const char want_first = want.value.digits.empty() ? '2' : (want.value.negative ? '1' : '3');
  if (key[0] != want_first) {
    return Outcome::fails(fmt::format("the key {} of {} starts with '{}', expected '{}'", q(key),
                                      q(text), key[0], want_first));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
