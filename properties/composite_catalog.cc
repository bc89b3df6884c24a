// The composite-key codec's entries in the property catalog.

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "oracles/naive_tuple.h"
#include "properties/catalog.h"
#include "properties/gen/bytes_gen.h"
#include "properties/gen/list_gen.h"
#include "properties/gen/path_gen.h"
#include "properties/gen/text_gen.h"
#include "properties/props/composite_props.h"
#include "sortkey/composite.h"

namespace sortkey::props {

// Counterexamples print the malformation by name.
inline void showValue(Malformation m, std::ostream& os) { os << to_string(m); }

namespace {

constexpr std::string_view kAllowed = "!\"#$%&'()*+,-./";

// '#' most of the time, every allowed delimiter sometimes.
rc::Gen<char> gen_delimiter() {
  return rc::gen::weightedOneOf<char>(
      {{3, rc::gen::just('#')}, {2, rc::gen::elementOf(std::string(kAllowed))}});
}

// 1 to 12 segments, one most often (gen/path_gen.h).
rc::Gen<Segments> gen_path(char d) {
  return rc::gen::map(gen_composite_path(d),
                      [](std::vector<std::string> v) { return Segments{std::move(v)}; });
}

// The byte offset where the text splits about in half, on a code point boundary.
std::size_t middle(const std::string& s) {
  std::size_t j = s.size() / 2;
  while (j > 0 && j < s.size() && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80) --j;
  return j;
}

std::string drop_last_code_point(std::string s) {
  if (s.empty()) return s;
  std::size_t j = s.size() - 1;
  while (j > 0 && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80) --j;
  return s.substr(0, j);
}

// A path related to x the ways trees trip: a prefix of it (or x itself); a
// prefix whose last segment is longer or shorter; a prefix with a segment
// split in two (("A", "B") against ("AB", ...)); x extended; or unrelated.
Path derive(const Path& x, int how, std::size_t k, const std::string& extra, const Path& other) {
  const std::size_t m = 1 + k % x.size();
  Path a(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(m));
  switch (how) {
    case 0:
      return a;
    case 1:
      a.back() += extra.empty() ? std::string("\x01") : extra;
      return a;
    case 2:
      a.back() = drop_last_code_point(a.back());
      return a;
    case 3: {
      const std::string seg = a.back();
      const std::size_t j = middle(seg);
      a.back() = seg.substr(0, j);
      a.push_back(seg.substr(j));
      return a;
    }
    case 4:
      a = x;
      a.push_back(extra);
      return a;
    default:
      return other;
  }
}

rc::Gen<std::pair<Segments, Segments>> gen_related_paths(char d) {
  return rc::gen::mapcat(gen_path(d), [d](const Segments& x) {
    return rc::gen::apply(
        [x](int how, std::size_t k, const std::string& extra, const Segments& other) {
          return std::make_pair(x, Segments{derive(x.items, how, k, extra, other.items)});
        },
        rc::gen::weightedOneOf<int>({{2, rc::gen::just(0)},
                                     {2, rc::gen::just(1)},
                                     {2, rc::gen::just(2)},
                                     {2, rc::gen::just(3)},
                                     {1, rc::gen::just(4)},
                                     {1, rc::gen::just(5)}}),
        rc::gen::inRange<std::size_t>(0, 8), gen_segment(d), gen_path(d));
  });
}

struct WindowCase {
  Path parent;
  std::string first, last;
  Path x;
};
std::ostream& operator<<(std::ostream& os, const WindowCase& w) {
  return os << "parent " << Segments{w.parent} << ", first " << Text{w.first} << ", last "
            << Text{w.last} << ", x " << Segments{w.x};
}
[[maybe_unused]] void showValue(const WindowCase& w, std::ostream& os) { os << w; }

// A window and a path near its edges: children at first and last, just
// inside and outside them, the parent itself, a sibling of the parent, and
// unrelated paths.
rc::Gen<WindowCase> gen_window(char d) {
  return rc::gen::apply(
      [](const Segments& base, std::size_t depth, std::string first, std::string last, int child,
         int shape, const std::string& extra, const Segments& rest) {
        if (last < first) std::swap(first, last);
        WindowCase w;
        w.parent.assign(
            base.items.begin(),
            base.items.begin() + static_cast<std::ptrdiff_t>(depth % (base.items.size() + 1)));
        w.first = first;
        w.last = last;
        std::string s;
        switch (child) {
          case 0:
            s = first;
            break;
          case 1:
            s = last;
            break;
          case 2:
            s = first + extra;
            break;
          case 3:
            s = last + extra;
            break;
          case 4:
            s = drop_last_code_point(first);
            break;
          case 5:
            s = drop_last_code_point(last);
            break;
          default:
            s = extra;
            break;
        }
        switch (shape) {
          case 0:
            w.x = w.parent;
            w.x.push_back(s);
            break;
          case 1:
            w.x = w.parent;
            w.x.push_back(s);
            w.x.insert(w.x.end(), rest.items.begin(), rest.items.end());
            break;
          case 2:
            w.x = w.parent.empty() ? rest.items : w.parent;
            break;
          case 3:
            w.x = w.parent;
            if (w.x.empty())
              w.x.push_back(extra);
            else
              w.x.back() += extra.empty() ? std::string("0") : extra;
            w.x.push_back(s);
            break;
          default:
            w.x = rest.items;
            break;
        }
        return w;
      },
      gen_path(d), rc::gen::element<std::size_t>(0, 1, 2, 3), gen_segment(d), gen_segment(d),
      rc::gen::element(0, 1, 2, 3, 4, 5, 6),
      rc::gen::weightedOneOf<int>({{3, rc::gen::just(0)},
                                   {3, rc::gen::just(1)},
                                   {1, rc::gen::just(2)},
                                   {1, rc::gen::just(3)},
                                   {1, rc::gen::just(4)}}),
      gen_segment(d), gen_path(d));
}

struct TypedCase {
  TypedPath a, b;
};
std::ostream& operator<<(std::ostream& os, const TypedCase& t) {
  return os << show_typed(t.a) << " vs " << show_typed(t.b);
}
[[maybe_unused]] void showValue(const TypedCase& t, std::ostream& os) { os << t; }

unsigned long long pow10(int w) {
  unsigned long long p = 1;
  for (int i = 0; i < w; ++i) p *= 10;
  return p;
}

TypedSegment typed(SegmentKind kind, int width, std::string text, unsigned long long n = 0,
                   long long seconds = 0, unsigned nanos = 0) {
  return TypedSegment{kind, width, std::move(text), n, seconds, nanos};
}

// Number text near the places the number codec's keys trip: signs, zero,
// powers of ten, a digit string and its extensions, tiny and huge exponents.
rc::Gen<std::string> gen_composite_number_text() {
  return rc::gen::weightedOneOf<std::string>({
      {2, rc::gen::element<std::string>(
              "0", "1", "-1", "1.5", "-1.5", "10", "-10", "0.5", "-0.5", "100", "15", "1e-130",
              "-1e-130", "9.9999999999999999999999999999999999999e125",
              "-9.9999999999999999999999999999999999999e125", "12345.678", "1.05")},
      {2, rc::gen::map(rc::gen::inRange(-1000, 1001), [](int v) { return std::to_string(v); })},
      {1, rc::gen::apply([](int m, int e) { return fmt::format("{}e{}", m, e); },
                         rc::gen::inRange(-99, 100), rc::gen::inRange(-130, 124))},
  });
}

rc::Gen<TypedSegment> gen_typed_value(SegmentKind kind, int width, char d) {
  switch (kind) {
    case SegmentKind::kText:
      return rc::gen::map(gen_segment(d),
                          [](std::string s) { return typed(SegmentKind::kText, 0, std::move(s)); });
    case SegmentKind::kNumber:
      return rc::gen::map(gen_composite_number_text(), [](std::string s) {
        return typed(SegmentKind::kNumber, 0, std::move(s));
      });
    case SegmentKind::kName:
      return rc::gen::map(gen_name(),
                          [](std::string s) { return typed(SegmentKind::kName, 0, std::move(s)); });
    case SegmentKind::kTimestamp:
      // Around 1970, around a day boundary, and across the years 0001..9999;
      // fractions that differ only below the precision.
      return rc::gen::apply(
          [width](long long seconds, unsigned nanos) {
            return typed(SegmentKind::kTimestamp, width, {}, 0, seconds, nanos);
          },
          rc::gen::weightedOneOf<long long>(
              {{2, rc::gen::element<long long>(-62135596800LL, -1, 0, 1, 86399, 86400, 1782172800,
                                               253402300799LL)},
               {2, rc::gen::inRange<long long>(-3, 4)},
               {1, rc::gen::inRange<long long>(-62135596800LL, 253402300800LL)}}),
          rc::gen::weightedOneOf<unsigned>(
              {{2, rc::gen::element<unsigned>(0, 1, 999999999, 500000000, 123456789, 123000000,
                                              123999999)},
               {1, rc::gen::inRange<unsigned>(0, 1000000000)}}));
    case SegmentKind::kPadded:
    case SegmentKind::kInverse:
      break;
  }
  const unsigned long long max = pow10(width) - 1;
  return rc::gen::map(rc::gen::weightedOneOf<unsigned long long>(
                          {{1, rc::gen::element<unsigned long long>(0, 1, max / 2, max - 1, max)},
                           {2, rc::gen::inRange<unsigned long long>(0, max + 1)}}),
                      [kind, width](unsigned long long n) { return typed(kind, width, {}, n); });
}

// A schema of 1 to 5 kinds and widths, a path over it and a second path over
// the same schema: equal, independent, an extension, one field changed, or
// one field changed and the rest cut.
rc::Gen<TypedCase> gen_typed_case(char d) {
  return rc::gen::exec([d] {
    const auto n = *rc::gen::inRange<std::size_t>(1, 6);
    std::vector<std::pair<SegmentKind, int>> schema;
    for (std::size_t i = 0; i < n; ++i) {
      const SegmentKind kind =
          *rc::gen::weightedOneOf<SegmentKind>({{3, rc::gen::just(SegmentKind::kText)},
                                                {2, rc::gen::just(SegmentKind::kPadded)},
                                                {2, rc::gen::just(SegmentKind::kInverse)},
                                                {1, rc::gen::just(SegmentKind::kNumber)},
                                                {1, rc::gen::just(SegmentKind::kTimestamp)},
                                                {1, rc::gen::just(SegmentKind::kName)}});
      // The width of an integer, the precision of a timestamp.
      const int width = kind == SegmentKind::kTimestamp ? *rc::gen::element(0, 1, 3, 6, 9)
                                                        : *rc::gen::inRange(1, 5);
      schema.emplace_back(kind, width);
    }
    auto value = [&](std::size_t i) {
      return *gen_typed_value(schema[i].first, schema[i].second, d);
    };
    auto path = [&](std::size_t length) {
      TypedPath p;
      for (std::size_t i = 0; i < length; ++i) p.push_back(value(i));
      return p;
    };
    TypedCase t;
    t.a = path(*rc::gen::inRange<std::size_t>(1, n + 1));
    const int how = *rc::gen::inRange(0, 5);
    if (how == 0) {
      t.b = t.a;
    } else if (how == 1) {
      t.b = path(*rc::gen::inRange<std::size_t>(1, n + 1));
    } else if (how == 2) {
      t.b = t.a;
      for (std::size_t i = t.b.size(); i < n; ++i) t.b.push_back(value(i));
    } else {
      t.b = t.a;
      const auto i = *rc::gen::inRange<std::size_t>(0, t.b.size());
      t.b[i] = value(i);
      if (how == 4) t.b.resize(i + 1);
    }
    return t;
  });
}

Path path_of(const Segments& s) { return s.items; }

// Round trip, order and the subtree and window bounds.
void add_composite_order_properties(Catalog& c) {
  c.add(
      "composite", "round_trip",
      "decode(encode(p)) == p; keys are UTF-8 with no raw byte below the escape but the delimiters",
      [] {
        const char d = *gen_delimiter();
        const Segments p = *gen_path(d);
        RC_TAG(fmt::format("delimiter {}", d));
        RC_CLASSIFY(p.items.size() > 3, "deep");
        rc_require(composite_round_trip(p.items, d));
      });
  c.add(
      "composite", "tuple_order",
      "key(a) <=> key(b) has the sign of the tuple comparison of a and b, segment by segment", [] {
        const char d = *gen_delimiter();
        const auto [a, b] = *gen_related_paths(d);
        const int want = oracle::compare_tuples(a.items, b.items);
        RC_CLASSIFY(want == 0, "equal");
        RC_CLASSIFY(oracle::is_strict_prefix(a.items, b.items) ||
                        oracle::is_strict_prefix(b.items, a.items),
                    "one a prefix of the other");
        RC_CLASSIFY(want != 0 && a.items.front() != b.items.front(), "differ in the first segment");
        rc_require(composite_tuple_order(a.items, b.items, d));
      });
  c.add("composite", "subtree_exact",
        "begins_with(key(x), subtree_prefix(a)) iff a is a proper prefix of x", [] {
          const char d = *gen_delimiter();
          const auto [x, a] = *gen_related_paths(d);
          RC_CLASSIFY(oracle::is_strict_prefix(a.items, x.items), "descendant");
          RC_CLASSIFY(x.items == a.items, "same node");
          rc_require(composite_subtree_exact(x.items, a.items, d));
        });
  c.add("composite", "subtree_bounds_exact",
        "key(x) BETWEEN subtree_bounds(a) iff x is a or below it", [] {
          const char d = *gen_delimiter();
          const auto [x, a] = *gen_related_paths(d);
          RC_CLASSIFY(oracle::in_subtree(x.items, a.items), "inside");
          RC_CLASSIFY(x.items == a.items, "same node");
          rc_require(composite_subtree_bounds_exact(x.items, a.items, d));
        });
  c.add(
      "composite", "window_exact",
      "key(x) BETWEEN window_bounds(p, first, last) iff x = p + [s] + rest with first <= s <= last",
      [] {
        const char d = *gen_delimiter();
        const WindowCase w = *gen_window(d);
        RC_CLASSIFY(oracle::in_window(w.x, w.parent, w.first, w.last), "inside");
        RC_CLASSIFY(w.parent.empty(), "top-level window");
        rc_require(composite_window_exact(w.x, w.parent, w.first, w.last, d));
      });
}

// Malformed keys, total decode, invalid text, typed order, delimiters.
void add_composite_rejection_properties(Catalog& c) {
  c.add("composite", "rejects_malformed",
        "raw low bytes, needless escapes, lower-case or non-hex digits, cut escapes and bad UTF-8 "
        "are rejected at their offset",
        [] {
          const char d = *gen_delimiter();
          const Segments p = *gen_path(d);
          const Malformation m = *rc::gen::element(
              Malformation::kRawLowByte, Malformation::kNeedlessEscape, Malformation::kLowerCaseHex,
              Malformation::kNotHex, Malformation::kTruncatedEscape, Malformation::kInvalidUtf8);
          const auto position = *rc::gen::inRange<std::size_t>(0, 64);
          const auto byte = *rc::gen::arbitrary<unsigned char>();
          RC_TAG(to_string(m));
          rc_require(composite_rejects_malformed(p.items, d, m, position, byte));
        });
  c.add(
      "composite", "total_decode",
      "decode of any bytes errs cleanly or returns the path whose key is exactly those bytes", [] {
        const char d = *gen_delimiter();
        const Text bytes =
            *rc::gen::map(rc::gen::weightedOneOf<std::string>({
                              {3, gen_mutated(rc::gen::map(
                                      gen_path(d),
                                      [d](const Segments& p) {
                                        return encode_composite(p.items, d).value_or(std::string());
                                      }))},
                              {1, gen_any_text()},
                              {1, gen_bytes()},
                          }),
                          [](std::string s) { return Text{std::move(s)}; });
        RC_CLASSIFY(decode_composite(bytes.bytes, d).has_value(), "accepted");
        rc_require(composite_total_decode(bytes.bytes, d));
      });
  c.add("composite", "rejects_invalid_text",
        "encode fails iff a segment is not UTF-8, at the offset of its first ill-formed sequence",
        [] {
          const char d = *gen_delimiter();
          const Segments p{*gen_list(
              rc::gen::inRange<std::size_t>(1, 5),
              rc::gen::weightedOneOf<std::string>({{3, gen_segment(d)}, {1, gen_invalid_utf8()}}),
              1)};
          RC_CLASSIFY(!encode_composite(p.items, d).has_value(), "rejected");
          rc_require(composite_rejects_invalid_text(p.items, d));
        });
  c.add("composite", "typed_order",
        "for typed paths over one schema (text, padded, inverse, number, timestamp, name), value "
        "order is key order",
        [] {
          const char d = *gen_delimiter();
          const TypedCase t = *gen_typed_case(d);
          RC_CLASSIFY(t.a.size() != t.b.size(), "lengths differ");
          auto has = [&t](SegmentKind k) {
            return std::any_of(t.a.begin(), t.a.end(),
                               [k](const TypedSegment& s) { return s.kind == k; });
          };
          RC_CLASSIFY(has(SegmentKind::kNumber), "with a number");
          RC_CLASSIFY(has(SegmentKind::kTimestamp), "with a timestamp");
          RC_CLASSIFY(has(SegmentKind::kName), "with a name");
          rc_require(composite_typed_order(t.a, t.b, d));
        });
  c.add("composite", "delimiter_choice",
        "every delimiter in ! .. / works; every other byte is a bad parameter everywhere", [] {
          const char d = *rc::gen::weightedOneOf<char>(
              {{3, rc::gen::elementOf(std::string(kAllowed))},
               {1,
                rc::gen::element<char>('\0', ' ', '0', ':', 'A', '|', '~', '\x7f', '\x80', '\xff')},
               {1, rc::gen::arbitrary<char>()}});
          const char alphabet = kAllowed.find(d) == std::string_view::npos ? '#' : d;
          const Segments p = *gen_path(alphabet);
          const Segments other = *gen_path(alphabet);
          RC_CLASSIFY(kAllowed.find(d) != std::string_view::npos, "allowed");
          rc_require(composite_delimiter_choice(path_of(p), path_of(other), d));
        });
}

}  // namespace

void add_composite_properties(Catalog& c) {
  add_composite_order_properties(c);
  add_composite_rejection_properties(c);
}

}  // namespace sortkey::props
