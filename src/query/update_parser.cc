// parse_update (sortkey/update.h): DynamoDB's UpdateExpression grammar.

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sortkey/update.h"
#include "src/query/expression_text.h"

namespace sortkey {
namespace {

enum class UpdTok {
  kEnd,
  kIdent,
  kNameRef,
  kValueRef,
  kInteger,
  kLParen,
  kRParen,
  kLBracket,
  kRBracket,
  kComma,
  kDot,
  kEq,
  kPlus,
  kMinus,
  kBad
};

struct UpdToken {
  UpdTok kind;
  std::string_view text;
  std::size_t offset;
};

bool upd_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool upd_digit(char c) { return c >= '0' && c <= '9'; }
bool upd_word(char c) { return upd_alpha(c) || upd_digit(c) || c == '_'; }

std::vector<UpdToken> upd_tokenize(std::string_view s) {
  std::vector<UpdToken> out;
  std::size_t i = 0;
  while (true) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
    if (i == s.size()) {
      out.push_back({UpdTok::kEnd, "<EOF>", i});
      return out;
    }
    const std::size_t start = i;
    const char c = s[i];
    std::size_t len = 1;
    UpdTok kind = UpdTok::kBad;
    if (upd_alpha(c) || c == '_') {
      // A bare name starts with a letter; `_abc` is one bad token (ALT
      // test_update_expression_name_token).
      while (start + len < s.size() && upd_word(s[start + len])) ++len;
      kind = upd_alpha(c) ? UpdTok::kIdent : UpdTok::kBad;
    } else if (upd_digit(c)) {
      while (start + len < s.size() && upd_digit(s[start + len])) ++len;
      kind = UpdTok::kInteger;
    } else if (c == '#' || c == ':') {
      while (start + len < s.size() && upd_word(s[start + len])) ++len;
      kind = len == 1 ? UpdTok::kBad : (c == '#' ? UpdTok::kNameRef : UpdTok::kValueRef);
    } else {
      switch (c) {
        case '(':
          kind = UpdTok::kLParen;
          break;
        case ')':
          kind = UpdTok::kRParen;
          break;
        case '[':
          kind = UpdTok::kLBracket;
          break;
        case ']':
          kind = UpdTok::kRBracket;
          break;
        case ',':
          kind = UpdTok::kComma;
          break;
        case '.':
          kind = UpdTok::kDot;
          break;
        case '=':
          kind = UpdTok::kEq;
          break;
        case '+':
          kind = UpdTok::kPlus;
          break;
        case '-':
          kind = UpdTok::kMinus;
          break;
        default: {
          const auto u = static_cast<unsigned char>(c);
          if (u >= 0xC0) len = u >= 0xF0 ? 4 : (u >= 0xE0 ? 3 : 2);
          len = std::min(len, s.size() - start);
        }
      }
    }
    out.push_back({kind, s.substr(start, len), start});
    i = start + len;
  }
}

// ADD and DELETE name their operand's type in long form (DYN updateItem.js
// "incorrect types in UpdateExpression").
std::string_view upd_long_type(AttributeType t) {
  switch (t) {
    case AttributeType::kS:
      return "STRING";
    case AttributeType::kN:
      return "NUMBER";
    case AttributeType::kB:
      return "BINARY";
    case AttributeType::kBool:
      return "BOOLEAN";
    case AttributeType::kNull:
      return "NULL";
    case AttributeType::kL:
      return "LIST";
    case AttributeType::kM:
      return "MAP";
    case AttributeType::kSS:
      return "STRING_SET";
    case AttributeType::kNS:
      return "NUMBER_SET";
    case AttributeType::kBS:
      return "BINARY_SET";
  }
  return "?";
}

bool upd_is_set(AttributeType t) {
  return t == AttributeType::kSS || t == AttributeType::kNS || t == AttributeType::kBS;
}

constexpr std::size_t kUpdMaxExpressionBytes = 4096;
constexpr std::size_t kUpdMaxPathLevels = 32;
constexpr std::size_t kUpdMaxDepth = 64;  // parentheses and function calls, nested

class UpdateParser {
 public:
  UpdateParser(std::string_view text, const ExpressionAttributes& attributes, ExpressionUses* uses)
      : text_(text), attributes_(attributes), uses_(uses), tokens_(upd_tokenize(text)) {}

