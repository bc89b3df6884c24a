#include "design/document.h"

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <charconv>
#include <cstdint>
#include <optional>
#include <sstream>
#include <vector>

#include "support/text.h"

namespace sortkey::design {
namespace {

using json = nlohmann::ordered_json;

// Thrown from inside the event handler, which yaml-cpp calls and which has no
// way to return an error; caught in parse_document and never beyond it.
struct Refused {
  YAML::Mark mark;
  std::string message;
};

[[noreturn]] void refuse(const YAML::Mark& mark, std::string message) {
  throw Refused{mark, std::move(message)};
}

bool one_of(std::string_view v, std::initializer_list<std::string_view> words) {
  for (std::string_view w : words) {
    if (v == w) return true;
  }
  return false;
}

bool all_digits(std::string_view v) {
  if (v.empty()) return false;
  for (char c : v) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

std::string_view unsigned_part(std::string_view v) {
  if (!v.empty() && (v[0] == '-' || v[0] == '+')) v.remove_prefix(1);
  return v;
}

// A float of the core schema: [-+]? ( . digits | digits [ . digits? ] ) ( [eE] [-+]? digits )?
bool core_float(std::string_view v) {
  v = unsigned_part(v);
  const std::size_t e = v.find_first_of("eE");
  std::string_view mantissa = v.substr(0, e);
  if (e != std::string_view::npos) {
    if (!all_digits(unsigned_part(v.substr(e + 1)))) return false;
  }
  const std::size_t dot = mantissa.find('.');
  if (dot == std::string_view::npos) return all_digits(mantissa);
  const std::string_view whole = mantissa.substr(0, dot);
  const std::string_view frac = mantissa.substr(dot + 1);
  if (whole.empty()) return all_digits(frac);
  return all_digits(whole) && (frac.empty() || all_digits(frac));
}

// A plain scalar resolved by YAML 1.2's core schema.
json resolve_plain(const YAML::Mark& mark, const std::string& v) {
  if (one_of(v, {"", "~", "null", "Null", "NULL"})) return nullptr;
  if (one_of(v, {"true", "True", "TRUE"})) return true;
  if (one_of(v, {"false", "False", "FALSE"})) return false;
  if (all_digits(unsigned_part(v))) {
    std::int64_t n = 0;
    const char* first = v.data() + (v[0] == '+' ? 1 : 0);
    const auto [end, ec] = std::from_chars(first, v.data() + v.size(), n);
    if (ec != std::errc() || end != v.data() + v.size()) {
      refuse(mark, fmt::format("the integer {} is too large (the largest is {})", v, INT64_MAX));
    }
    return n;
  }
  if (core_float(v)) return std::stod(v);
  if (one_of(v, {".inf", ".Inf", ".INF", "+.inf", "-.inf", ".nan", ".NaN", ".NAN"}) ||
      v.rfind("0x", 0) == 0 || v.rfind("0o", 0) == 0) {
    refuse(mark, fmt::format("{} is not a decimal number; quote it if it is text", v));
  }
  return v;
}

class JsonBuilder final : public YAML::EventHandler {
 public:
  explicit JsonBuilder(Document* doc) : doc_(doc) {}

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override {
    if (expecting_key()) refuse(mark, "a key may not be null");
    add(mark, nullptr);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
    refuse(mark, "aliases (*name) are not supported: write the value out");
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t,
                const std::string& value) override {
    const bool plain = tag == "?";
    if (!plain && tag != "!" && tag != "tag:yaml.org,2002:str") {
      refuse(mark, fmt::format("the tag {} is not supported", tag));
    }
    if (expecting_key()) {
      take_key(mark, value);
      return;
    }
    add(mark, plain ? resolve_plain(mark, value) : json(value));
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    open(mark, tag, json::array());
  }
  void OnSequenceEnd() override { stack_.pop_back(); }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    open(mark, tag, json::object());
  }
  void OnMapEnd() override { stack_.pop_back(); }

 private:
  struct Frame {
    json* value;
    std::string pointer;
    std::optional<std::string> key;  // a map's key waiting for its value
  };

  bool expecting_key() const {
    return !stack_.empty() && stack_.back().value->is_object() && !stack_.back().key;
  }

  void take_key(const YAML::Mark& mark, const std::string& key) {
    Frame& f = stack_.back();
    if (f.value->contains(key)) {
      const TextPosition first = doc_->where(child_pointer(f.pointer, key));
      refuse(mark, fmt::format("the key \"{}\" is given twice (first at line {}, column {})", key,
                               first.line, first.column));
    }
    f.key = key;
    doc_->key_positions[child_pointer(f.pointer, key)] =
        TextPosition{mark.line + 1, mark.column + 1};
  }

  // Puts `v` where the parser is and returns it with its pointer.
  std::pair<json*, std::string> add(const YAML::Mark& mark, json v) {
    if (++nodes_ > kMaxDocumentNodes) {
      refuse(mark, fmt::format("more than {} values", kMaxDocumentNodes));
    }
    json* slot = nullptr;
    std::string pointer;
    if (stack_.empty()) {
      if (has_root_) refuse(mark, "a second document: a design file holds one design");
      has_root_ = true;
      doc_->root = std::move(v);
      slot = &doc_->root;
    } else if (Frame& f = stack_.back(); f.value->is_array()) {
      pointer = child_pointer(f.pointer, f.value->size());
      f.value->push_back(std::move(v));
      slot = &f.value->back();
    } else {
      pointer = child_pointer(f.pointer, *f.key);
      slot = &((*f.value)[*f.key] = std::move(v));
      f.key.reset();
    }
    doc_->positions[pointer] = TextPosition{mark.line + 1, mark.column + 1};
    return {slot, pointer};
  }

  void open(const YAML::Mark& mark, const std::string& tag, json empty) {
    if (tag != "?" && tag != "!" && tag != "tag:yaml.org,2002:seq" &&
        tag != "tag:yaml.org,2002:map") {
      refuse(mark, fmt::format("the tag {} is not supported", tag));
    }
    if (expecting_key()) refuse(mark, "a key must be a scalar, not a list or a map");
    if (static_cast<int>(stack_.size()) >= kMaxDocumentDepth) {
      refuse(mark, fmt::format("nests deeper than {} levels", kMaxDocumentDepth));
    }
    auto [slot, pointer] = add(mark, std::move(empty));
    stack_.push_back(Frame{slot, std::move(pointer), std::nullopt});
  }

  Document* doc_;
  std::vector<Frame> stack_;
  std::size_t nodes_ = 0;
  bool has_root_ = false;
};

// The first character YAML 1.2 does not allow in a stream (a C0 or C1
// control character other than tab, line feed, carriage return and NEL, or
// DEL), with its place; nullopt when the text has none. yaml-cpp reads some
// of them as it likes (a NUL in a plain scalar ended up as an escape), so
// they are refused before it sees them.
// The first byte that is not UTF-8 text or is a control character other
// than tab and the line ends, placed at its line and column (columns count
// characters).
std::optional<Error> not_text(std::string_view text) {
  int line = 1;
  int column = 1;
  // Every string of the design ends up in a DynamoDB S value, which must be
  // well-formed UTF-8.
  const std::size_t invalid = support::first_invalid_utf8(text);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (i == invalid) {
      return make_error(ErrorCode::kBadCharacter, i,
                        fmt::format("line {}, column {}: the byte 0x{:02X} is not UTF-8 text; a "
                                    "design file is UTF-8",
                                    line, column, b));
    }
    const bool c1 = b == 0xC2 && i + 1 < text.size() &&
                    static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(text[i + 1]) <= 0x9F &&
                    static_cast<unsigned char>(text[i + 1]) != 0x85;
    if ((b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7F || c1) {
      const unsigned code = c1 ? static_cast<unsigned char>(text[i + 1]) : b;
      return make_error(ErrorCode::kBadCharacter, i,
                        fmt::format("line {}, column {}: the control character U+{:04X} is not "
                                    "allowed in a design file (write it as an escape in a quoted "
                                    "string, if it is meant: \"\\u{:04X}\")",
                                    line, column, code, code));
    }
    if (b == '\n') {
      ++line;
      column = 1;
    } else if ((b & 0xC0) != 0x80) {
      ++column;
    }
  }
  return std::nullopt;
}

Error at_mark(const YAML::Mark& mark, const std::string& message) {
  if (mark.is_null()) return make_error(ErrorCode::kBadFormat, 0, message);
  return make_error(ErrorCode::kBadFormat, static_cast<std::size_t>(mark.pos),
                    fmt::format("line {}, column {}: {}", mark.line + 1, mark.column + 1, message));
}

}  // namespace

TextPosition Document::where(std::string_view pointer) const {
  std::string p(pointer);
  while (true) {
    if (auto it = positions.find(p); it != positions.end()) return it->second;
    if (p.empty()) return TextPosition{1, 1};
    p.erase(p.rfind('/'));
  }
}

std::string child_pointer(std::string_view parent, std::string_view key) {
  std::string out(parent);
  out += '/';
  for (char c : key) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out += c;
    }
  }
  return out;
}

std::string child_pointer(std::string_view parent, std::size_t index) {
  return fmt::format("{}/{}", parent, index);
}

Result<Document> parse_document(std::string_view text) {
  if (text.size() > kMaxDocumentBytes) {
    return make_error(ErrorCode::kBadFormat, kMaxDocumentBytes,
                      fmt::format("line 1, column 1: the file has {} bytes, more than the {} a "
                                  "design file may have",
                                  text.size(), kMaxDocumentBytes));
  }
  if (auto bad = not_text(text)) return *bad;
  Document doc;
  try {
    std::istringstream in{std::string(text)};
    YAML::Parser parser(in);
    JsonBuilder builder(&doc);
    if (!parser.HandleNextDocument(builder)) {
      return make_error(ErrorCode::kBadFormat, 0, "line 1, column 1: the file holds no design");
    }
    parser.HandleNextDocument(builder);  // a second one is refused by the builder
  } catch (const Refused& r) {
    return at_mark(r.mark, r.message);
  } catch (const YAML::Exception& e) {
    return at_mark(e.mark, e.msg);
  }
  return doc;
}

}  // namespace sortkey::design
