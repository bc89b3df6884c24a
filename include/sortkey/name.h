// File: sortkey/name.h
//
// Case-normalized names: a person's or a thing's name turned into a sort-key
// fragment in which names that differ only in letter case sort together and
// compare equal, while the properly capitalized display form is kept by the
// caller in another attribute (the guides' advice: "standardize your sort keys
// in all uppercase or all lowercase values ... hold the properly-capitalized
// value in a different attribute").
//
// Why: DynamoDB orders String keys by UTF-8 bytes, and every upper-case ASCII
// letter sorts before every lower-case one. Raw, "DeBrie" sorts before "Dean"
// ('B' 0x42 < 'a' 0x61); normalized to upper case, "DEAN" < "DEBRIE" as a
// reader expects.
//
// Format (DO NOT CHANGE: stored keys depend on it). For a name x, valid UTF-8:
//
//   key(x, mode) = NFC(map(NFD(x)))
//
// where map is, for the whole string and with ICU's root (language-neutral)
// rules, never the machine's locale:
//
//   CaseMode::kUpper   full upper-case mapping      ("straße" -> "STRASSE")
//   CaseMode::kLower   full lower-case mapping, with Greek final sigma
//                      ("ΟΔΟΣ" -> "οδος")
//   CaseMode::kFold    full default case folding    ("STRASSE", "straße",
//                      "Straẞe" -> "strasse")
//
// NFD before the mapping and NFC after it make the key independent of how the
// input was composed ("é" as U+00E9 or as "e" U+0301 give the same key) and
// make the key itself NFC. The key is a fixed point: key(key(x)) == key(x).
// NFD, not NFC, before the mapping: with NFC first, "ᾲ" U+0300 and "Ὰ" U+0300
// U+0345, which are caseless matches, would get different fold keys (after
// folding, the second U+0300 would sit on the iota that U+0345 becomes in one
// and on the alpha in the other).
// The key is the normalized text itself, readable in the console; nothing is
// added or escaped. Use it as a segment of a composite key (composite.h) to
// put it after a prefix such as "USER#".
//
// Ordering theorem: keys compare by their UTF-8 bytes, which is the order of
// their code points (UTF-8 preserves code-point order), so the order of two
// names is the code-point order of their normalized forms. That is not a
// dictionary's order ("É" U+00C9 sorts after "Z"); for ASCII letters it is
// alphabetical once the case is normalized.
//
// Equality theorem (the point of the codec):
//   kFold:  key(x) == key(y)  iff  x and y are canonical caseless matches
//           (Unicode D145: NFD(fold(NFD(x))) == NFD(fold(NFD(y)))), checked
//           both ways against ICU's u_strCaseCompare(NFD(x), NFD(y),
//           U_FOLD_CASE_DEFAULT) == 0. Only kFold guarantees full Unicode
//           caseless equality. (Comparing NFC forms instead is not enough:
//           "Ś" and "ſ" U+0301 are caseless matches, but their NFC forms
//           fold to "ś" and "s" U+0301.)
//   kUpper: key(x) == key(upper(x)) for every x; names that differ only in
//           the case of letters whose upper- and lower-case forms map to each
//           other (all of ASCII, and most cased letters of Latin, Greek,
//           Cyrillic, Armenian, ...) give the same key. Exceptions are letters
//           that map one way only: "ß" upper-cases to "SS" but "ẞ" (U+1E9E)
//           stays "ẞ"; "ϴ" (U+03F4) stays itself while "θ" gives "Θ"
//           (U+0398); and dotless "ı" upper-cases to "I", so kUpper equates
//           "ı" and "i", which caseless matching does not.
//   kLower: key(x) == key(lower(x)) for every x, with the same kind of
//           exceptions: lower-casing is contextual for Greek sigma ("ΟΔΟΣ" ->
//           "οδος" with a final "ς", which differs from "οδοσ"), and "İ"
//           (U+0130) lower-cases to "i" + U+0307.
//
// Validity: the name must be non-empty valid UTF-8 (no overlong forms, no
// surrogates, nothing above U+10FFFF) without control characters (general
// category Cc: U+0000..U+001F and U+007F..U+009F); a name holding one is
// almost always corrupted data. Everything else is accepted, including
// private-use characters, noncharacters and code points not yet assigned.
//
// Stability: the mappings are ICU's, so this build's ICU sets the Unicode
// version. Unicode's stability policy keeps the normalization and the
// caseless matching of assigned characters from changing, so kFold keys of
// assigned characters are expected to survive ICU upgrades; upper and lower
// mappings have changed before (Georgian, Unicode 11). After an upgrade,
// decode_name tells a stored key that is no longer canonical from one that is.
//
// Example:
//
//   name            kUpper          kLower          kFold
//   DeBrie          DEBRIE          debrie          debrie
//   Dean            DEAN            dean            dean
//   straße          STRASSE         straße          strasse
//   Straẞe          STRAẞE          straße          strasse
//   ΟΔΟΣ            ΟΔΟΣ            οδος            οδοσ
//   İstanbul        İSTANBUL        i̇stanbul (i U+0307)  i̇stanbul (i U+0307)
//   ﬁle (U+FB01)    FILE            ﬁle             file
//   e U+0301        É (U+00C9)      é (U+00E9)      é (U+00E9)
//   ""              error: empty
//   "a\x01"         error: bad character at byte 1 (control character)
//   "\xC3("         error: bad character at byte 0 (invalid UTF-8)
//
// Usage:
//
//   auto key = sortkey::normalize_name("DeBrie", sortkey::CaseMode::kUpper);
//   // *key == "DEBRIE"; store "DeBrie" in a separate display attribute.

#ifndef SORTKEY_NAME_H_
#define SORTKEY_NAME_H_

#include <string>
#include <string_view>

#include "sortkey/error.h"

namespace sortkey {

enum class CaseMode { kUpper, kLower, kFold };

// "upper", "lower" or "fold".
std::string_view to_string(CaseMode mode);

// Parses "upper", "lower" or "fold". Errors: kBadParameter.
Result<CaseMode> parse_case_mode(std::string_view text);

// The key of a name: NFC(map(NFD(name))).
// Errors: kEmpty (empty name), kBadCharacter (invalid UTF-8, with the offset
// of the first byte of the ill-formed sequence; or a control character, with
// its offset).
Result<std::string> normalize_name(std::string_view name, CaseMode mode);

// Appends the key to `out`; on error `out` is unchanged.
Result<void> append_name(std::string& out, std::string_view name, CaseMode mode);

// Accepts exactly the keys normalize_name produces for `mode`, i.e. the fixed
// points normalize_name(key, mode) == key, and returns the key itself: the
// display form is the caller's. Errors: those of normalize_name, and
// kNonCanonical (valid text that `mode` would change, e.g. "Dean" for kUpper),
// at the first byte of the first code point that differs.
Result<std::string> decode_name(std::string_view key, CaseMode mode);

}  // namespace sortkey

#endif  // SORTKEY_NAME_H_
