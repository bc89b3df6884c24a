// Private: big-endian loads and stores of 32- and 64-bit words at any
// address, for the kernels that read and write IDs as whole words (one byte
// swap each) instead of byte by byte.

#ifndef SORTKEY_INTERNAL_BIG_ENDIAN_H_
#define SORTKEY_INTERNAL_BIG_ENDIAN_H_

#include <bit>
#include <cstdint>
#include <cstring>

namespace sortkey::internal {

inline std::uint32_t load_big_endian_32(const std::uint8_t* p) {
  std::uint32_t v;
  std::memcpy(&v, p, sizeof v);
  if constexpr (std::endian::native == std::endian::little) v = __builtin_bswap32(v);
  return v;
}

inline std::uint64_t load_big_endian_64(const std::uint8_t* p) {
  std::uint64_t v;
  std::memcpy(&v, p, sizeof v);
  if constexpr (std::endian::native == std::endian::little) v = __builtin_bswap64(v);
  return v;
}

inline void store_big_endian_32(std::uint8_t* p, std::uint32_t v) {
  if constexpr (std::endian::native == std::endian::little) v = __builtin_bswap32(v);
  std::memcpy(p, &v, sizeof v);
}

inline void store_big_endian_64(std::uint8_t* p, std::uint64_t v) {
  if constexpr (std::endian::native == std::endian::little) v = __builtin_bswap64(v);
  std::memcpy(p, &v, sizeof v);
}

}  // namespace sortkey::internal

#endif  // SORTKEY_INTERNAL_BIG_ENDIAN_H_
