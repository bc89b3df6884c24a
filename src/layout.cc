#include "sortkey/layout.h"

#include <fmt/format.h>

#include "sortkey/inverse.h"
#include "sortkey/padded.h"
#include "src/internal/text.h"

namespace sortkey {
namespace {

constexpr char kDelimiter = '#';

Result<void> check_type(std::string_view type, std::string_view role) {
  if (type.empty()) {
    return make_error(ErrorCode::kBadParameter, 0, fmt::format("the {} type is empty", role));
  }
  for (std::size_t i = 0; i < type.size(); ++i) {
    const char c = type[i];
    if (!((c >= 'A' && c <= 'Z') || internal::is_digit(c) || c == '_')) {
      return make_error(
          ErrorCode::kBadParameter, i,
          fmt::format("the {} type {} holds {}: types are upper-case letters, digits and '_'", role,
                      internal::quote_text(type), internal::quote_byte(c)));
    }
  }
  return {};
}

// Ids must hold no byte at or below the delimiter: such a byte would sort an
// item below the markers the layout relies on.
Result<void> check_id(std::string_view id) {
  if (id.empty()) return make_error(ErrorCode::kEmpty, 0, "the id is empty");
  for (std::size_t i = 0; i < id.size(); ++i) {
    if (static_cast<unsigned char>(id[i]) <= static_cast<unsigned char>(kDelimiter)) {
      return make_error(
          ErrorCode::kBadCharacter, i,
          fmt::format("the id holds {}, which sorts at or below '#' and would move the item "
                      "out of its place; escape ids with the composite codec first",
                      internal::quote_byte(id[i])));
    }
  }
  return {};
}

Result<std::string> join(std::string_view marker, std::string_view type, std::string_view id) {
  if (auto ok = check_id(id); !ok) return ok.error();
  std::string key;
  key.reserve(marker.size() + type.size() + 1 + id.size());
  key.append(marker).append(type).push_back(kDelimiter);
  key.append(id);
  return key;
}

}  // namespace

Result<CollectionLayout> make_layout(std::string_view parent_type, std::string_view before_type,
                                     std::string_view after_type) {
  if (auto ok = check_type(parent_type, "parent"); !ok) return ok.error();
  if (auto ok = check_type(before_type, "before-child"); !ok) return ok.error();
  if (auto ok = check_type(after_type, "after-child"); !ok) return ok.error();
  if (parent_type == after_type || parent_type == before_type) {
    return make_error(ErrorCode::kBadParameter, 0, "a child type must differ from the parent type");
  }
  const std::string parent_prefix = std::string(parent_type) + kDelimiter;
  const std::string after_prefix = std::string(after_type) + kDelimiter;
  if (after_prefix.compare(parent_prefix) <= 0) {
    return make_error(
        ErrorCode::kBadParameter, 0,
        fmt::format("the after-child type {} sorts below the parent type {} (\"{}\" < \"{}\"): "
                    "its items would land before the parent",
                    internal::quote_text(after_type), internal::quote_text(parent_type),
                    after_prefix, parent_prefix));
  }
  CollectionLayout layout;
  layout.parent_ = std::string(parent_type);
  layout.before_ = std::string(before_type);
  layout.after_ = std::string(after_type);
  return layout;
}

Result<std::string> CollectionLayout::parent_key(std::string_view id) const {
  return join("", parent_, id);
}
Result<std::string> CollectionLayout::before_key(std::string_view id) const {
  return join("#", before_, id);
}
Result<std::string> CollectionLayout::after_key(std::string_view id) const {
  return join("", after_, id);
}

Result<RangeRead> CollectionLayout::parent_and_before(std::string_view parent_id) const {
  auto key = parent_key(parent_id);
  if (!key) return key.error();
  return RangeRead{"<=", std::move(*key), Direction::kBackward, 0};
}

Result<RangeRead> CollectionLayout::parent_and_after(std::string_view parent_id) const {
  auto key = parent_key(parent_id);
  if (!key) return key.error();
  return RangeRead{">=", std::move(*key), Direction::kForward, 0};
}

Result<std::string> device_key(std::string_view device_id) { return join("", "DEVICE", device_id); }

Result<std::string> reading_key(ReadingOrder order, UInt128 reading, int width) {
  std::string key = order == ReadingOrder::kNewestLast ? "#READING#" : "READING#";
  auto ok = order == ReadingOrder::kNewestLast ? append_padded(key, reading, width)
                                               : append_inverse(key, reading, width);
  if (!ok) return ok.error();
  return key;
}

Result<RangeRead> device_with_latest_readings(ReadingOrder order, std::string_view device_id,
                                              int count) {
  if (count < 0) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("count must not be negative, got {}", count));
  }
  auto key = device_key(device_id);
  if (!key) return key.error();
  if (order == ReadingOrder::kNewestLast)
    return RangeRead{"<=", std::move(*key), Direction::kBackward, count + 1};
  return RangeRead{">=", std::move(*key), Direction::kForward, count + 1};
}

Result<std::string> version_key(UInt128 version, int width) {
  std::string key = "v";
  if (auto ok = append_padded(key, version, width); !ok) return ok.error();
  key.push_back('_');
  return key;
}

}  // namespace sortkey
