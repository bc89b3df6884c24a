// Reference implementation for tests; never link into the library.
// See naive_update.h; the rules and their sources are in RULES.md ("UpdateItem").

#include "oracles/naive_update.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "oracles/naive_decimal.h"

namespace sortkey::oracle {
namespace {

// A removed element, swept out of its list or map after every action ran,
// so that list positions are those of the item before the update.
constexpr const char* kTombstone = "\x7f removed \x7f";

NValue tombstone() {
  NValue v;
  v.t = NValue::T::NUL;
  v.s = kTombstone;
  return v;
}

bool is_tombstone(const NValue& v) { return v.t == NValue::T::NUL && v.s == kTombstone; }

bool same_step(const NStep& a, const NStep& b) {
  return a.is_index == b.is_index && (a.is_index ? a.index == b.index : a.name == b.name);
}

// Rule U-overlap: one path a prefix of the other (overlap), or a map key
// where the other has a list index at their first difference (conflict).
bool paths_clash(const NPath& a, const NPath& b) {
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (same_step(a[i], b[i])) continue;
    return a[i].is_index != b[i].is_index;
  }
  return true;
}

bool is_set(NValue::T t) { return t == NValue::T::SS || t == NValue::T::NS || t == NValue::T::BS; }

// ---------------------------------------------------------------- numbers

// Digit strings, most significant first.
std::string longhand_add(const std::string& a, const std::string& b) {
  std::string out;
  int carry = 0;
  std::size_t i = a.size(), j = b.size();
  while (i > 0 || j > 0 || carry > 0) {
    int d = carry;
    if (i > 0) d += a[--i] - '0';
    if (j > 0) d += b[--j] - '0';
    out.insert(out.begin(), static_cast<char>('0' + d % 10));
    carry = d / 10;
  }
  return out;
}

std::string strip_zeros(const std::string& s) {
  const std::size_t z = s.find_first_not_of('0');
  return z == std::string::npos ? "0" : s.substr(z);
}

bool longhand_less(const std::string& a, const std::string& b) {
  const std::string x = strip_zeros(a), y = strip_zeros(b);
  return x.size() != y.size() ? x.size() < y.size() : x < y;
}

// a - b. REQUIRES: a >= b.
std::string longhand_subtract(std::string a, const std::string& b) {
  std::size_t j = b.size();
  for (std::size_t i = a.size(); i > 0; --i) {
    int d = a[i - 1] - '0' - (j > 0 ? b[--j] - '0' : 0);
    if (d < 0) {
      d += 10;
      std::size_t k = i - 1;
      while (a[--k] == '0') a[k] = '9';  // borrow
      --a[k];
    }
    a[i - 1] = static_cast<char>('0' + d);
  }
  return a;
}

// The canonical text of a + b (a - b), or nullopt when the result is not a
// DynamoDB Number (out of range or more than 38 digits).
std::optional<std::string> number_sum(const std::string& a, const std::string& b, bool subtract) {
  const NaiveNumber x = read_number(a).value, y = read_number(b).value;
  // value = digits x 10^(sci - digits + 1): the power of the last digit.
  auto last_power = [](const NaiveNumber& n) {
    return n.sci - static_cast<long long>(n.digits.size()) + 1;
  };
  long long lo = 0;
  bool any = false;
  for (const NaiveNumber* n : {&x, &y}) {
    if (n->digits.empty()) continue;
    lo = any ? std::min(lo, last_power(*n)) : last_power(*n);
    any = true;
  }
  auto integer = [&](const NaiveNumber& n) {
    if (n.digits.empty()) return std::string("0");
    return n.digits + std::string(static_cast<std::size_t>(last_power(n) - lo), '0');
  };
  const std::string xi = integer(x), yi = integer(y);
  const bool xneg = x.negative, yneg = (y.negative != subtract) && !y.digits.empty();
  std::string mag;
  bool neg = false;
  if (xneg == yneg) {
    mag = longhand_add(xi, yi);
    neg = xneg;
  } else if (!longhand_less(xi, yi)) {
    mag = longhand_subtract(xi, yi);
    neg = xneg;
  } else {
    mag = longhand_subtract(yi, xi);
    neg = yneg;
  }
  const std::string text = (neg ? "-" : "") + mag + "e" + std::to_string(lo);
  const NaiveReading r = read_number(text);
  if (r.verdict != NaiveVerdict::kNumber) return std::nullopt;
  return canonical_text(r.value);
}

bool set_has(const NValue& set, const std::string& e) {
  for (const std::string& s : set.set) {
    if (set.t == NValue::T::NS ? naive_number_compare(s, e) == 0 : s == e) return true;
  }
  return false;
}

// ---------------------------------------------------------------- walking

// The value at the first n steps of the path in the item, or nullptr.
NValue* value_at(NItem& item, const NPath& path, std::size_t n) {
  NValue* v = nullptr;
  for (std::size_t i = 0; i < n; ++i) {
    const NStep& s = path[i];
    NValue* next = nullptr;
    if (i == 0) {
      for (auto& [name, value] : item) {
        if (name == s.name) next = &value;
      }
    } else if (s.is_index) {
      if (v->t == NValue::T::L && s.index < v->list.size()) next = &v->list[s.index];
    } else if (v->t == NValue::T::M) {
      for (NField& f : v->map) {
        if (f.first == s.name) next = &f.second;
      }
    }
    if (next == nullptr || is_tombstone(*next)) return nullptr;
    v = next;
  }
  return v;
}

const NValue* read_at(const NItem& item, const NPath& path) {
  return value_at(const_cast<NItem&>(item), path, path.size());
}

// Rule U-path: every step before the last exists, and the last one's
// container is a map (a name) or a list (an index).
bool parent_ok(NItem& item, const NPath& path) {
  if (path.size() == 1) return true;
  const NValue* p = value_at(item, path, path.size() - 1);
  if (p == nullptr) return false;
  return path.back().is_index ? p->t == NValue::T::L : p->t == NValue::T::M;
}

struct Evaluation {
  bool ok = true;
  std::string why;
  NValue value;
};

Evaluation refuse(std::string why) {
  Evaluation e;
  e.ok = false;
  e.why = std::move(why);
  return e;
}

Evaluation operand_of(const NUpdOperand& o, const NItem& before) {
  Evaluation e;
  switch (o.kind) {
    case NUpdOperand::Kind::kValue:
      e.value = o.value;
      return e;
    case NUpdOperand::Kind::kPath:
      if (const NValue* v = read_at(before, o.path)) {
        e.value = *v;
        return e;
      }
      return refuse("reads a missing attribute");
    case NUpdOperand::Kind::kIfNotExists:
      if (const NValue* v = read_at(before, o.path)) {
        e.value = *v;
        return e;
      }
      return operand_of(o.args[0], before);
    case NUpdOperand::Kind::kListAppend: {
      e.value.t = NValue::T::L;
      for (const NUpdOperand& a : o.args) {
        Evaluation part = operand_of(a, before);
        if (!part.ok) return part;
        if (part.value.t != NValue::T::L) return refuse("list_append of a stored non-list");
        for (const NValue& v : part.value.list) e.value.list.push_back(v);
      }
      return e;
    }
  }
  return refuse("?");
}

Evaluation set_value_of(const NUpdAction& a, const NItem& before) {
  Evaluation left = operand_of(a.operands[0], before);
  if (!left.ok || a.op == 0) return left;
  Evaluation right = operand_of(a.operands[1], before);
  if (!right.ok) return right;
  if (left.value.t != NValue::T::N || right.value.t != NValue::T::N) {
    return refuse("arithmetic on a stored non-number");
  }
  auto sum = number_sum(left.value.s, right.value.s, a.op == '-');
  if (!sum) return refuse("number overflow");
  Evaluation e;
  e.value = naive_scalar(NValue::T::N, *sum);
  return e;
}

// Whether a request constant is allowed where the tree puts it (rule
// U-constants), and no list_append sits directly in another.
bool operand_constants_ok(const NUpdOperand& o, const char* inside, char op) {
  switch (o.kind) {
    case NUpdOperand::Kind::kValue:
      if (op != 0 && o.value.t != NValue::T::N) return false;
      return std::string(inside) != "list_append" || o.value.t == NValue::T::L;
    case NUpdOperand::Kind::kPath:
      return true;
    case NUpdOperand::Kind::kIfNotExists:
      return operand_constants_ok(o.args[0], "if_not_exists", 0);
    case NUpdOperand::Kind::kListAppend:
      if (std::string(inside) == "list_append") return false;
      return operand_constants_ok(o.args[0], "list_append", 0) &&
             operand_constants_ok(o.args[1], "list_append", 0);
  }
  return false;
}

std::string request_refusal(const NUpdate& u) {
  for (const NUpdAction& a : u.actions) {
    if (a.kind == NUpdAction::Kind::kSet) {
      for (const NUpdOperand& o : a.operands) {
        // `:v + x` needs a Number; a function as an operand of + or - is
        // checked when evaluated.
        if (!operand_constants_ok(o, "", a.op)) return "a constant of the wrong type in SET";
      }
    }
    if (a.kind == NUpdAction::Kind::kAdd && a.constant.t != NValue::T::N && !is_set(a.constant.t)) {
      return "ADD of a constant neither a number nor a set";
    }
    if (a.kind == NUpdAction::Kind::kDelete && !is_set(a.constant.t)) {
      return "DELETE of a constant not a set";
    }
  }
  for (std::size_t i = 0; i < u.actions.size(); ++i) {
    for (std::size_t j = i + 1; j < u.actions.size(); ++j) {
      if (paths_clash(u.actions[i].path, u.actions[j].path)) return "two paths overlap or conflict";
    }
  }
  return "";
}

// Puts `v` at the path: replaces what is there, adds a map key, or (a list
// index past the end) records an append for later.
struct Append {
  NPath list;
  std::size_t index;
  NValue value;
};

void put_at(NItem& item, const NPath& path, NValue v, std::vector<Append>& appends) {
  if (path.size() == 1) {
    for (auto& [name, value] : item) {
      if (name == path[0].name) {
        value = std::move(v);
        return;
      }
    }
    item.emplace_back(path[0].name, std::move(v));
    return;
  }
  NValue* parent = value_at(item, path, path.size() - 1);
  const NStep& last = path.back();
  if (last.is_index) {
    if (last.index < parent->list.size()) {
      parent->list[last.index] = std::move(v);
    } else {
      appends.push_back({NPath(path.begin(), path.end() - 1), last.index, std::move(v)});
    }
    return;
  }
  for (NField& f : parent->map) {
    if (f.first == last.name) {
      f.second = std::move(v);
      return;
    }
  }
  parent->map.emplace_back(last.name, std::move(v));
}

void sweep(NValue& v) {
  if (v.t == NValue::T::L) {
    std::erase_if(v.list, is_tombstone);
    for (NValue& e : v.list) sweep(e);
  } else if (v.t == NValue::T::M) {
    std::erase_if(v.map, [](const NField& f) { return is_tombstone(f.second); });
    for (NField& f : v.map) sweep(f.second);
  }
}

struct Applied {
  bool ok = true;
  std::string why;
  std::optional<NItem> item;
};

Applied apply(const NUpdate& u, const std::optional<NItem>& old, const NItem& key) {
  const NItem before = old ? *old : key;
  NItem item = before;
  std::vector<Append> appends;
  bool creates = false;
  for (const NUpdAction& a : u.actions) {
    creates = creates || a.kind == NUpdAction::Kind::kSet || a.kind == NUpdAction::Kind::kAdd;
    if (a.kind == NUpdAction::Kind::kRemove && !old) continue;  // nothing to remove
    if (!parent_ok(item, a.path)) return {false, "a path through a missing or wrong parent", {}};
    NValue* current = value_at(item, a.path, a.path.size());
    switch (a.kind) {
      case NUpdAction::Kind::kSet: {
        Evaluation e = set_value_of(a, before);
        if (!e.ok) return {false, e.why, {}};
        put_at(item, a.path, e.value, appends);
        break;
      }
      case NUpdAction::Kind::kRemove:
        if (current != nullptr) *current = tombstone();
        break;
      case NUpdAction::Kind::kAdd: {
        NValue next = a.constant;
        if (current != nullptr) {
          if (current->t != a.constant.t) return {false, "ADD to a value of another type", {}};
          next = *current;
          if (a.constant.t == NValue::T::N) {
            auto sum = number_sum(current->s, a.constant.s, false);
            if (!sum) return {false, "number overflow", {}};
            next = naive_scalar(NValue::T::N, *sum);
          } else {
            for (const std::string& e : a.constant.set) {
              if (!set_has(next, e)) next.set.push_back(e);
            }
          }
        }
        put_at(item, a.path, next, appends);
        break;
      }
      case NUpdAction::Kind::kDelete: {
        if (current == nullptr) break;
        if (current->t != a.constant.t) return {false, "DELETE from a value of another type", {}};
        NValue left = *current;
        std::erase_if(left.set, [&](const std::string& e) { return set_has(a.constant, e); });
        *current = left.set.empty() ? tombstone() : left;
        break;
      }
    }
  }
  // Appends past a list's end, in ascending index order per list.
  std::stable_sort(appends.begin(), appends.end(),
                   [](const Append& x, const Append& y) { return x.index < y.index; });
  for (Append& ap : appends) {
    NValue* list = value_at(item, ap.list, ap.list.size());
    list->list.push_back(std::move(ap.value));
  }
  std::erase_if(item, [](const auto& kv) { return is_tombstone(kv.second); });
  for (auto& kv : item) sweep(kv.second);
  if (!old && !creates) return {true, "", std::nullopt};
  return {true, "", std::move(item)};
}

std::optional<NItem> nonempty(NItem item) {
  if (item.empty()) return std::nullopt;
  return item;
}

std::string show_path(const NPath& p) {
  std::string out;
  for (const NStep& s : p) {
    if (s.is_index) {
      out += "[" + std::to_string(s.index) + "]";
    } else {
      out += (out.empty() ? "" : ".") + s.name;
    }
  }
  return out;
}

std::string show_operand(const NUpdOperand& o) {
  switch (o.kind) {
    case NUpdOperand::Kind::kValue:
      return naive_show(o.value);
    case NUpdOperand::Kind::kPath:
      return show_path(o.path);
    case NUpdOperand::Kind::kIfNotExists:
      return "if_not_exists(" + show_path(o.path) + ", " + show_operand(o.args[0]) + ")";
    case NUpdOperand::Kind::kListAppend:
      return "list_append(" + show_operand(o.args[0]) + ", " + show_operand(o.args[1]) + ")";
  }
  return "?";
}

NWriteAnswer refused(std::string why) {
  NWriteAnswer a;
  a.verdict = NWriteAnswer::Verdict::kRefused;
  a.why = std::move(why);
  return a;
}

}  // namespace

