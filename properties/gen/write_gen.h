// File: properties/gen/write_gen.h
//
// RapidCheck generators of write scripts (props/write_script.h), in the
// oracle's terms, for the engine's write properties and the endpoint
// certifier's:
//   * the guides' writes: PutItem if absent (uniqueness), UpdateItem of index
//     key attributes (the item moves in the index), DeleteItem,
//     BatchWriteItem and GetItem, on keys held and keys not held;
//   * sizes at DynamoDB's limits, each followed by a GetItem of its key:
//     partition keys of 2047 to 2049 bytes, sort keys of 1023 to 1025, index
//     key values at the same limits, items of 400 KB minus one, exactly, and
//     plus one byte, in ASCII or in multibyte UTF-8 text (binary for B);
//   * Numbers in every spelling DynamoDB accepts and refuses (exponents,
//     '+', leading and trailing zeros, the ends of the range and of the
//     38-digit precision, zero with an exponent: 0e126 is refused and
//     0.0e126 accepted, text that is no number), each read back; Number
//     keys read by another spelling of their value.

#ifndef SORTKEY_PROPERTIES_GEN_WRITE_GEN_H_
#define SORTKEY_PROPERTIES_GEN_WRITE_GEN_H_

#include <rapidcheck.h>

#include <string>
#include <vector>

#include "oracles/naive_query.h"
#include "properties/props/write_script.h"

namespace sortkey::props {

// Text of exactly `bytes` UTF-8 bytes: ASCII, or mostly 2-, 3- and 4-byte
// code points (ASCII only where fewer than four bytes are left).
std::string text_of_bytes(std::size_t bytes, bool multibyte);

rc::Gen<std::vector<WriteStep>> gen_seed_writes(const oracle::NSchema& schema);
rc::Gen<std::vector<WriteStep>> gen_limit_writes(const oracle::NSchema& schema);

// The fixed sweep of the size limits, the same whatever the seed, so that a
// cause met only at a limit is met by every run (the endpoint certifier
// takes it before its drawn cases): script `k` of kLimitSweepScripts on
// `schema`, each PutItem followed by a GetItem of its key:
//   0  every S or B key attribute (table and index keys, held to the
//      smallest limit of their roles: 2048 bytes for a partition key, 1024
//      for a sort key) one byte over its limit, then at it, in ASCII text
//      (bytes 0xFF for B), the item holding every other index key (in every
//      index);
//   1  the S key attributes the same in multibyte text (2-, 3- and 4-byte
//      code points: under the limit counted in UTF-16 units or characters);
//   2, 3, 4  items of 409601 and 409600 bytes, the bulk in ASCII,
//      multibyte text or binary.
// Empty where the schema has nothing to size: no S or B key (0, 1), an N
// table key (2 to 4, a Number's size being approximate).
inline constexpr int kLimitSweepScripts = 5;
std::vector<WriteStep> limit_sweep_writes(const oracle::NSchema& schema, int k);
// REQUIRES: the schema has an N sort key.
rc::Gen<std::vector<WriteStep>> gen_number_writes(const oracle::NSchema& schema);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_GEN_WRITE_GEN_H_
