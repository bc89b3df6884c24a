// File: properties/props/name_props.h
//
// The specification of case-normalized names (sortkey/name.h), as
// framework-free property functions. The oracle (oracles/naive_casefold.h)
// decides what is true with ICU's UTF-16 APIs and u_strCaseCompare, and with
// a long-hand UTF-8 decoder.

#ifndef SORTKEY_PROPERTIES_NAME_PROPS_H_
#define SORTKEY_PROPERTIES_NAME_PROPS_H_

#include <string_view>
#include <vector>

#include "properties/props/outcome.h"
#include "sortkey/name.h"

namespace sortkey::props {

// decode_name(normalize_name(x)) == normalize_name(x) for every valid name.
Outcome name_round_trip(std::string_view name, CaseMode mode);
// normalize_name(normalize_name(x)) == normalize_name(x).
Outcome name_idempotent(std::string_view name, CaseMode mode);
// normalize_name(x) == NFC(map(NFD(x))) computed by the oracle's UTF-16 APIs.
Outcome name_matches_definition(std::string_view name, CaseMode mode);
// kFold: keys equal iff the oracle says a and b are caseless matches
// (u_strCaseCompare on NFD forms), both directions.
Outcome name_equal_ignoring_case(std::string_view a, std::string_view b);
// kUpper and kLower: replacing code points of NFD(x) by their upper- or
// lower-case mappings (ops[i]: 0 keep, 1 upper, 2 lower) does not change the
// key, for every code point c whose mappings round-trip (upper(lower(c)) ==
// upper(c) for kUpper; lower(upper(c)) == lower(c) and c not a sigma, whose
// lower case depends on its neighbours, for kLower).
Outcome name_case_variants(std::string_view name, const std::vector<int>& ops, CaseMode mode);
// decode_name accepts k iff the oracle says k is a fixed point: valid UTF-8,
// non-empty, no control, and NFC(map(NFD(k))) == k; and then returns k.
Outcome name_canonical_decode(std::string_view key, CaseMode mode);
// decode_name on any bytes errs cleanly (offset inside, message) or returns
// a value whose key is exactly those bytes.
Outcome name_total_decode(std::string_view bytes, CaseMode mode);
// Every key is non-empty, well-formed UTF-8 (long-hand decoder), NFC and
// free of controls.
Outcome name_valid_utf8(std::string_view name, CaseMode mode);
// The byte order of two keys is the code-point order of the normalized
// forms, as the oracle decodes them.
Outcome name_order_is_bytes(std::string_view a, std::string_view b, CaseMode mode);
// normalize_name fails iff the input is empty, ill-formed UTF-8 or holds a
// control character, with kEmpty or kBadCharacter at the oracle's offset of
// the first ill-formed sequence or control.
Outcome name_rejects_invalid(std::string_view bytes, CaseMode mode);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_NAME_PROPS_H_
