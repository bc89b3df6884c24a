// apply_update, update_item, put_item and delete_item (sortkey/update.h), on the
// table's public operations only, as put_if (conditional_write.cc) is.

#include "sortkey/update.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sortkey {
namespace {

Error update_invalid(std::string message) {
  return make_error(ErrorCode::kBadParameter, 0, std::move(message));
}

Error missing_attribute() {
  return update_invalid(
      "The provided expression refers to an attribute that does not exist in the item");
}

Error wrong_data_type() {
  return update_invalid("An operand in the update expression has an incorrect data type");
}

Error invalid_document_path() {
  return update_invalid(
      "The document path provided in the update expression is invalid for update");
}

// ---------------------------------------------------------------- numbers

// Decimal digit strings without sign, most significant first.
std::string digits_add(const std::string& a, const std::string& b) {
  std::string out;
  int carry = 0;
  for (std::size_t i = 0; i < std::max(a.size(), b.size()) || carry != 0; ++i) {
    int d = carry;
    if (i < a.size()) d += a[a.size() - 1 - i] - '0';
    if (i < b.size()) d += b[b.size() - 1 - i] - '0';
    out.push_back(static_cast<char>('0' + d % 10));
    carry = d / 10;
  }
  std::reverse(out.begin(), out.end());
  return out;
}

int digits_compare(const std::string& a, const std::string& b) {
  const std::size_t za = std::min(a.find_first_not_of('0'), a.size());
  const std::size_t zb = std::min(b.find_first_not_of('0'), b.size());
  const std::string_view x = std::string_view(a).substr(za), y = std::string_view(b).substr(zb);
  if (x.size() != y.size()) return x.size() < y.size() ? -1 : 1;
  return x.compare(y) < 0 ? -1 : (x == y ? 0 : 1);
}

// REQUIRES: a >= b.
std::string digits_subtract(const std::string& a, const std::string& b) {
  std::string out;
  int borrow = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    int d = a[a.size() - 1 - i] - '0' - borrow;
    if (i < b.size()) d -= b[b.size() - 1 - i] - '0';
    borrow = d < 0 ? 1 : 0;
    out.push_back(static_cast<char>('0' + (d + 10) % 10));
  }
  std::reverse(out.begin(), out.end());
  return out;
}

// a + b (or a - b) exactly, then read back as a DynamoDB Number: a result
// out of range, or needing more than 38 digits, is DynamoDB's overflow (ALT
// test_number.py::test_update_expression_plus_overflow, _plus_imprecise).
Result<Number> add_numbers(const Number& a, const Number& b, bool subtract) {
  // value = +-digits x 10^(exponent - digit count)
  auto scale = [](const Number& n) { return n.exponent() - static_cast<int>(n.digits().size()); };
  if (a.is_zero() && b.is_zero()) return Number();
  int lo = 0;
  if (a.is_zero()) {
    lo = scale(b);
  } else if (b.is_zero()) {
    lo = scale(a);
  } else {
    lo = std::min(scale(a), scale(b));
  }
  auto aligned = [lo, &scale](const Number& n) {
    if (n.is_zero()) return std::string("0");
    return std::string(n.digits()) + std::string(static_cast<std::size_t>(scale(n) - lo), '0');
  };
  const std::string x = aligned(a), y = aligned(b);
  const bool xneg = a.is_negative();
  const bool yneg = b.is_negative() != subtract && !b.is_zero();
  std::string magnitude;
  bool negative = false;
  if (xneg == yneg) {
    magnitude = digits_add(x, y);
    negative = xneg;
  } else if (digits_compare(x, y) >= 0) {
    magnitude = digits_subtract(x, y);
    negative = xneg;
  } else {
    magnitude = digits_subtract(y, x);
    negative = yneg;
  }
  auto n = parse_number(fmt::format("{}{}e{}", negative ? "-" : "", magnitude, lo));
  if (n) return n;
  if (n.error().message.find("underflow") != std::string::npos) return n.error();
  return make_error(ErrorCode::kOutOfRange, 0,
                    "Number overflow. Attempting to store a number with magnitude larger than "
                    "supported range");
}

// ---------------------------------------------------------------- sets

bool is_set_type(AttributeType t) {
  return t == AttributeType::kSS || t == AttributeType::kNS || t == AttributeType::kBS;
}

