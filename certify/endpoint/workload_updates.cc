// The workload's writes with expressions (workload.h, expression_write.h):
// UpdateItem, conditional PutItem and DeleteItem, each answer, the
// attributes returned and the item read back held to the oracle's.

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <set>
#include <string>

#include "certify/endpoint/unknown_outcome.h"
#include "certify/endpoint/workload.h"
#include "certify/endpoint/workload_internal.h"
#include "oracles/naive_unsettled.h"
#include "properties/props/query_conversions.h"

namespace sortkey::certify::endpoint {

using oracle::NItem;
using oracle::NSchema;
using oracle::NWriteAnswer;
using props::StepAnswer;
using workload_internal::actual_json;
using workload_internal::items_json;
using workload_internal::recorded_request;
using workload_internal::step_kind;

namespace {

StepAnswer step_answer(const NWriteAnswer& want) {
  StepAnswer a;
  a.kind = want.verdict == NWriteAnswer::Verdict::kOk        ? StepAnswer::Kind::kOk
           : want.verdict == NWriteAnswer::Verdict::kRefused ? StepAnswer::Kind::kRefused
                                                             : StepAnswer::Kind::kConditionFailed;
  return a;
}

nlohmann::json item_or_null(const std::optional<NItem>& item) {
  return item ? naive_to_json(*item) : nlohmann::json(nullptr);
}

// The expected answer in a reproduction: {"ok": true} with "Attributes"
// when ReturnValues asks for them (null: none), or {"error": type} with the
// failed condition's "Item" when ReturnValuesOnConditionCheckFailure asks.
nlohmann::json expected_answer(const NWriteAnswer& want, const ExpressionWrite& w) {
  if (want.verdict == NWriteAnswer::Verdict::kRefused) return {{"error", "ValidationException"}};
  if (want.verdict == NWriteAnswer::Verdict::kConditionFailed) {
    nlohmann::json j = {{"error", "ConditionalCheckFailedException"}};
    if (w.old_on_failure) j["Item"] = item_or_null(want.attributes);
    return j;
  }
  nlohmann::json j = {{"ok", true}};
  if (w.return_values != oracle::NReturn::kNone) j["Attributes"] = item_or_null(want.attributes);
  return j;
}

// A returned item (`got`: the answer's member, null when absent) against
// the oracle's: "" when they agree, else what differs. An empty map counts
// as none (DynamoDB leaves the member out; SDKs read both alike).
std::string returned_difference(const nlohmann::json& got, const std::optional<NItem>& want) {
  const bool present = got.is_object() && !got.empty();
  if (!present) return want ? "none returned, the oracle returns " + oracle::naive_show(*want) : "";
  auto item = dynamodb::item_from_json(got);
  if (!item) return "the item returned is not DynamoDB JSON: " + describe(item.error());
  const NItem read = props::to_naive(*item);
  if (want && oracle::naive_items_equal(read, *want)) return "";
  return fmt::format("returned {}, the oracle returns {}", oracle::naive_show(read),
                     want ? oracle::naive_show(*want) : "none");
}

// The unsettled rules (oracles/naive_unsettled.h) by whose other reading
// the endpoint's answer is right: ConditionalCheckFailedException for an
// update of a key attribute whose condition is false; the item of its key
// created by DELETE actions only on a missing item (stored, or returned by
// ALL_NEW).
// Whether the oracle refused the write after reading its condition (true):
// the actions could not be applied to the item, or the item they make is
// not one DynamoDB stores (oracles/naive_update.cc, apply).
bool refused_after_condition(const NWriteAnswer& want) {
  static const std::set<std::string> kAfter = {"a path through a missing or wrong parent",
                                               "reads a missing attribute",
                                               "list_append of a stored non-list",
                                               "arithmetic on a stored non-number",
                                               "number overflow",
                                               "ADD to a value of another type",
                                               "DELETE from a value of another type",
                                               "the updated item is not a valid item"};
  return want.verdict == NWriteAnswer::Verdict::kRefused && kAfter.contains(want.why);
}

std::vector<std::string> write_unsettled(const ExpressionWrite& w, const NWriteAnswer& want,
                                         const std::optional<NItem>& held, const NItem& key,
                                         const std::string& kind, const PageAnswer& a,
                                         const nlohmann::json& stored,
                                         bool actions_refused = false) {
  using oracle::NUnsettled;
  std::vector<std::string> out;
  const auto id = [](NUnsettled r) { return std::string(oracle::naive_unsettled_rule(r).id); };
  // A condition whose truth on the item another reading of a rule turns
  // (size() of a String that is not ASCII), answered as under that reading.
  const bool passed = !a.error;
  const bool failed = a.error && a.error->type == "ConditionalCheckFailedException";
  if (w.condition &&
      (want.verdict != NWriteAnswer::Verdict::kRefused || refused_after_condition(want)) &&
      (passed || failed)) {
    const bool truth = oracle::naive_eval(*w.condition, held.value_or(NItem{}));
    for (const oracle::NReading& r : oracle::naive_other_readings(*w.condition, false)) {
      if (oracle::naive_eval(*w.condition, held.value_or(NItem{}), r) == truth || truth == passed)
        continue;
      for (NUnsettled u : oracle::naive_departures(r)) out.push_back(id(u));
      return out;
    }
  }
  if (!w.update || w.kind != ExpressionWrite::Kind::kUpdate) return out;
  if (kind == "error_type" && want.why == "a table key attribute updated" && w.condition &&
      !oracle::naive_eval(*w.condition, held.value_or(NItem{})) && a.error &&
      a.error->type == "ConditionalCheckFailedException") {
    out.push_back(id(NUnsettled::kKeyUpdateUnderFalseCondition));
  }
  // Actions that cannot be applied to the item, under a condition false on
  // it: refused for the actions, the condition read second. A refusal of
  // the condition or of either expression's syntax is another fault.
  const auto about_actions = [](const std::string& m) {
    return m.find("ConditionExpression") == std::string::npos &&
           m.find("Syntax error") == std::string::npos;
  };
  if (kind == "error_type" && actions_refused && a.error &&
      a.error->type == "ValidationException" && about_actions(a.error->message)) {
    out.push_back(id(NUnsettled::kUpdateErrorUnderFalseCondition));
  }
  bool deletes = false, others = false;
  for (const oracle::NUpdAction& x : w.update->actions) {
    deletes = deletes || x.kind == oracle::NUpdAction::Kind::kDelete;
    others = others || (x.kind != oracle::NUpdAction::Kind::kDelete &&
                        x.kind != oracle::NUpdAction::Kind::kRemove);
  }
  if (!deletes || others || held || want.verdict != NWriteAnswer::Verdict::kOk) return out;
  const auto is_key = [&](const nlohmann::json& j) {
    auto item = j.is_object() && !j.empty() ? dynamodb::item_from_json(j) : Result<Item>(Item{});
    return item && !item->empty() && oracle::naive_items_equal(props::to_naive(*item), key);
  };
  const bool returned = kind == "return_values" && w.return_values == oracle::NReturn::kAllNew &&
                        a.body.is_object() && is_key(a.body.value("Attributes", nlohmann::json()));
  const bool made = kind == "items" && is_key(stored);
  if (returned || made) out.push_back(id(NUnsettled::kDeleteOnlyUpdateOfMissingItem));
  return out;
}

// Whether the update writes a nested path and returns the updated paths.
bool nested_updated(const ExpressionWrite& w) {
  if (!w.update || (w.return_values != oracle::NReturn::kUpdatedOld &&
                    w.return_values != oracle::NReturn::kUpdatedNew))
    return false;
  for (const oracle::NUpdAction& a : w.update->actions) {
    if (a.path.size() > 1) return true;
  }
  return false;
}

// The rule (rejection_cause's, "index_key_type" ...) the item the write
// makes breaks, "(local index)" added for a local index's key.
std::string invalid_item_rule(const oracle::NaiveTable& before, const ExpressionWrite& w) {
  NItem made = w.item;
  if (w.kind == ExpressionWrite::Kind::kUpdate) {
    const std::optional<NItem> held = before.get(w.key);
    oracle::NUpdateRequest r;
    r.key = w.key;
    r.update = w.update;
    // The item the actions make, unchecked: the update's own evaluation.
    oracle::NaiveTable loose(oracle::NSchema{before.schema().pk, before.schema().sk, {}});
    if (held) loose.put(*held);
    oracle::naive_update_item(loose, r);
    if (auto got = loose.get(w.key)) made = *got;
  }
  const auto [rule, attribute] = rejection_cause(before.schema(), made);
  for (const oracle::NIndex& i : before.schema().indexes) {
    for (const oracle::NKey& k : i.sk) {
      if (i.local && k.name == attribute) return rule + " (local index)";
    }
  }
  return rule;
}

// A write the oracle refuses for the item it would make: the rule that
// item breaks names the cause, whatever the actions that made it; so do an
// overflow, a condition the endpoint finds false, a parser's fault and
// ReturnValues of a nested path. "" when the clauses are the cause.
std::string write_cause(const oracle::NaiveTable& before, const ExpressionWrite& narrowed,
                        const Divergence& d) {
  oracle::NaiveTable copy = before;
  const NWriteAnswer want = expect_write(copy, narrowed);
  if (want.why == "the updated item is not a valid item" ||
      want.why == "the item is not one DynamoDB stores") {
    return "of an invalid item: " + invalid_item_rule(before, narrowed);
  }
  if (want.why == "number overflow") {
    return "whose arithmetic overflows a Number";
  }
  // The condition's truth or its text is the cause: the actions, and which
  // of PutItem, UpdateItem and DeleteItem carries it, do not matter
  // (attribution.cc names these for the three writes at once).
  if ((d.kind == "error_type" || d.kind == "rejected") &&
      d.error_type() == "ConditionalCheckFailedException") {
    // The endpoint's condition is false where the oracle's is true.
    return kConditionFalse;
  }
  if (narrowed.condition && d.kind == "accepted" &&
      want.verdict == NWriteAnswer::Verdict::kConditionFailed) {
    return kConditionTrue;
  }
  if (narrowed.condition && (d.kind == "error_type" || d.kind == "rejected") &&
      d.error_message().starts_with("Invalid ConditionExpression")) {
    return kConditionRefused;
  }
  if (d.error_message().starts_with("Invalid UpdateExpression: Syntax error")) {
    // A parser's fault depends on the text (spacing, clause order),
    // not on which actions it renders.
    return "with an UpdateExpression the endpoint cannot parse";
  }
  if (d.kind == "return_values" && nested_updated(narrowed)) {
    return "with ReturnValues UPDATED_OLD or UPDATED_NEW of a nested path";
  }
  return "";
}

// The oracle holding `item` under `key` (nullopt: no item).
void hold(oracle::NaiveTable& model, const NItem& key, const std::optional<NItem>& item) {
  if (item) {
    model.put(*item);
  } else {
    model.erase(key);
  }
}

}  // namespace

bool Workload::restore(const std::string& table, const NItem& key,
                       const std::optional<NItem>& held) {
  const Answer a = held ? send("PutItem", {{"TableName", table}, {"Item", naive_to_json(*held)}})
                        : send("DeleteItem", {{"TableName", table}, {"Key", naive_to_json(key)}});
  return !a.error;
}

std::optional<Divergence> Workload::write_divergence(const std::string& table,
                                                     oracle::NaiveTable& model,
                                                     const ExpressionWrite& w) {
  const NSchema schema = model.schema();
  const NItem key = write_key(schema, w);
  const bool readable = model.can_put(key);
  const nlohmann::json before = items_json(model.items());
  const std::optional<NItem> held = readable ? model.get(key) : std::nullopt;
  const NWriteAnswer want = expect_write(model, w);
  const nlohmann::json params = write_params(table, w);
  const std::string operation = write_operation(w);
  const std::string shown = fmt::format("{}", fmt::streamed(w));
  const auto diverged = [&](std::string kind, std::string detail, nlohmann::json expected,
                            nlohmann::json actual) {
    Divergence d;
    d.kind = std::move(kind);
    d.detail = shown + " " + detail;
    d.reproduction = {{"table", schema_to_json(schema)},
                      {"items", before},
                      {"request", recorded_request(operation, params)},
                      {"expected", std::move(expected)},
                      {"actual", std::move(actual)}};
    return d;
  };
  const Answer a = send(operation, params);
  if (a.outcome_unknown && !repeat_safe(operation, params)) {
    std::optional<Divergence> unsure;
    Unsure write{key, operation, shown, std::nullopt};
    if (readable && want.verdict == NWriteAnswer::Verdict::kOk) {
      // The retry applied to the item the first attempt made.
      oracle::NaiveTable again = model;
      if (expect_write(again, w).verdict == NWriteAnswer::Verdict::kOk)
        write.twice = again.get(key);
    }
    const std::optional<Settled> s =
        settle_unknown(table, model, write, step_answer(want), held, params, &unsure);
    if (unsure) {
      unsure->reproduction["items"] = before;
      return unsure;
    }
    // Applied twice: the oracle holds the item so from now on, or every
    // later read of it would diverge.
    if (*s == Settled::kAppliedTwice) hold(model, key, *write.twice);
    if (*s == Settled::kApplied || *s == Settled::kAppliedTwice) return std::nullopt;
  }
  const nlohmann::json expected = expected_answer(want, w);
  std::string detail;
  if (std::string kind = step_kind(step_answer(want), a, false, &detail); !kind.empty()) {
    Divergence d = diverged(kind, detail, expected, actual_json(a));
    // Whether the actions alone, without the condition (false here), are
    // refused on the item as it is: an error the actions make.
    bool actions_refused = false;
    if (kind == "error_type" && want.verdict == NWriteAnswer::Verdict::kConditionFailed &&
        w.update) {
      ExpressionWrite alone = w;
      alone.condition.reset();
      oracle::NaiveTable t = model;
      const NWriteAnswer a_alone = expect_write(t, alone);
      actions_refused = a_alone.verdict == NWriteAnswer::Verdict::kRefused &&
                        a_alone.why != "the updated item is not a valid item" &&
                        a_alone.why != "a table key attribute updated";
    }
    d.unsettled = write_unsettled(w, want, held, key, kind, a, nullptr, actions_refused);
    return d;
  }
  const bool failed = want.verdict == NWriteAnswer::Verdict::kConditionFailed;
  if ((want.verdict == NWriteAnswer::Verdict::kOk && w.return_values != oracle::NReturn::kNone) ||
      (failed && w.old_on_failure)) {
    const nlohmann::json got = a.body.is_object()
                                   ? a.body.value(failed ? "Item" : "Attributes", nlohmann::json())
                                   : nlohmann::json();
    if (std::string why = returned_difference(got, want.attributes); !why.empty()) {
      Divergence d = diverged("return_values", why, expected, actual_json(a));
      d.unsettled = write_unsettled(w, want, held, key, "return_values", a, nullptr);
      return d;
    }
  }
  if (want.verdict == NWriteAnswer::Verdict::kRefused || !readable) return std::nullopt;
  // The item as stored: a false condition changed nothing, a write made the oracle's item.
  const nlohmann::json get = {
      {"TableName", table}, {"Key", naive_to_json(key)}, {"ConsistentRead", true}};
  const Answer read = send("GetItem", get);
  StepAnswer stored;
  stored.item = model.get(key);
  std::string kind = step_kind(stored, read, true, &detail);
  // The text of Numbers read back is the writes' and reads' property.
  if (kind.empty() || kind == "number_text") return std::nullopt;
  nlohmann::json want_stored = expected;
  want_stored["stored"] = item_or_null(stored.item);
  Divergence d = diverged(kind, "then GetItem " + detail, want_stored,
                          {{"answer", actual_json(a)}, {"stored", actual_json(read)}});
  d.unsettled = write_unsettled(
      w, want, held, key, kind, a,
      read.body.is_object() ? read.body.value("Item", nlohmann::json()) : nlohmann::json());
  return d;
}

void Workload::check_expression_write(const std::string& table, oracle::NaiveTable& model,
                                      const ExpressionWrite& w, const Observe& observe) {
  const NSchema schema = model.schema();
  const NItem key = write_key(schema, w);
  const bool readable = model.can_put(key);
  const oracle::NaiveTable before = model;
  const std::optional<NItem> held = readable ? before.get(key) : std::nullopt;
  std::optional<Divergence> d = write_divergence(table, model, w);
  if (d) {
    ExpressionWrite narrowed = w;
    // Narrowed on the item as it was, each step kept when the divergence
    // stays alike: no UpdateExpression, else one action alone; then no
    // condition; then no ReturnValues.
    // A server error is replayed (at the cost of the client's attempts); a
    // request without an answer is not (it would wait for the timeout again).
    const bool replayable = readable && d->kind != "no_answer" && d->unsettled.empty();
    const auto narrow = [&](const std::vector<ExpressionWrite>& candidates) {
      for (const ExpressionWrite& c : candidates) {
        if (!restore(table, key, held)) return;
        oracle::NaiveTable copy = before;
        std::optional<Divergence> e = write_divergence(table, copy, c);
        if (e && e->unanswered() && e->kind != d->kind) {
          // The candidate is a valid write of its own that got a server
          // error, no answer or a body that is not DynamoDB's: its own
          // divergence, named by its own clauses, never by the write
          // narrowed or by a later check the failure would be left for.
          take_unanswered();
          CheckContext own{table, &before};
          own.write = &c;
          observe(*e, own);
          continue;
        }
        if (!e || e->kind != d->kind || e->error_type() != d->error_type() || !e->unsettled.empty())
          continue;
        d = std::move(e);
        narrowed = c;
        return;
      }
    };
    if (replayable && w.update && w.kind == ExpressionWrite::Kind::kUpdate) {
      ExpressionWrite none = w;
      none.update.reset();
      std::vector<ExpressionWrite> candidates = {none};
      for (std::size_t i = 0; i < w.update->actions.size(); ++i) {
        if (auto one = with_action(w, i)) candidates.push_back(*one);
      }
      narrow(candidates);
    }
    if (replayable && narrowed.condition) {
      ExpressionWrite c = narrowed;
      c.condition.reset();
      narrow({c});
    }
    if (replayable && narrowed.return_values != oracle::NReturn::kNone) {
      ExpressionWrite c = narrowed;
      c.return_values = oracle::NReturn::kNone;
      narrow({c});
    }
    if (d->kind != "no_answer") narrowed.cause = write_cause(before, narrowed, *d);
    CheckContext context{table, &before};
    context.write = &narrowed;
    observe(*d, context);
    // The key written back as the oracle holds it; an item the endpoint
    // refuses leaves both.
    if (readable && !restore(table, key, model.get(key))) {
      model.erase(key);
      restore(table, key, std::nullopt);
    }
  }
  // Each index the item was or is in: it moved in, out or within.
  const std::optional<NItem> after = readable ? model.get(key) : std::nullopt;
  check_fed_indexes(table, model, {held, after}, observe);
}

void Workload::check_fed_indexes(const std::string& table, const oracle::NaiveTable& model,
                                 const std::vector<std::optional<NItem>>& items,
                                 const Observe& observe) {
  for (const oracle::NIndex& index : model.schema().indexes) {
    bool fed = false;
    for (const auto* side : {&index.pk, &index.sk}) {
      for (const oracle::NKey& k : *side) {
        for (const std::optional<NItem>& item : items)
          fed = fed || (item && oracle::naive_get(*item, k.name));
      }
    }
    if (!fed) continue;
    props::ScanSpec s;
    s.index = index.name;
    check_scan(table, model, s, observe);
  }
}

}  // namespace sortkey::certify::endpoint
