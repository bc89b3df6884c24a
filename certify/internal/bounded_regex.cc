#include "certify/internal/bounded_regex.h"

#include <fmt/format.h>
#include <unicode/regex.h>
#include <unicode/unistr.h>

#include <algorithm>

namespace sortkey::certify::internal {
namespace {

// ICU counts its time limit in ticks of about 10,000 steps each; 20 ticks
// allow far more than any sentence-sized search needs.
constexpr int32_t kTimeLimit = 20;
constexpr int32_t kStackLimit = 1 << 20;  // bytes of the backtracking stack

icu::UnicodeString utf16(std::string_view text) {
  return icu::UnicodeString::fromUTF8(
      icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
}

}  // namespace

struct BoundedRegex::Compiled {
  std::unique_ptr<icu::RegexPattern> pattern;
};

Result<BoundedRegex> BoundedRegex::compile(std::string_view pattern) {
  UErrorCode status = U_ZERO_ERROR;
  UParseError where{};
  std::unique_ptr<icu::RegexPattern> compiled(
      icu::RegexPattern::compile(utf16(pattern), 0, where, status));
  if (U_FAILURE(status) || compiled == nullptr) {
    return make_error(ErrorCode::kBadFormat, static_cast<std::size_t>(std::max(where.offset, 0)),
                      fmt::format("not a valid regex: {} at offset {}", u_errorName(status),
                                  std::max(where.offset, 0)));
  }
  return BoundedRegex(std::make_shared<const Compiled>(Compiled{std::move(compiled)}));
}

std::optional<bool> BoundedRegex::search(std::string_view text) const {
  const icu::UnicodeString subject = utf16(text);
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::RegexMatcher> matcher(compiled_->pattern->matcher(subject, status));
  if (U_FAILURE(status) || matcher == nullptr) return std::nullopt;
  matcher->setTimeLimit(kTimeLimit, status);
  matcher->setStackLimit(kStackLimit, status);
  const bool found = matcher->find(0, status);
  if (U_FAILURE(status)) return std::nullopt;  // U_REGEX_TIME_OUT, U_REGEX_STACK_OVERFLOW
  return found;
}

}  // namespace sortkey::certify::internal
