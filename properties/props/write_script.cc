#include "properties/props/write_script.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>

#include "properties/props/query_conversions.h"
#include "properties/props/query_page_props.h"
#include "sortkey/table.h"

namespace sortkey::props {

using oracle::NaiveTable;
using oracle::NItem;
using oracle::NKey;
using Kind = WriteStep::Kind;
using Answer = StepAnswer::Kind;

std::ostream& operator<<(std::ostream& os, const WriteStep& s) {
  os << step_operation(s);
  switch (s.kind) {
    case Kind::kPutIfAbsent:
      return os << " if absent " << oracle::naive_show(s.item);
    case Kind::kUpdate:
      os << " " << oracle::naive_show(s.item) << " SET " << oracle::naive_show(s.set);
      for (const std::string& r : s.remove) os << " REMOVE " << r;
      return os;
    case Kind::kBatch:
      for (const NItem& p : s.puts) os << " put " << oracle::naive_show(p);
      for (const NItem& k : s.keys) os << " delete " << oracle::naive_show(k);
      return os;
    case Kind::kGet:
      return os << (s.consistent ? " consistent " : " ") << oracle::naive_show(s.item);
    default:
      return os << " " << oracle::naive_show(s.item);
  }
}

const char* step_operation(const WriteStep& step) {
  switch (step.kind) {
    case Kind::kPut:
    case Kind::kPutIfAbsent:
      return "PutItem";
    case Kind::kUpdate:
      return "UpdateItem";
    case Kind::kDelete:
      return "DeleteItem";
    case Kind::kBatch:
      return "BatchWriteItem";
    case Kind::kGet:
      return "GetItem";
  }
  return "?";
}

const char* answer_name(Answer kind) {
  switch (kind) {
    case Answer::kOk:
      return "ok";
    case Answer::kRefused:
      return "ValidationException";
    case Answer::kConditionFailed:
      return "ConditionalCheckFailedException";
  }
  return "?";
}

namespace {

std::vector<NKey> table_keys(const oracle::NSchema& s) {
  std::vector<NKey> keys = {s.pk};
  if (s.sk) keys.push_back(*s.sk);
  return keys;
}

NItem key_of(const oracle::NSchema& s, const NItem& item) {
  NItem key;
  for (const NKey& k : table_keys(s)) {
    if (const oracle::NValue* v = oracle::naive_get(item, k.name)) key.emplace_back(k.name, *v);
  }
  return key;
}

// A key DynamoDB reads or writes by: exactly the table key, each valid as
// a table key (index key limits do not apply to a key alone).
bool key_ok(const NaiveTable& model, const NItem& key) {
  oracle::NSchema table_only = model.schema();
  table_only.indexes.clear();
  return key.size() == table_keys(model.schema()).size() &&
         key_of(model.schema(), key).size() == key.size() && NaiveTable(table_only).can_put(key);
}

StepAnswer ok() { return {Answer::kOk, std::nullopt}; }
StepAnswer refused() { return {Answer::kRefused, std::nullopt}; }

StepAnswer expect_batch(NaiveTable& model, const WriteStep& step) {
  std::vector<NItem> keys;
  for (const NItem& p : step.puts) keys.push_back(key_of(model.schema(), p));
  for (const NItem& k : step.keys) keys.push_back(k);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (oracle::naive_items_equal(keys[i], keys[j])) return refused();
    }
  }
  const bool valid = keys.size() <= 25 &&
                     std::all_of(step.puts.begin(), step.puts.end(),
                                 [&](const NItem& p) { return model.can_put(p); }) &&
                     std::all_of(step.keys.begin(), step.keys.end(),
                                 [&](const NItem& k) { return key_ok(model, k); });
  if (!valid) return refused();
  for (const NItem& p : step.puts) model.put(p);
  for (const NItem& k : step.keys) model.erase(k);
  return ok();
}

}  // namespace

