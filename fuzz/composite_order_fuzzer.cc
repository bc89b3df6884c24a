// Order target of hierarchical composite keys (sortkey/composite.h): paths,
// a subtree and a window, checked with the property functions the
// RapidCheck suite runs (properties/props/composite_props.h).
// Input:
//   1 byte       the delimiter d, as it stands; one outside 0x21..0x2F is
//                checked as refused everywhere, and 0x21 + byte % 15 used
//   line x       path x: segments separated by '|', up to '\n'; a segment
//                is ByteSource::utf8 (well-formed UTF-8 reads as itself, any
//                other byte makes a code point: NUL, controls, the bytes
//                around the delimiters, every plane)
//   line y       path y, read the same way
//   line w       the window's bounds "first|last" (swapped if first > last)
//   line r       raw segments separated by '|', not repaired: encode must
//                refuse exactly the ill-formed ones
//   numbers      decimal, blank-separated (ByteSource::number):
//                how k   y's relation to x: 0 as read, 1 x's first 1 + k % |x|
//                        segments, 2 that with y's first segment added to its
//                        last, 3 that with its last code point dropped, 4 x
//                        followed by y, 5 that prefix with its last segment
//                        split in two (("AB") against ("A", "B"))
//                depth   the window's parent: x's first depth % (|x| + 1)
//                        segments
//                m position byte   a malformation 0..5 spliced into key(x)
//                typed   n (1..5), then n "kind width" pairs (kind 0 text,
//                        1 padded, 2 inverse, 3 number, 4 timestamp, 5 name;
//                        width 1..6, a timestamp's precision 0..9), then the
//                        lengths of a and b and how many leading segments b
//                        shares with a, then the values in order (text and
//                        names up to a blank, padded and inverse as numbers,
//                        Numbers as mantissa and exponent, timestamps as
//                        seconds and nanoseconds)
// e.g. "#EVENT|2026-06|00042\nEVENT|2026-06\n2026-06-01|2026-06-30\nA|B\n1 1 1 0 3 65 ...".
// Checks round trips, tuple order, begins_with on subtree prefixes,
// BETWEEN on subtree and window bounds (both directions of each iff),
// rejection of malformed keys and ill-formed text, the delimiter choice and
// the typed KeyBuilder's order.

#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fuzz/byte_source.h"
#include "fuzz/fuzz_adapter.h"
#include "fuzz/show_input.h"
#include "fuzz/show_text.h"
#include "properties/props/common.h"
#include "properties/props/composite_props.h"
#include "sortkey/composite.h"
#include "sortkey/timestamp.h"

namespace {

using sortkey::Path;
using sortkey::fuzz::ByteSource;
using sortkey::props::SegmentKind;
using sortkey::props::TypedPath;
using sortkey::props::TypedSegment;

constexpr std::size_t kMaxSegments = 8;
constexpr std::size_t kMaxCodePoints = 24;

// Segments separated by '|', up to '\n' (consumed) or the end.
Path read_path(ByteSource& src) {
  Path p;
  for (;;) {
    p.push_back(src.utf8("|\n", kMaxCodePoints));
    const int next = src.peek();
    if (next == '|') src.byte();
    if (next == '\n' || next < 0) {
      src.byte();
      return p;
    }
    if (p.size() == kMaxSegments) {
      src.field(4096, '\n');
      return p;
    }
  }
}

// Raw segments separated by '|' on one line: possibly ill-formed UTF-8.
Path read_raw_path(ByteSource& src) {
  const std::string line = src.field(256, '\n');
  Path p(1);
  for (char c : line) {
    if (c == '|' && p.size() < kMaxSegments) {
      p.emplace_back();
    } else {
      p.back() += c;
    }
  }
  return p;
}

std::string drop_last_code_point(std::string s) {
  if (s.empty()) return s;
  std::size_t j = s.size() - 1;
  while (j > 0 && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80) --j;
  s.resize(j);
  return s;
}

std::size_t middle(const std::string& s) {
  std::size_t j = s.size() / 2;
  while (j > 0 && j < s.size() && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80) --j;
  return j;
}

// y related to x the ways trees trip (see the file comment).
Path related(const Path& x, const Path& y, int how, std::size_t k) {
  Path a(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(1 + k % x.size()));
  switch (how) {
    case 0:
      return y;
    case 1:
      return a;
    case 2:
      a.back() += y.front();
      return a;
    case 3:
      a.back() = drop_last_code_point(a.back());
      return a;
    case 4:
      a = x;
      a.insert(a.end(), y.begin(), y.end());
      return a;
    default: {
      const std::string seg = a.back();
      a.back() = seg.substr(0, middle(seg));
      a.push_back(seg.substr(middle(seg)));
      return a;
    }
  }
}

// Text without control characters, never empty: what a name must be.
std::string name_of(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    const bool c0 = b < 0x20 || b == 0x7F;
    const bool c1 =
        b == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) <= 0x9F;
    if (c1) {
      ++i;
    } else if (!c0) {
      out += text[i];
    }
  }
  return out.empty() ? "A" : out;
}

std::string read_word(ByteSource& src) {
  std::string s = src.utf8(" \n", 12);
  if (src.peek() == ' ' || src.peek() == '\n') src.byte();
  return s;
}

unsigned long long power_of_ten(int w) {
  unsigned long long p = 1;
  for (int i = 0; i < w; ++i) p *= 10;
  return p;
}

