// File: fuzz/byte_source.h
//
// Turns a fuzzer's byte string into typed values, front to back, so that a
// small mutation of the input makes a small change to the values and
// coverage guidance works (the idea of LLVM's FuzzedDataProvider, which is
// only on clang's include path; the fuzz targets must also build with g++).
// Every read is total: an exhausted source yields zeros and empty strings.

#ifndef SORTKEY_FUZZ_BYTE_SOURCE_H_
#define SORTKEY_FUZZ_BYTE_SOURCE_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

#include "oracles/naive_casefold.h"

namespace sortkey::fuzz {

class ByteSource {
 public:
  ByteSource(const std::uint8_t* data, std::size_t size)
      : rest_(reinterpret_cast<const char*>(data), size) {}
  // Over bytes the caller keeps alive, e.g. one line of the input.
  explicit ByteSource(std::string_view bytes) : rest_(bytes) {}

  bool empty() const { return rest_.empty(); }
  std::string_view rest() const { return rest_; }

  std::uint8_t byte() {
    if (rest_.empty()) return 0;
    const auto b = static_cast<std::uint8_t>(rest_.front());
    rest_.remove_prefix(1);
    return b;
  }

  // An integer in [lo, hi] from as few bytes as the range needs.
  // REQUIRES: lo <= hi.
  std::uint64_t in_range(std::uint64_t lo, std::uint64_t hi) {
    const std::uint64_t span = hi - lo;
    std::uint64_t v = 0;
    for (std::uint64_t covered = 0; covered < span && !rest_.empty();
         covered = (covered << 8) | 0xFF) {
      v = (v << 8) | byte();
    }
    return span == UINT64_MAX ? v : lo + v % (span + 1);
  }

  // A run of ASCII decimal digits, at most `max_digits` long; the length
  // comes first. A digit byte stands for itself (so seeds read as their
  // values), any other byte for '0' + byte % 10.
  std::string digits(std::size_t max_digits) {
    const auto n = static_cast<std::size_t>(in_range(1, max_digits));
    std::string out;
    for (std::size_t i = 0; i < n && !rest_.empty(); ++i) {
      const std::uint8_t b = byte();
      out += static_cast<char>(b >= '0' && b <= '9' ? b : '0' + b % 10);
    }
    return out.empty() ? "0" : out;
  }

  // An integer in [lo, hi] written as decimal text, "[-]digits", after any
  // run of blanks (space, tab, CR, LF), and with the blank after it consumed:
  // seeds read as what they hold ("3 1782172800 500000000"). Values outside
  // the range are clamped to it, so the ends are easy to reach. Input that
  // starts with any other byte gives the value of binary bytes (in_range)
  // instead, so arbitrary bytes still make every value.
  // REQUIRES: lo <= hi.
  std::int64_t number(std::int64_t lo, std::int64_t hi) {
    while (!rest_.empty() && is_blank(rest_.front())) rest_.remove_prefix(1);
    const bool negative =
        !rest_.empty() && rest_.front() == '-' && rest_.size() > 1 && is_digit(rest_[1]);
    if (rest_.empty() || !(negative || is_digit(rest_.front()))) {
      const auto span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
      return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + in_range(0, span));
    }
    if (negative) rest_.remove_prefix(1);
    // Magnitudes saturate at 2^63, which clamps like any other large value.
    constexpr std::uint64_t kCap = std::uint64_t{1} << 63;
    std::uint64_t magnitude = 0;
    while (!rest_.empty() && is_digit(rest_.front())) {
      const auto d = static_cast<std::uint64_t>(rest_.front() - '0');
      magnitude = magnitude > (kCap - d) / 10 ? kCap : magnitude * 10 + d;
      rest_.remove_prefix(1);
    }
    if (!rest_.empty() && is_blank(rest_.front())) rest_.remove_prefix(1);
    if (negative) {
      const std::uint64_t below =
          static_cast<std::uint64_t>(0) - static_cast<std::uint64_t>(lo);  // |lo| if lo < 0
      if (lo >= 0 || magnitude >= below) return lo;
      return std::max(lo, -static_cast<std::int64_t>(magnitude));
    }
    if (hi < 0) return hi;
    return magnitude >= static_cast<std::uint64_t>(hi)
               ? hi
               : std::max(lo, static_cast<std::int64_t>(magnitude));
  }

