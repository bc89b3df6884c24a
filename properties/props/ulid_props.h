// File: properties/props/ulid_props.h
//
// The specification of ULIDs (sortkey/ulid.h) as framework-free property
// functions. The oracle (oracles/naive_base.h) decides what is true:
// Crockford base 32 by long division on a byte vector, order by comparing
// byte vectors, the monotonic increment by adding one to a byte vector, the
// calendar by counting days.

#ifndef SORTKEY_PROPERTIES_ULID_PROPS_H_
#define SORTKEY_PROPERTIES_ULID_PROPS_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "properties/props/outcome.h"
#include "sortkey/error.h"
#include "sortkey/ulid.h"

namespace sortkey::props {

// Text and binary round trips, through both decoders, and through
// (unix_ms, entropy).
Outcome ulid_round_trip(const Ulid::Bytes& bytes);
// encode is the oracle's Crockford base 32 of the 16 bytes (26 digits), and
// decode of the oracle's text gives the bytes back.
Outcome ulid_matches_oracle(const Ulid::Bytes& bytes);
// sign(text(a) <=> text(b)) == sign(bytes(a) <=> bytes(b)) == sign of
// (unix_ms, entropy) compared field by field, equality included.
Outcome ulid_order(const Ulid::Bytes& a, const Ulid::Bytes& b);
// Every proper prefix and every extension by `extra` is rejected by both
// decoders, and so is the key with `extra` at `position` when `extra` is not
// in the alphabet in either case (I, L, O, U among them).
Outcome ulid_rejects_malformed(const Ulid::Bytes& bytes, char extra, std::size_t position);
// decode_ulid_key on any bytes errs cleanly or returns the value whose key is
// exactly those bytes (canonical), and decode_ulid accepts exactly what the
// oracle reads case-insensitively as 26 digits below 2^128.
Outcome ulid_total_decode(std::string_view bytes);
// A 26-character string over the alphabet is accepted iff its value (by the
// oracle) is below 2^128, i.e. its first digit is 0..7: never a wrap.
Outcome ulid_never_wraps(std::string_view text);
// The key with the letters picked by `mask` in lower case: decode_ulid reads
// the same ULID; decode_ulid_key accepts it iff no letter is lower case, and
// otherwise fails with kNonCanonical at the first lower-case letter.
Outcome ulid_case_insensitive(const Ulid::Bytes& bytes, std::uint32_t mask);
// decode_ulid (strict = false) and decode_ulid_key (strict = true) fail with
// the documented error at the documented offset, checked character by
// character: a byte outside the alphabet in either case (kBadCharacter), a
// first digit above 7 (kOutOfRange at 0), and for the key decoder a
// lower-case letter (kNonCanonical); then fewer than 26 bytes (kTruncated at
// the end), then trailing bytes (kTrailingBytes at 26); otherwise they
// return a value. `got` is that decoder's answer on `text`: a driver that
// checks several properties of one text decodes it once.
Outcome ulid_documented_errors(std::string_view text, const Result<Ulid>& got, bool strict);
// decode_ulid reads any text as decode_ulid_key reads its upper-case
// spelling: both accept the same ULID, or both refuse. `lenient` is
// decode_ulid(text).
Outcome ulid_decoders_agree(std::string_view text, const Result<Ulid>& lenient);
// consume_ulid_key reads exactly the first 26 bytes of `text` as
// decode_ulid_key reads them, or fails as decode_ulid_key fails on them and
// leaves its input alone. `strict` is decode_ulid_key(text).
Outcome ulid_consume(std::string_view text, const Result<Ulid>& strict);
// ulid_from_bytes on any bytes accepts exactly 16 (shorter: kTruncated at
// their end, longer: kTrailingBytes at 16) and keeps them; the ULID then
// holds ulid_round_trip and ulid_matches_oracle.
Outcome ulid_binary_form(std::string_view bytes);
// make_ulid succeeds iff 0 <= unix_ms <= 2^48 - 1, keeps time and entropy,
// and ulid_time_rfc3339 is the oracle's calendar text.
Outcome ulid_time_range(std::int64_t unix_ms, const Ulid::Entropy& entropy);

// A generator run against the documented model (see ksuid_props.h), per
// millisecond: the clock reads `clock_ms` at each call, the random source
// hands out `randoms` in order and then fails.
Outcome ulid_generator_model(bool monotonic, const std::vector<std::int64_t>& clock_ms,
                             const std::vector<Ulid::Entropy>& randoms);
// Monotonic mode on any clock script: strictly increasing, errors only
// kOutOfRange, kOverflow (after an all-0xFF entropy) or the source's.
Outcome ulid_monotonic_order(const std::vector<std::int64_t>& clock_ms,
                             const std::vector<Ulid::Entropy>& randoms);
// As ksuid_monotonic_threads, for ULIDs.
Outcome ulid_monotonic_threads(int threads, int per_thread, int calls_per_ms, int back_ms,
                               std::uint64_t seed);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_ULID_PROPS_H_