  Result<UpdateExpression> parse() {
    UpdateExpression out;
    bool seen[4] = {false, false, false, false};
    static constexpr std::string_view kClauses[4] = {"SET", "REMOVE", "ADD", "DELETE"};
    if (peek().kind == UpdTok::kEnd) return syntax_error(peek());
    while (peek().kind != UpdTok::kEnd) {
      int clause = -1;
      for (int i = 0; i < 4; ++i) {
        if (peek().kind == UpdTok::kIdent && internal::ascii_iequals(peek().text, kClauses[i]))
          clause = i;
      }
      if (clause < 0) return syntax_error(peek());
      const UpdToken keyword = next();
      if (seen[clause]) {
        return error(ErrorCode::kBadFormat, keyword.offset,
                     fmt::format("The \"{}\" section can only be used once in an update "
                                 "expression;",
                                 kClauses[clause]));
      }
      seen[clause] = true;
      while (true) {
        auto action = parse_action(static_cast<UpdateAction::Kind>(clause));
        if (!action) return action.error();
        out.actions.push_back(std::move(*action));
        if (peek().kind != UpdTok::kComma) break;
        next();
      }
    }
    for (std::size_t i = 0; i < out.actions.size(); ++i) {
      for (std::size_t j = i + 1; j < out.actions.size(); ++j) {
        if (auto ok = check_disjoint(out.actions[i].path, out.actions[j].path); !ok)
          return ok.error();
      }
    }
    return out;
  }

 private:
  const UpdToken& peek(std::size_t ahead = 0) const {
    return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
  }
  const UpdToken& next() {
    const UpdToken& t = tokens_[pos_];
    if (pos_ + 1 < tokens_.size()) ++pos_;
    return t;
  }

  Error error(ErrorCode code, std::size_t offset, std::string_view message) const {
    return make_error(code, offset, fmt::format("Invalid UpdateExpression: {}", message));
  }

  Error syntax_error(const UpdToken& t) const {
    std::size_t index = 0;
    while (index + 1 < tokens_.size() && tokens_[index].offset < t.offset) ++index;
    const std::size_t from = index > 0 ? tokens_[index - 1].offset : t.offset;
    std::size_t to = t.offset + (t.kind == UpdTok::kEnd ? 0 : t.text.size());
    if (t.kind != UpdTok::kEnd && index + 1 < tokens_.size() &&
        tokens_[index + 1].kind != UpdTok::kEnd) {
      to = tokens_[index + 1].offset + tokens_[index + 1].text.size();
    }
    return error(ErrorCode::kBadFormat, t.offset,
                 fmt::format("Syntax error; token: \"{}\", near: \"{}\"", t.text,
                             text_.substr(from, to - from)));
  }

  Result<void> expect(UpdTok kind) {
    if (peek().kind != kind) return syntax_error(peek());
    next();
    return {};
  }

  Result<UpdateAction> parse_action(UpdateAction::Kind kind) {
    UpdateAction a;
    a.kind = kind;
    const UpdToken& start = peek();
    if (start.kind != UpdTok::kIdent && start.kind != UpdTok::kNameRef) return syntax_error(start);
    auto path = parse_path();
    if (!path) return path.error();
    a.path = std::move(*path);
    switch (kind) {
      case UpdateAction::Kind::kRemove:
        return a;
      case UpdateAction::Kind::kSet: {
        if (auto ok = expect(UpdTok::kEq); !ok) return ok.error();
        auto left = parse_operand();
        if (!left) return left.error();
        a.value.left = std::move(*left);
        if (peek().kind == UpdTok::kPlus || peek().kind == UpdTok::kMinus) {
          const UpdToken& op = next();
          a.value.op = op.text[0];
          auto right = parse_operand();
          if (!right) return right.error();
          a.value.right.push_back(std::move(*right));
          for (const UpdateOperand* o : {&a.value.left, &a.value.right[0]}) {
            if (o->kind == UpdateOperand::Kind::kValue && o->value.type() != AttributeType::kN) {
              return incorrect_operand(std::string(1, a.value.op), o->value.type());
            }
          }
        }
        return a;
      }
      case UpdateAction::Kind::kAdd:
      case UpdateAction::Kind::kDelete: {
        if (peek().kind != UpdTok::kValueRef) return syntax_error(peek());
        auto v = value_of(next());
        if (!v) return v.error();
        a.operand = std::move(*v);
        const AttributeType t = a.operand.type();
        const bool add = kind == UpdateAction::Kind::kAdd;
        if (!(upd_is_set(t) || (add && t == AttributeType::kN))) {
          return error(ErrorCode::kBadParameter, start.offset,
                       fmt::format("Incorrect operand type for operator or function; operator: "
                                   "{}, operand type: {}",
                                   add ? "ADD" : "DELETE", upd_long_type(t)));
        }
        return a;
      }
    }
    return a;
  }

