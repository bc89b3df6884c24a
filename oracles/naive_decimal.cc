// Reference implementation for tests; never link into the library.
#include "oracles/naive_decimal.h"

#include "oracles/naive_integer.h"

namespace sortkey::oracle {
namespace {

bool all_digits(std::string_view s) {
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// The exponent text (digits only) as a number, or +-10^15 when it is longer
// than 15 digits: no text in memory has enough zeros to bring such an
// exponent back into range, so the verdict is the same.
long long exponent_value(std::string_view digits, bool negative) {
  const std::string stripped = strip_zeros(digits);
  long long v = 0;
  if (stripped.size() > 15) {
    v = 1000000000000000LL;
  } else {
    for (char c : stripped) v = v * 10 + (c - '0');
  }
  return negative ? -v : v;
}

}  // namespace

const char* verdict_name(NaiveVerdict v) {
  switch (v) {
    case NaiveVerdict::kNumber:
      return "number";
    case NaiveVerdict::kNotANumber:
      return "not a number";
    case NaiveVerdict::kOverflow:
      return "overflow";
    case NaiveVerdict::kUnderflow:
      return "underflow";
    case NaiveVerdict::kTooPrecise:
      return "too precise";
  }
  return "?";
}

const char* dynamodb_message(NaiveVerdict v) {
  switch (v) {
    case NaiveVerdict::kNumber:
      return "";
    case NaiveVerdict::kNotANumber:
      return "cannot be converted to a numeric value";
    case NaiveVerdict::kOverflow:
      return "Number overflow. Attempting to store a number with magnitude larger than supported "
             "range";
    case NaiveVerdict::kUnderflow:
      return "Number underflow. Attempting to store a number with magnitude smaller than supported "
             "range";
    case NaiveVerdict::kTooPrecise:
      return "Attempting to store more than 38 significant digits in a Number";
  }
  return "?";
}

NaiveReading read_number(std::string_view text) {
  NaiveReading r;
  // Cut at the first 'e' or 'E'.
  std::string_view mantissa = text;
  std::string_view exponent;
  bool has_exponent = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == 'e' || text[i] == 'E') {
      mantissa = text.substr(0, i);
      exponent = text.substr(i + 1);
      has_exponent = true;
      break;
    }
  }
  bool negative = false;
  if (!mantissa.empty() && (mantissa[0] == '+' || mantissa[0] == '-')) {
    negative = mantissa[0] == '-';
    mantissa.remove_prefix(1);
  }
  // The mantissa: digits, at most one '.', at least one digit. Without its
  // first '.' it is all digits (a second '.' is not one).
  const std::size_t dot = mantissa.find('.');
  std::string all;  // the mantissa's digits without the '.'
  all.reserve(mantissa.size());
  all.append(mantissa.substr(0, dot));
  if (dot != std::string_view::npos) all.append(mantissa.substr(dot + 1));
  if (all.empty() || !all_digits(all)) return r;
  // How many digits stand before the '.'.
  const auto point = static_cast<long long>(dot == std::string_view::npos ? all.size() : dot);
  long long written = 0;
  if (has_exponent) {
    bool exponent_negative = false;
    if (!exponent.empty() && (exponent[0] == '+' || exponent[0] == '-')) {
      exponent_negative = exponent[0] == '-';
      exponent.remove_prefix(1);
    }
    if (exponent.empty() || !all_digits(exponent)) return r;
    written = exponent_value(exponent, exponent_negative);
  }

  // Count off the zeros at both ends.
  std::size_t lead = 0;
  while (lead < all.size() && all[lead] == '0') ++lead;
  r.verdict = NaiveVerdict::kNumber;
  if (lead == all.size()) {
    // Zero, of any sign. Its magnitude is the power of ten of its last
    // written digit: 0e126 and 0.00e127 stand at 10^126 and 10^125.
    const long long last = written - (static_cast<long long>(all.size()) - point);
    if (last > 125) r.verdict = NaiveVerdict::kOverflow;
    if (last < -130) r.verdict = NaiveVerdict::kUnderflow;
    return r;
  }
  std::size_t end = all.size();
  while (all[end - 1] == '0') --end;
  r.value.negative = negative;
  r.value.digits = all.substr(lead, end - lead);
  // The leading digit stands (point - lead - 1) places before the units.
  r.value.sci = point - static_cast<long long>(lead) - 1 + written;

  if (r.value.sci > 125) {
    r.verdict = NaiveVerdict::kOverflow;
  } else if (r.value.sci < -130) {
    r.verdict = NaiveVerdict::kUnderflow;
  } else if (r.value.digits.size() > 38) {
    r.verdict = NaiveVerdict::kTooPrecise;
  }
  return r;
}

int compare_numbers_longhand(const NaiveNumber& a, const NaiveNumber& b) {
  auto sign = [](const NaiveNumber& x) { return x.digits.empty() ? 0 : (x.negative ? -1 : 1); };
  if (sign(a) != sign(b)) return sign(a) < sign(b) ? -1 : 1;
  if (sign(a) == 0) return 0;
  // The power of ten of each last digit; write both as integers at the lower one.
  const long long last_a = a.sci - static_cast<long long>(a.digits.size()) + 1;
  const long long last_b = b.sci - static_cast<long long>(b.digits.size()) + 1;
  const long long common = last_a < last_b ? last_a : last_b;
  std::string int_a = a.digits;
  int_a.append(static_cast<std::size_t>(last_a - common), '0');
  std::string int_b = b.digits;
  int_b.append(static_cast<std::size_t>(last_b - common), '0');
  const int magnitude = compare_digits(int_a, int_b);
  return a.negative ? -magnitude : magnitude;
}

// (Built with append: GCC 12 at -O3 warns falsely, -Wrestrict, on "lit" + std::string.)
std::string canonical_text(const NaiveNumber& n) {
  if (n.digits.empty()) return "0";
  std::string out = n.negative ? "-" : "";
  const long long len = static_cast<long long>(n.digits.size());
  if (n.sci < 0) {
    out.append("0.");
    out.append(static_cast<std::size_t>(-n.sci - 1), '0');
    out.append(n.digits);
  } else if (n.sci + 1 >= len) {
    out.append(n.digits);
    out.append(static_cast<std::size_t>(n.sci + 1 - len), '0');
  } else {
    const auto units = static_cast<std::size_t>(n.sci + 1);
    out.append(n.digits, 0, units);
    out.push_back('.');
    out.append(n.digits, units);
  }
  return out;
}

std::string show_number(const NaiveNumber& n) {
  if (n.digits.empty()) return "0";
  std::string out = n.negative ? "-" : "";
  out.push_back(n.digits[0]);
  if (n.digits.size() > 1) {
    out.push_back('.');
    out.append(n.digits, 1);
  }
  out.append(n.sci >= 0 ? "e+" : "e");
  out.append(std::to_string(n.sci));
  return out;
}

}  // namespace sortkey::oracle
