// File: properties/props/contract_foreign_keys.h
//
// The decode half of "canonical or nothing" (HOUSE-STYLE rule 4) for an
// external codec: decode must refuse every key its encoder would never
// produce. A lenient decoder that reads such a key as a value makes a second
// spelling of that value, and in DynamoDB a second spelling is a different
// key that sorts somewhere else: the item is stored twice, found once.
//
// The other contract properties (contract_props.h) decode only keys the
// adapter itself produced, so they cannot see a lenient decoder. This one
// sends keys built to be foreign, derived from a real key of a generated
// value (the reference's, and for number, name and composite also the
// adapter's own) and generated directly:
//
//   every codec   the empty key; truncated (1 byte, half, all but one);
//                 extended ('0', the alphabet's last byte, '!'); a '0' in
//                 front; bytes outside the alphabet ('!' '/' ':' '@' '[' '`'
//                 '{' '_' '+' '-' ' ' DEL, U+0661 and U+FF10, which some
//                 languages call digits) at the first, middle and last byte
//                 and, in turn, at up to 40 others
//   padded, inverse, epoch   another width: a '1' or '9' in front, the first
//                 digit dropped
//   timestamp     lower-case 't' and 'z'; a fraction one digit short or long;
//                 "+00:00" for "Z"; fields out of range (month 00 and 13, day
//                 00 and 32, hour 24, minute 60, second 60, year 0000)
//   number        trailing zeros ("31301" + "0"; '9' before a negative's
//                 ':'), leading zeros (after the exponent), exponent bytes
//                 out of range or not digits, a second zero ("20", "3000")
//   composite     bad escapes after the escape byte X (delimiter + 1): X
//                 alone, "X2", "XZZ", lower-case hex, the escape of a byte
//                 that needs none (X+1, 'A'); a byte below X unescaped
//   name          the other case of the key; a decomposed "A\u030A" added
//   ksuid         above 2^160-1 (the largest key "aWgEPTl1tmebfsQzFP4bxwgy80V"
//                 plus one; a first digit 'b' or 'z'); the letters' case
//                 swapped (base 62 is case-sensitive)
//   ulid          a first digit above 7; lower case; Crockford's aliases I,
//                 L, O; 'U' (not in Crockford's alphabet)
//
// The verdict is the reference's, not the generator's: a key the adapter
// refuses is right; a key it decodes to a value is right iff encoding that
// value gives the key back, byte for byte (then it was no foreign key after
// all). The encoder that decides is the reference's for the standard formats
// and the adapter's own for number, name and composite, whose designs may
// differ. One leniency is the ULID spec's: decoding is case-insensitive and
// reads I and L as 1, O as 0. A ULID key that is canonical after that mapping
// and decodes to the right value holds, and is reported as the spec's
// leniency (its key is still non-canonical for DynamoDB).
//
// Example:
//
//   ReferenceCodecs subject, reference;
//   auto oracle = make_oracle("ulid", json::object());
//   std::vector<std::string> leniencies;
//   Outcome o = refuses_foreign_keys(subject, reference, *oracle, value, 0, {}, &leniencies);

#ifndef SORTKEY_PROPERTIES_CONTRACT_FOREIGN_KEYS_H_
#define SORTKEY_PROPERTIES_CONTRACT_FOREIGN_KEYS_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "properties/props/contract_props.h"

namespace sortkey::props::contract {

// A key to send to decode, and how it was made ("truncated to 4 bytes").
struct ForeignKey {
  std::string key;
  std::string what;
};

// The foreign variants of `key`, a real key of oracle's codec and params,
// as the table above lists them: valid UTF-8 (JSON carries nothing else),
// without duplicates or `key` itself. Deterministic.
std::vector<ForeignKey> foreign_variants(const CodecOracle& oracle, std::string_view key);

// The bytes a directly generated key is drawn from: the codec's alphabet
// and bytes just outside it.
std::string foreign_key_alphabet(const CodecOracle& oracle);

// The distribution labels of the ULID spec's leniencies.
inline constexpr std::string_view kLowerCaseLeniency =
    "accepts lower case (the ULID spec's leniency)";
inline constexpr std::string_view kAliasLeniency =
    "accepts Crockford's aliases I, L, O (the ULID spec's leniency)";

// How many of the variants of a key one call sends: every k-th (k the
// smallest that leaves at most this many), from the k-th part `offset % k`
// on, so that the calls of a run, with their offsets drawn, send them all
// while each case stays a short batch.
inline constexpr std::size_t kForeignVariantsPerCall = 16;

// Decode refuses the foreign variants of the keys of `value` (the part
// `offset` chooses) and the `generated` keys, sent in one pipelined batch, or
// decodes each to a value whose key is that very key (see above).
// `leniencies` (if given) receives the labels of the ULID leniencies met,
// once each. REQUIRES: `value` is not kOutside.
Outcome refuses_foreign_keys(CodecService& subject, CodecService& reference,
                             const CodecOracle& oracle, const json& value, std::size_t offset,
                             const std::vector<std::string>& generated,
                             std::vector<std::string>* leniencies);

}  // namespace sortkey::props::contract

#endif  // SORTKEY_PROPERTIES_CONTRACT_FOREIGN_KEYS_H_
