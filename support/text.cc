#include "support/text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <ctime>
#include <utility>

namespace sortkey::support {

std::string shell_quote(std::string_view arg) {
  const bool safe = !arg.empty() && std::all_of(arg.begin(), arg.end(), [](unsigned char c) {
    return std::isalnum(c) != 0 ||
           std::string_view("_-./=:,+@%").find(static_cast<char>(c)) != std::string_view::npos;
  });
  if (safe) return std::string(arg);
  std::string out = "'";
  for (const char c : arg) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  out += '\'';
  return out;
}

std::string command_line(const std::vector<std::string>& argv) {
  std::string out;
  for (const std::string& a : argv) {
    if (!out.empty()) out += ' ';
    out += shell_quote(a);
  }
  return out;
}

std::string md_cell(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '\n') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

std::string md_code(std::string_view text) {
  std::size_t run = 0, longest = 0;
  for (const char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(longest + 1, '`');
  const bool pad = !text.empty() && (text.front() == '`' || text.back() == '`');
  const std::string space = pad ? " " : "";
  return fence + space + std::string(text) + space + fence;
}

namespace {

bool continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// The length of the well-formed UTF-8 sequence at the start of `s` (Unicode
// Table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF), or 0.
std::size_t sequence_length(std::string_view s) {
  const auto at = [&s](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char c = at(0);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (s.size() < n || at(1) < lo || at(1) > hi) return 0;
  for (std::size_t i = 2; i < n; ++i) {
    if (!continuation(at(i))) return 0;
  }
  return n;
}

// The piece of excerpt() for the sequence at the start of `s`, and its length in `s`.
std::pair<std::string, std::size_t> escaped_piece(std::string_view s) {
  const auto c = static_cast<unsigned char>(s[0]);
  const std::size_t n = sequence_length(s);
  if (n == 0) return {fmt::format("\\x{:02X}", c), 1};
  if (c == '\\') return {"\\\\", 1};
  if (c == '\t') return {"\\t", 1};
  if (c == '\n') return {"\\n", 1};
  if (c == '\r') return {"\\r", 1};
  if (c < 0x20 || c == 0x7F) return {fmt::format("\\u{:04X}", c), 1};
  // C1 controls: U+0080..U+009F, 0xC2 0x80..0x9F.
  if (c == 0xC2 && static_cast<unsigned char>(s[1]) < 0xA0) {
    return {fmt::format("\\u{:04X}", static_cast<unsigned char>(s[1])), 2};
  }
  return {std::string(s.substr(0, n)), n};
}

}  // namespace

std::size_t first_invalid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = sequence_length(text.substr(i));
    if (n == 0) return i;
    i += n;
  }
  return std::string_view::npos;
}

bool valid_utf8(std::string_view text) {
  return first_invalid_utf8(text) == std::string_view::npos;
}

std::string_view utf8_prefix(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t cut = max_bytes;
  for (int back = 0; back < 3 && cut > 0 && continuation(static_cast<unsigned char>(text[cut]));
       ++back) {
    --cut;
  }
  // Still at a continuation byte: not UTF-8 here, and no character to keep whole.
  if (continuation(static_cast<unsigned char>(text[cut]))) cut = max_bytes;
  return text.substr(0, cut);
}

std::string excerpt(std::string_view text, std::size_t max_bytes) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    auto [piece, used] = escaped_piece(text.substr(i));
    if (out.size() + piece.size() > max_bytes) return out + "…";
    out += piece;
    i += used;
  }
  return out;
}

std::string utc_now(const char* format) {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[64];
  const std::size_t n = std::strftime(buf, sizeof buf, format, &tm);
  return std::string(buf, n);
}

namespace {
int g_stdout_errno = 0;
}  // namespace

void emit(std::FILE* out, std::string_view text) {
  if (out == nullptr) return;
  if (std::fwrite(text.data(), 1, text.size(), out) != text.size() && out == stdout &&
      g_stdout_errno == 0) {
    g_stdout_errno = errno;
  }
}

void flush(std::FILE* out) {
  if (out != nullptr && std::fflush(out) != 0 && out == stdout && g_stdout_errno == 0) {
    g_stdout_errno = errno;
  }
}

int emit_stdout_errno() { return g_stdout_errno; }

std::string noun_for(std::size_t n, std::string_view one, std::string_view many) {
  if (n == 1) return std::string(one);
  return many.empty() ? std::string(one) + "s" : std::string(many);
}

std::string quantity(std::size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + noun_for(n, one, many);
}

}  // namespace sortkey::support
