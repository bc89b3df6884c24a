// File: fuzz/byte_source.h
//
// Turns a fuzzer's byte string into typed values, front to back, so that a
// small mutation of the input makes a small change to the values and
// coverage guidance works (the idea of LLVM's FuzzedDataProvider, which is
// only on clang's include path; the fuzz targets must also build with g++).
// Every read is total: an exhausted source yields zeros and empty strings.

#ifndef SORTKEY_FUZZ_BYTE_SOURCE_H_
#define SORTKEY_FUZZ_BYTE_SOURCE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace sortkey::fuzz {

class ByteSource {
 public:
  ByteSource(const std::uint8_t* data, std::size_t size)
      : rest_(reinterpret_cast<const char*>(data), size) {}

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
    for (std::uint64_t covered = 0; covered < span && !rest_.empty(); covered = (covered << 8) | 0xFF) {
      v = (v << 8) | byte();
    }
    return span == UINT64_MAX ? v : lo + v % (span + 1);
  }

  // A run of ASCII decimal digits (a byte maps to '0' + byte % 10), at most
  // `max_digits` long; the length comes first.
  std::string digits(std::size_t max_digits) {
    const auto n = static_cast<std::size_t>(in_range(1, max_digits));
    std::string out;
    for (std::size_t i = 0; i < n && !rest_.empty(); ++i) out += static_cast<char>('0' + byte() % 10);
    return out.empty() ? "0" : out;
  }

  // Bytes up to the next 0x00 separator (consumed) or the end, at most `max` long.
  std::string field(std::size_t max = 256) {
    std::string out;
    while (!rest_.empty() && out.size() < max) {
      const char c = rest_.front();
      rest_.remove_prefix(1);
      if (c == '\0') break;
      out += c;
    }
    return out;
  }

  // Everything left.
  std::string remaining() {
    std::string out(rest_);
    rest_ = {};
    return out;
  }

 private:
  std::string_view rest_;
};

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_BYTE_SOURCE_H_
