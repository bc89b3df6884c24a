#include "oracles/naive_query.h"

#include <algorithm>
#include <map>
#include <span>
#include <unordered_map>

#include "oracles/naive_decimal.h"

namespace sortkey::oracle {
namespace {

constexpr std::size_t kMegabyte = 1024 * 1024;
constexpr std::size_t kMaxItem = 400 * 1024;

bool is_scalar(NValue::T t) { return t == NValue::T::S || t == NValue::T::N || t == NValue::T::B; }

// The value of an operand for one item; `present` false when missing.
struct Got {
  bool present = false;
  NValue value;
};

const NValue* walk(const std::vector<NStep>& path, const NItem& item) {
  const NValue* v = naive_get(item, path.front().name);
  for (std::size_t i = 1; v != nullptr && i < path.size(); ++i) {
    const NStep& s = path[i];
    if (s.is_index) {
      v = (v->t == NValue::T::L && s.index < v->list.size()) ? &v->list[s.index] : nullptr;
    } else if (v->t == NValue::T::M) {
      const NValue* found = nullptr;
      for (const auto& [k, e] : v->map) {
        if (k == s.name) found = &e;
      }
      v = found;
    } else {
      v = nullptr;
    }
  }
  return v;
}

Got operand(const NOperand& o, const NItem& item) {
  Got g;
  if (o.kind == NOperand::Kind::kValue) {
    g.present = true;
    g.value = o.value;
    return g;
  }
  const NValue* v = walk(o.path, item);
  if (v == nullptr) return g;
  if (o.kind == NOperand::Kind::kPath) {
    g.present = true;
    g.value = *v;
    return g;
  }
  std::size_t n = 0;
  switch (v->t) {
    case NValue::T::S:
    case NValue::T::B:
      n = v->s.size();
      break;  // bytes of the UTF-8 text
    case NValue::T::L:
      n = v->list.size();
      break;
    case NValue::T::M:
      n = v->map.size();
      break;
    case NValue::T::SS:
    case NValue::T::NS:
    case NValue::T::BS:
      n = v->set.size();
      break;
    default:
      return g;  // N, BOOL, NULL: no size
  }
  g.present = true;
  g.value.t = NValue::T::N;
  g.value.s = std::to_string(n);
  return g;
}

bool equal_got(const Got& a, const Got& b) {
  return a.present && b.present && naive_equal(a.value, b.value);
}

// <, <=, >, >= : both present, the same scalar type.
bool order_got(const Got& a, const Got& b, int want_low, int want_high) {
  if (!a.present || !b.present || a.value.t != b.value.t || !is_scalar(a.value.t)) return false;
  const int c = naive_compare_scalar(a.value, b.value);
  return c >= want_low && c <= want_high;
}

bool contains_value(const NValue& hay, const NValue& needle) {
  switch (hay.t) {
    case NValue::T::S:
    case NValue::T::B:
      return needle.t == hay.t && hay.s.find(needle.s) != std::string::npos;
    case NValue::T::SS:
    case NValue::T::BS: {
      const NValue::T element = hay.t == NValue::T::SS ? NValue::T::S : NValue::T::B;
      if (needle.t != element) return false;
      return std::find(hay.set.begin(), hay.set.end(), needle.s) != hay.set.end();
    }
    case NValue::T::NS: {
      if (needle.t != NValue::T::N) return false;
      for (const std::string& x : hay.set) {
        if (naive_number_compare(x, needle.s) == 0) return true;
      }
      return false;
    }
    case NValue::T::L:
      for (const NValue& e : hay.list) {
        if (naive_equal(e, needle)) return true;
      }
      return false;
    default:
      return false;
  }
}

bool key_value_ok(const NValue* v, const NKey& k, std::size_t limit) {
  if (v == nullptr || v->t != k.type) return false;
  if (k.type == NValue::T::N) return true;
  return !v->s.empty() && v->s.size() <= limit;
}

// Every Number text in the value is a DynamoDB Number.
bool numbers_valid(const NValue& v) {
  if (v.t == NValue::T::N) return naive_number_valid(v.s);
  if (v.t == NValue::T::NS) {
    for (const std::string& e : v.set) {
      if (!naive_number_valid(e)) return false;
    }
  }
  for (const NValue& e : v.list) {
    if (!numbers_valid(e)) return false;
  }
  for (const NField& f : v.map) {
    if (!numbers_valid(f.second)) return false;
  }
  return true;
}

bool has_attrs(const NItem& item, const std::vector<NKey>& keys) {
  for (const NKey& k : keys) {
    if (naive_get(item, k.name) == nullptr) return false;
  }
  return true;
}

void set_attr(NItem& item, const std::string& name, const NValue& v) {
  for (auto& [k, e] : item) {
    if (k == name) {
      e = v;
      return;
    }
  }
  item.emplace_back(name, v);
}

void remove_attr(NItem& item, const std::string& name) {
  item.erase(
      std::remove_if(item.begin(), item.end(), [&](const auto& p) { return p.first == name; }),
      item.end());
}

// Naive multiset equality of items: each item of `a` matched to a distinct
// equal item of `b`.
bool same_multiset(std::span<const NItem> a, std::span<const NItem> b) {
  if (a.size() != b.size()) return false;
  std::vector<bool> used(b.size(), false);
  for (const NItem& x : a) {
    bool found = false;
    for (std::size_t j = 0; j < b.size() && !found; ++j) {
      if (!used[j] && naive_items_equal(x, b[j])) found = used[j] = true;
    }
    if (!found) return false;
  }
  return true;
}

}  // namespace

const char* naive_type_name(NValue::T t) {
  switch (t) {
    case NValue::T::S:
      return "S";
    case NValue::T::N:
      return "N";
    case NValue::T::B:
      return "B";
    case NValue::T::BOOL:
      return "BOOL";
    case NValue::T::NUL:
      return "NULL";
    case NValue::T::L:
      return "L";
    case NValue::T::M:
      return "M";
    case NValue::T::SS:
      return "SS";
    case NValue::T::NS:
      return "NS";
    case NValue::T::BS:
      return "BS";
  }
  return "?";
}

// Numbers are read by naive_decimal, the oracles' one statement of what a
// DynamoDB Number is. A reading is remembered (a pure function's result: the
// same text reads the same), since a sort or a check reads the same few
// numbers over and over; the memory is forgotten when it grows large. It is
// hashed: as an ordered map, its string comparisons were most of a reading.
namespace {
struct TextHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view text) const {
    return std::hash<std::string_view>{}(text);
  }
};

