// File: tools/codecs/multi_run.h
//
// `sortkey query run --operation TransactWriteItems|TransactGetItems|
// BatchGetItem --request FILE`: the request (tools/codecs/multi_request.h)
// run through the model (sortkey/transaction.h transact_write,
// transact_get, batch_get) on the in-memory table of the items file, and
// DynamoDB's answer printed as write_run.h prints the single-item ones.
//
// One table: the items file holds one, and the request names it. The first
// TableName of the request (in request order; BatchGetItem: the one table
// of RequestItems) is the items file's table, and an action without
// TableName means it too, as a single-item request's TableName is the
// items file's table whatever it says. A second table name is refused
// (exit 2), as is an action on an item an earlier action of the request
// already names (by the key schema, Numbers by value: DynamoDB's
// ValidationException "Transaction request cannot include multiple
// operations on one item", or for BatchGetItem "Provided list of item keys
// contains duplicates"; reference dynamodb-write-semantics.md §4 rule 4,
// §5 rule 5): one line naming both places, nothing run.
//
// The answer [AWS API TransactWriteItems, TransactGetItems, BatchGetItem,
// TransactionCanceledException; ALT test_transact.py, test_batch.py]:
//   TransactWriteItems  {} ; cancelled: {"__type":
//                       "com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
//                       "message": "Transaction cancelled, please refer cancellation reasons for
//                       specific reasons [None, ConditionalCheckFailed]",
//                       "CancellationReasons": [{"Code": "None"}, {"Code":
//                       "ConditionalCheckFailed", "Message": "The conditional request failed",
//                       "Item": {...}}]}, one reason per action in request order (Item: the
//                       action's ReturnValuesOnConditionCheckFailure ALL_OLD on an item that
//                       exists), one line on standard error, exit 1, nothing written
//   TransactGetItems    {"Responses": [{"Item": {...}}, {}]}, in request order; {} for an
//                       item absent
//   BatchGetItem        {"Responses": {"<table>": [items found]}, "UnprocessedKeys": {}}
//   a refused request   the ValidationException body, exit 1 (write_run.h print_refused)
// With --save-items a TransactWriteItems that commits writes the items file
// again as write_run.h says (whole or not at all; the items it creates at
// the end in request order); a cancelled or refused one leaves it as it
// was.
//
// Example:
//   int status = run_multi(table, file, request, {"users.jsonl", true, false});

#ifndef SORTKEY_TOOLS_CODECS_MULTI_RUN_H_
#define SORTKEY_TOOLS_CODECS_MULTI_RUN_H_

#include "sortkey/table.h"
#include "tools/codecs/multi_request.h"
#include "tools/codecs/write_run.h"

namespace sortkey::cli {

// The exit status: 0 the request ran; 1 a cancelled transaction or a
// refused request; 2 a second table, an item named twice, or an items file
// that cannot be written.
int run_multi(Table& table, const LoadedItems& file, const MultiRequest& request,
              const WriteRunOptions& options);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_CODECS_MULTI_RUN_H_
