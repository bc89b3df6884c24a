#include "sortkey/expression.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <optional>

#include "src/query/expression_text.h"

namespace sortkey {
namespace {

// ---------------------------------------------------------------- tokens

enum class Tok {
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
  kNe,
  kLt,
  kLe,
  kGt,
  kGe,
  kBad,
};

struct Token {
  Tok kind;
  std::string_view text;
  std::size_t offset;
};

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_word(char c) { return is_alpha(c) || is_digit(c) || c == '_'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::vector<Token> tokenize(std::string_view s) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (true) {
    while (i < s.size() && is_space(s[i])) ++i;
    if (i == s.size()) {
      out.push_back({Tok::kEnd, "<EOF>", i});
      return out;
    }
    const std::size_t start = i;
    const char c = s[i];
    auto emit = [&](Tok kind, std::size_t len) {
      out.push_back({kind, s.substr(start, len), start});
      i = start + len;
    };
    if (is_alpha(c) || c == '_') {
      std::size_t j = i;
      while (j < s.size() && is_word(s[j])) ++j;
      emit(Tok::kIdent, j - i);
    } else if (is_digit(c)) {
      std::size_t j = i;
      while (j < s.size() && is_digit(s[j])) ++j;
      emit(Tok::kInteger, j - i);
    } else if (c == '#' || c == ':') {
      std::size_t j = i + 1;
      while (j < s.size() && is_word(s[j])) ++j;
      emit(j == i + 1 ? Tok::kBad : (c == '#' ? Tok::kNameRef : Tok::kValueRef), j - i);
    } else if (c == '(') {
      emit(Tok::kLParen, 1);
    } else if (c == ')') {
      emit(Tok::kRParen, 1);
    } else if (c == '[') {
      emit(Tok::kLBracket, 1);
    } else if (c == ']') {
      emit(Tok::kRBracket, 1);
    } else if (c == ',') {
      emit(Tok::kComma, 1);
    } else if (c == '.') {
      emit(Tok::kDot, 1);
    } else if (c == '=') {
      emit(Tok::kEq, 1);
    } else if (c == '<') {
      if (i + 1 < s.size() && s[i + 1] == '>') {
        emit(Tok::kNe, 2);
      } else if (i + 1 < s.size() && s[i + 1] == '=') {
        emit(Tok::kLe, 2);
      } else {
        emit(Tok::kLt, 1);
      }
    } else if (c == '>') {
      emit(i + 1 < s.size() && s[i + 1] == '=' ? Tok::kGe : Tok::kGt,
           i + 1 < s.size() && s[i + 1] == '=' ? 2 : 1);
    } else {
      // One code point (or one byte of ill-formed text) as the bad token.
      std::size_t len = 1;
      const auto u = static_cast<unsigned char>(c);
      if (u >= 0xC0) len = u >= 0xF0 ? 4 : (u >= 0xE0 ? 3 : 2);
      emit(Tok::kBad, std::min(len, s.size() - i));
    }
  }
}

constexpr std::array<std::string_view, 5> kBooleanFunctions = {
    "attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains"};

bool is_boolean_function(std::string_view name) {
  return std::find(kBooleanFunctions.begin(), kBooleanFunctions.end(), name) !=
         kBooleanFunctions.end();
}

constexpr std::size_t kMaxInOperands = 100;

// DynamoDB's limits on one expression [AWS DG "Service, account, and table
// quotas", Expression parameters; ALT test_limits.py::test_limit_expression_len,
// test_limit_expression_len_crash1-5, test_deeply_nested_expression_1-5]:
// at most 4 KB of text (4096 bytes pass, 4097 fail, before any other check:
// a longer syntax error is refused for its size), and at most 300 operators
// (comparators, BETWEEN, IN, AND, OR, NOT; parentheses, spaces and functions
// do not count), "operator count: 301" when the 301st is read. Together they
// bound how deep the parser recurses.
constexpr std::size_t kMaxExpressionBytes = 4096;
constexpr std::size_t kMaxOperators = 300;
// Parentheses that each enclose an operator of their own are at most one per
// operator; deeper nesting holds a pair around nothing more than the pair
// inside it, which DynamoDB refuses ("The expression has redundant
// parentheses", ALT test_deeply_nested_expression_3 quoting DynamoDB).
constexpr std::size_t kMaxPathLevels = 32;
constexpr std::size_t kMaxParenthesisDepth = kMaxOperators + 1;

// "{N:7}": how DynamoDB shows a constant in its BETWEEN messages.
std::string show_constant(const AttributeValue& v) {
  switch (v.type()) {
    case AttributeType::kS:
      return fmt::format("{{S:{}}}", v.as_string());
    case AttributeType::kN:
      return fmt::format("{{N:{}}}", to_string(v.as_number()));
    case AttributeType::kB:
      return fmt::format("{{B:{}}}", encode_base64(v.as_string()));
    default:
      return fmt::format("{{{}:...}}", type_name(v.type()));
  }
}

std::string_view operand_type(const Operand& o) {
  switch (o.kind) {
    case Operand::Kind::kValue:
      return type_name(o.value.type());
    case Operand::Kind::kSize:
      return "N";
    case Operand::Kind::kPath:
      return "document path";
  }
  return "?";
}

// "[a, b, [1]]": how DynamoDB shows a document path in its messages.
// ---------------------------------------------------------------- parser

class Parser {
 public:
  Parser(std::string_view text, ExpressionKind kind, const ExpressionAttributes& attributes,
         ExpressionUses* uses)
      : text_(text), kind_(kind), attributes_(attributes), uses_(uses), tokens_(tokenize(text)) {}

