// File: properties/gen/bytes_gen.h
//
// Generators of candidate keys for the total-decode properties: mostly
// near-valid keys (a valid key with bytes inserted, removed or replaced), and
// sometimes arbitrary bytes, including 0x00, 0xFF, the delimiter and bytes
// just below and above it.

#ifndef SORTKEY_PROPERTIES_GEN_BYTES_GEN_H_
#define SORTKEY_PROPERTIES_GEN_BYTES_GEN_H_

#include <rapidcheck.h>

#include <string>

namespace sortkey::props {

// A byte, biased to the ones codecs trip over: 0x00, 0x01, ' ', '!', '"',
// '#', '$', '.', '/', '0', '9', ':', 'Z', 'a', 'z', 0x7F, 0x80, 0xC0, 0xFF.
rc::Gen<char> gen_tricky_byte();

// Arbitrary byte strings made of tricky bytes and any bytes.
rc::Gen<std::string> gen_bytes();

// `valid` with a few random edits (insert, delete, replace a byte), or as is.
rc::Gen<std::string> gen_mutated(rc::Gen<std::string> valid);

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_GEN_BYTES_GEN_H_