  Error incorrect_operand(std::string_view function, AttributeType t) const {
    return error(ErrorCode::kBadParameter, 0,
                 fmt::format("Incorrect operand type for operator or function; operator or "
                             "function: {}, operand type: {}",
                             function, type_name(t)));
  }

  // `inside`: the function whose argument this is, or "".
  Result<UpdateOperand> parse_operand(std::string_view inside = {}) {
    const UpdToken& t = peek();
    if (++depth_ > kUpdMaxDepth) {
      return error(ErrorCode::kOutOfRange, t.offset, "The expression is nested too deeply");
    }
    auto out = parse_operand_inner(inside);
    --depth_;
    return out;
  }

  Result<UpdateOperand> parse_operand_inner(std::string_view inside) {
    const UpdToken& t = peek();
    if (t.kind == UpdTok::kLParen) {
      next();
      auto o = parse_operand(inside);
      if (!o) return o;
      if (auto ok = expect(UpdTok::kRParen); !ok) return ok.error();
      return o;
    }
    if (t.kind == UpdTok::kValueRef) {
      UpdateOperand o;
      auto v = value_of(next());
      if (!v) return v.error();
      o.value = std::move(*v);
      return o;
    }
    if (t.kind == UpdTok::kIdent && peek(1).kind == UpdTok::kLParen) return parse_function(inside);
    if (t.kind == UpdTok::kIdent || t.kind == UpdTok::kNameRef) {
      UpdateOperand o;
      o.kind = UpdateOperand::Kind::kPath;
      auto path = parse_path();
      if (!path) return path.error();
      o.path = std::move(*path);
      return o;
    }
    return syntax_error(t);
  }

  Result<UpdateOperand> parse_function(std::string_view inside) {
    const UpdToken name = next();
    next();  // '('
    const bool if_not_exists = name.text == "if_not_exists";
    if (!if_not_exists && name.text != "list_append") {
      return error(ErrorCode::kBadParameter, name.offset,
                   fmt::format("Invalid function name; function: {}", name.text));
    }
    // list_append(list_append(...), ...) is refused (ALT
    // test_update_expression_function_nesting).
    if (!if_not_exists && inside == "list_append") {
      return error(ErrorCode::kBadParameter, name.offset,
                   "The function is not allowed to be used this way in an expression; function: "
                   "list_append");
    }
    std::vector<UpdateOperand> args;
    while (true) {
      auto o = parse_operand(name.text);
      if (!o) return o;
      args.push_back(std::move(*o));
      if (peek().kind != UpdTok::kComma) break;
      next();
    }
    if (auto ok = expect(UpdTok::kRParen); !ok) return ok.error();
    if (args.size() != 2) {
      return error(ErrorCode::kBadParameter, name.offset,
                   fmt::format("Incorrect number of operands for operator or function; operator "
                               "or function: {}, number of operands: {}",
                               name.text, args.size()));
    }
    UpdateOperand o;
    if (if_not_exists) {
      if (args[0].kind != UpdateOperand::Kind::kPath) {
        return error(ErrorCode::kBadParameter, name.offset,
                     "Operator or function requires a document path; operator or function: "
                     "if_not_exists");
      }
      o.kind = UpdateOperand::Kind::kIfNotExists;
      o.path = std::move(args[0].path);
      o.args.push_back(std::move(args[1]));
      return o;
    }
    for (const UpdateOperand& a : args) {
      if (a.kind == UpdateOperand::Kind::kValue && a.value.type() != AttributeType::kL) {
        return incorrect_operand("list_append", a.value.type());
      }
    }
    o.kind = UpdateOperand::Kind::kListAppend;
    o.args = std::move(args);
    return o;
  }

