// The DynamoDB Number codec's entries in the property catalog.

#include <fmt/format.h>

#include <string>
#include <vector>

#include "oracles/naive_decimal.h"
#include "properties/catalog.h"
#include "properties/gen/bytes_gen.h"
#include "properties/gen/number_gen.h"
#include "properties/props/number_props.h"
#include "sortkey/number.h"

namespace sortkey::props {
namespace {

const char* sign_tag(const oracle::NaiveNumber& n) {
  return n.digits.empty() ? "zero" : (n.negative ? "negative" : "positive");
}

// Where in the range a value lies, for the distribution.
std::string place_tag(const oracle::NaiveNumber& n) {
  if (n.digits.empty()) return "zero";
  if (n.sci <= -129) return "near 1E-130";
  if (n.sci >= 124) return "near 1E+126";
  return n.digits.size() == 38 ? "38 digits" : "inside";
}

oracle::NaiveNumber value_of(const NumberText& t) { return oracle::read_number(t.text).value; }

rc::Gen<std::string> gen_valid_key() {
  return rc::gen::map(gen_number_value(), [](const NumberValue& v) {
    return encode_number(oracle::canonical_text(v.n)).value_or(std::string());
  });
}

// A valid key with one byte of the key alphabet [0-9:] (or '#') inserted or
// replaced anywhere: the near misses of a strict decoder (zero digits at
// either end of the mantissa, a 39th digit, an exponent field above 255, a
// moved terminator).
rc::Gen<std::string> gen_near_miss_key() {
  return rc::gen::exec([] {
    std::string key = *gen_valid_key();
    std::vector<std::size_t> positions(key.size() + 1);
    for (std::size_t i = 0; i < positions.size(); ++i) positions[i] = i;
    const std::size_t at = *rc::gen::elementOf(positions);
    const char c = *rc::gen::elementOf(std::string("0123456789:#"));
    if (at < key.size() && *rc::gen::arbitrary<bool>()) {
      key[at] = c;
    } else {
      key.insert(at, 1, c);
    }
    return key;
  });
}

// Valid keys, near misses, mutated keys and arbitrary bytes: the total-decode input.
rc::Gen<std::string> gen_number_candidate() {
  return rc::gen::weightedOneOf<std::string>(
      {{2, gen_near_miss_key()}, {2, gen_mutated(gen_valid_key())}, {1, gen_bytes()}});
}

// A property over the texts `gen` draws: each is accepted or refused as
// DynamoDB does, with DynamoDB's message.
auto text_verdict(rc::Gen<NumberText> gen) {
  return [gen] {
    const NumberText t = *gen;
    RC_TAG(oracle::verdict_name(oracle::read_number(t.text).verdict));
    rc_require(number_text_verdict(t.text));
  };
}

}  // namespace

void add_number_properties(Catalog& c) {
  c.add("number", "round_trip",
        "decode(encode(parse(t))) is the value the oracle reads in t, and to_string gives "
        "DynamoDB's canonical text",
        [] {
          const NumberText t = *gen_number_text();
          RC_TAG(place_tag(value_of(t)));
          rc_require(number_round_trip(t.text));
        });
  c.add("number", "order",
        "key(a) <=> key(b) has the sign of a <=> b by long-hand comparison, equality included", [] {
          const auto [va, vb] = *gen_related_values();
          const NumberText a = *gen_spelling(va);
          const NumberText b = *gen_spelling(vb);
          const int cmp = oracle::compare_numbers_longhand(va.n, vb.n);
          RC_CLASSIFY(cmp == 0, "equal");
          RC_CLASSIFY(cmp == 0 && a.text != b.text, "equal, spelled differently");
          RC_CLASSIFY(va.n.negative != vb.n.negative, "signs differ");
          RC_CLASSIFY(va.n.digits == vb.n.digits && va.n.sci != vb.n.sci,
                      "same digits, other exponent");
          RC_CLASSIFY(va.n.digits.size() == 38 || vb.n.digits.size() == 38, "38 digits");
          RC_CLASSIFY(va.n.sci == vb.n.sci && va.n.digits.size() == vb.n.digits.size() &&
                          va.n.digits != vb.n.digits &&
                          va.n.digits.substr(0, va.n.digits.size() - 1) ==
                              vb.n.digits.substr(0, vb.n.digits.size() - 1),
                      "differ in the last digit only");
          RC_CLASSIFY(va.n.sci == vb.n.sci && va.n.digits != vb.n.digits &&
                          (va.n.digits.rfind(vb.n.digits, 0) == 0 ||
                           vb.n.digits.rfind(va.n.digits, 0) == 0),
                      "one mantissa a prefix of the other");
          RC_CLASSIFY(va.n.sci == -130 || vb.n.sci == -130, "1E-130 decade");
          RC_CLASSIFY(va.n.sci == 125 || vb.n.sci == 125, "top decade");
          rc_require(number_order(a.text, b.text));
        });
  c.add(
      "number", "spellings",
      "every spelling of one value (exponent, zeros, '+', \".5\", \"5.\") gives the identical key",
      [] {
        const NumberValue v = *gen_number_value();
        const NumberText a = *gen_spelling(v);
        const NumberText b = *gen_spelling(v);
        RC_TAG(sign_tag(v.n));
        RC_CLASSIFY(a.text != b.text, "spelled differently");
        rc_require(number_spellings(a.text, b.text));
      });
  c.add("number", "range_errors",
        "text is accepted iff DynamoDB accepts it; overflow, underflow and over-precision fail "
        "with DynamoDB's message",
        text_verdict(gen_range_text()));
  c.add("number", "rejects_bad_text",
        "malformed text (NaN, Infinity, spaces, stray signs and dots, any bytes) fails as "
        "DynamoDB's 'cannot be converted to a numeric value'",
        text_verdict(gen_malformed_text()));
  c.add("number", "rejects_malformed",
        "truncated and extended keys are rejected or canonical; leading or trailing zero digits, "
        "bad terminators, exponents above 255 and 39th digits are rejected",
        [] {
          const NumberText t = *gen_number_text();
          const char extra = *gen_tricky_byte();
          RC_TAG(sign_tag(value_of(t)));
          rc_require(number_rejects_malformed(t.text, extra));
        });
  c.add("number", "total_decode",
        "decode of any bytes errs cleanly or returns the value of exactly that key", [] {
          const std::string bytes = *gen_number_candidate();
          RC_CLASSIFY(decode_number(bytes).has_value(), "accepted");
          rc_require(number_total_decode(bytes));
        });
  c.add("number", "suffix_order",
        "enc(a)+\"#\"+x vs enc(b)+\"#\"+y orders as the tuples (a, x) and (b, y); consume reads a "
        "back",
        [] {
          const auto [va, vb] = *gen_related_values();
          const NumberText a = *gen_spelling(va);
          const NumberText b = *gen_spelling(vb);
          const std::string x = *gen_bytes();
          const std::string y =
              *rc::gen::weightedOneOf<std::string>({{1, rc::gen::just(x)}, {2, gen_bytes()}});
          RC_CLASSIFY(oracle::compare_numbers_longhand(va.n, vb.n) == 0, "equal numbers");
          rc_require(number_suffix_order(a.text, x, b.text, y));
        });
  c.add("number", "printable",
        "every key byte is in [0-9:], at most 43 bytes, led by '1', '2' or '3' for the sign", [] {
          const NumberText t = *gen_number_text();
          RC_TAG(sign_tag(value_of(t)));
          rc_require(number_printable(t.text));
        });
}

}  // namespace sortkey::props