NaiveReading reading_of(std::string_view text) {
  thread_local std::unordered_map<std::string, NaiveReading, TextHash, std::equal_to<>> read;
  if (auto at = read.find(text); at != read.end()) return at->second;
  if (read.size() >= 4096) read.clear();
  return read.emplace(std::string(text), read_number(text)).first->second;
}
}  // namespace

bool naive_number_valid(std::string_view text) {
  return reading_of(text).verdict == NaiveVerdict::kNumber;
}

int naive_number_compare(std::string_view a, std::string_view b) {
  if (a == b) return 0;  // the same text reads as the same number
  return compare_numbers_longhand(reading_of(a).value, reading_of(b).value);
}

std::size_t naive_number_digits(std::string_view text) {
  const NaiveNumber n = reading_of(text).value;
  return n.digits.empty() ? 1 : n.digits.size();
}

bool naive_equal(const NValue& a, const NValue& b) {
  if (a.t != b.t) return false;
  switch (a.t) {
    case NValue::T::S:
    case NValue::T::B:
      return a.s == b.s;
    case NValue::T::N:
      return naive_number_compare(a.s, b.s) == 0;
    case NValue::T::BOOL:
      return a.b == b.b;
    case NValue::T::NUL:
      return true;
    case NValue::T::L:
      if (a.list.size() != b.list.size()) return false;
      for (std::size_t i = 0; i < a.list.size(); ++i) {
        if (!naive_equal(a.list[i], b.list[i])) return false;
      }
      return true;
    case NValue::T::M:
      if (a.map.size() != b.map.size()) return false;
      for (const auto& [k, v] : a.map) {
        bool found = false;
        for (const auto& [k2, v2] : b.map) found = found || (k == k2 && naive_equal(v, v2));
        if (!found) return false;
      }
      return true;
    case NValue::T::SS:
    case NValue::T::BS:
      if (a.set.size() != b.set.size()) return false;
      for (const std::string& x : a.set) {
        if (std::find(b.set.begin(), b.set.end(), x) == b.set.end()) return false;
      }
      return true;
    case NValue::T::NS:
      if (a.set.size() != b.set.size()) return false;
      for (const std::string& x : a.set) {
        bool found = false;
        for (const std::string& y : b.set) found = found || naive_number_compare(x, y) == 0;
        if (!found) return false;
      }
      return true;
  }
  return false;
}

bool naive_items_equal(const NItem& a, const NItem& b) {
  if (a.size() != b.size()) return false;
  for (const auto& [name, v] : a) {
    const NValue* w = naive_get(b, name);
    if (w == nullptr || !naive_equal(v, *w)) return false;
  }
  return true;
}