  Result<Condition> parse() {
    auto c = parse_or();
    if (!c) return c;
    if (peek().kind != Tok::kEnd) return syntax_error(peek());
    return c;
  }

  // path ( "," path )*, then the overlap and conflict checks.
  Result<std::vector<DocumentPath>> parse_paths() {
    std::vector<DocumentPath> paths;
    while (true) {
      const Token& t = peek();
      if (t.kind != Tok::kIdent && t.kind != Tok::kNameRef) return syntax_error(t);
      auto o = parse_path();
      if (!o) return o.error();
      paths.push_back(std::move(o->path));
      if (peek().kind == Tok::kEnd) break;
      if (auto ok = expect(Tok::kComma); !ok) return ok.error();
    }
    for (std::size_t i = 0; i < paths.size(); ++i) {
      for (std::size_t j = i + 1; j < paths.size(); ++j) {
        if (auto ok = check_disjoint(paths[i], paths[j]); !ok) return ok.error();
      }
    }
    return paths;
  }

 private:
  const Token& peek(std::size_t ahead = 0) const {
    return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
  }
  const Token& next() {
    const Token& t = tokens_[pos_];
    if (pos_ + 1 < tokens_.size()) ++pos_;
    return t;
  }
  bool at_keyword(std::string_view word) const {
    return peek().kind == Tok::kIdent && internal::ascii_iequals(peek().text, word);
  }

  Error error(ErrorCode code, std::size_t offset, std::string_view message) const {
    return make_error(code, offset,
                      fmt::format("Invalid {}: {}", expression_parameter(kind_), message));
  }

  // DynamoDB shows the bad token and the text around it: from the start of
  // the token before it to the end of the token after it.
  Error syntax_error(const Token& t) const {
    std::size_t index = 0;
    while (index + 1 < tokens_.size() && tokens_[index].offset < t.offset) ++index;
    const std::size_t from = index > 0 ? tokens_[index - 1].offset : t.offset;
    std::size_t to = t.offset + (t.kind == Tok::kEnd ? 0 : t.text.size());
    if (t.kind != Tok::kEnd && index + 1 < tokens_.size() && tokens_[index + 1].kind != Tok::kEnd) {
      to = tokens_[index + 1].offset + tokens_[index + 1].text.size();
    }
    return error(ErrorCode::kBadFormat, t.offset,
                 fmt::format("Syntax error; token: \"{}\", near: \"{}\"", t.text,
                             text_.substr(from, to - from)));
  }

  Result<void> expect(Tok kind) {
    if (peek().kind != kind) return syntax_error(peek());
    next();
    return {};
  }

  // Counts one operator more; past kMaxOperators, DynamoDB's refusal.
  Result<void> count_operator(std::size_t offset) {
    if (++operators_ <= kMaxOperators) return {};
    return error(
        ErrorCode::kOutOfRange, offset,
        fmt::format("The expression contains too many operators; operator count: {}", operators_));
  }

