#include "properties/reproduce_string.h"

#include <fmt/format.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace sortkey::props {
namespace {

constexpr std::string_view kPrefix = "reproduce=";

Error bad(std::string why) {
  return make_error(ErrorCode::kBadFormat, 0, "the reproduce string " + std::move(why));
}

int base64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '_') return 63;
  return -1;
}

// RapidCheck's base64: four characters make three bytes, low bits first.
std::optional<std::vector<std::uint8_t>> base64_decode(std::string_view text) {
  if (text.size() % 4 == 1) return std::nullopt;
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i < text.size(); i += 4) {
    std::uint32_t bits = 0;
    int nbits = 0;
    for (std::size_t j = i; j < text.size() && j < i + 4; ++j) {
      const int x = base64_value(text[j]);
      if (x < 0) return std::nullopt;
      bits |= static_cast<std::uint32_t>(x) << nbits;
      nbits += 6;
    }
    for (; nbits >= 8; nbits -= 8, bits >>= 8) out.push_back(static_cast<std::uint8_t>(bits));
  }
  return out;
}

// The bytes in order; every read says whether it could be made.
class Bytes {
 public:
  explicit Bytes(const std::vector<std::uint8_t>& b) : b_(b) {}
  bool at_end() const { return at_ == b_.size(); }
  bool fixed(std::size_t n, std::uint64_t& out) {
    if (b_.size() - at_ < n) return false;
    out = 0;
    for (std::size_t i = 0; i < n; ++i) out |= std::uint64_t{b_[at_ + i]} << (8 * i);
    at_ += n;
    return true;
  }
  // A count: 7 bits a byte, at most 64 bits.
  bool count(std::uint64_t& out) {
    out = 0;
    for (int shift = 0; shift < 70; shift += 7) {
      if (at_ == b_.size()) return false;
      const std::uint8_t x = b_[at_++];
      if (shift == 63 && x > 1) return false;
      out |= std::uint64_t{x & 0x7Fu} << shift;
      if ((x & 0x80) == 0) return true;
    }
    return false;
  }
  bool text(std::size_t n, std::string& out) {
    if (b_.size() - at_ < n) return false;
    out.assign(b_.begin() + static_cast<std::ptrdiff_t>(at_),
               b_.begin() + static_cast<std::ptrdiff_t>(at_ + n));
    at_ += n;
    return true;
  }

 private:
  const std::vector<std::uint8_t>& b_;
  std::size_t at_ = 0;
};

// The Random and the size of a Reproduce; false if either is malformed.
bool read_random_and_size(Bytes& in, int& size, std::string& why) {
  std::uint64_t x = 0;
  for (int i = 0; i < 4; ++i) {
    if (!in.fixed(8, x)) return why = "ends inside its random key", false;
  }
  if (!in.count(x) || !in.count(x)) return why = "has a malformed random state", false;
  if (!in.fixed(1, x) || x > 64) return why = "has a random bit index outside 0..64", false;
  if (!in.fixed(4, x)) return why = "ends before its size", false;
  if (x > static_cast<std::uint64_t>(kMaxReproduceSize)) {
    return why = fmt::format("has the size {}, above {}", x, kMaxReproduceSize), false;
  }
  size = static_cast<int>(x);
  return true;
}

}  // namespace

Result<ReproduceString> read_reproduce_string(std::string_view text) {
  if (text.size() > kMaxReproduceText) {
    return bad(fmt::format("is longer than {} bytes", kMaxReproduceText));
  }
  if (!text.starts_with(kPrefix)) return bad("does not start with \"reproduce=\"");
  const auto bytes = base64_decode(text.substr(kPrefix.size()));
  if (!bytes) return bad("is not RapidCheck's base64 (A-Z a-z 0-9 + _)");
  Bytes in(*bytes);
  ReproduceString out;
  std::uint64_t n = 0;
  if (!in.count(n) || n != 1) return bad("does not name exactly one property");
  if (!in.count(n) || n == 0 || n > 1024 ||
      !in.text(static_cast<std::size_t>(n), out.property_id)) {
    return bad("has no property id of 1 to 1024 bytes");
  }
  std::string why;
  if (!read_random_and_size(in, out.size, why)) return bad(why);
  if (!in.count(n) || n > kMaxShrinkSteps) {
    return bad(fmt::format("has no shrink path of at most {} steps", kMaxShrinkSteps));
  }
  out.shrink_steps = static_cast<std::size_t>(n);
  for (std::size_t i = 0; i < out.shrink_steps; ++i) {
    if (!in.count(n) || n > 0xFFFFFFFFu) return bad("has a malformed shrink step");
  }
  if (!in.at_end()) return bad("has bytes after its shrink path");
  return out;
}

}  // namespace sortkey::props
