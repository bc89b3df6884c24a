#include "sortkey/inverse.h"

#include "sortkey/padded.h"

namespace sortkey {

Result<void> append_inverse(std::string& out, UInt128 value, int width) {
  if (width < kMinWidth || width > kMaxWidth || value > padded_max(width)) {
    return append_padded(out, value, width);  // reports the same error as the padded codec
  }
  return append_padded(out, padded_max(width) - value, width);
}

Result<std::string> encode_inverse(UInt128 value, int width) {
  std::string key;
  if (auto ok = append_inverse(key, value, width); !ok) return ok.error();
  return key;
}

Result<UInt128> consume_inverse(std::string_view& in, int width) {
  auto stored = consume_padded(in, width);
  if (!stored) return stored;  // its message still unwritten
  return padded_max(width) - *stored;
}

Result<UInt128> decode_inverse(std::string_view key, int width) {
  auto stored = decode_padded(key, width);
  if (!stored) return stored;  // its message still unwritten
  return padded_max(width) - *stored;
}

}  // namespace sortkey
