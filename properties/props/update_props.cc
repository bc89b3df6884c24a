#include "properties/props/update_props.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "properties/props/query_conversions.h"
#include "properties/props/query_spec.h"
#include "sortkey/expression.h"
#include "sortkey/update.h"

namespace sortkey::props {
namespace {

using oracle::NItem;
using oracle::NUpdAction;
using oracle::NUpdOperand;
using oracle::NValue;
using oracle::NWriteAnswer;

// xorshift: the rendering choices of one style seed.
class UpdateStyle {
 public:
  explicit UpdateStyle(std::uint64_t seed) : x_(seed | 1) {}
  std::uint64_t next() {
    x_ ^= x_ >> 12;
    x_ ^= x_ << 25;
    x_ ^= x_ >> 27;
    return x_ * 0x2545F4914F6CDD1DULL;
  }
  bool chance(int percent) { return static_cast<int>(next() % 100) < percent; }
  std::string sp() { return chance(80) ? " " : (chance(50) ? "  " : "\n"); }
  // Clause keywords are case-insensitive (ALT test_update_expression_action_case).
  std::string kw(std::string word) {
    if (chance(30)) {
      for (char& c : word) c = static_cast<char>(c - 'A' + 'a');
    } else if (chance(20)) {
      word[1] = static_cast<char>(word[1] - 'A' + 'a');
    }
    return word;
  }

