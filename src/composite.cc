#include "sortkey/composite.h"

#include <fmt/format.h>
#include <unicode/utf8.h>

#include <array>
#include <cstdint>

#include "sortkey/inverse.h"
#include "sortkey/padded.h"
#include "src/internal/deferred_error.h"
#include "src/internal/text.h"
#include "src/internal/utf8.h"

namespace sortkey {
namespace {

constexpr char kHexDigits[] = "0123456789ABCDEF";

unsigned byte(char c) { return static_cast<unsigned char>(c); }

// The value of an upper-case hex digit, or -1.
int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

constexpr std::size_t kLoneSegment = static_cast<std::size_t>(-1);

// The message names the segment (counted from 1) unless it is kLoneSegment.
Result<void> check_segment(std::string_view segment, std::size_t index) {
  const std::size_t bad = internal::find_invalid_utf8(segment);
  if (bad == internal::kValidUtf8) return {};
  std::string why = internal::describe_invalid_utf8(segment, bad);
  if (index != kLoneSegment) why = fmt::format("segment {}: {}", index + 1, why);
  return make_error(ErrorCode::kBadCharacter, bad, std::move(why));
}

// out += esc(segment). REQUIRES: a valid delimiter.
void escape_into(std::string& out, std::string_view segment, char delimiter) {
  const unsigned x = byte(escape_byte(delimiter));
  std::size_t i = 0;
  while (i < segment.size()) {
    std::size_t run = i;
    while (run < segment.size() && byte(segment[run]) > x) ++run;
    out.append(segment.data() + i, run - i);
    if (run == segment.size()) break;
    const unsigned b = byte(segment[run]);
    const char word[3] = {static_cast<char>(x), kHexDigits[b >> 4], kHexDigits[b & 0xF]};
    out.append(word, 3);
    i = run + 1;
  }
}

std::string show(char c) { return internal::quote_byte(c); }

}  // namespace

Result<void> check_delimiter(char delimiter) {
  if (byte(delimiter) < 0x21 || byte(delimiter) > 0x2F) {
    return make_error(
        ErrorCode::kBadParameter, 0,
        fmt::format("the delimiter must be one of ! \" # $ % & ' ( ) * + , - . / (0x21 to 0x2F), "
                    "got {}: a delimiter at or above '0' would sort above the escape code words",
                    show(delimiter)));
  }
  return {};
}

Result<void> append_segment(std::string& out, std::string_view segment, char delimiter) {
  if (auto ok = check_delimiter(delimiter); !ok) return ok;
  if (auto ok = check_segment(segment, kLoneSegment); !ok) return ok;
  escape_into(out, segment, delimiter);
  return {};
}

Result<std::string> encode_composite(const Path& path, char delimiter) {
  if (auto ok = check_delimiter(delimiter); !ok) return ok.error();
  if (path.empty()) {
    return make_error(ErrorCode::kEmpty, 0, "a path needs at least one segment");
  }
  std::size_t size = path.size() - 1;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (auto ok = check_segment(path[i], i); !ok) return ok.error();
    size += path[i].size();
  }
  std::string key;
  key.reserve(size);
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (i > 0) key += delimiter;
    escape_into(key, path[i], delimiter);
  }
  return key;
}

// decode_composite's refusals are deferred (internal/deferred_error.h): the
// rejection properties refuse every proper prefix of a key, unread.
Result<Path> decode_composite(std::string_view key, char delimiter) {
  if (auto ok = check_delimiter(delimiter); !ok) return ok.error();
  const char x = escape_byte(delimiter);
  const auto* s = reinterpret_cast<const std::uint8_t*>(key.data());
  const auto n = static_cast<std::int32_t>(key.size());
  Path path(1);
  std::size_t i = 0;
  while (i < key.size()) {
    const char c = key[i];
    if (c == delimiter) {
      path.emplace_back();
      ++i;
    } else if (c == x) {
      for (std::size_t k = 1; k <= 2; ++k) {
        if (i + k == key.size()) {
          // The escape and the one hex digit that may follow it.
          const std::array<char, 2> cut{x, k == 2 ? key[i + 1] : '\0'};
          return internal::defer<[](std::array<char, 2> escape, std::size_t size) {
            return fmt::format(
                "the key ends inside the escape {}: {} needs two hex digits after it",
                internal::quote_text(std::string_view(escape.data(), size)), show(escape[0]));
          }>(ErrorCode::kTruncated, i, cut, k);
        }
        const char h = key[i + k];
        if (hex_value(h) < 0) {
          if (h >= 'a' && h <= 'f') {
            return internal::defer<[](char digit) {
              return fmt::format("the hex digit {} of an escape must be upper case", show(digit));
            }>(ErrorCode::kNonCanonical, i + k, h);
          }
          return internal::defer<[](char escape, char found) {
            return fmt::format("expected a hex digit after the escape {}, found {}", show(escape),
                               show(found));
          }>(ErrorCode::kBadCharacter, i + k, x, h);
        }
      }
      const auto b = static_cast<char>(hex_value(key[i + 1]) * 16 + hex_value(key[i + 2]));
      if (byte(b) > byte(x)) {
        return internal::defer<[](std::array<char, 3> escape, char stands_for) {
          return fmt::format("{} stands for {}, which sorts above {} and must be written as itself",
                             internal::quote_text(std::string_view(escape.data(), 3)),
                             show(stands_for), show(escape[0]));
        }>(ErrorCode::kNonCanonical, i, std::array{x, key[i + 1], key[i + 2]}, b);
      }
      path.back() += b;
      i += 3;
    } else if (byte(c) < byte(x)) {
      return internal::defer<[](char found, char escape) {
        return fmt::format("{} must be escaped as {}{}{}", show(found), escape,
                           kHexDigits[byte(found) >> 4], kHexDigits[byte(found) & 0xF]);
      }>(ErrorCode::kBadCharacter, i, c, x);
    } else if (byte(c) < 0x80) {
      std::size_t run = i + 1;
      while (run < key.size() && byte(key[run]) > byte(x) && byte(key[run]) < 0x80) ++run;
      path.back().append(key.data() + i, run - i);
      i = run;
    } else {
      auto next = static_cast<std::int32_t>(i);
      UChar32 cp;
      U8_NEXT(s, next, n, cp);
      if (cp < 0) {
        return internal::invalid_utf8_error(key, i);
      }
      path.back().append(key.substr(i, static_cast<std::size_t>(next) - i));
      i = static_cast<std::size_t>(next);
    }
  }
  return path;
}

