// Reference implementation for tests; never link into the library.
#include "oracles/naive_casefold.h"

#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/unistr.h>
#include <unicode/ustring.h>

#include <cstdint>
#include <stdexcept>

namespace sortkey::oracle {
namespace {

unsigned at(std::string_view s, std::size_t i) { return static_cast<unsigned char>(s[i]); }

bool in(unsigned b, unsigned lo, unsigned hi) { return b >= lo && b <= hi; }

// The length of the well-formed sequence at i, or 0 if it is ill-formed.
// Table 3-7 of the Unicode standard, row by row.
std::size_t sequence_length(std::string_view s, std::size_t i) {
  const unsigned b0 = at(s, i);
  const std::size_t left = s.size() - i;
  auto cont = [&](std::size_t k, unsigned lo, unsigned hi) {
    return k < left && in(at(s, i + k), lo, hi);
  };
  if (b0 <= 0x7F) return 1;
  if (in(b0, 0xC2, 0xDF)) return cont(1, 0x80, 0xBF) ? 2 : 0;
  if (b0 == 0xE0) return cont(1, 0xA0, 0xBF) && cont(2, 0x80, 0xBF) ? 3 : 0;
  if (in(b0, 0xE1, 0xEC) || in(b0, 0xEE, 0xEF))
    return cont(1, 0x80, 0xBF) && cont(2, 0x80, 0xBF) ? 3 : 0;
  if (b0 == 0xED) return cont(1, 0x80, 0x9F) && cont(2, 0x80, 0xBF) ? 3 : 0;
  if (b0 == 0xF0) return cont(1, 0x90, 0xBF) && cont(2, 0x80, 0xBF) && cont(3, 0x80, 0xBF) ? 4 : 0;
  if (in(b0, 0xF1, 0xF3))
    return cont(1, 0x80, 0xBF) && cont(2, 0x80, 0xBF) && cont(3, 0x80, 0xBF) ? 4 : 0;
  if (b0 == 0xF4) return cont(1, 0x80, 0x8F) && cont(2, 0x80, 0xBF) && cont(3, 0x80, 0xBF) ? 4 : 0;
  return 0;
}

icu::UnicodeString utf16(std::string_view text) {
  icu::UnicodeString u;
  // u_strFromUTF8 rather than fromUTF8: it refuses ill-formed input instead of
  // substituting U+FFFD, so a test that feeds bad text fails loudly.
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = 0;
  u_strFromUTF8(nullptr, 0, &length, text.data(), static_cast<int32_t>(text.size()), &status);
  if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status))
    throw std::invalid_argument("oracle: invalid UTF-8");
  status = U_ZERO_ERROR;
  UChar* buffer = u.getBuffer(length);
  u_strFromUTF8(buffer, length, &length, text.data(), static_cast<int32_t>(text.size()), &status);
  u.releaseBuffer(length);
  if (U_FAILURE(status)) throw std::invalid_argument("oracle: invalid UTF-8");
  return u;
}

std::string utf8(const icu::UnicodeString& u) {
  std::string out;
  u.toUTF8String(out);
  return out;
}

icu::UnicodeString normalize(const icu::UnicodeString& u, bool compose) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n =
      compose ? icu::Normalizer2::getNFCInstance(status) : icu::Normalizer2::getNFDInstance(status);
  if (U_FAILURE(status)) throw std::runtime_error("oracle: no ICU normalization data");
  icu::UnicodeString out = n->normalize(u, status);
  if (U_FAILURE(status)) throw std::runtime_error("oracle: ICU normalization failed");
  return out;
}

icu::UnicodeString map_case(icu::UnicodeString u, NaiveCase mode) {
  switch (mode) {
    case NaiveCase::kUpper:
      return u.toUpper(icu::Locale::getRoot());
    case NaiveCase::kLower:
      return u.toLower(icu::Locale::getRoot());
    case NaiveCase::kFold:
      return u.foldCase(U_FOLD_CASE_DEFAULT);
  }
  return u;
}

}  // namespace

std::size_t first_invalid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t n = sequence_length(text, i);
    if (n == 0) return i;
    i += n;
  }
  return std::string_view::npos;
}

std::string utf8_of(char32_t c) {
  std::string out;
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
  return out;
}

std::vector<char32_t> code_points(std::string_view text) {
  std::vector<char32_t> out;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t n = sequence_length(text, i);
    if (n == 0) throw std::invalid_argument("oracle: invalid UTF-8");
    const unsigned b0 = at(text, i);
    char32_t c = n == 1 ? b0 : n == 2 ? (b0 & 0x1F) : n == 3 ? (b0 & 0x0F) : (b0 & 0x07);
    for (std::size_t k = 1; k < n; ++k) c = (c << 6) | (at(text, i + k) & 0x3F);
    out.push_back(c);
    i += n;
  }
  return out;
}

int compare_code_points(std::string_view a, std::string_view b) {
  const std::vector<char32_t> x = code_points(a);
  const std::vector<char32_t> y = code_points(b);
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
  }
  if (x.size() == y.size()) return 0;
  return x.size() < y.size() ? -1 : 1;
}

bool has_control(std::string_view text) {
  for (char32_t c : code_points(text)) {
    if (c <= 0x1F || (c >= 0x7F && c <= 0x9F)) return true;
  }
  return false;
}

std::string nfc(std::string_view text) { return utf8(normalize(utf16(text), true)); }
std::string nfd(std::string_view text) { return utf8(normalize(utf16(text), false)); }
std::string to_upper(std::string_view text) {
  return utf8(map_case(utf16(text), NaiveCase::kUpper));
}
std::string to_lower(std::string_view text) {
  return utf8(map_case(utf16(text), NaiveCase::kLower));
}
std::string fold(std::string_view text) { return utf8(map_case(utf16(text), NaiveCase::kFold)); }

std::string expected_name_key(std::string_view text, NaiveCase mode) {
  return utf8(normalize(map_case(normalize(utf16(text), false), mode), true));
}

bool caseless_equal(std::string_view a, std::string_view b) {
  const icu::UnicodeString x = normalize(utf16(a), false);
  const icu::UnicodeString y = normalize(utf16(b), false);
  UErrorCode status = U_ZERO_ERROR;
  const int32_t order = u_strCaseCompare(x.getBuffer(), x.length(), y.getBuffer(), y.length(),
                                         U_FOLD_CASE_DEFAULT, &status);
  if (U_FAILURE(status)) throw std::runtime_error("oracle: u_strCaseCompare failed");
  return order == 0;
}

}  // namespace sortkey::oracle
