#include "sortkey/unique.h"

#include <fmt/format.h>

#include "sortkey/padded.h"
#include "src/internal/text.h"
#include "src/internal/utf8.h"

namespace sortkey {
namespace {

constexpr unsigned char kDelimiter = '#';

// DynamoDB refuses a String that is not UTF-8, and a JSON printer cannot show one.
Result<void> check_utf8(std::string_view text, std::string_view what) {
  if (const std::size_t bad = internal::find_invalid_utf8(text); bad != internal::kValidUtf8) {
    return make_error(
        ErrorCode::kBadCharacter, bad,
        fmt::format("{} is not UTF-8: {}", what, internal::describe_invalid_utf8(text, bad)));
  }
  return {};
}

Result<void> check_key(std::string_view key) {
  if (key.empty()) return make_error(ErrorCode::kEmpty, 0, "the key is empty");
  if (auto ok = check_utf8(key, "the key"); !ok) return ok.error();
  for (std::size_t i = 0; i < key.size(); ++i) {
    if (static_cast<unsigned char>(key[i]) < kDelimiter) {
      return make_error(
          ErrorCode::kBadCharacter, i,
          fmt::format("the key holds {}, which sorts below '#': a suffix could no longer "
                      "keep the order by the key first",
                      internal::quote_byte(key[i])));
    }
  }
  return {};
}

}  // namespace

Result<std::string> with_sequence(std::string_view key, UInt128 sequence, int width) {
  if (auto ok = check_key(key); !ok) return ok.error();
  std::string out(key);
  out.push_back('#');
  if (auto ok = append_padded(out, sequence, width); !ok) return ok.error();
  return out;
}

Result<std::string> with_disambiguator(std::string_view key, std::string_view suffix) {
  if (auto ok = check_key(key); !ok) return ok.error();
  if (suffix.empty()) return make_error(ErrorCode::kEmpty, 0, "the disambiguator is empty");
  if (auto ok = check_utf8(suffix, "the disambiguator"); !ok) return ok.error();
  for (std::size_t i = 0; i < suffix.size(); ++i) {
    if (static_cast<unsigned char>(suffix[i]) <= kDelimiter) {
      return make_error(ErrorCode::kBadCharacter, i,
                        fmt::format("the disambiguator holds {}, which sorts at or below '#'",
                                    internal::quote_byte(suffix[i])));
    }
  }
  std::string out(key);
  out.push_back('#');
  out.append(suffix);
  return out;
}

Result<UniqueParts> split_unique(std::string_view unique_key) {
  if (auto ok = check_utf8(unique_key, "the unique key"); !ok) return ok.error();
  const auto at = unique_key.rfind('#');
  if (at == std::string_view::npos) {
    return make_error(ErrorCode::kBadDelimiter, unique_key.size(),
                      "the key has no '#' before a suffix");
  }
  if (at + 1 == unique_key.size()) {
    return make_error(ErrorCode::kBadDelimiter, at, "the suffix after the last '#' is empty");
  }
  return UniqueParts{std::string(unique_key.substr(0, at)), std::string(unique_key.substr(at + 1))};
}

}  // namespace sortkey