  Result<Condition> parse_or() {
    auto left = parse_and();
    if (!left) return left;
    while (at_keyword("OR")) {
      const std::size_t at = next().offset;
      if (auto ok = count_operator(at); !ok) return ok.error();
      auto right = parse_and();
      if (!right) return right;
      left = combine(Condition::Kind::kOr, std::move(*left), std::move(*right), at);
    }
    return left;
  }

  Result<Condition> parse_and() {
    auto left = parse_not();
    if (!left) return left;
    while (at_keyword("AND")) {
      const std::size_t at = next().offset;
      if (auto ok = count_operator(at); !ok) return ok.error();
      auto right = parse_not();
      if (!right) return right;
      left = combine(Condition::Kind::kAnd, std::move(*left), std::move(*right), at);
    }
    return left;
  }

  static Condition combine(Condition::Kind kind, Condition a, Condition b, std::size_t at) {
    Condition c;
    c.kind = kind;
    c.offset = std::min(a.offset, at);
    c.children.push_back(std::move(a));
    c.children.push_back(std::move(b));
    return c;
  }

  Result<Condition> parse_not() {
    if (at_keyword("NOT")) {
      const std::size_t at = next().offset;
      if (auto ok = count_operator(at); !ok) return ok.error();
      auto child = parse_not();
      if (!child) return child;
      Condition c;
      c.kind = Condition::Kind::kNot;
      c.offset = at;
      c.children.push_back(std::move(*child));
      return c;
    }
    return parse_primary();
  }

  Result<Condition> parse_primary() {
    const Token& t = peek();
    if (t.kind == Tok::kLParen) {
      next();
      if (++depth_ > kMaxParenthesisDepth) {
        return error(ErrorCode::kBadFormat, t.offset, "The expression has redundant parentheses;");
      }
      auto c = parse_or();
      --depth_;
      if (!c) return c;
      if (auto ok = expect(Tok::kRParen); !ok) return ok.error();
      c->parentheses += 1;
      return c;
    }
    if (t.kind == Tok::kIdent && peek(1).kind == Tok::kLParen && is_boolean_function(t.text)) {
      return parse_function();
    }
    auto left = parse_operand();
    if (!left) return left.error();
    Condition c;
    c.offset = left->offset;
    const Token& op = peek();
    Comparator cmp{};
    bool is_cmp = true;
    switch (op.kind) {
      case Tok::kEq:
        cmp = Comparator::kEq;
        break;
      case Tok::kNe:
        cmp = Comparator::kNe;
        break;
      case Tok::kLt:
        cmp = Comparator::kLt;
        break;
      case Tok::kLe:
        cmp = Comparator::kLe;
        break;
      case Tok::kGt:
        cmp = Comparator::kGt;
        break;
      case Tok::kGe:
        cmp = Comparator::kGe;
        break;
      default:
        is_cmp = false;
    }
    if (is_cmp) {
      next();
      if (auto ok = count_operator(op.offset); !ok) return ok.error();
      auto right = parse_operand();
      if (!right) return right.error();
      c.kind = Condition::Kind::kCompare;
      c.comparator = cmp;
      c.operands = {std::move(*left), std::move(*right)};
      if (auto ok = check_distinct(comparator_text(cmp), c); !ok) return ok.error();
      if (cmp != Comparator::kEq && cmp != Comparator::kNe) {
        for (const Operand& o : c.operands) {
          if (o.kind == Operand::Kind::kValue && !is_scalar_key_type(o.value.type())) {
            return incorrect_operand(comparator_text(cmp), o);
          }
        }
      }
      return c;
    }
    if (at_keyword("BETWEEN")) {
      if (auto ok = count_operator(next().offset); !ok) return ok.error();
      auto lo = parse_operand();
      if (!lo) return lo.error();
      if (!at_keyword("AND")) return syntax_error(peek());
      next();
      auto hi = parse_operand();
      if (!hi) return hi.error();
      c.kind = Condition::Kind::kBetween;
      c.operands = {std::move(*left), std::move(*lo), std::move(*hi)};
      if (auto ok = check_distinct("BETWEEN", c); !ok) return ok.error();
      if (auto ok = check_between(c); !ok) return ok.error();
      return c;
    }
    if (at_keyword("IN")) {
      if (auto ok = count_operator(next().offset); !ok) return ok.error();
      if (auto ok = expect(Tok::kLParen); !ok) return ok.error();
      c.kind = Condition::Kind::kIn;
      c.operands.push_back(std::move(*left));
      while (true) {
        auto o = parse_operand();
        if (!o) return o.error();
        c.operands.push_back(std::move(*o));
        if (peek().kind != Tok::kComma) break;
        next();
      }
      if (auto ok = expect(Tok::kRParen); !ok) return ok.error();
      if (c.operands.size() - 1 > kMaxInOperands) {
        return error(
            ErrorCode::kOutOfRange, c.offset,
            fmt::format(
                "The IN operator is provided with too many operands; number of operands: {}",
                c.operands.size() - 1));
      }
      if (auto ok = check_distinct("IN", c); !ok) return ok.error();
      return c;
    }
    return syntax_error(op);
  }

