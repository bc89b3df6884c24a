#include "properties/gen/text_gen.h"

#include <fmt/format.h>

#include <vector>

#include "oracles/naive_casefold.h"
#include "properties/gen/bytes_gen.h"
#include "properties/gen/list_gen.h"
#include "properties/props/common.h"

namespace sortkey::props {

std::ostream& operator<<(std::ostream& os, const Text& t) {
  os << show_key(t.bytes);
  bool ascii = true;
  for (char c : t.bytes) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
  if (ascii) return os;
  if (!oracle::is_valid_utf8(t.bytes)) return os << " (not UTF-8)";
  os << " [";
  const char* space = "";
  for (char32_t c : oracle::code_points(t.bytes)) {
    os << space << fmt::format("U+{:04X}", static_cast<unsigned>(c));
    space = " ";
  }
  return os << "]";
}

std::ostream& operator<<(std::ostream& os, const Segments& s) {
  os << "(";
  for (std::size_t i = 0; i < s.items.size(); ++i) os << (i ? ", " : "") << show_key(s.items[i]);
  return os << ") [" << s.items.size() << " segments]";
}

std::string utf8_of(char32_t c) { return oracle::utf8_of(c); }

namespace {

std::string utf8_of_all(const std::vector<char32_t>& cs) {
  std::string out;
  for (char32_t c : cs) out += utf8_of(c);
  return out;
}

// The characters where case mapping and normalization are known to trip.
const std::vector<char32_t>& tricky_code_points() {
  static const std::vector<char32_t> v = {
      'A',     'Z',     'a',     'z',     'I',     'i',    'K',    'k',
      'S',     's',     ' ',     '-',     '\'',    '0',    0x00DF, 0x1E9E,  // ß ẞ
      0x0130,  0x0131,                                                      // İ ı
      0x017F,  0x0149,  0x01F0,                                             // ſ ŉ ǰ
      0x01C4,  0x01C5,  0x01C6,                                             // Ǆ ǅ ǆ
      0x00B5,  0x03BC,  0x00FF,  0x0178,                                    // µ μ ÿ Ÿ
      0x00C5,  0x00E5,  0x00C9,  0x00E9,                                    // Å å É é
      0x03A3,  0x03C3,  0x03C2,                                             // Σ σ ς
      0x0390,  0x03B0,  0x03B9,  0x0399,                                    // ΐ ΰ ι Ι
      0x03F4,  0x03B8,  0x0398,  0x03D1,                                    // ϴ θ Θ ϑ
      0x1FB3,  0x1FBC,  0x1FB4,  0x1F80,                                    // ᾳ ᾼ ᾴ ᾀ
      0x0345,                                      // combining ypogegrammeni
      0x2126,  0x212A,  0x212B,                    // Ohm, Kelvin, Angstrom signs
      0xFB00,  0xFB01,  0xFB03,  0xFB06,  0x0587,  // ﬀ ﬁ ﬃ ﬆ և
      0x0300,  0x0301,  0x0307,  0x0308,  0x030A,  0x030C, 0x0316, 0x0327,
      0x0331,  0x0342,  0x13A0,  0xAB70,  0x13F8,  0x13F0,  // Cherokee
      0x10D0,  0x1C90,                                      // Georgian
      0xAC00,  0x1100,  0x1161,  0x11A8,                    // Hangul syllable and jamo
      0x10400, 0x10428, 0x1E900, 0x1E922, 0x1F600,          // Deseret, Adlam, emoji
      0x65E5,  0x672C,                                      // 日 本
      0xE000,  0xF8FF,  0xFEFF,  0xFFFD,  0xFFFE,  0xFFFF, 0x200D, 0x10FFFF,
  };
  return v;
}

char32_t avoid_surrogate(char32_t c) { return c >= 0xD800 && c <= 0xDFFF ? c + 0x800 : c; }

rc::Gen<char32_t> in_range(char32_t lo, char32_t hi_exclusive) {
  return rc::gen::map(rc::gen::inRange<std::uint32_t>(lo, hi_exclusive),
                      [](std::uint32_t c) { return avoid_surrogate(static_cast<char32_t>(c)); });
}

rc::Gen<std::string> text_of(rc::Gen<char32_t> cp, int min, int max) {
  return rc::gen::mapcat(rc::gen::inRange(min, max + 1), [cp](int n) {
    return rc::gen::map(rc::gen::container<std::vector<char32_t>>(static_cast<std::size_t>(n), cp),
                        utf8_of_all);
  });
}

// One code point rewritten: its upper, lower, folded, NFD or NFC form, or a
// partner it is (or is not) caseless-equal to.
std::string rewrite(char32_t c, int op) {
  const std::string s = utf8_of(c);
  switch (op) {
    case 1:
      return oracle::to_upper(s);
    case 2:
      return oracle::to_lower(s);
    case 3:
      return oracle::fold(s);
    case 4:
      return oracle::nfd(s);
    case 5:
      return oracle::nfc(s);
    default:
      break;
  }
  switch (c) {
    case 0x00DF:
      return "ss";
    case 0x1E9E:
      return utf8_of(0x00DF);
    case 's':
      return utf8_of(0x017F);
    case 'S':
      return utf8_of(0x017F);
    case 0x03C3:
      return utf8_of(0x03C2);
    case 0x03C2:
      return utf8_of(0x03C3);
    case 0x03A3:
      return utf8_of(0x03C2);
    case 'k':
      return utf8_of(0x212A);
    case 'K':
      return utf8_of(0x212A);
    case 0x00E5:
      return utf8_of(0x212B);
    case 0x03B9:
      return utf8_of(0x0345);
    case 0x03BC:
      return utf8_of(0x00B5);
    case 0x03B8:
      return utf8_of(0x03D1);
    case 'i':
      return utf8_of(0x0131);
    case 'I':
      return utf8_of(0x0130);
    default:
      return s;
  }
}

}  // namespace

char32_t read_code_point(Draws& d, bool controls) {
  // rc::gen::inRange's draw at the case's size, off the surrogates.
  auto in = [&d](char32_t lo, char32_t hi_exclusive) {
    return avoid_surrogate(static_cast<char32_t>(d.in_range(lo, hi_exclusive, d.size())));
  };
  if (controls && d.weighted({8, 1}) == 1) {
    static const char32_t kControls[] = {0x00, 0x01, 0x09, 0x0A, 0x1F, 0x7F, 0x80, 0x85, 0x9F};
    return kControls[d.below(9)];
  }
  // The tricky code points (weight 6), then each range [lo, hi) by its weight.
  struct Range {
    char32_t lo, hi;
  };
  static constexpr Range kRanges[] = {{0x20, 0x7F},        {0xA0, 0x250},    {0x370, 0x530},
                                      {0x300, 0x370},      {0x1E00, 0x2000}, {0xE000, 0x10000},
                                      {0x10000, 0x110000}, {0, 0x110000}};
  const int pick = d.weighted({6, 3, 1, 1, 1, 1, 1, 1, 1});
  const char32_t c = pick == 0 ? tricky_code_points()[d.below(tricky_code_points().size())]
                               : in(kRanges[pick - 1].lo, kRanges[pick - 1].hi);
  if (controls) return c;
  // Shift controls out of the way: C0 to '@'..'_', DEL and C1 to U+00A0...
  if (c < 0x20) return c + 0x40;
  if (c >= 0x7F && c <= 0x9F) return c + 0x21;
  return c;
}

rc::Gen<char32_t> gen_code_point(bool controls) {
  static const rc::Gen<char32_t> with =
      gen_drawn<char32_t>([](Draws& d) { return read_code_point(d, true); });
  static const rc::Gen<char32_t> without =
      gen_drawn<char32_t>([](Draws& d) { return read_code_point(d, false); });
  return controls ? with : without;
}

// A letter with one to three combining marks: where canonical reordering,
// composition and case mapping interact (U+0345 changes class when it is
// upper-cased or folded; "ſ" + mark has no precomposed form while "s" + mark
// may).
rc::Gen<std::string> gen_cluster() {
  auto base = rc::gen::element<char32_t>('a', 'A', 'e', 'E', 'i', 'I', 'j', 'J', 's', 'S', 'h',
                                         0x017F, 0x0130, 0x0131, 0x03B1, 0x0391, 0x03B9, 0x0399,
                                         0x03C9, 0x03A9, 0x03C5, 0x03A5, 0x1FB3, 0x1FBC, 0x1FF3,
                                         0x1F70, 0x1FBA, 0x01F0, 0x1E9B, 0x0390);
  auto mark = rc::gen::element<char32_t>(0x0300, 0x0301, 0x0307, 0x0308, 0x030C, 0x0313, 0x0314,
                                         0x0342, 0x0345, 0x0345, 0x0316, 0x0327, 0x0331, 0x0323);
  return rc::gen::apply(
      [](char32_t b, const std::vector<char32_t>& marks) {
        std::string out = utf8_of(b);
        for (char32_t m : marks) out += utf8_of(m);
        return out;
      },
      base, rc::gen::mapcat(rc::gen::element<std::size_t>(1, 1, 2, 3), [mark](std::size_t n) {
        return rc::gen::container<std::vector<char32_t>>(n, mark);
      }));
}

rc::Gen<std::string> gen_name() {
  auto ascii = rc::gen::weightedOneOf<char32_t>({
      {4, in_range('A', 'Z' + 1)},
      {4, in_range('a', 'z' + 1)},
      {1, rc::gen::element<char32_t>(' ', '-', '\'', '.', '0', '9', '#', '~')},
  });
  auto clusters = rc::gen::map(
      rc::gen::mapcat(rc::gen::element<std::size_t>(1, 1, 2, 3),
                      [](std::size_t n) {
                        return rc::gen::container<std::vector<std::string>>(
                            n,
                            rc::gen::weightedOneOf<std::string>(
                                {{2, gen_cluster()}, {1, text_of(gen_code_point(false), 1, 2)}}));
                      }),
      [](const std::vector<std::string>& parts) {
        std::string out;
        for (const std::string& p : parts) out += p;
        return out;
      });
  return rc::gen::weightedOneOf<std::string>({
      {2, text_of(ascii, 1, 12)},
      {4, text_of(gen_code_point(false), 1, 12)},
      {2, clusters},
  });
}

rc::Gen<std::string> gen_unicode_text() { return text_of(gen_code_point(true), 0, 12); }

rc::Gen<std::string> gen_case_variant(const std::string& name) {
  const std::vector<char32_t> points =
      oracle::is_valid_utf8(name) ? oracle::code_points(name) : std::vector<char32_t>{};
  const std::vector<char32_t> decomposed =
      points.empty() ? points : oracle::code_points(oracle::nfd(name));
  auto op = rc::gen::weightedOneOf<int>({{4, rc::gen::just(0)}, {5, rc::gen::inRange(1, 7)}});
  auto per_code_point = rc::gen::mapcat(
      rc::gen::elementOf(std::vector<std::vector<char32_t>>{points, decomposed}),
      [op](const std::vector<char32_t>& cs) {
        return rc::gen::map(rc::gen::container<std::vector<int>>(cs.size(), op),
                            [cs](const std::vector<int>& ops) {
                              std::string out;
                              for (std::size_t i = 0; i < cs.size(); ++i)
                                out += ops[i] == 0 ? utf8_of(cs[i]) : rewrite(cs[i], ops[i]);
                              return out;
                            });
      });
  auto whole = rc::gen::map(rc::gen::inRange(0, 5), [name](int k) {
    switch (k) {
      case 0:
        return oracle::to_upper(name);
      case 1:
        return oracle::to_lower(name);
      case 2:
        return oracle::fold(name);
      case 3:
        return oracle::nfd(name);
      default:
        return oracle::nfc(name);
    }
  });
  if (points.empty()) return rc::gen::just(name);
  return rc::gen::weightedOneOf<std::string>({{3, per_code_point}, {1, whole}});
}

rc::Gen<std::string> gen_invalid_utf8() {
  static const std::vector<std::string> bad = {
      "\x80",
      "\xBF",
      "\xC0\x80",
      "\xC1\xBF",
      "\xE0\x80\x80",
      "\xE0\x9F\xBF",
      "\xED\xA0\x80",
      "\xED\xBF\xBF",
      "\xF0\x80\x80\x80",
      "\xF0\x8F\xBF\xBF",
      "\xF4\x90\x80\x80",
      "\xF5\x80\x80\x80",
      "\xF8\x88\x80\x80\x80",
      "\xFE",
      "\xFF",
      "\xC3",
      "\xE2\x82",
      "\xF0\x9F\x98",
      "\xC3\x28",
      "\xE2\x28\xA1",
  };
  return rc::gen::apply(
      [](const std::string& text, const std::string& fragment, std::size_t where) {
        std::string out = text;
        out.insert(text.empty() ? 0 : where % (text.size() + 1), fragment);
        return out;
      },
      gen_unicode_text(), rc::gen::elementOf(bad), rc::gen::inRange<std::size_t>(0, 40));
}

rc::Gen<std::string> gen_any_text() {
  return rc::gen::weightedOneOf<std::string>({
      {3, gen_unicode_text()},
      {3, gen_invalid_utf8()},
      {2, gen_mutated(gen_name())},
      {1, gen_bytes()},
  });
}

namespace {

std::string hex2(unsigned b) { return fmt::format("{:02X}", b & 0xFF); }

// One of `items`, shrinking toward the first (rc::gen::elementOf does not shrink).
template <class T>
rc::Gen<T> shrinking_element_of(std::vector<T> items) {
  const std::size_t n = items.size();
  return rc::gen::map(rc::gen::inRange<std::size_t>(0, n),
                      [items = std::move(items)](std::size_t i) { return items[i]; });
}

// What escape-looking text is made of for the delimiter d and the escape
// X = d + 1 ($ for #): X with the hex of d, of X, of the byte above X, of
// 0x00 and of a space; X alone, with one hex digit, doubled, with lower-case
// or non-hex digits, and the escape of a byte that needs none. Longer runs
// ("$23$23") are two pieces, so that a shrink can drop one; the shortest
// come first, where a shrink goes.
std::vector<std::string> escape_lookalikes(char32_t d) {
  const char x = static_cast<char>(d + 1);
  const std::string hd = hex2(d), hx = hex2(d + 1);
  std::vector<std::string> out;
  for (const std::string& tail :
       {std::string(), std::string(1, x), hd.substr(0, 1), hx, hd, hex2(d + 2), std::string("00"),
        std::string("20"), std::string("0a"), std::string("ZZ"), std::string("41"),
        fmt::format("{}{}", hx[0], x)})
    out.push_back(fmt::format("{}{}", x, tail));
  return out;
}

// One piece of a segment: a byte above the escape (the hex digits among
// them), the escape byte, a byte at or below the delimiter, escape-looking
// text, a non-ASCII code point, or any code point. Valid UTF-8.
rc::Gen<std::string> gen_segment_piece(char32_t d) {
  const std::string hd = hex2(d), hx = hex2(d + 1);
  auto one = [](std::vector<char32_t> cps) {
    return rc::gen::map(shrinking_element_of(std::move(cps)), utf8_of);
  };
  auto digit = [](char c) { return static_cast<char32_t>(c); };
  return rc::gen::weightedOneOf<std::string>({
      {4, one({'A', d + 2, '0', '9', 'F', 'a', 'f', 'Z', 'z', 0x7F, digit(hd[0]), digit(hd[1]),
               digit(hx[1])})},
      {3, one({d + 1})},
      {2, one({d})},
      {1, one({d - 1, 0x00, 0x20, 0x01})},
      {1, rc::gen::map(in_range(0x00, d + 1), utf8_of)},
      {4, shrinking_element_of(escape_lookalikes(d))},
      {1, rc::gen::map(
              rc::gen::inRange<unsigned>(0, d + 2),
              [d](unsigned b) { return fmt::format("{}{:02X}", static_cast<char>(d + 1), b); })},
      {2, one({0x80, 0xE9, 0x7FF, 0x800, 0xE000, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF})},
      {1, rc::gen::map(gen_code_point(true), utf8_of)},
  });
}

}  // namespace

rc::Gen<std::string> gen_segment(char delimiter) {
  const auto d = static_cast<char32_t>(static_cast<unsigned char>(delimiter));
  auto pieces = rc::gen::weightedOneOf<std::size_t>({{2, rc::gen::just<std::size_t>(0)},
                                                     {4, rc::gen::just<std::size_t>(1)},
                                                     {3, rc::gen::just<std::size_t>(2)},
                                                     {2, rc::gen::inRange<std::size_t>(3, 7)}});
  return rc::gen::map(gen_list(pieces, gen_segment_piece(d)),
                      [](const std::vector<std::string>& ps) {
                        std::string out;
                        for (const std::string& p : ps) out += p;
                        return out;
                      });
}

}  // namespace sortkey::props
