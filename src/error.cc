#include "sortkey/error.h"

#include <fmt/format.h>

namespace sortkey {

std::string_view to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::kEmpty:
      return "empty";
    case ErrorCode::kBadLength:
      return "bad length";
    case ErrorCode::kBadCharacter:
      return "bad character";
    case ErrorCode::kOutOfRange:
      return "out of range";
    case ErrorCode::kNonCanonical:
      return "non-canonical";
    case ErrorCode::kBadDelimiter:
      return "bad delimiter";
    case ErrorCode::kTrailingBytes:
      return "trailing bytes";
    case ErrorCode::kTruncated:
      return "truncated";
    case ErrorCode::kBadParameter:
      return "bad parameter";
    case ErrorCode::kAmbiguous:
      return "ambiguous";
    case ErrorCode::kBadFormat:
      return "bad format";
    case ErrorCode::kOverflow:
      return "overflow";
    case ErrorCode::kUnavailable:
      return "unavailable";
  }
  return "unknown error";
}

std::string describe(const Error& error) {
  return fmt::format("{} at byte {}: {}", to_string(error.code), error.offset, error.message);
}

}  // namespace sortkey
