// File: properties/reproduce_string.h
//
// RapidCheck's reproduce string ("reproduce=<base64>", what RC_PARAMS takes
// and what props::RunReport::reproduce holds), read without RapidCheck so
// that what comes from a user's file can be checked before RapidCheck sees
// it, and so that the fuzz builds, which have no RapidCheck, can check the
// reader. RapidCheck decodes it without bounds: a string cut short makes it
// read past its buffer, a long run of continuation bytes shifts past 64 bits,
// a large size or shrink path makes it generate or shrink without end. This
// reader accepts exactly the strings whose decoding is safe and bounded:
//
//   base64     RapidCheck's alphabet A-Z a-z 0-9 + _ (no padding), bits
//              packed low first; a length of 4n+1 is refused
//   map        a count (exactly 1), then the property's id and its Reproduce
//   string     a count of bytes (1..1024), the bytes
//   Reproduce  Random: 4 x 8 bytes of key, its bits and counter as counts, one
//              byte of bit index (0..64); the size as 4 bytes (0..100);
//              the shrink path: a count (at most kMaxShrinkSteps), then each
//              step's index (below 2^32)
//   count      7 bits a byte, low first, the top bit set on all but the last;
//              at most 10 bytes, and the 10th at most 1 (64 bits)
//
// and nothing after the Reproduce.
//
// Example:
//   auto r = read_reproduce_string(report.reproduce);
//   if (!r) return r.error();          // "the reproduce string ...: <why>"
//   r->property_id;                     // "padded/order"

#ifndef SORTKEY_PROPERTIES_REPRODUCE_STRING_H_
#define SORTKEY_PROPERTIES_REPRODUCE_STRING_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "sortkey/error.h"

namespace sortkey::props {

inline constexpr std::size_t kMaxReproduceText = 64 * 1024;
inline constexpr std::size_t kMaxShrinkSteps = 10000;
inline constexpr int kMaxReproduceSize = 100;  // RunSettings::max_size's ceiling

struct ReproduceString {
  std::string property_id;       // the id its one entry is for
  int size = 0;                  // the case's size, 0..kMaxReproduceSize
  std::size_t shrink_steps = 0;  // the length of its shrink path
};

// What `text` replays, when it is a reproduce string of the form above.
// Errors (kBadFormat): a sentence naming what is wrong, without the text.
Result<ReproduceString> read_reproduce_string(std::string_view text);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_REPRODUCE_STRING_H_
