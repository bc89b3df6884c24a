// File: properties/gen/neighbour_gen.h
//
// The values where each codec's format changes, as the adapter protocol's
// params and values (JSON): the middle values of the neighbour pairs
// (properties/props/neighbour_props.h). Drawn as one choice sequence
// (gen/draws.h), so a counterexample shrinks to the simplest boundary:
//
//   padded, inverse   0, 10^k - 1 and 10^k for every k up to the width, 10^width - 1
//   epoch             those, and the counts of the first instant of a year, month,
//                     day, hour, minute and second since 1970 (and of the one before)
//   timestamp         the first instant of a year, month (Feb 29, Mar 1, Jan 1),
//                     day, hour, minute, second, the epoch, 0001-01-01 and the last
//                     instant of 9999, at the drawn precision (and one unit before)
//   number            0, +-1e-130, +-10^s and +-9.99..9 (38 nines) x 10^s for every
//                     exponent's ends and some between, 1.0..01 x 10^s, 38 random
//                     digits, the largest Number
//   name              a short prefix and a code point where UTF-8 changes length
//                     (U+007E, U+00A0, U+07FF, U+0800, U+D7FF, U+E000, U+FFFF,
//                     U+10000, U+10FFFF) or case mapping changes (@ A Z [ ` a z {,
//                     U+00DF, U+0130, U+0131, U+017F, U+03A3, U+03C2, U+1E9E,
//                     U+2126, U+212A, U+FB00, U+10400, U+1E900)
//   composite         a segment ending in a byte around the delimiter d and its
//                     escape d+1 (0x00, 0x01, d-1, d, d+1, d+2, 'A', 0x7E, 0x7F),
//                     alone, after a parent path, or as the child of a segment
//   ksuid, ulid       the first, second, last and next-to-last time with a
//                     random field of all 0x00, all 0xFF, or random bytes that
//                     end in a run of 0x00 or 0xFF (a carry or a borrow)

#ifndef SORTKEY_PROPERTIES_GEN_NEIGHBOUR_GEN_H_
#define SORTKEY_PROPERTIES_GEN_NEIGHBOUR_GEN_H_

#include <rapidcheck.h>

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

namespace sortkey::props {

// One case of a neighbour property: the codec's params and the middle value,
// shown in a counterexample as the JSON the codec is sent.
struct NeighbourCase {
  nlohmann::json params;
  nlohmann::json value;
};
std::ostream& operator<<(std::ostream& os, const NeighbourCase& c);
inline void showValue(const NeighbourCase& c, std::ostream& os) { os << c; }

// Params and a boundary value of `codec` (a protocol codec name).
rc::Gen<NeighbourCase> gen_neighbour_case(const std::string& codec);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_GEN_NEIGHBOUR_GEN_H_
