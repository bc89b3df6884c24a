#include "sortkey/items_file.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>

namespace sortkey {
namespace {

using nlohmann::json;

// nlohmann's message without its "[json.exception.parse_error.101] " tag.
std::string message_of(const json::exception& e) {
  std::string what = e.what();
  if (const auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
  return what;
}

bool blank(std::string_view line) {
  return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

Result<json> parse_json_within(std::string_view text, std::string_view what,
                               int max_depth = kMaxDynamoDbJsonDepth) {
  bool too_deep = false;
  // Values past the limit are dropped as they are parsed, so nothing deep is
  // ever built.
  const json::parser_callback_t keep = [&too_deep, max_depth](int depth, json::parse_event_t,
                                                              json&) {
    if (depth > max_depth) too_deep = true;
    return !too_deep;
  };
  json parsed;
  try {
    parsed = json::parse(text, keep);
  } catch (const json::exception& e) {
    if (!too_deep) {
      return make_error(ErrorCode::kBadFormat, 0,
                        fmt::format("{}: not valid JSON: {}", what, message_of(e)));
    }
  }
  if (too_deep) {
    return make_error(ErrorCode::kBadFormat, 0,
                      fmt::format("{}: nests deeper than {} levels", what, max_depth));
  }
  return parsed;
}

}  // namespace

Result<void> check_json_within(std::string_view text, std::string_view what, int max_depth) {
  if (auto parsed = parse_json_within(text, what, max_depth); !parsed) return parsed.error();
  return {};
}

Result<Item> parse_item_within(std::string_view text, std::string_view what) {
  if (auto checked = parse_json_within(text, what); !checked) return checked.error();
  auto item = parse_item(text);
  if (!item) {
    return make_error(item.error().code, item.error().offset,
                      fmt::format("{}: {}", what, item.error().message));
  }
  return item;
}

Result<std::vector<Item>> parse_items_text(std::string_view text) {
  std::vector<Item> items;
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && text[first] == '[') {
    auto array = parse_json_within(text, "the items file", kMaxDynamoDbJsonDepth + 1);
    if (!array) return array.error();
    if (!array->is_array())
      return make_error(ErrorCode::kBadFormat, first,
                        "the items file: expected a JSON array of items");
    for (std::size_t i = 0; i < array->size(); ++i) {
      const std::string element = (*array)[i].dump(-1, ' ', false, json::error_handler_t::replace);
      auto item = parse_item_within(element, fmt::format("item {} of the array", i + 1));
      if (!item) return item.error();
      items.push_back(std::move(*item));
    }
    return items;
  }
  std::size_t start = 0;
  for (std::size_t line = 1; start < text.size(); ++line) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view one = text.substr(start, end - start);
    start = end + 1;
    if (blank(one)) continue;
    auto item = parse_item_within(one, fmt::format("line {}", line));
    if (!item) return item.error();
    items.push_back(std::move(*item));
  }
  return items;
}

Result<std::string> read_items_file(const std::string& path) {
  const auto fail = [&path](const std::string& why) {
    return make_error(ErrorCode::kUnavailable, 0, fmt::format("cannot read {}: {}", path, why));
  };
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec) return fail(ec.message());
  if (std::filesystem::is_directory(status)) return fail("it is a directory");
  if (!std::filesystem::is_regular_file(status)) return fail("it is not a regular file");
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                             std::fclose);
  if (!file) return fail(std::strerror(errno));
  std::string text;
  char buffer[1 << 16];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file.get())) > 0;) {
    if (text.size() + n > kMaxItemsFileBytes) {
      return fail(fmt::format("it is larger than {} bytes", kMaxItemsFileBytes));
    }
    text.append(buffer, n);
  }
  if (std::ferror(file.get())) return fail(std::strerror(errno));
  return text;
}

}  // namespace sortkey
