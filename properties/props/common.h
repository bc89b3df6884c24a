// File: properties/props/common.h
//
// Building blocks shared by the property functions of every codec: the
// quartet's generic halves (every proper prefix rejected, every extension
// rejected, decode total and canonical) and message helpers.

#ifndef SORTKEY_PROPERTIES_COMMON_H_
#define SORTKEY_PROPERTIES_COMMON_H_

#include <fmt/format.h>

#include <string>
#include <string_view>

#include "properties/props/outcome.h"
#include "sortkey/error.h"

namespace sortkey::props {

// -1, 0 or 1.
inline int sign(int x) { return (x > 0) - (x < 0); }

// Byte order of keys, as DynamoDB orders String and Binary keys: unsigned
// bytes, a proper prefix first. std::string_view::compare does exactly that.
inline int key_order(std::string_view a, std::string_view b) { return sign(a.compare(b)); }

// A key as a person should see it in a failure message: quoted, with
// non-printable bytes as \xNN.
std::string show_key(std::string_view key);

inline const char* order_word(int s) { return s < 0 ? "<" : (s > 0 ? ">" : "=="); }

// Every proper prefix of `key` and `key` + each byte of `extensions` must fail
// to decode. `decode` is any callable string_view -> Result<T>.
template <class Decode>
Outcome rejects_truncated_and_extended(std::string_view key, Decode&& decode,
                                       std::string_view extensions) {
  for (std::size_t n = 0; n < key.size(); ++n) {
    if (decode(key.substr(0, n))) {
      return Outcome::fails(fmt::format("the truncated key {} (first {} of {} bytes of {}) decoded",
                                        show_key(key.substr(0, n)), n, key.size(), show_key(key)));
    }
  }
  // One buffer for every extension: `key` + c, then c + `key`.
  std::string extended(key.size() + 1, '\0');
  for (char c : extensions) {
    key.copy(extended.data(), key.size());
    extended.back() = c;
    if (decode(std::string_view(extended))) {
      return Outcome::fails(fmt::format("the extended key {} decoded", show_key(extended)));
    }
    extended.front() = c;
    key.copy(extended.data() + 1, key.size());
    if (decode(std::string_view(extended))) {
      return Outcome::fails(fmt::format("the extended key {} decoded", show_key(extended)));
    }
  }
  return Outcome::holds();
}

// Decode is total and canonical on `bytes`: it either fails with an error
// whose offset lies inside the input (or at its end), or returns a value whose
// encoding is exactly `bytes`. `encode` maps the decoded value back to a
// Result<std::string>.
template <class Decode, class Encode>
Outcome decode_is_total_and_canonical(std::string_view bytes, Decode&& decode, Encode&& encode) {
  auto value = decode(bytes);
  if (!value) {
    if (value.error().offset > bytes.size()) {
      return Outcome::fails(fmt::format("decoding {} failed with offset {} past its {} bytes: {}",
                                        show_key(bytes), value.error().offset, bytes.size(),
                                        describe(value.error())));
    }
    if (value.error().message.empty()) {
      return Outcome::fails(fmt::format("decoding {} failed without a message", show_key(bytes)));
    }
    return Outcome::holds();
  }
  auto again = encode(*value);
  if (!again) {
    return Outcome::fails(fmt::format("{} decoded, but its value does not encode: {}",
                                      show_key(bytes), describe(again.error())));
  }
  if (*again != bytes) {
    return Outcome::fails(
        fmt::format("{} decoded, but its value encodes to {}: non-canonical key accepted",
                    show_key(bytes), show_key(*again)));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props

#endif  // SORTKEY_PROPERTIES_COMMON_H_
