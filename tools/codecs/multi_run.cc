#include "tools/codecs/multi_run.h"

#include <fmt/format.h>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sortkey/transaction.h"

namespace sortkey::cli {
namespace {

using ordered = nlohmann::ordered_json;

constexpr std::string_view kCanceledType =
    "com.amazonaws.dynamodb.v20120810#TransactionCanceledException";

// The table key of `item` as one text (Numbers normalized), or nullopt
// when it lacks a key attribute: the model refuses that key itself.
std::optional<std::string> multi_identity(const TableSchema& schema, const Item& item) {
  Item key;
  for (const KeyAttribute* k :
       {&schema.partition_key, schema.sort_key ? &*schema.sort_key : nullptr}) {
    if (k == nullptr) continue;
    auto at = item.find(k->name);
    if (at == item.end()) return std::nullopt;
    key.insert(*at);
  }
  return to_json(key);
}

// One table name and one item per place of the request, in request order.
struct Target {
  std::string place;  // TransactItems[2].Put, RequestItems.T.Keys[0]
  const std::optional<std::string>* table;
  const Item* item;
};

std::vector<Target> targets_of(const MultiRequest& r,
                               std::vector<std::optional<std::string>>& names) {
  static constexpr std::string_view kKinds[] = {"Put", "Update", "Delete", "ConditionCheck"};
  std::vector<Target> out;
  names.reserve(r.tables.size());
  for (const BatchGetEntry& t : r.tables) names.emplace_back(t.table_name);
  for (std::size_t i = 0; i < r.writes.size(); ++i) {
    const TransactWriteEntry& w = r.writes[i];
    out.push_back({fmt::format("TransactItems[{}].{}", i, kKinds[static_cast<int>(w.kind)]),
                   &w.request.table_name,
                   w.kind == TransactWriteAction::Kind::kPut ? &w.request.item : &w.request.key});
  }
  for (std::size_t i = 0; i < r.gets.size(); ++i) {
    out.push_back({fmt::format("TransactItems[{}].Get", i), &r.gets[i].table_name, &r.gets[i].key});
  }
  for (std::size_t t = 0; t < r.tables.size(); ++t) {
    for (std::size_t i = 0; i < r.tables[t].keys.size(); ++i) {
      out.push_back({fmt::format("RequestItems.{}.Keys[{}]", printable(r.tables[t].table_name), i),
                     &names[t], &r.tables[t].keys[i]});
    }
  }
  return out;
}

// The one table's name, or the line that refuses the request: a second
// table, or an item named twice.
Result<std::string> check_targets(const TableSchema& schema, const MultiRequest& r) {
  std::vector<std::optional<std::string>> names;
  const std::vector<Target> targets = targets_of(r, names);
  std::optional<std::string> table;
  std::string named_at;
  std::map<std::string, std::string> seen;  // identity -> place
  for (const Target& t : targets) {
    if (*t.table) {
      if (!table) {
        table = **t.table;
        named_at = t.place;
      } else if (**t.table != *table) {
        return Error{ErrorCode::kBadParameter, 0,
                     fmt::format("{}: table {}, but the items file is the table {} ({}); query run "
                                 "runs a request on one table",
                                 t.place, printable(**t.table), printable(*table), named_at)};
      }
    }
    const std::optional<std::string> identity = multi_identity(schema, *t.item);
    if (!identity) continue;
    const auto [at, fresh] = seen.emplace(*identity, t.place);
    if (!fresh) {
      return Error{
          ErrorCode::kBadParameter, 0,
          fmt::format("{}: the same item as {}; DynamoDB refuses the request ({})", t.place,
                      at->second,
                      r.operation == WriteOperation::kBatchGetItem
                          ? "Provided list of item keys contains duplicates"
                          : "Transaction request cannot include multiple operations on one item")};
    }
  }
  return table.value_or("");
}

ExpressionAttributes multi_attributes(const std::optional<AttributeNames>& names,
                                      const std::optional<Item>& values) {
  ExpressionAttributes a;
  if (names) a.names = *names;
  if (values) a.values = *values;
  return a;
}

ordered as_json(const Item& item) { return ordered::parse(to_json(item)); }

int run_transact_write(Table& table, const std::string& name, const LoadedItems& file,
                       const MultiRequest& r, const WriteRunOptions& options) {
  std::vector<TransactWriteAction> actions;
  std::vector<Item> written;
  for (const TransactWriteEntry& e : r.writes) {
    // The request-level checks of the single-item request (enums, names or
    // values without an expression), which DynamoDB makes per action too.
    if (auto ok = check_write_request(e.request); !ok) {
      return print_refused(ok.error(), options.compact);
    }
    TransactWriteAction a;
    a.kind = e.kind;
    a.table = name;
    a.item = e.kind == TransactWriteAction::Kind::kPut ? e.request.item : e.request.key;
    a.update_expression = e.request.update_expression;
    a.condition = e.request.condition;
    a.attributes = multi_attributes(e.request.names, e.request.values);
    a.return_values_on_condition_check_failure =
        e.request.return_values_on_condition_check_failure == "ALL_OLD" ? ReturnValues::kAllOld
                                                                        : ReturnValues::kNone;
    if (e.kind != TransactWriteAction::Kind::kConditionCheck) written.push_back(a.item);
    actions.push_back(std::move(a));
  }
  auto outcome = transact_write({{name, &table}}, actions);
  if (!outcome) return print_refused(outcome.error(), options.compact);
  if (outcome->cancelled) {
    ordered reasons = ordered::array();
    std::string codes;
    for (const CancellationReason& reason : outcome->reasons) {
      ordered j = {{"Code", cancellation_code_name(reason.code)}};
      if (!reason.message.empty()) j["Message"] = reason.message;
      if (reason.item) j["Item"] = as_json(*reason.item);
      reasons.push_back(std::move(j));
      codes += fmt::format("{}{}", codes.empty() ? "" : ", ", cancellation_code_name(reason.code));
    }
    const std::string message = fmt::format(
        "Transaction cancelled, please refer cancellation reasons for specific reasons [{}]",
        codes);
    print_answer({{"__type", kCanceledType},
                  {"message", message},
                  {"CancellationReasons", std::move(reasons)}},
                 options.compact);
    fmt::print(stderr, "sortkey: TransactionCanceledException: [{}]; nothing was written\n", codes);
    return 1;
  }
  if (const int status = save_items(table, file, written, options); status != 0) return status;
  print_answer(ordered::object(), options.compact);
  return 0;
}

int run_transact_get(Table& table, const std::string& name, const MultiRequest& r, bool compact) {
  std::vector<TransactGetAction> gets;
  for (const TransactGetEntry& e : r.gets) {
    gets.push_back({name, e.key, e.projection, multi_attributes(e.names, std::nullopt)});
  }
  auto got = transact_get({{name, &table}}, gets);
  if (!got) return print_refused(got.error(), compact);
  ordered responses = ordered::array();
  for (const std::optional<Item>& item : *got) {
    responses.push_back(item ? ordered{{"Item", as_json(*item)}} : ordered::object());
  }
  print_answer({{"Responses", std::move(responses)}}, compact);
  return 0;
}

int run_batch_get(Table& table, const std::string& name, const MultiRequest& r, bool compact) {
  BatchGetRequest request;
  for (const BatchGetEntry& e : r.tables) {
    request[name] = {e.keys, e.projection, multi_attributes(e.names, std::nullopt),
                     e.consistent_read.value_or(false)};
  }
  auto got = batch_get({{name, &table}}, request);
  if (!got) return print_refused(got.error(), compact);
  ordered responses = ordered::object();
  for (const auto& [table_name, items] : *got) {
    ordered list = ordered::array();
    for (const Item& item : items) list.push_back(as_json(item));
    responses[table_name] = std::move(list);
  }
  print_answer({{"Responses", std::move(responses)}, {"UnprocessedKeys", ordered::object()}},
               compact);
  return 0;
}

}  // namespace

int run_multi(Table& table, const LoadedItems& file, const MultiRequest& request,
              const WriteRunOptions& options) {
  auto name = check_targets(table.schema(), request);
  if (!name) {
    fmt::print(stderr, "sortkey: {}\n", name.error().message);
    return 2;
  }
  // A request naming no table: the model needs a name, never shown.
  const std::string table_name = name->empty() ? "items" : *name;
  switch (request.operation) {
    case WriteOperation::kTransactWriteItems:
      return run_transact_write(table, table_name, file, request, options);
    case WriteOperation::kTransactGetItems:
      return run_transact_get(table, table_name, request, options.compact);
    default:
      break;
  }
  return run_batch_get(table, table_name, request, options.compact);
}

}  // namespace sortkey::cli
