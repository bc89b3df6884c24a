// File: sortkey/composite.h
//
// Hierarchical composite keys: typed segments joined by a delimiter, coarse
// to fine ("EVENT#2026-06#00042"), so that one sort key is at once a tree, a
// prefix and a range. A `begins_with` on an ancestor selects exactly its
// subtree, and `BETWEEN` selects a window of siblings with their descendants
// (the actor audit log: every event of one actor between two deploys).
//
// The trap this codec closes: joined naively, segments that contain the
// delimiter or bytes that sort below it break both promises. ("A#B") must not
// capture ("AB", ...) and ("A", "B#C") must not pass for ("A", "B", "C");
// ("a", "z") < ("a!", "b") as tuples, but naively "a#z" > "a!#b" because
// '!' (0x21) < '#' (0x23). Here every such byte is escaped by an
// order-preserving scheme, so every tuple of UTF-8 strings has a key.
//
// Format (DO NOT CHANGE: stored keys depend on it).
//
//   delimiter d   one byte from ! " # $ % & ' ( ) * + , - . / (0x21..0x2F);
//                 the default is '#'.
//   escape X      the byte d + 1 ('$' for '#').
//   esc(s)        each byte b of segment s, in order, written as
//                   b          if b > X
//                   X H L      if b <= X, where H L are the two UPPER-case hex
//                              digits of b ("#" -> "$23", " " -> "$20",
//                              "$" -> "$24", 0x00 -> "$00", "!" -> "$21")
//   key           esc(s1) d esc(s2) d ... d esc(sn), n >= 1.
//
// A path is a non-empty sequence of segments; a segment is any valid UTF-8
// string, the empty string included (the path ("A", "", "B") has the key
// "A##B"; the path ("") has the key "", which DynamoDB would refuse as a whole
// sort key but is a fine fragment). Escaping replaces ASCII bytes with ASCII
// bytes, so keys are valid UTF-8 too. Most real segments are unchanged:
// letters, digits, '-', '.', ':', '_' and every non-ASCII byte are above X
// for the default '#'.
//
// Size: escaping turns a byte into three, and the codec does not enforce
// DynamoDB's 1024-byte sort-key limit; check the key's size where you store
// it.
//
// Why d is limited to 0x21..0x2F: the proof below needs every byte of an
// escaped segment above d, including the hex digits '0'..'9' and 'A'..'F' of
// the code words, and needs few bytes escaped. A delimiter at or above '0'
// would need the digits escaped by digits that do not sort above it. The
// higher d is, the more bytes are escaped: with '/' the escape byte is '0',
// so every '0' of a padded number costs three bytes ("2026" -> "203026").
//
// Ordering theorem: for paths p and q,
//   p < q (tuple order)  iff  key(p) < key(q)   (bytewise)
// and p == q iff key(p) == key(q). Tuple order compares segments left to
// right by their bytes (std::string order); the first difference decides,
// and a proper prefix of a path sorts first.
//
// Proof. (1) Every byte of esc(s) is above d: kept bytes are > X > d, X itself
// is d + 1, and hex digits are >= '0' > '/' >= d. So the d bytes of a key are
// exactly its separators, and decoding is unambiguous. (2) The code is
// prefix-free and monotone: the code word of b is one byte > X when b > X and
// three bytes starting with X when b <= X; for bytes a < b, either both are
// kept (one byte each, a < b), or a is escaped and b kept (X < b), or both
// are escaped (same X, then two upper-case hex digits, whose byte order is
// their numeric order because '0'..'9' < 'A'..'F'). In each case the words
// differ within their common length, at a byte where a's is smaller. Hence
// for segments s < t: if s is a proper prefix of t, esc(s) is a proper prefix
// of esc(t); otherwise esc(s) and esc(t) first differ inside the code words of
// the first differing bytes, with esc(s) smaller. (3) Compare key(p) with
// key(q) where p and q first differ at segment i (the keys share
// esc(p1) d ... esc(p(i-1)) d). If p_i and q_i differ at a byte, the keys
// differ inside esc(p_i) vs esc(q_i) in the same direction (2). If p_i is a
// proper prefix of q_i, key(p) continues after esc(p_i) with d or ends, while
// key(q) continues with a byte of esc(q_i), which is above d (1): key(p) is
// smaller, as p is. If p is a proper prefix of q, key(p) is a proper prefix
// of key(q). Equality follows from injectivity (2).
//
// Subtree theorem: begins_with(key(x), key(a) + d) iff a is a proper prefix of
// x (x is a strict descendant of a). By (1) the d bytes of key(x) are its
// separators, so key(a) + d is a prefix of key(x) exactly when the first
// |a| segments of x encode to key(a), i.e. equal a (2), and more follow.
// Without the trailing d, "A#B" would also select ("A", "BC").
//
// Range theorem: for a valid key k, key(a) <= k <= key(a) + X iff k is key(a)
// or a key of a strict descendant of a. key(a) + X is never a valid key (X
// always starts a three-byte code word), so the bound needs no item. Above
// key(a), a valid key either extends key(a) by d (a descendant; d < X), or
// extends it by a byte >= X (the last segment continues: "AB" or "A$20" after
// "A"; larger than key(a) + X or equal to it only if it is key(a) + X, which
// is not valid), or is larger at a byte inside key(a) (then larger than
// key(a) + X too).
//
// Window theorem: for a parent path p (possibly empty) and segments
// first <= last, a valid key k satisfies
//   key(p + [first]) <= k <= key(p + [last]) + X
// iff k is the key of p + [s] + rest with first <= s <= last (bytewise) and
// any rest. This is the BETWEEN of the audit log: every event of one actor
// from the first timestamp to the last, with whatever hangs below them.
//
// Example (delimiter '#', escape '$'):
//
//   path                                      key
//   ("EVENT", "2026-06", "00042")             EVENT#2026-06#00042
//   ("ORG", "ACME")                           ORG#ACME
//   ("A", "B")                                A#B
//   ("A#B")                                   A$23B
//   ("AB", "C")                               AB#C
//   ("a", "z")                                a#z
//   ("a!", "b")                               a$21#b
//   ("a b")                                   a$20b
//   ("100$")                                  100$24
//   ("A", "", "B")                            A##B
//   ("")                                      (the empty key)
//   ("é", "日本")                             é#日本 (UTF-8 bytes unchanged)
//   ("\xff")                                  error: bad character (invalid UTF-8)
//   ()                                        error: empty (a path needs a segment)
//
//   subtree_prefix(("EVENT", "2026-06"))      EVENT#2026-06#
//   subtree_bounds(("EVENT", "2026-06"))      EVENT#2026-06 .. EVENT#2026-06$
//   window_bounds(("ACTOR", "u_8814", "EVT"),
//                 "2026-06-23T00:00:00Z",
//                 "2026-06-23T23:59:59Z")     ACTOR#u_8814#EVT#2026-06-23T00:00:00Z ..
//                                             ACTOR#u_8814#EVT#2026-06-23T23:59:59Z$
//
// Usage:
//
//   auto key = sortkey::KeyBuilder().text("EVENT").segment("2026-06-23T00:00:00.000Z")
//                  .padded(42, 5).key();
//   // *key == "EVENT#2026-06-23T00:00:00.000Z#00042"
//   auto typed = sortkey::KeyBuilder().text("ORDER").number(*sortkey::parse_number("-1.5"))
//                    .timestamp(*sortkey::parse_rfc3339("2026-06-23T00:00:00Z"), 0).key();
//   // *typed == "ORDER#112584:#2026-06-23T00:00:00Z"
//   auto prefix = sortkey::subtree_prefix({"EVENT"});  // "EVENT#": begins_with

