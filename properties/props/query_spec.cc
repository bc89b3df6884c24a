#include "properties/props/query_spec.h"

#include <fmt/format.h>

#include <map>
#include <set>
#include <string>

#include "properties/props/query_internal.h"

namespace sortkey::props {

using oracle::NCond;
using oracle::NKey;
using oracle::NKeyCond;
using oracle::NOperand;
using oracle::NSchema;
using oracle::NValue;
using T = NValue::T;

namespace {

// The rendering choices, drawn from the spec's style seed (xorshift64*).
class Style {
 public:
  explicit Style(std::uint64_t seed) : x_(seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL) {}
  std::uint64_t next() {
    x_ ^= x_ >> 12;
    x_ ^= x_ << 25;
    x_ ^= x_ >> 27;
    return x_ * 0x2545F4914F6CDD1DULL;
  }
  bool chance(int percent) { return static_cast<int>(next() % 100) < percent; }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
  // Keywords are case-insensitive: AND, and, And, aND.
  std::string kw(std::string_view word) {
    std::string out(word);
    const int mode = static_cast<int>(below(4));
    for (std::size_t i = 0; i < out.size(); ++i) {
      const bool lower = mode == 1 || (mode == 2 && i > 0) || (mode == 3 && i % 2 == 1);
      if (lower && out[i] >= 'A' && out[i] <= 'Z') out[i] = static_cast<char>(out[i] - 'A' + 'a');
    }
    return out;
  }
  std::string sp() { return chance(80) ? " " : (chance(50) ? "  " : "\t"); }

 private:
  std::uint64_t x_;
};

// Names a property may write bare: identifiers that are not reserved words.
bool bare_ok(const std::string& name) {
  static const std::set<std::string> safe = {"pk",
                                             "sk",
                                             "g1",
                                             "g2",
                                             "x",
                                             "y",
                                             "doc",
                                             "tags",
                                             "a",
                                             "b",
                                             "PK",
                                             "SK",
                                             "GSI1SK",
                                             "OrgId",
                                             "TicketId",
                                             "UpdatedAt",
                                             "CustomerId",
                                             "OrderId",
                                             "OrderStatusDate",
                                             "CustomerIndexId"};
  return safe.contains(name);
}

class Renderer {
 public:
  Renderer(Style& style, ExpressionAttributes& attrs) : st_(style), attrs_(attrs) {
    // Continue the numbering of placeholders already in `attrs`.
    next_name_ = attrs.names.size();
    next_value_ = attrs.values.size();
  }

  std::string name(const std::string& attr) {
    if (bare_ok(attr) && st_.chance(40)) return attr;
    const auto it = placeholder_.find(attr);
    if (it != placeholder_.end() && st_.chance(70)) return it->second;
    std::string ph;
    do {
      ph = fmt::format("#n{}", next_name_++);
    } while (attrs_.names.contains(ph));
    attrs_.names[ph] = attr;
    placeholder_[attr] = ph;
    return ph;
  }

  std::string value(const NValue& v) {
    std::string ph;
    do {
      ph =
          st_.chance(85) ? fmt::format(":v{}", next_value_++) : fmt::format(":_{}x", next_value_++);
    } while (attrs_.values.contains(ph));
    attrs_.values[ph] = to_engine(v);
    return ph;
  }

  std::string path(const std::vector<oracle::NStep>& steps) {
    std::string out;
    for (const oracle::NStep& s : steps) {
      if (s.is_index) {
        out += fmt::format("[{}]", s.index);
      } else {
        if (!out.empty()) out += '.';
        out += name(s.name);
      }
    }
    return out;
  }

  std::string operand(const NOperand& o) {
    switch (o.kind) {
      case NOperand::Kind::kValue:
        return value(o.value);
      case NOperand::Kind::kPath:
        return path(o.path);
      case NOperand::Kind::kSize:
        return "size(" + path(o.path) + ")";
    }
    return {};
  }

