#include "design/template.h"

#include <fmt/format.h>

#include <array>
#include <charconv>

#include "design/suggest.h"
#include "design/values.h"
#include "sortkey/composite.h"
#include "sortkey/inverse.h"
#include "sortkey/ksuid.h"
#include "sortkey/number.h"
#include "sortkey/padded.h"
#include "sortkey/ulid.h"

namespace sortkey::design {
namespace {

using Kind = Codec::Kind;

Error bad(std::size_t offset, std::string message) {
  return make_error(ErrorCode::kBadFormat, offset, std::move(message));
}

Result<int> int_argument(std::string_view arg, int lo, int hi, std::string_view what,
                         std::size_t offset) {
  int v = 0;
  const auto [end, ec] = std::from_chars(arg.data(), arg.data() + arg.size(), v);
  if (ec != std::errc() || end != arg.data() + arg.size() || v < lo || v > hi) {
    return bad(offset,
               fmt::format("{} must be an integer from {} to {}, got \"{}\"", what, lo, hi, arg));
  }
  return v;
}

std::vector<std::string_view> split_arguments(std::string_view args) {
  std::vector<std::string_view> out;
  while (true) {
    const std::size_t comma = args.find(',');
    std::string_view a = args.substr(0, comma);
    while (!a.empty() && a.front() == ' ') a.remove_prefix(1);
    while (!a.empty() && a.back() == ' ') a.remove_suffix(1);
    out.push_back(a);
    if (comma == std::string_view::npos) return out;
    args.remove_prefix(comma + 1);
  }
}

struct CodecName {
  std::string_view name;
  Kind kind;
  int arguments;
};
constexpr std::array<CodecName, 12> kCodecs{{
    {"upper", Kind::kUpper, 0},
    {"lower", Kind::kLower, 0},
    {"fold", Kind::kFold, 0},
    {"segment", Kind::kSegment, 0},
    {"padded", Kind::kPadded, 1},
    {"inverse", Kind::kInverse, 1},
    {"number", Kind::kNumber, 0},
    {"timestamp", Kind::kTimestamp, 1},
    {"epoch", Kind::kEpoch, 2},
    {"display", Kind::kDisplay, 0},
    {"ksuid", Kind::kKsuid, 0},
    {"ulid", Kind::kUlid, 0},
}};

Result<Codec> parse_codec(std::string_view text, std::size_t offset) {
  const std::size_t open = text.find('(');
  const std::string_view name = text.substr(0, open);
  const CodecName* known = nullptr;
  for (const CodecName& c : kCodecs) {
    if (c.name == name) known = &c;
  }
  if (known == nullptr) {
    std::vector<std::string> names;
    for (const CodecName& c : kCodecs) names.emplace_back(c.name);
    return bad(offset, fmt::format("unknown codec \"{}\"{}; the codecs: upper, lower, fold, "
                                   "segment, padded(W), inverse(W), number, timestamp(P), "
                                   "epoch(UNIT, W), display, ksuid, ulid",
                                   name, did_you_mean(name, names)));
  }
  std::vector<std::string_view> args;
  if (open != std::string_view::npos) {
    if (text.back() != ')') return bad(offset, fmt::format("\"{}\" lacks its ')'", text));
    args = split_arguments(text.substr(open + 1, text.size() - open - 2));
  }
  if (static_cast<int>(args.size()) != known->arguments) {
    return bad(offset, fmt::format("{} takes {} argument{}, got {}", name, known->arguments,
                                   known->arguments == 1 ? "" : "s", args.size()));
  }
  Codec c;
  c.kind = known->kind;
  c.text = std::string(text);
  if (c.kind == Kind::kPadded || c.kind == Kind::kInverse) {
    auto w = int_argument(args[0], kMinWidth, kMaxWidth, "a width", offset);
    if (!w) return w.error();
    c.width = *w;
  } else if (c.kind == Kind::kTimestamp) {
    auto p = int_argument(args[0], kMinPrecision, kMaxPrecision, "a precision", offset);
    if (!p) return p.error();
    c.precision = *p;
  } else if (c.kind == Kind::kEpoch) {
    auto unit = parse_epoch_unit(args[0]);
    if (!unit)
      return bad(offset, fmt::format("an epoch unit is s, ms, us or ns, got \"{}\"", args[0]));
    auto w = int_argument(args[1], kMinWidth, kMaxWidth, "a width", offset);
    if (!w) return w.error();
    c.unit = *unit;
    c.width = *w;
  }
  return c;
}

Result<Template::Piece> parse_reference(std::string_view body, std::size_t offset) {
  Template::Piece p;
  p.is_ref = true;
  std::size_t colon = body.find(':');
  p.ref = std::string(body.substr(0, colon));
  if (p.ref.empty()) return bad(offset, "a reference names nothing: write {attribute}");
  while (colon != std::string_view::npos) {
    body.remove_prefix(colon + 1);
    offset += colon + 1;
    colon = body.find(':');
    auto codec = parse_codec(body.substr(0, colon), offset);
    if (!codec) return codec.error();
    p.codecs.push_back(*codec);
  }
  return p;
}

bool is_text_codec(Kind k) {
  return k == Kind::kUpper || k == Kind::kLower || k == Kind::kFold || k == Kind::kSegment;
}

std::string_view type_needed(Kind k) {
  switch (k) {
    case Kind::kPadded:
    case Kind::kInverse:
    case Kind::kNumber:
      return "integer";
    case Kind::kTimestamp:
    case Kind::kEpoch:
    case Kind::kDisplay:
      return "timestamp";
    case Kind::kKsuid:
    case Kind::kUlid:
      return "id";
    default:
      return "";
  }
}

// "Jun 23, 2026 10:00:00": the display format the guides warn about.
std::string display_text(const Instant& t) {
  static constexpr std::array<std::string_view, 12> kMonths{
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const std::string iso = encode_timestamp(t, 0).value_or(std::string("0001-01-01T00:00:00Z"));
  const int month = (iso[5] - '0') * 10 + (iso[6] - '0');
  const int day = (iso[8] - '0') * 10 + (iso[9] - '0');
  return fmt::format("{} {}, {} {}", kMonths[static_cast<std::size_t>(month - 1)], day,
                     iso.substr(0, 4), iso.substr(11, 8));
}

Result<std::string> unsigned_codec(const Codec& c, const Value& v) {
  if (v.integer < 0) {
    return make_error(ErrorCode::kOutOfRange, 0,
                      fmt::format("{} is negative: {} holds 0 and up", v.integer, c.text));
  }
  const auto n = static_cast<UInt128>(v.integer);
  return c.kind == Kind::kPadded ? encode_padded(n, c.width) : encode_inverse(n, c.width);
}

// The first codec of a chain, on the value itself.
Result<std::string> apply_typed(const Codec& c, const Value& v, const AttributeSpec& spec) {
  switch (c.kind) {
    case Kind::kPadded:
    case Kind::kInverse:
      return unsigned_codec(c, v);
    case Kind::kNumber:
      return encode_number(std::to_string(v.integer));
    case Kind::kTimestamp:
      return encode_timestamp(v.time, c.precision);
    case Kind::kEpoch:
      return encode_epoch(v.time, c.unit, c.width);
    case Kind::kDisplay:
      return display_text(v.time);
    case Kind::kKsuid: {
      auto id = decode_ksuid(v.text);
      if (!id) return id.error();
      return encode_ksuid(*id);
    }
    case Kind::kUlid: {
      auto id = decode_ulid_key(v.text);
      if (!id) return id.error();
      return encode_ulid(*id);
    }
    default:
      return plain_text(v, spec);
  }
}

Result<std::string> apply_text(const Codec& c, const std::string& text) {
  switch (c.kind) {
    case Kind::kUpper:
      return normalize_name(text, CaseMode::kUpper);
    case Kind::kLower:
      return normalize_name(text, CaseMode::kLower);
    case Kind::kFold:
      return normalize_name(text, CaseMode::kFold);
    default: {
      std::string out;
      if (auto ok = append_segment(out, text); !ok) return ok.error();
      return out;
    }
  }
}

std::string reference_text(const Template::Piece& p) {
  std::string out = "{" + p.ref;
  for (const Codec& c : p.codecs) out += ":" + c.text;
  return out + "}";
}

Result<std::string> render_reference(const Template::Piece& p, const Value& v,
                                     const AttributeSpec& spec) {
  const auto fail = [&p](const Error& e) {
    return make_error(e.code, e.offset, fmt::format("{}: {}", reference_text(p), describe(e)));
  };
  std::size_t next = 0;
  Result<std::string> text = plain_text(v, spec);
  if (!p.codecs.empty() && !is_text_codec(p.codecs[0].kind)) {
    text = apply_typed(p.codecs[0], v, spec);
    next = 1;
  }
  for (; text && next < p.codecs.size(); ++next) text = apply_text(p.codecs[next], *text);
  if (!text) return fail(text.error());
  return text;
}

}  // namespace

Result<Template> parse_template(std::string_view source) {
  Template t;
  t.source = std::string(source);
  std::string literal;
  const auto flush = [&] {
    if (!literal.empty()) t.pieces.push_back({false, std::move(literal), {}, {}});
    literal.clear();
  };
  for (std::size_t i = 0; i < source.size(); ++i) {
    const char c = source[i];
    const bool doubled = i + 1 < source.size() && source[i + 1] == c;
    if ((c == '{' || c == '}') && doubled) {
      literal += c;
      ++i;
    } else if (c == '}') {
      return bad(i, "a lone '}': write }} for the character");
    } else if (c == '{') {
      const std::size_t close = source.find('}', i);
      if (close == std::string_view::npos) return bad(i, "a '{' without its '}'");
      auto piece = parse_reference(source.substr(i + 1, close - i - 1), i + 1);
      if (!piece) return piece.error();
      flush();
      t.pieces.push_back(std::move(*piece));
      i = close;
    } else {
      literal += c;
    }
  }
  flush();
  return t;
}

Result<void> check_codecs(const std::vector<Codec>& codecs, AttrType type) {
  for (std::size_t i = 0; i < codecs.size(); ++i) {
    const std::string_view needed = type_needed(codecs[i].kind);
    if (needed.empty()) continue;
    if (i > 0) {
      return make_error(ErrorCode::kBadParameter, 0,
                        fmt::format("{} must come first: after another codec there is text, "
                                    "and only upper, lower, fold and segment take text",
                                    codecs[i].text));
    }
    if (needed != to_string(type)) {
      return make_error(ErrorCode::kBadParameter, 0,
                        fmt::format("{} needs a value of type {}, not {}", codecs[i].text, needed,
                                    to_string(type)));
    }
  }
  return {};
}

Result<std::string> render(const Template& t, const Resolver& resolve) {
  std::string out;
  for (const Template::Piece& p : t.pieces) {
    if (!p.is_ref) {
      out += p.literal;
      continue;
    }
    const auto [value, spec] = resolve(p.ref);
    if (value == nullptr || spec == nullptr) {
      return make_error(ErrorCode::kEmpty, 0, fmt::format("{}: no value", reference_text(p)));
    }
    auto text = render_reference(p, *value, *spec);
    if (!text) return text.error();
    out += *text;
  }
  return out;
}

}  // namespace sortkey::design