int naive_compare_scalar(const NValue& a, const NValue& b) {
  if (a.t == NValue::T::N) return naive_number_compare(a.s, b.s);
  return a.s < b.s ? -1 : (a.s > b.s ? 1 : 0);  // std::string compares unsigned bytes
}

std::size_t naive_value_size(const NValue& v) {
  auto number = [](const std::string& text) {
    const std::size_t d = naive_number_digits(text);
    return 1 + d / 2 + d % 2;
  };
  std::size_t n = 0;
  switch (v.t) {
    case NValue::T::S:
    case NValue::T::B:
      return v.s.size();
    case NValue::T::N:
      return number(v.s);
    case NValue::T::BOOL:
    case NValue::T::NUL:
      return 1;
    case NValue::T::SS:
    case NValue::T::BS:
      for (const std::string& x : v.set) n += x.size();
      return n;
    case NValue::T::NS:
      for (const std::string& x : v.set) n += number(x);
      return n;
    case NValue::T::L:
      n = 3;
      for (const NValue& e : v.list) n += 1 + naive_value_size(e);
      return n;
    case NValue::T::M:
      n = 3;
      for (const auto& [k, e] : v.map) n += 1 + k.size() + naive_value_size(e);
      return n;
  }
  return 0;
}

std::size_t naive_item_size(const NItem& item) {
  std::size_t n = 0;
  for (const auto& [k, v] : item) n += k.size() + naive_value_size(v);
  return n;
}

const NValue* naive_get(const NItem& item, std::string_view name) {
  for (const auto& [k, v] : item) {
    if (k == name) return &v;
  }
  return nullptr;
}

std::string naive_show(const NValue& v) {
  auto quote = [](const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
      const auto u = static_cast<unsigned char>(c);
      if (u < 0x20 || u >= 0x7f || c == '"' || c == '\\') {
        const char* hex = "0123456789ABCDEF";
        out += "\\x";
        out += hex[u >> 4];
        out += hex[u & 15];
      } else {
        out += c;
      }
    }
    return out + "\"";
  };
  std::string out = std::string("{") + naive_type_name(v.t) + ":";
  switch (v.t) {
    case NValue::T::S:
    case NValue::T::B:
    case NValue::T::N:
      out += v.t == NValue::T::N ? v.s : quote(v.s);
      break;
    case NValue::T::BOOL:
      out += v.b ? "true" : "false";
      break;
    case NValue::T::NUL:
      out += "true";
      break;
    case NValue::T::L:
      out += "[";
      for (std::size_t i = 0; i < v.list.size(); ++i) out += (i ? "," : "") + naive_show(v.list[i]);
      out += "]";
      break;
    case NValue::T::M:
      out += "{";
      for (std::size_t i = 0; i < v.map.size(); ++i) {
        out += (i ? "," : "") + quote(v.map[i].first) + ":" + naive_show(v.map[i].second);
      }
      out += "}";
      break;
    default:
      out += "[";
      for (std::size_t i = 0; i < v.set.size(); ++i)
        out += (i ? "," : "") + (v.t == NValue::T::NS ? v.set[i] : quote(v.set[i]));
      out += "]";
  }
  return out + "}";
}

std::string naive_show(const NItem& item) {
  NItem sorted = item;
  std::sort(sorted.begin(), sorted.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string out = "{";
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    out += (i ? ", " : "") + sorted[i].first + ": " + naive_show(sorted[i].second);
  }
  return out + "}";
}

namespace {

std::string show_operand(const NOperand& o) {
  if (o.kind == NOperand::Kind::kValue) return naive_show(o.value);
  std::string p;
  for (const NStep& s : o.path) {
    if (s.is_index) {
      p += "[" + std::to_string(s.index) + "]";
    } else {
      p += (p.empty() ? "" : ".") + s.name;
    }
  }
  return o.kind == NOperand::Kind::kSize ? "size(" + p + ")" : p;
}

}  // namespace

