#include "certify/endpoint/attribution.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <regex>

#include "certify/endpoint/expression_write.h"
#include "oracles/naive_decimal.h"
#include "properties/gen/query_gen.h"
#include "properties/props/query_conversions.h"
#include "support/text.h"

namespace sortkey::certify::endpoint {

using oracle::NCond;
using oracle::NItem;
using oracle::NKey;
using oracle::NOperand;
using oracle::NSchema;
using oracle::NValue;
using T = NValue::T;

// ---------------------------------------------------------------- value classes

namespace {

bool has_high_byte(const std::string& s) {
  return std::any_of(s.begin(), s.end(),
                     [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}

constexpr std::size_t kSizeLimitBytes = 1024;

void text_classes(const std::string& s, bool binary, bool encoding, std::set<std::string>& out) {
  if (s.empty()) out.insert("empty");
  if (s.size() >= kSizeLimitBytes) out.insert("size-limit");
  if (encoding && has_high_byte(s)) out.insert(binary ? "high-bytes" : "multibyte");
}

std::string ascii_of(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (static_cast<unsigned char>(c) < 0x80) out += c;
  }
  return out.empty() ? "a" : out;
}

}  // namespace

void value_classes(const NValue& v, bool deep, bool encoding, std::set<std::string>& out) {
  switch (v.t) {
    case T::S:
    case T::B:
      text_classes(v.s, v.t == T::B, encoding, out);
      return;
    case T::N:
      if (!v.s.empty() && v.s.front() == '+') out.insert("plus");
      return;
    case T::BOOL:
      if (!v.b) out.insert("false");
      return;
    case T::L:
      if (deep) {
        for (const NValue& e : v.list) value_classes(e, deep, encoding, out);
      }
      return;
    case T::M:
      if (deep) {
        for (const auto& f : v.map) value_classes(f.second, deep, encoding, out);
      }
      return;
    case T::SS:
    case T::BS:
    case T::NS:
      if (deep) {
        for (const std::string& e : v.set) {
          if (v.t == T::NS && !e.empty() && e.front() == '+') out.insert("plus");
          if (v.t != T::NS) text_classes(e, v.t == T::BS, encoding, out);
        }
      }
      return;
    case T::NUL:
      return;
  }
}

NValue without_class(const NValue& v, const std::string& c) {
  NValue out = v;
  auto text = [&c](std::string s, bool binary) {
    if (c == "empty" && s.empty()) return std::string("a");
    // Text is cut between characters: a probe's request must stay valid UTF-8.
    if (c == "size-limit" && s.size() >= kSizeLimitBytes)
      s = binary ? s.substr(0, 8) : std::string(support::utf8_prefix(s, 8));
    if (c == "multibyte" && !binary) return ascii_of(s);
    if (c == "high-bytes" && binary) {
      for (char& b : s) b = static_cast<char>(static_cast<unsigned char>(b) & 0x7F);
    }
    return s;
  };
  auto number = [&c](const std::string& s) {
    return c == "plus" && !s.empty() && s.front() == '+' ? s.substr(1) : s;
  };
  switch (v.t) {
    case T::S:
    case T::B:
      out.s = text(v.s, v.t == T::B);
      break;
    case T::N:
      out.s = number(v.s);
      break;
    case T::BOOL:
      if (c == "false") out.b = true;
      break;
    case T::L:
      for (NValue& e : out.list) e = without_class(e, c);
      break;
    case T::M:
      for (auto& f : out.map) f.second = without_class(f.second, c);
      break;
    case T::SS:
    case T::BS:
    case T::NS:
      for (std::string& e : out.set) e = v.t == T::NS ? number(e) : text(e, v.t == T::BS);
      // Sets must stay sets: a class taken out may make two elements equal.
      std::sort(out.set.begin(), out.set.end());
      out.set.erase(std::unique(out.set.begin(), out.set.end()), out.set.end());
      break;
    case T::NUL:
      break;
  }
  return out;
}

std::string join_classes(const std::set<std::string>& classes) {
  std::string out;
  for (const std::string& c : classes) out += (out.empty() ? "" : "+") + c;
  return out;
}

// ---------------------------------------------------------------- filter features

namespace {

const char* op_text(NCond::Op op) {
  static const char* const kNames[] = {"=",
                                       "<>",
                                       "<",
                                       "<=",
                                       ">",
                                       ">=",
                                       "BETWEEN",
                                       "IN",
                                       "AND",
                                       "OR",
                                       "NOT",
                                       "attribute_exists",
                                       "attribute_not_exists",
                                       "attribute_type",
                                       "begins_with",
                                       "contains"};
  return kNames[static_cast<int>(op)];
}

bool is_comparison(NCond::Op op) { return op <= NCond::Op::kGe; }
bool is_composite(NCond::Op op) {
  return op == NCond::Op::kAnd || op == NCond::Op::kOr || op == NCond::Op::kNot;
}

// Where bytes and order matter, so that text and binary classes count.
bool reads_encoding(const NCond& c) {
  const bool ordering = (c.op >= NCond::Op::kLt && c.op <= NCond::Op::kGe) ||
                        c.op == NCond::Op::kBetween || c.op == NCond::Op::kBeginsWith ||
                        c.op == NCond::Op::kContains;
  return ordering || std::any_of(c.args.begin(), c.args.end(),
                                 [](const NOperand& o) { return o.kind == NOperand::Kind::kSize; });
}

std::string operand_text(const NOperand& o) {
  switch (o.kind) {
    case NOperand::Kind::kPath:
      return "path";
    case NOperand::Kind::kSize:
      return "size(path)";
    case NOperand::Kind::kValue:
      return oracle::naive_type_name(o.value.t);
  }
  return "?";
}

// The types of the constants from `from` on, each once, sorted.
std::string constant_types(const std::vector<NOperand>& args, std::size_t from) {
  std::set<std::string> types;
  for (std::size_t i = from; i < args.size(); ++i) types.insert(operand_text(args[i]));
  std::string out;
  for (const std::string& t : types) out += (out.empty() ? "" : ", ") + t;
  return out;
}

std::size_t tree_size(const NCond& c) {
  std::size_t n = 1;
  for (const NCond& k : c.kids) n += tree_size(k);
  return n;
}

void subtrees(const NCond& c, std::vector<const NCond*>& out) {
  for (const NCond& k : c.kids) subtrees(k, out);
  out.push_back(&c);
}

}  // namespace

std::string describe_filter_feature(const NCond& c) {
  if (c.op == NCond::Op::kNot) return c.kids.at(0).op == NCond::Op::kNot ? "NOT NOT …" : "NOT …";
  if (c.op == NCond::Op::kAnd || c.op == NCond::Op::kOr)
    return fmt::format("… {} …", op_text(c.op));
  if (is_comparison(c.op) && c.args.size() == 2) {
    // One feature per family of operators (equality: = and <>; order: <,
    // <=, > and >=), with the path first: `:v < x` is `x > :v`.
    const bool flip =
        c.args[0].kind == NOperand::Kind::kValue && c.args[1].kind != NOperand::Kind::kValue;
    const bool equality = c.op == NCond::Op::kEq || c.op == NCond::Op::kNe;
    return fmt::format("{} {} {}", operand_text(c.args[flip ? 1 : 0]),
                       equality ? "{=, <>}" : "{<, <=, >, >=}", operand_text(c.args[flip ? 0 : 1]));
  }
  if (c.op == NCond::Op::kBetween && c.args.size() == 3)
    return fmt::format("{} BETWEEN {}", operand_text(c.args[0]), constant_types(c.args, 1));
  if (c.op == NCond::Op::kIn && !c.args.empty())
    return fmt::format("{} IN ({})", operand_text(c.args[0]), constant_types(c.args, 1));
  if (c.op == NCond::Op::kType && !c.args.empty())
    return fmt::format("attribute_type({}, {})", operand_text(c.args[0]), c.type_name);
  std::string args;
  for (const NOperand& o : c.args) args += (args.empty() ? "" : ", ") + operand_text(o);
  return fmt::format("{}({})", op_text(c.op), args);
}

// ---------------------------------------------------------------- signatures

std::string request_feature(const nlohmann::json& request) {
  const std::string action =
      request.is_object() ? request.value("action", std::string()) : std::string();
  const nlohmann::json params =
      request.is_object() ? request.value("params", nlohmann::json()) : nlohmann::json();
  if (!params.is_object()) return action;
  const auto text = [&](const char* name) {
    const auto it = params.find(name);
    return it != params.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  std::string out = action;
  if (action == "Query" || action == "Scan") {
    out = fmt::format("{} of {}", action == "Query" ? "query" : "scan",
                      params.contains("IndexName") ? "an index" : "the table");
    if (params.contains("FilterExpression")) out += " with a filter";
    if (params.contains("Limit")) out += " with Limit";
    if (params.contains("ExclusiveStartKey")) out += " from a start key";
    return out;
  }
  // The clauses an UpdateExpression holds, by their keywords (any case).
  std::string update = text("UpdateExpression");
  std::transform(update.begin(), update.end(), update.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  const char* separator = " ";
  for (const char* clause : {"SET", "REMOVE", "ADD", "DELETE"}) {
    const std::regex word(fmt::format("(^|[^A-Z0-9_#:]){}([^A-Z0-9_]|$)", clause));
    if (!std::regex_search(update, word)) continue;
    out += separator;
    out += clause;
    separator = ", ";
  }
  if (params.contains("ConditionExpression")) out += "; a condition";
  const std::string returns = text("ReturnValues");
  if (!returns.empty() && returns != "NONE") out += "; ReturnValues " + returns;
  return out;
}

std::set<std::string> schema_names(const NSchema& schema, const std::string& table) {
  std::set<std::string> names = {schema.pk.name, table};
  if (schema.sk) names.insert(schema.sk->name);
  for (const oracle::NIndex& i : schema.indexes) {
    names.insert(i.name);
    for (const NKey& k : i.pk) names.insert(k.name);
    for (const NKey& k : i.sk) names.insert(k.name);
  }
  for (const std::string& n : props::value_attribute_names()) names.insert(n);
  names.erase("");
  return names;
}

bool Attribution::same_symptom(const Divergence& p, const Signature& s, const NSchema& schema,
                               const std::string& table) {
  const std::string operation =
      p.reproduction.value("request", nlohmann::json::object()).value("action", std::string());
  // A filter's cause is named for both reads ("Query/Scan").
  const bool read = s.operation == "Query/Scan" && (operation == "Query" || operation == "Scan");
  // A condition's cause is named for the three writes.
  const bool write =
      s.operation == kConditionWrites &&
      (operation == "PutItem" || operation == "UpdateItem" || operation == "DeleteItem");
  return (operation == s.operation || read || write) && outcome_of(p.kind) == s.outcome &&
         p.error_type() == s.error &&
         mask_message(p.error_message(), schema_names(schema, table)) == s.message;
}

Signature Attribution::classify(const Divergence& d, const CheckContext& context) {
  Signature s = classify_raw(d, context);
  // A variant's own signature is compared as it is: the root is found once.
  if (in_variant_) return s;
  const std::pair key{s, d.unsettled.empty()};
  {
    const std::lock_guard lock(roots_->mutex);
    const auto cached = roots_->roots.find(key);
    if (cached != roots_->roots.end()) return cached->second;
  }
  const std::optional<Hint> hint = hint_;
  const bool read = (context.query != nullptr || context.scan != nullptr) && !context.large &&
                    !context.emptying && context.invalid == nullptr && context.step == nullptr &&
                    context.item == nullptr && !d.unanswered() && s.outcome != "number_text" &&
                    s.outcome != "malformed";
  root_of_plain_ = d.unsettled.empty();
  if (read) read_root(context, s);
  if (context.item != nullptr && s.outcome == "rejected" && !d.unanswered()) write_root(context, s);
  if (d.kind == "server_error") server_error_root(d, context, s);
  if (context.item != nullptr && s.outcome == "accepted")
    accepted_root(context.model->schema(), *context.item, s);
  if (context.step != nullptr && s.outcome == "accepted" &&
      s.feature.find(" of an invalid item: ") != std::string::npos)
    step_root(context, s);
  hint_ = hint;
  // Another lane may have found it meanwhile: the first found names it.
  const std::lock_guard lock(roots_->mutex);
  return roots_->roots.emplace(key, s).first->second;
}

Signature Attribution::classify_raw(const Divergence& d, const CheckContext& context) {
  hint_.reset();
  const NSchema& schema = context.model->schema();
  Signature s;
  s.operation =
      d.reproduction.value("request", nlohmann::json::object()).value("action", std::string());
  s.outcome = outcome_of(d.kind);
  s.error = d.error_type();
  s.message = mask_message(d.error_message(), schema_names(schema, context.table));
  // The client's words (the URL, the limit), not the endpoint's.
  if (s.outcome == "no_answer") s.message.clear();
  if (context.alone) {
    s.feature = request_feature(d.reproduction.value("request", nlohmann::json::object()));
  } else if (context.emptying) {
    s.feature = s.operation == "Scan" ? kEmptyingScanFeature
                                      : "emptying a table: deletes of the keys its Scan returned";
  } else if (s.outcome == "number_text" || s.outcome == "malformed") {
    s.feature = s.outcome == "number_text" ? "Numbers in the answer" : "the answer's JSON";
  } else if (context.invalid != nullptr) {
    s.feature = "invalid request: " + context.invalid->fault;
  } else if (context.step != nullptr) {
    step_cause(*context.step, context, s);
  } else if (context.write != nullptr) {
    // Narrowed to one action and the condition it needs where it could be
    // (Workload::check_expression_write): the forms of what is left.
    s.feature = write_feature(*context.write, s.outcome == "return_values",
                              s.error == "ConditionalCheckFailedException");
    if (condition_cause(context.write->cause)) s.operation = kConditionWrites;
  } else if (context.transaction != nullptr) {
    // Narrowed to one action where it could be (Workload::check_transaction).
    s.feature = transaction_feature(*context.transaction);
    // An endpoint without the operation refuses every request of it alike.
    if (s.error == "UnknownOperationException")
      s.feature = s.operation + " itself, whatever its actions";
    std::set<std::string> names = schema_names(schema, context.table);
    if (!context.table2.empty()) names.insert(context.table2);
    if (s.outcome != "no_answer") s.message = mask_message(d.error_message(), names);
    // A cause named by the oracle's rule the endpoint answers otherwise (a
    // refusal, an item-level ValidationError) is one cause whatever the
    // endpoint's text, which follows the item-level error met.
    if (!context.transaction->cause.empty()) s.message.clear();
  } else if (context.large) {
    s.feature = std::string("a partition over 1 MB read ") +
                (context.query->limit ? "with Limit" : "without Limit");
    // Whether its text is multibyte: sizes are UTF-8 bytes, not characters.
    std::set<std::string> classes;
    for (const NItem& item : context.model->items()) {
      for (const auto& [name, v] : item) value_classes(v, false, true, classes);
    }
    s.values = classes.contains("multibyte") ? "multibyte" : "";
  } else if (d.unanswered()) {
    // Nothing is replayed: each probe would wait for the timeout again, find
    // the endpoint gone, or cost a server error's attempts.
    unanswered_cause(d, context, s);
  } else if (context.item != nullptr) {
    write_cause(d, context, s);
  } else {
    read_cause(d, context, s);
  }
  return s;
}

// ---------------------------------------------------------------- writes

bool is_index_key(const NSchema& schema, const std::string& name) {
  for (const oracle::NIndex& i : schema.indexes) {
    for (const auto* side : {&i.pk, &i.sk}) {
      for (const NKey& k : *side) {
        if (k.name == name) return true;
      }
    }
  }
  return false;
}

// Why DynamoDB refuses the first bad Number text of `v`: "not a number",
// "overflow", "underflow", "too precise", with "zero" for a zero refused
// for its exponent.
std::string number_class(const NValue& v) {
  std::vector<std::string> texts;
  if (v.t == T::N) texts.push_back(v.s);
  if (v.t == T::NS) texts = v.set;
  for (const std::string& t : texts) {
    const oracle::NaiveReading r = oracle::read_number(t);
    if (r.verdict == oracle::NaiveVerdict::kNumber) continue;
    const bool zero = r.verdict != oracle::NaiveVerdict::kNotANumber && r.value.digits.empty();
    return std::string(oracle::verdict_name(r.verdict)) + (zero ? " zero" : "");
  }
  return "nested";
}

namespace {

// The classes a reason of rejection_cause() names.
std::string reason_classes(const std::string& reason) {
  if (reason.ends_with("_empty")) return "empty";
  if (reason.ends_with("_size")) return "size-limit";
  return "";
}

}  // namespace

bool Attribution::put_refused(const std::string& table, const NItem& item) {
  const Workload::Answer a =
      w_.send("PutItem", {{"TableName", table}, {"Item", naive_to_json(item)}});
  return a.error.has_value();
}

void Attribution::write_cause(const Divergence& d, const CheckContext& context, Signature& s) {
  const NSchema& schema = context.model->schema();
  const NItem& item = *context.item;
  if (d.kind == "accepted") {
    const auto [reason, attribute] = rejection_cause(schema, item);
    const NValue* v = attribute.empty() ? nullptr : oracle::naive_get(item, attribute);
    s.feature = "invalid item: " + reason +
                (v != nullptr ? fmt::format(" ({})", oracle::naive_type_name(v->t)) : "");
    std::set<std::string> classes;
    if (std::string c = reason_classes(reason); !c.empty()) classes.insert(c);
    if (reason.ends_with("_size") || reason == "item_size") {
      // Sizes count UTF-8 bytes: multibyte text (in the attribute over its
      // limit, or anywhere in an item over 400 KB) tells apart an endpoint
      // that counts characters. Binary is bytes for everyone.
      std::set<std::string> text;
      for (const auto& [name, value] : item) {
        if (attribute.empty() || name == attribute) value_classes(value, true, true, text);
      }
      if (text.contains("multibyte")) classes.insert("multibyte");
    }
    if (reason == "number") classes.insert(number_class(*v));
    s.values = join_classes(classes);
    return;
  }
  const std::string probe = probe_table_(schema);
  NItem keys;
  for (const NKey& k : oracle::naive_table_keys(schema)) {
    if (const NValue* v = oracle::naive_get(item, k.name)) keys.emplace_back(k.name, *v);
  }
  // The culprit: the key alone, else the first attribute refused with it.
  std::vector<std::string> culprit;
  if (put_refused(probe, keys)) {
    s.feature = "table key";
    for (const auto& [name, v] : keys) culprit.push_back(name);
  } else {
    for (const auto& [name, v] : item) {
      if (oracle::naive_get(keys, name) != nullptr) continue;
      NItem one = keys;
      one.emplace_back(name, v);
      if (!put_refused(probe, one)) continue;
      s.feature = fmt::format("{} {}", is_index_key(schema, name) ? "index key" : "attribute",
                              oracle::naive_type_name(v.t));
      culprit.push_back(name);
      break;
    }
  }
  if (culprit.empty()) {
    s.feature = "item";
    return;
  }
  // Each class of the culprit's values counts when the write passes without it.
  std::set<std::string> present;
  for (const std::string& name : culprit)
    value_classes(*oracle::naive_get(item, name), true, true, present);
  std::set<std::string> triggering;
  for (const std::string& c : present) {
    NItem changed = keys;
    if (s.feature != "table key")
      changed.emplace_back(culprit[0], *oracle::naive_get(item, culprit[0]));
    for (auto& [name, v] : changed) {
      if (std::find(culprit.begin(), culprit.end(), name) != culprit.end()) v = without_class(v, c);
    }
    if (!put_refused(probe, changed)) triggering.insert(c);
  }
  s.values = join_classes(triggering);
}

// ---------------------------------------------------------------- script steps

void Attribution::step_cause(const props::WriteStep& step, const CheckContext& context,
                             Signature& s) {
  const NSchema& schema = context.model->schema();
  const NItem key = [&] {
    NItem k;
    for (const NKey& t : oracle::naive_table_keys(schema)) {
      if (const NValue* v = oracle::naive_get(step.item, t.name)) k.emplace_back(t.name, *v);
    }
    return k;
  }();
  const bool held = context.model->get(key).has_value();
  std::set<std::string> classes;
  for (const auto& [name, v] : step.item) value_classes(v, false, true, classes);
  for (const auto& [name, v] : step.set) value_classes(v, false, true, classes);
  s.values = join_classes(classes);
  if (s.outcome == "rejected") {
    // A valid request refused: what is refused is in its values, whatever
    // the table holds or the read's consistency.
    s.feature = std::string(props::step_operation(step)) + " " +
                (step.kind == props::WriteStep::Kind::kBatch ? "request" : "key or values");
    return;
  }
  switch (step.kind) {
    case props::WriteStep::Kind::kPutIfAbsent:
      if (!context.model->can_put(step.item)) {
        // DynamoDB refuses the item before it reads the condition.
        const auto [reason, attribute] = rejection_cause(schema, step.item);
        s.feature = "PutItem attribute_not_exists of an invalid item: " + reason;
        s.values = reason_classes(reason);
        return;
      }
      s.feature = held ? "PutItem attribute_not_exists of a key held"
                       : "PutItem attribute_not_exists of a new key";
      break;
    case props::WriteStep::Kind::kUpdate: {
      bool index_key = false;
      for (const auto& [name, v] : step.set) index_key = index_key || is_index_key(schema, name);
      for (const std::string& name : step.remove)
        index_key = index_key || is_index_key(schema, name);
      s.feature = std::string("UpdateItem of ") + (index_key ? "an index key" : "an attribute") +
                  (held ? "" : " of a new item");
      break;
    }
    case props::WriteStep::Kind::kDelete:
      s.feature = s.outcome != "result" ? "DeleteItem of an invalid key"
                  : held                ? "DeleteItem of a key held"
                                        : "DeleteItem of a key not held";
      break;
    case props::WriteStep::Kind::kBatch: {
      s.feature = "BatchWriteItem";
      // Taken though DynamoDB refuses it: the rule its first bad item breaks.
      for (const NItem& p : step.puts) {
        if (context.model->can_put(p)) continue;
        const auto [reason, attribute] = rejection_cause(schema, p);
        s.feature += " of an invalid item: " + reason;
        s.values = reason_classes(reason);
        return;
      }
      break;
    }
    case props::WriteStep::Kind::kGet:
      // Taken though DynamoDB refuses it: the key, whatever the consistency.
      s.feature = s.outcome != "result"
                      ? std::string("GetItem of an invalid key")
                      : std::string("GetItem") + (step.consistent ? " consistent" : "") +
                            (held ? "" : " of a key not held");
      break;
    case props::WriteStep::Kind::kPut:
      s.feature = "PutItem";
      break;
  }
}

// ---------------------------------------------------------------- reads

namespace {

// The value at `path` in `item`, or nullptr.
const NValue* value_at(const NItem& item, const std::vector<oracle::NStep>& path) {
  if (path.empty() || path[0].is_index) return nullptr;
  const NValue* v = oracle::naive_get(item, path[0].name);
  for (std::size_t i = 1; v != nullptr && i < path.size(); ++i) {
    const oracle::NStep& step = path[i];
    if (step.is_index) {
      v = v->t == T::L && step.index < v->list.size() ? &v->list[step.index] : nullptr;
    } else if (v->t == T::M) {
      const auto it = std::find_if(v->map.begin(), v->map.end(),
                                   [&](const oracle::NField& f) { return f.first == step.name; });
      v = it == v->map.end() ? nullptr : &it->second;
    } else {
      v = nullptr;
    }
  }
  return v;
}

std::vector<NItem> items_of(const nlohmann::json& page) {
  std::vector<NItem> out;
  if (!page.is_object() || !page.contains("Items") || !page["Items"].is_array()) return out;
  for (const auto& raw : page["Items"]) {
    if (auto item = dynamodb::item_from_json(raw)) out.push_back(props::to_naive(*item));
  }
  return out;
}

// The items in one of the two lists and not the other.
std::vector<NItem> differing(const std::vector<NItem>& a, const std::vector<NItem>& b) {
  std::vector<NItem> out;
  auto missing = [&out](const std::vector<NItem>& from, const std::vector<NItem>& in) {
    for (const NItem& x : from) {
      const bool found = std::any_of(
          in.begin(), in.end(), [&](const NItem& y) { return oracle::naive_items_equal(x, y); });
      if (!found) out.push_back(x);
    }
  };
  missing(a, b);
  missing(b, a);
  return out;
}

// The classes of a filter atom's constants, and of the values it reads in
// the items whose answer differs in `probe`.
std::string atom_classes(const NCond& atom, const Divergence& probe) {
  if (is_composite(atom.op)) return "";
  const bool encoding = reads_encoding(atom);
  std::set<std::string> classes;
  for (const NOperand& o : atom.args) {
    if (o.kind == NOperand::Kind::kValue) value_classes(o.value, false, encoding, classes);
  }
  // The items whose answer differs, when both answers list items.
  const nlohmann::json expected = probe.reproduction.value("expected", nlohmann::json());
  const nlohmann::json actual = probe.reproduction.value("actual", nlohmann::json());
  const bool listed = expected.is_object() && expected.contains("Items") && actual.is_object() &&
                      actual.contains("Items");
  const std::vector<NItem> differ =
      listed ? differing(items_of(expected), items_of(actual)) : std::vector<NItem>{};
  for (const NItem& item : differ) {
    for (const NOperand& o : atom.args) {
      if (o.kind == NOperand::Kind::kValue) continue;
      const NValue* v = value_at(item, o.path);
      if (v == nullptr) classes.insert("missing");
      // size() counts the elements of a list, map or set: their values count.
      if (v != nullptr) value_classes(*v, o.kind == NOperand::Kind::kSize, encoding, classes);
    }
  }
  return join_classes(classes);
}

std::string key_feature(const oracle::NaiveTable& model, const props::QuerySpec& q,
                        bool start_key) {
  const std::vector<NKey> sort = model.sort_of(q.index);
  std::string out = "key ";
  if (start_key && !sort.empty()) {
    // A request that diverges from a start key while the same request from
    // the start did not (its first page was checked before): the start key
    // is the cause, whatever the sort-key condition.
    out = fmt::format("start key on {}", oracle::naive_type_name(sort.back().type));
  } else if (q.key.op == oracle::NKeyCond::Op::kNone || sort.empty()) {
    out += "partition only";
  } else {
    const NKey& k = sort[std::min(q.key.sort_eq.size(), sort.size() - 1)];
    out += fmt::format("{} on {}", sort_op_name(q.key.op), oracle::naive_type_name(k.type));
  }
  if (!q.index.empty()) out += " of an index";
  return out;
}

// The classes of the sort-key constants and of the start key's sort value.
std::string key_classes(const oracle::NaiveTable& model, const props::QuerySpec& q,
                        const nlohmann::json& start_key) {
  std::set<std::string> classes;
  if (q.key.op != oracle::NKeyCond::Op::kNone) value_classes(q.key.a, false, true, classes);
  if (q.key.op == oracle::NKeyCond::Op::kBetween) value_classes(q.key.b, false, true, classes);
  const std::vector<NKey> sort = model.sort_of(q.index);
  if (start_key.is_object() && !sort.empty()) {
    if (auto key = dynamodb::item_from_json(start_key)) {
      const NItem k = props::to_naive(*key);
      if (const NValue* v = oracle::naive_get(k, sort.back().name))
        value_classes(*v, false, true, classes);
    }
  }
  return join_classes(classes);
}

// The smallest subtree of `filter` that diverges alone (`probe`), with its
// divergence; of an IN, the single constant that does. `whole` when no
// proper subtree diverges alone.
struct Culprit {
  NCond cond;
  Divergence divergence;
  bool whole = false;
};

template <class Probe>
Culprit culprit(const NCond& filter, const Divergence& d, const Probe& probe) {
  std::vector<const NCond*> all;
  subtrees(filter, all);
  std::stable_sort(all.begin(), all.end(),
                   [](const NCond* a, const NCond* b) { return tree_size(*a) < tree_size(*b); });
  Culprit found{filter, d, true};
  for (const NCond* t : all) {
    if (t == &filter) break;
    if (std::optional<Divergence> p = probe(*t)) {
      found = {*t, *p, false};
      break;
    }
  }
  if (found.cond.op == NCond::Op::kIn && found.cond.args.size() > 2) {
    for (std::size_t i = 1; i < found.cond.args.size(); ++i) {
      NCond one = found.cond;
      one.args = {found.cond.args[0], found.cond.args[i]};
      if (std::optional<Divergence> q = probe(one)) return {one, *q, false};
    }
  }
  return found;
}

}  // namespace

namespace {

// What size() gives for `v` as DynamoDB counts it, or nullopt (N, BOOL, NULL).
std::optional<std::size_t> size_of(const NValue& v) {
  switch (v.t) {
    case T::S:
    case T::B:
      return v.s.size();
    case T::L:
      return v.list.size();
    case T::M:
      return v.map.size();
    case T::SS:
    case T::NS:
    case T::BS:
      return v.set.size();
    default:
      return std::nullopt;
  }
}

// For an atom comparing size(path): `size(path) = n`, n what the oracle
// counts for an item whose answer differs; the comparison is then not the
// cause when that diverges too.
std::optional<NCond> size_equality(const NCond& atom, const Divergence& probe) {
  const auto size = std::find_if(atom.args.begin(), atom.args.end(),
                                 [](const NOperand& o) { return o.kind == NOperand::Kind::kSize; });
  if (size == atom.args.end() || !is_comparison(atom.op)) return std::nullopt;
  const nlohmann::json& r = probe.reproduction;
  for (const NItem& item : differing(items_of(r.value("expected", nlohmann::json())),
                                     items_of(r.value("actual", nlohmann::json())))) {
    const NValue* v = value_at(item, size->path);
    const std::optional<std::size_t> n = v != nullptr ? size_of(*v) : std::nullopt;
    if (!n) continue;
    NCond eq;
    eq.op = NCond::Op::kEq;
    NOperand count;
    count.value.t = T::N;
    count.value.s = std::to_string(*n);
    eq.args = {*size, count};
    return eq;
  }
  return std::nullopt;
}

// The filter's part in a divergence of a read whose filter is involved.
// `check(spec)` is the read's check with another spec. The filter's
// operation is "Query/Scan": both evaluate filters alike.
template <class Spec, class Check, class Same>
void filter_cause(const Spec& spec, const Divergence& d, const Check& check, const Same& same,
                  Signature& s, std::optional<Hint>& hint) {
  // Probes read the whole range in one page, with its items, when that still
  // diverges; otherwise the feature names the Select COUNT or Limit it needs.
  Spec base = spec;
  base.limit.reset();
  base.count_only = false;
  std::string context;
  if (!same(check(base))) {
    Spec no_count = spec;
    no_count.count_only = false;
    Spec no_limit = spec;
    no_limit.limit.reset();
    base = spec;
    if (spec.count_only && same(check(no_count))) {
      base = no_count;
    } else if (spec.limit && same(check(no_limit))) {
      base = no_limit;
    }
    if (base.count_only) context += " with Select COUNT";
    if (base.limit) context += " with Limit";
  }
  // A parser may refuse one spelling of a subtree and not another: for a
  // refusal, subtrees are also tried in other renderings.
  const auto probe_in = [&](int styles) {
    return [&, styles](const NCond& t) -> std::optional<Divergence> {
      Spec p = base;
      p.filter = t;
      for (int i = 0; i < styles; ++i) {
        p.style = base.style + static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ULL;
        std::optional<Divergence> r = check(p);
        if (same(r)) return r;
      }
      return std::nullopt;
    };
  };
  // The whole filter's own probe, when it diverges: its answer lists items.
  const std::optional<Divergence> whole = probe_in(1)(*spec.filter);
  const Divergence& fallback = whole ? *whole : d;
  Culprit c = culprit(*spec.filter, fallback, probe_in(1));
  if (c.whole && s.outcome == "rejected") c = culprit(*spec.filter, fallback, probe_in(8));
  s.feature = "filter " + describe_filter_feature(c.cond) + context;
  s.values = atom_classes(c.cond, c.divergence);
  if (const std::optional<NCond> eq = size_equality(c.cond, c.divergence)) {
    if (const std::optional<Divergence> p = probe_in(1)(*eq)) {
      s.feature = "filter size(path)" + context;
      s.values = atom_classes(*eq, *p);
    }
  }
  // The request that showed it alone, for minimization to start from.
  hint = Hint{c.cond, base.style};
  s.operation = "Query/Scan";  // set last: the probes compare the operation
}

}  // namespace

void Attribution::read_cause(const Divergence& d, const CheckContext& context, Signature& s) {
  const oracle::NaiveTable& model = *context.model;
  const NSchema& schema = model.schema();
  const nlohmann::json params =
      d.reproduction.value("request", nlohmann::json::object()).value("params", nlohmann::json());
  const nlohmann::json start_key =
      params.is_object() ? params.value("ExclusiveStartKey", nlohmann::json()) : nlohmann::json();
  const bool has_start = start_key.is_object();
  // (A culprit probe an unsettled rule explains still counts here: refusing
  // it made the filter's culprit, and with it the root cached per lane,
  // depend on which case a lane met first, so that one and four
  // connections named a cause apart.)
  const auto same = [&](const std::optional<Divergence>& p) {
    return p && same_symptom(*p, s, schema, context.table);
  };
  if (context.query != nullptr) {
    const props::QuerySpec& q = *context.query;
    const auto check = [&](const props::QuerySpec& p) {
      return w_.query_divergence(context.table, model, p);
    };
    props::QuerySpec plain = q;
    plain.filter.reset();
    if (q.filter && !same(check(plain))) return filter_cause(q, d, check, same, s, hint_);
    s.feature = key_feature(model, q, has_start);
    s.values = key_classes(model, q, start_key);
    return;
  }
  const props::ScanSpec& sc = *context.scan;
  const auto check = [&](const props::ScanSpec& p) {
    return w_.scan_divergence(context.table, model, p);
  };
  props::ScanSpec plain = sc;
  plain.filter.reset();
  if (sc.filter && !same(check(plain))) return filter_cause(sc, d, check, same, s, hint_);
  s.feature = std::string("scan of ") + (sc.index.empty() ? "the table" : "an index") +
              (has_start ? " from a start key" : "");
}

// ---------------------------------------------------------------- requests without an answer

namespace {

// The whole filter, each atom as describe_filter_feature names it.
std::string describe_filter_tree(const NCond& c) {
  if (c.op == NCond::Op::kNot) return "NOT (" + describe_filter_tree(c.kids.at(0)) + ")";
  if ((c.op == NCond::Op::kAnd || c.op == NCond::Op::kOr) && c.kids.size() == 2) {
    return fmt::format("({}) {} ({})", describe_filter_tree(c.kids[0]), op_text(c.op),
                       describe_filter_tree(c.kids[1]));
  }
  return describe_filter_feature(c);
}

void constant_classes(const NCond& c, std::set<std::string>& out) {
  for (const NCond& k : c.kids) constant_classes(k, out);
  for (const NOperand& o : c.args) {
    if (o.kind == NOperand::Kind::kValue) value_classes(o.value, false, reads_encoding(c), out);
  }
}

}  // namespace

void Attribution::unanswered_cause(const Divergence& d, const CheckContext& context, Signature& s) {
  std::set<std::string> classes;
  if (context.item != nullptr) {
    s.feature = "write of an item";
    for (const auto& [name, v] : *context.item) value_classes(v, false, true, classes);
    s.values = join_classes(classes);
    return;
  }
  const nlohmann::json params =
      d.reproduction.value("request", nlohmann::json::object()).value("params", nlohmann::json());
  const bool filtered = params.is_object() && params.contains("FilterExpression");
  const bool limited = params.is_object() && params.contains("Limit");
  const oracle::NCond* filter = nullptr;
  if (context.query != nullptr && context.query->filter) filter = &*context.query->filter;
  if (context.scan != nullptr && context.scan->filter) filter = &*context.scan->filter;
  if (filtered && filter != nullptr) {
    s.feature = "filter " + describe_filter_tree(*filter);
    constant_classes(*filter, classes);
  } else if (context.query != nullptr) {
    s.feature = key_feature(*context.model, *context.query,
                            params.is_object() && params.contains("ExclusiveStartKey"));
    s.values = key_classes(*context.model, *context.query,
                           params.is_object() ? params.value("ExclusiveStartKey", nlohmann::json())
                                              : nlohmann::json());
  } else {
    s.feature = std::string("scan of ") + (context.scan->index.empty() ? "the table" : "an index");
  }
  if (limited) s.feature += " with Limit";
  if (s.values.empty()) s.values = join_classes(classes);
}

}  // namespace sortkey::certify::endpoint
