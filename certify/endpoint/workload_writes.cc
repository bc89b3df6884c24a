// The workload's write scripts and invalid requests (workload.h).

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "certify/endpoint/unknown_outcome.h"
#include "certify/endpoint/workload.h"
#include "certify/endpoint/workload_internal.h"

namespace sortkey::certify::endpoint {

using oracle::NItem;
using oracle::NKey;
using oracle::NSchema;
using props::StepAnswer;
using props::WriteStep;
using workload_internal::actual_json;
using workload_internal::items_json;
using workload_internal::recorded_request;
using workload_internal::step_kind;

// ---------------------------------------------------------------- invalid requests

std::optional<Divergence> Workload::invalid_divergence(const std::string& table,
                                                       const oracle::NaiveTable& model,
                                                       const props::PlantedRequest& planted) {
  const nlohmann::json params = query_request_json(table, planted.request);
  const Answer a = send("Query", params);
  if (a.error && a.error->type == "ValidationException") return std::nullopt;
  Divergence d;
  d.kind = !a.no_answer.empty() ? failure_kind(a) : (a.error ? "error_type" : "accepted");
  d.detail = !a.no_answer.empty() ? fmt::format("a Query DynamoDB refuses ({}) got {}",
                                                planted.fault, failure_text(a))
             : a.error ? fmt::format("a Query DynamoDB refuses ({}) was refused with {}: {}",
                                     planted.fault, a.error->type, a.error->message)
                       : fmt::format("a Query DynamoDB refuses ({}: \"{}\") was accepted",
                                     planted.fault, planted.want);
  d.reproduction = {{"table", schema_to_json(model.schema())},
                    {"items", items_json(model.items())},
                    {"request", recorded_request("Query", params)},
                    {"expected", {{"error", "ValidationException"}}},
                    {"actual", actual_json(a)}};
  return d;
}

void Workload::check_invalid(const std::string& table, const oracle::NaiveTable& model,
                             const props::PlantedRequest& planted, const Observe& observe) {
  if (std::optional<Divergence> d = invalid_divergence(table, model, planted)) {
    CheckContext context{table, &model};
    context.invalid = &planted;
    observe(*d, context);
  }
}

// ---------------------------------------------------------------- write scripts

namespace {

// The request of a step other than a plain PutItem.
nlohmann::json step_params(const std::string& table, const NSchema& schema, const WriteStep& step) {
  nlohmann::json j = {{"TableName", table}};
  switch (step.kind) {
    case WriteStep::Kind::kPut:
      j["Item"] = naive_to_json(step.item);
      break;
    case WriteStep::Kind::kPutIfAbsent:
      j["Item"] = naive_to_json(step.item);
      j["ConditionExpression"] = "attribute_not_exists(#pk)";
      j["ExpressionAttributeNames"] = {{"#pk", schema.pk.name}};
      break;
    case WriteStep::Kind::kUpdate: {
      j["Key"] = naive_to_json(step.item);
      nlohmann::json names = nlohmann::json::object();
      nlohmann::json values = nlohmann::json::object();
      std::string set, remove;
      for (std::size_t i = 0; i < step.set.size(); ++i) {
        names[fmt::format("#u{}", i)] = step.set[i].first;
        values[fmt::format(":u{}", i)] = naive_to_json(step.set[i].second);
        set += fmt::format("{}#u{} = :u{}", set.empty() ? "SET " : ", ", i, i);
      }
      for (std::size_t i = 0; i < step.remove.size(); ++i) {
        names[fmt::format("#r{}", i)] = step.remove[i];
        remove += fmt::format("{}#r{}", remove.empty() ? "REMOVE " : ", ", i);
      }
      j["UpdateExpression"] = set + (set.empty() || remove.empty() ? "" : " ") + remove;
      j["ExpressionAttributeNames"] = names;
      if (!values.empty()) j["ExpressionAttributeValues"] = values;
      break;
    }
    case WriteStep::Kind::kDelete:
      j["Key"] = naive_to_json(step.item);
      break;
    case WriteStep::Kind::kBatch: {
      nlohmann::json requests = nlohmann::json::array();
      for (const NItem& p : step.puts)
        requests.push_back({{"PutRequest", {{"Item", naive_to_json(p)}}}});
      for (const NItem& k : step.keys)
        requests.push_back({{"DeleteRequest", {{"Key", naive_to_json(k)}}}});
      j = {{"RequestItems", {{table, requests}}}};
      break;
    }
    case WriteStep::Kind::kGet:
      j["Key"] = naive_to_json(step.item);
      if (step.consistent) j["ConsistentRead"] = true;
      break;
  }
  return j;
}

nlohmann::json answer_json(const StepAnswer& a, bool get) {
  if (a.kind != StepAnswer::Kind::kOk) return {{"error", props::answer_name(a.kind)}};
  if (!get) return {{"ok", true}};
  return {{"Item", a.item ? naive_to_json(*a.item) : nlohmann::json(nullptr)}};
}

}  // namespace

// The kind of a step's divergence, or "" when the answers agree.
std::string workload_internal::step_kind(const StepAnswer& want, const Workload::Answer& got,
                                         bool get, std::string* detail) {
  const std::string type = got.error ? got.error->type : "";
  if (!got.no_answer.empty()) {
    *detail = "got " + failure_text(got);
    return failure_kind(got);
  }
  if (want.kind == StepAnswer::Kind::kOk && got.error) {
    *detail = fmt::format("refused: {}: {}", type, got.error->message);
    return "rejected";
  }
  if (want.kind != StepAnswer::Kind::kOk && !got.error) {
    *detail = fmt::format("taken, though DynamoDB answers {}", props::answer_name(want.kind));
    return "accepted";
  }
  if (want.kind != StepAnswer::Kind::kOk && type != props::answer_name(want.kind)) {
    *detail = fmt::format("answered {}: {}, though DynamoDB answers {}", type, got.error->message,
                          props::answer_name(want.kind));
    return "error_type";
  }
  if (!get || want.kind != StepAnswer::Kind::kOk) return "";
  const nlohmann::json item = got.body.value("Item", nlohmann::json(nullptr));
  auto read = item.is_object() ? dynamodb::item_from_json(item) : Result<Item>(Item{});
  if (!read) {
    *detail = "the item read is not DynamoDB JSON: " + describe(read.error());
    return "malformed";
  }
  const bool present = item.is_object();
  const bool same = want.item
                        ? present && oracle::naive_items_equal(*want.item, props::to_naive(*read))
                        : !present;
  // The text of Numbers last, so that it hides no other divergence.
  if (same) {
    if (auto bad = non_canonical_numbers(item); !bad.empty()) {
      *detail = "Numbers not in DynamoDB's canonical text: " + bad.front();
      return "number_text";
    }
    return "";
  }
  *detail = fmt::format("read {}, the oracle holds {}",
                        present ? oracle::naive_show(props::to_naive(*read)) : "no item",
                        want.item ? oracle::naive_show(*want.item) : "none");
  return "items";
}

namespace {

std::string show(const std::optional<NItem>& item) {
  return item ? oracle::naive_show(*item) : "no item";
}

}  // namespace

std::optional<Settled> Workload::settle_unknown(const std::string& table,
                                                const oracle::NaiveTable& model,
                                                const Unsure& write, const StepAnswer& want,
                                                const std::optional<NItem>& held,
                                                const nlohmann::json& params,
                                                std::optional<Divergence>* d) {
  const NItem& key = write.key;
  const nlohmann::json get = {
      {"TableName", table}, {"Key", naive_to_json(key)}, {"ConsistentRead", true}};
  const Answer read = send("GetItem", get);
  const nlohmann::json request = recorded_request(write.operation, params);
  const nlohmann::json item = read.body.value("Item", nlohmann::json(nullptr));
  auto stored = item.is_object() ? dynamodb::item_from_json(item) : Result<Item>(Item{});
  if (read.error || !stored) {
    unknown_outcomes_.push_back({{"request", request}, {"settled", "unread"}});
    // A key DynamoDB refuses to read (over its size limit, of the wrong
    // type) is refused in any write too, whatever the first attempt did:
    // the answer is judged.
    const bool invalid = read.error && read.no_answer.empty() &&
                         want.kind == StepAnswer::Kind::kRefused &&
                         read.error->type == "ValidationException";
    if (invalid) return Settled::kUnchanged;
    // Nothing to settle by: the read-back is the divergence.
    Divergence& u = d->emplace();
    u.kind = !read.no_answer.empty() ? failure_kind(read) : read.error ? "rejected" : "malformed";
    u.detail = fmt::format(
        "the consistent GetItem reading back {} (its outcome unknown) failed: {}", write.shown,
        !read.no_answer.empty() ? failure_text(read)
        : read.error            ? read.error->message
                                : describe(stored.error()));
    u.reproduction = {{"table", schema_to_json(model.schema())},
                      {"request", recorded_request("GetItem", get)},
                      {"expected", {{"Item", held ? naive_to_json(*held) : nullptr}}},
                      {"actual", actual_json(read)}};
    return std::nullopt;
  }
  const std::optional<NItem> found =
      item.is_object() ? std::optional<NItem>(props::to_naive(*stored)) : std::nullopt;
  const std::optional<NItem> applied = model.get(key);
  const Settled s = settle(found, applied, held, write.twice);
  unknown_outcomes_.push_back(settled_json(request, s, found, applied, held));
  // Applied twice, by the first attempt and the retry: as a correct
  // endpoint leaves a retried write that is not idempotent (the caller
  // holds the item so applied from then on).
  if (s != Settled::kNeither) return s;
  Divergence& u = d->emplace();
  const bool refused = want.kind != StepAnswer::Kind::kOk;
  u.kind = refused ? "accepted" : "items";
  u.detail = fmt::format(
      "{} {}: the table holds {}, which is neither the item with the write applied ({}) nor "
      "without it ({}) (the first attempt's connection broke after the request was sent, or it got "
      "a server error; the "
      "answer, from a retry, is not judged)",
      write.shown,
      refused ? fmt::format("taken, though DynamoDB answers {}", props::answer_name(want.kind))
              : std::string("had an unknown outcome"),
      show(found), show(applied), show(held));
  u.reproduction = {{"table", schema_to_json(model.schema())},
                    {"request", request},
                    {"expected", answer_json(want, false)},
                    {"actual", {{"stored", item}}}};
  return s;
}

std::optional<Divergence> Workload::step_divergence(const std::string& table,
                                                    oracle::NaiveTable& model,
                                                    const WriteStep& step) {
  const nlohmann::json before = items_json(model.items());
  const std::optional<NItem> held =
      step.kind == WriteStep::Kind::kBatch
          ? std::nullopt
          : model.get(oracle::naive_table_key(model.schema(), step.item));
  const StepAnswer want = props::expect_step(model, step);
  const nlohmann::json params = step_params(table, model.schema(), step);
  const bool get = step.kind == WriteStep::Kind::kGet;
  Answer a = send(props::step_operation(step), params);
  // Items a batch left unprocessed are sent again.
  for (int attempt = 0; step.kind == WriteStep::Kind::kBatch && !a.error && attempt < 20;
       ++attempt) {
    const auto unprocessed = a.body.value("UnprocessedItems", nlohmann::json::object());
    if (unprocessed.empty() || !unprocessed.contains(table) || unprocessed[table].empty()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10 << std::min(attempt, 6)));
    a = send("BatchWriteItem", {{"RequestItems", unprocessed}});
  }
  if (a.outcome_unknown && !repeat_safe(props::step_operation(step), params)) {
    std::optional<Divergence> unsure;
    const std::optional<Settled> s = settle_unknown(
        table, model,
        {oracle::naive_table_key(model.schema(), step.item), props::step_operation(step),
         fmt::format("{}", fmt::streamed(step)), std::nullopt},
        want, held, params, &unsure);
    if (unsure) {
      unsure->reproduction["items"] = before;
      return unsure;
    }
    if (*s == Settled::kApplied || *s == Settled::kAppliedTwice) return std::nullopt;
  }
  std::string detail;
  const std::string kind = step_kind(want, a, get, &detail);
  if (kind.empty()) return std::nullopt;
  Divergence d;
  d.kind = kind;
  d.detail = fmt::format("{} {}", fmt::streamed(step), detail);
  d.reproduction = {{"table", schema_to_json(model.schema())},
                    {"items", before},
                    {"request", recorded_request(props::step_operation(step), params)},
                    {"expected", kind == "number_text" ? canonical_numbers(answer_json(want, get))
                                                       : answer_json(want, get)},
                    {"actual", actual_json(a)}};
  return d;
}

