// sortkey query build [--operation OP] [request options | --request FILE]
// sortkey query run --items FILE --partition-key NAME[:T] [--sort-key NAME[:T]]
//                   [--index NAME=PK[:T][,...][/SK[:T][,...]]]... [--operation OP]
//                   [request options | --request FILE] [--save-items]
//
// --operation is Query (the default), UpdateItem, DeleteItem or PutItem, or
// TransactWriteItems, TransactGetItems or BatchGetItem. The writes' options
// and request files are codecs/write_options.h and codecs/write_request.h,
// the multi-item requests' codecs/multi_request.h; `run` runs a write as
// codecs/write_run.h says and a multi-item request as codecs/multi_run.h
// says, printing DynamoDB's answer ({"Attributes": ...}, or the error body
// of a false condition, a cancelled transaction or a refused request, exit
// 1) and with --save-items writing the items file again, whole or not at
// all.
//
// The request options are the Query API's parameters (codecs/query_request.h).
// `build` prints the request as JSON ready for an SDK call or for the AWS
// CLI's --cli-input-json:
//
//   sortkey query build --table-name AuditLog --partition 'PK=ACTOR#u_8814' --sort SK
//       --between 'EVT#2026-06-23T00:00:00Z' 'EVT#2026-06-23T23:59:59Z' --no-scan-index-forward
//
// `run` loads the items of FILE (sortkey/items_file.h: a JSON array or one
// item per line) into the in-memory table (sortkey/table.h) with the key
// schema given, runs the request and prints its pages as `aws dynamodb
// query` prints a response: {"Items", "Count", "ScannedCount",
// "LastEvaluatedKey"}, one per page, each page read from the last one's
// LastEvaluatedKey (--no-paginate: the first page only). Indexes project all
// attributes. Exit status: 0 the request ran; 1 the table refused the
// request, as DynamoDB would with a ValidationException; 2 the items or the
// key schema cannot be used.

#include <fmt/format.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "sortkey/items_file.h"
#include "sortkey/table.h"
#include "support/json_input.h"
#include "tools/codec_commands.h"
#include "tools/codecs/multi_run.h"
#include "tools/codecs/query_request.h"
#include "tools/codecs/write_options.h"
#include "tools/codecs/write_run.h"
#include "tools/option_checks.h"

