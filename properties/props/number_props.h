// File: properties/props/number_props.h
//
// The specification of the DynamoDB Number codec (sortkey/number.h), as
// framework-free property functions. The oracle (oracles/naive_decimal.h)
// decides what is true: what DynamoDB makes of a text (a number, not a
// number, overflow, underflow, too precise), the value's canonical text, and
// the order of two values by long-hand comparison.

#ifndef SORTKEY_PROPERTIES_NUMBER_PROPS_H_
#define SORTKEY_PROPERTIES_NUMBER_PROPS_H_

#include <cstddef>
#include <string_view>

#include "properties/props/outcome.h"

namespace sortkey::props {

// For number text the oracle accepts: decode(encode(parse(text))) is the
// parsed value, the value is the oracle's (sign, digits, exponent), and
// to_string(parse(text)) is DynamoDB's canonical text.
Outcome number_round_trip(std::string_view text);

// sign(key(a) <=> key(b)) == sign(a <=> b) by the oracle, equality included;
// compare_numbers agrees.
Outcome number_order(std::string_view a, std::string_view b);

// Two spellings of one value (by the oracle) give the identical key.
Outcome number_spellings(std::string_view a, std::string_view b);

// parse_number's verdict on `text` is the oracle's: accepted iff DynamoDB
// accepts it; otherwise kOutOfRange with DynamoDB's overflow, underflow or
// precision message, or kEmpty/kBadCharacter/kBadFormat "cannot be converted
// to a numeric value"; an error's offset lies within the text.
Outcome number_text_verdict(std::string_view text);

// The key of `text`, truncated or extended by one byte (`extra`, and the
// bytes '0', '9', ':' and '#'), is rejected or decodes canonically to another
// value; a negative key's every proper prefix is rejected; and the keys encode
// never makes from it are rejected: a trailing or leading zero digit, a
// missing or wrong terminator (`extra`), an exponent field above 255, a 39th
// digit.
Outcome number_rejects_malformed(std::string_view text, char extra);

// decode on arbitrary bytes errs cleanly or returns the value whose key is
// exactly those bytes, normalized (the oracle reads its text back as the
// same sign, digits and exponent).
Outcome number_total_decode(std::string_view bytes);

// enc(a) + "#" + x versus enc(b) + "#" + y orders as the tuples (a, x) and
// (b, y), and consume_number reads a back from the front, leaving "#" + x.
Outcome number_suffix_order(std::string_view a, std::string_view x, std::string_view b,
                            std::string_view y);

// Every key byte is in [0-9:], the key is at most 43 bytes, and its first
// byte is '1', '2' or '3' as the value is negative, zero or positive.
Outcome number_printable(std::string_view text);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_NUMBER_PROPS_H_
