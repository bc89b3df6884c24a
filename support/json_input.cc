#include "support/json_input.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "sortkey/items_file.h"

namespace sortkey::support {

int json_depth(std::string_view text, int limit) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

Result<nlohmann::json> parse_json(std::string_view text, std::string_view what) {
  // One pass refuses what parsing would choke on or read one way of two:
  // nesting, the number of values, and a key named twice (nlohmann keeps the
  // last of two equal keys: `{"ok":"x","ok":"y"}` would read as one answer,
  // `{"certified":false,...,"certified":true}` as another).
  const JsonScan scan = scan_json_within(text, kMaxJsonDepth, kMaxJsonValues);
  switch (scan.stop) {
    case JsonScan::Stop::kTooDeep:
      return make_error(ErrorCode::kBadFormat, 0,
                        fmt::format("{} nests deeper than {} levels", what, kMaxJsonDepth));
    case JsonScan::Stop::kTooManyValues:
      return make_error(ErrorCode::kBadFormat, 0,
                        fmt::format("{} holds more than {} values", what, kMaxJsonValues));
    case JsonScan::Stop::kDuplicateKey:
      return make_error(ErrorCode::kBadFormat, 0,
                        fmt::format("{}: an object names the key {} twice", what, scan.detail));
    case JsonScan::Stop::kNone:
    case JsonScan::Stop::kNotJson:  // the parser below says where and why
      break;
  }
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    return make_error(ErrorCode::kBadFormat, e.byte > 0 ? e.byte - 1 : 0,
                      fmt::format("{} is not JSON: {}", what, printable(e.what())));
  } catch (const nlohmann::json::exception& e) {  // out_of_range: a number beyond a double
    return make_error(ErrorCode::kBadFormat, 0,
                      fmt::format("{} is not JSON: {}", what, printable(e.what())));
  }
}

Result<std::string> read_file_within(const std::string& path, std::size_t max_bytes) {
  namespace fs = std::filesystem;
  const auto fail = [&path](const std::string& why) {
    return make_error(ErrorCode::kBadParameter, 0, fmt::format("{}: {}", path, why));
  };
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec) return fail(ec.message());
  if (fs::is_directory(status)) return fail("it is a directory");
  if (!fs::is_regular_file(status)) return fail("it is not a regular file");
  const std::uintmax_t size = fs::file_size(path, ec);
  if (ec) return fail(ec.message());
  if (size > max_bytes) return fail(fmt::format("it is larger than {} bytes", max_bytes));
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(std::strerror(errno));
  std::string text(static_cast<std::size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  if (in.gcount() != static_cast<std::streamsize>(size)) return fail("it changed while read");
  return text;
}

Result<std::string> read_stdin_within(std::size_t max_bytes) {
  std::string text;
  char buffer[1 << 16];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, stdin)) > 0;) {
    if (n > max_bytes - text.size()) {
      return make_error(ErrorCode::kBadParameter, 0,
                        fmt::format("standard input: it is larger than {} bytes", max_bytes));
    }
    text.append(buffer, n);
  }
  if (std::ferror(stdin)) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("standard input: {}", std::strerror(errno)));
  }
  return text;
}

Result<std::string> read_input_within(const std::string& path, std::size_t max_bytes) {
  return path == "-" ? read_stdin_within(max_bytes) : read_file_within(path, max_bytes);
}

}  // namespace sortkey::support
