#include "tools/codecs/write_options.h"

#include <fmt/format.h>

#include <array>
#include <string_view>
#include <utility>

#include "sortkey/items_file.h"
#include "sortkey/update.h"
#include "support/json_input.h"
#include "tools/option_checks.h"

namespace sortkey::cli {
namespace {

// The options only a Query takes (`query run`'s --no-paginate included).
constexpr std::array<std::string_view, 18> kQueryOnly = {"--index-name",
                                                         "--key-condition-expression",
                                                         "--filter-expression",
                                                         "--projection-expression",
                                                         "--exclusive-start-key",
                                                         "--scan-index-forward",
                                                         "--consistent-read",
                                                         "--limit",
                                                         "--select",
                                                         "--partition",
                                                         "--sort-equal",
                                                         "--sort",
                                                         "--eq",
                                                         "--lt",
                                                         "--le",
                                                         "--gt",
                                                         "--ge",
                                                         "--between"};

// The options of a write request, which --request gives whole.
constexpr std::array<std::string_view, 9> kRequestParts = {
    "--table-name",
    "--key",
    "--item",
    "--update-expression",
    "--condition-expression",
    "--expression-attribute-names",
    "--expression-attribute-values",
    "--return-values",
    "--return-values-on-condition-check-failure"};

bool option_given(const CLI::App& sub, std::string_view name) {
  const CLI::Option* o = sub.get_option_no_throw(std::string(name));
  return o != nullptr && o->count() > 0;
}

Error write_usage(std::string message) {
  return Error{ErrorCode::kBadParameter, 0, std::move(message)};
}

// The write option that `op` does not take, or "".
std::string_view foreign_write_option(const CLI::App& sub, WriteOperation op) {
  if (op != WriteOperation::kPutItem && option_given(sub, "--item")) return "--item";
  if (op == WriteOperation::kPutItem && option_given(sub, "--key")) return "--key";
  if (op != WriteOperation::kUpdateItem && option_given(sub, "--update-expression")) {
    return "--update-expression";
  }
  return {};
}

// --expression-attribute-names: {"#n": "name", ...}, read as the request file reads it.
Result<std::map<std::string, std::string, std::less<>>> write_names_of(const std::string& text) {
  if (auto ok = check_json_within(text, "--expression-attribute-names"); !ok) return ok.error();
  const nlohmann::json j = nlohmann::json::parse(text);
  if (!j.is_object()) return write_usage("--expression-attribute-names: expected a JSON object");
  std::map<std::string, std::string, std::less<>> names;
  for (const auto& [k, v] : j.items()) {
    if (!v.is_string()) {
      return write_usage(fmt::format("--expression-attribute-names: the name of {} is not a string",
                                     printable(k)));
    }
    names.emplace(k, v.get<std::string>());
  }
  return names;
}

}  // namespace

void add_write_options(CLI::App* sub, WriteOptions* o) {
  sub->add_option("--operation", o->operation,
                  "the DynamoDB operation: Query (the default), UpdateItem, DeleteItem, PutItem, "
                  "or TransactWriteItems, TransactGetItems, BatchGetItem (from --request FILE)")
      ->check(one_of({"Query", "UpdateItem", "DeleteItem", "PutItem", "TransactWriteItems",
                      "TransactGetItems", "BatchGetItem"}));
  sub->add_option(
         "--request", o->request_file,
         "a write request as DynamoDB takes it, from a JSON file (- reads standard input): "
         "Key, UpdateExpression, ConditionExpression, ExpressionAttributeValues, ...")
      ->check(non_empty());
  sub->add_option("--key", o->key_json,
                  "Key as DynamoDB JSON (UpdateItem, DeleteItem): {\"PK\": {\"S\": \"x\"}}");
  sub->add_option("--item", o->item_json, "Item as DynamoDB JSON (PutItem)");
  sub->add_option("--update-expression", o->update_expression,
                  "UpdateExpression: SET, REMOVE, ADD and DELETE clauses (UpdateItem)");
  sub->add_option("--condition-expression", o->condition,
                  "ConditionExpression: the write happens only when it holds");
  sub->add_option("--return-values", o->return_values,
                  "ReturnValues: the item's attributes in the answer (PutItem and DeleteItem: NONE "
                  "or ALL_OLD)")
      ->check(one_of({"NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"}));
  sub->add_option("--return-values-on-condition-check-failure", o->on_failure,
                  "ReturnValuesOnConditionCheckFailure: ALL_OLD puts the item in the answer to a "
                  "false condition")
      ->check(one_of({"NONE", "ALL_OLD"}));
}

std::optional<WriteOperation> write_operation_of(const WriteOptions& o) {
  if (o.operation == "UpdateItem") return WriteOperation::kUpdateItem;
  if (o.operation == "DeleteItem") return WriteOperation::kDeleteItem;
  if (o.operation == "PutItem") return WriteOperation::kPutItem;
  if (o.operation == "TransactWriteItems") return WriteOperation::kTransactWriteItems;
  if (o.operation == "TransactGetItems") return WriteOperation::kTransactGetItems;
  if (o.operation == "BatchGetItem") return WriteOperation::kBatchGetItem;
  return std::nullopt;
}

Result<void> check_write_options(const CLI::App& sub, std::optional<WriteOperation> op) {
  if (!op) {
    for (std::string_view name :
         {"--request", "--key", "--item", "--update-expression", "--condition-expression",
          "--return-values", "--return-values-on-condition-check-failure", "--save-items"}) {
      if (option_given(sub, name)) {
        return write_usage(fmt::format(
            "{} is an option of a write: give --operation UpdateItem, DeleteItem or PutItem",
            name));
      }
    }
    return {};
  }
  const std::string_view op_name = write_operation_name(*op);
  for (std::string_view name : kQueryOnly) {
    if (option_given(sub, name))
      return write_usage(fmt::format("{} is an option of Query, not of {}", name, op_name));
  }
  if (option_given(sub, "--no-paginate")) {
    return write_usage(fmt::format("--no-paginate is an option of Query, not of {}", op_name));
  }
  if (is_multi_item(*op) && !option_given(sub, "--request")) {
    return write_usage(fmt::format("{} is read from --request FILE only", op_name));
  }
  if (*op != WriteOperation::kTransactWriteItems && is_multi_item(*op) &&
      option_given(sub, "--save-items")) {
    return write_usage(
        fmt::format("--save-items writes the items after a write; {} writes nothing", op_name));
  }
  if (option_given(sub, "--request")) {
    for (std::string_view name : kRequestParts) {
      if (option_given(sub, name)) {
        return write_usage(
            fmt::format("give the request with --request or with its options, not "
                        "both: --request and {}",
                        name));
      }
    }
    return {};
  }
  if (const std::string_view foreign = foreign_write_option(sub, *op); !foreign.empty()) {
    return write_usage(fmt::format("{} is not an option of {}", foreign, op_name));
  }
  if (*op == WriteOperation::kPutItem && !option_given(sub, "--item")) {
    return write_usage("PutItem needs --item (or --request FILE)");
  }
  if (*op != WriteOperation::kPutItem && !option_given(sub, "--key")) {
    return write_usage(fmt::format("{} needs --key (or --request FILE)", op_name));
  }
  return {};
}

Result<WriteRequest> write_request_from_options(const WriteOptions& w, const QueryOptions& q,
                                                WriteOperation op) {
  WriteRequest r;
  r.operation = op;
  if (!q.table_name.empty()) r.table_name = q.table_name;
  if (w.key_json) {
    auto key = parse_item_within(*w.key_json, "--key");
    if (!key) return key.error();
    r.key = std::move(*key);
  }
  if (w.item_json) {
    auto item = parse_item_within(*w.item_json, "--item");
    if (!item) return item.error();
    r.item = std::move(*item);
  }
  r.update_expression = w.update_expression;
  r.condition = w.condition;
  r.return_values = w.return_values;
  r.return_values_on_condition_check_failure = w.on_failure;
  if (q.names_json) {
    auto names = write_names_of(*q.names_json);
    if (!names) return names.error();
    r.names = std::move(*names);
  }
  if (q.values_json) {
    auto values = parse_item_within(*q.values_json, "--expression-attribute-values");
    if (!values) return values.error();
    r.values = std::move(*values);
  }
  return r;
}

Result<WriteRequest> read_request_file(const std::string& path, WriteOperation op) {
  const std::string name = path == "-" ? "standard input" : path;
  auto text = path == "-" ? support::read_stdin_within(kMaxRequestFileBytes)
                          : support::read_file_within(path, kMaxRequestFileBytes);
  if (!text) {
    return Error{ErrorCode::kUnavailable, 0, fmt::format("cannot read {}", text.error().message)};
  }
  auto r = parse_write_request(*text, op);
  if (!r) return Error{r.error().code, 0, fmt::format("{}: {}", name, r.error().message)};
  return r;
}

Result<MultiRequest> read_multi_request_file(const std::string& path, WriteOperation op) {
  const std::string name = path == "-" ? "standard input" : path;
  auto text = path == "-" ? support::read_stdin_within(kMaxRequestFileBytes)
                          : support::read_file_within(path, kMaxRequestFileBytes);
  if (!text) {
    return Error{ErrorCode::kUnavailable, 0, fmt::format("cannot read {}", text.error().message)};
  }
  auto r = parse_multi_request(*text, op);
  if (!r) return Error{r.error().code, 0, fmt::format("{}: {}", name, r.error().message)};
  return r;
}

Result<void> check_multi_text(const MultiRequest& r) {
  static constexpr std::string_view kKinds[] = {"Put", "Update", "Delete", "ConditionCheck"};
  for (std::size_t i = 0; i < r.writes.size(); ++i) {
    if (auto ok = check_write_text(r.writes[i].request); !ok) {
      return Error{ok.error().code, ok.error().offset,
                   fmt::format("TransactItems[{}].{}: {}", i,
                               kKinds[static_cast<int>(r.writes[i].kind)], ok.error().message)};
    }
  }
  return {};
}

Result<void> check_write_text(const WriteRequest& r) {
  if (auto ok = check_write_request(r); !ok) return ok.error();
  ExpressionAttributes a;
  if (r.names) a.names = *r.names;
  if (r.values) a.values = *r.values;
  ExpressionUses uses;
  if (r.update_expression) {
    if (auto u = parse_update(*r.update_expression, a, &uses); !u) return u.error();
  }
  if (r.condition) {
    if (auto c = parse_condition(*r.condition, ExpressionKind::kCondition, a, &uses); !c) {
      return c.error();
    }
  }
  return check_all_used(a, uses);
}

}  // namespace sortkey::cli
