// File: fuzz/hex_input.h
//
// The readable form of a binary fuzz input, so that the seeds of the targets
// that decode bytes structurally (the ID order and generator targets, the
// query differential) can be read and written by a person:
//
//   x:                       <- the marker: the rest is hexadecimal
//   01          # monotonic  <- '#' starts a comment that runs to the line's end
//   FFFF FFFF   # a payload  <- any byte that is not a hex digit is skipped
//
// An input that does not start with "x:" is used as it is: libFuzzer's own
// inputs are raw bytes, and both forms reach the same decoder. A trailing
// odd nibble is dropped.

#ifndef SORTKEY_FUZZ_HEX_INPUT_H_
#define SORTKEY_FUZZ_HEX_INPUT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace sortkey::fuzz {

// The bytes an input stands for (see the file comment).
inline std::string input_bytes(const std::uint8_t* data, std::size_t size) {
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  if (!in.starts_with("x:")) return std::string(in);
  std::string out;
  int high = -1;
  bool comment = false;
  for (std::size_t i = 2; i < in.size(); ++i) {
    const char c = in[i];
    if (comment) {
      comment = c != '\n';
      continue;
    }
    if (c == '#') {
      comment = true;
      continue;
    }
    int v = -1;
    if (c >= '0' && c <= '9') v = c - '0';
    if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
    if (c >= 'A' && c <= 'F') v = c - 'A' + 10;
    if (v < 0) continue;
    if (high < 0) {
      high = v;
    } else {
      out += static_cast<char>(high * 16 + v);
      high = -1;
    }
  }
  return out;
}

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_HEX_INPUT_H_
