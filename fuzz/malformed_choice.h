// File: fuzz/malformed_choice.h
//
// The decode targets' second check: when the decoder accepts the input, the
// codec's *_rejects_malformed property runs on the decoded value, so that
// every key the fuzzer finds valid also has its truncations, extensions and
// near misses (another fraction length, a lower-case letter, a needless
// escape, ...) rejected. Which near miss, with which byte and where, comes
// from a hash of the input: each mutation of a valid key tries another one.

#ifndef SORTKEY_FUZZ_MALFORMED_CHOICE_H_
#define SORTKEY_FUZZ_MALFORMED_CHOICE_H_

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

namespace sortkey::fuzz {

struct MalformedChoice {
  int variant;           // the properties take it modulo their number of variants
  char extra;            // the byte to extend, replace or splice in with
  std::size_t position;  // where, modulo the key's length or boundaries
};

inline MalformedChoice malformed_choice(std::string_view input) {
  std::uint32_t h = 2166136261u;  // FNV-1a
  for (char c : input) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  // Bytes next to the codecs' alphabets and delimiters.
  static constexpr char kExtras[] = {'z', 'Z', 't', 'T', '.', '-', ':', '+',  '0',    '9',   '/',
                                     ' ', '#', '$', 'x', 'A', ';', 'e', '\0', '\x7f', '\xff'};
  return {static_cast<int>(h % 1024), kExtras[(h >> 10) % std::size(kExtras)], (h >> 16) % 64};
}

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_MALFORMED_CHOICE_H_