#ifndef SORTKEY_COMPOSITE_H_
#define SORTKEY_COMPOSITE_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sortkey/error.h"
#include "sortkey/name.h"
#include "sortkey/number.h"
#include "sortkey/timestamp.h"
#include "sortkey/uint128.h"

namespace sortkey {

inline constexpr char kDefaultDelimiter = '#';

// A path: its segments, coarse to fine. Each segment is UTF-8 text.
using Path = std::vector<std::string>;

// The inclusive bounds of a DynamoDB `SK BETWEEN low AND high`.
struct KeyRange {
  std::string low;
  std::string high;

  friend bool operator==(const KeyRange&, const KeyRange&) = default;
};

// Errors: kBadParameter unless 0x21 <= d <= 0x2F.
Result<void> check_delimiter(char delimiter);

// The escape byte of a delimiter: delimiter + 1.
// REQUIRES: check_delimiter(delimiter) succeeds.
constexpr char escape_byte(char delimiter) { return static_cast<char>(delimiter + 1); }

// esc(segment) appended to `out`; on error `out` is unchanged.
// Errors: kBadParameter (delimiter), kBadCharacter (invalid UTF-8; the offset
// is into the segment).
Result<void> append_segment(std::string& out, std::string_view segment,
                            char delimiter = kDefaultDelimiter);

// The key of a path. Errors: kBadParameter (delimiter), kEmpty (no segment),
// kBadCharacter (a segment is not valid UTF-8; the message names the segment
// and the offset is into that segment).
Result<std::string> encode_composite(const Path& path, char delimiter = kDefaultDelimiter);

// Accepts exactly the keys encode_composite produces and returns their path.
// Errors, with offsets into the key: kBadParameter (delimiter); kBadCharacter
// (a raw byte <= X other than d, which must be escaped; a code word whose
// digits are not hex digits; invalid UTF-8); kNonCanonical (lower-case hex
// digits, or an escaped byte that is above X and must be written as itself);
// kTruncated (the key ends inside a code word).
Result<Path> decode_composite(std::string_view key, char delimiter = kDefaultDelimiter);

// key(path) + d: begins_with(SK, prefix) selects exactly the strict
// descendants of `path`. Errors: those of encode_composite.
Result<std::string> subtree_prefix(const Path& path, char delimiter = kDefaultDelimiter);

// [key(path), key(path) + X]: BETWEEN selects `path` itself and all its
// descendants. Errors: those of encode_composite.
Result<KeyRange> subtree_bounds(const Path& path, char delimiter = kDefaultDelimiter);

// [key(parent + first), key(parent + last) + X]: BETWEEN selects exactly the
// children s of `parent` with first <= s <= last (bytewise), with all their
// descendants. `parent` may be empty (a window of top-level segments).
// Errors: those of encode_composite, and kBadParameter if first > last
// (DynamoDB rejects a BETWEEN whose lower bound is above its upper bound).
Result<KeyRange> window_bounds(const Path& parent, std::string_view first, std::string_view last,
                               char delimiter = kDefaultDelimiter);

// Builds a key from typed segments, coarse to fine:
//
//   KeyBuilder().text("EVENT").segment(timestamp_key).padded(42, 5).key()
//
// Each method appends one segment. The first error is kept and returned by
// key() and the range methods; later calls are then ignored. The error's
// message names the segment (counted from 1); its offset is into that
// segment's input.
class KeyBuilder {
 public:
  explicit KeyBuilder(char delimiter = kDefaultDelimiter);

