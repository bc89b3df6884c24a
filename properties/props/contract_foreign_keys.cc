#include "properties/props/contract_foreign_keys.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "oracles/naive_casefold.h"
#include "properties/props/common.h"

namespace sortkey::props::contract {
namespace {

// Bytes outside the alphabets of the fixed formats: each next to a range of
// one ('/' and ':' around the digits, '@' '[' around the upper case, '`' '{'
// around the lower case, '_' between the two cases); what number parsers
// skip or take for a sign ('+' '-' '_' ' ', Python's int("1_0") is 10); and
// two code points some languages take for digits (U+0661 ARABIC-INDIC DIGIT
// ONE, U+FF10 FULLWIDTH DIGIT ZERO: Python's str.isdigit, Unicode's Nd).
const std::vector<std::string>& outside_bytes() {
  static const std::vector<std::string> bytes = {
      "!", "/", ":", "@", "[", "`", "{", "_", "+", "-", " ", "\x7f", "\xd9\xa1", "\xef\xbc\x90"};
  return bytes;
}

std::string replaced(std::string_view key, std::size_t at, std::size_t count, std::string_view by) {
  std::string k(key);
  k.replace(at, count, by);
  return k;
}

std::string mapped(std::string_view key, int (*f)(int)) {
  std::string k(key);
  for (char& c : k) c = static_cast<char>(f(static_cast<unsigned char>(c)));
  return k;
}

int to_upper(int c) { return std::toupper(c); }
int to_lower(int c) { return std::tolower(c); }
int swap_case(int c) { return std::isupper(c) ? std::tolower(c) : std::toupper(c); }

// Collects the variants of one key: valid UTF-8, each once, never the key itself.
class Variants {
 public:
  explicit Variants(std::string_view original) : original_(original) {}
  void add(std::string key, std::string what) {
    if (key == original_ || !oracle::is_valid_utf8(key) || !seen_.insert(key).second) return;
    out_.push_back({std::move(key), std::move(what)});
  }
  std::vector<ForeignKey> take() { return std::move(out_); }