  // Binding: OR 1, AND 2, NOT 3, everything else 4.
  std::string cond(const NCond& c, int parent) {
    int prec = 4;
    std::string s;
    static const char* const kOps[] = {"=", "<>", "<", "<=", ">", ">="};
    static const char* const kFlipped[] = {"=", "<>", ">", ">=", "<", "<="};
    switch (c.op) {
      case NCond::Op::kOr:
        prec = 1;
        s = cond(c.kids[0], 1) + st_.sp() + st_.kw("OR") + st_.sp() + cond(c.kids[1], 2);
        break;
      case NCond::Op::kAnd:
        prec = 2;
        s = cond(c.kids[0], 2) + st_.sp() + st_.kw("AND") + st_.sp() + cond(c.kids[1], 3);
        break;
      case NCond::Op::kNot:
        prec = 3;
        s = st_.kw("NOT") + " " + cond(c.kids[0], 3);
        break;
      case NCond::Op::kBetween:
        s = operand(c.args[0]) + " " + st_.kw("BETWEEN") + " " + operand(c.args[1]) + " " +
            st_.kw("AND") + " " + operand(c.args[2]);
        break;
      case NCond::Op::kIn: {
        s = operand(c.args[0]) + " " + st_.kw("IN") + st_.sp() + "(";
        for (std::size_t i = 1; i < c.args.size(); ++i) {
          // The operand is rendered before the separator, as it always was: both draw on the style.
          const std::string arg = operand(c.args[i]);
          if (i > 1) {
            s += ',';
            s += st_.sp();
          }
          s += arg;
        }
        s += ")";
        break;
      }
      case NCond::Op::kExists:
        s = "attribute_exists(" + operand(c.args[0]) + ")";
        break;
      case NCond::Op::kNotExists:
        s = "attribute_not_exists(" + operand(c.args[0]) + ")";
        break;
      case NCond::Op::kType: {
        NValue t;
        t.t = T::S;
        t.s = c.type_name;
        s = "attribute_type(" + operand(c.args[0]) + "," + st_.sp() + value(t) + ")";
        break;
      }
      case NCond::Op::kBeginsWith:
        s = "begins_with(" + operand(c.args[0]) + ", " + operand(c.args[1]) + ")";
        break;
      case NCond::Op::kContains:
        s = "contains(" + operand(c.args[0]) + ", " + operand(c.args[1]) + ")";
        break;
      default: {
        const int op = static_cast<int>(c.op);
        // `a < b` may be written `b > a`.
        if (st_.chance(30)) {
          const std::string right = operand(c.args[1]);
          s = right + st_.sp() + kFlipped[op] + st_.sp() + operand(c.args[0]);
        } else {
          const std::string left = operand(c.args[0]);
          s = left + st_.sp() + kOps[op] + st_.sp() + operand(c.args[1]);
        }
      }
    }
    if (prec < parent || st_.chance(8)) s = "(" + s + ")";
    return s;
  }

  std::string key_condition(const NKeyCond& k, const std::vector<NKey>& pk,
                            const std::vector<NKey>& sk) {
    std::vector<std::string> clauses;
    auto eq = [&](const NKey& key, const NValue& v) {
      const std::string n = name(key.name);
      const std::string ph = value(v);
      return st_.chance(20) ? ph + st_.sp() + "=" + st_.sp() + n
                            : n + st_.sp() + "=" + st_.sp() + ph;
    };
    for (std::size_t i = 0; i < pk.size(); ++i) clauses.push_back(eq(pk[i], k.partition[i]));
    for (std::size_t i = 0; i < k.sort_eq.size(); ++i) clauses.push_back(eq(sk[i], k.sort_eq[i]));
    if (k.op != NKeyCond::Op::kNone) {
      const NKey& key = sk[k.sort_eq.size()];
      const std::string n = name(key.name);
      static const char* const kOps[] = {"", "=", "<", "<=", ">", ">="};
      static const char* const kFlipped[] = {"", "=", ">", ">=", "<", "<="};
      switch (k.op) {
        case NKeyCond::Op::kBetween: {
          const std::string a = value(k.a);
          clauses.push_back(n + " " + st_.kw("BETWEEN") + " " + a + " " + st_.kw("AND") + " " +
                            value(k.b));
          break;
        }
        case NKeyCond::Op::kBeginsWith:
          clauses.push_back("begins_with(" + n + "," + st_.sp() + value(k.a) + ")");
          break;
        default: {
          const int op = static_cast<int>(k.op);
          const std::string ph = value(k.a);
          clauses.push_back(st_.chance(25) ? ph + st_.sp() + kFlipped[op] + st_.sp() + n
                                           : n + st_.sp() + kOps[op] + st_.sp() + ph);
        }
      }
    }
    // Clause order does not matter; one level of parentheses is allowed.
    for (std::size_t i = clauses.size(); i > 1; --i)
      std::swap(clauses[i - 1], clauses[st_.below(i)]);
    const bool wrap_each = st_.chance(15);
    std::string out;
    for (const std::string& c : clauses) {
      out += (out.empty() ? "" : st_.sp() + st_.kw("AND") + st_.sp()) +
             (wrap_each ? "(" + c + ")" : c);
    }
    if (!wrap_each && st_.chance(10)) out = "(" + out + ")";
    return (st_.chance(10) ? " " : "") + out;
  }

