#include "properties/props/name_props.h"

#include <fmt/format.h>

#include <string>

#include "oracles/naive_casefold.h"
#include "properties/props/common.h"

namespace sortkey::props {
namespace {

// The text quoted, with its code points when it is non-ASCII UTF-8.
std::string show(std::string_view text) {
  std::string out = show_key(text);
  bool ascii = true;
  for (char c : text) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
  if (ascii || !oracle::is_valid_utf8(text)) return out;
  out += " [";
  for (char32_t c : oracle::code_points(text))
    out += fmt::format("{}U+{:04X}", out.back() == '[' ? "" : " ", static_cast<unsigned>(c));
  return out + "]";
}

oracle::NaiveCase naive(CaseMode mode) {
  switch (mode) {
    case CaseMode::kUpper:
      return oracle::NaiveCase::kUpper;
    case CaseMode::kLower:
      return oracle::NaiveCase::kLower;
    case CaseMode::kFold:
      break;
  }
  return oracle::NaiveCase::kFold;
}

const char* mode_name(CaseMode mode) {
  return mode == CaseMode::kUpper ? "upper" : mode == CaseMode::kLower ? "lower" : "fold";
}

// The oracle's verdict on a name: usable as input (non-empty, valid, no controls).
bool valid_name(std::string_view name) {
  return !name.empty() && oracle::is_valid_utf8(name) && !oracle::has_control(name);
}

std::size_t utf8_length(char32_t c) { return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4; }

// What normalize_name must report for an invalid name: the offset of the
// first control character or ill-formed sequence, whichever comes first.
std::size_t first_problem(std::string_view bytes) {
  const std::size_t invalid = oracle::first_invalid_utf8(bytes);
  const std::string_view valid =
      bytes.substr(0, invalid == std::string_view::npos ? bytes.size() : invalid);
  std::size_t offset = 0;
  for (char32_t c : oracle::code_points(valid)) {
    if (c <= 0x1F || (c >= 0x7F && c <= 0x9F)) return offset;
    offset += utf8_length(c);
  }
  return invalid;
}

Outcome encode_or_fail(std::string_view name, CaseMode mode, std::string& key) {
  auto k = normalize_name(name, mode);
  if (!k)
    return Outcome::fails(fmt::format("normalize_name({}, {}) failed: {}", show(name),
                                      mode_name(mode), describe(k.error())));
  key = std::move(*k);
  return Outcome::holds();
}

bool is_sigma(char32_t c) { return c == 0x03A3 || c == 0x03C3 || c == 0x03C2; }

}  // namespace

Outcome name_round_trip(std::string_view name, CaseMode mode) {
  if (!valid_name(name)) return Outcome::discard("not a valid name");
  std::string key;
  if (Outcome o = encode_or_fail(name, mode, key); !o.ok()) return o;
  auto back = decode_name(key, mode);
  if (!back)
    return Outcome::fails(fmt::format("the {} key {} of {} does not decode: {}", mode_name(mode),
                                      show(key), show(name), describe(back.error())));
  if (*back != key)
    return Outcome::fails(
        fmt::format("the {} key {} decoded to {}", mode_name(mode), show(key), show(*back)));
  return Outcome::holds();
}

Outcome name_idempotent(std::string_view name, CaseMode mode) {
  if (!valid_name(name)) return Outcome::discard("not a valid name");
  std::string key;
  if (Outcome o = encode_or_fail(name, mode, key); !o.ok()) return o;
  std::string again;
  if (Outcome o = encode_or_fail(key, mode, again); !o.ok()) return o;
  if (again != key) {
    return Outcome::fails(fmt::format("{} -> {} -> {}: normalizing the {} key changed it",
                                      show(name), show(key), show(again), mode_name(mode)));
  }
  return Outcome::holds();
}

Outcome name_matches_definition(std::string_view name, CaseMode mode) {
  if (!valid_name(name)) return Outcome::discard("not a valid name");
  std::string key;
  if (Outcome o = encode_or_fail(name, mode, key); !o.ok()) return o;
  const std::string want = oracle::expected_name_key(name, naive(mode));
  if (key != want) {
    return Outcome::fails(fmt::format("the {} key of {} is {}, but NFC({}(NFD(x))) is {}",
                                      mode_name(mode), show(name), show(key), mode_name(mode),
                                      show(want)));
  }
  return Outcome::holds();
}

Outcome name_equal_ignoring_case(std::string_view a, std::string_view b) {
  if (!valid_name(a) || !valid_name(b)) return Outcome::discard("not a valid name");
  std::string ka, kb;
  if (Outcome o = encode_or_fail(a, CaseMode::kFold, ka); !o.ok()) return o;
  if (Outcome o = encode_or_fail(b, CaseMode::kFold, kb); !o.ok()) return o;
  const bool want = oracle::caseless_equal(a, b);
  const bool got = ka == kb;
  if (want && !got) {
    return Outcome::fails(
        fmt::format("{} and {} are caseless matches, but their fold keys differ: {} vs {}", show(a),
                    show(b), show(ka), show(kb)));
  }
  if (!want && got) {
    return Outcome::fails(
        fmt::format("{} and {} are not caseless matches, but both have the fold key {}", show(a),
                    show(b), show(ka)));
  }
  return Outcome::holds();
}

Outcome name_case_variants(std::string_view name, const std::vector<int>& ops, CaseMode mode) {
  if (!valid_name(name)) return Outcome::discard("not a valid name");
  if (mode == CaseMode::kFold) return Outcome::discard("kFold is covered by equal_ignoring_case");
  auto map = [mode](std::string_view s) {
    return mode == CaseMode::kUpper ? oracle::to_upper(s) : oracle::to_lower(s);
  };
  const std::vector<char32_t> points = oracle::code_points(oracle::nfd(name));
  std::string variant;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const std::string cp = oracle::utf8_of(points[i]);
    const int op = ops.empty() ? 0 : ops[i % ops.size()];
    std::string replacement = op == 1 ? oracle::to_upper(cp) : op == 2 ? oracle::to_lower(cp) : cp;
    const bool allowed =
        map(replacement) == map(cp) && !(mode == CaseMode::kLower && is_sigma(points[i]));
    variant += allowed ? replacement : cp;
  }
  std::string kx, ky;
  if (Outcome o = encode_or_fail(name, mode, kx); !o.ok()) return o;
  if (Outcome o = encode_or_fail(variant, mode, ky); !o.ok()) return o;
  if (kx != ky) {
    return Outcome::fails(fmt::format("{} and its case variant {} have different {} keys: {} vs {}",
                                      show(name), show(variant), mode_name(mode), show(kx),
                                      show(ky)));
  }
  return Outcome::holds();
}

