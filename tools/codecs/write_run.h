// File: tools/codecs/write_run.h
//
// `sortkey query run --operation UpdateItem|DeleteItem|PutItem`: the write
// run on the in-memory table of the items file (sortkey/update.h
// update_item, delete_item, put_item), DynamoDB's answer printed on standard output,
// and on request the items file written again with the table after the
// write, whole or not at all (support/files.h).
//
// The answer is the body DynamoDB sends [AWS API UpdateItem, PutItem,
// DeleteItem; the __type names as DYN helpers.js asserts them]:
//   success             {"Attributes": {...}} (ReturnValues), or {}
//   a false condition   {"__type":
//   "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException",
//                        "message": "The conditional request failed", "Item": {...}}
//                       (Item: ReturnValuesOnConditionCheckFailure ALL_OLD on an item that exists)
//   a refused request   {"__type": "com.amazon.coral.validate#ValidationException", "message": ...}
// with, for the last two, one line on standard error and exit status 1, the
// status of a request the table refuses; the items file is then left as it
// was. A file that cannot be written is exit 2, and the answer is not
// printed (the write did not reach the file).
//
// The file written keeps its form (a JSON array, or one item per line) and
// its order: each key where it first stood, an item the write creates at
// the end, an item it deletes left out. Items are written as to_json writes
// them (numbers in DynamoDB's canonical text).
//
// Example:
//   LoadedItems file;  // the items as query_command.cc loaded them into `table`
//   int status = run_write(table, file, request, {"users.jsonl", true, false});

#ifndef SORTKEY_TOOLS_CODECS_WRITE_RUN_H_
#define SORTKEY_TOOLS_CODECS_WRITE_RUN_H_

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sortkey/attribute.h"
#include "sortkey/error.h"
#include "sortkey/table.h"
#include "tools/codecs/write_request.h"

namespace sortkey::cli {

// The items of the file, in its order, and its form.
struct LoadedItems {
  std::vector<Item> items;
  bool array = false;  // a JSON array, else one item per line
};

struct WriteRunOptions {
  std::string items_path;   // where --save-items writes
  bool save_items = false;  // --save-items
  bool compact = false;     // --compact: one line of JSON
};

// The exit status: 0 the write ran (or wrote nothing, as DynamoDB would);
// 1 a false condition or a refused request; 2 the items file cannot be
// written.
int run_write(Table& table, const LoadedItems& file, const WriteRequest& request,
              const WriteRunOptions& options);

// What the multi-item requests (tools/codecs/multi_run.h) share with the
// single-item ones:

// Prints the answer (indented, or one line when `compact`) and flushes it
// before any line on standard error, so that a terminal shows them in that
// order.
void print_answer(const nlohmann::ordered_json& answer, bool compact);

// A request the table refuses: the ValidationException body on standard
// output, one line on standard error; returns 1.
int print_refused(const Error& error, bool compact);

// With options.save_items, writes the items file again as the file comment
// says, `written` (items or keys the write touched) last when new. Returns
// 0, or 2 after a line on standard error when it cannot be written.
int save_items(const Table& table, const LoadedItems& file, const std::vector<Item>& written,
               const WriteRunOptions& options);

}  // namespace sortkey::cli

#endif  // SORTKEY_TOOLS_CODECS_WRITE_RUN_H_