std::string naive_show(const NCond& c) {
  static const char* const kOps[] = {"=", "<>", "<", "<=", ">", ">="};
  switch (c.op) {
    case NCond::Op::kAnd:
      return "(" + naive_show(c.kids[0]) + " AND " + naive_show(c.kids[1]) + ")";
    case NCond::Op::kOr:
      return "(" + naive_show(c.kids[0]) + " OR " + naive_show(c.kids[1]) + ")";
    case NCond::Op::kNot:
      return "NOT " + naive_show(c.kids[0]);
    case NCond::Op::kBetween:
      return show_operand(c.args[0]) + " BETWEEN " + show_operand(c.args[1]) + " AND " +
             show_operand(c.args[2]);
    case NCond::Op::kIn: {
      std::string s = show_operand(c.args[0]) + " IN (";
      for (std::size_t i = 1; i < c.args.size(); ++i)
        s += (i > 1 ? ", " : "") + show_operand(c.args[i]);
      return s + ")";
    }
    case NCond::Op::kExists:
      return "attribute_exists(" + show_operand(c.args[0]) + ")";
    case NCond::Op::kNotExists:
      return "attribute_not_exists(" + show_operand(c.args[0]) + ")";
    case NCond::Op::kType:
      return "attribute_type(" + show_operand(c.args[0]) + ", " + c.type_name + ")";
    case NCond::Op::kBeginsWith:
      return "begins_with(" + show_operand(c.args[0]) + ", " + show_operand(c.args[1]) + ")";
    case NCond::Op::kContains:
      return "contains(" + show_operand(c.args[0]) + ", " + show_operand(c.args[1]) + ")";
    default:
      return show_operand(c.args[0]) + " " + kOps[static_cast<int>(c.op)] + " " +
             show_operand(c.args[1]);
  }
}

namespace {

bool same_path(const NOperand& a, const NOperand& b) {
  if (a.kind != NOperand::Kind::kPath || b.kind != NOperand::Kind::kPath) return false;
  if (a.path.size() != b.path.size()) return false;
  for (std::size_t i = 0; i < a.path.size(); ++i) {
    const NStep& x = a.path[i];
    const NStep& y = b.path[i];
    if (x.is_index != y.is_index) return false;
    if (x.is_index ? x.index != y.index : x.name != y.name) return false;
  }
  return true;
}

const char* operator_name(NCond::Op op) {
  static const char* const kNames[] = {"=", "<>", "<", "<=", ">", ">=", "BETWEEN", "IN"};
  switch (op) {
    case NCond::Op::kBeginsWith:
      return "begins_with";
    case NCond::Op::kContains:
      return "contains";
    default:
      return kNames[static_cast<int>(op)];
  }
}

std::string distinct_refusal(const NCond& c) {
  for (std::size_t i = 1; i < c.args.size(); ++i) {
    if (!same_path(c.args[0], c.args[i])) continue;
    std::string path;
    for (const NStep& s : c.args[0].path) {
      path +=
          (path.empty() ? "" : ", ") + (s.is_index ? "[" + std::to_string(s.index) + "]" : s.name);
    }
    return std::string(
               "The first operand must be distinct from the remaining operands for this "
               "operator or function; operator: ") +
           operator_name(c.op) + ", first operand: [" + path + "]";
  }
  return "";
}

std::string between_refusal(const NCond& c) {
  const NOperand& lo = c.args[1];
  const NOperand& hi = c.args[2];
  if (lo.kind != NOperand::Kind::kValue || hi.kind != NOperand::Kind::kValue) return "";
  if (lo.value.t != hi.value.t)
    return "The BETWEEN operator requires same data type for lower and upper bounds";
  if (is_scalar(lo.value.t) && naive_compare_scalar(lo.value, hi.value) > 0)
    return "The BETWEEN operator requires upper bound to be greater than or equal to lower bound";
  return "";
}

std::string begins_with_refusal(const NCond& c) {
  for (const NOperand& o : c.args) {
    if (o.kind == NOperand::Kind::kValue && o.value.t != NValue::T::S &&
        o.value.t != NValue::T::B) {
      return std::string(
                 "Incorrect operand type for operator or function; operator or function: "
                 "begins_with, operand type: ") +
             naive_type_name(o.value.t);
    }
  }
  return "";
}

bool is_type_name(const std::string& name) {
  for (const char* t : {"S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS"}) {
    if (name == t) return true;
  }
  return false;
}

}  // namespace

std::string naive_refusal(const NCond& c) {
  for (const NCond& kid : c.kids) {
    if (std::string why = naive_refusal(kid); !why.empty()) return why;
  }
  switch (c.op) {
    case NCond::Op::kAnd:
    case NCond::Op::kOr:
    case NCond::Op::kNot:
    case NCond::Op::kExists:
    case NCond::Op::kNotExists:
      return "";
    case NCond::Op::kType:
      if (is_type_name(c.type_name)) return "";
      return "Invalid attribute type name found; type: " + c.type_name +
             ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}";
    default:
      break;
  }
  if (std::string why = distinct_refusal(c); !why.empty()) return why;
  if (c.op == NCond::Op::kBetween) return between_refusal(c);
  if (c.op == NCond::Op::kBeginsWith) return begins_with_refusal(c);
  return "";
}