// a united with b (remove: a without b). REQUIRES: one set type. Empty
// (remove of every element) is nullopt.
Result<std::optional<AttributeValue>> combine_sets(const AttributeValue& a, const AttributeValue& b,
                                                   bool remove) {
  if (a.type() == AttributeType::kNS) {
    std::vector<Number> out;
    auto has = [](const std::vector<Number>& v, const Number& n) {
      return std::any_of(v.begin(), v.end(),
                         [&](const Number& m) { return compare_numbers(m, n) == 0; });
    };
    for (const Number& n : a.as_numbers()) {
      if (!remove || !has(b.as_numbers(), n)) out.push_back(n);
    }
    if (!remove) {
      for (const Number& n : b.as_numbers()) {
        if (!has(out, n)) out.push_back(n);
      }
    }
    if (out.empty()) return std::optional<AttributeValue>();
    auto v = AttributeValue::NS(std::move(out));
    if (!v) return v.error();
    return std::optional<AttributeValue>(std::move(*v));
  }
  std::vector<std::string> out;
  auto has = [](const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
  };
  for (const std::string& s : a.as_strings()) {
    if (!remove || !has(b.as_strings(), s)) out.push_back(s);
  }
  if (!remove) {
    for (const std::string& s : b.as_strings()) {
      if (!has(out, s)) out.push_back(s);
    }
  }
  if (out.empty()) return std::optional<AttributeValue>();
  auto v = a.type() == AttributeType::kSS ? AttributeValue::SS(std::move(out))
                                          : AttributeValue::BS(std::move(out));
  if (!v) return v.error();
  return std::optional<AttributeValue>(std::move(*v));
}

// ---------------------------------------------------------------- evaluation

// The value of a SET operand, read from the item before the update.
Result<AttributeValue> operand_value(const UpdateOperand& o, const Item& before) {
  switch (o.kind) {
    case UpdateOperand::Kind::kValue:
      return o.value;
    case UpdateOperand::Kind::kPath: {
      const AttributeValue* v = resolve_path(o.path, before);
      if (v == nullptr) return missing_attribute();
      return *v;
    }
    case UpdateOperand::Kind::kIfNotExists: {
      if (const AttributeValue* v = resolve_path(o.path, before)) return *v;
      return operand_value(o.args[0], before);
    }
    case UpdateOperand::Kind::kListAppend: {
      AttributeValue::List out;
      for (const UpdateOperand& arg : o.args) {
        auto v = operand_value(arg, before);
        if (!v) return v;
        if (v->type() != AttributeType::kL) return wrong_data_type();
        out.insert(out.end(), v->as_list().begin(), v->as_list().end());
      }
      return AttributeValue::L(std::move(out));
    }
  }
  return missing_attribute();
}

Result<AttributeValue> set_value(const UpdateValue& v, const Item& before) {
  auto left = operand_value(v.left, before);
  if (!left || v.op == 0) return left;
  auto right = operand_value(v.right[0], before);
  if (!right) return right;
  if (left->type() != AttributeType::kN || right->type() != AttributeType::kN) {
    return wrong_data_type();
  }
  auto n = add_numbers(left->as_number(), right->as_number(), v.op == '-');
  if (!n) return n.error();
  return AttributeValue::N(*n);
}

// What an action makes of the value at its target (nullptr: none there):
// the new value, or nullopt for none.
using Change = std::function<Result<std::optional<AttributeValue>>(const AttributeValue*)>;

