// File: properties/gen/number_gen.h
//
// RapidCheck generators for the DynamoDB Number codec, biased to where the
// encoding breaks: the range ends 1E-130 and 9.99...E+125, 38-digit
// mantissas and their 39-digit neighbours, powers of ten and the runs of
// nines below them, numbers one unit apart in the last of 38 digits, a digit
// string and its extensions, a number and its negation, and zero. Values are
// spelled out as DynamoDB Number text in every form DynamoDB accepts:
// exponent or not, 'e' or 'E', leading and trailing zeros, '+', ".5", "5.".

#ifndef SORTKEY_PROPERTIES_GEN_NUMBER_GEN_H_
#define SORTKEY_PROPERTIES_GEN_NUMBER_GEN_H_

#include <rapidcheck.h>

#include <ostream>
#include <string>
#include <utility>

#include "oracles/naive_decimal.h"
#include "properties/gen/draws.h"

namespace sortkey::props {

// A value in the oracle's terms, printable in counterexamples ("-1.5e+2").
struct NumberValue {
  oracle::NaiveNumber n;
};
std::ostream& operator<<(std::ostream& os, const NumberValue& v);
inline void showValue(const NumberValue& v, std::ostream& os) { os << v; }

// Number text, printed quoted in counterexamples.
struct NumberText {
  std::string text;
};
std::ostream& operator<<(std::ostream& os, const NumberText& t);
inline void showValue(const NumberText& t, std::ostream& os) { os << t; }

// A value inside DynamoDB's range (zero about one time in ten).
rc::Gen<NumberValue> gen_number_value();
NumberValue read_number_value(Draws& d);

// A DynamoDB-accepted spelling of `v` (which may lie outside the range: the
// spelling does not care; a zero's exponent keeps it inside, as DynamoDB
// refuses 0e126).
rc::Gen<NumberText> gen_spelling(const NumberValue& v);
NumberText read_spelling(Draws& d, const NumberValue& v);

// A spelling of an in-range value.
rc::Gen<NumberText> gen_number_text();
NumberText read_number_text(Draws& d);

// Two in-range values in one of the relations where order breaks: equal,
// same digits with exponents a little apart, negations, one unit apart in the
// last digit, one digit string a prefix of the other, a power of ten and the
// nines just below it, or independent.
rc::Gen<std::pair<NumberValue, NumberValue>> gen_related_values();

// Number text near the edges of the range and the precision: exponents
// around -130 and 125, 37 to 41 significant digits, insignificant zeros that
// push the digit count past 38, zeros written with exponents at the edges
// (0e126 is refused, 0.0e126 is not), exponents too long for any integer type.
// Some are DynamoDB Numbers, some are overflow, underflow or too precise.
rc::Gen<NumberText> gen_range_text();

// Text that is mostly not a number: mutated spellings, "NaN", "Infinity",
// spaces, stray signs and dots, and arbitrary bytes.
rc::Gen<NumberText> gen_malformed_text();

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_GEN_NUMBER_GEN_H_
