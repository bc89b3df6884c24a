// File: tools/codecs/query_request.h
//
// The options of `sortkey query build` and `sortkey query run`, named as the
// DynamoDB Query API names its parameters and spelled as the AWS CLI spells
// them (--key-condition-expression, --expression-attribute-values, ...), and
// the request they make. The key condition is given as text, or built from
// typed parts (--partition, --sort and one of --eq ... --begins-with) by the
// expression builder (sortkey/expression_builder.h), which picks the
// placeholders; names and values given beside a built condition are merged
// with its own, and a placeholder given twice is an error.
//
// Every expression of the request is parsed with DynamoDB's grammar and its
// placeholders are checked together, as DynamoDB checks them (an undefined
// one, and one no expression uses, are errors), so a request that `build`
// prints is one DynamoDB accepts as far as its text goes.
//
// Example:
//   QueryOptions o;           // filled by CLI11 through add_query_options()
//   auto r = make_request(o);
//   if (r) fmt::print("{}\n", r->parameters.dump(2));   // the request as JSON

#ifndef SORTKEY_TOOLS_CODECS_QUERY_REQUEST_H_
#define SORTKEY_TOOLS_CODECS_QUERY_REQUEST_H_

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "sortkey/error.h"
#include "sortkey/expression.h"
#include "sortkey/query.h"

namespace sortkey::cli {

struct QueryOptions {
  // The request's own parameters.
  std::string table_name, index_name;
  std::optional<std::string> key_condition, filter, projection;
  std::optional<std::string> names_json, values_json, start_key_json;
  bool scan_index_forward = true;
  bool consistent_read = false;
  std::optional<int> limit;
  std::optional<std::string> select;
  // The typed parts the builder makes the key condition of.
  std::vector<std::string> partition, sort_equal, between;
  std::string sort;
  std::optional<std::string> eq, lt, le, gt, ge, begins_with;
};

// Adds the options above to `sub`; `*o` must outlive parsing.
void add_query_options(CLI::App* sub, QueryOptions* o);

struct Request {
  nlohmann::json parameters;  // the Query request as DynamoDB JSON, keys sorted
  QueryRequest query;         // the same request for sortkey::Table::query, without the projection
  // ProjectionExpression's paths, placeholders resolved; empty without one.
  std::vector<DocumentPath> projection;
};

// Errors: those of the builder, of parsing an expression or a JSON option
// (naming the option), a placeholder given twice or undefined or unused, a
// key condition both given and built, a Select that contradicts the
// projection, and the options DynamoDB refuses together.
Result<Request> make_request(const QueryOptions& o);

// NAME or NAME:S|N|B (the default S): an attribute and its type, as
// --partition, --sort and the table's key options of `query run` take them.
// Errors: kEmpty (no name), kBadFormat (a letter other than S, N or B after
// the last ':', "PK:X"; a name that ends so is written "PK:X:S").
struct NamedAttribute {
  std::string name;
  AttributeType type = AttributeType::kS;
};
Result<NamedAttribute> parse_named_attribute(std::string_view spec);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_CODECS_QUERY_REQUEST_H_