  // DynamoDB refuses an operator or function whose first operand is a
  // document path that one of its other operands repeats, after names are
  // substituted: `a = a`, `#n > a` with #n -> a, `contains(a.b, a.b)`,
  // `a BETWEEN :lo AND a`, `a IN (:v, a)` (see "Distinct operands" in
  // sortkey/expression.h). Values and size() are never compared.
  Result<void> check_distinct(std::string_view op, const Condition& c) const {
    const Operand& first = c.operands[0];
    if (first.kind != Operand::Kind::kPath) return {};
    for (std::size_t i = 1; i < c.operands.size(); ++i) {
      const Operand& o = c.operands[i];
      if (o.kind != Operand::Kind::kPath || o.path != first.path) continue;
      return error(ErrorCode::kBadParameter, o.offset,
                   fmt::format("The first operand must be distinct from the remaining operands "
                               "for this operator or function; operator: {}, first operand: {}",
                               op, internal::show_document_path(first.path)));
    }
    return {};
  }

  // Two projected paths overlap when one is a prefix of the other, and
  // conflict when at their first difference one reads a map key and the
  // other a list index.
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

  Error incorrect_operand(std::string_view function, const Operand& o) const {
    return error(
        ErrorCode::kBadParameter, o.offset,
        fmt::format("Incorrect operand type for operator or function; operator or function: "
                    "{}, operand type: {}",
                    function, operand_type(o)));
  }

  Result<void> check_between(const Condition& c) const {
    for (std::size_t i = 1; i < 3; ++i) {
      const Operand& o = c.operands[i];
      if (o.kind == Operand::Kind::kValue && !is_scalar_key_type(o.value.type())) {
        return incorrect_operand("BETWEEN", o);
      }
    }
    const Operand& lo = c.operands[1];
    const Operand& hi = c.operands[2];
    if (lo.kind != Operand::Kind::kValue || hi.kind != Operand::Kind::kValue) return {};
    if (lo.value.type() != hi.value.type()) {
      return error(ErrorCode::kBadParameter, lo.offset,
                   fmt::format("The BETWEEN operator requires same data type for lower and upper "
                               "bounds; lower bound operand: AttributeValue: {}, upper bound "
                               "operand: AttributeValue: {}",
                               show_constant(lo.value), show_constant(hi.value)));
    }
    if (compare_scalars(lo.value, hi.value) > 0) {
      return error(ErrorCode::kBadParameter, lo.offset,
                   fmt::format("The BETWEEN operator requires upper bound to be greater than or "
                               "equal to lower bound; lower bound operand: AttributeValue: {}, "
                               "upper bound operand: AttributeValue: {}",
                               show_constant(lo.value), show_constant(hi.value)));
    }
    return {};
  }

