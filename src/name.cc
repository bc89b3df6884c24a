#include "sortkey/name.h"

#include <fmt/format.h>
#include <unicode/bytestream.h>
#include <unicode/casemap.h>
#include <unicode/normalizer2.h>
#include <unicode/utf8.h>

#include <cstdint>
#include <new>

#include "src/internal/deferred_error.h"
#include "src/internal/text.h"
#include "src/internal/utf8.h"

namespace sortkey {
namespace {

// The root locale: keys must never depend on the machine's locale (a Turkish
// default locale would map "i" to "İ").
constexpr const char* kRootLocale = "";

bool is_control(UChar32 c) { return c < 0x20 || (c >= 0x7F && c <= 0x9F); }

// Checks that `name` is valid UTF-8 without control characters, and returns
// whether it is all ASCII (NFD and NFC are then the identity and the case
// mappings are those of ASCII letters). Its refusals are deferred
// (internal/deferred_error.h).
Result<bool> check_name(std::string_view name) {
  if (name.empty()) return internal::defer_text(ErrorCode::kEmpty, 0, "a name must not be empty");
  const auto* s = reinterpret_cast<const std::uint8_t*>(name.data());
  const auto n = static_cast<std::int32_t>(name.size());
  bool ascii = true;
  std::int32_t i = 0;
  while (i < n) {
    const std::int32_t start = i;
    UChar32 c;
    U8_NEXT(s, i, n, c);
    const auto at = static_cast<std::size_t>(start);
    if (c < 0) {
      return internal::invalid_utf8_error(name, at);
    }
    if (is_control(c)) {
      return internal::defer<[](UChar32 control) {
        return fmt::format("control character U+{:04X} is not allowed in a name", control);
      }>(ErrorCode::kBadCharacter, at, c);
    }
    ascii = ascii && c < 0x80;
  }
  return ascii;
}

// ICU fails here only when it runs out of memory or its data is missing.
Result<void> icu_status(UErrorCode status, const char* what) {
  if (status == U_MEMORY_ALLOCATION_ERROR) throw std::bad_alloc();
  if (U_FAILURE(status)) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("ICU could not {}: {}", what, u_errorName(status)));
  }
  return {};
}

void append_ascii(std::string& out, std::string_view name, CaseMode mode) {
  const std::size_t start = out.size();
  out.append(name);
  for (std::size_t i = start; i < out.size(); ++i) {
    const char c = out[i];
    if (mode == CaseMode::kUpper) {
      if (c >= 'a' && c <= 'z') out[i] = static_cast<char>(c - 'a' + 'A');
    } else if (c >= 'A' && c <= 'Z') {
      out[i] = static_cast<char>(c - 'A' + 'a');  // lower case and folding agree on ASCII
    }
  }
}

// out += NFC(map(NFD(name))). REQUIRES: name is valid UTF-8.
Result<void> append_unicode(std::string& out, std::string_view name, CaseMode mode) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(status);
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (auto ok = icu_status(status, "load its normalization data"); !ok) return ok;

  std::string decomposed;
  icu::StringPiece input(name.data(), static_cast<std::int32_t>(name.size()));
  if (!nfd->isNormalizedUTF8(input, status)) {
    icu::StringByteSink<std::string> sink(&decomposed);
    nfd->normalizeUTF8(0, input, sink, nullptr, status);
    input = icu::StringPiece(decomposed.data(), static_cast<std::int32_t>(decomposed.size()));
  }
  if (auto ok = icu_status(status, "decompose the name (NFD)"); !ok) return ok;

  std::string mapped;
  icu::StringByteSink<std::string> mapped_sink(&mapped);
  switch (mode) {
    case CaseMode::kUpper:
      icu::CaseMap::utf8ToUpper(kRootLocale, 0, input, mapped_sink, nullptr, status);
      break;
    case CaseMode::kLower:
      icu::CaseMap::utf8ToLower(kRootLocale, 0, input, mapped_sink, nullptr, status);
      break;
    case CaseMode::kFold:
      icu::CaseMap::utf8Fold(U_FOLD_CASE_DEFAULT, input, mapped_sink, nullptr, status);
      break;
  }
  if (auto ok = icu_status(status, "map the case of the name"); !ok) return ok;

  std::string composed;
  icu::StringByteSink<std::string> composed_sink(&composed);
  nfc->normalizeUTF8(0, icu::StringPiece(mapped.data(), static_cast<std::int32_t>(mapped.size())),
                     composed_sink, nullptr, status);
  if (auto ok = icu_status(status, "compose the name (NFC)"); !ok) return ok;
  out += composed;
  return {};
}

}  // namespace

std::string_view to_string(CaseMode mode) {
  switch (mode) {
    case CaseMode::kUpper:
      return "upper";
    case CaseMode::kLower:
      return "lower";
    case CaseMode::kFold:
      return "fold";
  }
  return "?";
}

Result<CaseMode> parse_case_mode(std::string_view text) {
  if (text == "upper") return CaseMode::kUpper;
  if (text == "lower") return CaseMode::kLower;
  if (text == "fold") return CaseMode::kFold;
  return make_error(ErrorCode::kBadParameter, 0,
                    fmt::format("the case mode must be upper, lower or fold, got {}",
                                internal::quote_text(text)));
}

Result<void> append_name(std::string& out, std::string_view name, CaseMode mode) {
  auto ascii = check_name(name);
  if (!ascii) return ascii.error_as<void>();
  if (*ascii) {
    append_ascii(out, name, mode);
    return {};
  }
  return append_unicode(out, name, mode);
}

Result<std::string> normalize_name(std::string_view name, CaseMode mode) {
  std::string key;
  if (auto ok = append_name(key, name, mode); !ok) return ok.error_as<std::string>();
  return key;
}

Result<std::string> decode_name(std::string_view key, CaseMode mode) {
  auto normal = normalize_name(key, mode);
  if (!normal) return normal;
  if (*normal == key) return normal;
  std::size_t i = 0;
  while (i < key.size() && i < normal->size() && key[i] == (*normal)[i]) ++i;
  const std::size_t at = internal::code_point_start(key, i);
  return make_error(ErrorCode::kNonCanonical, at,
                    fmt::format("not a canonical key for case mode {}: the text normalizes to {}",
                                to_string(mode), internal::quote_text(*normal)));
}

}  // namespace sortkey