Result<std::string> subtree_prefix(const Path& path, char delimiter) {
  auto key = encode_composite(path, delimiter);
  if (key) *key += delimiter;
  return key;
}

Result<KeyRange> subtree_bounds(const Path& path, char delimiter) {
  auto key = encode_composite(path, delimiter);
  if (!key) return key.error();
  KeyRange range{*key, *key};
  range.high += escape_byte(delimiter);
  return range;
}

Result<KeyRange> window_bounds(const Path& parent, std::string_view first, std::string_view last,
                               char delimiter) {
  if (first.compare(last) > 0) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("the window's first segment {} sorts after its last {}",
                                  internal::quote_text(first), internal::quote_text(last)));
  }
  Path path = parent;
  path.emplace_back(first);
  auto low = encode_composite(path, delimiter);
  if (!low) return low.error();
  path.back() = std::string(last);
  auto high = encode_composite(path, delimiter);
  if (!high) return high.error();
  *high += escape_byte(delimiter);
  return KeyRange{std::move(*low), std::move(*high)};
}

KeyBuilder::KeyBuilder(char delimiter) : delimiter_(delimiter) {
  if (auto ok = check_delimiter(delimiter); !ok) error_ = ok.error();
}

KeyBuilder& KeyBuilder::add(Result<std::string> segment) {
  if (error_) return *this;
  const std::size_t index = path_.size();
  if (!segment) {
    Error e = segment.error();
    e.message = fmt::format("segment {}: {}", index + 1, e.message);
    error_ = std::move(e);
    return *this;
  }
  if (auto ok = check_segment(*segment, index); !ok) {
    error_ = ok.error();
    return *this;
  }
  path_.push_back(std::move(*segment));
  return *this;
}

KeyBuilder& KeyBuilder::text(std::string_view utf8) { return add(std::string(utf8)); }
KeyBuilder& KeyBuilder::segment(std::string_view fragment) { return add(std::string(fragment)); }
KeyBuilder& KeyBuilder::padded(UInt128 value, int width) {
  return add(encode_padded(value, width));
}
KeyBuilder& KeyBuilder::inverse(UInt128 value, int width) {
  return add(encode_inverse(value, width));
}
KeyBuilder& KeyBuilder::name(std::string_view name, CaseMode mode) {
  return add(normalize_name(name, mode));
}
KeyBuilder& KeyBuilder::timestamp(Instant t, int precision) {
  return add(encode_timestamp(t, precision));
}
KeyBuilder& KeyBuilder::number(const Number& n) { return add(encode_number(n)); }

Result<Path> KeyBuilder::path() const {
  if (error_) return *error_;
  return path_;
}

Result<std::string> KeyBuilder::key() const {
  if (error_) return *error_;
  return encode_composite(path_, delimiter_);
}

Result<std::string> KeyBuilder::subtree_prefix() const {
  if (error_) return *error_;
  return sortkey::subtree_prefix(path_, delimiter_);
}

Result<KeyRange> KeyBuilder::subtree_bounds() const {
  if (error_) return *error_;
  return sortkey::subtree_bounds(path_, delimiter_);
}

Result<KeyRange> KeyBuilder::window_bounds(std::string_view first, std::string_view last) const {
  if (error_) return *error_;
  return sortkey::window_bounds(path_, first, last, delimiter_);
}

}  // namespace sortkey
