// Reference implementation for tests; never link into the library.
//
// naive_query.h's values: type names, DynamoDB Numbers read by naive_decimal,
// equality, scalar order, item sizes, and values and items as text for
// messages.

#include <algorithm>
#include <functional>
#include <string>
#include <unordered_map>

#include "oracles/naive_decimal.h"
#include "oracles/naive_query.h"

namespace sortkey::oracle {

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
      // The commas appended apart: GCC 12 at -O3 warns falsely (-Wrestrict)
      // on "," + std::string, the operator+ that inserts before a temporary.
      for (std::size_t i = 0; i < v.list.size(); ++i) {
        if (i > 0) out += ",";
        out += naive_show(v.list[i]);
      }
      out += "]";
      break;
    case NValue::T::M:
      out += "{";
      for (std::size_t i = 0; i < v.map.size(); ++i) {
        if (i > 0) out += ",";
        out += quote(v.map[i].first) + ":" + naive_show(v.map[i].second);
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

}  // namespace sortkey::oracle
