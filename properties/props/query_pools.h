// File: properties/props/query_pools.h
//
// The pools of key values the query model draws from, in one place for both
// of its drivers: the RapidCheck generators (gen/query_gen.cc) and the query
// differential fuzz target's byte decoder (fuzz/query_source.h). Framework
// free, so that the fuzz targets reach them without RapidCheck. Each pool
// keeps its order: the fuzz decoder picks by index, so reordering a pool
// changes what every stored fuzz input decodes to.

#ifndef SORTKEY_PROPERTIES_QUERY_POOLS_H_
#define SORTKEY_PROPERTIES_QUERY_POOLS_H_

#include <string>
#include <vector>

namespace sortkey::props {

// Whole key strings, small so that they collide and prefix one another
// ("a", "a#", "a\0", "ab", U+FF5E, an emoji, U+E000, ...).
const std::vector<std::string>& query_string_keys();

// Pieces of key strings: NUL, a byte below '#', '#', letters of both cases,
// and code points at the UTF-8 length boundaries, in the private use area,
// U+FF5E, U+FFFF and the supplementary planes (where UTF-16 order differs).
const std::vector<std::string>& query_string_atoms();

// Pieces of binary keys: 0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF.
const std::vector<std::string>& query_byte_atoms();

// Canonical numbers around the edges: zero, signs, powers of ten, the range
// ends and 38-digit values.
const std::vector<std::string>& query_canonical_numbers();

// Spellings DynamoDB accepts: query_canonical_numbers(), then other
// spellings of some of them (1, 1e0, +1, 1.0; 100, 1e2; 0, -0, 0.0).
const std::vector<std::string>& query_number_spellings();

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_QUERY_POOLS_H_