StepAnswer expect_step(NaiveTable& model, const WriteStep& step) {
  switch (step.kind) {
    case Kind::kPut:
      return model.put(step.item) ? ok() : refused();
    case Kind::kPutIfAbsent:
      if (!model.can_put(step.item)) return refused();
      if (model.get(key_of(model.schema(), step.item))) return {Answer::kConditionFailed, {}};
      model.put(step.item);
      return ok();
    case Kind::kUpdate:
      if (!key_ok(model, step.item)) return refused();
      return model.update(step.item, step.set, step.remove) ? ok() : refused();
    case Kind::kDelete:
      if (!key_ok(model, step.item)) return refused();
      model.erase(step.item);
      return ok();
    case Kind::kBatch:
      return expect_batch(model, step);
    case Kind::kGet:
      if (!key_ok(model, step.item)) return refused();
      return {Answer::kOk, model.get(step.item)};
  }
  return refused();
}

namespace {

// The engine's answer to a step; `read` receives GetItem's item.
Result<bool> run_step(Table& t, const oracle::NSchema& schema, const WriteStep& step,
                      std::optional<Item>* read) {
  auto item = to_engine_checked(step.item);
  if (!item) return item.error();
  switch (step.kind) {
    case Kind::kPut:
      if (auto done = t.put(std::move(*item)); !done) return done.error();
      return true;
    case Kind::kPutIfAbsent: {
      ExpressionAttributes attrs;
      attrs.names["#pk"] = schema.pk.name;
      return put_if(t, std::move(*item), "attribute_not_exists(#pk)", attrs);
    }
    case Kind::kUpdate: {
      ItemUpdate u;
      for (const auto& [name, v] : step.set) u.set.emplace_back(name, to_engine(v));
      u.remove = step.remove;
      if (auto done = t.update(*item, u); !done) return done.error();
      return true;
    }
    case Kind::kDelete:
      if (auto done = t.delete_item(*item); !done) return done.error();
      return true;
    case Kind::kBatch: {
      std::vector<Item> puts, keys;
      for (const NItem& p : step.puts) {
        auto e = to_engine_checked(p);
        if (!e) return e.error();
        puts.push_back(std::move(*e));
      }
      for (const NItem& k : step.keys) keys.push_back(to_engine(k));
      if (auto done = batch_write(t, std::move(puts), std::move(keys)); !done) return done.error();
      return true;
    }
    case Kind::kGet: {
      auto got = t.get(*item);
      if (!got) return got.error();
      *read = std::move(*got);
      return true;
    }
  }
  return true;
}

std::string show_answer(const StepAnswer& a) {
  if (a.kind == Answer::kOk && a.item)
    return fmt::format("{} {}", answer_name(a.kind), oracle::naive_show(*a.item));
  return answer_name(a.kind);
}

}  // namespace

Outcome check_write_script(const oracle::NSchema& schema, const std::vector<WriteStep>& steps) {
  auto table = Table::create(to_engine(schema));
  if (!table) return Outcome::fails("the schema is refused: " + describe(table.error()));
  NaiveTable model(schema);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const WriteStep& step = steps[i];
    const StepAnswer want = expect_step(model, step);
    std::optional<Item> read;
    auto got = run_step(*table, schema, step, &read);
    StepAnswer have{!got ? Answer::kRefused : (*got ? Answer::kOk : Answer::kConditionFailed),
                    std::nullopt};
    if (read) have.item = to_naive(*read);
    const bool same_item =
        !want.item ? !have.item : (have.item && oracle::naive_items_equal(*want.item, *have.item));
    if (have.kind != want.kind || !same_item) {
      return Outcome::fails(fmt::format(
          "step {} ({}): the engine answered {}{}, the oracle {}", i, fmt::streamed(step),
          show_answer(have), got ? std::string() : fmt::format(" ({})", describe(got.error())),
          show_answer(want)));
    }
  }
  if (Outcome o = check_counts(model, *table, "after the script"); !o.ok()) return o;
  ScanSpec whole;
  whole.consistent = true;
  if (Outcome o = check_scan(model, *table, whole); !o.ok()) return o;
  for (const oracle::NIndex& index : schema.indexes) {
    ScanSpec s;
    s.index = index.name;
    if (Outcome o = check_scan(model, *table, s); !o.ok()) return o;
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
