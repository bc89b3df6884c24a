#include "src/internal/utf8.h"

#include <fmt/format.h>
#include <unicode/utf8.h>

#include <cstdint>

#include "src/internal/deferred_error.h"

namespace sortkey::internal {

std::size_t find_invalid_utf8(std::string_view text) {
  const auto* s = reinterpret_cast<const std::uint8_t*>(text.data());
  const auto n = static_cast<std::int32_t>(text.size());
  std::int32_t i = 0;
  while (i < n) {
    if (s[i] < 0x80) {
      ++i;
      continue;
    }
    const std::int32_t start = i;
    UChar32 c;
    U8_NEXT(s, i, n, c);
    if (c < 0) return static_cast<std::size_t>(start);
  }
  return kValidUtf8;
}

Utf8Fault utf8_fault_at(std::string_view text, std::size_t offset) {
  const auto* s = reinterpret_cast<const std::uint8_t*>(text.data());
  auto i = static_cast<std::int32_t>(offset);
  UChar32 c;
  U8_NEXT(s, i, static_cast<std::int32_t>(text.size()), c);
  // U8_NEXT stops after the maximal ill-formed subpart (at most 3 bytes). If
  // that runs to the end of the text after a lead byte, the sequence is cut
  // short; otherwise show the subpart and the byte that broke it.
  const auto stop = static_cast<std::size_t>(i);
  const bool lead = s[offset] >= 0xC2 && s[offset] <= 0xF4;
  Utf8Fault fault{};
  fault.truncated = lead && stop == text.size();
  const std::size_t end = lead && !fault.truncated ? stop + 1 : stop;
  for (std::size_t k = offset; k < end && fault.size < sizeof fault.bytes; ++k) {
    fault.bytes[fault.size++] = s[k];
  }
  return fault;
}

std::string describe(const Utf8Fault& fault) {
  std::string bytes;
  for (std::size_t k = 0; k < fault.size; ++k) {
    bytes += fmt::format("{}0x{:02X}", bytes.empty() ? "" : " ", fault.bytes[k]);
  }
  if (fault.truncated) return fmt::format("invalid UTF-8: {} is a truncated sequence", bytes);
  return fmt::format("invalid UTF-8: {} is not a well-formed sequence", bytes);
}

DeferredError invalid_utf8_error(std::string_view text, std::size_t offset) {
  return defer<[](Utf8Fault fault) { return describe(fault); }>(ErrorCode::kBadCharacter, offset,
                                                                utf8_fault_at(text, offset));
}

std::string describe_invalid_utf8(std::string_view text, std::size_t offset) {
  return describe(utf8_fault_at(text, offset));
}

std::size_t code_point_start(std::string_view text, std::size_t offset) {
  while (offset > 0 && offset < text.size() &&
         (static_cast<std::uint8_t>(text[offset]) & 0xC0) == 0x80) {
    --offset;
  }
  return offset;
}

}  // namespace sortkey::internal
