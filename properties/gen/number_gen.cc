#include "properties/gen/number_gen.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "properties/gen/built_once.h"
#include "properties/gen/bytes_gen.h"
#include "properties/gen/draws.h"

namespace sortkey::props {

std::ostream& operator<<(std::ostream& os, const NumberValue& v) {
  return os << oracle::show_number(v.n);
}

std::ostream& operator<<(std::ostream& os, const NumberText& t) {
  os << '"';
  for (char c : t.text) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '"' && c != '\\') {
      os << c;
    } else {
      static const char* hex = "0123456789ABCDEF";
      os << "\\x" << hex[u >> 4] << hex[u & 15];
    }
  }
  return os << '"';
}

namespace {

constexpr long long kMinSci = -130;  // 1E-130
constexpr long long kMaxSci = 125;   // 9.99...E+125

NumberValue make_value(bool negative, std::string digits, long long sci) {
  // Normalize: strip zeros at both ends (a leading zero moves the exponent).
  std::size_t lead = 0;
  while (lead < digits.size() && digits[lead] == '0') ++lead;
  digits.erase(0, lead);
  sci -= static_cast<long long>(lead);
  while (!digits.empty() && digits.back() == '0') digits.pop_back();
  NumberValue v;
  if (digits.empty()) return v;
  v.n.negative = negative;
  v.n.digits = std::move(digits);
  v.n.sci = sci;
  return v;
}

// RapidCheck's inRange is scaled by the size, so the small early cases of a
// run would mostly see zeros and the low end; its elementOf and weighted
// choices are uniform but never shrink. These choices are uniform at every
// size and shrink towards 0, the simplest case, so that a counterexample
// comes out short.

// Uniform over [0, n), shrinking towards 0.
rc::Gen<int> uniform_below(int n) {
  return built_once(n, [n] {
    return rc::Gen<int>([n](const rc::Random& random, int /*size*/) {
      const int v = static_cast<int>(rc::Random(random).next() % static_cast<std::uint64_t>(n));
      return rc::shrinkable::shrinkRecur(v, [](int x) { return rc::shrink::towards(x, 0); });
    });
  });
}

// Index i with probability weights[i] / sum(weights), shrinking towards 0.
rc::Gen<int> weighted_index(std::vector<int> weights) {
  return built_once(weights, [&weights] {
    int total = 0;
    for (int w : weights) total += w;
    return rc::gen::map(uniform_below(total), [weights](int r) {
      int i = 0;
      while (r >= weights[static_cast<std::size_t>(i)]) r -= weights[static_cast<std::size_t>(i++)];
      return i;
    });
  });
}

bool coin() { return *uniform_below(2) == 1; }

// Uniform in [-max_down, max_up], shrinking towards 0.
long long read_around_zero(Draws& d, long long max_down, long long max_up) {
  if (d.coin()) return -static_cast<long long>(d.below(static_cast<int>(max_down) + 1));
  return static_cast<long long>(d.below(static_cast<int>(max_up) + 1));
}

rc::Gen<long long> gen_around_zero(long long max_down, long long max_up) {
  return built_once(std::pair(max_down, max_up), [max_down, max_up] {
    return gen_drawn<long long>(
        [max_down, max_up](Draws& d) { return read_around_zero(d, max_down, max_up); });
  });
}

// n significant digits: the first and last not zero.
std::string read_digits(Draws& d, int n) {
  const int shape = d.weighted({6, 1, 1});
  if (shape == 1)
    return std::string(static_cast<std::size_t>(n), '9');  // the nines below a power of ten
  std::string digits(static_cast<std::size_t>(n), '0');
  if (shape == 2) {  // 10...01: a power of ten plus one unit in the last place
    digits.front() = '1';
    digits.back() = '1';
    return digits;
  }
  for (char& c : digits) c = static_cast<char>('0' + d.below(10));
  if (digits.front() == '0') digits.front() = static_cast<char>('1' + d.below(9));
  if (digits.back() == '0') digits.back() = static_cast<char>('1' + d.below(9));
  return digits;
}

rc::Gen<std::string> gen_digits(int n) {
  return built_once(
      n, [n] { return gen_drawn<std::string>([n](Draws& d) { return read_digits(d, n); }); });
}

int read_digit_count(Draws& d) {
  switch (d.weighted({4, 2, 2, 1})) {
    case 0:
      return 1 + d.below(38);
    case 1:
      return 1;
    case 2:
      return 38;
    default:
      return d.coin() ? 37 : 2;
  }
}

long long read_sci(Draws& d) {
  switch (d.weighted({3, 1, 1})) {
    case 0:
      return read_around_zero(d, -kMinSci, kMaxSci);
    case 1:
      return static_cast<long long>(d.below(5) - 2);
    default: {
      const long long edges[] = {kMinSci, kMinSci + 1, kMaxSci - 1, kMaxSci};
      return edges[d.below(4)];
    }
  }
}

rc::Gen<long long> gen_sci() {
  static const rc::Gen<long long> built = gen_drawn<long long>(read_sci);
  return built;
}

// How to write a value: where the written exponent puts the point, and the
// insignificant decorations DynamoDB ignores.
struct Style {
  int exponent_mode = 0;  // 0 no exponent, 1 d.ddd e sci, 2 integer mantissa, 3 any exponent
  long long any_exponent = 0;
  bool force_exponent = false;  // write "e0" even when the exponent is 0
  int leading_zeros = 0;
  int trailing_zeros = 0;
  bool plus = false;        // '+' before a non-negative value
  bool minus_zero = false;  // '-' before a zero: DynamoDB reads -0, -0.0, -0e5 as 0
  bool upper_e = false;
  bool exponent_plus = false;   // "e+5"
  int exponent_zeros = 0;       // "e005"
  bool bare_point = false;      // ".5" rather than "0.5"
  bool trailing_point = false;  // "5." rather than "5"
};

// A few extra zeros: none, 1 to 3, or 40 (past 38 digits in all), weighted 4, 2, 1.
int extra_zeros(Draws& d) {
  const int shape = d.weighted({4, 2, 1});
  const int few = 1 + d.below(3);
  return shape == 0 ? 0 : (shape == 1 ? few : 40);
}

// A style is drawn for every number spelled: its fourteen choices are one
// draw (as fourteen draws they were a seventh of the stateful query test's
// time), each as likely as its own generator would make it, and each shrinks
// towards the plain spelling's.
Style read_style(Draws& d) {
  Style s;
  s.exponent_mode = d.weighted({3, 2, 1, 2});
  s.any_exponent = read_around_zero(d, 150, 150);
  s.force_exponent = d.coin();
  s.leading_zeros = extra_zeros(d);
  s.trailing_zeros = extra_zeros(d);
  s.plus = d.coin();
  s.minus_zero = d.coin();
  s.upper_e = d.coin();
  s.exponent_plus = d.coin();
  s.exponent_zeros = d.below(3);
  s.bare_point = d.coin();
  s.trailing_point = d.coin();
  return s;
}

std::string spell(const oracle::NaiveNumber& n, const Style& s) {
  const bool zero = n.digits.empty();
  const long long len = static_cast<long long>(n.digits.size());
  long long written = 0;  // the exponent after 'e'
  if (zero) {
    // Zero takes an exponent that keeps its last written digit, at
    // 10^(written - trailing zeros), within 10^-130 .. 10^125: DynamoDB
    // refuses 0e126 (naive_decimal.h). Clamping puts many at the very edges.
    const long long frac = s.trailing_zeros;
    written =
        s.exponent_mode == 0 ? 0 : std::clamp(s.any_exponent * 7, kMinSci + frac, kMaxSci + frac);
  } else if (s.exponent_mode == 1) {
    written = n.sci;
  } else if (s.exponent_mode == 2) {
    written = n.sci - len + 1;
  } else if (s.exponent_mode == 3) {
    written = s.any_exponent;
  }
  // The mantissa is n x 10^-written; its leading digit stands at 10^m.
  const long long m = n.sci - written;
  std::string int_part;
  std::string frac_part;
  if (zero) {
    int_part = "0";
  } else if (m >= 0) {
    const auto units = static_cast<std::size_t>(m + 1);
    if (n.digits.size() <= units) {
      int_part = n.digits + std::string(units - n.digits.size(), '0');
    } else {
      int_part = n.digits.substr(0, units);
      frac_part = n.digits.substr(units);
    }
  } else {
    int_part = "0";
    frac_part = std::string(static_cast<std::size_t>(-m - 1), '0') + n.digits;
  }
  int_part.insert(0, static_cast<std::size_t>(s.leading_zeros), '0');
  frac_part.append(static_cast<std::size_t>(s.trailing_zeros), '0');
  if (s.bare_point && !frac_part.empty() && int_part.find_first_not_of('0') == std::string::npos)
    int_part.clear();

  std::string text;
  if (n.negative || (zero && s.minus_zero)) {
    text += '-';
  } else if (s.plus) {
    text += '+';
  }
  text += int_part;
  if (!frac_part.empty()) {
    text += '.';
    text += frac_part;
  } else if (s.trailing_point) {
    text += '.';
  }
  if (written != 0 || s.force_exponent) {
    text += s.upper_e ? 'E' : 'e';
    if (written < 0) {
      text += '-';
    } else if (s.exponent_plus) {
      text += '+';
    }
    text.append(static_cast<std::size_t>(s.exponent_zeros), '0');
    text += std::to_string(written < 0 ? -written : written);
  }
  return text;
}

NumberValue negate(NumberValue v) {
  if (!v.n.digits.empty()) v.n.negative = !v.n.negative;
  return v;
}

long long clamp_sci(long long sci) { return std::clamp(sci, kMinSci, kMaxSci); }

}  // namespace