// `v` with the change applied at path[i..]. Errors: a step through a value
// that is missing or of the wrong type.
Result<AttributeValue> change_inside(const AttributeValue& v, const DocumentPath& path,
                                     std::size_t i, const Change& change) {
  const PathStep& step = path[i];
  const bool last = i + 1 == path.size();
  if (!step.is_index) {
    if (v.type() != AttributeType::kM) return invalid_document_path();
    AttributeValue::Map map = v.as_map();
    const auto it = map.find(step.name);
    const AttributeValue* child = it == map.end() ? nullptr : &it->second;
    std::optional<AttributeValue> next;
    if (last) {
      auto r = change(child);
      if (!r) return r.error();
      next = std::move(*r);
    } else {
      if (child == nullptr) return invalid_document_path();
      auto r = change_inside(*child, path, i + 1, change);
      if (!r) return r;
      next = std::move(*r);
    }
    if (next) {
      map.insert_or_assign(step.name, std::move(*next));
    } else if (it != map.end()) {
      map.erase(it);
    }
    return AttributeValue::M(std::move(map));
  }
  if (v.type() != AttributeType::kL) return invalid_document_path();
  AttributeValue::List list = v.as_list();
  const bool inside = step.index < list.size();
  if (!last) {
    if (!inside) return invalid_document_path();
    auto r = change_inside(list[step.index], path, i + 1, change);
    if (!r) return r;
    list[step.index] = std::move(*r);
    return AttributeValue::L(std::move(list));
  }
  auto r = change(inside ? &list[step.index] : nullptr);
  if (!r) return r.error();
  if (inside) {
    if (*r) {
      list[step.index] = std::move(**r);
    } else {
      list.erase(list.begin() + static_cast<std::ptrdiff_t>(step.index));  // later ones shift
    }
  } else if (*r) {
    list.push_back(std::move(**r));  // past the end: appended
  }
  return AttributeValue::L(std::move(list));
}

Result<void> change_item(Item& item, const DocumentPath& path, const Change& change) {
  const auto it = item.find(path[0].name);
  const AttributeValue* top = it == item.end() ? nullptr : &it->second;
  std::optional<AttributeValue> next;
  if (path.size() == 1) {
    auto r = change(top);
    if (!r) return r.error();
    next = std::move(*r);
  } else {
    if (top == nullptr) return invalid_document_path();
    auto r = change_inside(*top, path, 1, change);
    if (!r) return r.error();
    next = std::move(*r);
  }
  if (next) {
    item.insert_or_assign(path[0].name, std::move(*next));
  } else if (it != item.end()) {
    item.erase(it);
  }
  return {};
}

// Order of targets: step by step, names by bytes, indexes by value.
bool path_less(const DocumentPath& a, const DocumentPath& b) {
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    if (a[i] == b[i]) continue;
    if (a[i].is_index != b[i].is_index) return !a[i].is_index;
    return a[i].is_index ? a[i].index < b[i].index : a[i].name < b[i].name;
  }
  return a.size() < b.size();
}

Result<std::optional<AttributeValue>> add_to(const AttributeValue* current,
                                             const AttributeValue& operand) {
  if (current == nullptr) return std::optional<AttributeValue>(operand);
  if (current->type() != operand.type()) return wrong_data_type();
  if (operand.type() == AttributeType::kN) {
    auto n = add_numbers(current->as_number(), operand.as_number(), false);
    if (!n) return n.error();
    return std::optional<AttributeValue>(AttributeValue::N(*n));
  }
  return combine_sets(*current, operand, false);
}

Result<std::optional<AttributeValue>> delete_from(const AttributeValue* current,
                                                  const AttributeValue& operand) {
  if (current == nullptr) return std::optional<AttributeValue>();
  if (current->type() != operand.type() || !is_set_type(current->type())) return wrong_data_type();
  return combine_sets(*current, operand, true);
}

// ---------------------------------------------------------------- requests

Result<void> check_on_failure(ReturnValues r) {
  if (r == ReturnValues::kNone || r == ReturnValues::kAllOld) return {};
  return update_invalid(
      "1 validation error detected: Value at 'returnValuesOnConditionCheckFailure' failed to "
      "satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]");
}

// The request checks of a write that returns at most the old item
// (PutItem, DeleteItem): its condition parsed, every name and value used,
// ReturnValues and ReturnValuesOnConditionCheckFailure ALL_OLD or NONE.
Result<std::optional<Condition>> old_only_write(const std::optional<std::string>& text,
                                                const ExpressionAttributes& attributes,
                                                ReturnValues returns, ReturnValues on_failure) {
  ExpressionUses uses;
  std::optional<Condition> condition;
  if (text) {
    auto c = parse_condition(*text, ExpressionKind::kCondition, attributes, &uses);
    if (!c) return c.error();
    condition = std::move(*c);
  }
  if (auto ok = check_all_used(attributes, uses); !ok) return ok.error();
  if (auto ok = check_on_failure(on_failure); !ok) return ok.error();
  if (returns != ReturnValues::kNone && returns != ReturnValues::kAllOld) {
    return update_invalid("ReturnValues can only be ALL_OLD or NONE");
  }
  return condition;
}