namespace {

// The value made of what the (path rest, value) pairs reach below one
// step: the value itself when a path ends here, else a map of the names or
// a list of the indexes read next, smallest index first.
NValue projected(const std::vector<std::pair<std::vector<NStep>, NValue>>& reached) {
  for (const auto& [rest, v] : reached) {
    if (rest.empty()) return v;
  }
  NValue out;
  out.t = reached.front().first.front().is_index ? NValue::T::L : NValue::T::M;
  std::vector<NStep> heads;
  for (const auto& [rest, v] : reached) {
    const NStep& h = rest.front();
    const bool seen = std::any_of(heads.begin(), heads.end(), [&](const NStep& x) {
      return x.is_index ? x.index == h.index : x.name == h.name;
    });
    if (!seen) heads.push_back(h);
  }
  std::sort(heads.begin(), heads.end(),
            [](const NStep& a, const NStep& b) { return a.index < b.index; });
  for (const NStep& h : heads) {
    std::vector<std::pair<std::vector<NStep>, NValue>> below;
    for (const auto& [rest, v] : reached) {
      const NStep& r = rest.front();
      if (h.is_index ? r.index == h.index : r.name == h.name)
        below.emplace_back(std::vector<NStep>(rest.begin() + 1, rest.end()), v);
    }
    if (h.is_index) {
      out.list.push_back(projected(below));
    } else {
      out.map.emplace_back(h.name, projected(below));
    }
  }
  return out;
}

}  // namespace

NItem naive_project(const NItem& item, const std::vector<std::vector<NStep>>& paths) {
  NItem out;
  for (const auto& [name, v] : item) {
    std::vector<std::pair<std::vector<NStep>, NValue>> reached;
    for (const std::vector<NStep>& p : paths) {
      if (p.empty() || p[0].is_index || p[0].name != name) continue;
      if (const NValue* at = walk(p, item))
        reached.emplace_back(std::vector<NStep>(p.begin() + 1, p.end()), *at);
    }
    if (!reached.empty()) out.emplace_back(name, projected(reached));
  }
  return out;
}

bool naive_eval(const NCond& c, const NItem& item) {
  switch (c.op) {
    case NCond::Op::kAnd:
      return naive_eval(c.kids[0], item) && naive_eval(c.kids[1], item);
    case NCond::Op::kOr:
      return naive_eval(c.kids[0], item) || naive_eval(c.kids[1], item);
    case NCond::Op::kNot:
      return !naive_eval(c.kids[0], item);
    case NCond::Op::kEq:
      return equal_got(operand(c.args[0], item), operand(c.args[1], item));
    case NCond::Op::kNe:
      return !equal_got(operand(c.args[0], item), operand(c.args[1], item));
    case NCond::Op::kLt:
      return order_got(operand(c.args[0], item), operand(c.args[1], item), -1, -1);
    case NCond::Op::kLe:
      return order_got(operand(c.args[0], item), operand(c.args[1], item), -1, 0);
    case NCond::Op::kGt:
      return order_got(operand(c.args[0], item), operand(c.args[1], item), 1, 1);
    case NCond::Op::kGe:
      return order_got(operand(c.args[0], item), operand(c.args[1], item), 0, 1);
    case NCond::Op::kBetween: {
      const Got x = operand(c.args[0], item);
      return order_got(x, operand(c.args[1], item), 0, 1) &&
             order_got(x, operand(c.args[2], item), -1, 0);
    }
    case NCond::Op::kIn: {
      const Got x = operand(c.args[0], item);
      for (std::size_t i = 1; i < c.args.size(); ++i) {
        if (equal_got(x, operand(c.args[i], item))) return true;
      }
      return false;
    }
    case NCond::Op::kExists:
      return walk(c.args[0].path, item) != nullptr;
    case NCond::Op::kNotExists:
      return walk(c.args[0].path, item) == nullptr;
    case NCond::Op::kType: {
      const NValue* v = walk(c.args[0].path, item);
      return v != nullptr && c.type_name == naive_type_name(v->t);
    }
    case NCond::Op::kBeginsWith: {
      const Got a = operand(c.args[0], item);
      const Got b = operand(c.args[1], item);
      if (!a.present || !b.present || a.value.t != b.value.t) return false;
      if (a.value.t != NValue::T::S && a.value.t != NValue::T::B) return false;
      return a.value.s.size() >= b.value.s.size() &&
             a.value.s.compare(0, b.value.s.size(), b.value.s) == 0;
    }
    case NCond::Op::kContains: {
      const Got a = operand(c.args[0], item);
      const Got b = operand(c.args[1], item);
      return a.present && b.present && contains_value(a.value, b.value);
    }
  }
  return false;
}

// ---------------------------------------------------------------- NaiveTable