  Result<AttributeValue> value_of(const UpdToken& t) {
    const auto it = attributes_.values.find(t.text);
    if (it == attributes_.values.end()) {
      return error(ErrorCode::kBadParameter, t.offset,
                   fmt::format("An expression attribute value used in expression is not defined; "
                               "attribute value: {}",
                               t.text));
    }
    uses_->values.emplace(t.text);
    return it->second;
  }

  Result<std::string> name_of(const UpdToken& t) {
    return internal::resolve_attribute_name("UpdateExpression", t.text, t.kind == UpdTok::kNameRef,
                                            t.offset, attributes_, uses_);
  }

  // REQUIRES: peek() is an identifier or a #name.
  Result<DocumentPath> parse_path() {
    const std::size_t at = peek().offset;
    DocumentPath path;
    auto first = name_of(next());
    if (!first) return first.error();
    path.push_back(PathStep{false, std::move(*first), 0});
    while (true) {
      if (peek().kind == UpdTok::kDot) {
        next();
        const UpdToken& t = peek();
        if (t.kind != UpdTok::kIdent && t.kind != UpdTok::kNameRef) return syntax_error(t);
        auto name = name_of(next());
        if (!name) return name.error();
        path.push_back(PathStep{false, std::move(*name), 0});
      } else if (peek().kind == UpdTok::kLBracket) {
        next();
        const UpdToken& t = peek();
        if (t.kind != UpdTok::kInteger || t.text.size() > 9) return syntax_error(t);
        next();
        std::size_t index = 0;
        for (char ch : t.text) index = index * 10 + static_cast<std::size_t>(ch - '0');
        if (auto ok = expect(UpdTok::kRBracket); !ok) return ok.error();
        path.push_back(PathStep{true, {}, index});
      } else {
        return path;
      }
      // AWS DG quotas "Nested attribute depth": 32 levels.
      if (path.size() > kUpdMaxPathLevels) {
        return error(
            ErrorCode::kOutOfRange, at,
            fmt::format("The document path has too many nesting levels; nesting levels: {}",
                        path.size()));
      }
    }
  }

  // Two targets overlap when one is a prefix of the other, and conflict when
  // at their first difference one is a map key and the other a list index
  // (reference §1.6 rules 29-30).
  Result<void> check_disjoint(const DocumentPath& a, const DocumentPath& b) const {
    const std::size_t n = std::min(a.size(), b.size());
    std::size_t i = 0;
    while (i < n && a[i] == b[i]) ++i;
    const char* what = nullptr;
    if (i == n) {
      what = "overlap";
    } else if (a[i].is_index != b[i].is_index) {
      what = "conflict";
    }
    if (what == nullptr) return {};
    return error(
        ErrorCode::kBadParameter, 0,
        fmt::format("Two document paths {} with each other; must remove or rewrite one "
                    "of these paths; path one: {}, path two: {}",
                    what, internal::show_document_path(a), internal::show_document_path(b)));
  }

  std::string_view text_;
  const ExpressionAttributes& attributes_;
  ExpressionUses* uses_;
  std::vector<UpdToken> tokens_;
  std::size_t pos_ = 0;
  std::size_t depth_ = 0;
};

}  // namespace

Result<UpdateExpression> parse_update(std::string_view text, const ExpressionAttributes& attributes,
                                      ExpressionUses* uses) {
  // ALT test_limits.py::test_limit_expression_len: 4 KB, checked first.
  if (text.size() > kUpdMaxExpressionBytes) {
    return make_error(ErrorCode::kOutOfRange, 0,
                      "Invalid UpdateExpression: Expression size has exceeded the maximum allowed "
                      "size; expression size: " +
                          std::to_string(text.size()));
  }
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    return make_error(ErrorCode::kEmpty, 0,
                      "Invalid UpdateExpression: The expression can not be empty;");
  }
  return UpdateParser(text, attributes, uses).parse();
}

}  // namespace sortkey