  // UTF-8 text, escaped as needed.
  KeyBuilder& text(std::string_view utf8);
  // A fragment made by another sortkey codec (a timestamp, a number, a
  // KSUID, ...). Escaped like text: fragments of the digit and ISO-8601
  // codecs need no escaping under the default '#'.
  KeyBuilder& segment(std::string_view fragment);
  // encode_padded(value, width) (sortkey/padded.h).
  KeyBuilder& padded(UInt128 value, int width);
  // encode_inverse(value, width) (sortkey/inverse.h): larger values first.
  KeyBuilder& inverse(UInt128 value, int width);
  // normalize_name(name, mode) (sortkey/name.h).
  KeyBuilder& name(std::string_view name, CaseMode mode);
  // encode_timestamp(t, precision) (sortkey/timestamp.h).
  KeyBuilder& timestamp(Instant t, int precision);
  // encode_number(n) (sortkey/number.h): numeric order, also for negatives
  // and fractions.
  KeyBuilder& number(const Number& n);

  // The segments so far, unescaped; an error if a call failed.
  Result<Path> path() const;
  // key(path()). Errors: a failed call's error, or kEmpty if no segment.
  Result<std::string> key() const;
  // subtree_prefix(path()) and subtree_bounds(path()).
  Result<std::string> subtree_prefix() const;
  Result<KeyRange> subtree_bounds() const;
  // window_bounds(path(), first, last).
  Result<KeyRange> window_bounds(std::string_view first, std::string_view last) const;

 private:
  KeyBuilder& add(Result<std::string> segment);

  char delimiter_;
  Path path_;
  std::optional<Error> error_;
};

}  // namespace sortkey

#endif  // SORTKEY_COMPOSITE_H_