  Result<Condition> parse_function() {
    const Token name = next();
    next();  // '('
    Condition c;
    c.offset = name.offset;
    while (true) {
      auto o = parse_operand();
      if (!o) return o.error();
      c.operands.push_back(std::move(*o));
      if (peek().kind != Tok::kComma) break;
      next();
    }
    if (auto ok = expect(Tok::kRParen); !ok) return ok.error();
    const std::size_t want =
        name.text == "attribute_exists" || name.text == "attribute_not_exists" ? 1 : 2;
    if (c.operands.size() != want) {
      return error(ErrorCode::kBadParameter, name.offset,
                   fmt::format("Incorrect number of operands for operator or function; operator or "
                               "function: {}, number of operands: {}",
                               name.text, c.operands.size()));
    }
    if (auto ok = check_distinct(name.text, c); !ok) return ok.error();
    if (name.text == "attribute_exists" || name.text == "attribute_not_exists") {
      c.kind = name.text == "attribute_exists" ? Condition::Kind::kAttributeExists
                                               : Condition::Kind::kAttributeNotExists;
      if (c.operands[0].kind != Operand::Kind::kPath) {
        return error(
            ErrorCode::kBadParameter, c.operands[0].offset,
            fmt::format("Operator or function requires a document path; operator or function: {}",
                        name.text));
      }
    } else if (name.text == "attribute_type") {
      c.kind = Condition::Kind::kAttributeType;
      if (c.operands[0].kind != Operand::Kind::kPath) {
        return error(
            ErrorCode::kBadParameter, c.operands[0].offset,
            "Operator or function requires a document path; operator or function: attribute_type");
      }
      const Operand& t = c.operands[1];
      if (t.kind != Operand::Kind::kValue || t.value.type() != AttributeType::kS) {
        return incorrect_operand("attribute_type", t);
      }
      if (!type_from_name(t.value.as_string())) {
        return error(ErrorCode::kBadParameter, t.offset,
                     fmt::format("Invalid attribute type name found; type: {}, valid types: "
                                 "{{B,NULL,SS,BOOL,L,BS,N,NS,S,M}}",
                                 t.value.as_string()));
      }
    } else if (name.text == "begins_with") {
      c.kind = Condition::Kind::kBeginsWith;
      for (const Operand& o : c.operands) {
        if (o.kind == Operand::Kind::kSize ||
            (o.kind == Operand::Kind::kValue && o.value.type() != AttributeType::kS &&
             o.value.type() != AttributeType::kB)) {
          return incorrect_operand("begins_with", o);
        }
      }
    } else {
      c.kind = Condition::Kind::kContains;
    }
    return c;
  }

  Result<Operand> parse_operand() {
    const Token& t = peek();
    if (t.kind == Tok::kIdent && peek(1).kind == Tok::kLParen) {
      if (t.text != "size") {
        if (is_boolean_function(t.text)) {
          return error(ErrorCode::kBadParameter, t.offset,
                       fmt::format("The function is not allowed to be used this way in an "
                                   "expression; function: {}",
                                   t.text));
        }
        return error(ErrorCode::kBadParameter, t.offset,
                     fmt::format("Invalid function name; function: {}", t.text));
      }
      const std::size_t at = next().offset;
      next();  // '('
      auto arg = parse_operand();
      if (!arg) return arg;
      if (peek().kind == Tok::kComma) {
        return error(ErrorCode::kBadParameter, at,
                     "Incorrect number of operands for operator or function; operator or function: "
                     "size, number of operands: 2");
      }
      if (auto ok = expect(Tok::kRParen); !ok) return ok.error();
      if (arg->kind != Operand::Kind::kPath) return incorrect_operand("size", *arg);
      arg->kind = Operand::Kind::kSize;
      arg->offset = at;
      return arg;
    }
    if (t.kind == Tok::kIdent || t.kind == Tok::kNameRef) return parse_path();
    if (t.kind == Tok::kValueRef) {
      next();
      const auto it = attributes_.values.find(t.text);
      if (it == attributes_.values.end()) {
        return error(ErrorCode::kBadParameter, t.offset,
                     fmt::format("An expression attribute value used in expression is not defined; "
                                 "attribute value: {}",
                                 t.text));
      }
      uses_->values.emplace(t.text);
      Operand o;
      o.kind = Operand::Kind::kValue;
      o.placeholder = std::string(t.text);
      o.value = it->second;
      o.offset = t.offset;
      return o;
    }
    return syntax_error(t);
  }

  Result<std::string> name_of(const Token& t) {
    return internal::resolve_attribute_name(expression_parameter(kind_), t.text,
                                            t.kind == Tok::kNameRef, t.offset, attributes_, uses_);
  }