std::optional<std::string> NaiveTable::key_text(const NItem& item) const {
  std::string out;
  auto add = [&](const NKey& k) {
    const NValue* v = naive_get(item, k.name);
    if (v == nullptr) return false;
    const std::string text = v->t == NValue::T::N ? canonical_text(read_number(v->s).value) : v->s;
    out += naive_type_name(v->t);
    out += " " + std::to_string(text.size()) + ":";
    out += text;
    return true;
  };
  if (!add(schema_.pk) || (schema_.sk && !add(*schema_.sk))) return std::nullopt;
  return out;
}

// Two keys are equal (naive_same_values on the key attributes) iff their
// key texts are: the same types, the same bytes, Numbers of the same value.
std::optional<std::size_t> NaiveTable::find(const NItem& key) const {
  const std::optional<std::string> text = key_text(key);
  return text ? find_text(*text) : std::nullopt;
}

std::optional<std::size_t> NaiveTable::find_text(const std::string& text) const {
  for (std::size_t i = 0; i < keys_.size(); ++i) {
    if (keys_[i] == text) return i;
  }
  return std::nullopt;
}

bool NaiveTable::can_put(const NItem& item) const {
  for (const auto& [name, v] : item) {
    if (!numbers_valid(v)) return false;
  }
  if (!key_value_ok(naive_get(item, schema_.pk.name), schema_.pk, 2048)) return false;
  if (schema_.sk && !key_value_ok(naive_get(item, schema_.sk->name), *schema_.sk, 1024))
    return false;
  for (const NIndex& index : schema_.indexes) {
    for (const NKey& k : index.pk) {
      const NValue* v = naive_get(item, k.name);
      if (v != nullptr && !key_value_ok(v, k, 2048)) return false;
    }
    for (const NKey& k : index.sk) {
      const NValue* v = naive_get(item, k.name);
      if (v != nullptr && !key_value_ok(v, k, 1024)) return false;
    }
  }
  return naive_item_size(item) <= kMaxItem;
}

bool NaiveTable::put(const NItem& item) {
  if (!can_put(item)) return false;
  std::string text = *key_text(item);  // can_put: the key attributes are there
  if (auto at = find_text(text)) {
    items_[*at] = item;
  } else {
    items_.push_back(item);
    keys_.push_back(std::move(text));
  }
  return true;
}

bool NaiveTable::can_update(const NItem& key, const NItem& set,
                            const std::vector<std::string>& remove) const {
  const std::optional<NItem> item = updated(key, set, remove);
  return item && can_put(*item);
}

bool NaiveTable::update(const NItem& key, const NItem& set,
                        const std::vector<std::string>& remove) {
  const std::optional<NItem> item = updated(key, set, remove);
  return item && put(*item);
}

std::optional<NItem> NaiveTable::updated(const NItem& key, const NItem& set,
                                         const std::vector<std::string>& remove) const {
  std::vector<std::string> touched;
  for (const auto& [name, v] : set) touched.push_back(name);
  for (const std::string& name : remove) touched.push_back(name);
  for (std::size_t i = 0; i < touched.size(); ++i) {
    if (touched[i] == schema_.pk.name || (schema_.sk && touched[i] == schema_.sk->name))
      return std::nullopt;
    for (std::size_t j = 0; j < i; ++j) {
      if (touched[i] == touched[j]) return std::nullopt;
    }
  }
  NItem item = key;
  if (auto at = find(key)) item = items_[*at];
  for (const auto& [name, v] : set) set_attr(item, name, v);
  for (const std::string& name : remove) remove_attr(item, name);
  return item;
}

void NaiveTable::append_unchecked(std::vector<NItem> items) {
  for (NItem& item : items) {
    keys_.push_back(*key_text(item));
    items_.push_back(std::move(item));
  }
}

std::optional<NItem> NaiveTable::get(const NItem& key) const {
  if (auto at = find(key)) return items_[*at];
  return std::nullopt;
}

void NaiveTable::erase(const NItem& key) {
  if (auto at = find(key)) {
    items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(*at));
    keys_.erase(keys_.begin() + static_cast<std::ptrdiff_t>(*at));
  }
}

std::vector<NKey> NaiveTable::partition_of(const std::string& index) const {
  if (index.empty()) return {schema_.pk};
  for (const NIndex& i : schema_.indexes) {
    if (i.name == index) return i.pk;
  }
  return {};
}

std::vector<NKey> NaiveTable::sort_of(const std::string& index) const {
  if (index.empty()) return schema_.sk ? std::vector<NKey>{*schema_.sk} : std::vector<NKey>{};
  for (const NIndex& i : schema_.indexes) {
    if (i.name == index) return i.sk;
  }
  return {};
}