  // One Unicode scalar value (never a surrogate, at most U+10FFFF). A
  // well-formed UTF-8 sequence stands for its code point, so text seeds read
  // as themselves; a byte that starts none stands for a code point where
  // codecs trip (kTrickyCodePoints: controls, the bytes around the composite
  // delimiters, the ends of the 1- to 4-byte UTF-8 ranges, letters whose case
  // mapping changes length or needs context) if it is 0x80..0xBF, and
  // otherwise, with the next three bytes, for any code point, so that every
  // plane is reachable.
  char32_t code_point() {
    const std::uint8_t b = byte();
    if (b < 0x80) return b;
    const std::size_t length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
    if (b >= 0xC2 && b <= 0xF4 && rest_.size() >= length - 1) {
      char32_t c = b & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07);
      bool ok = true;
      for (std::size_t i = 0; i + 1 < length; ++i) {
        const auto cont = static_cast<std::uint8_t>(rest_[i]);
        ok = ok && (cont & 0xC0) == 0x80;
        c = (c << 6) | (cont & 0x3F);
      }
      const char32_t min = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000;
      if (ok && c >= min && c <= 0x10FFFF && !(c >= 0xD800 && c <= 0xDFFF)) {
        rest_.remove_prefix(length - 1);
        return c;
      }
    }
    if (b <= 0xBF) return kTrickyCodePoints[(b - 0x80u) % std::size(kTrickyCodePoints)];
    const auto raw = static_cast<char32_t>((std::uint32_t{byte()} << 16) |
                                           (std::uint32_t{byte()} << 8) | byte());
    const char32_t c = raw % 0x110000;
    return c >= 0xD800 && c <= 0xDFFF ? c + 0x800 : c;
  }

  // Well-formed UTF-8 text of at most `max_code_points` code points
  // (code_point()), up to the first raw byte that is in `stops` (left in
  // the source for the caller, see peek()) or the end of the input. A code
  // point that code_point() makes from other bytes is text, whatever it is.
  std::string utf8(std::string_view stops, std::size_t max_code_points = 64) {
    std::string out;
    for (std::size_t n = 0; n < max_code_points && !rest_.empty(); ++n) {
      if (stops.find(rest_.front()) != std::string_view::npos) break;
      out += oracle::utf8_of(code_point());
    }
    return out;
  }

  // Bytes up to the next `end` byte (consumed) or the end, at most `max` long.
  std::string field(std::size_t max = 256, char end = '\0') {
    std::string out;
    while (!rest_.empty() && out.size() < max) {
      const char c = rest_.front();
      rest_.remove_prefix(1);
      if (c == end) break;
      out += c;
    }
    return out;
  }

  // The next byte without taking it; -1 at the end.
  int peek() const { return rest_.empty() ? -1 : static_cast<unsigned char>(rest_.front()); }

  // Everything left.
  std::string remaining() {
    std::string out(rest_);
    rest_ = {};
    return out;
  }

 private:
  static bool is_digit(char c) { return c >= '0' && c <= '9'; }
  static bool is_blank(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

  // 64 code points, picked by the bytes 0x80..0xBF (see code_point()).
  static constexpr char32_t kTrickyCodePoints[] = {
      0x00,    0x01,    0x09,     0x0A,    0x1F,
      0x20,    0x21,    0x22,  // NUL, controls, ' ', '!', '"'
      0x23,    0x24,    0x25,     0x2B,    0x2C,
      0x2D,    0x2E,    0x2F,  // '#' '$' '%' '+' ',' '-' '.' '/'
      0x30,    0x3A,    0x41,     0x46,    0x5A,
      0x61,    0x66,    0x7E,  // '0' ':' 'A' 'F' 'Z' 'a' 'f' '~'
      0x7F,    0x80,    0x9F,     0xA0,    0xDF,
      0xE9,    0xFF,    0x130,  // DEL, C1, NBSP, sharp s, e acute, y diaeresis, dotted I
      0x131,   0x17F,   0x301,    0x345,   0x390,
      0x3A3,   0x3C2,   0x3C3,  // dotless i, long s, acute, ypogegrammeni, sigmas
      0x3F4,   0x587,   0x7FF,    0x800,   0x1E9E,
      0x1FB2,  0x1FBA,  0x2126,  // theta symbol, ech yiwn, UTF-8 edges, capital sharp s, Ohm
      0x212A,  0x212B,  0xD7FF,   0xE000,  0xFB01,
      0xFB03,  0xFEFF,  0xFFFD,  // Kelvin, Angstrom, around surrogates, ligatures, BOM
      0xFFFF,  0x10000, 0x10400,  0x10428, 0x1E900,
      0x1F600, 0xE0001, 0x10FFFF,  // planes 1..16: Deseret, Adlam, emoji
  };

  std::string_view rest_;
};

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_BYTE_SOURCE_H_