TypedSegment read_typed(ByteSource& src, SegmentKind kind, int width) {
  TypedSegment s;
  s.kind = kind;
  s.width = width;
  switch (kind) {
    case SegmentKind::kText:
      s.text = read_word(src);
      break;
    case SegmentKind::kName:
      s.text = name_of(read_word(src));
      break;
    case SegmentKind::kPadded:
    case SegmentKind::kInverse:
      s.number = static_cast<unsigned long long>(
          src.number(0, static_cast<std::int64_t>(power_of_ten(width) - 1)));
      break;
    case SegmentKind::kNumber: {
      // In DynamoDB's range whatever the numbers: |m| < 100, 1E-130 <= 1e-130 and 99e123 < 1E126.
      const auto mantissa = src.number(-99, 99);
      const auto exponent = src.number(-130, 123);
      s.text = fmt::format("{}e{}", mantissa, exponent);
      break;
    }
    case SegmentKind::kTimestamp:
      s.seconds = src.number(sortkey::kMinTimestampSeconds, sortkey::kMaxTimestampSeconds);
      s.nanos = static_cast<unsigned>(src.number(0, sortkey::kMaxNanos));
      break;
  }
  return s;
}

struct TypedCase {
  TypedPath a, b;
};

TypedCase read_typed_case(ByteSource& src) {
  const auto n = static_cast<std::size_t>(src.number(1, 5));
  std::vector<std::pair<SegmentKind, int>> schema;
  for (std::size_t i = 0; i < n; ++i) {
    const auto kind = static_cast<SegmentKind>(src.number(0, 5));
    const int width =
        static_cast<int>(kind == SegmentKind::kTimestamp ? src.number(0, 9) : src.number(1, 6));
    schema.emplace_back(kind, width);
  }
  const auto la = static_cast<std::size_t>(src.number(1, static_cast<std::int64_t>(n)));
  const auto lb = static_cast<std::size_t>(src.number(1, static_cast<std::int64_t>(n)));
  const auto shared = static_cast<std::size_t>(src.number(0, static_cast<std::int64_t>(n)));
  TypedCase t;
  for (std::size_t i = 0; i < la; ++i)
    t.a.push_back(read_typed(src, schema[i].first, schema[i].second));
  for (std::size_t i = 0; i < lb; ++i) {
    t.b.push_back(i < shared && i < la ? t.a[i]
                                       : read_typed(src, schema[i].first, schema[i].second));
  }
  return t;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("composite_order_fuzzer");
  ByteSource src(data, size);
  const char d_raw = static_cast<char>(src.byte());
  const char d = check_delimiter(d_raw)
                     ? d_raw
                     : static_cast<char>(0x21 + static_cast<unsigned char>(d_raw) % 15);
  const Path x = read_path(src);
  const Path y_read = read_path(src);
  std::string first = src.utf8("|\n", kMaxCodePoints);
  if (src.peek() == '|') src.byte();
  std::string last = src.utf8("\n", kMaxCodePoints);
  src.byte();
  if (last < first) std::swap(first, last);
  const Path raw = read_raw_path(src);
  const int how = static_cast<int>(src.number(0, 5));
  const auto k = static_cast<std::size_t>(src.number(0, kMaxSegments));
  const auto depth = static_cast<std::size_t>(src.number(0, kMaxSegments));
  const auto m = static_cast<props::Malformation>(src.number(0, 5));
  const auto position = static_cast<std::size_t>(src.number(0, 63));
  const auto byte = static_cast<unsigned char>(src.number(0, 255));
  const TypedCase typed = read_typed_case(src);

  const Path y = related(x, y_read, how, k);
  const Path parent(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(depth % (x.size() + 1)));
  auto values = [&] {
    return fmt::format(
        "delimiter {}, x {}, y {} (how {}, k {}), window {} + [{} .. {}], raw {}, malformation {} "
        "at {} with "
        "byte {}, typed a {}, typed b {}",
        props::show_key(std::string_view(&d_raw, 1)), fuzz::show_segments(x),
        fuzz::show_segments(y), how, k, fuzz::show_segments(parent), fuzz::show_text(first),
        fuzz::show_text(last), fuzz::show_segments(raw), props::to_string(m), position, byte,
        props::show_typed(typed.a), props::show_typed(typed.b));
  };
  fuzz::show_input(values);
  fuzz::check(props::composite_round_trip(x, d), "composite/round_trip", values);
  fuzz::check(props::composite_round_trip(y, d), "composite/round_trip", values);
  fuzz::check(props::composite_tuple_order(x, y, d), "composite/tuple_order", values);
  fuzz::check(props::composite_subtree_exact(x, y, d), "composite/subtree_exact", values);
  fuzz::check(props::composite_subtree_exact(y, x, d), "composite/subtree_exact", values);
  fuzz::check(props::composite_subtree_bounds_exact(x, y, d), "composite/subtree_bounds_exact",
              values);
  fuzz::check(props::composite_subtree_bounds_exact(y, x, d), "composite/subtree_bounds_exact",
              values);
  fuzz::check(props::composite_window_exact(y, parent, first, last, d), "composite/window_exact",
              values);
  fuzz::check(props::composite_window_exact(x, parent, first, last, d), "composite/window_exact",
              values);
  fuzz::check(props::composite_rejects_malformed(x, d, m, position, byte),
              "composite/rejects_malformed", values);
  fuzz::check(props::composite_rejects_invalid_text(raw, d), "composite/rejects_invalid_text",
              values);
  // For an allowed delimiter the property is the round trip, order and
  // subtree checks above; only a refused one needs it.
  if (d != d_raw)
    fuzz::check(props::composite_delimiter_choice(x, y, d_raw), "composite/delimiter_choice",
                values);
  fuzz::check(props::composite_typed_order(typed.a, typed.b, d), "composite/typed_order", values);
  return 0;
}
