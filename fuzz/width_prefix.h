// File: fuzz/width_prefix.h
//
// The input convention of the targets whose codec takes a small integer
// parameter (a width, a precision): "<n>:<rest>" when the input starts with
// one or two digits naming a value in range and ':', so that seeds read as
// what they test ("5:00157", "3:2026-06-23T00:00:00.000Z"); otherwise the
// first byte picks the value and the rest follows it.

#ifndef SORTKEY_FUZZ_WIDTH_PREFIX_H_
#define SORTKEY_FUZZ_WIDTH_PREFIX_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace sortkey::fuzz {

struct ParamAndRest {
  int value;
  std::string_view rest;
};

// REQUIRES: 0 <= lo <= hi <= 99.
inline ParamAndRest split_param(const std::uint8_t* data, std::size_t size, int lo, int hi) {
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  const auto colon = in.find(':');
  if (colon >= 1 && colon <= 2 && colon != std::string_view::npos) {
    int v = 0;
    bool digits = true;
    for (std::size_t i = 0; i < colon; ++i) {
      digits = digits && in[i] >= '0' && in[i] <= '9';
      v = v * 10 + (in[i] - '0');
    }
    if (digits && v >= lo && v <= hi) return {v, in.substr(colon + 1)};
  }
  if (in.empty()) return {lo, in};
  return {lo + static_cast<unsigned char>(in[0]) % (hi - lo + 1), in.substr(1)};
}

// The integer codecs' width, 1..38.
struct WidthAndRest {
  int width;
  std::string_view rest;
};

inline WidthAndRest split_width(const std::uint8_t* data, std::size_t size) {
  const ParamAndRest p = split_param(data, size, 1, 38);
  return {p.value, p.rest};
}

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_WIDTH_PREFIX_H_
