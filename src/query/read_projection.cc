#include "src/query/read_projection.h"

#include <fmt/format.h>

namespace sortkey {

std::string_view select_name(Select select) {
  switch (select) {
    case Select::kDefault:
      return "";
    case Select::kAllAttributes:
      return "ALL_ATTRIBUTES";
    case Select::kAllProjectedAttributes:
      return "ALL_PROJECTED_ATTRIBUTES";
    case Select::kCount:
      return "COUNT";
    case Select::kSpecificAttributes:
      return "SPECIFIC_ATTRIBUTES";
  }
  return "";
}

namespace internal {

Result<std::optional<std::vector<DocumentPath>>> read_projection(
    Select select, const std::optional<std::string>& projection,
    const ExpressionAttributes& attributes, ExpressionUses* uses) {
  if (!projection) {
    if (select != Select::kSpecificAttributes) return std::optional<std::vector<DocumentPath>>();
    return make_error(ErrorCode::kBadParameter, 0,
                      "Must specify the AttributesToGet or ProjectionExpression when choosing to "
                      "get SPECIFIC_ATTRIBUTES");
  }
  if (select != Select::kDefault && select != Select::kSpecificAttributes) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("Cannot specify the ProjectionExpression when choosing to get {}",
                                  select == Select::kCount ? std::string_view("only the Count")
                                                           : select_name(select)));
  }
  auto paths = parse_projection(*projection, attributes, uses);
  if (!paths) return paths.error();
  return std::optional<std::vector<DocumentPath>>(std::move(*paths));
}

void project_page(Page& page, const std::optional<std::vector<DocumentPath>>& paths) {
  if (!paths) return;
  for (StoredItem& item : page.items) item = StoredItem(project_paths(item.to_item(), *paths));
}

}  // namespace internal
}  // namespace sortkey