 private:
  std::string original_;
  std::set<std::string> seen_;
  std::vector<ForeignKey> out_;
};

void common_variants(Variants& v, std::string_view key, std::string_view alphabet) {
  const std::size_t n = key.size();
  v.add("", "the empty key");
  for (std::size_t len : {std::size_t{1}, n / 2, n - 1}) {
    if (n > 0 && len < n)
      v.add(std::string(key.substr(0, len)),
            fmt::format("cut to {} byte{}", len, len == 1 ? "" : "s"));
  }
  const std::string last(1, alphabet.empty() ? '~' : alphabet.back());
  for (const std::string& e : {std::string("0"), last, std::string("!")})
    v.add(std::string(key) + e, fmt::format("extended by {}", show_key(e)));
  v.add(replaced(key, 0, 0, "0"), "with a '0' in front");
  // Every outside byte at the first, the middle and the last byte; one of
  // them in turn at up to 40 more positions.
  const auto& bytes = outside_bytes();
  const auto at = [&](std::size_t i, const std::string& b) {
    v.add(replaced(key, i, 1, b), fmt::format("byte {} replaced by {}", i, show_key(b)));
  };
  if (n == 0) return;
  for (std::size_t i : {std::size_t{0}, n / 2, n - 1}) {
    for (const std::string& b : bytes) at(i, b);
  }
  const std::size_t stride = std::max<std::size_t>(1, n / 40);
  for (std::size_t i = 0; i < n; i += stride) at(i, bytes[(i / stride) % bytes.size()]);
}

void digits_variants(Variants& v, std::string_view key) {
  const std::string k(key);
  v.add(replaced(key, 0, 0, "1"), "with a '1' in front (one digit more than the width)");
  v.add(replaced(key, 0, 0, "9"), "with a '9' in front (one digit more than the width)");
  if (!key.empty()) v.add(k.substr(1), "without its first digit (one digit less than the width)");
}

void timestamp_variants(Variants& v, std::string_view key) {
  // YYYY-MM-DDTHH:MM:SS[.F...]Z
  if (key.size() < 20) return;
  const std::size_t z = key.size() - 1;
  v.add(replaced(key, 10, 1, "t"), "with a lower-case 't'");
  v.add(replaced(key, z, 1, "z"), "with a lower-case 'z'");
  v.add(replaced(replaced(key, z, 1, "z"), 10, 1, "t"), "with lower-case 't' and 'z'");
  v.add(replaced(key, z, 1, "+00:00"), "with \"+00:00\" for \"Z\"");
  if (key.find('.') == std::string_view::npos) {
    v.add(replaced(key, z, 0, ".0"), "with a fraction digit the precision does not have");
  } else {
    v.add(replaced(key, z, 0, "0"), "with one fraction digit more than the precision");
    v.add(replaced(key, z - 1, 1, ""), "with one fraction digit less than the precision");
    v.add(replaced(key, 19, z - 19, ""), "without its fraction");
  }
  struct Field {
    std::size_t at;
    const char* text;
  };
  for (const Field& f : {Field{0, "0000"}, Field{5, "00"}, Field{5, "13"}, Field{8, "00"},
                         Field{8, "32"}, Field{8, "31"}, Field{5, "02-29"}, Field{5, "02-30"},
                         Field{11, "24"}, Field{14, "60"}, Field{17, "60"}}) {
    const std::string_view text = f.text;
    v.add(replaced(key, f.at, text.size(), text),
          fmt::format("with {} at byte {} (out of range, or another date)", show_key(text), f.at));
  }
}

void number_variants(Variants& v, std::string_view key) {
  // zero "2"; positive "3" e' d1..dn; negative "1" (255 - e') (9-d1)..(9-dn) ":"
  for (const char* zero : {"20", "3000", "30000", "1255:", "3", "1:"})
    v.add(zero, "another spelling of zero, or none");
  const std::string k(key);
  if (key.size() >= 5 && key[0] == '3') {
    v.add(k + "0", "with a trailing zero digit");
    v.add(replaced(key, 4, 0, "0"), "with a leading zero digit");
  }
  if (key.size() >= 6 && key[0] == '1' && key.back() == ':') {
    v.add(replaced(key, key.size() - 1, 0, "9"), "with a trailing zero digit (complemented: 9)");
    v.add(replaced(key, 4, 0, "9"), "with a leading zero digit (complemented: 9)");
  }
  if (key.size() >= 4 && key[0] != '2') {
    for (const char* e : {"256", "999", "-01", "+12", " 12", "0x1"})
      v.add(replaced(key, 1, 3, e), fmt::format("with the exponent bytes {}", show_key(e)));
  }
}

void composite_variants(Variants& v, std::string_view key, char delimiter) {
  const char x = static_cast<char>(delimiter + 1);
  const std::string k(key);
  const std::string esc(1, x);
  v.add(k + esc, "ending in a lone escape byte");
  v.add(k + esc + "2", "ending in an escape with one hex digit");
  v.add(k + esc + "ZZ", "with an escape that is no hex");
  v.add(k + esc + "0a", "with an escape in lower-case hex (\"0a\" for \"0A\")");
  v.add(k + esc + fmt::format("{:02X}", x + 1),
        fmt::format("with the escape of {}, a byte that needs none",
                    show_key(std::string(1, x + 1))));
  v.add(k + esc + "41", "with the escape of 'A', a byte that needs none");
  v.add(esc + "41" + k, "starting with the escape of 'A', a byte that needs none");
  v.add(k + esc + "7E", "with the escape of '~', a byte that needs none");
  v.add(k + esc + "C3", "with the escape of the byte 0xC3, which needs none");
  v.add(k + esc + "2G", "with an escape whose second digit is no hex");
  v.add(k + esc + esc + fmt::format("{:02X}", x), "with an escape byte before an escape");
  const std::string lower = fmt::format("{:02x}", delimiter);
  if (lower != fmt::format("{:02X}", delimiter))
    v.add(k + esc + lower, "with the escape of the delimiter in lower-case hex");
  v.add(k + " ", "with a space, a byte below the escape, unescaped");
  v.add(k + "\x01", "with the byte 0x01 unescaped");
  v.add(k + std::string(1, '\0'), "with the byte 0x00 unescaped");
}

void name_variants(Variants& v, std::string_view key) {
  const std::string k(key);
  v.add(mapped(key, swap_case), "with its ASCII letters' case swapped");
  v.add(mapped(key, to_upper), "in upper case");
  v.add(mapped(key, to_lower), "in lower case");
  v.add(k + "a", "with an 'a' added");
  v.add(k + "A", "with an 'A' added");
  v.add(k + "\xc3\x9f", "with a sharp s added (case folding makes it \"ss\")");
  v.add(k + "A\xcc\x8a", "with a decomposed \"A\\u030A\" added (its NFC is \"\\u00C5\")");
}

void ksuid_variants(Variants& v, std::string_view key) {
  v.add("aWgEPTl1tmebfsQzFP4bxwgy80W", "2^160, one above the largest KSUID");
  v.add(std::string(27, 'z'), "62^27 - 1, above the largest KSUID");
  if (key.size() != 27) return;
  v.add(replaced(key, 0, 1, "b"), "with the first digit 'b': above 2^160 - 1");
  v.add(replaced(key, 0, 1, "z"), "with the first digit 'z': above 2^160 - 1");
  v.add(mapped(key, swap_case), "with its letters' case swapped (base 62 is case-sensitive)");
  v.add(mapped(key, to_upper), "in upper case (base 62 is case-sensitive)");
  v.add(mapped(key, to_lower), "in lower case (base 62 is case-sensitive)");
}

void ulid_variants(Variants& v, std::string_view key) {
  v.add(
      "8"
      "0000000000"
      "0000000000"
      "00000",
      "2^128, one above the largest ULID");
  if (key.size() != 26) return;
  v.add(replaced(key, 0, 1, "8"), "with the first digit 8: above 2^128 - 1");
  v.add(replaced(key, 0, 1, "Z"), "with the first digit Z: above 2^128 - 1");
  v.add(mapped(key, to_lower), "in lower case");
  for (std::size_t i : {std::size_t{12}, std::size_t{25}}) {
    for (const char* u : {"U", "u"}) {
      v.add(replaced(key, i, 1, u),
            fmt::format("with '{}' at byte {} (not in Crockford's alphabet)", u, i));
    }
  }
  for (const char* alias : {"I", "L", "O", "i", "l", "o"})
    v.add(replaced(key, 25, 1, alias),
          fmt::format("with Crockford's alias '{}' at byte 25", alias));
}

// Crockford's decoding map applied: upper case, I and L read as 1, O as 0.
std::string crockford_canonical(std::string_view key) {
  std::string k = mapped(key, to_upper);
  for (char& c : k) {
    if (c == 'I' || c == 'L') c = '1';
    if (c == 'O') c = '0';
  }
  return k;
}

// A key to send, and where it came from.
struct Candidate {
  std::string key;
  std::string what;
};

// Every k-th of `all`, from `offset % k` on, at most kForeignVariantsPerCall.
std::vector<ForeignKey> part(std::vector<ForeignKey> all, std::size_t offset) {
  const std::size_t k = std::max<std::size_t>(
      1, (all.size() + kForeignVariantsPerCall - 1) / kForeignVariantsPerCall);
  std::vector<ForeignKey> out;
  for (std::size_t i = offset % k; i < all.size(); i += k) out.push_back(std::move(all[i]));
  return out;
}

std::vector<Candidate> candidates(CodecService& subject, CodecService& reference,
                                  const CodecOracle& o, const json& value, std::size_t offset,
                                  const std::vector<std::string>& generated) {
  const json request = encode_request(o.codec(), o.params(), value);
  std::vector<std::pair<std::string, const char*>> bases;
  const Reply ref = reference.call_one(request);
  if (!ref.refused && ref.ok.is_string())
    bases.emplace_back(ref.ok.get<std::string>(), "reference's");
  if (!is_standard_format(o.codec())) {
    const Reply own = subject.call_one(request);
    if (!own.refused && own.ok.is_string() && (bases.empty() || own.ok != bases[0].first))
      bases.emplace_back(own.ok.get<std::string>(), "adapter's");
  }
  std::set<std::string> seen;
  for (const auto& base : bases) seen.insert(base.first);
  std::vector<Candidate> out;
  for (const auto& [base, whose] : bases) {
    for (ForeignKey& f : part(foreign_variants(o, base), offset)) {
      if (!seen.insert(f.key).second) continue;
      out.push_back({std::move(f.key), fmt::format("{}, made from {}, the {} key of {}", f.what,
                                                   show_key(base), whose, o.show(value))});
    }
  }
  for (const std::string& g : generated) {
    if (oracle::is_valid_utf8(g) && seen.insert(g).second) out.push_back({g, "generated directly"});
  }
  return out;
}

// The encode exchange that judged: the adapter's lines, or the reference's
// (in process, its ids its own), marked as such.
std::string show_judge(const Reply& enc, bool reference) {
  if (!reference) return show_exchange(enc);
  return fmt::format("  reference request:  {}\n  reference response: {}", enc.request,
                     enc.response);
}

// The failure for a key that decode read as a value whose key is another.
Outcome second_spelling(const CodecOracle& o, const Candidate& c, const Reply& dec,
                        const Reply& enc) {
  const bool standard = is_standard_format(o.codec());
  const char* judge = standard ? "the reference" : "the adapter's own encode";
  if (enc.refused || !enc.ok.is_string()) {
    return Outcome::fails(fmt::format(
        "decode accepted {} ({}) and answered {}, which is no value: {} refuses to encode it "
        "({})\n{}\n{}",
        show_key(c.key), c.what, dec.ok.dump(), judge, enc.refused ? enc.error : enc.ok.dump(),
        show_exchange(dec), show_judge(enc, standard)));
  }
  return Outcome::fails(fmt::format(
      "decode accepted {} ({}) and answered {}, but {} encodes that value as {}: {} is a second "
      "spelling of it, in DynamoDB a different key that sorts elsewhere\n{}\n{}",
      show_key(c.key), c.what, dec.ok.dump(), judge, show_key(enc.ok.get<std::string>()),
      show_key(c.key), show_exchange(dec), show_judge(enc, standard)));
}

void note(std::vector<std::string>* leniencies, std::string_view label) {
  if (leniencies == nullptr) return;
  if (std::find(leniencies->begin(), leniencies->end(), label) == leniencies->end())
    leniencies->emplace_back(label);
}

// Whether a ULID key the adapter read as the value of `canonical` is that
// value spelt as the ULID spec allows; notes which leniency.
bool ulid_leniency(std::string_view key, std::string_view canonical,
                   std::vector<std::string>* leniencies) {
  if (crockford_canonical(key) != canonical) return false;
  if (std::any_of(key.begin(), key.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
    note(leniencies, kLowerCaseLeniency);
  if (key.find_first_of("ILOilo") != std::string_view::npos) note(leniencies, kAliasLeniency);
  return true;
}

}  // namespace

std::vector<ForeignKey> foreign_variants(const CodecOracle& o, std::string_view key) {
  Variants v(key);
  common_variants(v, key, o.key_alphabet());
  const std::string& codec = o.codec();
  if (codec == "padded" || codec == "inverse" || codec == "epoch") digits_variants(v, key);
  if (codec == "timestamp") timestamp_variants(v, key);
  if (codec == "number") number_variants(v, key);
  if (codec == "composite")
    composite_variants(v, key, o.params().at("delimiter").get<std::string>()[0]);
  if (codec == "name") name_variants(v, key);
  if (codec == "ksuid") ksuid_variants(v, key);
  if (codec == "ulid") ulid_variants(v, key);
  return v.take();
}

std::string foreign_key_alphabet(const CodecOracle& o) {
  const std::string& codec = o.codec();
  const std::string outside = "!/:@[`{ ";
  if (codec == "ulid") return std::string(o.key_alphabet()) + "UILOuilo" + "abcxyz" + outside;
  if (!o.key_alphabet().empty()) return std::string(o.key_alphabet()) + outside;
  if (codec == "timestamp")
    return "0123456789-T:.Z"
           "tz+ ";
  if (codec == "number")
    return "0123456789:"
           "-+.e ";
  if (codec == "composite") {
    const char d = o.params().at("delimiter").get<std::string>()[0];
    return std::string{d, static_cast<char>(d + 1), static_cast<char>(d + 2),
                       static_cast<char>(d - 1)} +
           "0123456789ABCDEFaf" + "Zz !~";
  }
  return "AaBbZz09 !~";
}

Outcome refuses_foreign_keys(CodecService& subject, CodecService& reference, const CodecOracle& o,
                             const json& value, std::size_t offset,
                             const std::vector<std::string>& generated,
                             std::vector<std::string>* leniencies) {
  const std::vector<Candidate> keys = candidates(subject, reference, o, value, offset, generated);
  if (keys.empty()) return Outcome::discard("no key to send");
  std::vector<json> decodes;
  for (const Candidate& c : keys) decodes.push_back(decode_request(o.codec(), o.params(), c.key));
  const std::vector<Reply> decoded = subject.call(decodes);
  std::vector<std::size_t> accepted;
  std::vector<json> encodes;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (decoded[i].refused) continue;
    accepted.push_back(i);
    encodes.push_back(encode_request(o.codec(), o.params(), decoded[i].ok));
  }
  if (accepted.empty()) return Outcome::holds();
  // The value's own key: the reference's for the standard formats, the
  // adapter's for the designs that may differ.
  CodecService& judge = is_standard_format(o.codec()) ? reference : subject;
  const std::vector<Reply> encoded = judge.call(encodes);
  for (std::size_t j = 0; j < accepted.size(); ++j) {
    const Candidate& c = keys[accepted[j]];
    const Reply& enc = encoded[j];
    if (!enc.refused && enc.ok.is_string()) {
      const std::string& canonical = enc.ok.get_ref<const std::string&>();
      if (canonical == c.key) continue;
      if (o.codec() == "ulid" && ulid_leniency(c.key, canonical, leniencies)) continue;
    }
    return second_spelling(o, c, decoded[accepted[j]], enc);
  }
  return Outcome::holds();
}

}  // namespace sortkey::props::contract
