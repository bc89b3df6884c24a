// File: fuzz/width_prefix.h
//
// The input convention of the integer-codec targets: "<width>:<rest>" when the
// input starts with a width of 1..38 and ':', so that seeds read as what they
// test ("5:00157"); otherwise the first byte picks the width (1..38).

#ifndef SORTKEY_FUZZ_WIDTH_PREFIX_H_
#define SORTKEY_FUZZ_WIDTH_PREFIX_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace sortkey::fuzz {

struct WidthAndRest {
  int width;
  std::string_view rest;
};

inline WidthAndRest split_width(const std::uint8_t* data, std::size_t size) {
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  const auto colon = in.find(':');
  if (colon >= 1 && colon <= 2 && colon != std::string_view::npos) {
    int w = 0;
    bool digits = true;
    for (std::size_t i = 0; i < colon; ++i) {
      digits = digits && in[i] >= '0' && in[i] <= '9';
      w = w * 10 + (in[i] - '0');
    }
    if (digits && w >= 1 && w <= 38) return {w, in.substr(colon + 1)};
  }
  if (in.empty()) return {1, in};
  return {1 + static_cast<unsigned char>(in[0]) % 38, in.substr(1)};
}

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_WIDTH_PREFIX_H_
