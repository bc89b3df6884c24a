#include "sortkey/items_file.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

namespace sortkey {
namespace {

using nlohmann::json;

// nlohmann's message without its "[json.exception.parse_error.101] " tag.
// nlohmann's message without its "[json.exception...] " prefix, escaped: it
// quotes the bytes it read, which came from outside.
std::string message_of(const json::exception& e) {
  std::string what = e.what();
  if (const auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
  return printable(what);
}

bool blank(std::string_view line) {
  return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

// Reads JSON without building it (scan_json_within): the nesting depth,
// the values, and the keys of each open object, which must differ.
class JsonScanner : public json::json_sax_t {
 public:
  JsonScanner(int max_depth, std::size_t max_values)
      : max_depth_(max_depth), max_values_(max_values) {}

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override {
    objects_.emplace_back();
    return value() && open();
  }
  bool key(string_t& k) override {
    if (objects_.back().insert(k).second) return true;
    scan_.stop = JsonScan::Stop::kDuplicateKey;
    scan_.detail = json(k).dump(-1, ' ', true, json::error_handler_t::replace);
    return false;
  }
  bool end_object() override {
    objects_.pop_back();
    --depth_;
    return true;
  }
  bool start_array(std::size_t) override { return value() && open(); }
  bool end_array() override {
    --depth_;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const json::exception& e) override {
    scan_.stop = JsonScan::Stop::kNotJson;
    scan_.detail = message_of(e);
    return false;
  }

  const JsonScan& scan() const { return scan_; }

 private:
  bool value() {
    if (++values_ <= max_values_) return true;
    scan_.stop = JsonScan::Stop::kTooManyValues;
    return false;
  }
  bool open() {
    if (++depth_ <= max_depth_) return true;
    scan_.stop = JsonScan::Stop::kTooDeep;
    return false;
  }

  int max_depth_;
  std::size_t max_values_;
  int depth_ = 0;
  std::size_t values_ = 0;
  std::vector<std::set<std::string, std::less<>>> objects_;
  JsonScan scan_;
};

Result<void> check_within(std::string_view text, std::string_view what, int max_depth) {
  const JsonScan scan = scan_json_within(text, max_depth);
  switch (scan.stop) {
    case JsonScan::Stop::kNone:
    case JsonScan::Stop::kTooManyValues:  // no limit was given
      return {};
    case JsonScan::Stop::kTooDeep:
      return make_error(ErrorCode::kBadFormat, 0,
                        fmt::format("{}: nests deeper than {} levels", what, max_depth));
    case JsonScan::Stop::kDuplicateKey:
      return make_error(ErrorCode::kBadFormat, 0,
                        fmt::format("{}: an object names the key {} twice", what, scan.detail));
    case JsonScan::Stop::kNotJson:
      break;
  }
  return make_error(ErrorCode::kBadFormat, 0,
                    fmt::format("{}: not valid JSON: {}", what, scan.detail));
}

Result<json> parse_json_within(std::string_view text, std::string_view what,
                               int max_depth = kMaxDynamoDbJsonDepth) {
  if (auto ok = check_within(text, what, max_depth); !ok) return ok.error();
  try {
    return json::parse(text);
  } catch (const json::exception& e) {
    return make_error(ErrorCode::kBadFormat, 0,
                      fmt::format("{}: not valid JSON: {}", what, message_of(e)));
  }
}

}  // namespace

JsonScan scan_json_within(std::string_view text, int max_depth, std::size_t max_values) {
  JsonScanner scanner(max_depth, max_values);
  if (json::sax_parse(text, &scanner)) return {};
  JsonScan scan = scanner.scan();
  // The parser stopped without saying why (it does not): not JSON.
  if (scan.stop == JsonScan::Stop::kNone) scan.stop = JsonScan::Stop::kNotJson;
  return scan;
}

Result<void> check_json_within(std::string_view text, std::string_view what, int max_depth) {
  return check_within(text, what, max_depth);
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
  // A file known to be too large is refused before a byte of it is read.
  if (const auto size = std::filesystem::file_size(path, ec); !ec && size > kMaxItemsFileBytes) {
    return fail(fmt::format("it is larger than {} bytes", kMaxItemsFileBytes));
  }
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