Outcome name_canonical_decode(std::string_view key, CaseMode mode) {
  const bool fixed = valid_name(key) && oracle::expected_name_key(key, naive(mode)) == key;
  auto back = decode_name(key, mode);
  if (fixed && !back)
    return Outcome::fails(fmt::format("{} is a {} key (a fixed point), but decode rejected it: {}",
                                      show(key), mode_name(mode), describe(back.error())));
  if (!fixed && back)
    return Outcome::fails(
        fmt::format("{} is not a {} key (not a fixed point), but decode accepted it as {}",
                    show(key), mode_name(mode), show(*back)));
  if (back && *back != key)
    return Outcome::fails(fmt::format("decode of the {} key {} returned {}", mode_name(mode),
                                      show(key), show(*back)));
  return Outcome::holds();
}

Outcome name_total_decode(std::string_view bytes, CaseMode mode) {
  return decode_is_total_and_canonical(
      bytes, [mode](std::string_view k) { return decode_name(k, mode); },
      [mode](const std::string& v) { return normalize_name(v, mode); });
}

Outcome name_valid_utf8(std::string_view name, CaseMode mode) {
  if (!valid_name(name)) return Outcome::discard("not a valid name");
  std::string key;
  if (Outcome o = encode_or_fail(name, mode, key); !o.ok()) return o;
  if (key.empty())
    return Outcome::fails(fmt::format("the {} key of {} is empty", mode_name(mode), show(name)));
  const std::size_t bad = oracle::first_invalid_utf8(key);
  if (bad != std::string_view::npos) {
    return Outcome::fails(fmt::format("the {} key {} of {} is not UTF-8 from byte {}",
                                      mode_name(mode), show_key(key), show(name), bad));
  }
  if (oracle::has_control(key))
    return Outcome::fails(fmt::format("the {} key {} of {} holds a control character",
                                      mode_name(mode), show(key), show(name)));
  if (oracle::nfc(key) != key)
    return Outcome::fails(
        fmt::format("the {} key {} of {} is not NFC", mode_name(mode), show(key), show(name)));
  return Outcome::holds();
}

Outcome name_order_is_bytes(std::string_view a, std::string_view b, CaseMode mode) {
  if (!valid_name(a) || !valid_name(b)) return Outcome::discard("not a valid name");
  std::string ka, kb;
  if (Outcome o = encode_or_fail(a, mode, ka); !o.ok()) return o;
  if (Outcome o = encode_or_fail(b, mode, kb); !o.ok()) return o;
  const int want = oracle::compare_code_points(oracle::expected_name_key(a, naive(mode)),
                                               oracle::expected_name_key(b, naive(mode)));
  const int got = key_order(ka, kb);
  if (want != got) {
    return Outcome::fails(fmt::format(
        "{} {} {} in code-point order of their {} forms, but the keys compare {} {} {}", show(a),
        order_word(want), show(b), mode_name(mode), show(ka), order_word(got), show(kb)));
  }
  return Outcome::holds();
}

Outcome name_rejects_invalid(std::string_view bytes, CaseMode mode) {
  auto key = normalize_name(bytes, mode);
  if (bytes.empty()) {
    if (key)
      return Outcome::fails(
          fmt::format("the empty name gave the {} key {}", mode_name(mode), show(*key)));
    if (key.error().code != ErrorCode::kEmpty)
      return Outcome::fails(
          fmt::format("the empty name: expected an empty error, got {}", describe(key.error())));
    return Outcome::holds();
  }
  const std::size_t problem = first_problem(bytes);
  if (problem == std::string_view::npos) {
    if (!key)
      return Outcome::fails(fmt::format("{} is a valid name, but normalize_name failed: {}",
                                        show(bytes), describe(key.error())));
    return Outcome::holds();
  }
  if (key)
    return Outcome::fails(fmt::format("{} is invalid from byte {}, but normalize_name gave {}",
                                      show(bytes), problem, show_key(*key)));
  if (key.error().code != ErrorCode::kBadCharacter || key.error().offset != problem) {
    return Outcome::fails(
        fmt::format("{} is invalid from byte {}: expected a bad character there, got {}",
                    show(bytes), problem, describe(key.error())));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
