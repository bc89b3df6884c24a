// File: properties/gen/text_gen.h
//
// RapidCheck generators of Unicode text for the codecs that carry it (names,
// composite-key segments), biased to where case mapping, normalization and
// delimiting break: full Unicode including the supplementary planes and
// U+E000..U+FFFF (private use, U+FFFD, the noncharacters U+FFFE/U+FFFF);
// mixed case; "ß" and "ẞ"; Turkish "İ" and "ı"; Greek final sigma and
// U+0345; ligatures ("ﬁ", "ﬀ", "և"); one-way mappings (Kelvin sign, "ϴ",
// "ſ", Cherokee); combining marks and NFD forms; and, for segments, the bytes
// below, equal to and just above a delimiter.

#ifndef SORTKEY_PROPERTIES_GEN_TEXT_GEN_H_
#define SORTKEY_PROPERTIES_GEN_TEXT_GEN_H_

#include <rapidcheck.h>

#include <ostream>
#include <string>
#include <vector>

#include "properties/gen/draws.h"

namespace sortkey::props {

// Text (any bytes), printed in counterexamples as a quoted string with
// non-ASCII bytes as \xNN, followed by its code points when it is UTF-8:
// "D\xC3\xA9" [U+0044 U+00E9].
struct Text {
  std::string bytes;
};
std::ostream& operator<<(std::ostream& os, const Text& t);
inline void showValue(const Text& t, std::ostream& os) { os << t; }

// A path of segments, printed as ("A", "B\x00") [3 segments].
struct Segments {
  std::vector<std::string> items;
};
std::ostream& operator<<(std::ostream& os, const Segments& s);
inline void showValue(const Segments& s, std::ostream& os) { os << s; }

// UTF-8 of one code point. REQUIRES: c <= 0x10FFFF and not a surrogate.
std::string utf8_of(char32_t c);

// A code point, biased to the tricky ones above; never a surrogate. With
// `controls`, C0/C1 controls and DEL are in the mix.
rc::Gen<char32_t> gen_code_point(bool controls);
char32_t read_code_point(Draws& d, bool controls);

// Valid UTF-8 of 1 to ~12 code points without control characters: a name.
// Some are runs of letters with combining marks (Greek with U+0345, "ſ",
// "İ", "ǰ" and the like with one to three marks).
rc::Gen<std::string> gen_name();

// Valid UTF-8 of 0 to ~12 code points, controls included.
rc::Gen<std::string> gen_unicode_text();

// A name written differently: the same code points, some of them (or the
// whole text) replaced by their upper-case, lower-case, folded, NFD or NFC
// forms, or by a one-way partner ("ß" <-> "ss", "ſ" -> "s", "ς" <-> "σ",
// "K" -> Kelvin sign). Valid UTF-8 without controls.
rc::Gen<std::string> gen_case_variant(const std::string& name);

// Text that is not valid UTF-8: valid text with an ill-formed sequence
// spliced in (lone continuation, overlong, surrogate, above U+10FFFF,
// truncated, 0xFF), or a valid sequence cut or damaged.
rc::Gen<std::string> gen_invalid_utf8();

// A byte string that is valid UTF-8 or not, controls and all.
rc::Gen<std::string> gen_any_text();

// A segment for the delimiter d, biased to what breaks escaping: valid UTF-8
// made of 0 to 6 pieces (empty and one-piece segments most often), each a
// byte above the escape X = d + 1 (the hex digits of d and X among them),
// X itself, a byte at or below d (any of them, d, d - 1, 0x00 and ' ' the
// most), escape-looking text (for '#': "$23", "$24", "$25", "$00", "$20",
// "$", "$2", "$$", "$0a", "$ZZ", "$41", "$2$", "$" with the hex of
// any byte up to X), or a non-ASCII code point. Shrinks by dropping pieces.
rc::Gen<std::string> gen_segment(char delimiter);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_GEN_TEXT_GEN_H_