NumberValue read_number_value(Draws& d) {
  if (d.weighted({9, 1}) == 1) return NumberValue{};
  const bool negative = d.coin();
  const int count = read_digit_count(d);
  std::string digits = read_digits(d, count);
  return make_value(negative, std::move(digits), read_sci(d));
}

NumberText read_spelling(Draws& d, const NumberValue& v) {
  return NumberText{spell(v.n, read_style(d))};
}

NumberText read_number_text(Draws& d) { return read_spelling(d, read_number_value(d)); }

rc::Gen<NumberValue> gen_number_value() {
  static const rc::Gen<NumberValue> built = gen_drawn<NumberValue>(read_number_value);
  return built;
}

rc::Gen<NumberText> gen_spelling(const NumberValue& v) {
  return gen_drawn<NumberText>([v](Draws& d) { return read_spelling(d, v); });
}

rc::Gen<NumberText> gen_number_text() {
  static const rc::Gen<NumberText> built = gen_drawn<NumberText>(read_number_text);
  return built;
}

rc::Gen<std::pair<NumberValue, NumberValue>> gen_related_values() {
  return rc::gen::exec([] {
    const NumberValue a = *gen_number_value();
    const oracle::NaiveNumber& n = a.n;
    const int relation = *weighted_index({1, 1, 1, 1, 1, 1, 2});
    NumberValue b;
    switch (relation) {
      case 0:  // equal
        b = a;
        break;
      case 1:  // same digits, exponent a little apart
        b = make_value(n.negative, n.digits, clamp_sci(n.sci + *gen_around_zero(3, 3)));
        break;
      case 2:  // negation
        b = negate(a);
        break;
      case 3: {  // one unit apart in the last digit
        if (n.digits.empty()) {
          b = make_value(coin(), "1", kMinSci);
          break;
        }
        std::string d = n.digits;
        const bool up = coin() && d.back() != '9';
        d.back() = static_cast<char>(d.back() + (up ? 1 : -1));
        b = make_value(n.negative, d, n.sci);
        break;
      }
      case 4: {  // an extension of the digit string
        std::string d = n.digits.empty() ? "1" : n.digits;
        const int room = 38 - static_cast<int>(d.size());
        if (room > 0) d += *gen_digits(1 + *uniform_below(room));
        b = make_value(n.negative, d, n.digits.empty() ? *gen_sci() : n.sci);
        break;
      }
      case 5: {  // a power of ten and the nines just below it
        const long long k = std::clamp(*gen_around_zero(-kMinSci, kMaxSci), kMinSci + 1, kMaxSci);
        const bool negative = coin();
        const int nines_choices[] = {1, 37, 38};
        const int nines = nines_choices[*uniform_below(3)];
        return std::make_pair(
            make_value(negative, "1", k),
            make_value(negative, std::string(static_cast<std::size_t>(nines), '9'), k - 1));
      }
      default:  // independent
        b = *gen_number_value();
        break;
    }
    if (coin()) return std::make_pair(b, a);
    return std::make_pair(a, b);
  });
}

