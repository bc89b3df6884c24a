#include "tools/codecs/write_run.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string_view>
#include <utility>

#include "sortkey/update.h"
#include "support/files.h"
#include "tools/codec_commands.h"
#include "tools/codecs/write_options.h"

namespace sortkey::cli {
namespace {

using ordered = nlohmann::ordered_json;

// The __type of DynamoDB's error bodies, as DYN helpers.js asserts them.
constexpr std::string_view kValidationType = "com.amazon.coral.validate#ValidationException";
constexpr std::string_view kConditionType =
    "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException";

ReturnValues return_values_of(const std::optional<std::string>& text) {
  if (!text || *text == "NONE") return ReturnValues::kNone;
  if (*text == "ALL_OLD") return ReturnValues::kAllOld;
  if (*text == "UPDATED_OLD") return ReturnValues::kUpdatedOld;
  if (*text == "ALL_NEW") return ReturnValues::kAllNew;
  return ReturnValues::kUpdatedNew;  // check_write_request refused any other
}

ExpressionAttributes write_attributes_of(const WriteRequest& r) {
  ExpressionAttributes a;
  if (r.names) a.names = *r.names;
  if (r.values) a.values = *r.values;
  return a;
}

// The table key attributes `item` has.
Item table_key_of(const TableSchema& schema, const Item& item) {
  Item key;
  for (const KeyAttribute* k :
       {&schema.partition_key, schema.sort_key ? &*schema.sort_key : nullptr}) {
    if (k == nullptr) continue;
    if (auto at = item.find(k->name); at != item.end()) key.insert(*at);
  }
  return key;
}

Result<WriteOutcome> run_write_request(Table& table, const WriteRequest& r) {
  if (auto ok = check_write_request(r); !ok) return ok.error();
  switch (r.operation) {
    case WriteOperation::kUpdateItem: {
      UpdateItemRequest u;
      u.key = r.key;
      u.update_expression = r.update_expression;
      u.condition = r.condition;
      u.attributes = write_attributes_of(r);
      u.return_values = return_values_of(r.return_values);
      u.return_values_on_condition_check_failure =
          return_values_of(r.return_values_on_condition_check_failure);
      return update_item(table, u);
    }
    case WriteOperation::kDeleteItem: {
      DeleteItemRequest d;
      d.key = r.key;
      d.condition = r.condition;
      d.attributes = write_attributes_of(r);
      d.return_values = return_values_of(r.return_values);
      d.return_values_on_condition_check_failure =
          return_values_of(r.return_values_on_condition_check_failure);
      return delete_item(table, d);
    }
    case WriteOperation::kPutItem: {
      PutItemRequest p;
      p.item = r.item;
      p.condition = r.condition;
      p.attributes = write_attributes_of(r);
      p.return_values = return_values_of(r.return_values);
      p.return_values_on_condition_check_failure =
          return_values_of(r.return_values_on_condition_check_failure);
      return put_item(table, p);
    }
    default:
      break;
  }
  return Error{ErrorCode::kBadParameter, 0,
               fmt::format("{}: a multi-item request (tools/codecs/multi_run.h)",
                           write_operation_name(r.operation))};
}

// The file's text after the write: its keys in their order, the written
// keys last (in the order given) when they are new, each as the table holds
// it now.
Result<std::string> saved_items_text(const Table& table, const LoadedItems& file,
                                     const std::vector<Item>& written) {
  std::vector<Item> keys;
  std::set<std::string> seen;
  auto add = [&](const Item& item) {
    Item key = table_key_of(table.schema(), item);
    if (seen.insert(to_json(key)).second) keys.push_back(std::move(key));
  };
  for (const Item& item : file.items) add(item);
  for (const Item& item : written) add(item);
  std::string text = file.array ? "[\n" : "";
  bool first = true;
  for (const Item& key : keys) {
    auto held = table.get(key);
    if (!held) return held.error();
    if (!*held) continue;
    if (file.array && !first) text += ",\n";
    text += to_json(**held);
    if (!file.array) text += "\n";
    first = false;
  }
  if (file.array) text += "\n]\n";
  return text;
}

}  // namespace

void print_answer(const nlohmann::ordered_json& answer, bool compact) {
  fmt::print("{}\n",
             answer.dump(compact ? -1 : 4, ' ', false, nlohmann::json::error_handler_t::replace));
  flush_stdout();
}

int print_refused(const Error& error, bool compact) {
  print_answer({{"__type", kValidationType}, {"message", error.message}}, compact);
  fmt::print(stderr, "sortkey: the table refused the request: ValidationException: {}\n",
             printable(error.message));
  return 1;
}

int save_items(const Table& table, const LoadedItems& file, const std::vector<Item>& written,
               const WriteRunOptions& options) {
  if (!options.save_items) return 0;
  auto text = saved_items_text(table, file, written);
  if (!text) {
    fmt::print(stderr, "sortkey: {}\n", text.error().message);
    return 2;
  }
  if (auto ok = support::write_file_atomically(options.items_path, *text); !ok) {
    fmt::print(stderr, "sortkey: {}\n", ok.error().message);
    return 2;
  }
  return 0;
}

int run_write(Table& table, const LoadedItems& file, const WriteRequest& request,
              const WriteRunOptions& options) {
  auto outcome = run_write_request(table, request);
  if (!outcome) return print_refused(outcome.error(), options.compact);
  if (outcome->condition_failed) {
    // Reference §2 rule 1 [DYN helpers.js assertConditional; AWS DG Condition expressions].
    ordered answer = {{"__type", kConditionType}, {"message", "The conditional request failed"}};
    if (outcome->attributes) answer["Item"] = ordered::parse(to_json(*outcome->attributes));
    print_answer(answer, options.compact);
    fmt::print(stderr,
               "sortkey: ConditionalCheckFailedException: The conditional request failed; "
               "nothing was written\n");
    return 1;
  }
  const Item& written = request.operation == WriteOperation::kPutItem ? request.item : request.key;
  if (const int status = save_items(table, file, {written}, options); status != 0) return status;
  ordered answer = ordered::object();
  if (outcome->attributes) answer["Attributes"] = ordered::parse(to_json(*outcome->attributes));
  print_answer(answer, options.compact);
  return 0;
}

}  // namespace sortkey::cli
