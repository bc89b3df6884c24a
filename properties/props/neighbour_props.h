// File: properties/props/neighbour_props.h
//
// Neighbour pairs: a value where a codec's format changes and the values just
// below and just above it, (prev(v), v) and (v, next(v)). Random pairs almost
// never land on two adjacent values, and ordering bugs live exactly there:
// the float-key ordering bugs of Apache Iceberg (#17070) and Paimon (#9627)
// survived 100,000 random pairs and fell to one pair of neighbours.
//
// The values are the adapter protocol's JSON (contract_props.h), so that one
// function states it for the built-in codecs (through ReferenceCodecs, the
// built-in catalog's `<codec>/neighbours`) and for any adapter (the contract
// catalog's) alike. What "just below" and "just above" mean, per codec:
//
//   codec       below v                       above v
//   padded      n - 1                         n + 1            (inverse: the same values,
//   inverse                                                     their keys in reverse)
//   epoch       count - 1                     count + 1
//   timestamp   v cut to the precision p,     v cut, plus 10^(9-p) ns (a carry through
//               minus 10^(9-p) ns             seconds, days, months, years)
//   number      v minus one unit in the 38th  v plus one unit in the 38th significant
//               significant digit (9.99..9e5  digit (1e6 above 9.99..9e5, 1e-130 above 0,
//               below 1e6)                    0 above -1e-130)
//   name        the last code point minus     the last code point plus one (scalar values:
//               one                           surrogates and controls skipped)
//   composite   the last segment's last       that byte plus one; and around the delimiter:
//               ASCII byte minus one; the     the parent's last segment extended by the byte
//               parent path (P, s) of         below the delimiter, (P, s + d-1), above
//               (P, s, t)                     (P, s, t) in tuple order
//   ksuid       the 160-bit value minus one   plus one (the payload carries into the second)
//   ulid        the 128-bit value minus one   plus one (the random part carries into the ms)
//
// Values outside the domain (below 0, above the width, past year 9999, ...)
// have no neighbour there: the chain is shorter.
//
// Example:
//
//   ReferenceCodecs codecs;
//   auto oracle = make_oracle("number", json::object());
//   neighbour_chain(*oracle, "1e6");   // ["9.9999999999999999999999999999999999999e+5", "1e6",
//                                      //  "1.0000000000000000000000000000000000001e+6"]
//   Outcome o = neighbour_pairs(codecs, *oracle, "1e6");   // holds

#ifndef SORTKEY_PROPERTIES_NEIGHBOUR_PROPS_H_
#define SORTKEY_PROPERTIES_NEIGHBOUR_PROPS_H_

#include <optional>
#include <vector>

#include "properties/props/contract_props.h"
#include "properties/props/outcome.h"

namespace sortkey::props::contract {

// The value just below and the value just above `value` in the codec's
// order of values (for inverse: numeric order); nullopt at an end of the
// domain. REQUIRES: `value` inside the domain, in the protocol's shape;
// for timestamp, cut to the precision.
std::optional<json> value_below(const CodecOracle& o, const json& value);
std::optional<json> value_above(const CodecOracle& o, const json& value);

// `value` and its neighbours, ascending in the order of values: [below,
// value, above] (timestamp: `value` cut first); for composite also the
// parent before and the parent's next sibling after (the table above).
std::vector<json> neighbour_chain(const CodecOracle& o, const json& value);

// key(prev) <=> key(next) has the oracle's sign for every two consecutive
// values of neighbour_chain(value): key(prev) < key(v) < key(next) wherever
// the values differ (inverse: >; name: the order of the normalized forms),
// and each key decodes back to its value. All encodes go in one pipelined
// exchange, then all decodes. A neighbour the codec may refuse (a composite
// segment holding a byte at or below the delimiter) and does refuse is left
// out; one inside the domain that it refuses fails.
Outcome neighbour_pairs(CodecService& service, const CodecOracle& o, const json& value);

}  // namespace sortkey::props::contract

#endif  // SORTKEY_PROPERTIES_NEIGHBOUR_PROPS_H_
