// File: sortkey/error.h
//
// The error model shared by every codec. Decoders are total: for any input
// they return either a value or an `Error` that names the kind of problem, the
// byte offset where it was found and a sentence a person can act on. Nothing
// in sortkey throws on bad data; only std::bad_alloc may escape.
//
// `Result<T>` is a small value-or-Error type with std::expected's member names
// (has_value, value, error, operator*, operator->, value_or), so that moving to
// C++23 is one alias. GCC 12 has no std::expected in C++20 mode.
//
// Example:
//
//   sortkey::Result<std::string> key = sortkey::encode_padded(100000, 5);
//   if (!key) {
//     std::cerr << sortkey::describe(key.error()) << "\n";
//     // out of range at byte 0: 100000 needs 6 digits, more than the width 5
//   }

#ifndef SORTKEY_ERROR_H_
#define SORTKEY_ERROR_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

namespace sortkey {

// The kinds of error. The list is flat and short on purpose: the message says
// the rest. Values are stable (they appear in JSON reports); append only.
enum class ErrorCode : std::uint8_t {
  kEmpty = 1,          ///< The input is empty where a value was required.
  kBadLength = 2,      ///< The input is shorter or longer than the format allows.
  kBadCharacter = 3,   ///< A byte outside the format's alphabet.
  kOutOfRange = 4,     ///< The value is well formed but outside the codec's domain.
  kNonCanonical = 5,   ///< Well formed, but not the one spelling encode produces.
  kBadDelimiter = 6,   ///< A delimiter is missing, doubled or in the wrong place.
  kTrailingBytes = 7,  ///< A value was read but bytes are left over.
  kTruncated = 8,      ///< The input ends in the middle of a value.
  kBadParameter = 9,   ///< A codec parameter (width, precision, ...) is invalid.
  kAmbiguous = 10,     ///< The input could mean more than one value (e.g. 6/7/2026).
  kBadFormat = 11,     ///< The input does not have the expected shape at all.
  kOverflow = 12,      ///< A generator or counter ran out of values.
  kUnavailable = 13,   ///< A system source (clock, random bytes) failed.
};

// Returns a short lower-case name, e.g. "non-canonical".
std::string_view to_string(ErrorCode code);

struct Error {
  ErrorCode code;
  std::size_t offset;   // byte offset into the input where the problem is
  std::string message;  // a full sentence without the offset, e.g. "expected a digit, found 'x'"

  friend bool operator==(const Error&, const Error&) = default;
};

// "non-canonical at byte 3: <message>"
std::string describe(const Error& error);

// `text` as a message to a terminal should show it, when it came from
// outside (a rejected input, a name a file or an adapter gave): printable
// UTF-8 as it is; control characters (C0, DEL, C1), the bidirectional
// controls (U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) and bytes that
// are not UTF-8 escaped as \xNN or \u{NNNN}, and a backslash doubled, so
// that no input can move the cursor, retitle the terminal or hide text.
//   printable("a\x1b]0;x\x07")  // "a\\x1B]0;x\\x07"
std::string printable(std::string_view text);

// Builds an Error; convenient in return statements of functions that return
// Result<T>: `return make_error(ErrorCode::kEmpty, 0, "empty key");`
inline Error make_error(ErrorCode code, std::size_t offset, std::string message) {
  return Error{code, offset, std::move(message)};
}

// An Error whose message is written only when it is read: the code, the
// offset, and the values a render function makes the message from. The
// codecs return these on the paths that refuse keys, which a caller that
// only asks "does it decode?" takes many times for every key it keeps (the
// rejection properties decode each proper prefix of a key). A Result turns
// it into the Error on the first error() call; a program never builds one
// itself (sortkey's src/internal/deferred_error.h does).
struct DeferredError {
  using Render = std::string (*)(const unsigned char* values);
  static constexpr std::size_t kValueBytes = 32;

  ErrorCode code;
  std::size_t offset;
  Render render;                      // the message of `values`
  unsigned char values[kValueBytes];  // the values, as bytes (trivially copyable ones)

  Error error() const { return Error{code, offset, render(values)}; }
};

// A value of type T or an Error. REQUIRES for value()/operator*: has_value().
//
// error() writes a deferred message (DeferredError) on its first call and
// keeps it: like any first read of a cache, that first call must not race
// with another call on the same Result from another thread.
template <class T>
class [[nodiscard]] Result {
 public:
  using value_type = T;

  Result(const T& value) : v_(std::in_place_index<0>, value) {}  // NOLINT: implicit on purpose
  Result(T&& value) : v_(std::in_place_index<0>, std::move(value)) {}        // NOLINT
  Result(Error error) : v_(std::in_place_index<1>, std::move(error)) {}      // NOLINT
  Result(const DeferredError& error) : v_(std::in_place_index<2>, error) {}  // NOLINT

  bool has_value() const { return v_.index() == 0; }
  explicit operator bool() const { return has_value(); }

  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  // REQUIRES: !has_value().
  const Error& error() const {
    if (v_.index() == 2) v_.template emplace<1>(std::get<2>(v_).error());
    return std::get<1>(v_);
  }

  // The error's code and offset, its message left unwritten if it was.
  // REQUIRES: !has_value().
  ErrorCode error_code() const {
    return v_.index() == 2 ? std::get<2>(v_).code : std::get<1>(v_).code;
  }
  std::size_t error_offset() const {
    return v_.index() == 2 ? std::get<2>(v_).offset : std::get<1>(v_).offset;
  }

  // This Result's error as a Result<U>, its message still unwritten if it
  // was. REQUIRES: !has_value().
  template <class U>
  Result<U> error_as() const {
    if (v_.index() == 2) return Result<U>(std::get<2>(v_));
    return Result<U>(std::get<1>(v_));
  }

  template <class U>
  T value_or(U&& fallback) const& {
    return has_value() ? value() : static_cast<T>(std::forward<U>(fallback));
  }

 private:
  mutable std::variant<T, Error, DeferredError> v_;
};

// Result<void>: success carries nothing.
template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Error error) : v_(std::in_place_index<1>, std::move(error)) {}      // NOLINT
  Result(const DeferredError& error) : v_(std::in_place_index<2>, error) {}  // NOLINT
  bool has_value() const { return v_.index() == 0; }
  explicit operator bool() const { return has_value(); }

  // REQUIRES: !has_value(). As Result<T>::error().
  const Error& error() const {
    if (v_.index() == 2) v_.emplace<1>(std::get<2>(v_).error());
    return std::get<1>(v_);
  }

  // As Result<T>::error_code() and error_offset(). REQUIRES: !has_value().
  ErrorCode error_code() const {
    return v_.index() == 2 ? std::get<2>(v_).code : std::get<1>(v_).code;
  }
  std::size_t error_offset() const {
    return v_.index() == 2 ? std::get<2>(v_).offset : std::get<1>(v_).offset;
  }

  // As Result<T>::error_as(). REQUIRES: !has_value().
  template <class U>
  Result<U> error_as() const {
    if (v_.index() == 2) return Result<U>(std::get<2>(v_));
    return Result<U>(std::get<1>(v_));
  }

 private:
  mutable std::variant<std::monostate, Error, DeferredError> v_;
};

}  // namespace sortkey

#endif  // SORTKEY_ERROR_H_