  Result<Operand> parse_path() {
    Operand o;
    o.kind = Operand::Kind::kPath;
    o.offset = peek().offset;
    auto first = name_of(next());
    if (!first) return first.error();
    o.path.push_back(PathStep{false, std::move(*first), 0});
    while (true) {
      if (peek().kind == Tok::kDot) {
        next();
        const Token& t = peek();
        if (t.kind != Tok::kIdent && t.kind != Tok::kNameRef) return syntax_error(t);
        auto name = name_of(next());
        if (!name) return name.error();
        o.path.push_back(PathStep{false, std::move(*name), 0});
      } else if (peek().kind == Tok::kLBracket) {
        next();
        const Token& t = peek();
        if (t.kind != Tok::kInteger || t.text.size() > 9) return syntax_error(t);
        next();
        std::size_t index = 0;
        for (char ch : t.text) index = index * 10 + static_cast<std::size_t>(ch - '0');
        if (auto ok = expect(Tok::kRBracket); !ok) return ok.error();
        o.path.push_back(PathStep{true, {}, index});
      } else {
        return o;
      }
      // A ProjectionExpression's path has at most 32 elements, the top-level
      // attribute included [AWS DG quotas "Nested attribute depth"; ALT
      // test_projection_expression.py::test_projection_expression_path_nesting_levels,
      // which quotes DynamoDB's message]. The sources show it for
      // projections only; other expressions are left as they were.
      if (kind_ == ExpressionKind::kProjection && o.path.size() > kMaxPathLevels) {
        return error(
            ErrorCode::kOutOfRange, o.offset,
            fmt::format("The document path has too many nesting levels; nesting levels: {}",
                        o.path.size()));
      }
    }
  }

