// File: fuzz/expression_input.h
//
// The input of the expression targets (key_condition_fuzzer,
// filter_expression_fuzzer), line by line so that seeds read as requests:
//
//   p = :p AND c BETWEEN :lo AND :hi     line 1: the expression text
//   #k=c                                 a name:  ExpressionAttributeNames["#k"] = "c"
//   :p=S:a                               a value: type tag, ':', the payload
//   :lo=N:1e0                            N: the Number's text
//   :hi={"N": "10"}                      or DynamoDB JSON (any type)
//   @index=g                             an option (the target says which)
//   +{"p": {"S": "a"}}                   an item (DynamoDB JSON), where the target reads items
//
// Payloads: S text (well-formed UTF-8), N text, B raw bytes, BOOL "true" or
// anything else for false, NULL nothing, SS/NS/BS elements separated by ','.
// A definition whose payload is no valid value (bad UTF-8, a bad Number,
// duplicate set elements, bad JSON) is dropped; the failure report shows
// the maps as decoded. Any other line is ignored. The first '\n' ends the
// expression, so the expression never holds one (the tokenizer treats it as
// a blank like ' ').
//
// Also the helpers both targets check with: a printer that writes a parsed
// Condition back as text (fresh #placeholders for every name, the operands'
// own value placeholders, exactly the node's parentheses), a structural
// comparison of two conditions, and the conversion of a Condition to the
// naive oracle's tree (oracles/naive_query.h).

#ifndef SORTKEY_FUZZ_EXPRESSION_INPUT_H_
#define SORTKEY_FUZZ_EXPRESSION_INPUT_H_

#include <fmt/format.h>

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "oracles/naive_casefold.h"
#include "oracles/naive_query.h"
#include "properties/props/common.h"
#include "properties/props/outcome.h"
#include "properties/props/query_props.h"
#include "sortkey/attribute.h"
#include "sortkey/expression.h"

namespace sortkey::fuzz {

struct ExpressionInput {
  std::string text;
  ExpressionAttributes attributes;
  std::map<std::string, std::string> options;  // "@index=g" -> options["index"] = "g"
  std::vector<Item> items;
  std::vector<std::string> dropped;  // definitions that made no value, for the report

