// The name codec's entries in the property catalog.

#include <fmt/format.h>

#include "oracles/naive_casefold.h"
#include "properties/catalog.h"
#include "properties/gen/bytes_gen.h"
#include "properties/gen/text_gen.h"
#include "properties/props/name_props.h"
#include "sortkey/name.h"

namespace sortkey {
// Counterexamples print the mode by name.
inline void showValue(CaseMode mode, std::ostream& os) { os << to_string(mode); }
}  // namespace sortkey

namespace sortkey::props {
namespace {

rc::Gen<CaseMode> gen_mode() {
  return rc::gen::element(CaseMode::kUpper, CaseMode::kLower, CaseMode::kFold);
}

rc::Gen<Text> as_text(rc::Gen<std::string> g) {
  return rc::gen::map(std::move(g), [](std::string s) { return Text{std::move(s)}; });
}

bool is_ascii(const std::string& s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

// The key of a generated name, or the name itself if it has none.
std::string key_of(const std::string& name, CaseMode mode) {
  return normalize_name(name, mode).value_or(name);
}

// A second name related to `a`: a case variant, the same, an extension or a
// prefix, or an independent name.
rc::Gen<std::string> gen_related_name(const std::string& a) {
  return rc::gen::weightedOneOf<std::string>({
      {4, gen_case_variant(a)},
      {1, rc::gen::just(a)},
      {1, rc::gen::map(gen_name(), [a](const std::string& b) { return a + b; })},
      {2, gen_name()},
  });
}

// Round trip, idempotence, the definition and case.
void add_name_normal_form_properties(Catalog& c) {
  c.add("name", "round_trip",
        "decode_name(normalize_name(x)) == normalize_name(x) for every valid name, in every mode",
        [] {
          const CaseMode mode = *gen_mode();
          const Text name = *as_text(gen_name());
          RC_CLASSIFY(is_ascii(name.bytes), "ASCII");
          rc_require(name_round_trip(name.bytes, mode));
        });
  c.add("name", "idempotent", "normalize_name(normalize_name(x)) == normalize_name(x)", [] {
    const CaseMode mode = *gen_mode();
    const Text name = *as_text(rc::gen::weightedOneOf<std::string>(
        {{3, gen_name()}, {1, rc::gen::mapcat(gen_name(), gen_case_variant)}}));
    RC_CLASSIFY(is_ascii(name.bytes), "ASCII");
    RC_CLASSIFY(key_of(name.bytes, mode) != name.bytes, "changed by normalizing");
    rc_require(name_idempotent(name.bytes, mode));
  });
  c.add("name", "matches_definition",
        "the key is NFC(map(NFD(x))) as ICU's UTF-16 APIs compute it, root locale", [] {
          const CaseMode mode = *gen_mode();
          const Text name = *as_text(rc::gen::weightedOneOf<std::string>(
              {{3, gen_name()}, {1, rc::gen::mapcat(gen_name(), gen_case_variant)}}));
          RC_CLASSIFY(is_ascii(name.bytes), "ASCII");
          RC_CLASSIFY(key_of(name.bytes, mode).size() != name.bytes.size(), "length changed");
          rc_require(name_matches_definition(name.bytes, mode));
        });
  c.add("name", "equal_ignoring_case",
        "fold keys are equal iff the names are caseless matches (u_strCaseCompare on NFD forms)",
        [] {
          const Text ta = *as_text(gen_name());
          const Text tb = *as_text(gen_related_name(ta.bytes));
          const std::string& a = ta.bytes;
          const std::string& b = tb.bytes;
          RC_CLASSIFY(a == b, "identical");
          RC_CLASSIFY(a != b && oracle::caseless_equal(a, b), "caseless match, different text");
          RC_CLASSIFY(!oracle::caseless_equal(a, b), "not a caseless match");
          RC_CLASSIFY(is_ascii(a) && is_ascii(b), "ASCII");
          rc_require(name_equal_ignoring_case(ta.bytes, tb.bytes));
        });
  c.add("name", "case_variants",
        "kUpper/kLower: changing the case of letters whose mappings round-trip does not change the "
        "key",
        [] {
          const CaseMode mode = *rc::gen::element(CaseMode::kUpper, CaseMode::kLower);
          const Text name = *as_text(gen_name());
          const auto ops = *rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 3));
          RC_CLASSIFY(is_ascii(name.bytes), "ASCII");
          rc_require(name_case_variants(name.bytes, ops, mode));
        });
}

// Canonical and total decode, the key text, order and rejection.
void add_name_decode_properties(Catalog& c) {
  c.add(
      "name", "canonical_decode",
      "decode_name accepts exactly the fixed points normalize(k) == k, and returns k", [] {
        const CaseMode mode = *gen_mode();
        const Text key = *as_text(rc::gen::weightedOneOf<std::string>({
            {3, rc::gen::map(gen_name(), [mode](const std::string& n) { return key_of(n, mode); })},
            {3,
             rc::gen::mapcat(
                 rc::gen::map(gen_name(), [mode](const std::string& n) { return key_of(n, mode); }),
                 gen_case_variant)},
            {2, gen_name()},
            {1, gen_any_text()},
        }));
        RC_CLASSIFY(decode_name(key.bytes, mode).has_value(), "accepted");
        rc_require(name_canonical_decode(key.bytes, mode));
      });
  c.add("name", "total_decode",
        "decode_name of any bytes errs cleanly or returns the value of exactly that key", [] {
          const CaseMode mode = *gen_mode();
          const Text bytes = *as_text(rc::gen::weightedOneOf<std::string>({
              {2, gen_mutated(rc::gen::map(
                      gen_name(), [mode](const std::string& n) { return key_of(n, mode); }))},
              {2, gen_any_text()},
              {1, gen_bytes()},
          }));
          RC_CLASSIFY(decode_name(bytes.bytes, mode).has_value(), "accepted");
          rc_require(name_total_decode(bytes.bytes, mode));
        });
  c.add("name", "valid_utf8", "every key is non-empty well-formed UTF-8, NFC, without controls",
        [] {
          const CaseMode mode = *gen_mode();
          const Text name = *as_text(gen_name());
          rc_require(name_valid_utf8(name.bytes, mode));
        });
  c.add("name", "order_is_bytes",
        "keys compare by bytes exactly as the normalized forms compare by code points", [] {
          const CaseMode mode = *gen_mode();
          const Text ta = *as_text(gen_name());
          const Text tb = *as_text(rc::gen::weightedOneOf<std::string>(
              {{1, gen_related_name(ta.bytes)}, {2, gen_name()}}));
          RC_CLASSIFY(key_of(ta.bytes, mode) == key_of(tb.bytes, mode), "equal keys");
          rc_require(name_order_is_bytes(ta.bytes, tb.bytes, mode));
        });
  c.add("name", "rejects_invalid",
        "normalize_name fails iff the name is empty, ill-formed UTF-8 or holds a control, at the "
        "first such byte",
        [] {
          const CaseMode mode = *gen_mode();
          const Text bytes =
              *as_text(rc::gen::weightedOneOf<std::string>({{4, gen_any_text()},
                                                            {2, gen_invalid_utf8()},
                                                            {1, gen_name()},
                                                            {1, rc::gen::just(std::string())}}));
          RC_CLASSIFY(!normalize_name(bytes.bytes, mode).has_value(), "rejected");
          rc_require(name_rejects_invalid(bytes.bytes, mode));
        });
}

}  // namespace

void add_name_properties(Catalog& c) {
  add_name_normal_form_properties(c);
  add_name_decode_properties(c);
}

}  // namespace sortkey::props
