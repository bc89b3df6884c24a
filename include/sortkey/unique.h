// File: sortkey/unique.h
//
// Uniqueness: a sort key must be unique within its partition, so two events
// of one actor with the same timestamp would overwrite each other. A
// disambiguator suffix keeps them apart while keeping the order by the
// timestamp first.
//
// Format (DO NOT CHANGE):
//   with_sequence(key, n, width)        key#<n zero-padded to width>
//   with_disambiguator(key, suffix)     key#suffix
//
// Ordering theorem. Let the keys hold no byte below '#' (0x23), all have the
// same number of '#'-separated segments (all "EVT#<timestamp>", say), and let
// the suffixes hold no byte at or below '#'. Then for keys k1, k2 and
// suffixes s1, s2:
//   k1#s1 < k2#s2  iff  k1 < k2, or k1 == k2 and s1 < s2
// i.e. byte order is the order of the pair (key, suffix), by the key first.
// Proof: if k1 == k2 the suffixes decide. If the keys first differ inside
// both, that byte decides, as it does for k1 and k2. If k1 is a proper prefix
// of k2, the byte of k2 after k1 is not '#' (k2 would have more segments), so
// it is above '#', which is what k1#s1 holds there: k1#s1 < k2#s2, as k1 < k2.
// ("EVT#1" is a prefix of "EVT#10": "EVT#1#7" < "EVT#10#0" since '#' < '0'.)
// With a padded sequence number the suffix order is numeric, so events of one
// instant keep the order they were numbered in. Keys with different segment
// counts compare as longer tuples instead (see sortkey/composite.h).
//
// Example:
//
//   key                          suffix      unique key
//   EVT#2026-06-23T10:00:00Z     1, width 3  EVT#2026-06-23T10:00:00Z#001
//   EVT#2026-06-23T10:00:00Z     2, width 3  EVT#2026-06-23T10:00:00Z#002
//   EVT#2026-06-23T10:00:01Z     0, width 3  EVT#2026-06-23T10:00:01Z#000
//   EVT#2026-06-23T10:00:00Z     "0ujtsYcg"  EVT#2026-06-23T10:00:00Z#0ujtsYcg

#ifndef SORTKEY_UNIQUE_H_
#define SORTKEY_UNIQUE_H_

#include <string>
#include <string_view>

#include "sortkey/error.h"
#include "sortkey/uint128.h"

namespace sortkey {

// The key may itself be '#'-joined ("EVT#2026-..."). Errors: kEmpty (empty
// key), kBadCharacter (a byte below '#' in the key, or a key that is not
// UTF-8), and those of encode_padded for (sequence, width).
Result<std::string> with_sequence(std::string_view key, UInt128 sequence, int width);

// Errors: kEmpty (empty key or suffix), kBadCharacter (a byte below '#' in
// the key, a byte at or below '#' in the suffix, or either not UTF-8).
Result<std::string> with_disambiguator(std::string_view key, std::string_view suffix);

// Splits a unique key at its last '#' into (key, suffix). Errors: kBadDelimiter
// when there is no '#' or the suffix is empty, kBadCharacter when the key is
// not UTF-8.
struct UniqueParts {
  std::string key;
  std::string suffix;
};
Result<UniqueParts> split_unique(std::string_view unique_key);

}  // namespace sortkey

#endif  // SORTKEY_UNIQUE_H_