// The condition's verdict on `old` (a missing item reads as an empty one:
// attribute_exists(<key>) is false there, reference §2 rule 4).
bool condition_holds(const std::optional<Condition>& c, const std::optional<Item>& old) {
  return !c || evaluate(*c, old.value_or(Item{}));
}

std::optional<Item> nonempty(Item item) {
  if (item.empty()) return std::nullopt;
  return item;
}

}  // namespace

Result<std::optional<Item>> apply_update(const UpdateExpression& update,
                                         const std::optional<Item>& old, const Item& key) {
  const Item& before = old ? *old : key;
  // Every SET value is read from the item before the update (reference §1.3).
  std::vector<std::optional<AttributeValue>> values(update.actions.size());
  bool creates = false;
  for (std::size_t i = 0; i < update.actions.size(); ++i) {
    const UpdateAction& a = update.actions[i];
    creates = creates || a.kind == UpdateAction::Kind::kSet || a.kind == UpdateAction::Kind::kAdd;
    if (a.kind != UpdateAction::Kind::kSet) continue;
    auto v = set_value(a.value, before);
    if (!v) return v.error();
    values[i] = std::move(*v);
  }
  // Writes in ascending path order (appends past a list's end in index
  // order), then what may take elements out (REMOVE, and DELETE of a set's
  // last elements) from the last element back, so that list positions stay
  // those of the item before the update.
  std::vector<std::size_t> order(update.actions.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto is_remove = [&](std::size_t i) {
    return update.actions[i].kind == UpdateAction::Kind::kRemove ||
           update.actions[i].kind == UpdateAction::Kind::kDelete;
  };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    if (is_remove(x) != is_remove(y)) return is_remove(y);
    if (is_remove(x)) return path_less(update.actions[y].path, update.actions[x].path);
    return path_less(update.actions[x].path, update.actions[y].path);
  });
  Item item = before;
  for (std::size_t i : order) {
    const UpdateAction& a = update.actions[i];
    Change change;
    // REMOVE and DELETE act on what the item held before: past the end of
    // the list it was, they leave alone what SET and ADD appended there.
    if (is_remove(i) && resolve_path(a.path, before) == nullptr) {
      if (!old && a.kind == UpdateAction::Kind::kRemove) continue;
      change = [](const AttributeValue* c) -> Result<std::optional<AttributeValue>> {
        return c == nullptr ? std::optional<AttributeValue>() : std::optional<AttributeValue>(*c);
      };
      if (auto ok = change_item(item, a.path, change); !ok) return ok.error();
      continue;
    }
    switch (a.kind) {
      case UpdateAction::Kind::kSet:
        change = [&values, i](const AttributeValue*) -> Result<std::optional<AttributeValue>> {
          return values[i];
        };
        break;
      case UpdateAction::Kind::kRemove:
        // A missing item has nothing to remove, nested paths included (ALT
        // test_nested_attribute_remove_from_missing_item).
        if (!old) continue;
        change = [](const AttributeValue*) -> Result<std::optional<AttributeValue>> {
          return std::optional<AttributeValue>();
        };
        break;
      case UpdateAction::Kind::kAdd:
        change = [&a](const AttributeValue* c) { return add_to(c, a.operand); };
        break;
      case UpdateAction::Kind::kDelete:
        change = [&a](const AttributeValue* c) { return delete_from(c, a.operand); };
        break;
    }
    if (auto ok = change_item(item, a.path, change); !ok) return ok.error();
  }
  // Only REMOVE and DELETE on a missing item write nothing (reference §1.1 rule 3).
  if (!old && !creates) return std::optional<Item>();
  return std::optional<Item>(std::move(item));
}