rc::Gen<NumberText> gen_range_text() {
  return rc::gen::weightedOneOf<NumberText>({
      {8, rc::gen::exec([] {
         const bool negative = coin();
         int count = 0;
         switch (*weighted_index({2, 3, 1})) {
           case 0:
             count = 1 + *uniform_below(2);
             break;
           case 1:
             count = 37 + *uniform_below(5);
             break;  // 37 to 41
           default:
             count = 1 + *uniform_below(44);
             break;
         }
         long long sci = 0;
         switch (*weighted_index({3, 3, 1})) {
           case 0:
             sci = kMaxSci - 2 + *uniform_below(6);
             break;  // 123 to 128
           case 1:
             sci = kMinSci + 2 - *uniform_below(6);
             break;  // -128 to -133
           default:
             sci = *gen_around_zero(140, 140);
             break;
         }
         const NumberValue v = make_value(negative, *gen_digits(count), sci);
         return *gen_spelling(v);
       })},
      {2, rc::gen::exec([] {
         // Zero written with an exponent at the edge of what DynamoDB takes:
         // its last digit at 10^124 .. 10^127 or 10^-132 .. 10^-129.
         const int frac = *uniform_below(3);
         const long long last =
             coin() ? kMaxSci - 1 + *uniform_below(4) : kMinSci - 2 + *uniform_below(4);
         std::string text = *rc::gen::element<std::string>("0", "-0", "+0", "00");
         if (frac > 0) text += "." + std::string(static_cast<std::size_t>(frac), '0');
         return NumberText{text + (coin() ? "e" : "E") + std::to_string(last + frac)};
       })},
      {1, rc::gen::exec([] {
         // An exponent longer than any integer type, before a zero or a non-zero mantissa.
         const std::string mantissa =
             *rc::gen::element<std::string>("1", "-1", "0", "0.0", "9.5", "-0", "000.0001");
         const std::string sign = *rc::gen::element<std::string>("", "+", "-");
         const int digits = *rc::gen::inRange(16, 60);
         std::string exponent = *rc::gen::element<std::string>("", "0000000000000000000");
         exponent += std::string(static_cast<std::size_t>(digits), '9');
         if (*rc::gen::arbitrary<bool>())
           exponent = std::string(static_cast<std::size_t>(digits), '0') + "126";
         return NumberText{mantissa + "e" + sign + exponent};
       })},
  });
}

rc::Gen<NumberText> gen_malformed_text() {
  const std::vector<std::string> junk = {
      "",    " 1",    "1 ",    "NaN",   "-NaN",  "Infinity", "-Infinity", "inf",
      "dog", "1e",    "1E-",   ".",     "-",     "+",        "-.",        "+-1",
      "--1", "1.2.3", "0x10",  "1e5.5", "e5",    ".e5",      "1_000",     "1,5",
      "\t1", "1\n",   "1e+-5", "1ee5",  "1e5e5", "+.e1",     "\xd9\xa1",  "１"};
  return rc::gen::weightedOneOf<NumberText>({
      {4, rc::gen::map(gen_mutated(rc::gen::map(gen_number_text(),
                                                [](const NumberText& t) { return t.text; })),
                       [](std::string s) { return NumberText{std::move(s)}; })},
      {2, rc::gen::map(rc::gen::elementOf(junk),
                       [](std::string s) { return NumberText{std::move(s)}; })},
      {1, rc::gen::map(gen_bytes(), [](std::string s) { return NumberText{std::move(s)}; })},
  });
}

}  // namespace sortkey::props
