#include "properties/props/expression_props.h"

#include <fmt/format.h>

#include <map>

#include "properties/props/common.h"

namespace sortkey::props {
namespace {

// Writes a Condition back as expression text: fresh #placeholders for every
// name, the operands' own value placeholders, exactly the node's
// parentheses; `attributes` receives the names and values the text uses.
class ConditionPrinter {
 public:
  explicit ConditionPrinter(ExpressionAttributes& attributes) : attrs_(attributes) {}

  std::string print(const Condition& c) {
    std::string s = body(c);
    for (int i = 0; i < c.parentheses; ++i) s = "(" + s + ")";
    return s;
  }

 private:
  std::string name(const std::string& n) {
    auto it = placeholders_.find(n);
    if (it != placeholders_.end()) return it->second;
    std::string ph = fmt::format("#p{}", placeholders_.size());
    placeholders_.emplace(n, ph);
    attrs_.names[ph] = n;
    return ph;
  }

  std::string operand(const Operand& o) {
    if (o.kind == Operand::Kind::kValue) {
      attrs_.values.insert_or_assign(o.placeholder, o.value);
      return o.placeholder;
    }
    std::string path;
    for (const PathStep& s : o.path) {
      // Appended piece by piece: g++ 12 warns (-Wrestrict) about "." + name.
      if (s.is_index) {
        path += fmt::format("[{}]", s.index);
        continue;
      }
      if (!path.empty()) path += '.';
      path += name(s.name);
    }
    return o.kind == Operand::Kind::kSize ? "size(" + path + ")" : path;
  }

  std::string args(const Condition& c) {
    std::string out;
    for (const Operand& o : c.operands) out += (out.empty() ? "" : ", ") + operand(o);
    return out;
  }

  std::string body(const Condition& c) {
    switch (c.kind) {
      case Condition::Kind::kCompare:
        return operand(c.operands[0]) + " " + std::string(comparator_text(c.comparator)) + " " +
               operand(c.operands[1]);
      case Condition::Kind::kBetween:
        return operand(c.operands[0]) + " BETWEEN " + operand(c.operands[1]) + " AND " +
               operand(c.operands[2]);
      case Condition::Kind::kIn: {
        std::string out = operand(c.operands[0]) + " IN (";
        for (std::size_t i = 1; i < c.operands.size(); ++i)
          out += (i > 1 ? ", " : "") + operand(c.operands[i]);
        return out + ")";
      }
      case Condition::Kind::kAnd:
        return print(c.children[0]) + " AND " + print(c.children[1]);
      case Condition::Kind::kOr:
        return print(c.children[0]) + " OR " + print(c.children[1]);
      case Condition::Kind::kNot:
        return "NOT " + print(c.children[0]);
      case Condition::Kind::kAttributeExists:
        return "attribute_exists(" + args(c) + ")";
      case Condition::Kind::kAttributeNotExists:
        return "attribute_not_exists(" + args(c) + ")";
      case Condition::Kind::kAttributeType:
        return "attribute_type(" + args(c) + ")";
      case Condition::Kind::kBeginsWith:
        return "begins_with(" + args(c) + ")";
      case Condition::Kind::kContains:
        return "contains(" + args(c) + ")";
    }
    return "?";
  }