namespace sortkey::cli {
namespace {

using nlohmann::json;

struct RunArgs {
  QueryOptions request;
  WriteOptions write;
  bool save_items = false;
  std::string items;
  std::string partition_key, sort_key;
  std::vector<std::string> indexes;
  bool no_paginate = false;
  bool compact = false;
};

Result<KeyAttribute> key_attribute(std::string_view spec) {
  auto named = parse_named_attribute(spec);
  if (!named) return named.error();
  return KeyAttribute{named->name, named->type};
}

// NAME[:T][,NAME[:T]...]: the attributes of one side of a key.
Result<std::vector<KeyAttribute>> key_side(std::string_view spec) {
  std::vector<KeyAttribute> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = spec.find(',', start);
    auto a =
        key_attribute(spec.substr(start, comma == std::string_view::npos ? comma : comma - start));
    if (!a) return a.error();
    out.push_back(std::move(*a));
    if (comma == std::string_view::npos) return out;
    start = comma + 1;
  }
}

// --index NAME=PK[:T][,PK2[:T]...][/SK[:T][,SK2[:T]...]]
Result<IndexSchema> index_schema(std::string_view spec) {
  const auto eq = spec.find('=');
  if (eq == std::string_view::npos || eq == 0) {
    return make_error(ErrorCode::kBadFormat, 0,
                      fmt::format("expected NAME=PK[/SK], got \"{}\"", printable(spec)));
  }
  IndexSchema index;
  index.name = std::string(spec.substr(0, eq));
  const std::string_view keys = spec.substr(eq + 1);
  const auto slash = keys.find('/');
  auto partition = key_side(keys.substr(0, slash));
  if (!partition) return partition.error();
  index.partition_key = std::move(*partition);
  if (slash != std::string_view::npos) {
    auto sort = key_side(keys.substr(slash + 1));
    if (!sort) return sort.error();
    index.sort_key = std::move(*sort);
  }
  return index;
}

// An error of the option `option`, named in its message.
Error of_option(std::string_view option, const Error& e) {
  return Error{e.code, e.offset, fmt::format("{}: {}", option, e.message)};
}

Result<TableSchema> schema_of(const RunArgs& a) {
  TableSchema schema;
  auto pk = key_attribute(a.partition_key);
  if (!pk) return of_option("--partition-key", pk.error());
  schema.partition_key = std::move(*pk);
  if (!a.sort_key.empty()) {
    auto sk = key_attribute(a.sort_key);
    if (!sk) return of_option("--sort-key", sk.error());
    schema.sort_key = std::move(*sk);
  }
  for (const std::string& spec : a.indexes) {
    auto index = index_schema(spec);
    if (!index) return of_option("--index", index.error());
    schema.indexes.push_back(std::move(*index));
  }
  return schema;
}

// The table of the key schema with the items of the file (and, into
// `*file` when given, the items in the file's order and its form). Errors
// name the file, and the item a write refused.
Result<Table> load_table(const RunArgs& a, LoadedItems* file = nullptr) {
  auto schema = schema_of(a);
  if (!schema) return schema.error();
  auto table = Table::create(std::move(*schema));
  if (!table) return make_error(table.error().code, 0, "the key schema: " + table.error().message);
  // "-": standard input, within the items file's bound.
  const std::string name = a.items == "-" ? "standard input" : a.items;
  auto text =
      a.items == "-" ? support::read_stdin_within(kMaxItemsFileBytes) : read_items_file(a.items);
  if (!text && a.items == "-") {
    return make_error(ErrorCode::kUnavailable, 0, "cannot read " + text.error().message);
  }
  if (!text) return text.error();
  auto items = parse_items_text(*text);
  if (!items)
    return make_error(items.error().code, 0, fmt::format("{}: {}", name, items.error().message));
  for (std::size_t i = 0; i < items->size(); ++i) {
    if (auto ok = table->put((*items)[i]); !ok) {
      return make_error(
          ok.error().code, 0,
          fmt::format("{}: item {} cannot be stored: {}", name, i + 1, ok.error().message));
    }
  }
  if (file != nullptr) {
    const auto first = text->find_first_not_of(" \t\r\n");
    file->array = first != std::string::npos && (*text)[first] == '[';
    file->items = std::move(*items);
  }
  return std::move(*table);
}

// Only the top-level attributes of the projection.
Result<Item> projected(const Item& item, const std::vector<DocumentPath>& paths) {
  Item out;
  for (const DocumentPath& path : paths) {
    if (path.size() != 1) {
      return make_error(ErrorCode::kBadParameter, 0,
                        "query run projects top-level attributes only, not a path into a "
                        "document (query build takes any)");
    }
    if (auto at = item.find(path[0].name); at != item.end()) out.emplace(at->first, at->second);
  }
  return out;
}

Result<nlohmann::ordered_json> page_json(const Page& page, const Request& r) {
  nlohmann::ordered_json out;
  if (r.query.select != Select::kCount) {
    out["Items"] = nlohmann::ordered_json::array();
    for (const StoredItem& stored : page.items) {
      const Item item = stored.to_item();
      auto shown = r.projection.empty() ? Result<Item>(item) : projected(item, r.projection);
      if (!shown) return shown.error();
      out["Items"].push_back(nlohmann::ordered_json::parse(to_json(*shown)));
    }
  }
  out["Count"] = page.count;
  out["ScannedCount"] = page.scanned_count;
  if (page.last_evaluated_key) {
    out["LastEvaluatedKey"] = nlohmann::ordered_json::parse(to_json(*page.last_evaluated_key));
  }
  return out;
}

// 0, or the exit status of a request or a table that cannot be used.
int run(const RunArgs& a) {
  auto request = make_request(a.request);
  if (!request) {
    fmt::print(stderr, "sortkey: cannot build the request: {}\n",
               printable(describe(request.error())));
    return 1;
  }
  auto table = load_table(a);
  if (!table) {
    fmt::print(stderr, "sortkey: {}\n", table.error().message);
    return 2;
  }
  QueryRequest q = request->query;
  // Each page reads at least one item, so the pages end; the bound is a guard.
  for (std::size_t pages = 0; pages <= table->item_count(); ++pages) {
    auto page = table->query(q);
    if (!page) {
      fmt::print(stderr, "sortkey: the table refused the request: {}\n", page.error().message);
      return 1;
    }
    auto shown = page_json(*page, *request);
    if (!shown) {
      fmt::print(stderr, "sortkey: {}\n", shown.error().message);
      return 2;
    }
    fmt::print("{}\n", shown->dump(a.compact ? -1 : 4, ' ', false, json::error_handler_t::replace));
    if (!page->last_evaluated_key || a.no_paginate) return 0;
    q.exclusive_start_key = std::move(page->last_evaluated_key);
  }
  fmt::print(stderr, "sortkey: the query did not end after {} pages\n", table->item_count() + 1);
  return 2;
}

// The write request of the options or of --request FILE; 0, or the exit
// status after the reason is printed: 2 for options that do not fit the
// operation and a request file that cannot be used, 1 for a request that
// cannot be built from its options.
int write_request_of(const CLI::App& sub, const WriteOptions& w, const QueryOptions& q,
                     WriteOperation op, WriteRequest* out) {
  if (auto ok = check_write_options(sub, op); !ok) {
    fmt::print(stderr, "sortkey: {}\n", ok.error().message);
    return 2;
  }
  if (w.request_file) {
    auto r = read_request_file(*w.request_file, op);
    if (!r) {
      fmt::print(stderr, "sortkey: {}\n", r.error().message);
      return 2;
    }
    *out = std::move(*r);
    return 0;
  }
  auto r = write_request_from_options(w, q, op);
  if (!r) {
    fmt::print(stderr, "sortkey: cannot build the request: {}\n", printable(describe(r.error())));
    return 1;
  }
  *out = std::move(*r);
  return 0;
}

// query build --operation TransactWriteItems|TransactGetItems|BatchGetItem.
int build_multi(const CLI::App& sub, const WriteOptions& w, WriteOperation op, bool compact) {
  if (auto ok = check_write_options(sub, op); !ok) {
    fmt::print(stderr, "sortkey: {}\n", ok.error().message);
    return 2;
  }
  auto r = read_multi_request_file(*w.request_file, op);
  if (!r) {
    fmt::print(stderr, "sortkey: {}\n", r.error().message);
    return 2;
  }
  if (auto ok = check_multi_text(*r); !ok) {
    fmt::print(stderr, "sortkey: cannot build the request: {}\n", printable(describe(ok.error())));
    return 1;
  }
  fmt::print("{}\n", multi_request_json(*r).dump(compact ? -1 : 2, ' ', false,
                                                 json::error_handler_t::replace));
  return 0;
}

// query build --operation UpdateItem|DeleteItem|PutItem.
int build_write(const CLI::App& sub, const WriteOptions& w, const QueryOptions& q,
                WriteOperation op, bool compact) {
  if (is_multi_item(op)) return build_multi(sub, w, op, compact);
  WriteRequest r;
  if (const int status = write_request_of(sub, w, q, op, &r); status != 0) return status;
  if (auto ok = check_write_text(r); !ok) {
    fmt::print(stderr, "sortkey: cannot build the request: {}\n", printable(describe(ok.error())));
    return 1;
  }
  fmt::print("{}\n", write_request_json(r).dump(compact ? -1 : 2, ' ', false,
                                                json::error_handler_t::replace));
  return 0;
}

// query run --operation UpdateItem|DeleteItem|PutItem.
int run_write_operation(const CLI::App& sub, const RunArgs& a, WriteOperation op) {
  if (a.save_items && a.items == "-") {
    fmt::print(stderr,
               "sortkey: --save-items writes the items back to --items FILE, which "
               "cannot be standard input\n");
    return 2;
  }
  if (a.items == "-" && a.write.request_file == "-") {
    fmt::print(stderr, "sortkey: standard input can hold the items or the request, not both\n");
    return 2;
  }
  const WriteRunOptions options{a.items, a.save_items, a.compact};
  if (is_multi_item(op)) {
    auto m = read_multi_request_file(*a.write.request_file, op);
    if (!m) {
      fmt::print(stderr, "sortkey: {}\n", m.error().message);
      return 2;
    }
    LoadedItems file;
    auto table = load_table(a, &file);
    if (!table) {
      fmt::print(stderr, "sortkey: {}\n", table.error().message);
      return 2;
    }
    return run_multi(*table, file, *m, options);
  }
  WriteRequest r;
  if (const int status = write_request_of(sub, a.write, a.request, op, &r); status != 0) {
    return status;
  }
  LoadedItems file;
  auto table = load_table(a, &file);
  if (!table) {
    fmt::print(stderr, "sortkey: {}\n", table.error().message);
    return 2;
  }
  return run_write(*table, file, r, options);
}

void add_build(CLI::App* query, Context& ctx) {
  CLI::App* b = query->add_subcommand(
      "build",
      "print a Query, UpdateItem, DeleteItem or PutItem request (KeyConditionExpression, "
      "UpdateExpression, ExpressionAttributeNames, ...), or a TransactWriteItems, "
      "TransactGetItems or BatchGetItem request read from --request FILE, as JSON");
  auto o = std::make_shared<QueryOptions>();
  auto compact = std::make_shared<bool>(false);
  auto w = std::make_shared<WriteOptions>();
  add_query_options(b, o.get());
  add_write_options(b, w.get());
  b->add_flag("--compact", *compact, "one line of JSON");
  b->callback([b, o, w, compact, &ctx] {
    const auto op = write_operation_of(*w);
    if (op) {
      if (const int status = build_write(*b, *w, *o, *op, *compact); status != 0) {
        ctx.exit_code = status;
      }
      return;
    }
    if (auto ok = check_write_options(*b, op); !ok) {
      fmt::print(stderr, "sortkey: {}\n", ok.error().message);
      ctx.exit_code = 2;
      return;
    }
    auto request = make_request(*o);
    if (!request) {
      ctx.exit_code = 1;
      fmt::print(stderr, "sortkey: cannot build the request: {}\n",
                 printable(describe(request.error())));
      return;
    }
    fmt::print("{}\n", request->parameters.dump(*compact ? -1 : 2, ' ', false,
                                                json::error_handler_t::replace));
  });
}

void add_run(CLI::App* query, Context& ctx) {
  CLI::App* r = query->add_subcommand(
      "run",
      "run a Query (print its pages), or an UpdateItem, DeleteItem, PutItem, "
      "TransactWriteItems, TransactGetItems or BatchGetItem (print DynamoDB's answer) on the "
      "in-memory table holding the items of a file");
  auto a = std::make_shared<RunArgs>();
  add_query_options(r, &a->request);
  add_write_options(r, &a->write);
  r->add_option("--items", a->items,
                "the items: a JSON array of DynamoDB JSON items, or one item per line (- reads "
                "standard input)")
      ->required()
      ->check(non_empty());
  r->add_option("--partition-key", a->partition_key, "the table's partition key: NAME[:S|N|B]")
      ->required()
      ->check(non_empty());
  r->add_option("--sort-key", a->sort_key, "the table's sort key: NAME[:S|N|B]")
      ->check(non_empty());
  r->add_option("--index", a->indexes,
                "a global secondary index: NAME=PK[:T][,PK2[:T]...][/SK[:T][,SK2[:T]...]] "
                "(projection ALL)")
      ->check(non_empty());
  r->add_flag("--no-paginate", a->no_paginate, "print the first page only");
  r->add_flag("--compact", a->compact, "one line of JSON per page (or answer)");
  r->add_flag("--save-items", a->save_items,
              "after a write, write the items file again with the table as it is now (in its "
              "form and order; whole or not at all)");
  r->footer(
      "A write prints DynamoDB's answer: {\"Attributes\": ...} (--return-values), or {}. A false "
      "condition prints the ConditionalCheckFailedException body (with the Item under "
      "--return-values-on-condition-check-failure ALL_OLD), a cancelled TransactWriteItems the "
      "TransactionCanceledException body with its CancellationReasons in order, a request "
      "DynamoDB refuses the ValidationException body; all exit 1 and leave the items file as it "
      "was. An items file, key schema or --request file that cannot be used, or a multi-item "
      "request naming a second table or one item twice: one line, exit 2.");
  r->callback([r, a, &ctx] {
    const auto op = write_operation_of(a->write);
    int status = 0;
    if (auto ok = check_write_options(*r, op); !ok) {
      fmt::print(stderr, "sortkey: {}\n", ok.error().message);
      status = 2;
    } else {
      status = op ? run_write_operation(*r, *a, *op) : run(*a);
    }
    if (status != 0) ctx.exit_code = status;
    flush_stdout();
  });
}

}  // namespace

void add_query_command(CLI::App& app, Context& ctx) {
  CLI::App* query =
      app.add_subcommand("query", "build DynamoDB Query and write requests, and run them on items");
  query->require_subcommand(1);
  add_build(query, ctx);
  add_run(query, ctx);
}

}  // namespace sortkey::cli
