// File: src/query/read_projection.h
//
// What a Query or Scan returns of each item: its Select checked against its
// ProjectionExpression, and the items of a page projected. Kept apart from
// the table's storage: it only reads the request and the items read.

#ifndef SORTKEY_SRC_QUERY_READ_PROJECTION_H_
#define SORTKEY_SRC_QUERY_READ_PROJECTION_H_

#include <optional>
#include <string>
#include <vector>

#include "sortkey/expression.h"
#include "sortkey/query.h"

namespace sortkey::internal {

// The paths to project, or nullopt for whole items. Errors (Validation, as
// DynamoDB words them): SPECIFIC_ATTRIBUTES without a projection, a
// projection with ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES or COUNT, and the
// errors of parse_projection. Names used are recorded in `*uses`.
Result<std::optional<std::vector<DocumentPath>>> read_projection(
    Select select, const std::optional<std::string>& projection,
    const ExpressionAttributes& attributes, ExpressionUses* uses);

// Every item of the page projected on `paths` (none when nullopt).
void project_page(Page& page, const std::optional<std::vector<DocumentPath>>& paths);

}  // namespace sortkey::internal

#endif  // SORTKEY_SRC_QUERY_READ_PROJECTION_H_