  ExpressionAttributes& attrs_;
  std::map<std::string, std::string> placeholders_;
};

// Whether two parsed conditions are the same tree (offsets aside); `why`
// names the first difference.
bool same_condition(const Condition& a, const Condition& b, std::string* why) {
  if (a.kind != b.kind || a.comparator != b.comparator || a.parentheses != b.parentheses ||
      a.operands.size() != b.operands.size() || a.children.size() != b.children.size()) {
    *why = fmt::format(
        "a node at byte {} (kind {}, {} parentheses) became kind {} with {} parentheses", a.offset,
        static_cast<int>(a.kind), a.parentheses, static_cast<int>(b.kind), b.parentheses);
    return false;
  }
  for (std::size_t i = 0; i < a.operands.size(); ++i) {
    const Operand& x = a.operands[i];
    const Operand& y = b.operands[i];
    if (x.kind != y.kind || x.path != y.path || x.placeholder != y.placeholder ||
        !(x.value == y.value)) {
      *why = fmt::format("operand {} of the node at byte {} changed", i, a.offset);
      return false;
    }
  }
  for (std::size_t i = 0; i < a.children.size(); ++i) {
    if (!same_condition(a.children[i], b.children[i], why)) return false;
  }
  return true;
}

}  // namespace

Outcome expression_parse_total(std::string_view text, ExpressionKind kind,
                               const ExpressionAttributes& attrs, const Result<Condition>& got,
                               const ExpressionUses& uses) {
  if (!got) {
    const Error& e = got.error();
    const std::string prefix = fmt::format("Invalid {}: ", expression_parameter(kind));
    if (e.offset > text.size()) {
      return Outcome::fails(fmt::format("error at byte {} of a {}-byte text: {}", e.offset,
                                        text.size(), describe(e)));
    }
    if (!e.message.starts_with(prefix) || e.message.size() == prefix.size()) {
      return Outcome::fails(
          fmt::format("the error does not say \"{}...\": {}", prefix, describe(e)));
    }
    return Outcome::holds();
  }
  for (const std::string& n : uses.names) {
    if (!attrs.names.contains(n) || text.find(n) == std::string_view::npos) {
      return Outcome::fails(fmt::format(
          "the name placeholder {} counts as used but is not defined and written", show_key(n)));
    }
  }
  for (const std::string& v : uses.values) {
    if (!attrs.values.contains(v) || text.find(v) == std::string_view::npos) {
      return Outcome::fails(fmt::format(
          "the value placeholder {} counts as used but is not defined and written", show_key(v)));
    }
  }
  return Outcome::holds();
}

Outcome expression_kind_decides_nothing(std::string_view text, const ExpressionAttributes& attrs,
                                        ExpressionKind kind, const Result<Condition>& parsed) {
  const ExpressionKind other = kind == ExpressionKind::kKeyCondition
                                   ? ExpressionKind::kFilter
                                   : ExpressionKind::kKeyCondition;
  ExpressionUses uses;
  auto again = parse_condition(text, other, attrs, &uses);
  if (parsed.has_value() != again.has_value()) {
    return Outcome::fails(fmt::format(
        "as a {} the text {}, as a {} it {}", expression_parameter(kind),
        parsed ? "parses" : "fails: " + describe(parsed.error()), expression_parameter(other),
        again ? "parses" : "fails: " + describe(again.error())));
  }
  if (!parsed) {
    const Error& a = parsed.error();
    const Error& b = again.error();
    const std::string from = fmt::format("Invalid {}", expression_parameter(kind));
    std::string renamed = a.message;
    if (renamed.starts_with(from)) {
      renamed =
          fmt::format("Invalid {}", expression_parameter(other)) + renamed.substr(from.size());
    }
    if (a.code != b.code || a.offset != b.offset || renamed != b.message) {
      return Outcome::fails(
          fmt::format("the two kinds fail differently: {} / {}", describe(a), describe(b)));
    }
    return Outcome::holds();
  }
  std::string why;
  if (!same_condition(*parsed, *again, &why))
    return Outcome::fails("the two kinds parse different trees: " + why);
  return Outcome::holds();
}

Outcome expression_reparses_the_same(const Condition& c, ExpressionKind kind) {
  ExpressionAttributes attrs;
  const std::string printed = ConditionPrinter(attrs).print(c);
  ExpressionUses uses;
  auto again = parse_condition(printed, kind, attrs, &uses);
  if (!again) {
    return Outcome::fails(fmt::format("printed as {}, which does not parse: {}", show_key(printed),
                                      describe(again.error())));
  }
  std::string why;
  if (!same_condition(c, *again, &why)) {
    return Outcome::fails(
        fmt::format("printed as {}, which parses to another tree: {}", show_key(printed), why));
  }
  if (auto ok = check_all_used(attrs, uses); !ok) {
    return Outcome::fails(
        fmt::format("printed as {}: {}", show_key(printed), describe(ok.error())));
  }
  return Outcome::holds();
}

std::optional<Outcome> refused_as_parsed(std::string_view request, std::string_view expression,
                                         const Result<Condition>& parsed,
                                         const ExpressionAttributes& attrs,
                                         const ExpressionUses& uses, const Error* refused) {
  if (!parsed) {
    if (refused == nullptr) {
      return Outcome::fails(
          fmt::format("the {} succeeded although its {} does not parse", request, expression));
    }
    if (*refused != parsed.error()) {
      return Outcome::fails(fmt::format("the {} fails with {}, the parser with {}", request,
                                        describe(*refused), describe(parsed.error())));
    }
    return Outcome::holds();
  }
  if (auto used = check_all_used(attrs, uses); !used) {
    if (refused == nullptr || *refused != used.error()) {
      return Outcome::fails(fmt::format(
          "a placeholder is unused ({}), yet the {} {}", describe(used.error()), request,
          refused == nullptr ? "succeeded" : "failed with " + describe(*refused)));
    }
    return Outcome::holds();
  }
  return std::nullopt;
}

}  // namespace sortkey::props