  std::string_view text_;
  ExpressionKind kind_;
  const ExpressionAttributes& attributes_;
  ExpressionUses* uses_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  std::size_t operators_ = 0;  // read so far (count_operator)
  std::size_t depth_ = 0;      // parentheses open around the current token
};

// ---------------------------------------------------------------- evaluation

// An operand's value: a pointer into the item or the expression, or a size
// computed on the spot; `ptr` is null for a missing attribute.
struct Value {
  const AttributeValue* ptr = nullptr;
  AttributeValue owned;
};

std::optional<std::size_t> size_of(const AttributeValue& v) {
  switch (v.type()) {
    // size() of S counts UTF-8 bytes: DynamoDB documents the length of a
    // string without its unit, and stores and limits strings in UTF-8 bytes.
    case AttributeType::kS:
    case AttributeType::kB:
      return v.as_string().size();
    case AttributeType::kSS:
    case AttributeType::kBS:
      return v.as_strings().size();
    case AttributeType::kNS:
      return v.as_numbers().size();
    case AttributeType::kL:
      return v.as_list().size();
    case AttributeType::kM:
      return v.as_map().size();
    default:
      return std::nullopt;
  }
}

Value operand_value(const Operand& o, const Item& item) {
  Value v;
  switch (o.kind) {
    case Operand::Kind::kValue:
      v.ptr = &o.value;
      break;
    case Operand::Kind::kPath:
      v.ptr = resolve_path(o.path, item);
      break;
    case Operand::Kind::kSize: {
      const AttributeValue* target = resolve_path(o.path, item);
      if (target == nullptr) break;
      if (auto n = size_of(*target)) {
        v.owned = AttributeValue::N(*parse_number(std::to_string(*n)));
        v.ptr = &v.owned;
      }
      break;
    }
  }
  return v;
}

bool compare(Comparator c, const AttributeValue* a, const AttributeValue* b) {
  if (c == Comparator::kNe) return !(a != nullptr && b != nullptr && *a == *b);
  if (a == nullptr || b == nullptr) return false;
  if (c == Comparator::kEq) return *a == *b;
  if (a->type() != b->type() || !is_scalar_key_type(a->type())) return false;
  const int r = compare_scalars(*a, *b);
  switch (c) {
    case Comparator::kLt:
      return r < 0;
    case Comparator::kLe:
      return r <= 0;
    case Comparator::kGt:
      return r > 0;
    case Comparator::kGe:
      return r >= 0;
    default:
      return false;
  }
}

bool contains(const AttributeValue& haystack, const AttributeValue& needle) {
  switch (haystack.type()) {
    case AttributeType::kS:
    case AttributeType::kB:
      return needle.type() == haystack.type() &&
             haystack.as_string().find(needle.as_string()) != std::string::npos;
    case AttributeType::kSS:
    case AttributeType::kBS: {
      const AttributeType element =
          haystack.type() == AttributeType::kSS ? AttributeType::kS : AttributeType::kB;
      if (needle.type() != element) return false;
      const auto& v = haystack.as_strings();
      return std::binary_search(v.begin(), v.end(), needle.as_string());
    }
    case AttributeType::kNS: {
      if (needle.type() != AttributeType::kN) return false;
      for (const Number& n : haystack.as_numbers()) {
        if (n == needle.as_number()) return true;
      }
      return false;
    }
    case AttributeType::kL:
      return std::find(haystack.as_list().begin(), haystack.as_list().end(), needle) !=
             haystack.as_list().end();
    default:
      return false;
  }
}

}  // namespace

std::string_view expression_parameter(ExpressionKind kind) {
  switch (kind) {
    case ExpressionKind::kKeyCondition:
      return "KeyConditionExpression";
    case ExpressionKind::kFilter:
      return "FilterExpression";
    case ExpressionKind::kCondition:
      return "ConditionExpression";
    case ExpressionKind::kProjection:
      return "ProjectionExpression";
  }
  return "FilterExpression";
}

std::string_view comparator_text(Comparator c) {
  switch (c) {
    case Comparator::kEq:
      return "=";
    case Comparator::kNe:
      return "<>";
    case Comparator::kLt:
      return "<";
    case Comparator::kLe:
      return "<=";
    case Comparator::kGt:
      return ">";
    case Comparator::kGe:
      return ">=";
  }
  return "?";
}

namespace {

Result<void> check_expression_size(std::string_view text, ExpressionKind kind) {
  if (text.size() <= kMaxExpressionBytes) return {};
  return make_error(ErrorCode::kBadLength, kMaxExpressionBytes,
                    fmt::format("Invalid {}: Expression size has exceeded the maximum allowed "
                                "size; expression size: {}",
                                expression_parameter(kind), text.size()));
}

}  // namespace

Result<Condition> parse_condition(std::string_view text, ExpressionKind kind,
                                  const ExpressionAttributes& attributes, ExpressionUses* uses) {
  if (auto ok = check_expression_size(text, kind); !ok) return ok.error();
  bool blank = true;
  for (char c : text) blank = blank && is_space(c);
  if (blank) {
    return make_error(
        ErrorCode::kEmpty, 0,
        fmt::format("Invalid {}: The expression can not be empty;", expression_parameter(kind)));
  }
  return Parser(text, kind, attributes, uses).parse();
}

Result<std::vector<DocumentPath>> parse_projection(std::string_view text,
                                                   const ExpressionAttributes& attributes,
                                                   ExpressionUses* uses) {
  if (auto ok = check_expression_size(text, ExpressionKind::kProjection); !ok) return ok.error();
  bool blank = true;
  for (char c : text) blank = blank && is_space(c);
  if (blank) {
    return make_error(ErrorCode::kEmpty, 0,
                      "Invalid ProjectionExpression: The expression can not be empty;");
  }
  return Parser(text, ExpressionKind::kProjection, attributes, uses).parse_paths();
}

namespace {

// A projection under construction: a leaf copied whole, or the map keys or
// list elements read below it (never both: paths neither overlap nor
// conflict).
struct Projected {
  std::optional<AttributeValue> whole;
  std::map<std::string, Projected, std::less<>> fields;
  std::map<std::size_t, Projected> elements;

  void add(const DocumentPath& path, std::size_t at, const AttributeValue& leaf) {
    if (at == path.size()) {
      whole = leaf;
      return;
    }
    Projected& next = path[at].is_index ? elements[path[at].index] : fields[path[at].name];
    next.add(path, at + 1, leaf);
  }

