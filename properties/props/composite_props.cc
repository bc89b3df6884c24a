#include "properties/props/composite_props.h"

#include <fmt/format.h>

#include "oracles/naive_casefold.h"
#include "oracles/naive_decimal.h"
#include "oracles/naive_integer.h"
#include "oracles/naive_tuple.h"
#include "properties/props/common.h"

namespace sortkey::props {
namespace {

constexpr std::string_view kAllowedDelimiters = "!\"#$%&'()*+,-./";

std::string show_path(const Path& p) {
  std::string out = "(";
  for (std::size_t i = 0; i < p.size(); ++i) out += (i ? ", " : "") + show_key(p[i]);
  return out + ")";
}

std::string hex2(unsigned b, bool upper) {
  return upper ? fmt::format("{:02X}", b) : fmt::format("{:02x}", b);
}

Outcome key_or_fail(const Path& path, char d, std::string& key) {
  auto k = encode_composite(path, d);
  if (!k)
    return Outcome::fails(fmt::format("encode_composite({}, '{}') failed: {}", show_path(path), d,
                                      describe(k.error())));
  key = std::move(*k);
  return Outcome::holds();
}

bool valid_path(const Path& p) {
  if (p.empty()) return false;
  for (const std::string& s : p) {
    if (!oracle::is_valid_utf8(s)) return false;
  }
  return true;
}

// The offsets where a code word of a valid key starts, and its end.
std::vector<std::size_t> boundaries(std::string_view key, char d) {
  const char x = escape_byte(d);
  std::vector<std::size_t> out;
  std::size_t i = 0;
  while (i < key.size()) {
    out.push_back(i);
    const auto b = static_cast<unsigned char>(key[i]);
    if (key[i] == x)
      i += 3;
    else if (b < 0x80)
      i += 1;
    else if (b < 0xE0)
      i += 2;
    else if (b < 0xF0)
      i += 3;
    else
      i += 4;
  }
  out.push_back(key.size());
  return out;
}

bool between(std::string_view k, const KeyRange& r) {
  return r.low.compare(k) <= 0 && k.compare(r.high) <= 0;
}

}  // namespace

const char* to_string(Malformation m) {
  switch (m) {
    case Malformation::kRawLowByte:
      return "raw low byte";
    case Malformation::kNeedlessEscape:
      return "needless escape";
    case Malformation::kLowerCaseHex:
      return "lower-case hex";
    case Malformation::kNotHex:
      return "not hex";
    case Malformation::kTruncatedEscape:
      return "truncated escape";
    case Malformation::kInvalidUtf8:
      return "invalid UTF-8";
  }
  return "?";
}

Outcome composite_round_trip(const Path& path, char d) {
  if (!valid_path(path)) return Outcome::discard("not a valid path");
  std::string key;
  if (Outcome o = key_or_fail(path, d, key); !o.ok()) return o;
  auto back = decode_composite(key, d);
  if (!back)
    return Outcome::fails(fmt::format("the key {} of {} does not decode: {}", show_key(key),
                                      show_path(path), describe(back.error())));
  if (*back != path)
    return Outcome::fails(
        fmt::format("{} -> {} -> {}", show_path(path), show_key(key), show_path(*back)));
  if (!oracle::is_valid_utf8(key))
    return Outcome::fails(
        fmt::format("the key {} of {} is not valid UTF-8", show_key(key), show_path(path)));
  std::size_t delimiters = 0;
  for (std::size_t i = 0; i < key.size(); ++i) {
    const auto b = static_cast<unsigned char>(key[i]);
    if (key[i] == d)
      ++delimiters;
    else if (b < static_cast<unsigned char>(escape_byte(d))) {
      return Outcome::fails(fmt::format("the key {} of {} holds the raw byte 0x{:02X} at {}",
                                        show_key(key), show_path(path), b, i));
    }
  }
  if (delimiters + 1 != path.size()) {
    return Outcome::fails(fmt::format("the key {} of {} ({} segments) holds {} delimiters",
                                      show_key(key), show_path(path), path.size(), delimiters));
  }
  return Outcome::holds();
}

Outcome composite_tuple_order(const Path& a, const Path& b, char d) {
  if (!valid_path(a) || !valid_path(b)) return Outcome::discard("not a valid path");
  std::string ka, kb;
  if (Outcome o = key_or_fail(a, d, ka); !o.ok()) return o;
  if (Outcome o = key_or_fail(b, d, kb); !o.ok()) return o;
  const int want = oracle::compare_tuples(a, b);
  const int got = key_order(ka, kb);
  if (want != got) {
    return Outcome::fails(fmt::format("{} {} {} as tuples, but the keys compare {} {} {}",
                                      show_path(a), order_word(want), show_path(b), show_key(ka),
                                      order_word(got), show_key(kb)));
  }
  return Outcome::holds();
}

Outcome composite_subtree_exact(const Path& x, const Path& a, char d) {
  if (!valid_path(x) || !valid_path(a)) return Outcome::discard("not a valid path");
  std::string kx;
  if (Outcome o = key_or_fail(x, d, kx); !o.ok()) return o;
  auto prefix = subtree_prefix(a, d);
  if (!prefix)
    return Outcome::fails(
        fmt::format("subtree_prefix({}) failed: {}", show_path(a), describe(prefix.error())));
  const bool got = kx.compare(0, prefix->size(), *prefix) == 0;
  const bool want = oracle::is_strict_prefix(a, x);
  if (got != want) {
    return Outcome::fails(
        fmt::format("{} {} a strict descendant of {}, but begins_with({}, {}) is {}", show_path(x),
                    want ? "is" : "is not", show_path(a), show_key(kx), show_key(*prefix), got));
  }
  return Outcome::holds();
}

Outcome composite_subtree_bounds_exact(const Path& x, const Path& a, char d) {
  if (!valid_path(x) || !valid_path(a)) return Outcome::discard("not a valid path");
  std::string kx;
  if (Outcome o = key_or_fail(x, d, kx); !o.ok()) return o;
  auto r = subtree_bounds(a, d);
  if (!r)
    return Outcome::fails(
        fmt::format("subtree_bounds({}) failed: {}", show_path(a), describe(r.error())));
  const bool got = between(kx, *r);
  const bool want = oracle::in_subtree(x, a);
  if (got != want) {
    return Outcome::fails(fmt::format("{} {} in the subtree of {}, but {} BETWEEN {} AND {} is {}",
                                      show_path(x), want ? "is" : "is not", show_path(a),
                                      show_key(kx), show_key(r->low), show_key(r->high), got));
  }
  return Outcome::holds();
}

Outcome composite_window_exact(const Path& x, const Path& parent, const std::string& first,
                               const std::string& last, char d) {
  if (!valid_path(x) || !oracle::is_valid_utf8(first) || !oracle::is_valid_utf8(last))
    return Outcome::discard("not valid UTF-8");
  if (last < first) return Outcome::discard("first > last");
  for (const std::string& s : parent) {
    if (!oracle::is_valid_utf8(s)) return Outcome::discard("not valid UTF-8");
  }
  std::string kx;
  if (Outcome o = key_or_fail(x, d, kx); !o.ok()) return o;
  auto r = window_bounds(parent, first, last, d);
  if (!r)
    return Outcome::fails(fmt::format("window_bounds({}, {}, {}) failed: {}", show_path(parent),
                                      show_key(first), show_key(last), describe(r.error())));
  const bool got = between(kx, *r);
  const bool want = oracle::in_window(x, parent, first, last);
  if (got != want) {
    return Outcome::fails(
        fmt::format("{} {} in the window {} + [{} .. {}], but {} BETWEEN {} AND {} is {}",
                    show_path(x), want ? "is" : "is not", show_path(parent), show_key(first),
                    show_key(last), show_key(kx), show_key(r->low), show_key(r->high), got));
  }
  return Outcome::holds();
}

Outcome composite_rejects_malformed(const Path& path, char d, Malformation m, std::size_t position,
                                    unsigned char byte) {
  if (!valid_path(path)) return Outcome::discard("not a valid path");
  std::string key;
  if (Outcome o = key_or_fail(path, d, key); !o.ok()) return o;
  const auto x = static_cast<unsigned char>(escape_byte(d));
  const std::vector<std::size_t> at = boundaries(key, d);
  std::size_t pos = at[position % at.size()];
  std::string fragment;
  std::size_t offset = 0;  // of the error, relative to pos
  ErrorCode code = ErrorCode::kBadCharacter;
  switch (m) {
    case Malformation::kRawLowByte: {
      unsigned b = byte % x;  // 0 .. X-1
      if (b == static_cast<unsigned char>(d)) b = x - 2u;
      fragment = std::string(1, static_cast<char>(b));
      break;
    }
    case Malformation::kNeedlessEscape: {
      const unsigned b = x + 1u + byte % (0xFFu - x);
      fragment = static_cast<char>(x) + hex2(b, true);
      code = ErrorCode::kNonCanonical;
      break;
    }
    case Malformation::kLowerCaseHex: {
      unsigned b = byte;
      std::string h = hex2(b, false);
      if (h.find_first_of("abcdef") == std::string::npos) {
        b = 0x0A + byte % 6u;
        h = hex2(b, false);
      }
      fragment = static_cast<char>(x) + h;
      offset = 1 + h.find_first_of("abcdef");
      code = ErrorCode::kNonCanonical;
      break;
    }
    case Malformation::kNotHex: {
      static constexpr char kNotHexBytes[] = {'G', 'g', 'Z', 'z',    ' ',    '#',
                                              '$', '/', ':', '\x7f', '\xc3', '\x00'};
      const char c = kNotHexBytes[byte % sizeof(kNotHexBytes)];
      fragment = byte & 0x80 ? std::string{static_cast<char>(x), '2', c}
                             : std::string{static_cast<char>(x), c};
      offset = fragment.size() - 1;
      break;
    }
    case Malformation::kTruncatedEscape:
      pos = key.size();
      fragment =
          byte & 1 ? std::string{static_cast<char>(x), '2'} : std::string(1, static_cast<char>(x));
      code = ErrorCode::kTruncated;
      break;
    case Malformation::kInvalidUtf8: {
      static const std::string kBad[] = {
          "\xFF", "\x80", "\xC3", "\xED\xA0\x80", "\xC0\xAF", "\xF4\x90\x80\x80", "\xE2\x82"};
      fragment = kBad[byte % 7];
      break;
    }
  }
  std::string bad = key;
  bad.insert(pos, fragment);
  auto decoded = decode_composite(bad, d);
  if (decoded) {
    return Outcome::fails(fmt::format("the key {} ({} {} at byte {} of {}) decoded to {}",
                                      show_key(bad), to_string(m), show_key(fragment), pos,
                                      show_key(key), show_path(*decoded)));
  }
  if (decoded.error().code != code || decoded.error().offset != pos + offset) {
    return Outcome::fails(
        fmt::format("the key {} ({} {} at byte {} of {}): expected {} at byte {}, got {}",
                    show_key(bad), to_string(m), show_key(fragment), pos, show_key(key),
                    sortkey::to_string(code), pos + offset, describe(decoded.error())));
  }
  return Outcome::holds();
}

Outcome composite_total_decode(std::string_view bytes, char d) {
  return decode_is_total_and_canonical(
      bytes, [d](std::string_view k) { return decode_composite(k, d); },
      [d](const Path& p) { return encode_composite(p, d); });
}

Outcome composite_rejects_invalid_text(const Path& path, char d) {
  if (path.empty()) return Outcome::discard("empty path");
  auto key = encode_composite(path, d);
  for (std::size_t i = 0; i < path.size(); ++i) {
    const std::size_t bad = oracle::first_invalid_utf8(path[i]);
    if (bad == std::string_view::npos) continue;
    if (key)
      return Outcome::fails(
          fmt::format("segment {} of {} is not UTF-8 from byte {}, but it encoded to {}", i + 1,
                      show_path(path), bad, show_key(*key)));
    const Error& e = key.error();
    if (e.code != ErrorCode::kBadCharacter || e.offset != bad ||
        e.message.find(fmt::format("segment {}:", i + 1)) != 0) {
      return Outcome::fails(
          fmt::format("segment {} of {} is not UTF-8 from byte {}: expected a bad character there, "
                      "naming the segment, got {}",
                      i + 1, show_path(path), bad, describe(e)));
    }
    return Outcome::holds();
  }
  if (!key)
    return Outcome::fails(fmt::format("{} is valid UTF-8, but encode failed: {}", show_path(path),
                                      describe(key.error())));
  return Outcome::holds();
}

Outcome composite_delimiter_choice(const Path& path, const Path& other, char d) {
  if (!valid_path(path) || !valid_path(other)) return Outcome::discard("not a valid path");
  if (kAllowedDelimiters.find(d) != std::string_view::npos) {
    return first_failure({composite_round_trip(path, d), composite_tuple_order(path, other, d),
                          composite_subtree_exact(other, path, d)});
  }
  auto bad_parameter = [](const auto& r) {
    return !r.has_value() && r.error().code == ErrorCode::kBadParameter;
  };
  const std::string shown = show_key(std::string_view(&d, 1));
  if (!bad_parameter(encode_composite(path, d)))
    return Outcome::fails(fmt::format("encode_composite accepted the delimiter {}", shown));
  if (!bad_parameter(decode_composite("", d)))
    return Outcome::fails(fmt::format("decode_composite accepted the delimiter {}", shown));
  if (!bad_parameter(subtree_prefix(path, d)))
    return Outcome::fails(fmt::format("subtree_prefix accepted the delimiter {}", shown));
  if (!bad_parameter(subtree_bounds(path, d)))
    return Outcome::fails(fmt::format("subtree_bounds accepted the delimiter {}", shown));
  if (!bad_parameter(window_bounds(path, "a", "b", d)))
    return Outcome::fails(fmt::format("window_bounds accepted the delimiter {}", shown));
  if (!bad_parameter(KeyBuilder(d).text("x").key()))
    return Outcome::fails(fmt::format("KeyBuilder accepted the delimiter {}", shown));
  std::string out;
  if (!bad_parameter(append_segment(out, "x", d)))
    return Outcome::fails(fmt::format("append_segment accepted the delimiter {}", shown));
  return Outcome::holds();
}

std::string show_typed(const TypedPath& path) {
  std::string out = "(";
  for (std::size_t i = 0; i < path.size(); ++i) {
    const TypedSegment& s = path[i];
    out += i ? ", " : "";
    switch (s.kind) {
      case SegmentKind::kText:
        out += "text " + show_key(s.text);
        break;
      case SegmentKind::kPadded:
        out += fmt::format("padded({}, {})", s.number, s.width);
        break;
      case SegmentKind::kInverse:
        out += fmt::format("inverse({}, {})", s.number, s.width);
        break;
      case SegmentKind::kNumber:
        out += "number " + s.text;
        break;
      case SegmentKind::kTimestamp:
        out += fmt::format("timestamp({}.{:09}, {})", s.seconds, s.nanos, s.width);
        break;
      case SegmentKind::kName:
        out += "name " + show_key(s.text);
        break;
    }
  }
  return out + ")";
}

Outcome composite_typed_order(const TypedPath& a, const TypedPath& b, char d) {
  auto build = [d](const TypedPath& p) {
    KeyBuilder builder(d);
    for (const TypedSegment& s : p) {
      switch (s.kind) {
        case SegmentKind::kText:
          builder.text(s.text);
          break;
        case SegmentKind::kPadded:
          builder.padded(s.number, s.width);
          break;
        case SegmentKind::kInverse:
          builder.inverse(s.number, s.width);
          break;
        case SegmentKind::kNumber: {
          auto n = parse_number(s.text);
          if (!n) return Result<std::string>(n.error());
          builder.number(*n);
          break;
        }
        case SegmentKind::kTimestamp:
          builder.timestamp(Instant{s.seconds, s.nanos}, s.width);
          break;
        case SegmentKind::kName:
          builder.name(s.text, CaseMode::kFold);
          break;
      }
    }
    return builder.key();
  };
  if (a.empty() || b.empty()) return Outcome::discard("empty path");
  // The oracle: field by field in each kind's logical order, then length.
  int want = 0;
  for (std::size_t i = 0; i < a.size() && i < b.size() && want == 0; ++i) {
    if (a[i].kind != b[i].kind || a[i].width != b[i].width)
      return Outcome::discard("different schemas");
    switch (a[i].kind) {
      case SegmentKind::kText:
        want = a[i].text < b[i].text ? -1 : (b[i].text < a[i].text ? 1 : 0);
        break;
      case SegmentKind::kPadded:
        want = oracle::compare_digits(oracle::decimal(a[i].number), oracle::decimal(b[i].number));
        break;
      case SegmentKind::kInverse:
        want = -oracle::compare_digits(oracle::decimal(a[i].number), oracle::decimal(b[i].number));
        break;
      case SegmentKind::kNumber:
        want = oracle::compare_numbers_longhand(oracle::read_number(a[i].text).value,
                                                oracle::read_number(b[i].text).value);
        break;
      case SegmentKind::kTimestamp: {
        // Chronological at the precision: the fraction's digits after the
        // width-th do not count.
        unsigned unit = 1;
        for (int k = a[i].width; k < 9; ++k) unit *= 10;
        const auto ta = std::make_pair(a[i].seconds, a[i].nanos / unit);
        const auto tb = std::make_pair(b[i].seconds, b[i].nanos / unit);
        want = ta < tb ? -1 : (tb < ta ? 1 : 0);
        break;
      }
      case SegmentKind::kName:
        want = oracle::compare_code_points(
            oracle::expected_name_key(a[i].text, oracle::NaiveCase::kFold),
            oracle::expected_name_key(b[i].text, oracle::NaiveCase::kFold));
        break;
    }
  }
  if (want == 0 && a.size() != b.size()) want = a.size() < b.size() ? -1 : 1;
  auto ka = build(a);
  auto kb = build(b);
  if (!ka)
    return Outcome::fails(
        fmt::format("the key of {} failed: {}", show_typed(a), describe(ka.error())));
  if (!kb)
    return Outcome::fails(
        fmt::format("the key of {} failed: {}", show_typed(b), describe(kb.error())));
  const int got = key_order(*ka, *kb);
  if (got != want) {
    return Outcome::fails(fmt::format("{} {} {} by value, but the keys compare {} {} {}",
                                      show_typed(a), order_word(want), show_typed(b), show_key(*ka),
                                      order_word(got), show_key(*kb)));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