Result<WriteOutcome> update_item(Table& table, const UpdateItemRequest& r) {
  ExpressionUses uses;
  std::optional<UpdateExpression> update;
  if (r.update_expression) {
    auto u = parse_update(*r.update_expression, r.attributes, &uses);
    if (!u) return u.error();
    update = std::move(*u);
  }
  std::optional<Condition> condition;
  if (r.condition) {
    auto c = parse_condition(*r.condition, ExpressionKind::kCondition, r.attributes, &uses);
    if (!c) return c.error();
    condition = std::move(*c);
  }
  if (auto ok = check_all_used(r.attributes, uses); !ok) return ok.error();
  if (auto ok = check_on_failure(r.return_values_on_condition_check_failure); !ok)
    return ok.error();
  const TableSchema& schema = table.schema();
  if (update) {
    for (const UpdateAction& a : update->actions) {
      const std::string& top = a.path[0].name;
      if (top == schema.partition_key.name || (schema.sort_key && top == schema.sort_key->name)) {
        return update_invalid(fmt::format(
            "One or more parameter values were invalid: Cannot update attribute {}. This "
            "attribute is part of the key",
            top));
      }
    }
  }
  auto held = table.get(r.key);
  if (!held) return held.error();
  const std::optional<Item> old = std::move(*held);
  WriteOutcome out;
  if (!condition_holds(condition, old)) {
    out.condition_failed = true;
    if (r.return_values_on_condition_check_failure == ReturnValues::kAllOld) out.attributes = old;
    return out;
  }
  std::optional<Item> after = old ? old : std::optional<Item>(r.key);
  if (update) {
    auto applied = apply_update(*update, old, r.key);
    if (!applied) return applied.error();
    after = std::move(*applied);
  }
  if (after) {
    if (auto ok = table.put(*after); !ok) return ok.error();
  }
  std::vector<DocumentPath> targets;
  if (update) {
    for (const UpdateAction& a : update->actions) targets.push_back(a.path);
  }
  switch (r.return_values) {
    case ReturnValues::kNone:
      break;
    case ReturnValues::kAllOld:
      out.attributes = old;
      break;
    case ReturnValues::kAllNew:
      out.attributes = after;
      break;
    case ReturnValues::kUpdatedOld:
      if (old) out.attributes = nonempty(project_paths(*old, targets));
      break;
    case ReturnValues::kUpdatedNew:
      if (after) out.attributes = nonempty(project_paths(*after, targets));
      break;
  }
  return out;
}

Result<WriteOutcome> delete_item(Table& table, const DeleteItemRequest& r) {
  auto checked = old_only_write(r.condition, r.attributes, r.return_values,
                                r.return_values_on_condition_check_failure);
  if (!checked) return checked.error();
  const std::optional<Condition> condition = std::move(*checked);
  auto held = table.get(r.key);
  if (!held) return held.error();
  const std::optional<Item> old = std::move(*held);
  WriteOutcome out;
  if (!condition_holds(condition, old)) {
    out.condition_failed = true;
    if (r.return_values_on_condition_check_failure == ReturnValues::kAllOld) out.attributes = old;
    return out;
  }
  if (auto gone = table.delete_item(r.key); !gone) return gone.error();
  if (r.return_values == ReturnValues::kAllOld) out.attributes = old;
  return out;
}

Result<WriteOutcome> put_item(Table& table, const PutItemRequest& r) {
  auto checked = old_only_write(r.condition, r.attributes, r.return_values,
                                r.return_values_on_condition_check_failure);
  if (!checked) return checked.error();
  const std::optional<Condition> condition = std::move(*checked);
  const TableSchema& schema = table.schema();
  Item key;
  for (const KeyAttribute* k :
       {&schema.partition_key, schema.sort_key ? &*schema.sort_key : nullptr}) {
    if (k == nullptr) continue;
    if (auto at = r.item.find(k->name); at != r.item.end()) key.insert(*at);
  }
  // A key the table refuses reads as no item: put() below refuses it.
  std::optional<Item> old;
  if (auto held = table.get(key); held) old = std::move(*held);
  // Table::put is the one statement of a valid item, and DynamoDB refuses
  // an invalid item before it reads the condition: the item is written
  // first and the old one restored when the condition is false.
  if (auto ok = table.put(r.item); !ok) return ok.error();
  WriteOutcome out;
  if (!condition_holds(condition, old)) {
    if (old) {
      if (auto ok = table.put(*old); !ok) return ok.error();
    } else if (auto gone = table.delete_item(key); !gone) {
      return gone.error();
    }
    out.condition_failed = true;
    if (r.return_values_on_condition_check_failure == ReturnValues::kAllOld) out.attributes = old;
    return out;
  }
  if (r.return_values == ReturnValues::kAllOld) out.attributes = old;
  return out;
}

}  // namespace sortkey
