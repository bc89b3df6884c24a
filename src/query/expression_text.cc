// What the expression parsers share (expression_text.h).

#include "src/query/expression_text.h"

#include <fmt/format.h>

namespace sortkey::internal {

bool ascii_iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'a' && x <= 'z') x = static_cast<char>(x - 'a' + 'A');
    if (y >= 'a' && y <= 'z') y = static_cast<char>(y - 'a' + 'A');
    if (x != y) return false;
  }
  return true;
}

std::string show_document_path(const DocumentPath& path) {
  std::string out = "[";
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (i > 0) out += ", ";
    out += path[i].is_index ? fmt::format("[{}]", path[i].index) : path[i].name;
  }
  return out + "]";
}

Result<std::string> resolve_attribute_name(std::string_view parameter, std::string_view text,
                                           bool is_ref, std::size_t offset,
                                           const ExpressionAttributes& attributes,
                                           ExpressionUses* uses) {
  if (is_ref) {
    const auto it = attributes.names.find(std::string(text));
    if (it == attributes.names.end()) {
      return make_error(ErrorCode::kBadParameter, offset,
                        fmt::format("Invalid {}: An expression attribute name used in the document "
                                    "path is not defined; attribute name: {}",
                                    parameter, text));
    }
    uses->names.emplace(text);
    return it->second;
  }
  if (is_reserved_word(text)) {
    return make_error(
        ErrorCode::kBadParameter, offset,
        fmt::format("Invalid {}: Attribute name is a reserved keyword; reserved keyword: {}",
                    parameter, text));
  }
  return std::string(text);
}

}  // namespace sortkey::internal
