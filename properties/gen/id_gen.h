// File: properties/gen/id_gen.h
//
// RapidCheck generators for the ID codecs (KSUID, ULID), biased to where
// they break: all-zero and all-0xFF fields, a payload one below all-0xFF (the
// monotonic carry), the first and last second or millisecond, the base-62
// digit boundaries 62^k, strings just above Max, the letters the Crockford
// alphabet leaves out, lower case, and clocks that stand still, step and run
// backwards.

#ifndef SORTKEY_PROPERTIES_GEN_ID_GEN_H_
#define SORTKEY_PROPERTIES_GEN_ID_GEN_H_

#include <rapidcheck.h>

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "sortkey/ksuid.h"
#include "sortkey/ulid.h"

namespace sortkey::props {

// Byte arrays wrapped so that counterexamples print as hex.
struct KsuidBytes {
  Ksuid::Bytes bytes;
};
struct UlidBytes {
  Ulid::Bytes bytes;
};
struct KsuidPayload {
  Ksuid::Payload bytes;
};
struct UlidEntropy {
  Ulid::Entropy bytes;
};
std::ostream& operator<<(std::ostream& os, const KsuidBytes& v);
std::ostream& operator<<(std::ostream& os, const UlidBytes& v);
std::ostream& operator<<(std::ostream& os, const KsuidPayload& v);
std::ostream& operator<<(std::ostream& os, const UlidEntropy& v);
inline void showValue(const KsuidBytes& v, std::ostream& os) { os << v; }
inline void showValue(const UlidBytes& v, std::ostream& os) { os << v; }
inline void showValue(const KsuidPayload& v, std::ostream& os) { os << v; }
inline void showValue(const UlidEntropy& v, std::ostream& os) { os << v; }

// A clock script: the unix milliseconds a generator's clock reads at each call.
struct ClockScript {
  std::vector<std::int64_t> ms;
};
std::ostream& operator<<(std::ostream& os, const ClockScript& v);
inline void showValue(const ClockScript& v, std::ostream& os) { os << v; }

// A payload/entropy: all 0x00, all 0xFF, 0xFF..FE, 0xFF..FD, 00..01, or random.
rc::Gen<KsuidPayload> gen_ksuid_payload();
rc::Gen<UlidEntropy> gen_ulid_entropy();

// A whole KSUID: timestamp 0, 1, max, max - 1 or random, with a boundary
// payload; or a value at a base-62 digit boundary (62^k and 62^k - 1); or
// 20 random bytes.
rc::Gen<KsuidBytes> gen_ksuid_bytes();
// A whole ULID: time 0, 1, 2^48 - 1 or random, with a boundary entropy; or
// 16 random bytes.
rc::Gen<UlidBytes> gen_ulid_bytes();

// 27 base-62 characters, mostly near Max: a prefix of Max's text then
// random digits, so that about half are above Max.
rc::Gen<std::string> gen_ksuid_text_near_max();
// 26 Crockford characters in either case with any first digit 0..Z.
rc::Gen<std::string> gen_ulid_text_any_first();

// Unix seconds around the KSUID range's ends, anywhere in it, or far out.
rc::Gen<std::int64_t> gen_ksuid_unix_seconds();
// Unix milliseconds around 0, 2^48 - 1, the year-10000 boundary, or anywhere.
rc::Gen<std::int64_t> gen_ulid_unix_ms();

// 1..40 clock readings starting at `start_ms`: steps of 0, +1 ms, +999 ms,
// +1 s, -1 ms, -1 s, -1 h or a large jump, and now and then a reading out of
// the range [min_ms, max_ms].
rc::Gen<ClockScript> gen_clock_script(std::int64_t start_ms, std::int64_t min_ms,
                                      std::int64_t max_ms);

// Facts about a generated script, for the generator properties' classes.
// True iff some reading is below the one before it.
bool steps_back(const ClockScript& s);
// True iff some payload/entropy is within three increments of all 0xFF.
template <class Wrapped>
bool near_exhaustion(const std::vector<Wrapped>& v) {
  for (const Wrapped& w : v) {
    const std::size_t n = w.bytes.size();
    if (w.bytes[0] == 0xFF && w.bytes[n - 2] == 0xFF && w.bytes[n - 1] >= 0xFD) return true;
  }
  return false;
}
// The arrays inside the wrappers, in order.
template <class Wrapped>
auto unwrap(const std::vector<Wrapped>& v) {
  std::vector<decltype(Wrapped::bytes)> out;
  for (const Wrapped& w : v) out.push_back(w.bytes);
  return out;
}

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_GEN_ID_GEN_H_