std::vector<NKey> naive_table_keys(const NSchema& schema) {
  std::vector<NKey> keys = {schema.pk};
  if (schema.sk) keys.push_back(*schema.sk);
  return keys;
}

NItem naive_table_key(const NSchema& schema, const NItem& item) {
  NItem key;
  for (const NKey& k : naive_table_keys(schema)) {
    if (const NValue* v = naive_get(item, k.name)) key.emplace_back(k.name, *v);
  }
  return key;
}

NItem NaiveTable::key_of(const std::string& index, const NItem& entry) const {
  std::vector<NKey> keys = partition_of(index);
  for (const NKey& k : sort_of(index)) keys.push_back(k);
  for (const NKey& k : naive_table_keys(schema_)) keys.push_back(k);
  NItem out;
  for (const NKey& k : keys) {
    if (naive_get(out, k.name) == nullptr) out.emplace_back(k.name, *naive_get(entry, k.name));
  }
  return out;
}

NItem NaiveTable::project(const NItem& item, const NIndex& index) const {
  if (index.projection == NIndex::Projection::kAll) return item;
  std::vector<std::string> keep = {schema_.pk.name};
  if (schema_.sk) keep.push_back(schema_.sk->name);
  for (const NKey& k : index.pk) keep.push_back(k.name);
  for (const NKey& k : index.sk) keep.push_back(k.name);
  if (index.projection == NIndex::Projection::kInclude)
    keep.insert(keep.end(), index.include.begin(), index.include.end());
  NItem out;
  for (const auto& [name, v] : item) {
    if (std::find(keep.begin(), keep.end(), name) != keep.end()) out.emplace_back(name, v);
  }
  return out;
}

std::vector<NaiveTable::Member> NaiveTable::members(const std::string& index) const {
  std::vector<Member> out;
  if (index.empty()) {
    for (const NItem& item : items_) out.push_back({&item, nullptr});
    return out;
  }
  for (const NIndex& i : schema_.indexes) {
    if (i.name != index) continue;
    for (const NItem& item : items_) {
      if (has_attrs(item, i.pk) && has_attrs(item, i.sk)) out.push_back({&item, &i});
    }
  }
  return out;
}

NItem NaiveTable::entry(const Member& m) const {
  return m.index == nullptr ? *m.item : project(*m.item, *m.index);
}

std::vector<NItem> NaiveTable::entries(const std::string& index) const {
  if (index.empty()) return items_;
  std::vector<NItem> out;
  for (const Member& m : members(index)) out.push_back(entry(m));
  return out;
}

std::size_t NaiveTable::entry_count(const std::string& index) const {
  return members(index).size();
}

std::vector<NItem> NaiveTable::key_range(const std::string& index, const NKeyCond& cond,
                                         bool forward) const {
  const std::vector<NKey> pk = partition_of(index);
  const std::vector<NKey> sk = sort_of(index);
  std::vector<NItem> out;
  for (const Member& m : members(index)) {
    // The index's key attributes are in its projection: the stored item
    // answers for the entry.
    const NItem& e = *m.item;
    bool keep = true;
    for (std::size_t i = 0; i < pk.size() && keep; ++i)
      keep = naive_equal(*naive_get(e, pk[i].name), cond.partition[i]);
    for (std::size_t i = 0; i < cond.sort_eq.size() && keep; ++i)
      keep = naive_equal(*naive_get(e, sk[i].name), cond.sort_eq[i]);
    if (keep && cond.op != NKeyCond::Op::kNone) {
      const NValue& v = *naive_get(e, sk[cond.sort_eq.size()].name);
      switch (cond.op) {
        case NKeyCond::Op::kEq:
          keep = naive_compare_scalar(v, cond.a) == 0;
          break;
        case NKeyCond::Op::kLt:
          keep = naive_compare_scalar(v, cond.a) < 0;
          break;
        case NKeyCond::Op::kLe:
          keep = naive_compare_scalar(v, cond.a) <= 0;
          break;
        case NKeyCond::Op::kGt:
          keep = naive_compare_scalar(v, cond.a) > 0;
          break;
        case NKeyCond::Op::kGe:
          keep = naive_compare_scalar(v, cond.a) >= 0;
          break;
        case NKeyCond::Op::kBetween:
          keep = naive_compare_scalar(v, cond.a) >= 0 && naive_compare_scalar(v, cond.b) <= 0;
          break;
        case NKeyCond::Op::kBeginsWith:
          keep = v.s.size() >= cond.a.s.size() && v.s.compare(0, cond.a.s.size(), cond.a.s) == 0;
          break;
        case NKeyCond::Op::kNone:
          break;
      }
    }
    if (keep) out.push_back(entry(m));
  }
  std::stable_sort(out.begin(), out.end(), [&](const NItem& a, const NItem& b) {
    return naive_compare_sort(sk, a, b) < 0;
  });
  if (!forward) std::reverse(out.begin(), out.end());
  return out;
}