 private:
  Style& st_;
  ExpressionAttributes& attrs_;
  std::map<std::string, std::string> placeholder_;
  std::size_t next_name_ = 0;
  std::size_t next_value_ = 0;
};

std::vector<NKey> sort_keys_of(const NSchema& s, const std::string& index) {
  if (index.empty()) return s.sk ? std::vector<NKey>{*s.sk} : std::vector<NKey>{};
  for (const oracle::NIndex& i : s.indexes) {
    if (i.name == index) return i.sk;
  }
  return {};
}

std::vector<NKey> partition_keys_of(const NSchema& s, const std::string& index) {
  if (index.empty()) return {s.pk};
  for (const oracle::NIndex& i : s.indexes) {
    if (i.name == index) return i.pk;
  }
  return {};
}

}  // namespace

namespace query_internal {

std::string show_request(const QueryRequest& r) {
  std::string out = fmt::format("KeyConditionExpression \"{}\"", r.key_condition);
  if (r.filter) out += fmt::format(", FilterExpression \"{}\"", *r.filter);
  if (!r.index_name.empty()) out += fmt::format(", IndexName {}", r.index_name);
  if (!r.scan_index_forward) out += ", ScanIndexForward false";
  if (r.limit) out += fmt::format(", Limit {}", *r.limit);
  if (r.select != Select::kDefault) out += fmt::format(", Select {}", select_name(r.select));
  if (r.projection) out += fmt::format(", ProjectionExpression \"{}\"", *r.projection);
  if (r.consistent_read) out += ", ConsistentRead";
  for (const auto& [k, v] : r.attributes.names) out += fmt::format(", {} = \"{}\"", k, v);
  for (const auto& [k, v] : r.attributes.values) out += fmt::format(", {} = {}", k, to_json(v));
  return out;
}

std::string show_request(const ScanRequest& r) {
  std::string out = "Scan";
  if (r.filter) out += fmt::format(" FilterExpression \"{}\"", *r.filter);
  if (!r.index_name.empty()) out += fmt::format(", IndexName {}", r.index_name);
  if (r.limit) out += fmt::format(", Limit {}", *r.limit);
  if (r.select != Select::kDefault) out += fmt::format(", Select {}", select_name(r.select));
  if (r.projection) out += fmt::format(", ProjectionExpression \"{}\"", *r.projection);
  for (const auto& [k, v] : r.attributes.names) out += fmt::format(", {} = \"{}\"", k, v);
  for (const auto& [k, v] : r.attributes.values) out += fmt::format(", {} = {}", k, to_json(v));
  return out;
}

}  // namespace query_internal

std::string render_filter(const NCond& c, std::uint64_t style, ExpressionAttributes& attributes) {
  Style st(style ^ 0xF17E5ULL);
  Renderer r(st, attributes);
  return r.cond(c, 0);
}

QueryRequest render_query(const NSchema& schema, const QuerySpec& q) {
  QueryRequest r;
  Style st(q.style);
  Renderer ren(st, r.attributes);
  r.index_name = q.index;
  r.key_condition =
      ren.key_condition(q.key, partition_keys_of(schema, q.index), sort_keys_of(schema, q.index));
  if (q.filter) r.filter = ren.cond(*q.filter, 0);
  r.scan_index_forward = q.forward;
  r.limit = q.limit;
  r.select = q.count_only ? Select::kCount
                          : (q.all_attributes ? Select::kAllAttributes : Select::kDefault);
  r.consistent_read = q.consistent;
  return r;
}

ScanRequest render_scan(const ScanSpec& s) {
  ScanRequest r;
  Style st(s.style);
  Renderer ren(st, r.attributes);
  r.index_name = s.index;
  if (s.filter) r.filter = ren.cond(*s.filter, 0);
  r.limit = s.limit;
  r.select = s.count_only ? Select::kCount : Select::kDefault;
  r.consistent_read = s.consistent;
  return r;
}

namespace {

std::string show_tree(const NCond& c) { return oracle::naive_show(c); }

}  // namespace

std::ostream& operator<<(std::ostream& os, const QuerySpec& q) {
  os << "Query " << (q.index.empty() ? "table" : q.index) << " partition(";
  for (std::size_t i = 0; i < q.key.partition.size(); ++i)
    os << (i ? ", " : "") << oracle::naive_show(q.key.partition[i]);
  os << ")";
  for (const NValue& v : q.key.sort_eq) os << " sort= " << oracle::naive_show(v);
  static const char* const kOps[] = {"", "=", "<", "<=", ">", ">=", "BETWEEN", "begins_with"};
  if (q.key.op != NKeyCond::Op::kNone) {
    os << " sort " << kOps[static_cast<int>(q.key.op)] << " " << oracle::naive_show(q.key.a);
    if (q.key.op == NKeyCond::Op::kBetween) os << " AND " << oracle::naive_show(q.key.b);
  }
  if (q.filter) os << " filter " << show_tree(*q.filter);
  os << (q.forward ? " forward" : " backward");
  if (q.limit) os << " limit " << *q.limit;
  if (q.count_only) os << " COUNT";
  if (q.all_attributes) os << " ALL_ATTRIBUTES";
  if (q.consistent) os << " consistent";
  return os << " style " << q.style << " resume_at " << q.resume_at;
}

std::ostream& operator<<(std::ostream& os, const ScanSpec& s) {
  os << "Scan " << (s.index.empty() ? "table" : s.index);
  if (s.filter) os << " filter " << show_tree(*s.filter);
  if (s.limit) os << " limit " << *s.limit;
  if (s.count_only) os << " COUNT";
  return os << " style " << s.style;
}

}  // namespace sortkey::props