bool Workload::check_script(const std::string& table, oracle::NaiveTable& model,
                            const std::vector<WriteStep>& steps, const Observe& observe) {
  const NSchema schema = model.schema();
  if (!clear(table, schema, observe)) return false;
  for (const WriteStep& step : steps) {
    if (step.kind == WriteStep::Kind::kPut) {
      check_write(table, model, step.item, observe);
      continue;
    }
    oracle::NaiveTable before = model;
    std::optional<Divergence> d = step_divergence(table, model, step);
    if (!d) continue;
    CheckContext context{table, &before};
    context.step = &step;
    observe(*d, context);
    if (step.kind == WriteStep::Kind::kGet) continue;
    // The keys the write touched are written back as the oracle holds them.
    std::vector<NItem> keys = {oracle::naive_table_key(schema, step.item)};
    for (const NItem& p : step.puts) keys.push_back(oracle::naive_table_key(schema, p));
    for (const NItem& k : step.keys) keys.push_back(k);
    for (const NItem& key : keys) {
      if (key.empty()) continue;  // a batch's own key is empty
      const std::optional<NItem> held = model.get(key);
      const Answer fix =
          held ? send("PutItem", {{"TableName", table}, {"Item", naive_to_json(*held)}})
               : send("DeleteItem", {{"TableName", table}, {"Key", naive_to_json(key)}});
      if (!fix.error) continue;
      if (!held) return false;
      model.erase(key);  // the endpoint refuses the oracle's item: take it out of both
      if (send("DeleteItem", {{"TableName", table}, {"Key", naive_to_json(key)}}).error)
        return false;
    }
  }
  props::ScanSpec whole;
  whole.consistent = true;
  check_scan(table, model, whole, observe);
  for (const oracle::NIndex& index : schema.indexes) {
    props::ScanSpec s;
    s.index = index.name;
    check_scan(table, model, s, observe);
  }
  return true;
}

}  // namespace sortkey::certify::endpoint