  AttributeValue value() const {
    if (whole) return *whole;
    if (!elements.empty()) {
      AttributeValue::List list;
      for (const auto& [index, e] : elements) list.push_back(e.value());
      return AttributeValue::L(std::move(list));
    }
    AttributeValue::Map map;
    for (const auto& [name, f] : fields) map.emplace(name, f.value());
    return AttributeValue::M(std::move(map));
  }
};

}  // namespace

Item project_paths(const Item& item, const std::vector<DocumentPath>& paths) {
  Projected root;
  for (const DocumentPath& path : paths) {
    if (const AttributeValue* v = resolve_path(path, item)) root.add(path, 0, *v);
  }
  Item out;
  for (const auto& [name, f] : root.fields) out.emplace(name, f.value());
  return out;
}

Result<void> check_all_used(const ExpressionAttributes& attributes, const ExpressionUses& uses) {
  std::string unused;
  for (const auto& [name, _] : attributes.values) {
    if (!uses.values.contains(name)) unused += (unused.empty() ? "" : ", ") + name;
  }
  if (!unused.empty()) {
    return make_error(
        ErrorCode::kBadParameter, 0,
        fmt::format(
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {{{}}}",
            unused));
  }
  for (const auto& [name, _] : attributes.names) {
    if (!uses.names.contains(name)) unused += (unused.empty() ? "" : ", ") + name;
  }
  if (!unused.empty()) {
    return make_error(
        ErrorCode::kBadParameter, 0,
        fmt::format(
            "Value provided in ExpressionAttributeNames unused in expressions: keys: {{{}}}",
            unused));
  }
  return {};
}

const AttributeValue* resolve_path(const DocumentPath& path, const Item& item) {
  const auto top = item.find(path.front().name);
  if (top == item.end()) return nullptr;
  const AttributeValue* v = &top->second;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const PathStep& step = path[i];
    if (step.is_index) {
      if (v->type() != AttributeType::kL || step.index >= v->as_list().size()) return nullptr;
      v = &v->as_list()[step.index];
    } else {
      if (v->type() != AttributeType::kM) return nullptr;
      const auto it = v->as_map().find(step.name);
      if (it == v->as_map().end()) return nullptr;
      v = &it->second;
    }
  }
  return v;
}

bool evaluate(const Condition& c, const Item& item) {
  switch (c.kind) {
    case Condition::Kind::kAnd:
      return evaluate(c.children[0], item) && evaluate(c.children[1], item);
    case Condition::Kind::kOr:
      return evaluate(c.children[0], item) || evaluate(c.children[1], item);
    case Condition::Kind::kNot:
      return !evaluate(c.children[0], item);
    case Condition::Kind::kCompare: {
      const Value a = operand_value(c.operands[0], item);
      const Value b = operand_value(c.operands[1], item);
      return compare(c.comparator, a.ptr, b.ptr);
    }
    case Condition::Kind::kBetween: {
      const Value x = operand_value(c.operands[0], item);
      const Value lo = operand_value(c.operands[1], item);
      const Value hi = operand_value(c.operands[2], item);
      return compare(Comparator::kGe, x.ptr, lo.ptr) && compare(Comparator::kLe, x.ptr, hi.ptr);
    }
    case Condition::Kind::kIn: {
      const Value x = operand_value(c.operands[0], item);
      for (std::size_t i = 1; i < c.operands.size(); ++i) {
        const Value v = operand_value(c.operands[i], item);
        if (compare(Comparator::kEq, x.ptr, v.ptr)) return true;
      }
      return false;
    }
    case Condition::Kind::kAttributeExists:
      return resolve_path(c.operands[0].path, item) != nullptr;
    case Condition::Kind::kAttributeNotExists:
      return resolve_path(c.operands[0].path, item) == nullptr;
    case Condition::Kind::kAttributeType: {
      const AttributeValue* v = resolve_path(c.operands[0].path, item);
      return v != nullptr && type_name(v->type()) == c.operands[1].value.as_string();
    }
    case Condition::Kind::kBeginsWith: {
      const Value a = operand_value(c.operands[0], item);
      const Value b = operand_value(c.operands[1], item);
      if (a.ptr == nullptr || b.ptr == nullptr || a.ptr->type() != b.ptr->type()) return false;
      if (a.ptr->type() != AttributeType::kS && a.ptr->type() != AttributeType::kB) return false;
      return std::string_view(a.ptr->as_string()).starts_with(b.ptr->as_string());
    }
    case Condition::Kind::kContains: {
      const Value a = operand_value(c.operands[0], item);
      const Value b = operand_value(c.operands[1], item);
      return a.ptr != nullptr && b.ptr != nullptr && contains(*a.ptr, *b.ptr);
    }
  }
  return false;
}

void collect_attribute_names(const Condition& c, std::set<std::string, std::less<>>* names) {
  for (const Operand& o : c.operands) {
    if (o.kind != Operand::Kind::kValue) names->insert(o.path.front().name);
  }
  for (const Condition& child : c.children) collect_attribute_names(child, names);
}

}  // namespace sortkey