std::string naive_update_refusal(const NUpdate& u) { return request_refusal(u); }

NWriteAnswer naive_update_item(NaiveTable& table, const NUpdateRequest& r) {
  if (r.update) {
    if (std::string why = request_refusal(*r.update); !why.empty()) return refused(why);
  }
  if (r.condition) {
    if (std::string why = naive_refusal(*r.condition); !why.empty()) return refused(why);
  }
  if (r.update) {
    for (const NUpdAction& a : r.update->actions) {
      for (const NKey& k : naive_table_keys(table.schema())) {
        if (a.path[0].name == k.name) return refused("a table key attribute updated");
      }
    }
  }
  const std::optional<NItem> old = table.get(r.key);
  NWriteAnswer out;
  if (r.condition && !naive_eval(*r.condition, old.value_or(NItem{}))) {
    out.verdict = NWriteAnswer::Verdict::kConditionFailed;
    if (r.old_on_failure) out.attributes = old;
    return out;
  }
  std::optional<NItem> after = old ? old : std::optional<NItem>(r.key);
  std::vector<NPath> targets;
  if (r.update) {
    Applied applied = apply(*r.update, old, r.key);
    if (!applied.ok) return refused(applied.why);
    after = std::move(applied.item);
    for (const NUpdAction& a : r.update->actions) targets.push_back(a.path);
  }
  if (after && !table.put(*after)) return refused("the updated item is not a valid item");
  switch (r.return_values) {
    case NReturn::kNone:
      break;
    case NReturn::kAllOld:
      out.attributes = old;
      break;
    case NReturn::kAllNew:
      out.attributes = after;
      break;
    case NReturn::kUpdatedOld:
      if (old) out.attributes = nonempty(naive_project(*old, targets));
      break;
    case NReturn::kUpdatedNew:
      if (after) out.attributes = nonempty(naive_project(*after, targets));
      break;
  }
  return out;
}

