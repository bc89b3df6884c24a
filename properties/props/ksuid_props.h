// File: properties/props/ksuid_props.h
//
// The specification of KSUIDs (sortkey/ksuid.h) as framework-free property
// functions. The oracle (oracles/naive_base.h) decides what is true: base 62
// by long division on a byte vector, order by comparing byte vectors, the
// monotonic increment by adding one to a byte vector, the calendar by
// counting days.

#ifndef SORTKEY_PROPERTIES_KSUID_PROPS_H_
#define SORTKEY_PROPERTIES_KSUID_PROPS_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "properties/props/outcome.h"
#include "sortkey/error.h"
#include "sortkey/ksuid.h"

namespace sortkey::props {

// Text and binary round trips: decode(encode(k)) == k, the 20 bytes read back
// give k, and (unix_seconds, payload) rebuild k.
Outcome ksuid_round_trip(const Ksuid::Bytes& bytes);
// encode is the oracle's base 62 of the 20 bytes (27 digits, 0-9A-Za-z), and
// decode of the oracle's text gives the bytes back.
Outcome ksuid_matches_oracle(const Ksuid::Bytes& bytes);
// sign(text(a) <=> text(b)) == sign(bytes(a) <=> bytes(b)) == sign of
// (timestamp, payload) compared field by field, equality included.
Outcome ksuid_order(const Ksuid::Bytes& a, const Ksuid::Bytes& b);
// Every proper prefix and every extension by `extra` is rejected, and so is
// the key with `extra` at `position` when `extra` is outside the alphabet.
Outcome ksuid_rejects_malformed(const Ksuid::Bytes& bytes, char extra, std::size_t position);
// decode on any bytes errs cleanly (offset inside the input, a message) or
// returns the value whose key is exactly those bytes; it accepts exactly the
// inputs the oracle reads as 27 base-62 digits below 2^160.
Outcome ksuid_total_decode(std::string_view bytes);
// A 27-character base-62 string is accepted iff its value (by the oracle) is
// below 2^160, and then decodes to that value: never a wrap.
Outcome ksuid_never_wraps(std::string_view text);
// decode_ksuid fails with the documented error at the documented offset, in
// the documented order: the first byte outside the alphabet (kBadCharacter),
// else fewer than 27 bytes (kTruncated at the end), else 27 digits above Max
// (kOutOfRange at the first digit past Max's), else trailing bytes
// (kTrailingBytes at 27); otherwise it returns a value. `decoded` is
// decode_ksuid(text): a driver that checks several properties of one text
// decodes it once.
Outcome ksuid_documented_errors(std::string_view text, const Result<Ksuid>& decoded);
// consume_ksuid reads exactly the first 27 bytes of `text` as decode_ksuid
// reads them, or fails as decode_ksuid fails on them and leaves its input
// alone. `decoded` is decode_ksuid(text).
Outcome ksuid_consume(std::string_view text, const Result<Ksuid>& decoded);
// ksuid_from_bytes on any bytes accepts exactly 20 (shorter: kTruncated at
// their end, longer: kTrailingBytes at 20) and keeps them; the KSUID then
// holds ksuid_round_trip and ksuid_matches_oracle.
Outcome ksuid_binary_form(std::string_view bytes);
// make_ksuid succeeds iff 1400000000 <= unix <= 5694967295, keeps the time and
// payload, and ksuid_time_rfc3339 is the oracle's calendar text.
Outcome ksuid_time_range(std::int64_t unix_seconds, const Ksuid::Payload& payload);

// A generator run against the documented model: the clock reads `clock_ms`
// at each call, the random source hands out `randoms` in order and then
// fails. Holds iff every result equals the model's: out-of-range clock ->
// kOutOfRange; monotonic and the clock's second <= the last ID's -> the last
// ID with payload + 1 (kOverflow if it was all 0xFF); otherwise the clock's
// second with the next random payload (kUnavailable when none is left).
Outcome ksuid_generator_model(bool monotonic, const std::vector<std::int64_t>& clock_ms,
                              const std::vector<Ksuid::Payload>& randoms);
// Monotonic mode on any clock script: the IDs returned are strictly
// increasing (so duplicate-free), and an error is only kOutOfRange (clock
// outside the range) or kOverflow (payload exhausted), never a wrap.
Outcome ksuid_monotonic_order(const std::vector<std::int64_t>& clock_ms,
                              const std::vector<Ksuid::Payload>& randoms);
// `threads` std::threads draw `per_thread` IDs each from one monotonic
// generator whose clock advances one millisecond every `calls_per_ms` calls
// and steps back `back_ms` every 97 calls: each thread's IDs are strictly
// increasing, all IDs are distinct, and the generation order the generator's
// observer records under its lock is strictly increasing.
Outcome ksuid_monotonic_threads(int threads, int per_thread, int calls_per_ms, int back_ms,
                                std::uint64_t seed);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_KSUID_PROPS_H_