  // The input as a person reads it in a failure report.
  std::string show() const {
    std::string out = fmt::format("expression {}", props::show_key(text));
    for (const auto& [k, v] : attributes.names)
      out += fmt::format("\n     name {} = {}", k, props::show_key(v));
    for (const auto& [k, v] : attributes.values)
      out += fmt::format("\n     value {} = {}", k, to_json(v));
    for (const auto& [k, v] : options) out += fmt::format("\n     option {} = {}", k, v);
    for (const Item& item : items) out += fmt::format("\n     item {}", to_json(item));
    for (const std::string& d : dropped)
      out += fmt::format("\n     dropped (no valid value): {}", props::show_key(d));
    return out;
  }
};

namespace expression_internal {

inline std::vector<std::string> split_commas(std::string_view s) {
  std::vector<std::string> out;
  std::size_t from = 0;
  while (true) {
    const std::size_t comma = s.find(',', from);
    out.emplace_back(
        s.substr(from, comma == std::string_view::npos ? std::string_view::npos : comma - from));
    if (comma == std::string_view::npos) return out;
    from = comma + 1;
  }
}

// "S:text", "N:1e3", ..., or DynamoDB JSON.
inline Result<AttributeValue> value_of(std::string_view spec) {
  if (spec.starts_with("{")) return parse_attribute_value(spec);
  const std::size_t colon = spec.find(':');
  if (colon == std::string_view::npos) return make_error(ErrorCode::kBadFormat, 0, "no type tag");
  const std::string_view tag = spec.substr(0, colon);
  const std::string_view payload = spec.substr(colon + 1);
  const auto type = type_from_name(tag);
  if (!type) return make_error(ErrorCode::kBadParameter, 0, "unknown type tag");
  switch (*type) {
    case AttributeType::kS:
      if (!oracle::is_valid_utf8(payload))
        return make_error(ErrorCode::kBadCharacter, 0, "not UTF-8");
      return AttributeValue::S(std::string(payload));
    case AttributeType::kN:
      return AttributeValue::N(payload);
    case AttributeType::kB:
      return AttributeValue::B(std::string(payload));
    case AttributeType::kBool:
      return AttributeValue::Bool(payload == "true");
    case AttributeType::kNull:
      return AttributeValue::Null();
    case AttributeType::kSS: {
      auto elements = split_commas(payload);
      for (const std::string& e : elements) {
        if (!oracle::is_valid_utf8(e)) return make_error(ErrorCode::kBadCharacter, 0, "not UTF-8");
      }
      return AttributeValue::SS(std::move(elements));
    }
    case AttributeType::kBS:
      return AttributeValue::BS(split_commas(payload));
    case AttributeType::kNS: {
      std::vector<Number> numbers;
      for (const std::string& e : split_commas(payload)) {
        auto n = parse_number(e);
        if (!n) return n.error();
        numbers.push_back(*n);
      }
      return AttributeValue::NS(std::move(numbers));
    }
    default:
      return make_error(ErrorCode::kBadParameter, 0, "L and M only as JSON");
  }
}

}  // namespace expression_internal

// Decodes the layout of the file comment.
inline ExpressionInput parse_expression_input(const std::uint8_t* data, std::size_t size) {
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  ExpressionInput out;
  std::size_t at = in.find('\n');
  out.text = std::string(in.substr(0, at));
  while (at != std::string_view::npos) {
    const std::size_t from = at + 1;
    at = in.find('\n', from);
    const std::string_view line =
        in.substr(from, at == std::string_view::npos ? std::string_view::npos : at - from);
    if (line.empty()) continue;
    const std::size_t eq = line.find('=');
    if (line[0] == '#' && eq != std::string_view::npos) {
      out.attributes.names[std::string(line.substr(0, eq))] = std::string(line.substr(eq + 1));
    } else if (line[0] == ':' && eq != std::string_view::npos) {
      auto v = expression_internal::value_of(line.substr(eq + 1));
      if (v) {
        out.attributes.values.insert_or_assign(std::string(line.substr(0, eq)), std::move(*v));
      } else {
        out.dropped.emplace_back(line);
      }
    } else if (line[0] == '@') {
      const std::string_view body = line.substr(1);
      const std::size_t e = body.find('=');
      out.options[std::string(body.substr(0, e))] =
          e == std::string_view::npos ? "" : std::string(body.substr(e + 1));
    } else if (line[0] == '+') {
      auto item = parse_item(line.substr(1));
      if (item) {
        out.items.push_back(std::move(*item));
      } else {
        out.dropped.emplace_back(line);
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------- printing

// Writes `c` back as expression text (see the file comment); `attributes`
// receives the names and values the text uses.
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
      path += s.is_index ? fmt::format("[{}]", s.index) : (path.empty() ? "" : ".") + name(s.name);
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
inline bool same_condition(const Condition& a, const Condition& b, std::string* why) {
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

// ---------------------------------------------------------------- to the oracle

inline oracle::NOperand to_naive(const Operand& o) {
  oracle::NOperand out;
  out.kind = o.kind == Operand::Kind::kValue
                 ? oracle::NOperand::Kind::kValue
                 : (o.kind == Operand::Kind::kPath ? oracle::NOperand::Kind::kPath
                                                   : oracle::NOperand::Kind::kSize);
  for (const PathStep& s : o.path) out.path.push_back(oracle::NStep{s.is_index, s.name, s.index});
  if (o.kind == Operand::Kind::kValue) out.value = props::to_naive(o.value);
  return out;
}

inline oracle::NCond to_naive(const Condition& c) {
  using Op = oracle::NCond::Op;
  oracle::NCond out;
  for (const Condition& child : c.children) out.kids.push_back(to_naive(child));
  for (const Operand& o : c.operands) out.args.push_back(to_naive(o));
  switch (c.kind) {
    case Condition::Kind::kCompare: {
      static constexpr Op kOps[] = {Op::kEq, Op::kNe, Op::kLt, Op::kLe, Op::kGt, Op::kGe};
      out.op = kOps[static_cast<int>(c.comparator)];
      break;
    }
    case Condition::Kind::kBetween:
      out.op = Op::kBetween;
      break;
    case Condition::Kind::kIn:
      out.op = Op::kIn;
      break;
    case Condition::Kind::kAnd:
      out.op = Op::kAnd;
      break;
    case Condition::Kind::kOr:
      out.op = Op::kOr;
      break;
    case Condition::Kind::kNot:
      out.op = Op::kNot;
      break;
    case Condition::Kind::kAttributeExists:
      out.op = Op::kExists;
      break;
    case Condition::Kind::kAttributeNotExists:
      out.op = Op::kNotExists;
      break;
    case Condition::Kind::kAttributeType:
      out.op = Op::kType;
      out.type_name = c.operands[1].value.as_string();
      out.args.resize(1);
      break;
    case Condition::Kind::kBeginsWith:
      out.op = Op::kBeginsWith;
      break;
    case Condition::Kind::kContains:
      out.op = Op::kContains;
      break;
  }
  return out;
}

// ---------------------------------------------------------------- shared checks

// The parse is total: an error names the parameter, has a message and an
// offset inside the text; a Condition's placeholders are all defined and
// written in the text.
inline props::Outcome parse_is_total(std::string_view text, ExpressionKind kind,
                                     const ExpressionAttributes& attrs,
                                     const Result<Condition>& got, const ExpressionUses& uses) {
  using props::Outcome;
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
      return Outcome::fails(
          fmt::format("the name placeholder {} counts as used but is not defined and written",
                      props::show_key(n)));
    }
  }
  for (const std::string& v : uses.values) {
    if (!attrs.values.contains(v) || text.find(v) == std::string_view::npos) {
      return Outcome::fails(
          fmt::format("the value placeholder {} counts as used but is not defined and written",
                      props::show_key(v)));
    }
  }
  return Outcome::holds();
}

// The kind names the parameter in messages and decides nothing else at
// parse time (expression.h): the text parsed as the other kind gives the
// same tree, or the same error with the other parameter's name.
inline props::Outcome kind_decides_nothing(std::string_view text, const ExpressionAttributes& attrs,
                                           ExpressionKind kind, const Result<Condition>& parsed) {
  using props::Outcome;
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

// Printing the tree and parsing the text again gives the same tree, and the
// printed text uses every placeholder it defines.
inline props::Outcome reparses_the_same(const Condition& c, ExpressionKind kind) {
  using props::Outcome;
  ExpressionAttributes attrs;
  const std::string printed = ConditionPrinter(attrs).print(c);
  ExpressionUses uses;
  auto again = parse_condition(printed, kind, attrs, &uses);
  if (!again) {
    return Outcome::fails(fmt::format("printed as {}, which does not parse: {}",
                                      props::show_key(printed), describe(again.error())));
  }
  std::string why;
  if (!same_condition(c, *again, &why)) {
    return Outcome::fails(fmt::format("printed as {}, which parses to another tree: {}",
                                      props::show_key(printed), why));
  }
  if (auto ok = check_all_used(attrs, uses); !ok) {
    return Outcome::fails(
        fmt::format("printed as {}: {}", props::show_key(printed), describe(ok.error())));
  }
  return Outcome::holds();
}

}  // namespace sortkey::fuzz

#endif  // SORTKEY_FUZZ_EXPRESSION_INPUT_H_
