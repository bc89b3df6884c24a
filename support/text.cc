#include "support/text.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <ctime>

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

int emit_stdout_errno() { return g_stdout_errno; }

}  // namespace sortkey::support