int naive_compare_sort(const std::vector<NKey>& sort, const NItem& a, const NItem& b) {
  for (const NKey& k : sort) {
    const int c = naive_compare_scalar(*naive_get(a, k.name), *naive_get(b, k.name));
    if (c != 0) return c;
  }
  return 0;
}

bool naive_same_values(const std::vector<NKey>& attrs, const NItem& a, const NItem& b) {
  for (const NKey& k : attrs) {
    const NValue* x = naive_get(a, k.name);
    const NValue* y = naive_get(b, k.name);
    if (x == nullptr || y == nullptr || !naive_equal(*x, *y)) return false;
  }
  return true;
}

bool accept_query_order(const std::vector<NItem>& expected, const std::vector<NItem>& engine,
                        const std::vector<NKey>& sort, bool forward, std::string* why) {
  (void)forward;  // `expected` is already in the direction read
  if (expected.size() != engine.size()) {
    *why = "the engine read " + std::to_string(engine.size()) + " items, the oracle expects " +
           std::to_string(expected.size());
    return false;
  }
  std::size_t i = 0;
  while (i < expected.size()) {
    std::size_t j = i + 1;
    while (j < expected.size() && naive_compare_sort(sort, expected[i], expected[j]) == 0) ++j;
    // [i, j) is a tie group: any order of exactly these items is DynamoDB's.
    for (std::size_t k = i; k < j; ++k) {
      if (!naive_same_values(sort, engine[k], expected[i])) {
        *why = "position " + std::to_string(k) + ": the engine has " + naive_show(engine[k]) +
               " where the sort order puts " + naive_show(expected[k]);
        return false;
      }
    }
    const std::span<const NItem> a = std::span(expected).subspan(i, j - i);
    const std::span<const NItem> b = std::span(engine).subspan(i, j - i);
    if (!same_multiset(a, b)) {
      *why = "positions " + std::to_string(i) + ".." + std::to_string(j - 1) +
             ": items with equal sort keys differ from the oracle's, e.g. the engine's " +
             naive_show(b.front());
      return false;
    }
    i = j;
  }
  return true;
}

bool accept_scan_order(const std::vector<NItem>& expected, const std::vector<NItem>& engine,
                       const std::vector<NKey>& partition, const std::vector<NKey>& sort,
                       std::string* why) {
  if (!same_multiset(expected, engine)) {
    *why = "the engine's scan holds " + std::to_string(engine.size()) +
           " items, not the oracle's " + std::to_string(expected.size()) + " (or different ones)";
    return false;
  }
  for (std::size_t i = 1; i < engine.size(); ++i) {
    if (naive_same_values(partition, engine[i - 1], engine[i])) {
      if (naive_compare_sort(sort, engine[i - 1], engine[i]) > 0) {
        *why = "within a partition, " + naive_show(engine[i]) + " comes after " +
               naive_show(engine[i - 1]);
        return false;
      }
      continue;
    }
    for (std::size_t k = 0; k + 1 < i; ++k) {
      if (naive_same_values(partition, engine[k], engine[i])) {
        *why = "the partition of " + naive_show(engine[i]) + " is read in two pieces";
        return false;
      }
    }
  }
  return true;
}

NPage page_at(const std::vector<NItem>& sequence, std::size_t start, std::optional<int> limit,
              const NCond* filter) {
  NPage p;
  std::size_t i = start;
  auto at_limit = [&] { return limit && p.scanned >= static_cast<std::size_t>(*limit); };
  while (i < sequence.size() && !at_limit() && p.bytes < kMegabyte) {
    const NItem& item = sequence[i++];
    ++p.scanned;
    p.bytes += naive_item_size(item);
    if (filter == nullptr || naive_eval(*filter, item)) p.items.push_back(item);
  }
  p.next = i;
  p.lek_required = i < sequence.size();
  p.lek_allowed = p.lek_required || at_limit() || p.bytes >= kMegabyte;
  return p;
}

double NPage::capacity(bool consistent) const {
  std::size_t units = bytes / 4096 + (bytes % 4096 != 0 ? 1 : 0);
  if (units == 0) units = 1;
  return consistent ? static_cast<double>(units) : static_cast<double>(units) * 0.5;
}

}  // namespace sortkey::oracle
