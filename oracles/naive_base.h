// File: oracles/naive_base.h
//
// Reference implementation for tests; never link into the library.
//
// Base conversion of big-endian byte vectors by schoolbook long division and
// multiplication, one digit at a time, the way base-convert-int-array (the
// npm ksuid package's engine) does it. Slow and obvious on purpose: it
// decides what the KSUID (base 62) and ULID (Crockford base 32) codecs must
// produce. Also the other facts the ID properties need: byte-vector order
// and increment, and a calendar by counting days.

#ifndef SORTKEY_ORACLES_NAIVE_BASE_H_
#define SORTKEY_ORACLES_NAIVE_BASE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sortkey::oracle {

using ByteVector = std::vector<std::uint8_t>;

// The alphabets, spelled out: the digit with value v is alphabet[v].
inline constexpr std::string_view kNaiveBase62 =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
inline constexpr std::string_view kNaiveCrockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

// The big-endian number `bytes` written in base alphabet.size() with exactly
// `width` digits (left-padded with alphabet[0]), by repeated long division of
// the byte vector by the base. nullopt if it needs more than `width` digits.
std::optional<std::string> to_base(const ByteVector& bytes, std::string_view alphabet,
                                   std::size_t width);

// The number written by `text` in base alphabet.size(), as exactly `size`
// big-endian bytes, by multiplying the byte vector by the base and adding
// each digit. nullopt if a character is not in the alphabet or the number
// does not fit in `size` bytes.
std::optional<ByteVector> from_base(std::string_view text, std::string_view alphabet,
                                    std::size_t size);

// -1, 0 or 1 as the byte vectors compare as unsigned bytes, left to right,
// a proper prefix first.
int compare_bytes(const ByteVector& a, const ByteVector& b);

// bytes + 1 as a big-endian number of the same size; nullopt when every
// byte is 0xFF (it would need another byte).
std::optional<ByteVector> increment(ByteVector bytes);

// The big-endian number formed by bytes[from, from + count).
std::uint64_t read_big_endian(const ByteVector& bytes, std::size_t from, std::size_t count);

// Upper-case hexadecimal, two digits a byte.
std::string hex(const ByteVector& bytes);
// REQUIRES: an even number of hexadecimal digits.
ByteVector unhex(std::string_view hex_digits);

// ASCII a-z to A-Z, every other byte unchanged.
std::string ascii_upper(std::string_view text);

// UTC calendar text of a unix time by walking from 1970-01-01 one year and
// then one month at a time: "YYYY-MM-DDTHH:MM:SS", plus ".mmm" if
// millis >= 0, plus "Z". Years after 9999 as "+0YYYYY" (six digits, as
// JavaScript's toISOString writes them). REQUIRES: unix_seconds >= 0.
std::string utc_text(std::int64_t unix_seconds, int millis);

}  // namespace sortkey::oracle

#endif  // SORTKEY_ORACLES_NAIVE_BASE_H_