 private:
  std::uint64_t x_;
};

bool bare_name_ok(const std::string& name) {
  if (name.empty() || !((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z')))
    return false;
  for (char c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
      return false;
  }
  return !is_reserved_word(name);
}

class UpdateRenderer {
 public:
  UpdateRenderer(UpdateStyle& st, ExpressionAttributes& attrs) : st_(st), attrs_(attrs) {}

  std::string name(const std::string& n) {
    if (bare_name_ok(n) && st_.chance(50)) return n;
    const std::string ph = fmt::format("#u{}", names_++);
    attrs_.names[ph] = n;
    return ph;
  }
  std::string value(const NValue& v) {
    const std::string ph = fmt::format(":u{}", values_++);
    attrs_.values[ph] = to_engine(v);
    return ph;
  }
  std::string path(const oracle::NPath& p) {
    std::string out;
    for (const oracle::NStep& s : p) {
      if (s.is_index) {
        out += fmt::format("[{}]", s.index);
      } else {
        out += (out.empty() ? "" : ".") + name(s.name);
      }
    }
    return out;
  }
  std::string operand(const NUpdOperand& o) {
    std::string out;
    switch (o.kind) {
      case NUpdOperand::Kind::kValue:
        out = value(o.value);
        break;
      case NUpdOperand::Kind::kPath:
        out = path(o.path);
        break;
      case NUpdOperand::Kind::kIfNotExists:
        out = "if_not_exists(" + path(o.path) + "," + st_.sp() + operand(o.args[0]) + ")";
        break;
      case NUpdOperand::Kind::kListAppend:
        out = "list_append(" + operand(o.args[0]) + "," + st_.sp() + operand(o.args[1]) + ")";
        break;
    }
    // Parenthesised operands are accepted (DYN updateItem.js "should update
    // nested attributes").
    return st_.chance(10) ? "(" + out + ")" : out;
  }
  std::string action(const NUpdAction& a) {
    std::string out = path(a.path);
    switch (a.kind) {
      case NUpdAction::Kind::kSet:
        out += st_.sp() + "=" + st_.sp() + operand(a.operands[0]);
        if (a.op != 0) out += st_.sp() + a.op + st_.sp() + operand(a.operands[1]);
        break;
      case NUpdAction::Kind::kRemove:
        break;
      case NUpdAction::Kind::kAdd:
      case NUpdAction::Kind::kDelete:
        out += " " + value(a.constant);
        break;
    }
    return out;
  }

 private:
  UpdateStyle& st_;
  ExpressionAttributes& attrs_;
  int names_ = 0;
  int values_ = 0;
};

const char* verdict_name(NWriteAnswer::Verdict v) {
  switch (v) {
    case NWriteAnswer::Verdict::kOk:
      return "accepted";
    case NWriteAnswer::Verdict::kRefused:
      return "ValidationException";
    case NWriteAnswer::Verdict::kConditionFailed:
      return "ConditionalCheckFailedException";
  }
  return "?";
}

std::string show_optional(const std::optional<NItem>& item) {
  return item ? oracle::naive_show(*item) : "(none)";
}

// The item under the key, engine against oracle.
Outcome same_item_under_key(const std::string& request, const oracle::NaiveTable& after,
                            const Table& table, const NItem& key) {
  auto held = table.get(to_engine(key));
  if (!held) return Outcome::fails(request + ": GetItem failed: " + held.error().message);
  std::optional<NItem> engine_item;
  if (*held) engine_item = to_naive(**held);
  const std::optional<NItem> oracle_item = after.get(key);
  const bool same = engine_item.has_value() == oracle_item.has_value() &&
                    (!engine_item || oracle::naive_items_equal(*engine_item, *oracle_item));
  if (!same) {
    return Outcome::fails(fmt::format("{}: afterwards the engine holds {}, the oracle {}", request,
                                      show_optional(engine_item), show_optional(oracle_item)));
  }
  return Outcome::holds();
}

// Verdict, attributes and the item under the key, engine against oracle.
Outcome compare(const std::string& request, const Result<WriteOutcome>& got,
                const NWriteAnswer& want, const oracle::NaiveTable& after, Table& table,
                const NItem& key) {
  NWriteAnswer::Verdict verdict = NWriteAnswer::Verdict::kRefused;
  if (got) {
    verdict = got->condition_failed ? NWriteAnswer::Verdict::kConditionFailed
                                    : NWriteAnswer::Verdict::kOk;
  }
  if (verdict != want.verdict) {
    return Outcome::fails(fmt::format(
        "{}: the engine answered {}{}, the oracle {}{}", request, verdict_name(verdict),
        got ? std::string() : " (" + got.error().message + ")", verdict_name(want.verdict),
        want.why.empty() ? std::string() : " (" + want.why + ")"));
  }
  if (got) {
    std::optional<NItem> attributes;
    if (got->attributes) attributes = to_naive(*got->attributes);
    const bool same = attributes.has_value() == want.attributes.has_value() &&
                      (!attributes || oracle::naive_items_equal(*attributes, *want.attributes));
    if (!same) {
      return Outcome::fails(fmt::format("{}: the engine returned {}, the oracle {}", request,
                                        show_optional(attributes), show_optional(want.attributes)));
    }
  }
  return same_item_under_key(request, after, table, key);
}

ReturnValues engine_return(oracle::NReturn r) {
  switch (r) {
    case oracle::NReturn::kNone:
      return ReturnValues::kNone;
    case oracle::NReturn::kAllOld:
      return ReturnValues::kAllOld;
    case oracle::NReturn::kUpdatedOld:
      return ReturnValues::kUpdatedOld;
    case oracle::NReturn::kAllNew:
      return ReturnValues::kAllNew;
    case oracle::NReturn::kUpdatedNew:
      return ReturnValues::kUpdatedNew;
  }
  return ReturnValues::kNone;
}

std::string show_request(const std::string& op, const NItem& key,
                         const std::optional<std::string>& update,
                         const std::optional<std::string>& condition,
                         const ExpressionAttributes& attrs) {
  std::string out = fmt::format("{} key {}", op, oracle::naive_show(key));
  if (update) out += fmt::format(" UpdateExpression \"{}\"", *update);
  if (condition) out += fmt::format(" ConditionExpression \"{}\"", *condition);
  for (const auto& [k, v] : attrs.names) out += fmt::format(", {} = \"{}\"", k, v);
  for (const auto& [k, v] : attrs.values) out += fmt::format(", {} = {}", k, to_json(v));
  return out;
}

oracle::NPath naive_path(const DocumentPath& p) {
  oracle::NPath out;
  for (const PathStep& s : p) {
    oracle::NStep n;
    n.is_index = s.is_index;
    n.name = s.name;
    n.index = s.index;
    out.push_back(std::move(n));
  }
  return out;
}

NUpdOperand naive_operand(const UpdateOperand& o) {
  NUpdOperand out;
  out.kind = static_cast<NUpdOperand::Kind>(o.kind);
  out.path = naive_path(o.path);
  if (o.kind == UpdateOperand::Kind::kValue) out.value = to_naive(o.value);
  for (const UpdateOperand& a : o.args) out.args.push_back(naive_operand(a));
  return out;
}

oracle::NUpdate naive_update(const UpdateExpression& u) {
  oracle::NUpdate out;
  for (const UpdateAction& a : u.actions) {
    NUpdAction n;
    n.kind = static_cast<NUpdAction::Kind>(a.kind);
    n.path = naive_path(a.path);
    if (a.kind == UpdateAction::Kind::kSet) {
      n.operands.push_back(naive_operand(a.value.left));
      n.op = a.value.op;
      for (const UpdateOperand& r : a.value.right) n.operands.push_back(naive_operand(r));
    } else if (a.kind != UpdateAction::Kind::kRemove) {
      n.constant = to_naive(a.operand);
    }
    out.actions.push_back(std::move(n));
  }
  return out;
}

}  // namespace

Outcome update_expression_matches_oracle(const std::string& text,
                                         const ExpressionAttributes& attributes,
                                         const std::vector<Item>& items) {
  ExpressionUses uses;
  const auto parsed = parse_update(text, attributes, &uses);
  if (!parsed) {
    const Error& e = parsed.error();
    if (e.message.rfind("Invalid UpdateExpression: ", 0) != 0 || e.offset > text.size()) {
      return Outcome::fails(fmt::format("parse_update's error \"{}\" at {} for a text of {} bytes",
                                        e.message, e.offset, text.size()));
    }
    return Outcome::holds();
  }
  ExpressionAttributes used;
  for (const std::string& n : uses.names) {
    const auto it = attributes.names.find(n);
    if (it == attributes.names.end()) return Outcome::fails("used an undefined name " + n);
    used.names.insert(*it);
  }
  for (const std::string& v : uses.values) {
    const auto it = attributes.values.find(v);
    if (it == attributes.values.end()) return Outcome::fails("used an undefined value " + v);
    used.values.insert(*it);
  }
  TableSchema schema;
  schema.partition_key = {"k", AttributeType::kS};
  schema.indexes.push_back({"byG", {{"g", AttributeType::kS}}, {}, {}});
  oracle::NUpdateRequest want;
  want.update = naive_update(*parsed);
  want.return_values = oracle::NReturn::kAllNew;
  std::vector<std::optional<Item>> held = {std::nullopt};
  for (const Item& item : items) {
    const auto k = item.find("k");
    if (k != item.end() && k->second.type() == AttributeType::kS) held.emplace_back(item);
  }
  for (const std::optional<Item>& item : held) {
    auto table = Table::create(schema);
    oracle::NSchema naive_schema;
    naive_schema.pk = {"k", NValue::T::S};
    oracle::NIndex by_g;
    by_g.name = "byG";
    by_g.pk = {{"g", NValue::T::S}};
    naive_schema.indexes.push_back(by_g);
    oracle::NaiveTable model(naive_schema);
    const Item key = item ? Item{*item->find("k")} : Item{{"k", AttributeValue::S("a")}};
    if (item) {
      // An item one side refuses to hold is no case (the write properties judge it).
      if (!table->put(*item) || !model.put(to_naive(*item))) continue;
    }
    want.key = to_naive(key);
    UpdateItemRequest request;
    request.key = key;
    request.update_expression = text;
    request.attributes = used;
    request.return_values = ReturnValues::kAllNew;
    const auto got = update_item(*table, request);
    oracle::NaiveTable after = model;
    const NWriteAnswer answer = oracle::naive_update_item(after, want);
    const std::string shown =
        fmt::format("UpdateItem \"{}\" on {}", text, item ? to_json(*item) : "no item");
    if (Outcome o = compare(shown, got, answer, after, *table, want.key); !o.ok()) return o;
  }
  return Outcome::holds();
}

std::string render_update(const oracle::NUpdate& u, std::uint64_t style,
                          ExpressionAttributes& attributes) {
  UpdateStyle st(style);
  UpdateRenderer r(st, attributes);
  static const char* const kKeywords[] = {"SET", "REMOVE", "ADD", "DELETE"};
  // Clauses in any order (reference §1.2 rule 8), actions in the tree's order.
  std::vector<int> order = {0, 1, 2, 3};
  for (int i = 3; i > 0; --i) std::swap(order[i], order[st.next() % (i + 1)]);
  std::string out;
  for (int kind : order) {
    std::string clause;
    for (const NUpdAction& a : u.actions) {
      if (static_cast<int>(a.kind) != kind) continue;
      if (!clause.empty()) {
        clause += ',';
        clause += st.sp();
      }
      clause += r.action(a);
    }
    if (clause.empty()) continue;
    if (!out.empty()) out += st.sp();
    out += st.kw(kKeywords[kind]);
    out += ' ';
    out += clause;
  }
  return out;
}

UpdateItemRequest render_update_request(const oracle::NUpdateRequest& r, std::uint64_t style) {
  UpdateItemRequest out;
  out.key = to_engine(r.key);
  if (r.update) out.update_expression = render_update(*r.update, style, out.attributes);
  if (r.condition) out.condition = render_filter(*r.condition, style, out.attributes);
  out.return_values = engine_return(r.return_values);
  out.return_values_on_condition_check_failure =
      r.old_on_failure ? ReturnValues::kAllOld : ReturnValues::kNone;
  return out;
}

Outcome check_update_item(const oracle::NaiveTable& model, Table& table,
                          const oracle::NUpdateRequest& r, std::uint64_t style) {
  oracle::NaiveTable after = model;
  const NWriteAnswer want = oracle::naive_update_item(after, r);
  const UpdateItemRequest request = render_update_request(r, style);
  const auto got = update_item(table, request);
  const std::string shown = show_request("UpdateItem", r.key, request.update_expression,
                                         request.condition, request.attributes) +
                            " (tree: " + (r.update ? oracle::naive_show(*r.update) : "none") + ")";
  return compare(shown, got, want, after, table, r.key);
}

Outcome check_delete_item(const oracle::NaiveTable& model, Table& table, const DeleteSpec& d) {
  oracle::NaiveTable after = model;
  const NWriteAnswer want = oracle::naive_delete_item(
      after, d.key, d.condition, d.all_old ? oracle::NReturn::kAllOld : oracle::NReturn::kNone,
      d.old_on_failure);
  DeleteItemRequest request;
  request.key = to_engine(d.key);
  if (d.condition) request.condition = render_filter(*d.condition, d.style, request.attributes);
  request.return_values = d.all_old ? ReturnValues::kAllOld : ReturnValues::kNone;
  request.return_values_on_condition_check_failure =
      d.old_on_failure ? ReturnValues::kAllOld : ReturnValues::kNone;
  const auto got = delete_item(table, request);
  return compare(
      show_request("DeleteItem", d.key, std::nullopt, request.condition, request.attributes), got,
      want, after, table, d.key);
}

oracle::NWriteAnswer oracle_put_item(oracle::NaiveTable& model, const PutSpec& p) {
  return oracle::naive_put_item(model, p.item, p.condition,
                                p.all_old ? oracle::NReturn::kAllOld : oracle::NReturn::kNone,
                                p.old_on_failure);
}

Outcome check_put_item(const oracle::NaiveTable& model, Table& table, const PutSpec& p) {
  oracle::NaiveTable after = model;
  const NWriteAnswer want = oracle_put_item(after, p);
  PutItemRequest request;
  request.item = to_engine(p.item);
  if (p.condition) request.condition = render_filter(*p.condition, p.style, request.attributes);
  request.return_values = p.all_old ? ReturnValues::kAllOld : ReturnValues::kNone;
  request.return_values_on_condition_check_failure =
      p.old_on_failure ? ReturnValues::kAllOld : ReturnValues::kNone;
  const Result<WriteOutcome> got = put_item(table, request);
  const std::optional<std::string>& condition = request.condition;
  const ExpressionAttributes& attributes = request.attributes;
  NItem key;
  const oracle::NSchema& schema = model.schema();
  key.emplace_back(schema.pk.name, *oracle::naive_get(p.item, schema.pk.name));
  if (schema.sk) key.emplace_back(schema.sk->name, *oracle::naive_get(p.item, schema.sk->name));
  const std::string shown = show_request("PutItem", p.item, std::nullopt, condition, attributes);
  return compare(shown, got, want, after, table, key);
}

Outcome check_get_item(const oracle::NaiveTable& model, const Table& table, const NItem& key) {
  return same_item_under_key("GetItem key " + oracle::naive_show(key), model, table, key);
}

}  // namespace sortkey::props