NWriteAnswer naive_delete_item(NaiveTable& table, const NItem& key,
                               const std::optional<NCond>& condition, NReturn return_values,
                               bool old_on_failure) {
  if (condition) {
    if (std::string why = naive_refusal(*condition); !why.empty()) return refused(why);
  }
  if (return_values != NReturn::kNone && return_values != NReturn::kAllOld) {
    return refused("DeleteItem returns ALL_OLD or NONE only");
  }
  const std::optional<NItem> old = table.get(key);
  NWriteAnswer out;
  if (condition && !naive_eval(*condition, old.value_or(NItem{}))) {
    out.verdict = NWriteAnswer::Verdict::kConditionFailed;
    if (old_on_failure) out.attributes = old;
    return out;
  }
  table.erase(key);
  if (return_values == NReturn::kAllOld) out.attributes = old;
  return out;
}

NWriteAnswer naive_put_item(NaiveTable& table, const NItem& item,
                            const std::optional<NCond>& condition, NReturn return_values,
                            bool old_on_failure) {
  if (condition) {
    if (std::string why = naive_refusal(*condition); !why.empty()) return refused(why);
  }
  if (return_values != NReturn::kNone && return_values != NReturn::kAllOld) {
    return refused("PutItem returns ALL_OLD or NONE only");
  }
  if (!table.can_put(item)) return refused("the item");
  const std::optional<NItem> old = table.get(item);
  NWriteAnswer out;
  if (condition && !naive_eval(*condition, old.value_or(NItem{}))) {
    out.verdict = NWriteAnswer::Verdict::kConditionFailed;
    if (old_on_failure) out.attributes = old;
    return out;
  }
  table.put(item);
  if (return_values == NReturn::kAllOld) out.attributes = old;
  return out;
}

std::string naive_show(const NUpdate& u) {
  static const char* const kNames[] = {"SET", "REMOVE", "ADD", "DELETE"};
  std::string out;
  for (int kind = 0; kind < 4; ++kind) {
    std::string clause;
    for (const NUpdAction& a : u.actions) {
      if (static_cast<int>(a.kind) != kind) continue;
      clause += clause.empty() ? std::string(kNames[kind]) + " " : ", ";
      clause += show_path(a.path);
      if (a.kind == NUpdAction::Kind::kSet) {
        clause += " = " + show_operand(a.operands[0]);
        if (a.op != 0) clause += std::string(" ") + a.op + " " + show_operand(a.operands[1]);
      } else if (a.kind != NUpdAction::Kind::kRemove) {
        clause += " " + naive_show(a.constant);
      }
    }
    if (!clause.empty()) out += (out.empty() ? "" : " ") + clause;
  }
  return out;
}

}  // namespace sortkey::oracle
