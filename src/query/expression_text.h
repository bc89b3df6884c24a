// File: src/query/expression_text.h
//
// Internal: what the parsers of condition and key expressions
// (expression.cc) and of update expressions (update_parser.cc) share: ASCII
// case-insensitive keywords, document paths as DynamoDB's messages show them,
// and attribute names resolved through ExpressionAttributeNames with
// DynamoDB's errors.

#ifndef SORTKEY_SRC_QUERY_EXPRESSION_TEXT_H_
#define SORTKEY_SRC_QUERY_EXPRESSION_TEXT_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "sortkey/error.h"
#include "sortkey/expression.h"

namespace sortkey::internal {

// Whether `a` and `b` are equal with ASCII letters of either case.
bool ascii_iequals(std::string_view a, std::string_view b);

// "[a, b, [1]]": how DynamoDB shows a document path in its messages.
std::string show_document_path(const DocumentPath& path);

// The attribute name a path element stands for: `#name` through
// `attributes.names` (recorded in `uses`), a bare name as written. Errors
// (kBadParameter at `offset`, "Invalid <parameter>: ..."): an undefined
// #name, a bare reserved word.
Result<std::string> resolve_attribute_name(std::string_view parameter, std::string_view text,
                                           bool is_ref, std::size_t offset,
                                           const ExpressionAttributes& attributes,
                                           ExpressionUses* uses);

}  // namespace sortkey::internal

#endif  // SORTKEY_SRC_QUERY_EXPRESSION_TEXT_H_
