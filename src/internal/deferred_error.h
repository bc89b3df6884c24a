// File: src/internal/deferred_error.h
//
// Errors whose message is written when it is read (sortkey::DeferredError),
// for the paths on which the codecs refuse keys. A caller that only asks
// whether a key decodes never pays for the sentence: no formatting, no
// allocation. The message is written from values held in the error itself,
// never from a view of the input, which the caller may free before it reads
// the error.
//
//   return internal::defer<[](int width, std::size_t n) {
//     return fmt::format("expected {} digits, the key ends after {}", width, n);
//   }>(ErrorCode::kTruncated, n, width, n);

#ifndef SORTKEY_INTERNAL_DEFERRED_ERROR_H_
#define SORTKEY_INTERNAL_DEFERRED_ERROR_H_

#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "sortkey/error.h"

namespace sortkey::internal {

// A value a deferred message may hold: copied as bytes, and not a pointer
// or a view, which could outlive what it sees.
template <class T>
inline constexpr bool kHeldByValue =
    std::is_trivially_copyable_v<T>&& std::is_default_constructible_v<T> && !std::is_pointer_v<T> &&
    !std::is_same_v<T, std::string_view>;

// Text of static storage (a literal), which a deferred message may hold
// where it may not hold a view. REQUIRES: `text` lives as long as the program.
struct StaticText {
  const char* text;
};

namespace deferred_internal {

template <class T>
T read_value(const unsigned char* at) {
  T value;
  std::memcpy(&value, at, sizeof value);
  return value;
}

template <std::size_t I, std::size_t N>
constexpr std::size_t offset_of(const std::size_t (&sizes)[N]) {
  std::size_t offset = 0;
  for (std::size_t i = 0; i < I; ++i) offset += sizes[i];
  return offset;
}

template <auto Render, class... Values, std::size_t... I>
std::string render_at([[maybe_unused]] const unsigned char* bytes, std::index_sequence<I...>) {
  [[maybe_unused]] static constexpr std::size_t kSizes[] = {sizeof(Values)..., 0};
  return Render(read_value<Values>(bytes + offset_of<I>(kSizes))...);
}

template <auto Render, class... Values>
std::string render(const unsigned char* bytes) {
  return render_at<Render, Values...>(bytes, std::index_sequence_for<Values...>{});
}

}  // namespace deferred_internal

// The error `code` at `offset` whose message is Render(values...), called
// when the error is read. Render is a captureless lambda (or a function)
// taking the values by value.
template <auto Render, class... Values>
DeferredError defer(ErrorCode code, std::size_t offset, const Values&... values) {
  static_assert((kHeldByValue<Values> && ...),
                "a deferred message holds trivially copyable values, never a view or a pointer");
  static_assert((sizeof(Values) + ... + 0) <= DeferredError::kValueBytes,
                "the values of a deferred message take more than DeferredError::kValueBytes");
  DeferredError e{code, offset, &deferred_internal::render<Render, Values...>, {}};
  std::size_t at = 0;
  ((std::memcpy(e.values + at, &values, sizeof(Values)), at += sizeof(Values)), ...);
  (void)at;  // no values
  return e;
}

// The error `code` at `offset` whose message is a fixed text, a literal:
//   return internal::defer_text(ErrorCode::kEmpty, 0, "the key is empty");
template <std::size_t N>
DeferredError defer_text(ErrorCode code, std::size_t offset, const char (&text)[N]) {
  return defer<[](StaticText t) { return std::string(t.text); }>(code, offset, StaticText{text});
}

}  // namespace sortkey::internal

#endif  // SORTKEY_INTERNAL_DEFERRED_ERROR_H_
