// File: tools/codecs/write_options.h
//
// The write options of `sortkey query build` and `sortkey query run`:
// --operation picks the DynamoDB operation (Query, the default, UpdateItem,
// DeleteItem or PutItem; TransactWriteItems, TransactGetItems and
// BatchGetItem, whose request only --request FILE gives,
// codecs/multi_request.h), and the request is given by its parameters spelled
// as the AWS CLI spells them (--key, --item, --update-expression,
// --condition-expression, --return-values,
// --return-values-on-condition-check-failure, with --table-name and the
// --expression-attribute-* options Query shares), or whole with --request
// FILE, the request's JSON as DynamoDB takes it (codecs/write_request.h).
//
// Options that belong to another operation are refused by name rather than
// ignored (--filter-expression on UpdateItem, --key on Query), as are a
// request given both ways and a write without its Key or Item.
//
// Example:
//   WriteOptions w;  // filled by CLI11 through add_write_options()
//   auto op = write_operation_of(w);                     // nullopt: Query
//   if (auto ok = check_write_options(*sub, *op); !ok) ...  // usage error, exit 2
//   auto r = write_request_from_options(w, query_options, **op);

#ifndef SORTKEY_TOOLS_CODECS_WRITE_OPTIONS_H_
#define SORTKEY_TOOLS_CODECS_WRITE_OPTIONS_H_

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "sortkey/error.h"
#include "tools/codecs/multi_request.h"
#include "tools/codecs/query_request.h"
#include "tools/codecs/write_request.h"

namespace sortkey::cli {

struct WriteOptions {
  std::string operation = "Query";
  std::optional<std::string> key_json, item_json, update_expression, condition;
  std::optional<std::string> return_values, on_failure;
  std::optional<std::string> request_file;  // "-": standard input
};

// Adds --operation, --request and the write parameters to `sub`; `*o` must
// outlive parsing.
void add_write_options(CLI::App* sub, WriteOptions* o);

// The write --operation names, nullopt for Query.
std::optional<WriteOperation> write_operation_of(const WriteOptions& o);

// The options given on `sub` fit the operation `op` (nullopt: Query).
// Errors (kBadParameter, a usage error): an option of another operation, a
// request given by --request and by options, a write without --key or
// --item, a multi-item request without --request, --save-items on a read.
Result<void> check_write_options(const CLI::App& sub, std::optional<WriteOperation> op);

// The request the options give. Errors: an option's JSON (named), as
// make_request reports them.
Result<WriteRequest> write_request_from_options(const WriteOptions& w, const QueryOptions& q,
                                                WriteOperation op);

// The request of --request FILE ("-": standard input). Errors: the file
// cannot be read ("cannot read ..."), or parse_write_request's, after the
// file's name.
Result<WriteRequest> read_request_file(const std::string& path, WriteOperation op);

// The multi-item request of --request FILE. Errors: as read_request_file's,
// parse_multi_request's after the file's name.
Result<MultiRequest> read_multi_request_file(const std::string& path, WriteOperation op);

// check_write_text on each write action of a TransactWriteItems, the
// action's place in front of the message.
Result<void> check_multi_text(const MultiRequest& r);

// What DynamoDB checks of the request's text before it reads any item:
// check_write_request, the expressions' grammar and placeholders, and
// placeholders no expression uses. Errors: kBadParameter and the others of
// sortkey/update.h and sortkey/expression.h, with DynamoDB's messages.
Result<void> check_write_text(const WriteRequest& r);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_CODECS_WRITE_OPTIONS_H_
