// Reference implementation for tests; never link into the library.
//
// naive_query.h's conditions: an operand's value for an item, the condition
// tree evaluated by walking it, its text, DynamoDB's refusals of it before
// any item is read, and a ProjectionExpression's result.

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "oracles/naive_query.h"

namespace sortkey::oracle {
namespace {

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

// size() of an S under `reading`, counted long-hand from the UTF-8 bytes
// (S values are valid UTF-8): a code point starts at every byte that is not
// a continuation byte (10xxxxxx), and one of four bytes (11110xxx) is two
// UTF-16 code units.
std::size_t string_size(const std::string& utf8, NReading::Size reading) {
  if (reading == NReading::Size::kUtf8Bytes) return utf8.size();
  std::size_t points = 0;
  std::size_t astral = 0;
  for (const char ch : utf8) {
    const auto byte = static_cast<unsigned char>(ch);
    if ((byte & 0xC0) != 0x80) ++points;
    if ((byte & 0xF8) == 0xF0) ++astral;
  }
  return reading == NReading::Size::kCodePoints ? points : points + astral;
}

Got operand(const NOperand& o, const NItem& item, const NReading& reading) {
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
      n = string_size(v->s, reading.size);
      break;
    case NValue::T::B:
      n = v->s.size();
      break;
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

}  // namespace

namespace {

// A step of a document path as text: its name, or its index in brackets.
// Built by appending: GCC 12 at -O3 warns falsely (-Wrestrict) on
// "[" + std::string, the operator+ that inserts before a temporary.
std::string show_step(const NStep& s) {
  if (!s.is_index) return s.name;
  std::string out = "[";
  out += std::to_string(s.index);
  return out + "]";
}

std::string show_operand(const NOperand& o) {
  if (o.kind == NOperand::Kind::kValue) return naive_show(o.value);
  std::string p;
  for (const NStep& s : o.path) {
    if (!s.is_index && !p.empty()) p += ".";
    p += show_step(s);
  }
  return o.kind == NOperand::Kind::kSize ? "size(" + p + ")" : p;
}

}  // namespace

std::string naive_show(const NCond& c) {
  static const char* const kOps[] = {"=", "<>", "<", "<=", ">", ">="};
  switch (c.op) {
    case NCond::Op::kAnd:
    case NCond::Op::kOr: {
      std::string s = "(";  // appended, as in show_step
      s += naive_show(c.kids[0]);
      s += c.op == NCond::Op::kAnd ? " AND " : " OR ";
      s += naive_show(c.kids[1]);
      return s + ")";
    }
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
      if (!path.empty()) path += ", ";
      path += show_step(s);
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

bool naive_eval(const NCond& c, const NItem& item) { return naive_eval(c, item, NReading{}); }

bool naive_eval(const NCond& c, const NItem& item, const NReading& reading) {
  switch (c.op) {
    case NCond::Op::kAnd:
      return naive_eval(c.kids[0], item, reading) && naive_eval(c.kids[1], item, reading);
    case NCond::Op::kOr:
      return naive_eval(c.kids[0], item, reading) || naive_eval(c.kids[1], item, reading);
    case NCond::Op::kNot:
      return !naive_eval(c.kids[0], item, reading);
    case NCond::Op::kEq:
      return equal_got(operand(c.args[0], item, reading), operand(c.args[1], item, reading));
    case NCond::Op::kNe:
      return !equal_got(operand(c.args[0], item, reading), operand(c.args[1], item, reading));
    case NCond::Op::kLt:
      return order_got(operand(c.args[0], item, reading), operand(c.args[1], item, reading), -1,
                       -1);
    case NCond::Op::kLe:
      return order_got(operand(c.args[0], item, reading), operand(c.args[1], item, reading), -1, 0);
    case NCond::Op::kGt:
      return order_got(operand(c.args[0], item, reading), operand(c.args[1], item, reading), 1, 1);
    case NCond::Op::kGe:
      return order_got(operand(c.args[0], item, reading), operand(c.args[1], item, reading), 0, 1);
    case NCond::Op::kBetween: {
      const Got x = operand(c.args[0], item, reading);
      return order_got(x, operand(c.args[1], item, reading), 0, 1) &&
             order_got(x, operand(c.args[2], item, reading), -1, 0);
    }
    case NCond::Op::kIn: {
      const Got x = operand(c.args[0], item, reading);
      for (std::size_t i = 1; i < c.args.size(); ++i) {
        if (equal_got(x, operand(c.args[i], item, reading))) return true;
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
      const Got a = operand(c.args[0], item, reading);
      const Got b = operand(c.args[1], item, reading);
      if (!a.present || !b.present || a.value.t != b.value.t) return false;
      if (a.value.t != NValue::T::S && a.value.t != NValue::T::B) return false;
      return a.value.s.size() >= b.value.s.size() &&
             a.value.s.compare(0, b.value.s.size(), b.value.s) == 0;
    }
    case NCond::Op::kContains: {
      const Got a = operand(c.args[0], item, reading);
      const Got b = operand(c.args[1], item, reading);
      return a.present && b.present && contains_value(a.value, b.value);
    }
  }
  return false;
}

}  // namespace sortkey::oracle
