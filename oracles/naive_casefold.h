// File: oracles/naive_casefold.h
//
// Reference implementation for tests; never link into the library.
//
// What the name codec (sortkey/name.h) must do, decided with ICU's UTF-16
// APIs (UnicodeString, Normalizer2::normalize, u_strcasecmp) where the codec
// uses the UTF-8 ones (CaseMap::utf8*, Normalizer2::normalizeUTF8), and with
// a UTF-8 decoder written long-hand from the Unicode standard's table of
// well-formed byte sequences (Table 3-7) where the codec uses ICU's U8_NEXT.
//
// Caseless equality is ICU's own case-insensitive comparison, u_strcasecmp
// with U_FOLD_CASE_DEFAULT, on the NFD forms of both strings. NFD, not NFC:
// on NFC forms the comparison is not closed under canonical equivalence. For
// example "Ś" (U+015A) and "ſ" U+0301 (long s, combining acute) fold to "ś"
// (U+015B) and "s" U+0301, which are canonically equivalent but unequal
// code points, so u_strcasecmp on NFC says "different" while on NFD both
// sides are "s" U+0301. On NFD forms it is Unicode's canonical caseless
// match (D145).

#ifndef SORTKEY_ORACLES_NAIVE_CASEFOLD_H_
#define SORTKEY_ORACLES_NAIVE_CASEFOLD_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace sortkey::oracle {

enum class NaiveCase { kUpper, kLower, kFold };

// Long-hand UTF-8 (Unicode Table 3-7). The offset of the first byte of the
// first ill-formed sequence, or std::string_view::npos if `text` is
// well-formed.
std::size_t first_invalid_utf8(std::string_view text);
inline bool is_valid_utf8(std::string_view text) {
  return first_invalid_utf8(text) == std::string_view::npos;
}

// UTF-8 of one code point, long-hand. REQUIRES: c <= 0x10FFFF.
std::string utf8_of(char32_t c);

// The code points of well-formed UTF-8. REQUIRES: is_valid_utf8(text).
std::vector<char32_t> code_points(std::string_view text);

// -1, 0 or 1 as the code-point sequences of a and b compare
// lexicographically (a proper prefix first). REQUIRES: both valid UTF-8.
int compare_code_points(std::string_view a, std::string_view b);

// True iff `text` holds a code point of general category Cc
// (U+0000..U+001F, U+007F..U+009F). REQUIRES: valid UTF-8.
bool has_control(std::string_view text);

// UTF-16 ICU transforms of valid UTF-8 text, back to UTF-8: NFC, NFD, full
// upper, lower (root locale) and default case folding.
std::string nfc(std::string_view text);
std::string nfd(std::string_view text);
std::string to_upper(std::string_view text);
std::string to_lower(std::string_view text);
std::string fold(std::string_view text);

// The definition of a name key: NFC(map(NFD(text))), all in UTF-16.
std::string expected_name_key(std::string_view text, NaiveCase mode);

// u_strcasecmp(NFD(a), NFD(b), U_FOLD_CASE_DEFAULT) == 0.
bool caseless_equal(std::string_view a, std::string_view b);

}  // namespace sortkey::oracle

#endif  // SORTKEY_ORACLES_NAIVE_CASEFOLD_H_
